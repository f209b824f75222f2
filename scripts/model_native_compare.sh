#!/usr/bin/env bash
# scripts/model_native_compare.sh BENCH_LOG FIT_SIZES PROFILE...
# The native operations' predicted times against ortho-bench's measured
# ones: for each native row of an ortho-bench log (stdout), the prediction
# of every PROFILE (ortho-predict's native row) and its error
# (predicted - measured) / measured; then, per profile, the median, 95th
# percentile and largest |error| over the sizes in FIT_SIZES (a comma list
# in bytes: those ortho-fit measured) and over the others (held out: sizes
# the fit never saw). docs/model.md ("Native algorithm switches") shows a
# run. Needs $BUILD/bin/ortho-predict (BUILD=build by default).
set -eu
[ $# -ge 3 ] || { echo "usage: $0 BENCH_LOG FIT_SIZES PROFILE..." >&2; exit 2; }
log=$1 fit=",$2," && shift 2
pred=${BUILD:-build}/bin/ortho-predict
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
printf '%-10s %4s %8s %4s %11s' op p bytes set measured
for prof in "$@"; do printf ' %11s %8s' "$(basename "$prof" .profile)" error; done
printf '\n'
awk '$5 == "native" && $1 ~ /^(bcast|reduce|allreduce|gather|scatter|allgather)$/ { print $1, $2, $3, $6 }' "$log" |
    while read -r op p b t; do
        case "$fit" in *",$b,"*) set=fit ;; *) set=held ;; esac
        line=$(printf '%-10s %4s %8s %4s %11.4g' "$op" "$p" "$b" "$set" "$t")
        for prof in "$@"; do
            x=$("$pred" --profile "$prof" --op "$op" --p "$p" --bytes "$b" | awk '$2 == "native" { print $3 }')
            line="$line $(awk -v x="$x" -v m="$t" 'BEGIN { printf "%11.4g %+7.1f%%", x, 100 * (x - m) / m }')"
        done
        echo "$line"
    done | tee "$rows"
k=0
for prof in "$@"; do
    col=$((7 + 2 * k))
    for set in fit held; do
        awk -v c="$col" -v s="$set" '$4 == s { v = $c; sub(/%/, "", v); v += 0; print v < 0 ? -v : v }' "$rows" |
            sort -g | awk -v what="$(basename "$prof" .profile), $set sizes" '{ a[NR] = $1 } END {
                if (NR) printf "|error| %s: median %.1f%%, 95th percentile %.1f%%, largest %.1f%% (%d points)\n",
                    what, NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2,
                    a[int(0.95 * NR + 0.999)], a[NR], NR }'
    done
    k=$((k + 1))
done
