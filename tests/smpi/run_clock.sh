#!/usr/bin/env bash
# How a point is timed (lib/measure/repeat.c) on SimGrid SMPI's global
# clock: tests/smpi/check_clock on the three platforms. Ends with one line:
# "SMPI clock checks: N passed, N failed".
#
#   make check-smpi                                 builds with smpicc, runs this too
#   BUILD=build-smpi tests/smpi/run_clock.sh        all runs
# shellcheck source=lib.sh source-path=SCRIPTDIR
. "$(dirname "$0")/lib.sh"
smpi_setup check_clock

smpi_closing_pattern() {
    echo "^check_clock: [0-9]+ passed, [0-9]+ failed \\($1 processes\\)\$"
}

# name | platform | p | a hop between ranks 0 and 1 in the platform file:
# seconds per message (the route's link latencies), seconds per byte
# (star: 2 x 30 us, 100 Mbps; multi-core: the loopback, 0.25 us, 20 GB/s;
# torus: one link, 1.25 us, 600 MB/s); on the torus also the farthest of
# the first 16 nodes (x and y 0..3, z 0: 2 + 2 links, 5 us); the fan at
# a node size (star: one up link, 1; multi-core, 3 nodes of 8: one network
# link a node, 1; torus: ranks 1 and 8 by the x and the y link, 0); the
# eager limit (SimGrid's smpi/send-is-detached-thresh, 65536 by default;
# with --cfg=smpi/send-is-detached-thresh:8192 on the torus); the pair
# (two messages to one process share the route under SimGrid: 1; inside
# a multi-core node the loopback gives each its full speed: 0; between
# two of its nodes 1)
RUNS=("clock-star-8|clic_star|8|60e-6|8e-8|-|1@0|65536|1"
      "clock-multicore-24|multicore|24|0.25e-6|5e-11|-|1@8|65536|0@1"
      "clock-torus-16|t3e_torus|16|1.25e-6|1.6666667e-9|5e-6|0@0|8192|1")
for entry in "${RUNS[@]}"; do
    IFS='|' read -r name platform np alpha beta reach fan eager pair <<<"$entry"
    smpi_selected "$name" "$@" || continue
    smpi_run "$name" "p=$np" "$np" "$platform" "$PLATFORMS/$platform.hostfile" -- \
        --cfg=smpi/send-is-detached-thresh:"$eager" "$PROG" \
        "$alpha" "$beta" "$reach" "$fan" "$eager" "$pair"
done
smpi_summary "SMPI clock checks"
