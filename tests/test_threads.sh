#!/usr/bin/env bash
# Drop-in calls from several threads at once (tests/threads/threads.c), run
# by run_tests.sh as "test_threads: NP" (BUILD and the MPI from the
# environment, scripts/mpi_env.sh). MPI_THREAD_MULTIPLE; every thread on its own communicator.
#  1. threads making their caches and decisions at once, on fresh
#     communicators each round (see threads.c); even threads on the
#     library's default, odd ones forcing candidates
#     (with MPIR_CVAR_ODD_EVEN_CLIQUES=1 MPICH sees two nodes, so at NP 4
#     node-aware grids are made too, from threads at once): every result
#     right;
#  2. the same with ORTHO_VERBOSE=1 (fewer rounds): stderr holds whole
#     decision lines, never two messages run together; each communicator
#     has its own label (the numbered ones too) and exactly one line per
#     operation and size class;
#  3. --profile with ORTHO_PROFILE=profiles/paper-xeon-scampi.profile and
#     no chooser: the profile is loaded by the first decisions, taken at
#     once by every thread; every result right.
# Where MPI provides less than MPI_THREAD_MULTIPLE the program says
# "skipped" and the test passes with that message.
#
# ThreadSanitizer (once, by hand; see tests/README.md):
#   make SANITIZE=thread BUILD=build-tsan build-tsan/tests/threads/threads
#   BUILD=build-tsan TSAN=1 tests/test_threads.sh 2
# TSAN=1 runs steps 1 and 3 (two rounds) only and fails on ThreadSanitizer
# reports whose stack holds a frame of the library (ortho_* or lib/); the
# others (MPICH's, UCX's) are counted and ignored. Each distinct report is
# printed once, then a count per SUMMARY line; all stay in $BUILD/tsan/.
# MPICH's global lock orders most of the library's steps for
# ThreadSanitizer, so it shows only races between MPI calls.
set -u
np=${1:-4}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
prog=$BUILD/tests/threads/threads
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_threads: $*" >&2; exit 1; }
# Every run is limited to THREADS_TIMEOUT seconds (120; 600 with TSAN=1):
# threads whose processes take different decisions on one communicator
# hang in mismatched collectives.
limit=${THREADS_TIMEOUT:-120}
[ "${TSAN:-0}" != 1 ] || limit=${THREADS_TIMEOUT:-600}
mpirun_np() { timeout "$limit" "${mpiexec[@]}" -n "$np" "$@"; }
hang() { [ "$1" -ne 124 ] || echo " (no end after $limit s: a hang)"; }
[ -x "$prog" ] || fail "$prog is missing (make BUILD=$BUILD)"

# 4 threads per process and 3 rounds (3 communicators and 81 calls per
# thread) at NP <= 2; above, 3 threads and 2 rounds (oversubscribed: 12
# threads on 2 cores at NP 4, about 20 s in all).
nthreads=4
rounds=3
vrounds=2
if [ "$np" -gt 2 ]; then
    nthreads=3
    rounds=2
    vrounds=1
fi
export MPIR_CVAR_ODD_EVEN_CLIQUES=1

run() { # NAME ARGS...: runs the program, output in $dir/NAME.out, .err
    local name=$1
    shift
    local start=$SECONDS
    mpirun_np "$prog" --threads "$nthreads" "$@" > "$dir/$name.out" 2> "$dir/$name.err"
    local rc=$?
    cat "$dir/$name.out"
    if [ "$rc" -ne 0 ]; then
        tail -n 30 "$dir/$name.err" >&2
        fail "$name: exit status $rc$(hang "$rc")"
    fi
    echo "test_threads: $name passed ($((SECONDS - start)) s)"
}

