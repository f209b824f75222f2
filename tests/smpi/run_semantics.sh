#!/usr/bin/env bash
# MPI's argument rules for the nine drop-in functions on simulated clusters
# (SimGrid SMPI): tests/smpi/check_semantics (see its header), systematic
# (every candidate the library can run x the argument classes: root-only
# arguments garbage elsewhere, per-rank datatypes of one signature,
# MPI_IN_PLACE, counts 0 to 64 KiB) at a few process counts and
# placements, then random cases (layouts 2D, N-D, uneven, node-aware;
# variants, orders, roots, counts, v-counts with zeros and gaps) up to 96
# processes, each against closed forms. Ends with one line:
# "SMPI semantics checks: N passed, N failed".
#
#   make check-smpi                                        all SMPI checks
#   BUILD=build-smpi tests/smpi/run_semantics.sh           these runs (about 4 min)
#   BUILD=build-smpi tests/smpi/run_semantics.sh rand-96   only the named runs
#   SEMANTICS_FULL=1 BUILD=build-smpi tests/smpi/run_semantics.sh
#                              10,000 random cases (about an hour on 2 cores)
#   SEMANTICS_SEED=S           the random cases' seed (default 1)
#   SEMANTICS_LOGS=DIR         keep every run's log in DIR
#
# Placements (hostfiles written here, on platforms/multicore.xml: 16 nodes
# x 8 cores): "blocks N..." fills nodes of the given sizes with
# consecutive ranks; "rr" puts rank r on node r % 4 (the node-aware grid
# reorders the processes).
#
# Settings: SMPI's mpich selector with allgather:bruck,
# bcast:binomial_tree and reduce:binomial, because SimGrid 3.32 itself
#  - returns wrong data (or corrupts memory) in most allgather algorithms,
#    the mpich selector's included, when a rank's send and receive
#    datatypes differ (bruck, GB, NTSLR, rhv and the default are right);
#  - gets MPI_Type_contiguous of a resized struct wrong, even point to
#    point: the representation "2" is left out here (--reps PBGVTS; real
#    MPI runs it, tests/test_semantics.sh);
#  - deadlocks in the SMP-aware bcast the mpich selector picks on
#    multi-core hosts, in communicators spread unevenly over the nodes
#    (seen with a plain 2x6 grid on the rr placement: every rank of a row
#    called MPI_Bcast with the same arguments and one never returned);
#  - crashes in the mpich selector's MPI_Reduce on one multi-core node
#    with MPI_IN_PLACE at a root other than 0 (5 ints, 7 processes).
# With these settings --native (the PMPI_ calls) passes every case.
#
# A run passes when smpirun exits 0 AND check_semantics printed its
# closing line with 0 failures (SMPI can end a deadlocked simulation with
# status 0). check_semantics runs with -v (each case printed before it
# runs, verdicts combined after each): when a run stops without its
# closing line, the last case started is the one that hung or crashed.
# shellcheck source=lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
smpi_setup check_semantics
TMP=$SMPI_TMP
SEED=${SEMANTICS_SEED:-1}
FULL=${SEMANTICS_FULL:-0}
if [ "$FULL" = 1 ]; then
    TIMEOUT=${SMPI_TIMEOUT:-10800}
fi

smpi_closing_pattern() {
    echo "^check_semantics: [0-9]+ passed, [0-9]+ failed \\($1 processes\\)\$"
}

smpi_blocks 4 >"$TMP/b4"
smpi_blocks 7 >"$TMP/b7"
smpi_blocks 4 4 4 4 >"$TMP/b16x4"
smpi_blocks 8 8 >"$TMP/b16"
smpi_blocks 8 8 8 5 >"$TMP/b29"
smpi_blocks 8 8 8 8 8 8 >"$TMP/b48"
smpi_blocks 8 8 8 8 8 8 8 8 8 8 8 8 >"$TMP/b96"
for ((r = 0; r < 12; r++)); do echo "node-$((r % 4))"; done >"$TMP/rr12"
for ((r = 0; r < 32; r++)); do echo "node-$((r % 4))"; done >"$TMP/rr32"

# random cases: the default, or the full run's (10,000 in all)
cases() {
    if [ "$FULL" = 1 ]; then echo "$2"; else echo "$1"; fi
}

# name | hostfile | p | placement | check_semantics arguments
RUNS=(
    "sys-4|b4|4|one node of 4|"
    "sys-7|b7|7|one node of 7|--thin 2"
    "sys-16-nodes|b16x4|16|blocks 4 4 4 4|--thin 3"
    "sys-12-rr|rr12|12|rr over 4 nodes|--thin 3"
    "sys-29-short|b29|29|blocks 8 8 8 5|--thin 6"
    "rand-7|b7|7|one node of 7|--random $(cases 300 2000)"
    "rand-16|b16|16|blocks 8 8|--random $(cases 200 2000)"
    "rand-29|b29|29|blocks 8 8 8 5|--random $(cases 150 2000)"
    "rand-32-rr|rr32|32|rr over 4 nodes|--random $(cases 100 1500)"
    "rand-48|b48|48|blocks of 8|--random $(cases 80 1500)"
    "rand-96|b96|96|blocks of 8|--random $(cases 50 1000)"
)

SETTINGS=(--cfg=smpi/coll-selector:mpich --cfg=smpi/allgather:bruck --cfg=smpi/bcast:binomial_tree
    --cfg=smpi/reduce:binomial)
for entry in "${RUNS[@]}"; do
    IFS='|' read -r name hostfile np placement args <<<"$entry"
    smpi_selected "$name" "$@" || continue
    if [[ "$args" == --random* ]]; then
        args="$args --seed $SEED"
    fi
    # shellcheck disable=SC2086  # args is a list of words
    if ! smpi_run "$name" "p=$np, $placement${args:+, $args}" "$np" multicore "$TMP/$hostfile" \
        -- "${SETTINGS[@]}" "$PROG" --reps PBGVTS -v $args; then
        log="$SMPI_TMP/$name.log"
        if ! grep -qE "$(smpi_closing_pattern "$np")" "$log"; then
            line=$(grep -E "^case [0-9]+: " "$log" | tail -n 1)
            echo "   last case started: ${line:0:600}"
        fi
        echo "   command: $SMPIRUN -np $np -platform platforms/multicore.xml -hostfile HOSTFILE" \
            "${SMPI_COMMON[*]} ${SETTINGS[*]} $PROG --reps PBGVTS -v $args" \
            "(HOSTFILE: $placement; add --case K for one case)"
    fi
    if [ -n "${SEMANTICS_LOGS:-}" ]; then
        mkdir -p "$SEMANTICS_LOGS" && cp "$SMPI_TMP/$name.log" "$SEMANTICS_LOGS/"
    fi
done
smpi_summary "SMPI semantics checks"
