#!/usr/bin/env bash
# The interposition library in Fortran programs, run by run_tests.sh as
# "test_fortran: NP" (BUILD and the MPI from the environment,
# scripts/mpi_env.sh). examples/unmodified.F90 (the nine collectives, each
# checked against closed forms) is built with the MPI's mpif90 twice,
# with `use mpi` (the names of mpif.h) and with `use mpi_f08`:
#  - each preloaded with libortho_mpi.so: every result correct, and with
#    ORTHO_VERBOSE=1 a decision reported for each of the nine operations,
#    so every Fortran call went through the library. MPICH's Fortran
#    bindings call the C functions MPI_Bcast ..., which the library
#    defines; Open MPI's call PMPI_Bcast ... directly, and the library
#    built for Open MPI defines their Fortran names too
#    (lib/interpose/fortran.c);
#  - `use mpi` linked with libortho_mpi.a, on an uneven grid: the same.
#    Under MPICH the archive goes in whole (-Wl,--whole-archive): the
#    program itself calls only mpi_bcast_ ..., so the linker would take
#    none of the C functions that libmpichfort calls from the archive.
# Skipped, with a message, where the MPI's mpif90 cannot build a program.
set -eu
np=${1:-4}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
lib="$src/$BUILD/lib/libortho_mpi.so"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_fortran: $*" >&2; exit 1; }
ops="Bcast Reduce Allreduce Gather Scatter Allgather Allgatherv Gatherv Scatterv"

if ! "$MPIF90" -o "$dir/mpi" "$src/examples/unmodified.F90" > "$dir/build.err" 2>&1; then
    if ! command -v "$MPIF90" > /dev/null; then
        echo "test_fortran: skipped: no $MPIF90 (scripts/setup.sh installs gfortran)"
        exit 0
    fi
    cat "$dir/build.err"
    fail "$MPIF90 cannot build examples/unmodified.F90"
fi
"$MPIF90" -DORTHO_F08 -o "$dir/mpi_f08" "$src/examples/unmodified.F90" > "$dir/build.err" 2>&1 ||
    fail "$MPIF90 cannot build examples/unmodified.F90 with use mpi_f08: $(cat "$dir/build.err")"
archive=("$src/$BUILD/lib/libortho_mpi.a")
[ "$MPI" != mpich ] || archive=(-Wl,--whole-archive "${archive[@]}" -Wl,--no-whole-archive)
"$MPIF90" -o "$dir/mpi_static" "$src/examples/unmodified.F90" "${archive[@]}" -lgsl -lgslcblas \
    -lm > "$dir/build.err" 2>&1 || fail "cannot link with libortho_mpi.a: $(cat "$dir/build.err")"

# check NAME: all nine results correct in $dir/NAME.out, and (NP >= 2) a
# decision for each of the nine operations in $dir/NAME.err
check() {
    local name=$1 op
    [ "$(grep -c ': correct$' "$dir/$name.out")" -eq 9 ] ||
        fail "$name: $(cat "$dir/$name.out" "$dir/$name.err")"
    [ "$np" -ge 2 ] || return 0
    for op in $ops; do
        grep -q "^ortho: MPI_$op on MPI_COMM_WORLD ($np processes)" "$dir/$name.err" ||
            fail "$name: MPI_$op did not go through the library: $(cat "$dir/$name.err")"
    done
}

for prog in mpi mpi_f08; do
    ORTHO_VERBOSE=1 "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/$prog" \
        > "$dir/$prog.out" 2> "$dir/$prog.err" ||
        fail "use $prog, preloaded: $(cat "$dir/$prog.out" "$dir/$prog.err")"
    check "$prog"
    echo "use $prog with libortho_mpi.so: nine collectives correct, each through ortho"
done
ORTHO_VERBOSE=1 ORTHO_GRID=0x3 "${mpiexec[@]}" -n "$np" "$dir/mpi_static" \
    > "$dir/static.out" 2> "$dir/static.err" ||
    fail "use mpi, static: $(cat "$dir/static.out" "$dir/static.err")"
check static
echo "use mpi with libortho_mpi.a (ORTHO_GRID=0x3): nine collectives correct, each through ortho"
grep -m 1 "^ortho: MPI_Allgatherv" "$dir/static.err" | sed 's/^/  /' || true
