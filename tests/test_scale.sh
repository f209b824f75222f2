#!/usr/bin/env bash
# tests/test_scale.sh NP: bench/scale.sh's table (TABLE_ONLY=1) from CSVs
# written here in ortho-bench's format, against rows worked out by hand:
# candidates paired across process counts by their name without the
# layout, the fastest layout of a kind kept, WRONG points left out, the
# runs of one process count merged (star-1024-bcast.csv, star-1024-reduce.csv), a
# kind timed at one count only shown with "-", each time over its own
# bound and the growth t(1024) / t(128). NP is ignored (no MPI).
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/ortho-test-scale.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail() {
    echo "test_scale: $*" >&2
    exit 1
}
head=platform,natives,op,p,bytes,impl,layout,ndims,time_s,min_s,max_s,native_s,speedup,bound_s,ratio,status
cat >"$dir/star-128.csv" <<EOF
$head
clic_star,mpich,bcast,128,102400,native,native,1,0.05,0.05,0.05,0.05,1,0.01,5,unchecked
clic_star,mpich,bcast,128,102400,pipe:16x8:rows,16x8,2,0.02,0.02,0.02,0.05,2.5,0.01,2,unchecked
clic_star,mpich,bcast,128,102400,chain:2x64:rows,2x64,2,0.04,0.04,0.04,0.05,1.25,0.01,4,unchecked
clic_star,mpich,reduce,128,102400,rsag:16x8:rows,16x8,2,0.001,0.001,0.001,0.05,50,0.01,0.1,WRONG
EOF
cat >"$dir/star-1024-bcast.csv" <<EOF
$head
clic_star,mpich,bcast,1024,102400,native,native,1,0.5,0.5,0.5,0.5,1,0.02,25,unchecked
clic_star,mpich,bcast,1024,102400,pipe:32x32:rows,32x32,2,0.07,0.07,0.07,0.5,7.14,0.02,3.5,ok
clic_star,mpich,bcast,1024,102400,pipe:64x16:rows,64x16,2,0.06,0.06,0.06,0.5,8.33,0.02,3,ok
EOF
cat >"$dir/star-1024-reduce.csv" <<EOF
$head
clic_star,mpich,reduce,1024,102400,rsag:32x32:rows,32x32,2,0.08,0.08,0.08,0.5,1,0.02,4,ok
EOF
TABLE_ONLY=1 TMP=$dir bash "$(dirname "$0")/../bench/scale.sh" star >"$dir/table" 2>"$dir/err" ||
    { cat "$dir/err"; fail "bench/scale.sh TABLE_ONLY=1 failed"; }
cat >"$dir/want" <<'EOF'
| platform | op | bytes | candidate | layout 128 | time 128 | /bound | layout 1024 | time 1024 | /bound | growth | result |
|---|---|---|---|---|---|---|---|---|---|---|---|
| star | bcast | 102400 | native | - | 0.05 s | 5.00 | - | 0.5 s | 25.00 | 10.00 | unchecked |
| star | bcast | 102400 | pipe:rows | 16x8 | 0.02 s | 2.00 | 64x16 | 0.06 s | 3.00 | 3.00 | ok |
| star | bcast | 102400 | chain:rows | 2x64 | 0.04 s | 4.00 | - | - | - | - | - |
| star | reduce | 102400 | rsag:rows | - | - | - | 32x32 | 0.08 s | 4.00 | - | ok |
EOF
if ! cmp -s "$dir/want" "$dir/table"; then
    diff "$dir/want" "$dir/table"
    fail "the table differs from the one worked out by hand (< expected, > printed)"
fi
echo "test_scale: bench/scale.sh's table from canned CSVs as worked out by hand"
