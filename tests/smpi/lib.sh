# Sourced by tests/smpi/run.sh, run_nd.sh and run_variants.sh: the settings
# every simulated run shares, the one smpirun invocation, its verdict, and
# the closing summary.
#
# A run passes when smpirun exits 0 AND the harness printed its closing
# line with 0 failures: SMPI can end a deadlocked simulation with status 0,
# so the status alone proves nothing. See docs/simulation.md for the
# settings.
# shellcheck shell=bash
set -u
BUILD=${BUILD:-build-smpi}
SMPIRUN=${SMPIRUN:-smpirun}
TIMEOUT=${SMPI_TIMEOUT:-300}
PLATFORMS=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../platforms" && pwd)

# Settings of every run: the platform's own latency and bandwidth (no
# size-dependent SMPI factors), quiet simulator logs.
SMPI_COMMON=(--cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thr:warning)

SMPI_PASSED=0
SMPI_FAILED=0
SMPI_FAILED_RUNS=()
SMPI_START=$SECONDS

# smpi_setup HARNESS: PROG=$BUILD/tests/smpi/HARNESS, or exit 2 when it was
# not built; SMPI_TMP: a folder for logs and other files, removed at exit.
smpi_setup() {
    PROG="$BUILD/tests/smpi/$1"
    if [ ! -x "$PROG" ]; then
        echo "$(basename "$0"): $PROG not found; build it with: make SMPI=1" >&2
        exit 2
    fi
    SMPI_TMP=$(mktemp -d "${TMPDIR:-/tmp}/ortho-smpi-$1.XXXXXX")
    trap 'rm -rf "$SMPI_TMP"' EXIT
}

# smpi_blocks SIZE...: a hostfile (on stdout) of nodes of SIZE processes
# each, ranks placed node by node (node-0, node-1, ...).
smpi_blocks() {
    local node=0 size k
    for size in "$@"; do
        for ((k = 0; k < size; k++)); do echo "node-$node"; done
        node=$((node + 1))
    done
}

# smpi_selected NAME [NAMES...]: true when no NAMES are given or NAME is
# one of them (the scripts' arguments choose runs by name).
smpi_selected() {
    local name=$1
    shift
    [ $# -eq 0 ] || [[ " $* " == *" $name "* ]]
}

# The closing line of the harness at NP processes, as an extended regex
# (check_ops.c and check_nd.c print it last).
smpi_closing_pattern() {
    case $(basename "$PROG") in
    check_ops) echo "^check_ops p=$1: [0-9]+ passed, [0-9]+ failed\$" ;;
    check_nd) echo "^check_nd: [0-9]+ passed, [0-9]+ failed \\($1 processes\\)\$" ;;
    esac
}

# smpi_run NAME DESCRIPTION NP PLATFORM HOSTFILE [VAR=VALUE...] -- ARGS...
# Runs smpirun with NP processes on platforms/PLATFORM.xml and HOSTFILE,
# the common settings, then ARGS (more settings, $PROG and its options),
# with the environment variables VAR=VALUE, and prints one line:
# "-- NAME (DESCRIPTION): ok, <the closing line's counts> (N s)", or
# FAILED and what the log shows of the failure. SMPI_FAILURE_HINT, when
# set, is printed after the end of a log that has no closing line.
smpi_run() {
    local name=$1 description=$2 np=$3 platform=$4 hostfile=$5
    shift 5
    local assignments=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        assignments+=("$1")
        shift
    done
    shift
    local log="$SMPI_TMP/$name.log" start=$SECONDS status closing
    env "${assignments[@]+"${assignments[@]}"}" timeout "$TIMEOUT" "$SMPIRUN" -np "$np" \
        -platform "$PLATFORMS/$platform.xml" -hostfile "$hostfile" "${SMPI_COMMON[@]}" "$@" \
        >"$log" 2>&1
    status=$?
    closing=$(grep -E "$(smpi_closing_pattern "$np")" "$log" | tail -n 1)
    if [ "$status" -eq 0 ] && [[ "$closing" == *" 0 failed" || "$closing" == *" 0 failed "* ]]; then
        SMPI_PASSED=$((SMPI_PASSED + 1))
        echo "-- $name ($description): ok, ${closing#*: } ($((SECONDS - start)) s)"
        return 0
    fi
    SMPI_FAILED=$((SMPI_FAILED + 1))
    SMPI_FAILED_RUNS+=("$name")
    echo "-- $name ($description): FAILED, exit status $status ($((SECONDS - start)) s)"
    if [ -z "$closing" ]; then
        echo "   no closing line: crashed, deadlocked or timed out; the end of its output:"
        tail -n 15 "$log" | sed 's/^/   | /'
        if [ -n "${SMPI_FAILURE_HINT:-}" ]; then
            echo "   ($SMPI_FAILURE_HINT)"
        fi
    else
        grep -E "^FAIL " "$log" | head -n 40 | sed 's/^/   /'
        echo "   $closing"
    fi
    return 1
}

# smpi_summary TITLE: names the failed runs, prints
# "TITLE: N passed, N failed (N s)"; true when all passed and one ran.
smpi_summary() {
    local run
    for run in "${SMPI_FAILED_RUNS[@]+"${SMPI_FAILED_RUNS[@]}"}"; do
        echo "failed: $run"
    done
    echo "$1: $SMPI_PASSED passed, $SMPI_FAILED failed ($((SECONDS - SMPI_START)) s)"
    [ "$SMPI_FAILED" -eq 0 ] && [ "$SMPI_PASSED" -gt 0 ]
}
