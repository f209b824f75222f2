#!/usr/bin/env bash
# How the candidates' times grow from 128 to 1024 simulated processes:
# ortho-bench --impls candidates on the star (clic_star, clic_star_1024)
# and the multi-core cluster (multicore: 16 x 8, multicore_1024: 128 x 8),
# then per platform, operation, size and candidate the time at both
# process counts, each over its tight lower bound, and the growth factor
# t(1024) / t(128).
#
#   make SMPI=1 && bench/scale.sh                  both platforms, 128 and 1024
#   bench/scale.sh multicore                       one platform
#   SIZES=100K OPS="bcast,reduce allreduce" NP="128 1024" bench/scale.sh star
#   CHECK=1 SIZES=100K bench/scale.sh              real buffers: results checked
#   TABLE_ONLY=1 bench/scale.sh                    the table of earlier runs
#
# At 1024 processes ortho_candidates() lists 83 to 105 candidates per
# operation, too many to simulate on a small machine, so only those
# matching CANDS_<platform> run (ortho-bench --candidates). In a pattern
# BAL stands for the balanced 2D layout of the process count (16x8 at 128,
# 32x32 at 1024), so one list names the same kinds of candidates at both.
# Candidates are paired across process counts by their name without the
# layout (pipe:16x8:node:rows and pipe:128x8:node:rows are pipe:node:rows);
# where a pattern matches several layouts, the fastest counts.
#
# One smpirun at a time with the settings of bench/limits.sh (mpich
# selector), one per group of operations in OPS (groups separated by
# spaces: each run stays under SMPI_TIMEOUT); shared buffers (results
# unchecked) unless CHECK=1. A run passes when ortho-bench exits 0 and
# prints its closing line, so a wrong result (CHECK=1), an error or a time
# below the bound fails it. Writes $TMP/PLATFORM-NP-OPS.{csv,log} (OPS:
# the group, + between operations) and prints the table (markdown) from
# every $TMP/PLATFORM-NP*.csv: "result" is the status of the larger count's
# point (ok: checked with real buffers; unchecked: shared buffers).
#
# Cost: at 1024 processes every candidate point takes about 50 s of CPU
# on its own (a fresh duplicate of the 1024-process communicator, whose
# first mpich-selector collective runs SMPI's node detection, an
# allgather of 1023 steps), native points much less; at 128, seconds.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-build-smpi}
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
TMP=${TMP:-results/tmp/scale}
NP=${NP:-128 1024}
SIZES=${SIZES:-500K}
OPS=${OPS:-bcast,reduce allreduce,gather,scatter,allgather}
REPS=${REPS:-1}
CHECK=${CHECK:-0}
TABLE_ONLY=${TABLE_ONLY:-0}
TIMEOUT=${SMPI_TIMEOUT:-720}
# The kinds of candidates timed (ortho-bench --candidates; OP= limits a
# pattern to one operation): the pipelined variants (pipe, chain) and the
# bandwidth-optimal phases (scag, rsag) of issue 19's tables, on the star
# on the plain balanced grid (no nodes to be aware of), on the multi-core
# cluster on the node-aware grid (rows = nodes); allgather's pipe in both
# orders, bcast's chain on the multi-core cluster only as a reference.
# Gather and scatter have phases only, and time native alone.
CANDS_star=${CANDS_star:-scag:BAL:rows,rsag:BAL:rows,bcast=pipe:BAL:rows,reduce=pipe:BAL:rows,allreduce=pipe:BAL:rows,chain}
CANDS_multicore=${CANDS_multicore:-bcast=pipe:node:rows,reduce=pipe:node:rows,allreduce=pipe:node:rows,allgather=pipe:node,rsag:node:rows,bcast=chain:node}
PLATFORMS=("$@")
[ ${#PLATFORMS[@]} -gt 0 ] || PLATFORMS=(star multicore)

# shellcheck source=../scripts/smpi_settings.sh
. "$ROOT/scripts/smpi_settings.sh"
COMMON=("${SMPI_SETTINGS[@]}" --cfg=smpi/shared-malloc-blocksize:134217728 "${MPICH[@]}")

if [ "$TABLE_ONLY" != 1 ] && [ ! -x "$BENCH" ]; then
    echo "scale.sh: $BENCH not found; build it with: make SMPI=1" >&2
    exit 2
fi
mkdir -p "$TMP"

# The most balanced p1 x p2 = p with p1 >= p2 (the library's default box).
balanced() {
    local p=$1 d=1 k
    for ((k = 1; k * k <= p; k++)); do
        ((p % k == 0)) && d=$k
    done
    echo "$((p / d))x$d"
}

# run PLATFORM NP OPS NAME: one smpirun; 0 when ortho-bench closed with
# status 0
run() {
    local plat=$1 np=$2 ops=$3 name=$4 file start=$SECONDS cands shared=--shared
    case $plat in
        star) file=clic_star ;;
        multicore) file=multicore ;;
    esac
    [ "$np" -le 128 ] || file=${file}_1024
    [ "$TABLE_ONLY" != 1 ] || return 0
    local var=CANDS_$plat
    cands=${!var//BAL/$(balanced "$np")}
    [ "$CHECK" != 1 ] || shared=
    # shellcheck disable=SC2086  # $shared is one word or none
    timeout "$TIMEOUT" smpirun -np "$np" -platform "$ROOT/platforms/$file.xml" \
        -hostfile "$ROOT/platforms/$file.hostfile" "${COMMON[@]}" \
        "$BENCH" --platform "$ROOT/platforms/$file.xml" --label mpich \
        --impls candidates --candidates "$cands" --dims 2 --ops "$ops" --sizes "$SIZES" \
        --reps "$REPS" $shared -q --csv "$TMP/$name.csv" >"$TMP/$name.log" 2>&1
    local status=$?
    if [ $status -eq 0 ] && grep -q "^points: " "$TMP/$name.log"; then
        echo "-- $name: $(grep "^points: " "$TMP/$name.log") ($((SECONDS - start)) s)" >&2
        return 0
    fi
    echo "-- $name: FAILED, exit status $status ($((SECONDS - start)) s); $TMP/$name.log:" >&2
    grep -E "WRONG|ERROR|BELOW_BOUND|did not run|matches no" "$TMP/$name.log" | head -n 5 >&2
    tail -n 3 "$TMP/$name.log" >&2
    return 1
}

failed=0
for plat in "${PLATFORMS[@]}"; do
    case $plat in
        star | multicore) ;;
        *) echo "scale.sh: unknown platform $plat (star, multicore)" >&2; exit 2 ;;
    esac
    for np in $NP; do
        for ops in $OPS; do
            run "$plat" "$np" "$ops" "$plat-$np-${ops//,/+}" || failed=1
        done
    done
