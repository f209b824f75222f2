#!/usr/bin/env bash
# The evidence of docs/selection.md: ortho-fit, then ortho-tune with a
# check on sizes it did not tune on, under SimGrid SMPI on the three
# simulated platforms with the mpich and ompi selectors, then one summary.
#
#   make && make SMPI=1 && tune/evidence.sh       every run (long: see below)
#   tune/evidence.sh star-16 torus-48             the runs whose names start so
#   tune/evidence.sh --summary [DIR]              only the summary of the runs in DIR
#                                                 (default $TMP/runs; the committed
#                                                 sweep: results/selection/runs)
#   EVAL_OPTS=--extrapolate tune/evidence.sh --summary DIR   the same, the model
#                                                 deciding outside the tuned range
#   tune/evidence.sh --refit [RUN...]             fit again (FIT_SIZES), keep the decisions
#   BUILD=build-smpi EVAL_BUILD=build JOBS=2 TMP=results/tmp/selection tune/evidence.sh
#
# Each run: ortho-fit on P processes (every group size that divides P;
# sizes FIT_SIZES) writes the runtime functions; ortho-tune starting from
# them measures native and every 2D candidate at TUNE_SIZES (written as
# decisions) and at CHECK_SIZES (the benchmark's sizes, never tuned on,
# and 2K, below the tuned range, where the model decides), then measures
# the auto path under the new profile at CHECK_SIZES.
# A run passes when both programs exit 0 and ortho-tune printed its
# closing "summary" line (SMPI can end a deadlock with status 0).
#
# Settings as bench/sim.sh (docs/bench.md): the platform's own latency and
# bandwidth, eager sends up to 64 KiB, a linear barrier, local work not
# charged. SMPI 3.32's ompi gather deadlocks with eager sends above
# 64 KiB, so the ompi gather runs in rendezvous mode, as in bench/sim.sh.
# Buffers: SMPI_SHARED_MALLOC (ortho-tune's default under SMPI).
#
# Cost on the 2-core development machine (shared with other work): see
# docs/selection.md; p = 96 runs take the longest (20 min for all layouts on
# the star), hence --max-aspect there.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-build-smpi}
EVAL_BUILD=${EVAL_BUILD:-build}
TMP=${TMP:-results/tmp/selection}
JOBS=${JOBS:-2}
TIMEOUT=${SMPI_TIMEOUT:-2400}
SMPIRUN=${SMPIRUN:-smpirun}
PLATFORMS="$ROOT/platforms"
FIT_SIZES=${FIT_SIZES:-1K,8K,64K,1M}
TUNE_SIZES=${TUNE_SIZES:-4K,16K,64K,256K,1M}
CHECK_SIZES=${CHECK_SIZES:-2K,10K,32K,100K,500K}
EVAL_OPTS=${EVAL_OPTS:-}

# the settings of bench/sim.sh: SMPI_SETTINGS, MPICH, OMPI, RDV
# shellcheck source=../scripts/smpi_settings.sh
. "$ROOT/scripts/smpi_settings.sh"
# shellcheck source=../scripts/smpi_runs.sh
. "$ROOT/scripts/smpi_runs.sh"
COMMON=("${SMPI_SETTINGS[@]}")
ALLOPS=bcast,reduce,gather,scatter,allreduce,allgather
NOGATHER=bcast,reduce,scatter,allreduce,allgather

