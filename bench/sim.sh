#!/usr/bin/env bash
# The simulated benchmark of docs/bench.md: ortho-bench under SimGrid SMPI
# on the platforms of platforms/, against three native settings, then the
# merged CSVs, the figures and the tables.
#
#   make bench-sim                         build with smpicc, run everything
#   BUILD=build-smpi bench/sim.sh          every run
#   BUILD=build-smpi bench/sim.sh star-96  the runs whose names start so
#   JOBS=2 OUT=results/sim TMP=results/tmp/sim bench/sim.sh
#
# Timing runs use SMPI_SHARED_MALLOC buffers (--shared): the data are not
# real, so results are checked by the "check-" runs, the same programs with
# real buffers. A run passes when smpirun exits 0 and
# ortho-bench printed its closing "points:" line with no wrong result, no
# error and no time below its bound (SMPI can end a deadlocked simulation
# with status 0).
#
# What lands where:
#   $TMP/runs/NAME.{csv,sum.csv,log}   one run: points, summary, printed table
#   $TMP/points.csv, $TMP/check.csv    every timed point, every checked point
#   $OUT/summary.csv                   min/mean/max speedup per layout
#   $OUT/best.csv                      per point: native, best and worst layout
#   $OUT/PLATFORM-NATIVES.png          speedup per layout (gnuplot)
#   $OUT/tables.md                     the tables of docs/bench.md
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-build-smpi}
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
OUT=${OUT:-results/sim}
TMP=${TMP:-results/tmp/sim}
JOBS=${JOBS:-2}
TIMEOUT=${SMPI_TIMEOUT:-900}
SMPIRUN=${SMPIRUN:-smpirun}
PLATFORMS="$ROOT/platforms"

# The settings of every run and the native settings MPICH, OMPI, LAM, RDV
# (scripts/smpi_settings.sh). Shared buffers are mapped in blocks of
# 128 MiB: with the default 1 MiB a 1024-process allgather needs more
# mappings than vm.max_map_count allows.
# shellcheck source=../scripts/smpi_settings.sh
. "$ROOT/scripts/smpi_settings.sh"
# shellcheck source=../scripts/smpi_runs.sh
. "$ROOT/scripts/smpi_runs.sh"
COMMON=("${SMPI_SETTINGS[@]}" --cfg=smpi/shared-malloc-blocksize:134217728)

SIZES=10K,32K,100K,500K
ALL="--sizes $SIZES --reps 3 --shared"
CHECK="--sizes $SIZES --reps 3"
NOGATHER="--ops bcast,reduce,allreduce,scatter,allgather"

# name | platform | p | settings | ortho-bench options
RUNS=()
for p in 128 96 48 16; do
    RUNS+=("star-$p-lam|clic_star|$p|LAM|$ALL"
           "star-$p-mpich|clic_star|$p|MPICH|$ALL"
           "star-$p-ompi|clic_star|$p|OMPI|$ALL $NOGATHER"
           "star-$p-ompi-gather|clic_star|$p|OMPI RDV|$ALL --ops gather"
           "multicore-$p-mpich|multicore|$p|MPICH|$ALL"
           "multicore-$p-ompi|multicore|$p|OMPI|$ALL $NOGATHER"
           "multicore-$p-ompi-gather|multicore|$p|OMPI RDV|$ALL --ops gather"
           "torus-$p-mpich|t3e_torus|$p|MPICH|$ALL"
           "torus-$p-ompi|t3e_torus|$p|OMPI|$ALL $NOGATHER"
           "torus-$p-ompi-gather|t3e_torus|$p|OMPI RDV|$ALL --ops gather")
done
# 1024 processes: the LAM-like natives only. With the mpich selector a
# 1024-process run had measured nothing after 63 s of CPU (its allgather is
# a pairwise exchange of 1023 steps, a million messages per call; a run of
# bcast alone had not finished creating its grids).
RUNS+=("star1024-lam|clic_star_1024|1024|LAM|--ops allgather,bcast --sizes 10K,100K --reps 3 --shared --max-nd 2")
# Results checked with real buffers: every platform and setting at 16 and
# 48 processes, every layout and size.
for p in 48 16; do
    for plat in star:clic_star multicore:multicore torus:t3e_torus; do
        RUNS+=("check-${plat%%:*}-$p-mpich|${plat#*:}|$p|MPICH|$CHECK"
               "check-${plat%%:*}-$p-ompi|${plat#*:}|$p|OMPI|$CHECK $NOGATHER"
               "check-${plat%%:*}-$p-ompi-gather|${plat#*:}|$p|OMPI RDV|$CHECK --ops gather")
    done
    RUNS+=("check-star-$p-lam|clic_star|$p|LAM|$CHECK")
