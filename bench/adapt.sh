#!/usr/bin/env bash
# The evidence of online selection (docs/selection.md, "Online selection"):
# the default path (no ORTHO_PROFILE, ORTHO_GRID or ORTHO_VARIANT) against
# native under SimGrid SMPI, with ortho-bench --calls N: N consecutive calls
# per point on a fresh communicator, exploring included, timed together.
#
#   make SMPI=1 && bench/adapt.sh                    every run (long)
#   bench/adapt.sh multicore-128-mpich star-96       the runs whose names start so
#   bench/adapt.sh --summary [DIR]                   only the summary of DIR's runs
#   ADAPT_CALLS="20 100 1000" ADAPT_SIZES=2K,10K,100K,1M ADAPT_OPS=... bench/adapt.sh
#   ADAPT_FIXED=0 bench/adapt.sh ...                 without the fixed candidates' runs
#   ADAPT_TUNED=0 bench/adapt.sh ...                 without the tuned profile's run
#   SMPI_EXTRA="--cfg=maxmin/precision:1e-4" bench/adapt.sh ...   more smpirun options
#
# Per run (platform, p, native selector) and N: the default path's total
# time over native's per point. The summary prints
#   (a) per N: the worst speedup t_native / t_default over the points and
#       how many points are below 0.98x (more than 2% slower than native);
#   (b) at the largest N: the geometric-mean speedup t_native / t_default,
#       next to the best fixed candidate's (each candidate the default path
#       explored, forced with ORTHO_VARIANT, run N calls: the speedup an
#       offline choice among the same candidates would give) and the
#       offline ortho-tune profile's (ORTHO_PROFILE, ORTHO_ADAPT=0, N calls;
#       the profile is taken again, measuring nothing, from the committed
#       sweep of tune/evidence.sh in results/selection/runs: its decisions
#       from the tuned sizes 4K ... 1M, native outside them);
#   (c) from ORTHO_VERBOSE: per class, the timed calls and their cost over
#       native.
# Settings: those of bench/sim.sh (scripts/smpi_settings.sh), shared
# buffers. A run passes when ortho-bench printed its "points:" line.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-build-smpi}
EVAL_BUILD=${EVAL_BUILD:-build}
TUNED=${ADAPT_TUNED_RUNS:-$ROOT/results/selection/runs}
BENCH=${BENCH:-$BUILD/bin/ortho-bench}
TMP=${TMP:-results/tmp/adapt}
JOBS=${JOBS:-2}
TIMEOUT=${SMPI_TIMEOUT:-3600}
SMPIRUN=${SMPIRUN:-smpirun}
PLATFORMS="$ROOT/platforms"
CALLS=${ADAPT_CALLS:-20 100 1000}
SIZES=${ADAPT_SIZES:-2K,10K,100K,1M}
OPS=${ADAPT_OPS:-bcast,reduce,allreduce,scatter,allgather,gather}
# shellcheck source=../scripts/smpi_settings.sh
. "$ROOT/scripts/smpi_settings.sh"
# shellcheck source=../scripts/smpi_runs.sh
. "$ROOT/scripts/smpi_runs.sh"
COMMON=("${SMPI_SETTINGS[@]}" --cfg=smpi/shared-malloc-blocksize:134217728)
# SMPI_EXTRA: more smpirun options for every run, e.g.
# --cfg=maxmin/precision:1e-4 where SimGrid aborted on its solver's
# precision (docs/simulation.md)
read -r -a extra <<<"${SMPI_EXTRA:-}"
COMMON+=("${extra[@]}")

# name | platform | p | settings
RUNS=()
for p in 128 96 48 16; do
    RUNS+=("multicore-$p-mpich|multicore|$p|MPICH" "multicore-$p-ompi|multicore|$p|OMPI"
           "star-$p-mpich|clic_star|$p|MPICH" "star-$p-ompi|clic_star|$p|OMPI"
           "torus-$p-mpich|t3e_torus|$p|MPICH" "torus-$p-ompi|t3e_torus|$p|OMPI")
done
# a platform the selection was never measured or tuned on (platforms/README.md)
RUNS+=("fattree-128-mpich|fat_tree|128|MPICH" "fattree-128-ompi|fat_tree|128|OMPI")

