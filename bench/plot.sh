#!/usr/bin/env bash
# Figures of speedup per layout from ortho-bench summaries, laid out as the
# paper's Figures 14-23: for each platform and native setting one PNG with
# a panel per operation; in each panel one bar per process count and
# layout from 1 to the geometric-mean speedup t_native / t_ortho over the
# sizes, with a line from the minimum to the maximum. 2D layouts blue, 3D
# orange; a logarithmic axis from 0.25x to 4x (above 1x the orthogonal
# version is faster), values beyond it cut.
#
#   bench/plot.sh SUMMARY.csv OUTDIR      (ortho-bench --summary, merged)
#
# Summaries of earlier versions (columns imp_min, imp_avg, imp_max:
# improvement 1 - t_ortho/t_native) are read as speedup 1 / (1 - improvement).
# A run without --label has no natives' name: its figure takes the
# summary's file name instead (mpi-4.sum.csv -> PLATFORM-mpi-4.png, titled
# "natives: not named (mpi-4)"), never an empty name.
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

# One data file per platform, setting and operation: x, label, min, mean,
# max speedup, dims; an empty x between process counts.
awk -F, -v dir="$DATA" '
function speedup(v) { return old ? 1 / (1 - v) : v }
NR == 1 { old = $9 == "imp_min"; next }
{
    set = ($1 == "" ? "unnamed" : $1) "@" ($2 == "" ? "-" : $2)
    f = dir "/" set "@" $3 ".dat"
    if (!(f in x)) { x[f] = 0; lastp[f] = $4; sets[set] = 1 }
    if ($4 != lastp[f]) { x[f]++; lastp[f] = $4 }
    x[f]++
    printf "%d %s:%s %.4f %.4f %.4f %d\n", x[f], $4, $6, speedup($9), speedup($10), speedup($11),
           $7 >> f
}
END { for (s in sets) print s > (dir "/sets") }' "$SUMMARY"
if [ ! -s "$DATA/sets" ]; then
    echo "plot.sh: no orthogonal layouts in $SUMMARY, no figures" >&2
    exit 0
fi

while read -r set; do
    platform=${set%@*}
    natives=${set#*@}
    title_natives=$natives
    if [ "$natives" = - ]; then
        png="$OUT/$platform-$from_file.png"
        title_natives="not named ($from_file)"
    else
        png="$OUT/$platform-$natives.png"
    fi
    {
        echo "set terminal pngcairo size 1500,900 font ',9'"
        echo "set output '$png'"
        echo "set termoption noenhanced"
        echo "set multiplot layout 2,3 title 'ortho-bench on $platform, natives: $title_natives -- speedup t_native / t_ortho per p:layout, geometric mean (bar) and min..max over the sizes; above 1x the orthogonal version is faster'"
        echo "set style fill solid 0.6 noborder"
        echo "set xtics rotate by 90 right font ',7' nomirror"
        echo "set logscale y 2"
        echo "set ytics ('0.25x' 0.25, '0.5x' 0.5, '1x' 1, '2x' 2, '4x' 4)"
        echo "set grid ytics"
        echo "set ylabel 'speedup'"
        echo "set key top left opaque font ',7'"
        echo "set yrange [0.25:4]"
        echo "clip(v) = v < 0.25 ? 0.25 : v > 4 ? 4 : v"
        for op in bcast reduce allreduce gather scatter allgather; do
            f="$DATA/$platform@$natives@$op.dat"
            if [ ! -s "$f" ]; then
                echo "set multiplot next"
                continue
            fi
            echo "set title '$op'"
            echo "plot '$f' using 1:(\$6 == 2 ? clip(\$4) : 1/0):(\$1 - 0.4):(\$1 + 0.4):(1):(clip(\$4)):xtic(2) with boxxyerror lc rgb '#4477aa' title '2D', \\"
            echo "     '' using 1:(\$6 >= 3 ? clip(\$4) : 1/0):(\$1 - 0.4):(\$1 + 0.4):(1):(clip(\$4)) with boxxyerror lc rgb '#ee7733' title '3D', \\"
            echo "     '' using 1:(clip(\$4)):(clip(\$3)):(clip(\$5)) with yerrorbars lc rgb 'black' pt -1 notitle, \\"
            echo "     1 with lines lt -1 notitle"
        done
        echo "unset multiplot"
    } >"$DATA/plot.gp"
    gnuplot "$DATA/plot.gp" 2>&1 | { grep -v "empty y range" >&2 || true; }
    echo "plot.sh: wrote $png ($platform, natives: $title_natives)"
done <"$DATA/sets"
