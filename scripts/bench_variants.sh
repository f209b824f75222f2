#!/usr/bin/env bash
# The variants of issue 6 measured with ortho-bench on the three simulated
# platforms, against SMPI's mpich and ompi selectors. One ortho-bench run
# per (platform, selector, candidate set): the drop-in functions with
# ORTHO_VARIANT forcing the candidate of each operation; every run also
# times the native operation (the same figure each time: the simulation is
# deterministic). CSV files land in OUT (default results/tmp/variants), and
# scripts/bench_variants_table.sh turns them into the tables of
# docs/bench.md ("Variants").
#
#   make SMPI=1 build-smpi/bin/ortho-bench
#   scripts/bench_variants.sh [OUT] [platform ...]
#
# Settings (docs/simulation.md): platform latency and bandwidth
# (bw-factor, lat-factor 0:1), rendezvous mode, simulate-computation with
# the default host-speed (local work, which these variants have almost
# none of, is nearly free). Sizes are 1024-based (100K = 102400 bytes per
# process; the whole vector for bcast, reduce and allreduce).
set -u
OUT=${1:-results/tmp/variants}
shift || true
PLATFORMS=("$@")
[ ${#PLATFORMS[@]} -gt 0 ] || PLATFORMS=(clic_star t3e_torus multicore)
BENCH=${BENCH:-build-smpi/bin/ortho-bench}
REPS=${REPS:-2}
mkdir -p "$OUT"

# candidate sets: name | ORTHO_VARIANT
sets() {
    case $1 in
    multicore)
        echo "phases|phases:node"
        echo "phases-cols|phases:node:cols,bcast=phases:node:rows,scatter=phases:node:rows"
        echo "rsag-scag-pipe|rsag:node,bcast=scag:node,allgather=pipe:node"
        ;;
    *)
        echo "phases|phases"
        echo "phases-cols|phases:cols,bcast=phases:rows,scatter=phases:rows"
        echo "rsag-scag-pipe|rsag,bcast=scag,allgather=pipe"
        ;;
    esac
}

for platform in "${PLATFORMS[@]}"; do
    for sel in mpich ompi; do
        sets "$platform" | while IFS='|' read -r name variant; do
            csv="$OUT/$platform-$sel-$name.csv"
            [ -s "$csv" ] && continue
            start=$SECONDS
            ORTHO_VARIANT="$variant" smpirun -np 128 -platform "platforms/$platform.xml" \
                -hostfile "platforms/$platform.hostfile" \
                --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 \
                --cfg=smpi/coll-selector:$sel --log=root.thr:warning \
                "$BENCH" --ops bcast,reduce,allreduce,allgather --sizes 10K,100K,500K \
                --impls dropin --reps "$REPS" --platform "platforms/$platform.xml" \
                --label "$sel" --csv "$csv.tmp" -q >"$OUT/$platform-$sel-$name.log" 2>&1 &&
                mv "$csv.tmp" "$csv"
            echo "$platform $sel $name ($variant): $((SECONDS - start)) s" \
                "$( [ -s "$csv" ] && echo ok || echo FAILED)"
        done
    done
done
