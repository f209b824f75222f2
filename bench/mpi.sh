#!/usr/bin/env bash
# ortho-bench under real MPI on this machine (make bench): every operation,
# native and orthogonal on every layout of 4 and 8 processes (NPS="4 8";
# 2D and the 2x2x2 grid), results checked, CSVs and a figure of the
# speedup t_native / t_ortho per layout (mpi-mpi.png). On a 2-core machine the processes are
# oversubscribed and the times say little about a cluster; the point is
# that the program and the library work under real MPI. The simulated
# clusters: bench/sim.sh (make bench-sim).
#
#   make bench
#   BUILD=build OUT=results/tmp/bench NPS="2 4" bench/mpi.sh
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
OUT=${OUT:-results/tmp/bench}
SIZES=${SIZES:-1K,16K,128K}
NPS=${NPS:-4 8}
if [ ! -x "$BENCH" ]; then
    echo "mpi.sh: $BENCH not found; build it with: make" >&2
    exit 2
fi
mkdir -p "$OUT"
status=0
start=$SECONDS
for np in $NPS; do
    echo "== $MPIEXEC -n $np $BENCH --sizes $SIZES --reps 5"
    "${mpiexec[@]}" -n "$np" "$BENCH" --sizes "$SIZES" --reps 5 --label mpi \
        --csv "$OUT/mpi-$np.csv" --summary "$OUT/mpi-$np.sum.csv" || status=1
done
sums=()
for np in $NPS; do sums+=("$OUT/mpi-$np.sum.csv"); done
{
    head -n 1 "${sums[0]}"
    tail -q -n +2 "${sums[@]}"
} >"$OUT/summary.csv" 2>/dev/null && "$(dirname "$0")/plot.sh" "$OUT/summary.csv" "$OUT"
echo "bench: CSVs and figure in $OUT ($((SECONDS - start)) s)"
exit "$status"
