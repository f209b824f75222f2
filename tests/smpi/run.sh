#!/usr/bin/env bash
# The 2D operations against native MPI on simulated platforms (SimGrid SMPI).
# Runs tests/smpi/check_ops under smpirun at the process counts and settings
# below and ends with one line: "SMPI checks: N passed, N failed".
#
#   make check-smpi                            builds with smpicc, then runs this
#   BUILD=build-smpi tests/smpi/run.sh         all runs
#   BUILD=build-smpi tests/smpi/run.sh star-16 star-64   only the named runs
#
# A run passes when smpirun exits 0 AND check_ops printed its closing line
# with 0 failures: SMPI can end a deadlocked simulation with status 0, so
# the status alone proves nothing. See docs/simulation.md for the settings.
set -u
BUILD=${BUILD:-build-smpi}
SMPIRUN=${SMPIRUN:-smpirun}
TIMEOUT=${SMPI_TIMEOUT:-300}
HERE=$(cd "$(dirname "$0")" && pwd)
PLATFORMS=$(cd "$HERE/../../platforms" && pwd)
PROG="$BUILD/tests/smpi/check_ops"

# Settings of every run: the platform's own latency and bandwidth (no
# size-dependent SMPI factors), quiet simulator logs.
COMMON=(--cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --log=root.thr:warning)
MPICH=(--cfg=smpi/coll-selector:mpich)
OMPI=(--cfg=smpi/coll-selector:ompi)
# The paper's LAM-like natives (docs/simulation.md).
LAM=(--cfg=smpi/bcast:binomial_tree --cfg=smpi/allgather:GB --cfg=smpi/allreduce:redbcast
     --cfg=smpi/gather:ompi_basic_linear --cfg=smpi/scatter:ompi_basic_linear
     --cfg=smpi/reduce:binomial)
EAGER=(--cfg=smpi/async-small-thresh:65536)

# name | platform | p | smpirun settings (array names) | check_ops options
RUNS=(
    "star-16|clic_star|16|MPICH|"
    "star-64|clic_star|64|MPICH|-l 4"
    "star-96|clic_star|96|MPICH|-l 4 -r 2"
    "star-12|clic_star|12|MPICH|"
    "star-13|clic_star|13|MPICH|"
    "star-24-eager|clic_star|24|MPICH EAGER|"
    "star-16-ompi|clic_star|16|OMPI|-Z"
    "star-16-lam|clic_star|16|LAM|"
    "torus-64|t3e_torus|64|MPICH|-l 4 -r 2"
    "multicore-128|multicore|128|MPICH|-l 3 -r 1"
)
# -Z with ompi: SMPI 3.32's ompi reduce dies of SIGFPE on count 0.

if [ ! -x "$PROG" ]; then
    echo "run.sh: $PROG not found; build it with: make SMPI=1" >&2
    exit 2
fi
LOGDIR=$(mktemp -d "${TMPDIR:-/tmp}/ortho-smpi.XXXXXX")
trap 'rm -rf "$LOGDIR"' EXIT

passed=0
failed=0
failed_runs=()
total_start=$SECONDS
for entry in "${RUNS[@]}"; do
    IFS='|' read -r name platform np sets opts <<<"$entry"
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
        continue
    fi
    cfg=()
    for set in $sets; do
        eval "cfg+=(\"\${$set[@]}\")"
    done
    log="$LOGDIR/$name.log"
    start=$SECONDS
    # shellcheck disable=SC2086  # opts is a list of words
    timeout "$TIMEOUT" "$SMPIRUN" -np "$np" -platform "$PLATFORMS/$platform.xml" \
        -hostfile "$PLATFORMS/$platform.hostfile" "${COMMON[@]}" "${cfg[@]}" \
        "$PROG" -q $opts >"$log" 2>&1
    status=$?
    closing=$(grep -E "^check_ops p=$np: [0-9]+ passed, [0-9]+ failed$" "$log" | tail -n 1)
    if [ "$status" -eq 0 ] && [[ "$closing" == *" 0 failed" ]]; then
        passed=$((passed + 1))
        echo "-- $name (p=$np, $sets $opts): ok, ${closing#check_ops p=$np: } ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        failed_runs+=("$name")
        echo "-- $name (p=$np, $sets $opts): FAILED, exit status $status ($((SECONDS - start)) s)"
        if [ -z "$closing" ]; then
            echo "   no closing line: crashed, deadlocked or timed out; the end of its output:"
            tail -n 15 "$log" | sed 's/^/   | /'
            echo "   (run check_ops with -v to see the case it was in)"
        else
            grep -E "^FAIL " "$log" | head -n 40 | sed 's/^/   /'
            echo "   $closing"
        fi
    fi
done
for run in "${failed_runs[@]+"${failed_runs[@]}"}"; do
    echo "failed: $run"
done
echo "SMPI checks: $passed passed, $failed failed ($((SECONDS - total_start)) s)"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