if [ "${TSAN:-0}" = 1 ]; then
    mkdir -p "$BUILD/tsan"
    reports=$(cd "$BUILD/tsan" && pwd)
    rm -f "$reports"/*.report.*
    # UCX_MEM_EVENTS=no: UCX's hook on madvise crashes ThreadSanitizer when a
    # thread ends
    export UCX_MEM_EVENTS=no
    TSAN_OPTIONS="log_path=$reports/mixed.report ${TSAN_OPTIONS:-}" \
        mpirun_np "$prog" --threads "$nthreads" --rounds 2
    rc=$?
    echo "test_threads: ThreadSanitizer, mixed: exit status $rc$(hang "$rc")"
    ORTHO_PROFILE=$src/profiles/paper-xeon-scampi.profile \
        TSAN_OPTIONS="log_path=$reports/profile.report ${TSAN_OPTIONS:-}" \
        mpirun_np "$prog" --threads "$nthreads" --rounds 2 --profile
    rc=$?
    echo "test_threads: ThreadSanitizer, profile: exit status $rc$(hang "$rc")"
    touch "$reports/none.report.0"
    # a report: from its "WARNING: ThreadSanitizer" line to the next "===="
    # line; the library's when a frame is an ortho_ function or in lib/;
    # each distinct SUMMARY line printed once, with its count
    awk -v lib="$src/lib/" '
        /WARNING: ThreadSanitizer/ { inrep = 1; text = ""; mine = 0; key = "" }
        inrep {
            text = text $0 "\n"
            if ($0 ~ /#[0-9]+ ortho_/ || $0 ~ / lib\/[a-zA-Z0-9_]+\/[^ ]+\.c:/ || index($0, lib))
                mine = 1
            if ($0 ~ /^SUMMARY:/)
                key = $0
        }
        inrep && /^=+$/ {
            inrep = 0
            if (!mine) {
                nother++
                next
            }
            nlib++
            if (!(key in seen))
                printf "%s", text
            seen[key]++
        }
        END {
            for (k in seen)
                printf "%5d x %s\n", seen[k], k > "/dev/stderr"
            printf "test_threads: ThreadSanitizer: %d reports in the library, %d elsewhere\n",
                nlib, nother > "/dev/stderr"
            exit nlib > 0
        }' "$reports"/*.report.* 2> "$dir/tsan.count"
    rc=$?
    cat "$dir/tsan.count"
    [ "$rc" -eq 0 ] || fail "ThreadSanitizer reports races in the library (all in $reports)"
    exit 0
fi

run mixed --rounds "$rounds"
if grep -q "skipped" "$dir/mixed.out"; then
    echo "test_threads: skipped: MPI_THREAD_MULTIPLE is not provided"
    exit 0
fi

ORTHO_VERBOSE=1 mpirun_np "$prog" --threads "$nthreads" --rounds "$vrounds" \
    > "$dir/verbose.out" 2> "$dir/verbose.err"
rc=$?
[ "$rc" -eq 0 ] || fail "verbose run: exit status $rc$(hang "$rc"): $(tail -n 20 "$dir/verbose.err")"
read -r ncomms ndec < <(sed -nE 's/^threads: ([0-9]+) communicators, ([0-9]+) decisions each$/\1 \2/p' "$dir/verbose.out")
[ -n "${ndec:-}" ] || fail "verbose run: no 'decisions each' line"
# "ortho: MPI_Bcast on thread 0 (4 processes), [4 B, 8 B): phases on grid 2x2 (why)"
sed -nE 's/^ortho: (MPI_[A-Za-z]+) on (.+) \(([0-9]+) processes\), ([^:]+): .*$/\2|\1|\4/p' \
    "$dir/verbose.err" > "$dir/decisions"
# two messages on one line, a message starting mid-line, a decision cut
bad=$( (grep -E 'ortho: .*ortho: |.ortho: ' "$dir/verbose.err"
        grep '^ortho: MPI_' "$dir/verbose.err" |
            grep -vE '^ortho: MPI_[A-Za-z]+ on .+ \([0-9]+ processes\), [^:]+: .+$') | head -n 5)
[ -z "$bad" ] || fail "verbose lines run together or cut: $bad"
labels=$(cut -d'|' -f1 "$dir/decisions" | sort | uniq -c)
dups=$(sort "$dir/decisions" | uniq -d)
[ -z "$dups" ] || fail "a decision reported twice on one communicator: $(echo "$dups" | head -n 3)"
[ "$(echo "$labels" | grep -c .)" -eq "$ncomms" ] ||
    fail "verbose lines name $(echo "$labels" | grep -c .) communicators, not $ncomms (labels: $(echo "$labels" | tr '\n' ';'))"
echo "$labels" | awk -v d="$ndec" '$1 != d { bad = 1 } END { exit bad }' ||
    fail "not $ndec decision lines per communicator: $(echo "$labels" | tr '\n' ';')"
echo "test_threads: verbose: $ncomms communicators ($(echo "$labels" | sed -E 's/^ *[0-9]+ //' | tr '\n' ',' | sed 's/,$//')), $ndec whole lines each"

ORTHO_PROFILE=$src/profiles/paper-xeon-scampi.profile run profile --profile --rounds 1
