#!/usr/bin/env bash
# Shell-level check of the installed tools, run by run_tests.sh as
# "test_model_tools: NP" (BUILD and the MPI from the environment, scripts/mpi_env.sh):
#  - a tiny ortho-fit run on NP processes writes a profile (and plots when
#    gnuplot is there) that ortho-predict reads and predicts from;
#  - ortho-predict ranks the 11 layouts of 96 processes from a paper profile;
#  - ortho-fit names the native library whose algorithm switches it offers
#    as breakpoints (auto: MPI_Get_library_version; --native-priors);
#  - --explain and --candidates on nodes, and --explain on a function in
#    pieces (the piece used), from profiles written by hand;
#    at NP 2, ortho-fit on 4 processes as 2 nodes of 2 (--node-size) fits
#    the functions across nodes and the sharing factors;
#  - a malformed profile is rejected with a message naming its line, and so
#    is the fitted one cut short; scripts/profile_seal.sh seals it again.
set -eu
np=${1:-1}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_model_tools: $*" >&2; exit 1; }

"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-fit" -o "$dir/fit.profile" --samples "$dir/samples" \
    --sizes 64,1K,8K --min-reps 2 --max-reps 3 --max-time 0.05 --plot "$dir/plots" \
    2> "$dir/fit.err" || fail "ortho-fit failed: $(cat "$dir/fit.err")"
case "$MPI" in
    openmpi) lib=ompi ;;
    *) lib=mpich ;;
esac
grep -q "^ortho-fit: native algorithm switches: $lib priors (" "$dir/fit.err" \
    || fail "ortho-fit did not recognise $MPI: $(cat "$dir/fit.err")"
[ "$(head -1 "$dir/fit.profile")" = "ortho-profile 3" ] || fail "no profile header"
[ "$(tail -n 1 "$dir/fit.profile")" = "end lines=$(sed '$d' "$dir/fit.profile" | wc -l) cksum=$(sed '$d' "$dir/fit.profile" | cksum | cut -d' ' -f1)" ] \
    || fail "the end line is not the line count and the cksum of the lines before it"
