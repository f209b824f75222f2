#!/usr/bin/env bash
# tests/test_jacobi.sh NP: the Jacobi application on NP processes.
# Every variant (row, col-mb, col-sb) with every communication mode (native,
# auto, ortho on every 2D layout of NP, on a 3D and on uneven grids) must give
# the solution of a sequential Jacobi run of as many iterations (--check),
# for n divisible by NP and not (Allgatherv); and a run to convergence must
# reach a small residual. Few iterations: oversubscribed MPI is slow here.
set -u
np=${1:?usage: test_jacobi.sh NP}
. "$(dirname "$0")/../scripts/mpi_env.sh"
bin="$BUILD/bin/ortho-jacobi"
fail=0

# Every 2D layout with both sides >= 2; for 1 and primes the balanced np x 1.
layouts=""
for ((d = 2; d < np; d++)); do
    if ((np % d == 0)); then
        layouts="$layouts${layouts:+,}${d}x$((np / d))"
    fi
done
layouts=${layouts:-${np}x1}
nlayouts=$(tr ',' '\n' <<<"$layouts" | wc -l)

# The result rows with the communication mode as one field ("ortho 2x2"
# -> "ortho:2x2"): variant comm iters rel.res ...
fields() {
    grep -E '^(row|col-mb|col-sb) ' | sed -E 's/^([a-z-]+ +)(ortho|auto) /\1\2:/' | cut -c9-
}

# run DESCRIPTION EXPECTED_ROWS ARGS...: exit status 0, every result row
# "ok", as many rows as expected, each with the expected iteration count.
run() {
    local what=$1 rows=$2 iters=$3 out
    shift 3
    if ! out=$("${mpiexec[@]}" -n "$np" "$bin" "$@" 2>&1); then
        echo "test_jacobi np=$np: $what: exit status non-zero"
        echo "$out"
        fail=1
        return
    fi
    local got ok
    got=$(grep -cE '^(row|col-mb|col-sb) ' <<<"$out")
    ok=$(fields <<<"$out" | awk -v it="$iters" '$2 == it && $0 ~ /\| ok /' | wc -l)
    if [ "$got" -ne "$rows" ] || [ "$ok" -ne "$rows" ]; then
        echo "test_jacobi np=$np: $what: $got rows, $ok ok, expected $rows"
        echo "$out"
        fail=1
    fi
}

# n = 12 np: every 2D layout. n = 6 np + 5, never divisible by np > 1
# (Allgatherv): a 3D grid (ortho_nd_) and a 2D one, uneven boxes for most np.
run "n=$((12 * np)) all variants and modes" $((3 * (nlayouts + 2))) 2 \
    -n $((12 * np)) --variant all --comm native,ortho,auto --grid "$layouts" \
    --tol 0 --maxit 2 --check
run "n=$((6 * np + 5)) all variants and modes, 3D and uneven grids" 12 2 \
    -n $((6 * np + 5)) --variant all --comm native,ortho,auto --grid 2x2x2,3x2 \
    --tol 0 --maxit 2 --check

# To convergence: the stopping rule and the residual.
out=$("${mpiexec[@]}" -n "$np" "$bin" -n 40 --variant col-sb --comm ortho --tol 1e-12 --maxit 60 --check 2>&1)
status=$?
res=$(fields <<<"$out" | awk '$0 ~ /\| ok / && $2 < 60 && $3 + 0 <= 1e-11 { n++ } END { print n == 1 ? "ok" : "bad" }')
if [ $status -ne 0 ] || [ "$res" != ok ]; then
    echo "test_jacobi np=$np: convergence run: status $status, residuals $res"
    echo "$out"
    fail=1
fi

exit $fail
