# Sourced by bench/sim.sh and tune/evidence.sh: choosing runs by name and
# running them a few at a time.
# shellcheck shell=bash

# run_selected FN [PREFIX...]: for every entry "name|platform|p|settings|
# options" of the array RUNS whose name starts with one of the PREFIXes
# (every entry when none is given), calls FN name platform p settings
# options in the background, at most JOBS (default 2) at once, and waits
# for all. Sets RUNS_SELECTED (how many ran) and RUNS_FAILED (how many
# returned non-zero).
run_selected() {
    local fn=$1 entry name want keep platform np sets opts
    shift
    RUNS_SELECTED=0
    RUNS_FAILED=0
    for entry in "${RUNS[@]}"; do
        name=${entry%%|*}
        if [ $# -gt 0 ]; then
            keep=0
            for want in "$@"; do
                [[ "$name" == "$want"* ]] && keep=1
            done
            [ "$keep" -eq 1 ] || continue
        fi
        while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do
            wait -n || RUNS_FAILED=$((RUNS_FAILED + 1))
        done
        IFS='|' read -r name platform np sets opts <<<"$entry"
        "$fn" "$name" "$platform" "$np" "$sets" "$opts" &
        RUNS_SELECTED=$((RUNS_SELECTED + 1))
    done
    while [ "$(jobs -rp | wc -l)" -gt 0 ]; do
        wait -n || RUNS_FAILED=$((RUNS_FAILED + 1))
    done
}
