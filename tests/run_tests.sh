#!/usr/bin/env bash
# Runs each test program under mpiexec at the process counts listed for it
# and ends with one line: "Tests: N passed, N failed" (one run = one test).
#   tests/run_tests.sh                        all tests, MPICH's build (build/)
#   MPI=openmpi tests/run_tests.sh            Open MPI's (build-openmpi/)
#   BUILD=build tests/run_tests.sh test_grid  only the named ones
# The MPI's commands and settings: scripts/mpi_env.sh (make check exports
# them). Run from the repository's root.
set -u
. "$(dirname "$0")/../scripts/mpi_env.sh"
TIMEOUT=${TEST_TIMEOUT:-600}

# program: process counts (oversubscribed on small machines: keep counts
# and calls per case small; see tests/README.md). A name with a script
# tests/NAME.sh runs that script with the count as its argument.
TABLE=(
    "test_grid: 1 2 3 4 6 8"
    "test_ortho2d: 1 2 3 4 6 8"
    "test_orthond: 1 3 4 5 8"
    "test_dropin: 1 2 4 5"
    "test_adapt: 1 4"
    "test_report: 1 4"
    "test_variants: 4 5"
    "test_pipe_trees: 12"
    "test_spread_nodes: 4 5"
    "test_bottom_and_self: 4 5"
    "test_semantics: 3 4 5 6 8"
    "test_interpose: 4"
    "test_fortran: 4"
    "test_threads: 2 4"
    "test_comm_budget: 4"
    "test_model_predict: 1"
    "test_model_profile: 1"
    "test_model_fit: 1"
    "test_model_pure: 1"
    "test_model_nodes: 1"
    "test_model_switches: 1"
    "test_measure: 1 4"
    "test_model_tools: 1 2"
    "test_model_evidence: 1"
    "test_tool_cli: 1 2"
    "test_select: 1 4"
    "test_settings: 1 2 4"
    "test_ortho_info: 1 2"
    "test_settings_readme: 1"
    "test_tune: 4"
    "test_pab: 1 2 3 4 5 6"
    "test_jacobi: 1 2 3 4 5 6"
    "test_exports: 1"
    "test_installcheck: 1"
    "test_plot: 4"
    "test_bench_bounds: 1"
    "test_bench: 4"
    "test_scale: 1"
    "test_default_vs_native: 1"
    "test_man_pages: 1"
)

passed=0
failed=0
failed_runs=()
for entry in "${TABLE[@]}"; do
    name=${entry%%:*}
    counts=${entry#*:}
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
        continue
    fi
    for np in $counts; do
        start=$SECONDS
        cmd=("${mpiexec[@]}" -n "$np" "$BUILD/tests/$name")
        if [ -f "tests/$name.sh" ]; then
            cmd=(bash "tests/$name.sh" "$np")
        fi
        if timeout "$TIMEOUT" "${cmd[@]}"; then
            passed=$((passed + 1))
            echo "-- $name np=$np: ok ($((SECONDS - start)) s)"
        else
            failed=$((failed + 1))
            failed_runs+=("$name np=$np")
            echo "-- $name np=$np: FAILED ($((SECONDS - start)) s)"
        fi
    done
done
for run in "${failed_runs[@]+"${failed_runs[@]}"}"; do
    echo "failed: $run"
done
echo "Tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
