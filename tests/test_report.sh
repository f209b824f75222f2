#!/usr/bin/env bash
# ORTHO_REPORT, the end-of-run report, run by run_tests.sh as
# "test_report: NP" (BUILD and the MPI from the environment,
# scripts/mpi_env.sh). tests/report/calls.c makes known calls (its header
# lists them), also on a communicator of ranks 1 .. NP-1 and its duplicate,
# freed before MPI_Finalize, and on MPI_COMM_SELF; the report must count
# every class exactly:
#  - preloaded with libortho_mpi.so, ORTHO_REPORT=1: the report on stderr,
#    every row native with speedup 1.00x (ORTHO_ADAPT=0);
#  - calling the drop-ins by name, linked with libortho.a (the drop-ins'
#    own finalize hook, which a process that never called one lacks, so
#    rank 0 reports its own calls: the header says so),
#    ORTHO_REPORT=FILE: the file, nothing on stderr; at NP >= 4 with
#    ORTHO_VARIANT and ORTHO_PROFILE: what ran is named and native's time
#    comes from the profile; and with only rank 0 calling: no hang;
#  - ORTHO_REPORT unset, or 0: no report, no file;
#  - a file that cannot be written: one line naming it and why, then the
#    report on stderr;
#  - at NP 4, online selection (the default): the allgather class's calls
#    add up over what ran, native's time measured online.
set -eu
np=${1:-4}
# shellcheck source=../scripts/mpi_env.sh
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
lib="$src/$BUILD/lib/libortho_mpi.so"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "test_report: $*" >&2
    exit 1
}
unset ORTHO_REPORT ORTHO_PROFILE ORTHO_GRID ORTHO_VARIANT ORTHO_VERBOSE ORTHO_PROFILE_SAVE

"$MPICC" -o "$dir/calls" "$src/tests/report/calls.c" || fail "cannot build tests/report/calls.c"
"$MPICC" -I"$src/include" -DREPORT_DROPINS -o "$dir/calls_dropins" "$src/tests/report/calls.c" \
    "$src/$BUILD/lib/libortho.a" -lgsl -lgslcblas -lm || fail "cannot build the drop-ins' version"

