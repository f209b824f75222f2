#!/usr/bin/env bash
# How a point is timed (lib/measure/repeat.c) on SimGrid SMPI's global
# clock: tests/smpi/check_clock on the three platforms. Ends with one line:
# "SMPI clock checks: N passed, N failed".
#
#   make check-smpi                                 builds with smpicc, runs this too
#   BUILD=build-smpi tests/smpi/run_clock.sh        all runs
# shellcheck source=lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
smpi_setup check_clock

smpi_closing_pattern() {
    echo "^check_clock: [0-9]+ passed, [0-9]+ failed \\($1 processes\\)\$"
}

# name | platform | p
RUNS=("clock-star-8|clic_star|8" "clock-multicore-16|multicore|16" "clock-torus-16|t3e_torus|16")
for entry in "${RUNS[@]}"; do
    IFS='|' read -r name platform np <<<"$entry"
    smpi_selected "$name" "$@" || continue
    smpi_run "$name" "p=$np" "$np" "$platform" "$PLATFORMS/$platform.hostfile" -- "$PROG"
done
smpi_summary "SMPI clock checks"
