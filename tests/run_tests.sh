#!/usr/bin/env bash
# Runs each test program under mpiexec at the process counts listed for it
# and ends with one line: "Tests: N passed, N failed" (one run = one test).
#   BUILD=build tests/run_tests.sh            all tests
#   BUILD=build tests/run_tests.sh test_grid  only the named ones
set -u
BUILD=${BUILD:-build}
MPIEXEC=${MPIEXEC:-mpiexec}
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
    "test_variants: 4 5"
    "test_semantics: 4 5 6 8"
    "test_interpose: 4"
    "test_threads: 2 4"
    "test_comm_budget: 4"
    "test_model_predict: 1"
    "test_model_profile: 1"
    "test_model_fit: 1"
    "test_model_pure: 1"
    "test_measure: 1 4"
    "test_model_tools: 1 2"
    "test_select: 1 4"
    "test_tune: 4"
    "test_pab: 1 2 3 4 5 6"
    "test_jacobi: 1 2 3 4 5 6"
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
        cmd=("$MPIEXEC" -n "$np" "$BUILD/tests/$name")
        if [ -f "tests/$name.sh" ]; then
            cmd=(env BUILD="$BUILD" MPIEXEC="$MPIEXEC" bash "tests/$name.sh" "$np")
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
