#!/usr/bin/env bash
# Every variant and phase order against native MPI on simulated clusters
# (SimGrid SMPI): tests/smpi/check_nd -d (the nine drop-in functions, see
# check_nd.c) with ORTHO_VARIANT forcing the candidate, on the multi-core
# platform (16 nodes x 8 cores) with five placements, and on the star with
# plain 2D, N-D and uneven grids. Ends with one line:
# "SMPI variant checks: N passed, N failed".
#
#   make check-smpi                                     all SMPI checks
#   BUILD=build-smpi tests/smpi/run_variants.sh         these runs
#   BUILD=build-smpi tests/smpi/run_variants.sh rr-cols only the named runs
#
# Placements (hostfiles written here, one line per rank):
#   blocks  32 ranks, 4 nodes x 8, ranks 0-7 on the first node (consecutive)
#   rr      32 ranks round-robin over 4 nodes: rank r on node r % 4, so the
#           node-aware grid reorders the processes
#   short1  29 ranks: 8, 8, 8 and 5 (one smaller node: the short last row)
#   short2  27 ranks: 8, 6, 8, 5 (nodes that do not form rows: the fallback
#           to a plain grid)
#   rr31    31 ranks round-robin over 4 nodes (8, 8, 8, 7): reordered and
#           uneven
# Each placement runs the paper's phases node-aware in both orders (A), the
# other variants (B: rsag for reduce and allreduce, scag for bcast, pipe
# for allgather and allgatherv, phases for the rest) in both orders, the
# segmented pipe (C) in both orders, chain and spread; the star adds them on 2D,
# N-D and uneven grids, and pipe with the model's segment; rings runs on a
# 3D grid of the torus, node-aware on the round-robin placement, on an
# uneven grid of the star and on a 3D box that lacks whole rows (16 on
# 0x3x2: 3x3x2; where rsag, scag and the paper's order run instead);
# trees (bcast, reduce) on the torus's 3D grid and a 2D one with segments of 8
# bytes, and on the star's uneven grid and short box (scag runs there).
# A run passes when smpirun exits 0 AND check_nd printed its closing line
# with 0 failures (SMPI can end a deadlocked simulation with status 0).
# shellcheck source=lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
smpi_setup check_nd
TMP=$SMPI_TMP

smpi_blocks 8 8 8 8 >"$TMP/blocks"
for ((r = 0; r < 32; r++)); do echo "node-$((r % 4))"; done >"$TMP/rr"
for ((r = 0; r < 31; r++)); do echo "node-$((r % 4))"; done >"$TMP/rr31"
smpi_blocks 8 8 8 5 >"$TMP/short1"
smpi_blocks 8 6 8 5 >"$TMP/short2"

# B: the non-paper variants for order O
others() {
    echo "rsag:$1,bcast=scag:$1,allgather=pipe:$1,allgatherv=pipe:$1"
}

# C: the segmented pipelines for layout and order O, with segments of 1 KiB
# (check_nd's 1000-element calls cut into 4 or 8): pipe for bcast, reduce
# and allreduce, chain for bcast and reduce (the others run phases)
pipes() {
    echo "phases:$1,bcast=pipe:$1:seg=1K,reduce=pipe:$1:seg=1K,allreduce=pipe:$1:seg=1K"
}
chains() {
    echo "phases:$1,bcast=chain:$1:seg=1K,reduce=chain:$1:seg=1K"
}
# spread for bcast and reduce in segments of 8 bytes (check_nd reduces 5
# ints into 3 segments; node-aware: through the root's column and
# the rows where that column reaches every node, else flat)
spreads() {
    echo "phases:$1,bcast=spread:$1:seg=8,reduce=spread:$1:seg=8"
}

# name | platform | hostfile | p | ORTHO_VARIANT | check_nd arguments
RUNS=()
for place in "blocks 32" "rr 32" "short1 29" "short2 27" "rr31 31"; do
    read -r hf n <<<"$place"
    for order in rows cols; do
        RUNS+=("$hf-phases-$order|multicore|$TMP/$hf|$n|phases:node:$order|")
        RUNS+=("$hf-others-$order|multicore|$TMP/$hf|$n|$(others node:$order)|")
        RUNS+=("$hf-pipes-$order|multicore|$TMP/$hf|$n|$(pipes node:$order)|")
    done
    RUNS+=("$hf-chains|multicore|$TMP/$hf|$n|$(chains node:rows)|")
    RUNS+=("$hf-spreads|multicore|$TMP/$hf|$n|$(spreads node:rows)|")
