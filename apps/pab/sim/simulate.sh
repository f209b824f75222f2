#!/usr/bin/env bash
# The simulated counterparts of the paper's Figures 28-31 (sec. 5.2), under
# SimGrid SMPI on the platforms of platforms/ (docs/pab.md has the results).
#
#   make SMPI=1 build-smpi/bin/ortho-pab
#   apps/pab/sim/simulate.sh fig28|fig29|fig30|fig31|dense|allgatherv|mpich   (from the repository root)
#
# Settings (see docs/simulation.md): the platform's latency and bandwidth
# (bw-factor and lat-factor 0:1), rendezvous sends (SMPI's default), the
# paper's LAM-like native algorithms (allgather and allgatherv: gather +
# binomial broadcast) unless NATIVES says otherwise, computation charged by
# the program as flops at the node speed (ortho-pab --flops, with
# simulate-computation:no), 1 untimed warm-up step and STEPS timed steps.
# Every run must print its "per step" line (SMPI can end a deadlock with
# status 0).
set -u
BUILD=${BUILD:-build-smpi}
STEPS=${STEPS:-3}
PAB="$BUILD/bin/ortho-pab"
LAM="--cfg=smpi/bcast:binomial_tree --cfg=smpi/allgather:GB --cfg=smpi/allgatherv:GB
     --cfg=smpi/allreduce:redbcast --cfg=smpi/gather:ompi_basic_linear
     --cfg=smpi/scatter:ompi_basic_linear --cfg=smpi/reduce:binomial"
NATIVES=${NATIVES:-$LAM}
PROFILES=$(dirname "$0")

# run PLATFORM P ARGS...: prints the program's output; fails without a "per step" line.
run() {
    local plat=$1 np=$2 out
    shift 2
    out=$(smpirun -np "$np" -platform "platforms/$plat.xml" -hostfile "platforms/$plat.hostfile" \
        --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no \
        $NATIVES --log=root.thres:critical "$PAB" --flops --steps "$STEPS" "$@" 2>&1)
    if ! grep -q "per step" <<< "$out"; then
        echo "simulate.sh: no result from $plat np=$np $*:" >&2
        echo "$out" >&2
        return 1
    fi
    echo "$out"
}

# step_time OUTPUT: the measured seconds per step
step_time() { awk '/s per step/ { print $5 }' <<< "$1"; }

# improvement PLATFORM P ARGS...: one table row, native vs ortho (balanced
# grid); improvement = (native - ortho) / native, the paper's convention
# (1 - 1/speedup), as the tables of docs/pab.md set beside the paper's figures
improvement() {
    local plat=$1 np=$2 a b ta tb grid
    shift 2
    a=$(run "$plat" "$np" --comm native "$@") || return 1
    b=$(run "$plat" "$np" --comm ortho "$@") || return 1
    ta=$(step_time "$a")
    tb=$(step_time "$b")
    grid=$(sed -n 's/.*ortho (\([0-9x]*\)).*/\1/p' <<< "$b")
    awk -v pl="${plat%%_*}" -v p="$np" -v args="$*" -v g="$grid" -v a="$ta" -v b="$tb" \
        'BEGIN { printf "| %s | %d | %s | %s | %.4g | %.4g | %+.1f%% |\n", pl, p, args, g, a * 1e3, b * 1e3, 100 * (a - b) / a }'
}

header() {
    echo "| platform | p | pab arguments | grid | native [ms/step] | ortho [ms/step] | improvement (paper's convention, %) |"
    echo "|---|---|---|---|---|---|---|"
}

fig29() {   # CLiC: PAB and PABM, K = 4, sparse and dense, 48 and 96 processes
    header
    for np in 48 96; do
        for m in "--method pab" "--method pabm --I 2"; do
            for n in 1920 7680 30720 122880; do
                improvement clic_star "$np" $m --K 4 --system bruss --n "$n"
            done
            for n in 960 3840; do
                improvement clic_star "$np" $m --K 4 --system spectral --n "$n"
            done
        done
    done
}

fig30() {   # T3E, 96 processes, small systems
    header
    for m in "--method pab" "--method pabm --I 2"; do
        for n in 192 960 1920 7680; do
            improvement t3e_torus 96 $m --K 4 --system bruss --n "$n"
        done
        for n in 192 960 3840; do
            improvement t3e_torus 96 $m --K 4 --system spectral --n "$n"
        done
    done
}

dense() {   # T3E, 96 processes, larger dense systems: computation counts
    header
    for m in "--method pab" "--method pabm --I 2"; do
        for n in 7680 15360; do
            improvement t3e_torus 96 $m --K 4 --system spectral --n "$n"
        done
    done
}

allgatherv() {   # sizes that p does not divide: MPI_Allgatherv
    header
    for plat in clic_star t3e_torus; do
        for n in 2000 8192; do
            improvement "$plat" 96 --method pabm --I 2 --K 4 --system bruss --n "$n"
        done
    done
}

mpich() {   # the same against MPICH's algorithms
    NATIVES="--cfg=smpi/coll-selector:mpich"
    header
    for plat in clic_star t3e_torus; do
        for n in 1920 30720; do
            improvement "$plat" 96 --method pabm --I 2 --K 4 --system bruss --n "$n"
        done
    done
}

fig28() {   # CLiC, PABM K = 8: data/task-parallel, native/ortho
    echo "| p | n | data native [ms/step] | data ortho | task native | task ortho |"
    echo "|---|---|---|---|---|---|"
    for np in 16 32 48 64 96; do
        for n in 7680; do
            local row="| $np | $n |"
            for impl in data task; do
                for c in native ortho; do
                    local o
                    o=$(run clic_star "$np" --method pabm --K 8 --I 2 --system bruss --n "$n" \
                        --impl "$impl" --comm "$c") || return 1
                    row="$row $(awk -v t="$(step_time "$o")" 'BEGIN { printf "%.4g", t * 1e3 }') |"
                done
            done
            echo "$row"
        done
    done
}

fig31() {   # T3E: predicted (profile fitted on the simulated T3E) vs measured, K = 4, ortho
    local prof=$PROFILES/smpi-t3e-lam.profile
    echo "| p | method | system | n | grid | predicted [ms/step] | measured [ms/step] | deviation |"
    echo "|---|---|---|---|---|---|---|---|"
    for np in 48 96; do
        for m in pab pabm; do
            for n in 1920 7680 30720; do
                local o pred meas grid
                o=$(run t3e_torus "$np" --method "$m" --I 2 --K 4 --system bruss --n "$n" \
                    --comm ortho --predict "$prof") || return 1
                pred=$(awk '/^per step: predicted/ { print $4 }' <<< "$o")
                meas=$(awk '/^per step: predicted/ { print $7 }' <<< "$o")
                grid=$(sed -n 's/.*ortho (\([0-9x]*\)).*/\1/p' <<< "$o")
                awk -v p="$np" -v m="$m" -v n="$n" -v g="$grid" -v a="$pred" -v b="$meas" \
                    'BEGIN { printf "| %d | %s | bruss | %d | %s | %.4g | %.4g | %+.1f%% |\n", p, m, n, g, a * 1e3, b * 1e3, 100 * (a - b) / b }'
            done
        done
    done
}

case "${1:-}" in
fig28 | fig29 | fig30 | fig31 | dense | allgatherv | mpich) "$1" ;;
*) echo "usage: $0 fig28|fig29|fig30|fig31|dense|allgatherv|mpich" >&2; exit 2 ;;
esac
