/* Checked calls of the drop-in functions (ortho_dropin.h) and the
 * candidates to force on them, for the plain programs that call them many
 * times: tests/leaks/churn.c and tests/threads/threads.c. No static
 * state: threads may call these at once on different communicators. */
#ifndef ORTHO_TEST_DROPIN_CALLS_H_INCLUDED
#define ORTHO_TEST_DROPIN_CALLS_H_INCLUDED

#include <mpi.h>

#include "ortho_dropin.h"

/* Runs op (ortho_bcast ... ortho_scatterv) on comm with n MPI_INT
 * elements per process (per block for the gather family; the v-operations
 * take n or n + 1 per rank, odd ranks one more, a gap of one element after
 * each block), MPI_SUM for the reductions, root `root`, MPI_IN_PLACE where
 * MPI allows it when in_place is non-zero (not for the v-operations, nor
 * for reduce: MPICH 4.0.2's MPI_Reduce crashes on it).
 * Element k of rank r's data is r * 1000 + k % 997. Collective over comm.
 * Returns 1 when the call succeeded and this rank's result is right (the
 * gaps untouched), else 0. */
int ortho_test_dropin_call(ortho_op op, int n, int in_place, int root, MPI_Comm comm);

/* The candidates to force for op on p processes with nodes of node_size
 * (ortho_candidate_chooser's argument): ortho_candidates(op, p, node_size,
 * 3), then, per variant that applies to op, the layouts it does not list:
 * rows of 3 in both orders (uneven where 3 does not divide p), the 3D
 * layouts 0x1x2 and 0x3x1 and the node-aware 3D layout (a fallback to a
 * plain grid where the nodes are not equal); no name twice. Stores at most
 * cap in out; returns how many it stored. Not collective. */
int ortho_test_candidates(ortho_op op, int p, int node_size, ortho_candidate out[], int cap);

#endif /* ORTHO_TEST_DROPIN_CALLS_H_INCLUDED */
