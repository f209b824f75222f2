#!/usr/bin/env bash
# ortho-tune and ORTHO_PROFILE from the shell, run by run_tests.sh as
# "test_tune: NP" (BUILD and the MPI from the environment, scripts/mpi_env.sh; NP = 4):
#  - a tiny ortho-tune run, starting from a paper profile, writes a
#    version-3 profile (runtime functions kept, decisions for P = NP added,
#    the end line last, no temporary file left)
#    that ortho-predict still reads, prints progress with an estimate of
#    the time left, and checks the selection on a size it did not tune on;
#  - --lookup-bench prints what a decision costs;
#  - an unmodified MPI program preloaded with libortho_mpi.so under
#    ORTHO_PROFILE runs the recorded candidate (ORTHO_VERBOSE names the
#    profile line), gives correct results, and runs native MPI with a
#    message when the profile is missing;
#  - the decision rules and measured curves on a made-up measurement
#    (ortho-tune --evaluate --redecide, nothing measured): a class between
#    tuned sizes goes to a candidate only if it beat native at both, else
#    native; sizes outside the tuned range run native unless
#    --extrapolate;
#  - node-aware candidates are composed on the measurement's nodes
#    (ortho-tune --evaluate of a made-up run on nodes of 8);
#  - bad usage exits 2, --help 0.
set -eu
np=${1:-4}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
lib="$src/$BUILD/lib/libortho_mpi.so"
tune="$BUILD/bin/ortho-tune"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_tune: $*" >&2; exit 1; }

"${mpiexec[@]}" -n "$np" "$tune" --profile "$src/profiles/paper-clic-lam.profile" \
    --ops allgather,bcast --variants phases --sizes 1K,32K --check-sizes 4K --min-reps 2 --max-reps 2 -o "$dir/t.profile" --csv "$dir/t.csv" \
    > "$dir/out" 2> "$dir/err" || { cat "$dir/out" "$dir/err"; fail "ortho-tune failed"; }
[ "$(head -1 "$dir/t.profile")" = "ortho-profile 3" ] || fail "no version-3 header"
[ "$(tail -n 1 "$dir/t.profile")" = "end lines=$(sed '$d' "$dir/t.profile" | wc -l) cksum=$(sed '$d' "$dir/t.profile" | cksum | cut -d' ' -f1)" ] \
    || fail "the end line is not the line count and the cksum of the lines before it"
[ -z "$(find "$dir" -name '*.tmp.*')" ] || fail "a temporary file was left: $(ls "$dir")"
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

"${mpiexec[@]}" -n "$np" "$tune" --lookup-bench --profile "$dir/t.profile" > "$dir/lookup" \
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
"$MPICC" -o "$dir/unmodified" "$src/examples/unmodified.c" || fail "cannot build the example"
ORTHO_VERBOSE=1 ORTHO_PROFILE="$dir/rec.profile" "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" \
    "$dir/unmodified" > "$dir/dyn.out" 2> "$dir/dyn.err" || fail "preloaded: $(cat "$dir/dyn.out" "$dir/dyn.err")"
[ "$(grep -c ': correct' "$dir/dyn.out")" -eq 3 ] || fail "results: $(cat "$dir/dyn.out")"
grep -q "MPI_Allgather .*phases (columns first) on grid 2x$((np / 2)) (.*rec.profile:2: measured decision for allgather p=$np b>=8K b<32K (gain 25%))" "$dir/dyn.err" \
    || fail "verbose: $(cat "$dir/dyn.err")"
grep -q "MPI_Bcast .*: native (.*rec.profile:3: measured decision" "$dir/dyn.err" \
    || fail "verbose: $(cat "$dir/dyn.err")"
# no decision covers the allreduce: online selection measures it
grep -q "MPI_Allreduce .*: online: native" "$dir/dyn.err" \
    || fail "verbose: $(cat "$dir/dyn.err")"
echo "ORTHO_PROFILE with libortho_mpi.so: recorded candidates run, results correct, e.g."
grep -m 1 "MPI_Allgather" "$dir/dyn.err" | sed 's/^/  /'

ORTHO_PROFILE="$dir/missing.profile" "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/unmodified" \
    > "$dir/miss.out" 2> "$dir/miss.err" || fail "a missing profile broke the program"
[ "$(grep -c ': correct' "$dir/miss.out")" -eq 3 ] || fail "results: $(cat "$dir/miss.out")"
[ "$(grep -c "missing.profile: cannot open" "$dir/miss.err")" -eq 1 ] || fail "message: $(cat "$dir/miss.err")"
echo "missing ORTHO_PROFILE: one message, native collectives ran"

