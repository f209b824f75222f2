# Sourced by bench/sim.sh and tune/evidence.sh: the SimGrid SMPI settings
# their simulated figures were measured with (docs/bench.md, "Settings"),
# kept in one place so that the benchmark and the selection evidence
# measure the same simulated machine.
# shellcheck shell=bash

# Every run: the platform's own latency and bandwidth (no size-dependent
# factors); eager sends up to 64 KiB; a linear barrier before each call
# (the one that leaves the ranks most nearly together); local work between
# MPI calls not charged, as the natives' own copies are not.
SMPI_SETTINGS=(--cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1
               --cfg=smpi/async-small-thresh:65536 --cfg=smpi/barrier:ompi_basic_linear
               --cfg=smpi/simulate-computation:no --log=root.thr:critical)
# The native settings: SMPI's MPICH and Open MPI selectors, and a LAM-like
# one (the paper's baseline: binomial-tree broadcast, allgather as gather +
# broadcast, allreduce as reduce + broadcast).
MPICH=(--cfg=smpi/coll-selector:mpich)
OMPI=(--cfg=smpi/coll-selector:ompi)
LAM=(--cfg=smpi/bcast:binomial_tree --cfg=smpi/allgather:GB --cfg=smpi/allreduce:redbcast
     --cfg=smpi/gather:ompi_basic_linear --cfg=smpi/scatter:ompi_basic_linear
     --cfg=smpi/reduce:binomial)
# SMPI 3.32 deadlocks in gather:ompi_linear_sync (chosen by the ompi
# selector) on blocks over 64 KiB with eager sends: the ompi gather runs in
# rendezvous mode.
RDV=(--cfg=smpi/async-small-thresh:0)