bench() { # name platform p settings extra-env... -- ortho-bench options
    local platform=$2 np=$3 sets=$4 cfg=() env=() set
    shift 4
    while [ "$1" != "--" ]; do env+=("$1"); shift; done
    shift
    for set in $sets; do
        eval "cfg+=(\"\${${set}[@]}\")"
    done
    # SMPI 3.32's ompi gather deadlocks with eager sends above 64 KiB
    [[ " $sets " == *" OMPI "* && "$OPS" == *gather* ]] && cfg+=("${RDV[@]}")
    env "${env[@]}" timeout "$TIMEOUT" "$SMPIRUN" -np "$np" -platform "$PLATFORMS/$platform.xml" \
        -hostfile "$PLATFORMS/$platform.hostfile" "${COMMON[@]}" "${cfg[@]}" \
        "$BENCH" --impls dropin --shared --sizes "$SIZES" --ops "$OPS" "$@"
}

# tuned_profile NAME FILE: the ortho-tune profile of run NAME (platform, p,
# selector) written to FILE from the committed points (ortho-tune
# --evaluate --redecide: no simulation); an ompi run's gather was tuned in
# its own run (NAME-gather, rendezvous sends), so both points are joined.
tuned_profile() {
    local name=$1 out=$2 raw=$2.points.csv f
    [ -f "$TUNED/$name.points.csv" ] || return 1
    : >"$raw"
    for f in "$TUNED/$name.points.csv" "$TUNED/$name-gather.points.csv"; do
        [ -f "$f" ] && cut -d, -f2- "$f" >>"$raw"
    done
    "$EVAL_BUILD/bin/ortho-tune" --evaluate "$raw" --redecide -q \
        --profile "$TUNED/$name.fit.profile" -o "$out" >"$out.log" 2>&1
}

run_tuned() { # name platform p settings max-calls
    local name=$1 profile
    profile="$(cd "$TMP/runs" && pwd)/$name.tuned.profile"
    tuned_profile "$name" "$profile" || { echo "$name: no tuned profile"; return 0; }
    bench "$name" "$2" "$3" "$4" ORTHO_PROFILE="$profile" ORTHO_ADAPT=0 -- --calls "$5" \
        --csv "$TMP/runs/$name.tuned.csv" >"$TMP/runs/$name.tuned.log" 2>&1
    grep -q "^points:" "$TMP/runs/$name.tuned.log" || echo "$name tuned: FAILED"
}

run_one() {
    local name=$1 platform=$2 np=$3 sets=$4 n max=0
    mkdir -p "$TMP/runs"
    for n in $CALLS; do
        [ "$n" -gt "$max" ] && max=$n
        bench "$name" "$platform" "$np" "$sets" ORTHO_VERBOSE=1 -- --calls "$n" \
            --csv "$TMP/runs/$name.calls$n.csv" >"$TMP/runs/$name.calls$n.log" 2>&1
        grep -q "^points:" "$TMP/runs/$name.calls$n.log" || { echo "$name N=$n: FAILED"; return 1; }
    done
    [ "${ADAPT_TUNED:-1}" = 1 ] && run_tuned "$name" "$platform" "$np" "$sets" "$max"
    [ "${ADAPT_FIXED:-1}" = 1 ] || { echo "$name: done"; return 0; }
    # the candidates the default path explored, each forced for max calls
    grep -o "online: .*; locked\|online: .*; running" "$TMP/runs/$name.calls$max.log" |
        sed 's/^online: //; s/; [a-z]*$//' | tr ',' '\n' | awk '{print $1}' |
        grep -E '^[a-z]+:[0-9]' | sort -u >"$TMP/runs/$name.explored"
    local op cand
    : >"$TMP/runs/$name.fixed.csv"
    for op in ${OPS//,/ }; do
        while read -r cand; do
            [ -n "$cand" ] || continue
            case "$op:$cand" in
            bcast:scag* | bcast:phases* | reduce:rsag* | reduce:phases* | allreduce:rsag* | \
                allreduce:phases* | allgather:pipe* | allgather:phases* | scatter:phases* | \
                gather:phases*) ;;
            *) continue ;;
            esac
            local tag=${cand//:/_}
            OPS=$op bench "$name" "$platform" "$np" "$sets" ORTHO_VARIANT="$op=$cand" -- \
                --calls "$max" --csv "$TMP/runs/$name.fixed.$op.$tag.csv" \
                >"$TMP/runs/$name.fixed.$op.$tag.log" 2>&1
            sed 1d "$TMP/runs/$name.fixed.$op.$tag.csv" | sed "s/,auto,/,$cand,/" \
                >>"$TMP/runs/$name.fixed.csv"
        done <"$TMP/runs/$name.explored"
    done
    echo "$name: done"
}