# has_row FILE PROCS OP CLASS CALLS [RAN]: the report in FILE has that row
# (CLASS and RAN are extended regular expressions).
has_row() {
    local file=$1 line
    line="^ +$2  $3 +$4 +$5  .*"
    [ $# -lt 6 ] || line="$line  $6\$"
    grep -qE "$line" "$file" || { cat "$file"; fail "no row '$2 $3 $4 $5 ${6:-}' in the report"; }
}

# The rows of the known calls, all native, and nothing else; with
# RANK0_VIEW=1, those of world rank 0's calls only.
check_counts() {
    local file=$1 rows
    if [ "${RANK0_VIEW:-0}" = 1 ] && [ "$np" -gt 1 ]; then
        has_row "$file" "$np" MPI_Allreduce '\[4 B, 8 B\)' 10 "${2:-native} 10"
        has_row "$file" "$np" MPI_Bcast '\[4 KiB, 8 KiB\)' 5 "${3:-native} 5"
        has_row "$file" "$np" MPI_Allgather '\[1 KiB, 2 KiB\)' 3 "${4:-native} 3"
        has_row "$file" "$np" MPI_Gatherv 'size unknown' 2 'native 2'
        has_row "$file" 1 MPI_Reduce '\[4 B, 8 B\)' 2 'native 2'
        rows=5
        total=22
    elif [ "$np" -eq 1 ]; then
        has_row "$file" 1 MPI_Allreduce '\[4 B, 8 B\)' 10 'native 10'
        has_row "$file" 1 MPI_Bcast '\[4 KiB, 8 KiB\)' 5 'native 5'
        has_row "$file" 1 MPI_Allgather '\[1 KiB, 2 KiB\)' 3 'native 3'
        has_row "$file" 1 MPI_Gatherv 'size unknown' 2 'native 2'
        has_row "$file" 1 MPI_Reduce '\[4 B, 8 B\)' 2 'native 2'
        rows=5
        total=22
    else
        has_row "$file" "$np" MPI_Allreduce '\[4 B, 8 B\)' 10 "${2:-native} 10"
        has_row "$file" "$np" MPI_Bcast '\[4 KiB, 8 KiB\)' 5 "${3:-native} 5"
        has_row "$file" "$np" MPI_Allgather '\[1 KiB, 2 KiB\)' 3 "${4:-native} 3"
        has_row "$file" "$np" MPI_Gatherv 'size unknown' 2 'native 2'
        has_row "$file" 1 MPI_Reduce '\[4 B, 8 B\)' $((2 * np)) "native $((2 * np))"
        rows=5
        total=$((20 + 2 * np))
        if [ "$np" -ge 3 ]; then
            has_row "$file" $((np - 1)) MPI_Allreduce '\[16 B, 32 B\)' 11 'native 11'
            rows=6
            total=$((total + 11))
        fi
    fi
    [ "$(grep -cE '^ +[0-9]+  MPI_' "$file")" -eq "$rows" ] \
        || { cat "$file"; fail "not $rows rows"; }
    grep -qE "^ +total +$total " "$file" || { cat "$file"; fail "the total is not $total calls"; }
}

echo "-- preloaded, ORTHO_REPORT=1: the report on stderr"
ORTHO_ADAPT=0 ORTHO_REPORT=1 "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/calls" \
    > "$dir/out" 2> "$dir/err" || { cat "$dir/out" "$dir/err"; fail "preloaded run failed"; }
grep -q "^report calls: correct" "$dir/out" || fail "wrong results: $(cat "$dir/out")"
[ "$(grep -c 'end-of-run report' "$dir/err")" -eq 1 ] || { cat "$dir/err"; fail "not one report"; }
check_counts "$dir/err"
# native ran: its estimate is its own time
if grep -E '^ +[0-9]+  MPI_' "$dir/err" | grep -vqE '  1\.00x  +\+0\.000000  ran  '; then
    cat "$dir/err"
    fail "a native row without speedup 1.00x from its own time"
fi

echo "-- the drop-ins by name, ORTHO_REPORT=FILE"
extra=()
if [ "$np" -ge 4 ]; then
    extra=(ORTHO_VARIANT=allgather=pipe,bcast=scag,allreduce=native,gatherv=native
           ORTHO_PROFILE="$src/profiles/paper-clic-lam.profile")
fi
env ORTHO_ADAPT=0 ORTHO_REPORT="$dir/report.txt" "${extra[@]}" \
    "${mpiexec[@]}" -n "$np" "$dir/calls_dropins" > "$dir/out" 2> "$dir/err" \
    || { cat "$dir/out" "$dir/err"; fail "drop-ins' run failed"; }
[ -s "$dir/report.txt" ] || fail "ORTHO_REPORT=FILE wrote no file"
! grep -q 'end-of-run report' "$dir/err" || fail "the report went to stderr, not to the file"
grep -q 'of rank 0 of MPI_COMM_WORLD alone' "$dir/report.txt" \
    || { cat "$dir/report.txt"; fail "the drop-ins' report does not say it is rank 0's alone"; }
if [ "$np" -ge 4 ]; then
    RANK0_VIEW=1 check_counts "$dir/report.txt" native 'scag:[0-9x]+(:[a-z]+)?' \
        'pipe:[0-9x]+(:[a-z]+)?'
    grep -qE '^ +[0-9]+  MPI_Allgather .*  profile +pipe:' "$dir/report.txt" \
        || { cat "$dir/report.txt"; fail "no estimate of native from ORTHO_PROFILE for pipe"; }
else
    RANK0_VIEW=1 check_counts "$dir/report.txt"
fi

echo "-- the drop-ins by name, only rank 0 calls one: no process waits"
ORTHO_REPORT=1 timeout 120 "${mpiexec[@]}" -n "$np" "$dir/calls_dropins" rank0-only \
    > "$dir/out" 2> "$dir/err" || { cat "$dir/out" "$dir/err"; fail "rank0-only run failed or hung"; }
grep -q "^report calls: correct" "$dir/out" || fail "wrong results: $(cat "$dir/out")"
has_row "$dir/err" 1 MPI_Reduce '\[4 B, 8 B\)' 1 'native 1'

echo "-- ORTHO_REPORT unset, or 0: nothing"
for setting in unset 0; do
    (
        cd "$dir"
        if [ "$setting" = unset ]; then unset ORTHO_REPORT; else export ORTHO_REPORT=0; fi
        "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/calls" > "$dir/out" 2> "$dir/err"
    ) || fail "run with ORTHO_REPORT $setting failed"
    ! grep -q 'ORTHO_REPORT\|end-of-run' "$dir/err" \
        || { cat "$dir/err"; fail "a report though ORTHO_REPORT is $setting"; }
    [ ! -e "$dir/0" ] || fail "ORTHO_REPORT=0 wrote a file named 0"
done

echo "-- a file that cannot be written: stderr instead"
bad="$dir/missing/report.txt"
ORTHO_ADAPT=0 ORTHO_REPORT="$bad" "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/calls" \
    > "$dir/out" 2> "$dir/err" || { cat "$dir/err"; fail "run with an unwritable file failed"; }
grep -qF "ortho: ORTHO_REPORT=$bad: cannot write the report there (No such file or directory)" \
    "$dir/err" || { cat "$dir/err"; fail "no message naming the file and the reason"; }
check_counts "$dir/err"

if [ "$np" -eq 4 ]; then
    echo "-- online selection: what ran adds up"
    # calls: enough for a candidate to be measured also when agreements
    # cost many native calls (an agreement is charged its slowest
    # process's time; 4 processes on 2 busy cores under Open MPI ran 60
    # calls without reaching one)
    calls=400
    ORTHO_ADAPT_OVERHEAD=1 ORTHO_REPORT=1 "${mpiexec[@]}" -n 4 env LD_PRELOAD="$lib" \
        "$dir/calls" $calls > "$dir/out" 2> "$dir/err" || { cat "$dir/err"; fail "online run failed"; }
    row=$(grep -E "^ +4  MPI_Allgather +\[1 KiB, 2 KiB\) +$calls  " "$dir/err") \
        || { cat "$dir/err"; fail "no allgather row of $calls calls"; }
    sum=0
    for n in $(echo "$row" | sed -E 's/.*  ran\+online +//' | grep -oE ' [0-9]+(,|$)' | tr -d ,); do
        sum=$((sum + n))
    done
    [ "$sum" -eq "$calls" ] || fail "what ran adds up to $sum calls, not $calls: $row"
    echo "$row" | grep -qE '(pipe|phases):' || fail "online selection ran no candidate: $row"
    echo "$row" | grep -qE '  ran\+online  ' || fail "native's time not measured online: $row"
fi
echo "test_report: ok"