# name | platform | p | settings | ops
RUNS=()
for p in 16 48 96 128; do
    for plat in star:clic_star torus:t3e_torus multicore:multicore; do
        short=${plat%%:*} file=${plat#*:}
        RUNS+=("$short-$p-mpich|$file|$p|MPICH|$ALLOPS"
               "$short-$p-ompi|$file|$p|OMPI|$NOGATHER"
               "$short-$p-ompi-gather|$file|$p|OMPI RDV|gather")
    done
done

# The summary: each run's measurements judged again by this build
# (ortho-tune --evaluate --redecide with the native build EVAL_BUILD: no
# simulation): the decisions and measured curves taken again from the
# tuned sizes, the runtime functions from the run's fit, the selection of
# this build on the checked sizes, so that better rules or a better model
# are judged on the same measurements; then tune/evidence.awk over every
# run. SRC holds NAME.points.csv and NAME.fit.profile per run (a sweep's
# $TMP/runs, or the committed results/selection/runs); what it writes goes
# to $TMP/summary.
summary() {
    local src=$1 out="$TMP/summary" files f name
    files=("$src"/*.points.csv)
    [ -e "${files[0]}" ] || { echo "evidence: no results in $src"; return 1; }
    mkdir -p "$out"
    for f in "${files[@]}"; do
        name=$(basename "${f%.points.csv}")
        cut -d, -f2- "$f" >"$out/$name.raw.csv"
        "$EVAL_BUILD/bin/ortho-tune" --evaluate "$out/$name.raw.csv" --redecide \
            --profile "$src/$name.fit.profile" -o "$out/$name.profile" -q $EVAL_OPTS \
            --check-csv "$out/$name.eval.part" >"$out/$name.eval.log" 2>&1 \
            || { echo "evidence: --evaluate failed for $name: $(tail -n 2 "$out/$name.eval.log")"; return 1; }
        sed "1d; s/^/$name,/" "$out/$name.eval.part" >"$out/$name.eval.csv"
        rm -f "$out/$name.raw.csv" "$out/$name.eval.part"
    done
    awk -F, -f "$HERE/evidence.awk" "${files[@]}" "$out"/*.eval.csv
}

if [ "${1:-}" = "--summary" ]; then
    summary "${2:-$TMP/runs}"
    exit $?
fi
REFIT=0
if [ "${1:-}" = "--refit" ]; then
    REFIT=1
    shift
fi
for prog in ortho-fit ortho-tune; do
    if [ ! -x "$BUILD/bin/$prog" ]; then
        echo "evidence: $BUILD/bin/$prog not found; build it with: make SMPI=1" >&2
        exit 2
    fi
done
mkdir -p "$TMP/runs"

# At p >= 96 only grids up to ASPECT_96:1 (6x16 ... 16x6 of 96, 8x16 and
# 16x8 of 128): the long thin ones rarely win there and cost as much to
# simulate. At p = 128 run with FIT_SIZES=1K,8K,64K,256K: ortho-fit's
# buffers are not shared, and a 1M fit at 128 processes runs out of memory.
aspect() {
    [ "$1" -ge 96 ] && echo "--max-aspect ${ASPECT_96:-4}"
}

run_one() {
    local name=$1 platform=$2 np=$3 sets=$4 ops=$5 cfg=() set start=$SECONDS
    for set in $sets; do
        eval "cfg+=(\"\${$set[@]}\")"
    done
    local base="$TMP/runs/$name" smpi=("$SMPIRUN" -np "$np" -platform "$PLATFORMS/$platform.xml"
                                       -hostfile "$PLATFORMS/$platform.hostfile")
    [ "$REFIT" -eq 1 ] || rm -f "$base".*
    timeout "$TIMEOUT" "${smpi[@]}" "${COMMON[@]}" "${cfg[@]}" "$BUILD/bin/ortho-fit" -q \
        -o "$base.fit.profile" --sizes "$FIT_SIZES" --ops "$ops" --max-reps 3 \
        --machine "SMPI-$name" >"$base.fit.log" 2>&1
    local status=$?
    if [ "$REFIT" -eq 1 ]; then
        # the new runtime functions with the decisions and curves measured
        # before, sealed again (format version 3: the end line) and renamed
        [ "$status" -eq 0 ] && [ -f "$base.profile" ] || { echo "-- $name: refit FAILED"; return 1; }
        { cat "$base.fit.profile"
          grep -E '^(decide|measured) ' "$base.profile"; } >"$base.profile.new" \
            && "$ROOT/scripts/profile_seal.sh" "$base.profile.new" "$base.profile" \
            && rm -f "$base.profile.new"
        echo "-- $name: refitted ($((SECONDS - start)) s)"
        return 0
    fi
    if [ "$status" -eq 0 ]; then
        timeout "$TIMEOUT" "${smpi[@]}" "${COMMON[@]}" "${cfg[@]}" "$BUILD/bin/ortho-tune" \
            --profile "$base.fit.profile" -o "$base.profile" --ops "$ops" --sizes "$TUNE_SIZES" \
            --check-sizes "$CHECK_SIZES" --max-reps 3 $(aspect "$np") --csv "$base.part.csv" \
            --check-csv "$base.part.check" >"$base.log" 2>&1
        status=$?
    fi
    local closing
    closing=$(grep -E "^summary p=" "$base.log" 2>/dev/null | tail -n 1)
    if [ "$status" -eq 0 ] && [ -n "$closing" ]; then
        # rows tagged with the run: run,op,p,bytes,...
        sed "1d; s/^/$name,/" "$base.part.csv" >"$base.points.csv"
        sed "1d; s/^/$name,/" "$base.part.check" >"$base.check.csv"
        rm -f "$base.part.csv" "$base.part.check"
        echo "-- $name: ok ($((SECONDS - start)) s): ${closing#summary }"
        return 0
    fi
    echo "-- $name: FAILED, exit status $status ($((SECONDS - start)) s); the end of its log:"
    tail -n 5 "$base.fit.log" "$base.log" 2>/dev/null | sed 's/^/   | /'
    return 1
}

total_start=$SECONDS
run_selected run_one "$@"
echo "evidence: $RUNS_SELECTED runs, $RUNS_FAILED failed ($((SECONDS - total_start)) s)"
summary "$TMP/runs"
[ "$RUNS_FAILED" -eq 0 ]
