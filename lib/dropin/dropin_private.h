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

/* The grid for op and bytes (< 0: unknown) on comm, or NULL for the native
 * call; *run receives the variant and order to run on it. Collective the
 * first time a class is met (grids are created). */
ortho_grid_t ortho__dropin_grid(MPI_Comm comm, ortho_op op, double bytes, struct ortho__run *run);

/* count * size(type) as a double. */
double ortho__dropin_bytes(double count, MPI_Datatype type);

#endif /* ORTHO_DROPIN_PRIVATE_H_INCLUDED */
