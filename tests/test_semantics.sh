#!/usr/bin/env bash
# tests/smpi/check_semantics under real MPI, at the process count given
# (tests/run_tests.sh runs it at 3, 4, 5, 6 and 8): MPI's argument rules for
# the nine drop-in functions on every candidate the library can run
# (systematic: root-only arguments garbage elsewhere, per-rank datatypes of
# one signature, MPI_IN_PLACE, counts 0 to 64 KiB), each against closed
# forms; see the program's header. All cases at 4 processes; at 5, 6 and 8
# every 3rd, 4th, 6th argument case per candidate and operation (rotating,
# so every candidate and every argument class still runs), which keeps
# each count under a minute on 2 cores; at 5 also 60 random cases; at 3
# only random cases, the seeds that found an MPI's fault on a one-phase
# grid (777: Open MPI's allgatherv decision; 11: MPICH's in-place reduce;
# 12: MPICH's scatter into a struct; README.md, "What MPICH and Open MPI
# get wrong").
# A case that hangs ends the run after --timeout seconds with
# "HANG in case K ..." (the smallest K among the ranks' lines is the one).
#
#   BUILD=build bash tests/test_semantics.sh 8
#   mpiexec -n 8 build/tests/smpi/check_semantics              every case
#   mpiexec -n 8 build/tests/smpi/check_semantics --case K     one case
#   SEMANTICS_SEED=S    the random cases' seed (default 1)
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
np=${1:?usage: test_semantics.sh NP}
prog=$BUILD/tests/smpi/check_semantics
if [ ! -x "$prog" ]; then
    echo "test_semantics.sh: $prog not found; build it with: make" >&2
    exit 2
fi
case $np in
3) runs=("--random 150 --seed 11" "--random 150 --seed 12" "--random 300 --seed 777") ;;
4) runs=("") ;;
5) runs=("--thin 3" "--random 60 --seed ${SEMANTICS_SEED:-1}") ;;
6) runs=("--thin 4") ;;
*) runs=("--thin 6") ;;
esac

status=0
for args in "${runs[@]}"; do
    # shellcheck disable=SC2086  # args is a list of words
    out=$("${mpiexec[@]}" -n "$np" "$prog" --timeout 60 $args 2>&1)
    rc=$?
    printf '%s\n' "$out"
    if [ "$rc" -ne 0 ] ||
        ! grep -qE "^check_semantics: [0-9]+ passed, 0 failed \\($np processes\\)\$" <<<"$out"; then
        echo "test_semantics.sh: check_semantics $args at $np processes FAILED (exit status $rc)"
        status=1
    fi
done
exit "$status"
