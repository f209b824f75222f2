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
# with 0 failures (tests/smpi/lib.sh says why). See docs/simulation.md for
# the settings.
# shellcheck source=lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
smpi_setup check_ops
SMPI_FAILURE_HINT="run check_ops with -v to see the case it was in"

# The native settings MPICH, OMPI and the paper's LAM-like one, as the
# benchmark uses them (only those arrays: the runs keep lib.sh's settings).
# shellcheck source=../../scripts/smpi_settings.sh
. "$(dirname "$0")/../../scripts/smpi_settings.sh"
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

for entry in "${RUNS[@]}"; do
    IFS='|' read -r name platform np sets opts <<<"$entry"
    smpi_selected "$name" "$@" || continue
    cfg=()
    for set in $sets; do
        eval "cfg+=(\"\${$set[@]}\")"
    done
    # shellcheck disable=SC2086  # opts is a list of words
    smpi_run "$name" "p=$np, $sets $opts" "$np" "$platform" "$PLATFORMS/$platform.hostfile" \
        -- "${cfg[@]}" "$PROG" -q $opts
done
smpi_summary "SMPI checks"