done
RUNS+=(
    "star-24-cols|clic_star|$PLATFORMS/clic_star.hostfile|24|phases:4x6:cols|"
    "star-24-others|clic_star|$PLATFORMS/clic_star.hostfile|24|$(others 6x4:rows)|"
    "star-24-nd|clic_star|$PLATFORMS/clic_star.hostfile|24|$(others 2x3x4:rows)|"
    "star-13-uneven-cols|clic_star|$PLATFORMS/clic_star.hostfile|13|$(others 0x4:cols)|"
    "star-13-uneven-rows|clic_star|$PLATFORMS/clic_star.hostfile|13|$(others 0x3:rows)|"
    "star-24-pipes|clic_star|$PLATFORMS/clic_star.hostfile|24|$(pipes 6x4:rows)|"
    "star-24-pipes-nd|clic_star|$PLATFORMS/clic_star.hostfile|24|$(pipes 2x3x4:rows)|"
    "star-24-pipes-nd-cols|clic_star|$PLATFORMS/clic_star.hostfile|24|$(pipes 2x3x4:cols)|"
    "star-13-pipes-uneven-cols|clic_star|$PLATFORMS/clic_star.hostfile|13|$(pipes 0x4:cols)|"
    "star-13-pipes-uneven-rows|clic_star|$PLATFORMS/clic_star.hostfile|13|$(pipes 0x3:rows)|"
    "star-24-pipes-model|clic_star|$PLATFORMS/clic_star.hostfile|24|phases:6x4,bcast=pipe:6x4,reduce=pipe:6x4,allreduce=pipe:6x4|"
    "star-24-chains|clic_star|$PLATFORMS/clic_star.hostfile|24|$(chains 6x4:rows)|"
    "star-13-chains-uneven|clic_star|$PLATFORMS/clic_star.hostfile|13|$(chains 0x3:rows)|"
    "star-13-rings-uneven|clic_star|$PLATFORMS/clic_star.hostfile|13|phases:0x3,allreduce=rings:0x3,bcast=rings:0x3,reduce=rings:0x3,allgather=rings:0x3,gather=rings:0x3,scatter=rings:0x3|"
    "star-16-rings-3d-short|clic_star|$PLATFORMS/clic_star.hostfile|16|phases:0x3x2,allreduce=rings:0x3x2,bcast=rings:0x3x2,reduce=rings:0x3x2,allgather=rings:0x3x2,gather=rings:0x3x2,scatter=rings:0x3x2|"
    "torus-32-rings|t3e_torus|$PLATFORMS/t3e_torus.hostfile|32|phases:2x4x4,allreduce=rings:2x4x4,bcast=rings:2x4x4,reduce=rings:2x4x4,allgather=rings:2x4x4,gather=rings:2x4x4,scatter=rings:2x4x4|"
    "torus-32-trees|t3e_torus|$PLATFORMS/t3e_torus.hostfile|32|phases:2x4x4,bcast=trees:2x4x4,reduce=trees:2x4x4|"
    "torus-32-trees-seg|t3e_torus|$PLATFORMS/t3e_torus.hostfile|32|phases:2x4x4,bcast=trees:4x8:seg=8,reduce=trees:4x8:seg=8|"
    "star-13-trees-uneven|clic_star|$PLATFORMS/clic_star.hostfile|13|phases:0x3,bcast=trees:0x3,reduce=trees:0x3|"
    "star-16-trees-3d-short|clic_star|$PLATFORMS/clic_star.hostfile|16|phases:0x3x2,bcast=trees:0x3x2,reduce=trees:0x3x2|"
    "rr-rings|multicore|$TMP/rr|32|phases:node:rows,allreduce=rings:node:rows,bcast=rings:node:rows,reduce=rings:node:rows,allgather=rings:node:rows,gather=rings:node:rows,scatter=rings:node:rows|"
)

for entry in "${RUNS[@]}"; do
    IFS='|' read -r name platform hostfile np variant args <<<"$entry"
    smpi_selected "$name" "$@" || continue
    # shellcheck disable=SC2086  # args is a list of words
    smpi_run "$name" "p=$np ORTHO_VARIANT=$variant" "$np" "$platform" "$hostfile" \
        ORTHO_VARIANT="$variant" -- --cfg=smpi/coll-selector:mpich "$PROG" -q -d $args
done
smpi_summary "SMPI variant checks"