# Made-up times (us) at tuned 4K, 16K, 64K and checked 2K, 32K:
#   allgather: rows wins at 4K and 16K, loses at 64K; cols wins at 16K
#   and 64K: the class [32K, 64K) between them goes to cols.
#   bcast: rows wins at 4K only, cols at 16K and 64K: [8K, 16K) is native.
{
    echo "op,p,bytes,candidate,seconds,tuned,valid"
    while read -r op cand t2 t4 t16 t32 t64; do
        for pair in 2048:$t2:0 4096:$t4:1 16384:$t16:1 32768:$t32:0 65536:$t64:1; do
            IFS=: read -r b t tuned <<<"$pair"
            echo "$op,4,$b,$cand,${t}e-6,$tuned,1"
        done
    done <<'TIMES'
allgather native          60 100 400  800 1600
allgather phases:2x2:rows 30  50 200  900 2000
allgather phases:2x2:cols 70 120 300  700 1000
bcast     native          60 100 400  800 1600
bcast     phases:2x2:rows 30  50 500  900 2000
bcast     phases:2x2:cols 70 200 300  600 1000
TIMES
} > "$dir/made.csv"
printf 'ortho-profile 1\n' > "$dir/empty.profile"
"${mpiexec[@]}" -n 1 "$tune" --evaluate "$dir/made.csv" --redecide --profile "$dir/empty.profile" \
    -o "$dir/made.profile" > "$dir/made.out" 2>&1 || fail "--evaluate: $(cat "$dir/made.out")"
want="decide allgather  p=4 b>=4K b<32K phases:2x2:rows gain=0.5
decide allgather  p=4 b>=32K b<128K phases:2x2:cols gain=0.25
decide bcast      p=4 b>=4K b<8K phases:2x2:rows gain=0.5
decide bcast      p=4 b>=8K b<16K native
decide bcast      p=4 b>=16K b<128K phases:2x2:cols gain=0.25"
[ "$(grep '^decide' "$dir/made.profile")" = "$want" ] \
    || fail "decisions of the made-up measurement: $(cat "$dir/made.profile")"
grep -q "^measured allgather  p=4 phases:2x2:cols 4K=0.12ms 16K=0.3ms 64K=1ms$" "$dir/made.profile" \
    || fail "no measured curve: $(cat "$dir/made.profile")"
[ "$(grep -c '^measured' "$dir/made.profile")" -eq 6 ] || fail "expected 6 curves"
grep -Eq "^check allgather +p=4 +b=32K .* auto phases:2x2:cols .*\(decision\)" "$dir/made.out" \
    || fail "32K: $(cat "$dir/made.out")"
grep -Eq "^check bcast +p=4 +b=2K .* auto native .*\(outside\)" "$dir/made.out" \
    || fail "2K, outside the tuned range: $(cat "$dir/made.out")"
"${mpiexec[@]}" -n 1 "$tune" --evaluate "$dir/made.csv" --profile "$dir/made.profile" --extrapolate \
    > "$dir/extra.out" 2>&1 || fail "--extrapolate: $(cat "$dir/extra.out")"
grep -Eq "^check bcast +p=4 +b=2K .* auto phases:2x2:rows .*\(model\)" "$dir/extra.out" \
    || fail "2K with --extrapolate: $(cat "$dir/extra.out")"
echo "decision rules on a made-up measurement: as expected, e.g."
grep '^decide bcast' "$dir/made.profile" | sed 's/^/  /'

# Node-aware candidates in the check: a made-up measurement at p = 16 on
# nodes of 8 (known from its node-aware rows) and runtime functions with
# the structure terms (where=node, where=net, share): the model composes
# phases:2x8:node:cols across the nodes as the selector does at run time
# and chooses it, also with its curves removed (the composed column).
cat > "$dir/nodes.profile" <<'EOF_PROFILE'
ortho-profile 2
param node_size 8
param share_allgather 1
allgather where=node bruck alpha=1us beta=0.05ns
allgather where=net bruck alpha=2us beta=0.1ns
allgather bruck alpha=2us beta=0.3ns
EOF_PROFILE
{
    echo "op,p,bytes,candidate,seconds,tuned,valid"
    for row in "native 470" "phases:4x4:cols 240" "phases:2x8:node:cols 160"; do
        set -- $row
        echo "allgather,16,65536,$1,${2}e-6,1,1"
        echo "allgather,16,102400,$1,${2}e-6,0,1"
    done
} > "$dir/nodes.csv"
"${mpiexec[@]}" -n 1 "$tune" --evaluate "$dir/nodes.csv" --profile "$dir/nodes.profile" \
    --check-csv "$dir/nodes.check.csv" > "$dir/nodes.out" 2>&1 || fail "--evaluate: $(cat "$dir/nodes.out")"
grep -q "^allgather,16,102400,.*,phases:2x8:node:cols,model,1.600000e-04,[^,]*,phases:2x8:node:cols,model,1.600000e-04$" \
    "$dir/nodes.check.csv" || fail "node-aware candidate not composed: $(cat "$dir/nodes.check.csv")"
echo "node-aware candidates composed on the nodes of the measurement: phases:2x8:node:cols chosen"

"${mpiexec[@]}" -n 1 "$tune" --help > /dev/null || fail "--help"
if "${mpiexec[@]}" -n 1 "$tune" --sizes 1K --check-sizes 1K > /dev/null 2>&1; then
    fail "checking on a tuned size accepted"
fi
echo "test_tune np=$np: ok"
