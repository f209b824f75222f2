#!/usr/bin/env bash
# ortho-tune and ORTHO_PROFILE from the shell, run by run_tests.sh as
# "test_tune: NP" (BUILD and MPIEXEC from the environment; NP = 4):
#  - a tiny ortho-tune run, starting from a paper profile, writes a
#    version-2 profile (runtime functions kept, decisions for P = NP added)
#    that ortho-predict still reads, prints progress with an estimate of
#    the time left, and checks the selection on a size it did not tune on;
#  - --lookup-bench prints what a decision costs;
#  - an unmodified MPI program preloaded with libortho_mpi.so under
#    ORTHO_PROFILE runs the recorded candidate (ORTHO_VERBOSE names the
#    profile line), gives correct results, and runs native MPI with a
#    message when the profile is missing;
#  - bad usage exits 2, --help 0.
set -eu
np=${1:-4}
BUILD=${BUILD:-build}
MPIEXEC=${MPIEXEC:-mpiexec}
src=$(cd "$(dirname "$0")/.." && pwd)
lib="$src/$BUILD/lib/libortho_mpi.so"
tune="$BUILD/bin/ortho-tune"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_tune: $*" >&2; exit 1; }

"$MPIEXEC" -n "$np" "$tune" --profile "$src/profiles/paper-clic-lam.profile" \
    --ops allgather,bcast --variants phases --sizes 1K,32K --check-sizes 4K --min-reps 2 --max-reps 2 -o "$dir/t.profile" --csv "$dir/t.csv" \
    > "$dir/out" 2> "$dir/err" || { cat "$dir/out" "$dir/err"; fail "ortho-tune failed"; }
[ "$(head -1 "$dir/t.profile")" = "ortho-profile 2" ] || fail "no version-2 header"
for op in allgather bcast; do
    grep -Eq "^decide $op +p=$np b>=1K " "$dir/t.profile" || fail "no $op decision: $(cat "$dir/t.profile")"
done
grep -q "about [0-9]* s left" "$dir/err" || fail "no estimate of the time left: $(cat "$dir/err")"
grep -q "^check allgather  p=$np" "$dir/out" || fail "no check line: $(cat "$dir/out")"
grep -q "^summary p=$np: 2 points; (a) auto vs native" "$dir/out" || fail "no summary: $(cat "$dir/out")"
[ "$(grep -c ",$np," "$dir/t.csv")" -eq $(((3 + 3) * 3)) ] || fail "expected 18 points: $(cat "$dir/t.csv")"
grep -q "^bcast " "$dir/t.profile" || fail "the runtime functions of --profile were not kept"
"$BUILD/bin/ortho-predict" --profile "$dir/t.profile" --op bcast --procs 4 --bytes 1K \
    > /dev/null || fail "ortho-predict cannot read the tuned profile"
echo "ortho-tune np=$np: profile with $(grep -c '^decide' "$dir/t.profile") decisions, check and summary printed"

"$MPIEXEC" -n "$np" "$tune" --lookup-bench --profile "$dir/t.profile" > "$dir/lookup" \
    || fail "lookup bench failed"
grep -q "measured decision (table lookup): .* ns per call" "$dir/lookup" || fail "$(cat "$dir/lookup")"
grep -q "drop-in per call, class decided: .* ns per call" "$dir/lookup" || fail "$(cat "$dir/lookup")"
sed 's/^/  /' "$dir/lookup"

# A recorded candidate the unmodified program's MPI_Allgather (16 KiB per
# process) and MPI_Bcast (16 KiB) meet.
cat > "$dir/rec.profile" <<EOF
ortho-profile 2
decide allgather p=$np b>=8K b<32K phases:2x$((np / 2)):cols gain=0.25
decide bcast     p=$np b>=8K b<32K native
EOF
mpicc -o "$dir/unmodified" "$src/examples/unmodified.c" || fail "cannot build the example"
ORTHO_VERBOSE=1 ORTHO_PROFILE="$dir/rec.profile" "$MPIEXEC" -n "$np" env LD_PRELOAD="$lib" \
    "$dir/unmodified" > "$dir/dyn.out" 2> "$dir/dyn.err" || fail "preloaded: $(cat "$dir/dyn.out" "$dir/dyn.err")"
[ "$(grep -c ': correct' "$dir/dyn.out")" -eq 3 ] || fail "results: $(cat "$dir/dyn.out")"
grep -q "MPI_Allgather .*phases (columns first) on grid 2x$((np / 2)) (.*rec.profile:2: measured decision for allgather p=$np b>=8K b<32K (gain 25%))" "$dir/dyn.err" \
    || fail "verbose: $(cat "$dir/dyn.err")"
grep -q "MPI_Bcast .*: native (.*rec.profile:3: measured decision" "$dir/dyn.err" \
    || fail "verbose: $(cat "$dir/dyn.err")"
grep -q "MPI_Allreduce .*: native (.*rec.profile: no decision for allreduce p=$np" "$dir/dyn.err" \
    || fail "verbose: $(cat "$dir/dyn.err")"
echo "ORTHO_PROFILE with libortho_mpi.so: recorded candidates run, results correct, e.g."
grep -m 1 "MPI_Allgather" "$dir/dyn.err" | sed 's/^/  /'

ORTHO_PROFILE="$dir/missing.profile" "$MPIEXEC" -n "$np" env LD_PRELOAD="$lib" "$dir/unmodified" \
    > "$dir/miss.out" 2> "$dir/miss.err" || fail "a missing profile broke the program"
[ "$(grep -c ': correct' "$dir/miss.out")" -eq 3 ] || fail "results: $(cat "$dir/miss.out")"
[ "$(grep -c "missing.profile: cannot open" "$dir/miss.err")" -eq 1 ] || fail "message: $(cat "$dir/miss.err")"
echo "missing ORTHO_PROFILE: one message, native collectives ran"

"$MPIEXEC" -n 1 "$tune" --help > /dev/null || fail "--help"
if "$MPIEXEC" -n 1 "$tune" --sizes 1K --check-sizes 1K > /dev/null 2>&1; then
    fail "checking on a tuned size accepted"
fi
echo "test_tune np=$np: ok"
