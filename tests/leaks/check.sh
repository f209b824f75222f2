#!/usr/bin/env bash
# The library's leaks, by valgrind (make check-leaks): tests/leaks/churn
# (communicators created, used with every candidate and freed, see
# churn.c) under valgrind's memcheck, with MPIR_CVAR_ODD_EVEN_CLIQUES=1 so
# that MPICH sees two nodes (odd and even ranks) and node-aware grids are
# made, reordered.
#
#   BUILD=build tests/leaks/check.sh                   the two runs below
#   BUILD=build tests/leaks/check.sh NP [NCOMMS [CALLS]]   one run
#
# By default: 1000 communicators at 2 processes, one call each (the whole
# life of 1000 caches and their grids, every operation, size and candidate;
# at 2 processes every grid is one row, so the calls run natively), then
# 200 communicators at 4 processes, 3 calls each (every (operation,
# candidate, size) of churn's lists runs at least once on a real grid:
# churn's first line says how often). CALLS: calls per communicator, each
# a fresh decision. On 2 cores shared with other work: about 1 and 2.5
# minutes (4 processes oversubscribe the cores; each communicator then
# costs some 0.3 s in MPI_Comm_dup and grids, more under valgrind).
#
# A loss record counts for the library when a frame of its stack is a
# function named ortho_* or lies in this repository's lib/; for the program
# when its first frame past the allocator lies in tests/leaks/; the rest is
# MPI's and the system's (MPICH loses about 1 KB per process in MPI_Init),
# reported and ignored. Fails when the program fails, when valgrind did not
# report on every process, or when the library or the program lost memory
# definitely; prints each distinct stack of the library's losses. The logs
# stay in $BUILD/leaks/npNP/ (valgrind.PID, one per process).
set -u
. "$(dirname "$0")/../../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/../.." && pwd)
prog=$BUILD/tests/leaks/churn
fail() { echo "check-leaks: $*" >&2; exit 1; }

command -v valgrind > /dev/null || fail "valgrind is not installed (apt-get install valgrind)"
[ -x "$prog" ] || fail "$prog is missing: make BUILD=$BUILD $prog"
rm -rf "$BUILD/leaks"

