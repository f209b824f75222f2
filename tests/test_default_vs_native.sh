#!/usr/bin/env bash
# tests/test_default_vs_native.sh NP: bench/default_vs_native.sh's table
# (TABLE_ONLY=1) from CSVs written here in ortho-bench's format, against
# ratios worked out by hand: per point the geometric means over the rounds
# of native / pass-through, pass-through / default and native / default
# (each run's own native), the spread of pass-through / default, "-" for a
# point of one round, rows other than dropin ignored. NP is ignored (no MPI).
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/ortho-test-dvn.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "test_default_vs_native: $*" >&2
    exit 1
}
head=platform,natives,op,p,bytes,impl,layout,ndims,time_s,min_s,max_s,native_s,speedup,bound_s,ratio,status
row() { # op bytes impl time native
    echo "mpi,x,$1,4,$2,$3,auto,1,$4,$4,$4,$5,1,,,ok"
}
{
    echo "$head"
    row bcast 2048 native 4 4
    row bcast 2048 dropin 5 4
    row reduce 2048 dropin 2 2
} >"$dir/pass-1.csv"
{
    echo "$head"
    row bcast 2048 dropin 4 4
} >"$dir/pass-2.csv"
{
    echo "$head"
    row bcast 2048 dropin 2.5 5
    row reduce 2048 dropin 4 1
} >"$dir/default-1.csv"
{
    echo "$head"
    row bcast 2048 dropin 8 2
} >"$dir/default-2.csv"
TABLE_ONLY=1 OUT=$dir bash "$(dirname "$0")/../bench/default_vs_native.sh" >"$dir/table" 2>"$dir/err" ||
    { cat "$dir/err"; fail "TABLE_ONLY=1 failed"; }
# bcast: pass/native sqrt(4/5 * 4/4) = 0.894; default/pass sqrt(5/2.5 * 4/8)
# = 1.000, spread 2 / 0.5 = 4; default/native sqrt(5/2.5 * 2/8) = 0.707.
# reduce (round 1 only): 1, 0.5, 0.25.
cat >"$dir/want" <<'EOT'
| op | bytes | rounds | pass/native | default/pass | default/native | spread |
|---|---|---|---|---|---|---|
| bcast | 2048 | 2 | 0.894 | 1.000 | 0.707 | 4.00 |
| reduce | 2048 | 1 | 1.000 | 0.500 | 0.250 | - |
worst: pass/native 0.894, default/pass 0.500, default/native 0.250 over 2 points
geometric mean: pass/native 0.946, default/pass 0.707, default/native 0.420
EOT
diff "$dir/want" "$dir/table" || fail "the table differs from the rows worked out by hand"
rm -f "$dir"/*.csv
TABLE_ONLY=1 OUT=$dir bash "$(dirname "$0")/../bench/default_vs_native.sh" >/dev/null 2>&1 &&
    fail "an empty directory gave a table"
echo "test_default_vs_native: ok"
