#!/usr/bin/env bash
# tests/test_bench.sh NP: ortho-bench --impls candidates times every
# candidate of ortho_candidates() for the communicator. The list to
# expect comes from another program that enumerates them, ortho-tune
# --dry-run with its filters off (3 dimensions as ortho-bench's default,
# no aspect limit); per operation the CSV's impl column must hold exactly
# those names (native included, as the baseline row), every point
# checked ok, and --best must name, per operation, one of the rows timed.
# A candidate the library does not run as named (ORTHO_VARIANT forces
# native) is an ERROR point and a failed run. --calls N (native warmed up
# first, the drop-ins, a fixed candidate over N consecutive calls) gives
# every point ok. Run at np 4 (the rsag:2x2 name).
set -u
np=${1:?usage: test_bench.sh NP}
# shellcheck source=../scripts/mpi_env.sh
. "$(dirname "$0")/../scripts/mpi_env.sh"
dir=$(mktemp -d "${TMPDIR:-/tmp}/ortho-test-bench.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "test_bench: $*" >&2
    exit 1
}
ops=bcast,reduce,allreduce,gather,scatter,allgather

"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-bench" --impls candidates --ops "$ops" --sizes 64 \
    --reps 1 --dims 3 --csv "$dir/points.csv" --best "$dir/best.csv" >"$dir/bench.out" 2>&1 ||
    { cat "$dir/bench.out"; fail "ortho-bench --impls candidates failed on $np processes"; }
"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-tune" --dry-run --dims 3 --max-aspect 1000000 \
    --ops "$ops" >"$dir/tune.out" 2>&1 ||
    { cat "$dir/tune.out"; fail "ortho-tune --dry-run failed on $np processes"; }

for op in ${ops//,/ }; do
    sed -n "s/^ *$op  *[0-9]* candidates: //p" "$dir/tune.out" | tr ' ' '\n' | sed '/^$/d' |
        sort >"$dir/want"
    [ -s "$dir/want" ] || fail "ortho-tune listed no candidates for $op: $(cat "$dir/tune.out")"
    awk -F, -v op="$op" 'NR > 1 && $3 == op { print $6 }' "$dir/points.csv" | sort >"$dir/got"
    if ! cmp -s "$dir/want" "$dir/got"; then
        echo "$op: expected (ortho-tune) < > timed (ortho-bench):"
        diff "$dir/want" "$dir/got"
        fail "$op: the timed candidates differ from ortho_candidates()'s"
    fi
    fastest=$(awk -F, -v op="$op" 'NR > 1 && $3 == op { print $6 }' "$dir/best.csv")
    grep -qx -- "$fastest" "$dir/got" || fail "$op: --best names '$fastest', not a timed row"
done
bad=$(awk -F, 'NR > 1 && $NF != "ok"' "$dir/points.csv")
[ -z "$bad" ] || fail "points not ok: $bad"
echo "test_bench: np=$np, $(($(wc -l <"$dir/points.csv") - 1)) points, the candidates of" \
    "ortho_candidates() for all six operations"

# --candidates: of the same lists, native and the candidates matching a
# pattern: pipe with the field "rows" for allreduce only, every rsag (none
# for bcast), scag with "cols" (bcast only); a pattern whose variant is
# listed but that matches none of its candidates (no 3x3 grid of 4) is
# refused.
pick=allreduce=pipe:rows,rsag,scag:cols
"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-bench" --impls candidates --candidates "$pick" \
    --ops bcast,reduce,allreduce --sizes 64 --reps 1 --csv "$dir/some.csv" >"$dir/some.out" 2>&1 ||
    { cat "$dir/some.out"; fail "ortho-bench --candidates $pick failed on $np processes"; }
for op in bcast reduce allreduce; do
    case $op in
        bcast) want='^(native|scag:(.*:)?cols(:.*)?)$' ;;
        reduce) want='^(native|rsag(:.*)?)$' ;;
        allreduce) want='^(native|rsag(:.*)?|pipe:(.*:)?rows(:.*)?)$' ;;
    esac
    sed -n "s/^ *$op  *[0-9]* candidates: //p" "$dir/tune.out" | tr ' ' '\n' |
        grep -E "$want" | sort >"$dir/want"
    awk -F, -v op="$op" 'NR > 1 && $3 == op { print $6 }' "$dir/some.csv" | sort >"$dir/got"
    [ "$(wc -l <"$dir/want")" -gt 1 ] || fail "$op: no candidates of $want listed to select"
    if ! cmp -s "$dir/want" "$dir/got"; then
        diff "$dir/want" "$dir/got"
        fail "$op: --candidates $pick timed other candidates (< expected, > timed)"
    fi
done
if "${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-bench" --impls candidates --candidates pipe:3x3 \
    --ops bcast --sizes 64 --reps 1 >"$dir/none.out" 2>&1; then
    cat "$dir/none.out"
    fail "--candidates pipe:3x3 on $np processes passed"
fi
grep -q "pipe:3x3 matches no candidate" "$dir/none.out" ||
    { cat "$dir/none.out"; fail "no note of the pattern that matched nothing"; }
echo "test_bench: --candidates times native and the matching candidates only"

# Forced to native, the candidates do not run as named: an error.
if ORTHO_VARIANT=native "${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-bench" --impls candidates \
    --ops bcast --sizes 64 --reps 1 >"$dir/forced.out" 2>&1; then
    cat "$dir/forced.out"
    fail "with ORTHO_VARIANT=native the run passed"
fi
grep -q "did not run as named" "$dir/forced.out" ||
    { cat "$dir/forced.out"; fail "no note of the candidate that ran as native"; }
echo "test_bench: a candidate that runs as something else is an error"

# --calls: the drop-ins and fixed candidates over N consecutive calls, each
# point warmed up by as many native calls first (a real MPI); the results
# of the last call checked
"${mpiexec[@]}" -n "$np" "$BUILD/bin/ortho-bench" --impls dropin,candidates \
    --candidates rsag:rows --ops reduce,allgather --sizes 1K --calls 5 \
    --csv "$dir/calls.csv" >"$dir/calls.out" 2>&1 ||
    { cat "$dir/calls.out"; fail "ortho-bench --calls 5 failed on $np processes"; }
grep -q "5 consecutive calls together" "$dir/calls.out" ||
    { cat "$dir/calls.out"; fail "--calls: no note of how the calls were timed"; }
bad=$(awk -F, 'NR > 1 && ($NF != "ok" || $9 <= 0)' "$dir/calls.csv")
[ -z "$bad" ] || fail "--calls: points not ok: $bad"
for want in "reduce native" "reduce dropin" "reduce rsag:2x2:rows" "allgather native" \
    "allgather dropin"; do
    awk -F, 'NR > 1 { print $3, $6 }' "$dir/calls.csv" | grep -qx "$want" ||
        fail "--calls: no row '$want'"
done
echo "test_bench: --calls times native, the drop-ins and the candidates over consecutive calls"
