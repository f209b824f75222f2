#!/usr/bin/env bash
# scripts/model_nodes_compare.sh PROFILE BENCH_LOG NODE_SIZE
# The composed prediction against ortho-bench's measured time: for each
# row of an ortho-bench log (stdout) with impl 2d, the measured time, the
# prediction of the same layout from PROFILE without a node size (the
# model without the structure terms: what ortho-predict gave before) and
# with --node-size NODE_SIZE, and their errors; then the median and the
# largest |error| of each. docs/model.md ("Nodes and sharing") shows a run.
# Needs $BUILD/bin/ortho-predict (BUILD=build by default).
set -eu
[ $# -eq 3 ] || { echo "usage: $0 PROFILE BENCH_LOG NODE_SIZE" >&2; exit 2; }
prof=$1 log=$2 c=$3
pred=${BUILD:-build}/bin/ortho-predict
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
printf '%-10s %5s %7s %-8s %11s %11s %8s %11s %8s\n' op p bytes layout measured before error \
    after error
awk '$5 == "2d" && $1 ~ /^(bcast|reduce|allreduce|gather|scatter|allgather)$/' "$log" |
    while read -r op p b layout impl t rest; do
        t0=$("$pred" --profile "$prof" --op "$op" --p "$p" --bytes "$b" --node-size 0 |
            awk -v l="$layout" '$2 == l { print $3 }')
        tc=$("$pred" --profile "$prof" --op "$op" --p "$p" --bytes "$b" --node-size "$c" |
            awk -v l="$layout" '$2 == l { print $3 }')
        awk -v op="$op" -v p="$p" -v b="$b" -v l="$layout" -v m="$t" -v x="$t0" -v y="$tc" 'BEGIN {
            printf "%-10s %5s %7s %-8s %11.4g %11.4g %+7.1f%% %11.4g %+7.1f%%\n", op, p, b, l, m,
                x, 100 * (x - m) / m, y, 100 * (y - m) / m }'
    done | tee "$rows"
for col in 7 9; do
    awk -v c="$col" '{ v = $c; sub(/%/, "", v); v += 0; print v < 0 ? -v : v }' "$rows" | sort -g |
        awk -v what="$([ "$col" -eq 7 ] && echo "without node size" || echo "node size $c")" \
            '{ a[NR] = $1 } END { if (NR) printf "|error| %s: median %.1f%%, largest %.1f%% (%d points)\n",
                what, NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2, a[NR], NR }'
done
