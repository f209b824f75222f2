#!/usr/bin/env bash
# ortho-bench under real MPI on this machine (make bench): every operation,
# native and orthogonal on every layout of 4 and 8 processes (2D and the
# 2x2x2 grid), results checked, CSVs and a figure of improvement per
# layout (mpi-mpi.png). On a 2-core machine the processes are
# oversubscribed and the times say little about a cluster; the point is
# that the program and the library work under real MPI. The simulated
# clusters: bench/sim.sh (make bench-sim).
#
#   make bench
#   BUILD=build OUT=results/tmp/bench bench/mpi.sh
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
OUT=${OUT:-results/tmp/bench}
SIZES=${SIZES:-1K,16K,128K}
if [ ! -x "$BENCH" ]; then
    echo "mpi.sh: $BENCH not found; build it with: make" >&2
    exit 2
fi
mkdir -p "$OUT"
status=0
start=$SECONDS
for np in 4 8; do
    echo "== $MPIEXEC -n $np $BENCH --sizes $SIZES --reps 5"
    "${mpiexec[@]}" -n "$np" "$BENCH" --sizes "$SIZES" --reps 5 --label mpi \
        --csv "$OUT/mpi-$np.csv" --summary "$OUT/mpi-$np.sum.csv" || status=1
done
{
    head -n 1 "$OUT/mpi-4.sum.csv"
    tail -q -n +2 "$OUT/mpi-4.sum.csv" "$OUT/mpi-8.sum.csv"
} >"$OUT/summary.csv" 2>/dev/null && "$(dirname "$0")/plot.sh" "$OUT/summary.csv" "$OUT"
echo "bench: CSVs and figure in $OUT ($((SECONDS - start)) s)"
exit "$status"
