#!/usr/bin/env bash
# Does the library's default path cost this machine anything? Under a real
# MPI (not SMPI): ortho-bench --impls dropin --calls N, ROUNDS times, each
# round once with the library passing every call through (ORTHO_ADAPT=0:
# the same MPI calls as native, plus the library's own work per call) and
# once with the default path (online selection, no profile). Both runs
# time native first, so each point has three times per round: native, the
# pass-through, the default path.
#
#   bench/default_vs_native.sh NP                 NP processes, 3 rounds
#   ROUNDS=5 CALLS=1000 SIZES=2K,10K,100K,1M OPS=all bench/default_vs_native.sh 16
#   MPIEXEC="mpiexec.openmpi --bind-to none" MPI=openmpi bench/default_vs_native.sh 16
#   TABLE_ONLY=1 OUT=DIR bench/default_vs_native.sh   only the table of DIR's CSVs
#
# Table, per operation and size (geometric means over the rounds):
#   pass/native     native's time over the pass-through's: what passing
#                   through the library costs (below 1: it costs)
#   default/pass    the pass-through's time over the default path's: what
#                   online selection gains (above 1) or loses (below 1),
#                   each compared with the run it shares its position with
#   default/native  native's time over the default path's
#   spread          the largest over the smallest default/pass of the
#                   rounds ("-" for one round): how far one round tells
#                   anything here
# then the worst and the geometric mean of each column. One machine's noise
# decides what a ratio means: a spread of 1.5 makes a 0.9 meaningless.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-results/tmp/default_vs_native}
ROUNDS=${ROUNDS:-3}
CALLS=${CALLS:-1000}
SIZES=${SIZES:-2K,10K,100K,1M}
OPS=${OPS:-all}
TABLE_ONLY=${TABLE_ONLY:-0}

table() {
    local files=("$OUT"/pass-*.csv "$OUT"/default-*.csv)
    if [ ! -e "${files[0]}" ] || [ ! -e "${files[${#files[@]} - 1]}" ]; then
        echo "default_vs_native.sh: no pass-*.csv and default-*.csv in $OUT" >&2
        return 2
    fi
    awk -F, '
        FNR == 1 { kind = FILENAME; sub(/.*\//, "", kind); sub(/-[0-9]+\.csv$/, "", kind)
                   round = FILENAME; sub(/.*-/, "", round); sub(/\.csv$/, "", round); next }
        $6 != "dropin" { next }
        {
            k = $3 SUBSEP $5
            if (!(k in seen)) { seen[k] = 1; keys[++nk] = k }
            if (kind == "pass") { pass[k, round] = $9; pn[k, round] = $12 }
            else { dflt[k, round] = $9; dn[k, round] = $12 }
            rounds[round] = 1
        }
        END {
            print "| op | bytes | rounds | pass/native | default/pass | default/native | spread |"
            print "|---|---|---|---|---|---|---|"
            for (i = 1; i <= nk; i++) {
                k = keys[i]; split(k, f, SUBSEP)
                n = 0; lp = 0; ld = 0; lq = 0; lo = 1e300; hi = 0
                for (r in rounds) {
                    if (!((k, r) in pass) || !((k, r) in dflt)) continue
                    a = pn[k, r] / pass[k, r]; b = pass[k, r] / dflt[k, r]; c = dn[k, r] / dflt[k, r]
                    n++; lp += log(a); ld += log(b); lq += log(c)
                    if (b < lo) lo = b
                    if (b > hi) hi = b
                }
                if (n == 0) continue
                gp = exp(lp / n); gd = exp(ld / n); gq = exp(lq / n)
                spread = n > 1 ? sprintf("%.2f", hi / lo) : "-"
                printf "| %s | %s | %d | %.3f | %.3f | %.3f | %s |\n", f[1], f[2], n, gp, gd, gq, spread
                m++; sp += log(gp); sd += log(gd); sq += log(gq)
                if (m == 1 || gp < wp) wp = gp
                if (m == 1 || gd < wd) wd = gd
                if (m == 1 || gq < wq) wq = gq
            }
            if (m == 0) { print "no point with both runs" > "/dev/stderr"; exit 2 }
            printf "worst: pass/native %.3f, default/pass %.3f, default/native %.3f over %d points\n", wp, wd, wq, m
            printf "geometric mean: pass/native %.3f, default/pass %.3f, default/native %.3f\n", exp(sp / m), exp(sd / m), exp(sq / m)
        }' "${files[@]}"
}

if [ "$TABLE_ONLY" = 1 ]; then
    table
    exit $?
fi
NP=${1:-}
if ! [[ $NP =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: bench/default_vs_native.sh NP   (or TABLE_ONLY=1 OUT=DIR bench/default_vs_native.sh)" >&2
    exit 2
fi
if ! [[ $ROUNDS =~ ^[1-9][0-9]*$ ]]; then
    echo "default_vs_native.sh: ROUNDS=$ROUNDS: a count of 1 or more" >&2
    exit 2
fi
. "$HERE/../scripts/mpi_env.sh"
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
if [ ! -x "$BENCH" ]; then
    echo "default_vs_native.sh: $BENCH not found; build it with: make" >&2
    exit 2
fi
mkdir -p "$OUT"
rm -f "$OUT"/pass-*.csv "$OUT"/default-*.csv "$OUT"/pass-*.log "$OUT"/default-*.log
unset ORTHO_PROFILE ORTHO_GRID ORTHO_VARIANT ORTHO_ADAPT
status=0
for r in $(seq 1 "$ROUNDS"); do
    for kind in pass default; do
        env=()
        [ "$kind" = pass ] && env=(ORTHO_ADAPT=0)
        echo "== round $r, $kind: $MPIEXEC -n $NP $BENCH --impls dropin --calls $CALLS"
        if ! env "${env[@]}" "${mpiexec[@]}" -n "$NP" "$BENCH" -q --impls dropin \
            --calls "$CALLS" --ops "$OPS" --sizes "$SIZES" --label "$kind" \
            --csv "$OUT/$kind-$r.csv" >"$OUT/$kind-$r.log" 2>&1; then
            tail -n 20 "$OUT/$kind-$r.log" >&2
            echo "default_vs_native.sh: round $r, $kind failed (its output: $OUT/$kind-$r.log)" >&2
            status=1
        fi
    done
done
table || status=1
exit $status
