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
# shellcheck source=lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
smpi_setup check_nd

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

for entry in "${RUNS[@]}"; do
    IFS='|' read -r name np envs args <<<"$entry"
    smpi_selected "$name" "$@" || continue
    # shellcheck disable=SC2086  # envs and args are lists of words
    smpi_run "$name" "p=$np $envs $args" "$np" clic_star "$PLATFORMS/clic_star.hostfile" $envs \
        -- --cfg=smpi/coll-selector:mpich "$PROG" -q $args
done
smpi_summary "SMPI N-D checks"
