#!/usr/bin/env bash
# The N-D operations, uneven grids and drop-in functions against native MPI
# on a simulated cluster (SimGrid SMPI): tests/smpi/check_nd under smpirun
# at the process counts and layouts below. Ends with one line:
# "SMPI N-D checks: N passed, N failed".
#
#   make check-smpi                                 builds with smpicc, runs run.sh and this
#   BUILD=build-smpi tests/smpi/run_nd.sh           all runs
#   BUILD=build-smpi tests/smpi/run_nd.sh nd-97     only the named runs
#
# Layouts: extents for ortho_grid_create, u and extents for
# ortho_grid_create_uneven (0 chosen). A run passes when smpirun exits 0 AND
# check_nd printed its closing line with 0 failures (SMPI can end a
# deadlocked simulation with status 0).
set -u
BUILD=${BUILD:-build-smpi}
SMPIRUN=${SMPIRUN:-smpirun}
TIMEOUT=${SMPI_TIMEOUT:-300}
HERE=$(cd "$(dirname "$0")" && pwd)
PLATFORMS=$(cd "$HERE/../../platforms" && pwd)
PROG="$BUILD/tests/smpi/check_nd"
COMMON=(--cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/coll-selector:mpich
        --log=root.thr:warning)

# name | p | environment | check_nd arguments
RUNS=(
    "nd-8|8||2x2x2 u0x3 u0x7"
    "nd-12|12||2x2x3 3x2x2 u0x5"
    "nd-16|16||2x2x4 2x2x2x2 u0x3x3"
    "nd-24|24||2x3x4 4x3x2 2x2x2x3 u0x5 u0x2x5"
    "nd-27|27||3x3x3 u0x4x4 u0x2x2x2"
    "uneven-5|5||u0x2 u0x4 u0x2x2"
    "uneven-7|7||u0x3 u0x6 u0x2x2"
    "uneven-11|11||u0x3 u0x4 u0x10 u0x2x2"
    "uneven-13|13||u0x4 u0x12 u0x3x2"
    "nd-97|97||u0x0 u0x10 u0x4x4 u0x3x3x3 u8x12 u4x4x6"
    "dropin-97-default|97||-d"
    "dropin-97-4x4x6|97|ORTHO_GRID=4x4x6|-d"
    "dropin-24-2x2x2x3|24|ORTHO_GRID=2x2x2x3|-d"
    "dropin-16-native|16|ORTHO_GRID=native|-d"
    "dropin-13-malformed|13|ORTHO_GRID=4x|-d"
)

if [ ! -x "$PROG" ]; then
    echo "run_nd.sh: $PROG not found; build it with: make SMPI=1" >&2
    exit 2
fi
LOGDIR=$(mktemp -d "${TMPDIR:-/tmp}/ortho-smpi-nd.XXXXXX")
trap 'rm -rf "$LOGDIR"' EXIT

passed=0
failed=0
failed_runs=()
total_start=$SECONDS
for entry in "${RUNS[@]}"; do
    IFS='|' read -r name np envs args <<<"$entry"
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
        continue
    fi
    log="$LOGDIR/$name.log"
    start=$SECONDS
    # shellcheck disable=SC2086  # envs and args are lists of words
    env $envs timeout "$TIMEOUT" "$SMPIRUN" -np "$np" -platform "$PLATFORMS/clic_star.xml" \
        -hostfile "$PLATFORMS/clic_star.hostfile" "${COMMON[@]}" "$PROG" -q $args >"$log" 2>&1
    status=$?
    closing=$(grep -E "^check_nd: [0-9]+ passed, [0-9]+ failed \($np processes\)$" "$log" | tail -n 1)
    if [ "$status" -eq 0 ] && [[ "$closing" == *" 0 failed "* ]]; then
        passed=$((passed + 1))
        echo "-- $name (p=$np $envs $args): ok, ${closing#check_nd: } ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        failed_runs+=("$name")
        echo "-- $name (p=$np $envs $args): FAILED, exit status $status ($((SECONDS - start)) s)"
        tail -n 15 "$log" | sed 's/^/   | /'
    fi
done
for run in "${failed_runs[@]+"${failed_runs[@]}"}"; do
    echo "failed: $run"
done
echo "SMPI N-D checks: $passed passed, $failed failed ($((SECONDS - total_start)) s)"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
