#!/usr/bin/env bash
# ortho-bench under real MPI on this machine (make bench): every operation,
# native and orthogonal on every layout of each process count of NP
# (default "4 8": 2D layouts and the 2x2x2 grid), results checked, CSVs and
# a figure of the speedup t_native / t_ortho per layout (mpi-mpi.png). On a
# 2-core machine the processes are oversubscribed and the times say little
# about a cluster; the point is that the program and the library work
# under real MPI. The simulated clusters: bench/sim.sh (make bench-sim).
#
#   make bench                   NP="4 8"
#   make bench NP=6              or NP="2 4 6"
#   BUILD=build OUT=results/tmp/bench NP="4 8" bench/mpi.sh   (NPS= is the same)
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
OUT=${OUT:-results/tmp/bench}
SIZES=${SIZES:-1K,16K,128K}
NP=${NP:-${NPS:-4 8}}
if [ ! -x "$BENCH" ]; then
    echo "mpi.sh: $BENCH not found; build it with: make" >&2
    exit 2
fi
mkdir -p "$OUT"
status=0
start=$SECONDS
sums=()
for np in $NP; do
    if ! [[ $np =~ ^[1-9][0-9]*$ ]]; then
        echo "mpi.sh: NP=\"$NP\": process counts of 1 or more, e.g. NP=\"4 8\"" >&2
        exit 2
    fi
    echo "== $MPIEXEC -n $np $BENCH --sizes $SIZES --reps 5"
    "${mpiexec[@]}" -n "$np" "$BENCH" --sizes "$SIZES" --reps 5 --label mpi \
        --csv "$OUT/mpi-$np.csv" --summary "$OUT/mpi-$np.sum.csv" || status=1
    sums+=("$OUT/mpi-$np.sum.csv")
done
if [ ${#sums[@]} -eq 0 ]; then
    echo "mpi.sh: NP is empty: give process counts, e.g. NP=\"4 8\"" >&2
    exit 2
fi
{
    head -n 1 "${sums[0]}"
    tail -q -n +2 "${sums[@]}"
} >"$OUT/summary.csv" 2>/dev/null && "$(dirname "$0")/plot.sh" "$OUT/summary.csv" "$OUT"
echo "bench: CSVs and figure in $OUT ($((SECONDS - start)) s)"
exit "$status"
