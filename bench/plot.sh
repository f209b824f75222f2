#!/usr/bin/env bash
# Figures of improvement per layout from ortho-bench summaries, as the
# paper's Figures 14-23: for each platform and native setting one PNG with
# a panel per operation; in each panel one bar per process count and
# layout at the average improvement over the sizes, with a line from the
# minimum to the maximum. 2D layouts blue, 3D orange; the axis always
# shows 0 and is cut at -100 % and +100 %.
#
#   bench/plot.sh SUMMARY.csv OUTDIR      (ortho-bench --summary, merged)
#
# Each figure is OUTDIR/PLATFORM-NATIVES.png. A run without --label has no
# natives' name: the figure then takes the summary's file name instead
# (mpi-4.sum.csv -> PLATFORM-mpi-4.png, "natives not named (mpi-4)").
set -eu
SUMMARY=$1
OUT=$2
from_file=$(basename "$SUMMARY")
from_file=${from_file%.csv}
from_file=${from_file%.sum}
from_file=${from_file:-summary}
if ! command -v gnuplot >/dev/null; then
    echo "plot.sh: gnuplot not found, no figures" >&2
    exit 0
fi
mkdir -p "$OUT"
DATA=$(mktemp -d "${TMPDIR:-/tmp}/ortho-plot.XXXXXX")
trap 'rm -rf "$DATA"' EXIT

# One data file per platform, setting and operation: x, label, min, avg,
# max (percent), dims; an empty x between process counts.
awk -F, -v dir="$DATA" '
NR == 1 { next }
{
    f = dir "/" $1 "@" $2 "@" $3 ".dat"
    if (!(f in x)) { x[f] = 0; lastp[f] = $4; sets[$1 "@" $2] = 1 }
    if ($4 != lastp[f]) { x[f]++; lastp[f] = $4 }
    x[f]++
    printf "%d %s:%s %.2f %.2f %.2f %d\n", x[f], $4, $6, 100 * $9, 100 * $10, 100 * $11, $7 >> f
}
END { for (s in sets) print s > (dir "/sets") }' "$SUMMARY"
if [ ! -s "$DATA/sets" ]; then
    echo "plot.sh: $SUMMARY holds no layout (one process?), no figure" >&2
    exit 0
fi

while read -r set; do
    platform=${set%@*}
    natives=${set#*@}
    # the data files keep the empty names; the figure's name and title never
    png_name="${platform:-unnamed}-${natives:-$from_file}"
    title_natives=${natives:-"not named ($from_file)"}
    png="$OUT/$png_name.png"
    {
        echo "set terminal pngcairo size 1500,900 font ',9'"
        echo "set output '$png'"
        echo "set termoption noenhanced"
        echo "set multiplot layout 2,3 title 'ortho-bench on ${platform:-an unnamed platform}, natives: $title_natives -- improvement 1 - t_ortho/t_native per p:layout, avg (bar) and min..max over the sizes'"
        echo "set style fill solid 0.6 noborder"
        echo "set boxwidth 0.8"
        echo "set xtics rotate by 90 right font ',7' nomirror"
        echo "set grid ytics"
        echo "set xzeroaxis lt -1"
        echo "set ylabel 'improvement [%]'"
        echo "set key top left opaque font ',7'"
        echo "set yrange [-100<*:*<100]"
        for op in bcast reduce allreduce gather scatter allgather; do
            f="$DATA/$platform@$natives@$op.dat"
            if [ ! -s "$f" ]; then
                echo "set multiplot next"
                continue
            fi
            echo "set title '$op'"
            echo "plot '$f' using 1:(\$6 == 2 ? \$4 : 1/0):xtic(2) with boxes lc rgb '#4477aa' title '2D', \\"
            echo "     '' using 1:(\$6 >= 3 ? \$4 : 1/0) with boxes lc rgb '#ee7733' title '3D', \\"
            echo "     '' using 1:4:3:5 with yerrorbars lc rgb 'black' pt -1 notitle, \\"
            echo "     0 with lines lt -1 notitle"
        done
        echo "unset multiplot"
    } >"$DATA/plot.gp"
    gnuplot "$DATA/plot.gp" 2>&1 | { grep -v "empty y range" >&2 || true; }
    echo "plot.sh: wrote $png (${platform:-an unnamed platform}, natives: $title_natives)"
done <"$DATA/sets"