# check NP NCOMMS CALLS: one valgrind run, its logs in $BUILD/leaks/npNP/;
# returns 1 when memory was lost
check() {
    local np=$1 ncomms=$2 calls=$3 start=$SECONDS rc
    local logs=$BUILD/leaks/np$np
    mkdir -p "$logs"
    # HWLOC_COMPONENTS=-x86: hwloc's x86 backend cannot run under valgrind and
    # says so on every process. --undef-value-errors=no and
    # --keep-stacktraces=alloc: a quarter faster, nothing lost for leaks.
    HWLOC_COMPONENTS=-x86 MPIR_CVAR_ODD_EVEN_CLIQUES=1 \
        "${mpiexec[@]}" -n "$np" valgrind --leak-check=full --show-leak-kinds=definite \
        --errors-for-leak-kinds=definite --undef-value-errors=no --keep-stacktraces=alloc \
        --num-callers=50 --fullpath-after= --log-file="$logs/valgrind.%p" \
        "$prog" "$ncomms" "$calls"
    rc=$?
    echo "check-leaks: valgrind run of $np processes, $ncomms communicators: $((SECONDS - start)) s"
    [ "$rc" -eq 0 ] || fail "churn failed (exit status $rc); logs in $logs"
    nlogs=$(grep -l -e "LEAK SUMMARY" -e "All heap blocks were freed" "$logs"/valgrind.* 2> /dev/null | wc -l)
    [ "$nlogs" -eq "$np" ] || fail "valgrind reported on $nlogs of $np processes; logs in $logs"

    # One line per process and class, "CLASS BYTES RECORDS", then the library's
    # distinct stacks after a line "STACKS".
    summary=$(awk -v lib="$src/lib/" -v tests="$src/tests/leaks/" '
    function flush(   i, cls, first, key) {
        if (!inrec)
            return
        cls = "mpi"
        first = ""
        for (i = 1; i <= nf; i++) {
            if (frame[i] ~ /^ortho_/ || index(frame[i], lib))
                cls = "library"
            if (first == "" && frame[i] !~ /vgpreload_memcheck/)
                first = frame[i]
        }
        if (cls == "mpi" && index(first, tests))
            cls = "program"
        bytes[cls] += direct
        records[cls]++
        if (cls == "library") {
            key = ""
            for (i = 1; i <= nf; i++)
                key = key "\n    " frame[i]
            if (!(key in seen))
                order[++nstacks] = key
            seen[key]++
            lost[key] += direct
        }
        inrec = 0
    }
    { sub(/^==[0-9]+== ?/, "") }
    /are definitely lost in loss record/ {
        flush()
        inrec = 1
        nf = 0
        n = $1
        gsub(/,/, "", n)
        direct = n
        if ($2 ~ /^\(/) {
            direct = $2
            gsub(/[(,]/, "", direct)
        }
        next
    }
    inrec && /^ *(at|by) 0x/ {
        line = $0
        sub(/^ *(at|by) 0x[0-9A-Fa-f]+: /, "", line)
        frame[++nf] = line
        next
    }
    inrec { flush() }
    END {
        flush()
        for (c in bytes)
            printf "%s %d %d\n", c, bytes[c], records[c]
        print "STACKS"
        for (i = 1; i <= nstacks; i++)
            printf "  %d bytes in %d records, allocated at:%s\n", lost[order[i]], seen[order[i]], order[i]
    }' "$logs"/valgrind.*)

    total() { echo "$summary" | awk -v c="$1" '$1 == c { print $2 + 0; found = 1 } END { if (!found) print 0 }'; }
    nrec() { echo "$summary" | awk -v c="$1" '$1 == c { print $3 + 0; found = 1 } END { if (!found) print 0 }'; }
    libb=$(total library)
    progb=$(total program)
    mpib=$(total mpi)
    echo "check-leaks: definitely lost, summed over the $np processes:" \
        "library $libb bytes ($(nrec library) records)," \
        "program $progb bytes ($(nrec program) records)," \
        "MPI and system $mpib bytes ($(nrec mpi) records, ignored)"
    if [ "$libb" -ne 0 ]; then
        echo "check-leaks: the library's losses, by stack:"
        echo "$summary" | sed -n '/^STACKS$/,$p' | sed 1d
    fi
    # memcheck's other errors (invalid accesses, uninitialised values) in the
    # library: reported, they do not decide
    errors=$(awk -v lib="$src/lib/" '
        { sub(/^==[0-9]+== ?/, "") }
        /^(Invalid |Mismatched |Conditional jump|Use of uninitialised|Syscall param)/ {
            inerr = 1; text = $0; mine = 0; next
        }
        inerr && /^ *(at|by) 0x/ {
            text = text "\n  " $0
            if ($0 ~ /: ortho_/ || index($0, lib))
                mine = 1
            next
        }
        inerr {
            if (mine && !(text in seen)) {
                seen[text] = 1
                print text
            }
            inerr = 0
        }' "$logs"/valgrind.*)
    if [ -n "$errors" ]; then
        echo "check-leaks: note: memcheck errors with a frame in the library (distinct stacks):"
        echo "$errors" | head -n 60
    fi
    [ "$libb" -eq 0 ] && [ "$progb" -eq 0 ] || {
        echo "check-leaks: memory definitely lost; logs in $logs"
        return 1
    }
}

if [ $# -gt 0 ]; then
    check "$1" "${2:-1000}" "${3:-1}" || fail "failed"
else
    lost=0
    check 2 1000 1 || lost=1
    check 4 200 3 || lost=1
    [ "$lost" -eq 0 ] || fail "failed"
fi
echo "check-leaks: passed (0 bytes definitely lost in the library)"
