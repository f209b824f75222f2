/* What spread's broadcast and reduce share (spread_bcast.c,
 * spread_reduce.c): the processes, the root, this process's piece, the
 * segments and the pieces of one segment. Private. */
#ifndef ORTHO_VARIANTS_SPREAD_PIECES_H_INCLUDED
#define ORTHO_VARIANTS_SPREAD_PIECES_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"
#include "variants/segments.h"

struct ortho__spread_pieces {
    MPI_Datatype type;
    MPI_Comm comm;
    int p, root, me, owner; /* owner: this process's piece index, -1 at the root */
    struct ortho__segments sg;
    int *counts, *displs; /* one segment's pieces, in elements */
};

/* n elements of type from or to grid rank root over grid (p >= 2), each
 * segment a hop of op (ORTHO_MODEL_BCAST or ORTHO_MODEL_REDUCE) two deep:
 * the segments (the same on every process) and room for one segment's
 * pieces. MPI_ERR_NO_MEM, or PMPI_Type_size's error. */
int ortho__spread_pieces_init(struct ortho__spread_pieces *sp, int n, MPI_Datatype type,
                              ortho_model_op op, int root,
                              const struct ortho__segment_choice *seg,
                              const struct ortho_grid *grid);
void ortho__spread_pieces_free(struct ortho__spread_pieces *sp);

/* The pieces of segment k, relative to the segment's start: p - 1 of them,
 * piece i owned by the i-th process after the root. */
void ortho__spread_pieces_of(struct ortho__spread_pieces *sp, int k);

/* The grid rank that owns piece i. */
static inline int ortho__spread_owner_rank(const struct ortho__spread_pieces *sp, int i)
{
    return (sp->root + 1 + i) % sp->p;
}

#endif /* ORTHO_VARIANTS_SPREAD_PIECES_H_INCLUDED */