summary() {
    local dir=$1
    python3 - "$dir" $CALLS <<'EOF'
import csv, glob, math, os, re, sys, collections
d = sys.argv[1]; calls = [int(x) for x in sys.argv[2:]]; big = max(calls)
runs = sorted({re.sub(r'\.calls\d+\.csv$', '', os.path.basename(f))
               for f in glob.glob(os.path.join(d, '*.calls*.csv'))})
def points(f):
    out = {}
    for r in csv.DictReader(open(f)):
        if r['impl'] == 'dropin':
            out[(r['op'], float(r['bytes']))] = (float(r['time_s']), float(r['native_s']))
    return out
print('online selection, the default path against native (ortho-bench --calls N, SMPI)')
print('(a) worst speedup t_native/t_default per N, points below 0.98x; (b) at N=%d'
      ' geometric-mean speedup t_native/t_default, the best fixed candidate\'s and the'
      ' ortho-tune profile\'s (default/tuned: the ratio of the two speedups); (c) exploring'
      ' per class: timed calls (mean), cost over native (mean)' % big)
hdr = '| run | pts |' + ''.join(' N=%d worst | <0.98x |' % n for n in calls) + \
      ' (b) default | best fixed | default/best | tuned | default/tuned | (c) timed | cost |'
print(hdr); print('|' + '---|' * (hdr.count('|') - 1))
for run in runs:
    row = '| %s |' % run
    pts = None
    for n in calls:
        f = os.path.join(d, '%s.calls%d.csv' % (run, n))
        if not os.path.exists(f):
            row += ' - | - |'; continue
        p = points(f)
        if not p:  # still running, or failed
            row += ' - | - |'; continue
        pts = len(p)
        speedups = [nat / t for t, nat in p.values()]
        row += ' %.3fx | %d |' % (min(speedups), sum(v < 1 / 1.02 for v in speedups))
    row = row.replace('| %s |' % run, '| %s | %s |' % (run, pts), 1)
    f = os.path.join(d, '%s.calls%d.csv' % (run, big))
    fixed = collections.defaultdict(lambda: math.inf)
    ff = os.path.join(d, run + '.fixed.csv')
    if os.path.exists(ff):
        for r in csv.reader(open(ff)):
            if len(r) > 8:
                fixed[(r[2], float(r[4]))] = min(fixed[(r[2], float(r[4]))], float(r[8]))
    if os.path.exists(f) and points(f):
        p = points(f)
        g = math.exp(sum(math.log(nat / t) for t, nat in p.values()) / len(p))
        gb = math.exp(sum(math.log(nat / min(t, nat, fixed[k])) for k, (t, nat) in p.items()) / len(p))
        if os.path.exists(ff):
            row += ' %.3fx | %.3fx | %.0f%% |' % (g, gb, 100 * (g - 1) / (gb - 1) if gb > 1.0005 else 100)
        else:  # ADAPT_FIXED=0
            row += ' %.3fx | - | - |' % g
        ft = os.path.join(d, run + '.tuned.csv')
        tuned = points(ft) if os.path.exists(ft) else {}
        if tuned and set(tuned) >= set(p):
            gt = math.exp(sum(math.log(tuned[k][1] / tuned[k][0]) for k in p) / len(p))
            row += ' %.3fx | %.0f%% |' % (gt, 100 * g / gt)
        else:
            row += ' - | - |'
        log = open(os.path.join(d, '%s.calls%d.log' % (run, big))).read()
        cls = re.findall(r'exploring: (\d+) timed calls of \d+, ([\d.e+-]+) (s|ms|us) (slower|faster)', log)
        if cls:
            scale = {'s': 1, 'ms': 1e-3, 'us': 1e-6}
            timed = sum(int(c[0]) for c in cls) / len(cls)
            cost = sum(float(c[1]) * scale[c[2]] * (1 if c[3] == 'slower' else -1) for c in cls) / len(cls)
            row += ' %.1f | %.3g s |' % (timed, cost)
        else:
            row += ' - | - |'
    print(row)
EOF
}

if [ "${1:-}" = "--summary" ]; then
    summary "${2:-$TMP/runs}"
    exit 0
fi
[ -x "$BENCH" ] || { echo "bench/adapt.sh: no $BENCH (make SMPI=1)"; exit 2; }
run_selected run_one "$@"
summary "$TMP/runs"
[ "$RUNS_FAILED" -eq 0 ]
