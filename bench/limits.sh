#!/usr/bin/env bash
# The distance to the limit: per simulated platform and operation, native
# and the fastest candidate of the library (ortho-bench --impls
# candidates: every entry of ortho_candidates() for the communicator),
# each time over its tight lower bound (docs/bench.md).
#
#   make SMPI=1 && bench/limits.sh                 star, multicore, torus
#   bench/limits.sh multicore                      one platform
#   SIZES=100K,500K NP=128 DIMS=3 NATIVES="mpich ompi" bench/limits.sh
#   TABLE_ONLY=1 bench/limits.sh star multicore   the table of earlier runs
#
# One smpirun at a time (the settings of bench/sim.sh), shared buffers
# (results are checked by make check-smpi and tests/test_bench.sh, the
# bounds by the BELOW_BOUND status: a run with a time below its bound
# fails). Writes $TMP/NAME.{csv,best.csv,log} per run and prints the
# table (markdown) from the points of the CSVs (a run cut short by
# SMPI_TIMEOUT counts the points it timed): what docs/variants.md shows.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-build-smpi}
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
TMP=${TMP:-results/tmp/limits}
NP=${NP:-128}
SIZES=${SIZES:-500K}
DIMS=${DIMS:-3}
REPS=${REPS:-1}
NATIVES=${NATIVES:-mpich}
OPS=${OPS:-bcast,reduce,allreduce,gather,scatter,allgather}
TABLE_ONLY=${TABLE_ONLY:-0}
TIMEOUT=${SMPI_TIMEOUT:-1800}
PLATFORMS=("$@")
[ ${#PLATFORMS[@]} -gt 0 ] || PLATFORMS=(star multicore torus)

# shellcheck source=../scripts/smpi_settings.sh
. "$ROOT/scripts/smpi_settings.sh"
COMMON=("${SMPI_SETTINGS[@]}" --cfg=smpi/shared-malloc-blocksize:134217728)

if [ "$TABLE_ONLY" != 1 ] && [ ! -x "$BENCH" ]; then
    echo "limits.sh: $BENCH not found; build it with: make SMPI=1" >&2
    exit 2
fi
mkdir -p "$TMP"

# run NAME PLATFORM_FILE SETTINGS OPS: one smpirun; 0 when ortho-bench
# printed its closing line and exited 0
run() {
    local name=$1 file=$2 sets=$3 ops=$4 cfg=() set start=$SECONDS
    [ "$TABLE_ONLY" != 1 ] || return 0
    for set in $sets; do   # the arrays of smpi_settings.sh named in sets
        local -n named=$set
        cfg+=("${named[@]}")
        unset -n named
    done
    timeout "$TIMEOUT" smpirun -np "$NP" -platform "$ROOT/platforms/$file.xml" \
        -hostfile "$ROOT/platforms/$file.hostfile" "${COMMON[@]}" "${cfg[@]}" \
        "$BENCH" --platform "$ROOT/platforms/$file.xml" \
        --label "$(echo "${sets%% *}" | tr '[:upper:]' '[:lower:]')" \
        --impls candidates --dims "$DIMS" --ops "$ops" --sizes "$SIZES" --reps "$REPS" --shared -q \
        --csv "$TMP/$name.csv" --best "$TMP/$name.best.csv" >"$TMP/$name.log" 2>&1
    local status=$?
    if [ $status -eq 0 ] && grep -q "^points: " "$TMP/$name.log"; then
        echo "-- $name: $(grep "^points: " "$TMP/$name.log") ($((SECONDS - start)) s)" >&2
        return 0
    fi
    echo "-- $name: FAILED, exit status $status ($((SECONDS - start)) s); $TMP/$name.log:" >&2
    grep -E "BELOW_BOUND|WRONG|ERROR|did not run" "$TMP/$name.log" | head -n 5 >&2
    tail -n 3 "$TMP/$name.log" >&2
    return 1
}

failed=0
names=()
for plat in "${PLATFORMS[@]}"; do
    case $plat in
        star) file=clic_star ;;
        multicore) file=multicore ;;
        torus) file=t3e_torus ;;
        *) echo "limits.sh: unknown platform $plat (star, multicore, torus)" >&2; exit 2 ;;
    esac
    for nat in $NATIVES; do
        name=$plat-$NP-$nat
        case $nat in
            mpich) run "$name" "$file" MPICH "$OPS" || failed=1 ;;
            ompi)
                # SMPI 3.32's ompi gather deadlocks with eager sends (docs/bench.md)
                rest=$(echo ",$OPS," | sed 's/,gather,/,/; s/^,//; s/,$//')
                [ -z "$rest" ] || run "$name" "$file" OMPI "$rest" || failed=1
                if [[ ",$OPS," == *,gather,* ]]; then
                    run "$name-gather" "$file" "OMPI RDV" gather || failed=1
                    names+=("$name-gather")
                fi ;;
            *) echo "limits.sh: unknown natives $nat (mpich, ompi)" >&2; exit 2 ;;
        esac
        names+=("$name")
    done
done

# The table from the points (a run cut short still counts what it timed):
# per (run, op, bytes) native and the fastest point with a right result.
echo "| platform | natives | op | bytes | native | /bound | fastest candidate | time | /bound | timed |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for name in "${names[@]}"; do
    [ -s "$TMP/$name.csv" ] || continue
    # platform,natives,op,p,bytes,impl,layout,ndims,time_s,min_s,max_s,native_s,speedup,bound_s,ratio,status
    awk -F, 'function ratio(t, b) { return b > 0 ? sprintf("%.2f", t / b) : "-" }
    NR > 1 && $16 != "" {
        key = $1 "|" $2 "|" $3 "|" $5
        if (!(key in timed)) order[n++] = key
        timed[key]++
        if ($6 == "native") { native[key] = $9; bound[key] = $14 }
        if (($16 == "ok" || $16 == "unchecked") && (!(key in best) || $9 < best[key])) {
            best[key] = $9; fastest[key] = $6
        }
    }
    END {
        for (i = 0; i < n; i++) {
            k = order[i]; split(k, f, "|")
            printf "| %s | %s | %s | %s | %.4g s | %s | %s | %.4g s | %s | %d |\n", f[1], f[2],
                f[3], f[4], native[k], ratio(native[k], bound[k]), fastest[k], best[k],
                ratio(best[k], bound[k]), timed[k]
        }
    }' "$TMP/$name.csv"
done
exit $failed
