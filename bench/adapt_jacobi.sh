#!/usr/bin/env bash
# Online selection in an application (docs/selection.md, "Online
# selection"): Jacobi (apps/jacobi) under SimGrid SMPI, the default path
# (--comm auto, no ORTHO_* setting) against native and against the best
# fixed choice, 200 iterations, each arithmetic operation charged 1.25 ns.
#
#   make SMPI=1 && bench/adapt_jacobi.sh              every run (long)
#   bench/adapt_jacobi.sh star-96-lam                 the runs whose names start so
#   bench/adapt_jacobi.sh --summary [DIR]             only the table of DIR's runs
#   JACOBI_SIZES="2400 9600" JACOBI_VARIANTS="row col-mb col-sb" bench/adapt_jacobi.sh
#
# Per run (platform, p, natives), size and variant:
#   1. native and the default path in one program (--comm native,auto),
#      with ORTHO_VERBOSE=1: what each class explored and locked;
#   2. the fixed choices: for each operation of the variant, every
#      candidate the default path explored, forced from the first call
#      with ORTHO_VARIANT (the variant's other operation native); then the
#      best of each operation together. "best fixed" is the fastest of
#      these runs: what an offline choice among the same candidates gives.
# The table: time per iteration of native, default, best fixed; the
# default path's speedup t_native / t_default (goal: at least 0.98x, i.e.
# at most 2% slower) and t_best / t_default against the best fixed choice
# (goal: at least 0.952x, i.e. at most 5% slower).
# Settings: those of bench/sim.sh (scripts/smpi_settings.sh).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
BUILD=${BUILD:-build-smpi}
JACOBI=${JACOBI:-$BUILD/bin/ortho-jacobi}
TMP=${TMP:-results/tmp/adapt-jacobi}
JOBS=${JOBS:-2}
TIMEOUT=${SMPI_TIMEOUT:-3600}
SMPIRUN=${SMPIRUN:-smpirun}
PLATFORMS="$ROOT/platforms"
SIZES=${JACOBI_SIZES:-2400 9600}
VARIANTS=${JACOBI_VARIANTS:-row col-mb col-sb}
ITERS=${JACOBI_ITERS:-200}
# shellcheck source=../scripts/smpi_settings.sh
. "$ROOT/scripts/smpi_settings.sh"
# shellcheck source=../scripts/smpi_runs.sh
. "$ROOT/scripts/smpi_runs.sh"

# name | platform | p | settings
RUNS=("star-96-lam|clic_star|96|LAM" "star-96-mpich|clic_star|96|MPICH"
      "multicore-128-mpich|multicore|128|MPICH")

# the collectives of each variant (apps/jacobi/comm.c)
ops_of() {
    case $1 in
    row) echo allgather ;;
    col-mb) echo allreduce allgather ;;
    col-sb) echo reduce bcast ;;
    esac
}

jacobi() { # platform p settings n variant comm env... : the program's output
    local platform=$1 np=$2 sets=$3 n=$4 variant=$5 comm=$6 cfg=() set
    shift 6
    for set in $sets; do
        eval "cfg+=(\"\${${set}[@]}\")"
    done
    env "$@" timeout "$TIMEOUT" "$SMPIRUN" -np "$np" -platform "$PLATFORMS/$platform.xml" \
        -hostfile "$PLATFORMS/$platform.hostfile" "${SMPI_SETTINGS[@]}" "${cfg[@]}" \
        "$JACOBI" -n "$n" --variant "$variant" --comm "$comm" --tol 0 --maxit "$ITERS" \
        --sim-t-op 1.25ns 2>&1
}

# per_iteration LOG COMM: the time per iteration [ms] of the row of COMM
# (columns: variant comm [layout] iters rel.res total compute comm speed)
per_iteration() {
    awk -v comm="$2" '$2 == comm && NF >= 8 { print $(NF - 3); exit }' "$1"
}

