#!/usr/bin/env bash
# The ORTHO_* settings, run by run_tests.sh as "test_settings: NP":
#  - test_settings (CUnit: the registry, the boolean parser, the checks,
#    ORTHO_SELECT_EXTRAPOLATE=yes keeping the profile) at NP processes;
#  - no getenv("ORTHO_...") in lib/ outside lib/settings;
#  - NP >= 4: examples/unmodified.c preloaded with libortho_mpi.so, results
#    right, and on stderr exactly one line for a setting that does not
#    apply (ORTHO_GRID=0x5: native; 3x3: a grid of 2x3; ORTHO_VARIANT=rsag
#    on allgather: phases), for an operation named twice, and none for
#    ORTHO_SELECT_EXTRAPOLATE=yes; ORTHO_VERBOSE=yes / no taken.
set -eu
np=${1:-4}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_settings: $*" >&2; exit 1; }

"${mpiexec[@]}" -n "$np" "$BUILD/tests/test_settings" || fail "test_settings failed at np $np"

stray=$(grep -rn 'getenv("ORTHO_' lib --include='*.c' | grep -v '^lib/settings/' || true)
[ -z "$stray" ] || fail "ORTHO_* read outside lib/settings: $stray"
[ "$np" -ge 4 ] || exit 0

lib="$src/$BUILD/lib/libortho_mpi.so"
"$MPICC" -o "$dir/unmodified" examples/unmodified.c || fail "cannot build the example"
# run NAME VAR=VALUE...: the example preloaded; stderr in $dir/NAME.err
run() {
    local name=$1
    shift
    env "$@" "${mpiexec[@]}" -n "$np" env LD_PRELOAD="$lib" "$dir/unmodified" \
        > "$dir/$name.out" 2> "$dir/$name.err" \
        || { cat "$dir/$name.out" "$dir/$name.err"; fail "$name: the program failed"; }
}
# once NAME TEXT: TEXT on exactly one line of NAME's stderr
once() {
    local n
    n=$(grep -cF -- "$2" "$dir/$1.err" || true)
    [ "$n" -eq 1 ] || { cat "$dir/$1.err"; fail "$1: '$2' on $n lines, expected 1"; }
}

world="on MPI_COMM_WORLD ($np processes)"
run grid05 ORTHO_GRID=0x5
once grid05 "ortho: ORTHO_GRID=\"0x5\" $world: layout 0x5 makes grid 1x5, one row: one phase, \
so the native MPI collectives run"
run grid33 ORTHO_GRID=3x3
if [ "$np" -eq 4 ]; then
    once grid33 "layout 3x3 has 9 places for 4 processes; grid 2x3 (uneven: last row 1 of 3) \
runs instead"
fi
if [ "$np" -eq 4 ]; then
    # a box that lacks whole rows (1x3x2 for 4): rings cannot run there,
    # the program's results stay right and the verbose line says so
    run boxrings ORTHO_GRID=0x3x2 ORTHO_VARIANT=rings ORTHO_VERBOSE=1
    grep -qF "rings on grid 1x3x2 (4 processes in a box of 6: rings needs every place filled" "$dir/boxrings.err" || { cat "$dir/boxrings.err"; fail "boxrings: no box line"; }
fi
run rsag ORTHO_VARIANT=rsag
once rsag "ortho: ORTHO_VARIANT=\"rsag\" $world: rsag does not apply to allgather; \
phases runs instead"
once rsag "rsag does not apply to bcast"
! grep -q 'does not apply to allreduce' "$dir/rsag.err" || fail "rsag applies to allreduce"
run twice ORTHO_VARIANT=allgather=pipe,allgather=native
once twice 'ortho: ORTHO_VARIANT="allgather=pipe,allgather=native" names allgather twice; '\
'the native MPI collectives run instead'
echo "settings that do not apply: one line each, results right"

run extrapolate ORTHO_SELECT_EXTRAPOLATE=yes ORTHO_PROFILE=profiles/paper-xeon-scampi.profile \
    ORTHO_VERBOSE=yes
! grep -q 'ORTHO_SELECT_EXTRAPOLATE\|ORTHO_PROFILE' "$dir/extrapolate.err" \
    || { cat "$dir/extrapolate.err"; fail "ORTHO_SELECT_EXTRAPOLATE=yes was not taken"; }
grep -q "^ortho: MPI_Allreduce on MPI_COMM_WORLD ($np processes)" "$dir/extrapolate.err" \
    || fail "ORTHO_VERBOSE=yes: no decision reported"
run quiet ORTHO_VERBOSE=no ORTHO_GRID=2x2
! grep -q '^ortho: MPI_' "$dir/quiet.err" || fail "ORTHO_VERBOSE=no printed decisions"
run banana ORTHO_VERBOSE=banana
once banana 'ortho: ORTHO_VERBOSE="banana" is not a boolean (1/0, yes/no, true/false, '\
'on/off); the default 0 (off) is used'
echo "ORTHO_SELECT_EXTRAPOLATE=yes and ORTHO_VERBOSE=yes/no taken; an invalid boolean named once"