done

if [ ! -x "$BENCH" ]; then
    echo "sim.sh: $BENCH not found; build it with: make SMPI=1" >&2
    exit 2
fi
mkdir -p "$TMP/runs" "$OUT"

# One run; prints one line and returns non-zero when it failed.
run_one() {
    local name=$1 platform=$2 np=$3 sets=$4 opts=$5 cfg=() set label
    for set in $sets; do
        eval "cfg+=(\"\${$set[@]}\")"
    done
    label=$(echo "${sets%% *}" | tr A-Z a-z)
    local log="$TMP/runs/$name.log" start=$SECONDS status cpu TIMEFORMAT='%U %S'
    # shellcheck disable=SC2086  # opts is a list of words
    cpu=$( { time timeout "$TIMEOUT" "$SMPIRUN" -np "$np" -platform "$PLATFORMS/$platform.xml" \
        -hostfile "$PLATFORMS/$platform.hostfile" "${COMMON[@]}" "${cfg[@]}" \
        "$BENCH" --platform "$PLATFORMS/$platform.xml" --label "$label" \
        --csv "$TMP/runs/$name.csv" --summary "$TMP/runs/$name.sum.csv" $opts >"$log" 2>&1
        echo "status $?" >>"$log"; } 2>&1 )
    status=$(sed -n 's/^status //p' "$log" | tail -n 1)
    cpu=$(echo "$cpu" | awk '{ printf "%.0f", $1 + $2 }')
    local closing took="$((SECONDS - start)) s, CPU $cpu s"
    closing=$(grep -E "^points: " "$log" | tail -n 1)
    if [ "$status" -eq 0 ] && [ -n "$closing" ]; then
        echo "-- $name: ok, ${closing#points: } ($took)"
        return 0
    fi
    echo "-- $name: FAILED, exit status $status ($took)"
    if [ -z "$closing" ]; then
        echo "   no closing line (crash, deadlock or timeout); the end of $log:"
        tail -n 5 "$log" | sed 's/^/   | /'
    else
        grep -E "WRONG|ERROR|BELOW_BOUND" "$log" | head -n 10 | sed 's/^/   /'
        echo "   $closing"
    fi
    rm -f "$TMP/runs/$name.csv" "$TMP/runs/$name.sum.csv"
    return 1
}

total_start=$SECONDS
run_selected run_one "$@"

# Merge what exists (a partial rerun refreshes its own runs only).
header=$(head -n 1 "$(ls "$TMP"/runs/*.csv 2>/dev/null | grep -v '\.sum\.csv$' | head -n 1)" 2>/dev/null)
if [ -n "$header" ]; then
    {
        echo "$header"
        for f in "$TMP"/runs/*.csv; do
            case $f in *.sum.csv|*/check-*) continue ;; esac
            tail -n +2 "$f"
        done
    } >"$TMP/points.csv"
    {
        echo "$header"
        for f in "$TMP"/runs/check-*.csv; do
            case $f in *.sum.csv) continue ;; esac
            [ -e "$f" ] && tail -n +2 "$f"
        done
    } >"$TMP/check.csv"
    {
        head -n 1 "$(ls "$TMP"/runs/*.sum.csv | head -n 1)"
        for f in "$TMP"/runs/*.sum.csv; do
            case $f in */check-*) continue ;; esac
            tail -n +2 "$f"
        done | sort -s -t, -k1,1 -k2,2 -k3,3 -k4,4n
    } >"$OUT/summary.csv"
    "$HERE/report.sh" "$TMP/points.csv" "$TMP/check.csv" "$OUT"
    "$HERE/plot.sh" "$OUT/summary.csv" "$OUT"
fi
echo "bench-sim: $RUNS_SELECTED runs, $RUNS_FAILED failed ($((SECONDS - total_start)) s)"
[ "$RUNS_FAILED" -eq 0 ]