run_one() {
    local name=$1 platform=$2 np=$3 sets=$4 n variant op cand base best_ops
    mkdir -p "$TMP/runs"
    for n in $SIZES; do
        for variant in $VARIANTS; do
            base="$TMP/runs/$name.n$n.$variant"
            jacobi "$platform" "$np" "$sets" "$n" "$variant" native,auto ORTHO_VERBOSE=1 \
                >"$base.default.log"
            grep -q "^$variant *auto" "$base.default.log" || {
                echo "$name n=$n $variant: FAILED"; return 1; }
            : >"$base.fixed"
            best_ops=()
            for op in $(ops_of "$variant"); do
                local best=native best_t others=() o
                best_t=$(per_iteration "$base.default.log" native)
                for o in $(ops_of "$variant"); do
                    [ "$o" = "$op" ] || others+=("$o=native")
                done
                for cand in $(explored "$base.default.log" "$op"); do
                    local setting tag t
                    setting=$(IFS=,; echo "$op=$cand${others[*]:+,${others[*]}}")
                    tag="$op.${cand//:/_}"
                    jacobi "$platform" "$np" "$sets" "$n" "$variant" auto \
                        ORTHO_VARIANT="$setting" >"$base.fixed.$tag.log"
                    t=$(per_iteration "$base.fixed.$tag.log" auto)
                    echo "$setting $t" >>"$base.fixed"
                    if [ -n "$t" ] && awk -v a="$t" -v b="$best_t" 'BEGIN { exit !(a < b) }'; then
                        best=$cand best_t=$t
                    fi
                done
                best_ops+=("$op=$best")
            done
            # each operation's best together (when it is not one of the runs above)
            if [ "${#best_ops[@]}" -gt 1 ]; then
                local setting
                setting=$(IFS=,; echo "${best_ops[*]}")
                if ! grep -q "^$setting " "$base.fixed"; then
                    jacobi "$platform" "$np" "$sets" "$n" "$variant" auto \
                        ORTHO_VARIANT="$setting" >"$base.fixed.best.log"
                    echo "$setting $(per_iteration "$base.fixed.best.log" auto)" >>"$base.fixed"
                fi
            fi
        done
    done
    echo "$name: done"
}

# explored LOG OP: the candidates the default path explored for OP (the
# online lines of ORTHO_VERBOSE); native is the run's own native row
explored() {
    local mpi
    mpi=$(echo "$2" | sed 's/^./\U&/')
    grep "MPI_$mpi on .*online: " "$1" | sed 's/.*online: //; s/; [a-z].*$//' | tr ',' '\n' |
        awk '{print $1}' | grep -E '^[a-z]+:[0-9]' | sort -u
}

summary() {
    local dir=$1 f name n variant nat def best
    echo "Jacobi, online selection (bench/adapt_jacobi.sh, SMPI, $ITERS iterations): time per"
    echo "iteration [ms]; speedup t_native / t_default (goal >= 0.98x), t_best / t_default"
    echo "against the best fixed choice (goal >= 0.952x: at most 5% slower)"
    echo "| run | n | variant | native | default | best fixed (setting) | speedup | vs best |"
    echo "|---|---|---|---|---|---|---|---|"
    for f in "$dir"/*.default.log; do
        [ -e "$f" ] || continue
        name=$(basename "$f" .default.log)
        variant=${name##*.}
        n=${name%.*}; n=${n##*.n}
        nat=$(per_iteration "$f" native)
        def=$(per_iteration "$f" auto)
        [ -n "$nat" ] && [ -n "$def" ] || continue   # still running, or failed
        best=$( { echo "native $nat"; echo "default $def"
                  [ -f "${f%.default.log}.fixed" ] && cat "${f%.default.log}.fixed"; } |
                awk 'NF == 2 && $1 != "default" && $2 ~ /^[0-9]/' | sort -g -k2 | head -n 1)
        awk -v run="${name%%.*}" -v n="$n" -v v="$variant" -v nat="$nat" -v def="$def" \
            -v best="$best" 'BEGIN {
                split(best, b, " ");
                printf "| %s | %s | %s | %.4g | %.4g | %.4g (%s) | %.3fx | %.3fx |\n",
                       run, n, v, nat, def, b[2], b[1], nat / def, b[2] / def }'
    done
}

if [ "${1:-}" = "--summary" ]; then
    summary "${2:-$TMP/runs}"
    exit 0
fi
[ -x "$JACOBI" ] || { echo "bench/adapt_jacobi.sh: no $JACOBI (make SMPI=1)"; exit 2; }
run_selected run_one "$@"
summary "$TMP/runs"
[ "$RUNS_FAILED" -eq 0 ]
