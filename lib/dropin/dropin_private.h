/* The drop-in functions' dispatch. Private.
 *
 * A communicator's cache (an attribute, cache.c) holds the grids made for
 * it and, per operation and size class, the decision taken: a cached grid
 * or the native call. Decisions are taken once, on the first call in the
 * class, by lib/select (ortho__select_decide), alike on every process; the
 * dispatch only caches them, makes the grids and runs (ops.c). */
#ifndef ORTHO_DROPIN_PRIVATE_H_INCLUDED
#define ORTHO_DROPIN_PRIVATE_H_INCLUDED

#include <mpi.h>
#include <stddef.h>

#include "candidate/candidate_private.h"
#include "ortho_dropin.h"
#include "ortho_grid.h"
#include "variants/variants.h"

/* A call under way: what ortho__dropin_done() needs to time it and, for
 * online selection, to agree its time. */
struct comm_cache;
struct exploring;
struct ortho__dropin_call {
    struct exploring *x;     /* NULL: nothing to do after the call */
    struct comm_cache *cache;
    ortho_op op;
    int cls, arm, timed, agree;
    double bytes, start;
};

/* The grid for op and bytes (< 0: unknown) on comm, or NULL for the native
 * call; *run receives the variant and order to run on it. Collective the
 * first time a class is met (grids are created) and when online selection
 * first runs a candidate. Every call must be followed by
 * ortho__dropin_done(). */
ortho_grid_t ortho__dropin_grid(MPI_Comm comm, ortho_op op, double bytes, struct ortho__run *run,
                                struct ortho__dropin_call *call);

/* After the call began by ortho__dropin_grid() returned err: times it and,
 * where online selection says so, agrees the times (collective over comm:
 * one small PMPI_Allreduce). Returns err. */
int ortho__dropin_done(MPI_Comm comm, struct ortho__dropin_call *call, int err);

/* count * size(type) as a double. */
double ortho__dropin_bytes(double count, MPI_Datatype type);

#endif /* ORTHO_DROPIN_PRIVATE_H_INCLUDED */
