#!/usr/bin/env bash
# ortho-info, run by run_tests.sh as "test_ortho_info: NP" (NP 1 and 2):
#  - --version is the Makefile's VERSION; --help; a bad option or value:
#    one line on stderr naming it, exit 2;
#  - under mpiexec -n NP: the version, the MPI built with and run on, every
#    setting of --settings-markdown listed; NP >= 2 the processes and nodes
#    (MPICH with MPIR_CVAR_ODD_EVEN_CLIQUES=1: 2 nodes of 1 process);
#  - an invalid setting is shown INVALID with why and what is used
#    instead (exit 1), a valid one "(valid)";
#  - --profile: a published profile's summary; a profile with decisions:
#    its table per operation and p, and what it picks for --procs 4; a
#    missing profile: "cannot be used", exit 1.
set -eu
np=${1:-1}
. "$(dirname "$0")/../scripts/mpi_env.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
info="$BUILD/bin/ortho-info"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "test_ortho_info: $*" >&2; exit 1; }
has() { grep -qF -- "$2" "$1" || { cat "$1"; fail "no '$2' in the output"; }; }
# bad ARGS...: exit 2 and one line on stderr naming the first argument
bad() {
    local rc=0
    "$info" "$@" > "$dir/bad.out" 2> "$dir/bad.err" || rc=$?
    [ "$rc" -eq 2 ] || fail "ortho-info $*: exit $rc, expected 2"
    [ "$(wc -l < "$dir/bad.err")" -eq 1 ] ||
        { cat "$dir/bad.err"; fail "ortho-info $*: not one line"; }
    grep -qF -- "$1" "$dir/bad.err" || fail "ortho-info $*: the line does not name $1"
}
run() { "${mpiexec[@]}" -n "$np" "$info" "$@"; }

version=$(scripts/version.sh)
[ "$("$info" --version)" = "ortho-info (ortho) $version" ] || fail "--version is not $version"
"$info" --help > "$dir/help.out"
has "$dir/help.out" "--settings-markdown"
has "$dir/help.out" "--profile FILE"
bad --nope
bad --procs 1
bad --procs x
bad --profile
bad extra
echo "ortho-info: --version $version, --help, bad options: one line, exit 2"

run > "$dir/plain.out"
has "$dir/plain.out" "ortho:       $version"
case $MPI in
    mpich) has "$dir/plain.out" "built with:  MPICH " ;;
    openmpi) has "$dir/plain.out" "built with:  Open MPI " ;;
esac
has "$dir/plain.out" "running on:  "
"$info" --settings-markdown | sed -n 's/^| `\(ORTHO_[A-Z_]*\)`.*/\1/p' > "$dir/names"
[ "$(wc -l < "$dir/names")" -ge 14 ] || fail "--settings-markdown lists fewer than 14 settings"
while read -r name; do
    grep -q "^  $name\$" "$dir/plain.out" || fail "$name is not listed"
done < "$dir/names"
if [ "$np" -ge 2 ]; then
    has "$dir/plain.out" "processes:   $np"
    has "$dir/plain.out" "nodes:       "
    if [ "$MPI" = mpich ] && [ "$np" -eq 2 ]; then
        MPIR_CVAR_ODD_EVEN_CLIQUES=1 run > "$dir/cliques.out"
        has "$dir/cliques.out" "nodes:       2 nodes of 1 process, ranks in consecutive blocks"
    fi
fi
echo "ortho-info under mpiexec -n $np: version, MPI, $(wc -l < "$dir/names") settings listed"

rc=0
ORTHO_ADAPT_CANDIDATES=12 ORTHO_SELECT_EXTRAPOLATE=yes \
    ORTHO_VARIANT=allgather=pipe,allgather=native run > "$dir/invalid.out" || rc=$?
[ "$rc" -eq 1 ] || fail "an invalid setting: exit $rc, expected 1"
# lines folded at 100 columns continue with 15 spaces: joined back
sed -E -e ':a' -e 'N' -e '$!ba' -e 's/\n {15}/ /g' "$dir/invalid.out" > "$dir/joined.out"
mv "$dir/joined.out" "$dir/invalid.out"
has "$dir/invalid.out" '"12" INVALID: is not an integer in [0, 8]; the default 3 is used'
has "$dir/invalid.out" '"yes" (valid)'
has "$dir/invalid.out" 'names allgather twice; the native MPI collectives run'
echo "ortho-info: invalid settings shown with why, valid ones as valid"

run --profile profiles/paper-xeon-scampi.profile > "$dir/paper.out"
has "$dir/paper.out" "machine:     dual Xeon cluster"
has "$dir/paper.out" "decisions:   none"
cat > "$dir/tuned.profile" <<'EOF'
ortho-profile 2
machine test machine
bcast     binomial alpha=107us beta=84.1ns
decide allgather p=4 b<8K native
decide allgather p=4 b>=8K b<32K phases:2x2:cols gain=0.25
decide bcast p=4 b>=1K scag:2x2:rows gain=0.5
EOF
run --profile "$dir/tuned.profile" --procs 4 > "$dir/tuned.out"
has "$dir/tuned.out" "contents:    1 runtime functions, 3 decisions, 0 measured curves"
has "$dir/tuned.out" "  allgather p=4:"
has "$dir/tuned.out" "    [8K, 32K)                   phases:2x2:cols  (speedup 1.33x)"
has "$dir/tuned.out" "    [1K, inf)                   scag:2x2:rows  (speedup 2.00x)"
has "$dir/tuned.out" "  allgather  native             phases:2x2:cols    native"
rc=0
run --profile "$dir/missing.profile" > "$dir/missing.out" || rc=$?
[ "$rc" -eq 1 ] || fail "a missing profile: exit $rc, expected 1"
has "$dir/missing.out" "cannot be used: "
echo "ortho-info --profile: summary, decisions per operation and p, picks for --procs 4"
