#!/usr/bin/env bash
# The interposition library on unmodified programs, run by run_tests.sh as
# "test_interpose: NP" (BUILD and the MPI from the environment, scripts/mpi_env.sh):
#  - the foundation's test programs (test_grid, test_ortho2d) pass unchanged
#    with libortho_mpi.so preloaded, and ORTHO_VERBOSE=1 shows that their
#    MPI collectives went through ortho (NP >= 2);
#  - examples/unmodified.c, a plain MPI program, gives correct results when
#    preloaded with an N-D layout, and when linked with libortho_mpi.a
#    before the MPI library with an uneven one;
#  - a malformed ORTHO_GRID prints a clear message and runs native MPI.
set -eu
np=${1:-4}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
lib="$src/$BUILD/lib/libortho_mpi.so"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_interpose: $*" >&2; exit 1; }
# In use: rank 0 reported a decision for MPI_Allreduce (NP >= 2).
in_use() {
    [ "$np" -lt 2 ] || grep -q "^ortho: MPI_Allreduce on MPI_COMM_WORLD ($np processes)" "$1"
}

for prog in test_grid test_ortho2d; do
    ORTHO_VERBOSE=1 "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$BUILD/tests/$prog" \
        > "$dir/$prog.out" 2> "$dir/$prog.err" \
        || { cat "$dir/$prog.out" "$dir/$prog.err"; fail "$prog failed with libortho_mpi.so"; }
    in_use "$dir/$prog.err" || fail "$prog: no verbose output, libortho_mpi.so not in use"
    echo "$prog with libortho_mpi.so: passed; $(grep -c '^ortho: ' "$dir/$prog.err") layout decisions reported, e.g."
    grep -m 1 "^ortho: MPI_Allreduce" "$dir/$prog.err" | sed 's/^/  /' || true
done

"$MPICC" -o "$dir/unmodified" "$src/examples/unmodified.c" || fail "cannot build the example"
"$MPICC" -o "$dir/unmodified_static" "$src/examples/unmodified.c" "$src/$BUILD/lib/libortho_mpi.a" \
    -lm || fail "cannot link with libortho_mpi.a"
ORTHO_VERBOSE=1 ORTHO_GRID=0x2x2 "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/unmodified" \
    > "$dir/dyn.out" 2> "$dir/dyn.err" || fail "unmodified program, preloaded: $(cat "$dir/dyn.out")"
in_use "$dir/dyn.err" || fail "preloaded unmodified program: library not in use"
ORTHO_VERBOSE=1 ORTHO_GRID=0x3 "${mpiexec[@]}" -n "$np" "$dir/unmodified_static" \
    > "$dir/static.out" 2> "$dir/static.err" || fail "unmodified program, static: $(cat "$dir/static.out")"
in_use "$dir/static.err" || fail "statically linked unmodified program: library not in use"
echo "unmodified program: correct with libortho_mpi.so (ORTHO_GRID=0x2x2) and libortho_mpi.a (0x3)"

ORTHO_GRID=4x4x "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/unmodified" \
    > "$dir/bad.out" 2> "$dir/bad.err" || fail "a malformed ORTHO_GRID broke the program"
if [ "$np" -ge 2 ]; then
    grep -q 'ORTHO_GRID="4x4x" is not a layout' "$dir/bad.err" || fail "no message for a malformed ORTHO_GRID"
fi
echo "malformed ORTHO_GRID: message printed, native collectives ran"
