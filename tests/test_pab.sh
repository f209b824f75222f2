#!/usr/bin/env bash
# The pab program (apps/pab, docs/pab.md), run by run_tests.sh as
# "test_pab: NP" (BUILD and the MPI from the environment, scripts/mpi_env.sh):
#  - ortho-pab --check: data- and task-parallel, native, ortho (every P x Q with
#    P, Q >= 2) and auto, PAB and PABM, bruss and spectral, all give the
#    serial solution within rounding on NP processes (n = 70 and 24, so that
#    both MPI_Allgather and MPI_Allgatherv occur for NP = 1 .. 6);
#  - NP = 1: ortho-pab --convergence: the observed orders (K for PAB, K+1 for
#    PABM, K = 2, 4, 8) on the spectral system with its exact solution;
#  - NP = 2: a run with --predict and --output prints the prediction beside
#    the measurement and writes n values.
set -eu
np=${1:-1}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_pab: $*" >&2; exit 1; }

"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-pab" --check > "$dir/check" || { cat "$dir/check"; fail "check failed on $np"; }
grep -q "^check on $np processes: all modes agree" "$dir/check" || { cat "$dir/check"; fail "no verdict"; }
[ "$(grep -c '^ok ' "$dir/check")" -ge 9 ] && ! grep -q '^FAIL' "$dir/check" || { cat "$dir/check"; fail "too few cases"; }

if [ "$np" -eq 1 ]; then
    "${mpiexec[@]}" -n 1 "$BUILD/bin/ortho-pab" --convergence > "$dir/conv" || { cat "$dir/conv"; fail "orders not reached"; }
    [ "$(grep -c 'observed order .*: ok$' "$dir/conv")" -eq 6 ] || { cat "$dir/conv"; fail "expected 6 methods"; }
fi

if [ "$np" -eq 2 ]; then
    "${mpiexec[@]}" -n 2 "$BUILD/bin/ortho-pab" --method pabm --K 2 --I 2 --system spectral --n 32 --steps 2 \
        --comm ortho --predict "$src/profiles/paper-t3e-1200.profile" --output "$dir/y" > "$dir/run" \
        || { cat "$dir/run"; fail "run with --predict failed"; }
    grep -q "^per step: predicted .* measured .* deviation" "$dir/run" || { cat "$dir/run"; fail "no prediction"; }
    grep -q "max error against the exact solution" "$dir/run" || { cat "$dir/run"; fail "no error"; }
    [ "$(wc -l < "$dir/y")" -eq 32 ] || fail "--output did not write 32 values"
    if "${mpiexec[@]}" -n 2 "$BUILD/bin/ortho-pab" --comm ortho --grid 3x1 --n 64 --steps 1 > "$dir/bad" 2>&1; then
        fail "a grid that does not fit was accepted"
    fi
    grep -q "does not have the 2 processes" "$dir/bad" || { cat "$dir/bad"; fail "no message for a bad grid"; }
fi
echo "test_pab np=$np: ok"