ngroups=0        # group sizes: the divisors >= 2 of np ({1} at np 1)
for g in $(seq 2 "$np"); do [ $((np % g)) -eq 0 ] && ngroups=$((ngroups + 1)); done
[ "$np" -eq 1 ] && ngroups=1
# the eager limit, measured on 2 processes and more: the largest eager size
# is measured too where it lies between 64 and 8K (Open MPI's shared memory
# here: 4041 bytes)
# sizes_with_eager LIMIT SIZE...: how many sizes ortho-fit measures, the
# largest eager one (LIMIT - 1) added where it lies strictly between the
# smallest and the largest and is not one of them
sizes_with_eager() {
    local limit=$1 add n lo hi
    shift
    n=$#
    add=$((limit - 1)) lo=$1 hi=${!#}
    [ "$limit" -ge 2 ] && [ "$add" -gt "$lo" ] && [ "$add" -lt "$hi" ] \
        && ! printf '%s\n' "$@" | grep -qx "$add" && n=$((n + 1))
    echo "$n"
}
nsizes=3
if [ "$np" -ge 2 ]; then
    limit=$(sed -n 's/^param eager_limit \([0-9]*\)$/\1/p' "$dir/fit.profile")
    [ -n "$limit" ] || fail "no param eager_limit in the profile"
    nsizes=$(sizes_with_eager "$limit" 64 1024 8192)
    if [ "$nsizes" -eq 4 ]; then
        grep -q "^ortho-fit: eager limit $limit bytes: measuring $((limit - 1)) bytes too$" \
            "$dir/fit.err" || fail "the largest eager size $((limit - 1)) not measured"
    fi
fi
[ "$(grep -vc '^#' "$dir/samples")" -eq $((6 * nsizes * ngroups)) ] \
    || fail "expected $((6 * nsizes * ngroups)) samples"
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

# --explain on a profile written by hand (tests/test_model_nodes.c computes
# the same numbers): on 4 x 8 with nodes of 8 the rows are nodes, the
# columns cross 4 nodes with 8 processes of a node at once, sharing factor
# 1 + 0.5 * 7 = 4.5: 30us + 4.5 * 96us = 462 us.
printf 'ortho-profile 2\nparam node_size 8\nparam share_allgather 0.5\n%s\n%s\n%s\n' \
    'allgather where=node ring alpha=1us beta=1ns' \
    'allgather where=net p=2-16 ring alpha=10us beta=4ns' \
    'allgather ring alpha=5us beta=2ns' > "$dir/nodes.profile"
"$BUILD/bin/ortho-predict" --profile "$dir/nodes.profile" --op allgather --p 32 --bytes 1000 \
    --explain > "$dir/out" || fail "--explain: $(cat "$dir/out")"
grep -q '^allgather on 32 processes (nodes of 8), b = 1000 bytes$' "$dir/out" \
    || fail "--explain: the node size is not the profile's: $(cat "$dir/out")"
grep -A2 '^[0-9]* *4x8 ' "$dir/out" > "$dir/row"
grep -q 'phase 1: allgather on groups of 8, 1000 bytes, inside one node, sharing x1: 1.4e-05 s by entry 1: allgather where=node ring' "$dir/row" \
    || fail "--explain, the rows of 4x8: $(cat "$dir/row")"
grep -q 'phase 2: allgather on groups of 4, 8000 bytes, across 4 nodes, 1 per node, 8 of a node at once, sharing x4.5: 0.000462 s by entry 2: allgather where=net p>=2 p<=16 ring' "$dir/row" \
    || fail "--explain, the columns of 4x8: $(cat "$dir/row")"
"$BUILD/bin/ortho-predict" --profile "$dir/nodes.profile" --op allgather --p 32 --bytes 1000 \
    --node-size 0 --explain > "$dir/out" || fail "--node-size 0"
grep -q 'phase 2: allgather on groups of 4, 8000 bytes, placement unknown, sharing x1: 6.3e-05 s by entry 3: allgather ring' "$dir/out" \
    || fail "--node-size 0 is not the prediction without nodes: $(cat "$dir/out")"
"$BUILD/bin/ortho-predict" --profile "$dir/nodes.profile" --op allgather --p 32 --bytes 1000 \
    --candidates > "$dir/out" || fail "--candidates"
grep -q '^[0-9]* *phases:4x8:node:rows  *0.000476 ' "$dir/out" && grep -q ' native ' "$dir/out" \
    && grep -q '^[0-9]* *pipe:4x8:node:cols  *9.8e-05 ' "$dir/out" \
    || fail "--candidates: node-aware candidates not ranked: $(cat "$dir/out")"

# a broadcast in three pieces (MPICH's switches at 12K and 512K): at 64K
# on 16 processes the middle one, scatter_rd: 8 alpha + 2 (15/16) b beta
# = 160 us + 61.44 us
printf 'ortho-profile 2\n%s\n%s\n%s\n' 'bcast b<12K binomial alpha=10us beta=1ns' \
    'bcast b>=12K b<512K scatter_rd alpha=20us beta=0.5ns' \
    'bcast b>=512K scatter_ring alpha=30us beta=0.4ns' > "$dir/pieces.profile"
"$BUILD/bin/ortho-predict" --profile "$dir/pieces.profile" --op bcast --p 16 --bytes 64K \
    --explain > "$dir/out" || fail "--explain, pieces: $(cat "$dir/out")"
grep -q 'phase 1: bcast on groups of 16, 65536 bytes, .*: 0.0002214 s by entry 2: bcast, piece b>=12K b<512K (2 of 3): scatter_rd = ' "$dir/out" \
    || fail "--explain does not name the piece: $(cat "$dir/out")"
"${mpiexec[@]}" -n 1 "$BUILD/bin/ortho-fit" --native-priors ompi -o "$dir/ompi.profile" \
    --ops bcast --sizes 1K,8K,64K --reps 1 --max-time 0.01 2> "$dir/fit.err" \
    || fail "ortho-fit --native-priors ompi: $(cat "$dir/fit.err")"
grep -q '^ortho-fit: native algorithm switches: ompi priors (--native-priors)$' "$dir/fit.err" \
    || fail "--native-priors ompi: $(cat "$dir/fit.err")"

# groups across nodes, 4 processes as 2 nodes of 2 (--node-size): timed
# alone and at once, fitted as where=node, where=net and share_OP
if [ "$np" -eq 2 ]; then
    "${mpiexec[@]}" -n 4 "$BUILD/bin/ortho-fit" -q -o "$dir/nodes-fit.profile" \
        --samples "$dir/nodes-samples" --node-size 2 --ops allgather,bcast --sizes 1K,8K,32K \
        --reps 2..3 --max-time 0.05 || fail "ortho-fit --node-size 2"
    # two operations, one and two processes of a node at once, the three
    # sizes and the largest eager one where it lies between 1K and 32K
    limit=$(sed -n 's/^param eager_limit \([0-9]*\)$/\1/p' "$dir/nodes-fit.profile")
    nsizes=$(sizes_with_eager "${limit:-0}" 1024 8192 32768)
    [ "$(grep -c ' net [12]$' "$dir/nodes-samples")" -eq $((4 * nsizes)) ] \
        || fail "expected $((4 * nsizes)) samples across nodes: $(cat "$dir/nodes-samples")"
    for want in 'param node_size 2' 'param share_allgather ' 'param share_bcast ' \
        '^allgather .*where=node ' '^allgather .*p=2 where=net ' '^bcast .*where=net '; do
        grep -q "$want" "$dir/nodes-fit.profile" || fail "no '$want' in $(cat "$dir/nodes-fit.profile")"
    done
    "$BUILD/bin/ortho-predict" --profile "$dir/nodes-fit.profile" --op allgather --p 4 \
        --bytes 8K --candidates --explain > "$dir/out" || fail "predict from the fitted nodes"
    # a phase across nodes takes the fitted where=net function, or the
    # measured hop where that function (fitted from noisy timings on a
    # shared machine) predicts less
    grep -q 'where=net\|the fitted function predicted less' "$dir/out" \
        || fail "no where=net phase: $(cat "$dir/out")"
fi

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