done

# The table: per platform, op, bytes and kind of candidate (the name
# without its layout) the fastest time at the smallest and the largest
# process count, each over its bound, and their quotient. A run cut short
# counts the points it timed; a kind timed at one count only shows "-".
lo=${NP%% *}
hi=${NP##* }
echo "| platform | op | bytes | candidate | layout $lo | time $lo | /bound | layout $hi | time $hi | /bound | growth | result |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for plat in "${PLATFORMS[@]}"; do
    files=()
    for f in "$TMP/$plat-$lo".csv "$TMP/$plat-$lo"-*.csv "$TMP/$plat-$hi".csv "$TMP/$plat-$hi"-*.csv; do
        [ ! -s "$f" ] || files+=("$f")
    done
    [ ${#files[@]} -gt 0 ] || continue
    # platform,natives,op,p,bytes,impl,layout,ndims,time_s,min_s,max_s,native_s,speedup,bound_s,ratio,status
    awk -F, -v plat="$plat" -v lo="$lo" -v hi="$hi" '
    function kind(name,   f, n, i, out) {
        n = split(name, f, ":")
        out = f[1]
        for (i = 2; i <= n; i++)
            if (f[i] !~ /^[0-9]+(x[0-9]+)+$/)
                out = out ":" f[i]
        return out
    }
    function ratio(t, b) { return b > 0 ? sprintf("%.2f", t / b) : "-" }
    function cell(t) { return sprintf("%.4g s", t) }
    FNR > 1 && $16 != "" && ($4 == lo || $4 == hi) && ($16 == "ok" || $16 == "unchecked") {
        k = $3 "|" $5 "|" kind($6)
        if (!(k in seen)) { seen[k] = 1; order[n++] = k }
        at = k "|" $4
        if (!(at in time) || $9 < time[at]) {
            time[at] = $9; bound[at] = $14; status[at] = $16
            layout[at] = $6 == "native" ? "-" : $7
        }
    }
    END {
        for (i = 0; i < n; i++) {
            k = order[i]; split(k, f, "|")
            a = k "|" lo; b = k "|" hi
            at_lo = a in time; at_hi = b in time
            growth = at_lo && at_hi && time[a] > 0 ? sprintf("%.2f", time[b] / time[a]) : "-"
            printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", plat, f[1], f[2],
                f[3], at_lo ? layout[a] : "-", at_lo ? cell(time[a]) : "-",
                at_lo ? ratio(time[a], bound[a]) : "-", at_hi ? layout[b] : "-",
                at_hi ? cell(time[b]) : "-", at_hi ? ratio(time[b], bound[b]) : "-", growth,
                at_hi ? status[b] : "-"
        }
    }' "${files[@]}"
done
exit $failed
