#!/usr/bin/env bash
# ortho-bench under real MPI on this machine (make bench): every operation,
# native and orthogonal on every layout of 4 and 8 processes (2D and the
# 2x2x2 grid), results checked. On a 2-core machine the processes are
# oversubscribed and the times say little about a cluster; the point is
# that the program and the library work under real MPI. The simulated
# clusters: bench/sim.sh (make bench-sim).
#
#   make bench
#   BUILD=build OUT=results/tmp/bench bench/mpi.sh
set -u
BUILD=${BUILD:-build}
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
OUT=${OUT:-results/tmp/bench}
MPIEXEC=${MPIEXEC:-mpiexec}
SIZES=${SIZES:-1K,16K,128K}
if [ ! -x "$BENCH" ]; then
    echo "mpi.sh: $BENCH not found; build it with: make" >&2
    exit 2
fi
mkdir -p "$OUT"
status=0
start=$SECONDS
for np in 4 8; do
    echo "== mpiexec -n $np $BENCH --sizes $SIZES --reps 5"
    "$MPIEXEC" -n "$np" "$BENCH" --sizes "$SIZES" --reps 5 --label mpi \
        --csv "$OUT/mpi-$np.csv" --summary "$OUT/mpi-$np.sum.csv" || status=1
done
echo "bench: CSVs in $OUT ($((SECONDS - start)) s)"
exit "$status"
