#!/usr/bin/env bash
# The communicators an application can hold with the interposition library
# (tests/budget/comm_budget.c), run by run_tests.sh as
# "test_comm_budget: NP" (BUILD and the MPI from the environment, scripts/mpi_env.sh):
#  1. natively: duplicates of MPI_COMM_WORLD, each kept and used by one
#     MPI_Allgather of 4 KiB per process, until MPI_Comm_dup fails or
#     BUDGET_CAP (400) were made, then how many more MPI_COMM_SELF
#     duplicates could be made (--left): the sum is the native count.
#     MPICH's context ids are counted per process, so that count does not
#     depend on the number of processes (2046 with MPICH 4.0.2 at 2 and at
#     4), nor does Open MPI's (65532 with Open MPI 4.1); it is measured at
#     BUDGET_NATIVE_NP processes (2, or NP if smaller);
#  2. the same program linked with libortho_mpi.a: BUDGET_CAP duplicates,
#     each used, then --left as in 1: what it made and what it could still
#     make must reach 90% of the native count, every result right, no
#     crash (and MPI_Allgather right on MPI_COMM_WORLD and, after all is
#     freed, on a new duplicate). 400 used communicators are 12 times what
#     the library's grids may hold (ORTHO_MAX_COMMS, 96: 32 grids), so the
#     library reaches its budget and runs native beyond it, as it would
#     on the way to 90% (which took 100 s more under MPICH and would take
#     minutes under Open MPI, with its 65532 context ids);
#  3. with libortho_mpi.a and ORTHO_VERBOSE=1, --reserve: MPI's context ids
#     spent (by duplicates of MPI_COMM_SELF) before the library makes its
#     grids, then freed one at a time: every MPI_Allgather right, also on
#     communicators with MPI_ERRORS_ARE_FATAL (where the library cannot
#     make a grid it must run the native operation, not abort). The
#     library's messages are shown.
# Times at 4 processes on 2 shared cores: under MPICH 2 takes about 30 s
# (MPI_Comm_dup some 80 ms each when oversubscribed), 1 and 3 a few
# seconds; under Open MPI about 20 s in all.
# Every run is limited to BUDGET_TIMEOUT seconds (300): a hang fails.
set -u
np=${1:-4}
. "$(dirname "$0")/../scripts/mpi_env.sh"
limit=${BUDGET_TIMEOUT:-300}
native=$BUILD/tests/budget/comm_budget
ortho=$BUILD/tests/budget/comm_budget_ortho
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_comm_budget: $*" >&2; exit 1; }
[ -x "$native" ] && [ -x "$ortho" ] || fail "$native or $ortho is missing (make BUILD=$BUILD)"

native_np=${BUDGET_NATIVE_NP:-2}
[ "$native_np" -le "$np" ] || native_np=$np
cap=${BUDGET_CAP:-400}

run() { # NAME NP PROGRAM ARGS...: output in $dir/NAME.out and .err
    local name=$1 n=$2 start=$SECONDS rc
    shift 2
    timeout "$limit" "${mpiexec[@]}" -n "$n" "$@" > "$dir/$name.out" 2> "$dir/$name.err"
    rc=$?
    sed "s/^/  $name: /" "$dir/$name.out"
    echo "  $name: $((SECONDS - start)) s"
    if [ "$rc" -eq 124 ]; then
        fail "$name: no end after $limit s (a hang, or too slow: see its progress above)"
    elif [ "$rc" -ne 0 ]; then
        grep '^ortho: ' "$dir/$name.err" | head -n 5 >&2
        grep -v '^ortho: ' "$dir/$name.err" | head -n 8 >&2
        fail "$name: exit status $rc"
    fi
}
# what a run made plus what it could still make
held() {
    local made more
    made=$(sed -nE 's/^comm_budget: ([0-9]+) communicators created.*/\1/p' "$1" | head -n 1)
    more=$(sed -nE 's/^comm_budget: ([0-9]+) more could be made.*/\1/p' "$1" | head -n 1)
    [ -n "$made" ] && [ -n "$more" ] && echo $((made + more))
}

run native "$native_np" "$native" --max "$cap" --left
n_native=$(held "$dir/native.out")
[ -n "$n_native" ] && [ "$n_native" -gt 0 ] || fail "native run: no count"
need=$(((9 * n_native + 9) / 10))
stop=$cap
[ "$stop" -le "$need" ] || stop=$need
run ortho "$np" "$ortho" --max "$stop" --left
n_ortho=$(held "$dir/ortho.out")
[ -n "$n_ortho" ] || fail "run with libortho_mpi.a: no count"
pct=$((100 * n_ortho / n_native))
echo "test_comm_budget: $n_native communicators natively ($native_np processes)," \
    "$n_ortho with libortho_mpi.a ($np processes; $stop made, the rest could be)" \
    "($pct%; $need needed)"

ORTHO_VERBOSE=1 run reserve "$np" "$ortho" --reserve
echo "  reserve: the library's messages (distinct, communicators' names left out):"
grep '^ortho: ' "$dir/reserve.err" | sed -E 's/ on .+ \(([0-9]+) processes\)/ on ... (\1 processes)/' |
    sort | uniq -c | head -n 12 | sed 's/^/    /'

[ "$n_ortho" -ge "$need" ] ||
    fail "with libortho_mpi.a the application made $n_ortho communicators, $pct% of $n_native (90% needed)"
echo "test_comm_budget: passed"
