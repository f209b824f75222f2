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
# and calls per case small; see tests/README.md)
TABLE=(
    "test_grid: 1 2 3 4 6 8"
    "test_ortho2d: 1 2 3 4 6 8"
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
        if timeout "$TIMEOUT" "$MPIEXEC" -n "$np" "$BUILD/tests/$name"; then
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
