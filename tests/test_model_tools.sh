#!/usr/bin/env bash
# Shell-level check of the installed tools, run by run_tests.sh as
# "test_model_tools: NP" (BUILD and the MPI from the environment, scripts/mpi_env.sh):
#  - a tiny ortho-fit run on NP processes writes a profile (and plots when
#    gnuplot is there) that ortho-predict reads and predicts from;
#  - ortho-predict ranks the 11 layouts of 96 processes from a paper profile;
#  - a malformed profile is rejected with a message naming its line, and so
#    is the fitted one cut short; scripts/profile_seal.sh seals it again.
set -eu
np=${1:-1}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_model_tools: $*" >&2; exit 1; }

"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-fit" -q -o "$dir/fit.profile" --samples "$dir/samples" \
    --sizes 64,1K,8K --min-reps 2 --max-reps 3 --max-time 0.05 --plot "$dir/plots" \
    || fail "ortho-fit failed"
[ "$(head -1 "$dir/fit.profile")" = "ortho-profile 3" ] || fail "no profile header"
[ "$(tail -n 1 "$dir/fit.profile")" = "end lines=$(sed '$d' "$dir/fit.profile" | wc -l) cksum=$(sed '$d' "$dir/fit.profile" | cksum | cut -d' ' -f1)" ] \
    || fail "the end line is not the line count and the cksum of the lines before it"
ngroups=0        # group sizes: the divisors >= 2 of np ({1} at np 1)
for g in $(seq 2 "$np"); do [ $((np % g)) -eq 0 ] && ngroups=$((ngroups + 1)); done
[ "$np" -eq 1 ] && ngroups=1
[ "$(grep -vc '^#' "$dir/samples")" -eq $((6 * 3 * ngroups)) ] || fail "expected $((18 * ngroups)) samples"
if command -v gnuplot > /dev/null; then
    [ -s "$dir/plots/allgather.png" ] || fail "no plot"
fi
"$BUILD/bin/ortho-predict" --profile "$dir/fit.profile" --op allgather --procs 12 --bytes 4K \
    > "$dir/out" || fail "ortho-predict cannot use the fitted profile"
grep -q '^1 ' "$dir/out" && grep -q ' native ' "$dir/out" || fail "no ranking: $(cat "$dir/out")"
"$BUILD/bin/ortho-predict" --profile "$dir/fit.profile" --app jacobi-row --procs 12 --n 1200 \
    > /dev/null || fail "jacobi-row with the profile's t_op"

"$BUILD/bin/ortho-predict" --profile "$src/profiles/paper-clic-lam.profile" --op allgather \
    --procs 96 --bytes 64K > "$dir/out" || fail "paper profile"
[ "$(grep -c '^[0-9]' "$dir/out")" -eq 11 ] || fail "expected 11 layouts: $(cat "$dir/out")"

printf 'ortho-profile 1\n# a comment\nbcast lin tau=1us\n' > "$dir/bad.profile"
if "$BUILD/bin/ortho-predict" --profile "$dir/bad.profile" --op bcast --procs 4 --bytes 1K \
    > /dev/null 2> "$dir/err"; then
    fail "malformed profile accepted"
fi
grep -q "bad.profile:3: form 'lin'.*needs coefficient 'tc'" "$dir/err" || fail "message: $(cat "$dir/err")"
sed '$d' "$dir/fit.profile" > "$dir/cut.profile" # cut at a line boundary
if "$BUILD/bin/ortho-predict" --profile "$dir/cut.profile" --op bcast --procs 4 --bytes 1K \
    > /dev/null 2> "$dir/err"; then
    fail "cut profile accepted"
fi
grep -q "cut.profile:$(($(wc -l < "$dir/cut.profile") + 1)): no end line" "$dir/err" || fail "message: $(cat "$dir/err")"
"$src/scripts/profile_seal.sh" "$dir/cut.profile" # sealed again: reads
"$BUILD/bin/ortho-predict" --profile "$dir/cut.profile" --op bcast --procs 4 --bytes 1K \
    > /dev/null || fail "scripts/profile_seal.sh: the sealed profile does not read"
echo "test_model_tools np=$np: ok"
