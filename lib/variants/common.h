/* Helpers shared by the variant files. Private.
 *
 * Ranks: a grid's processes have grid ranks (the order of grid->comm);
 * the caller's communicator has its own order, which differs only on
 * node-aware grids over a non-consecutive placement (grid->perm). Block
 * positions and roots given by the caller are in its order. */
#ifndef ORTHO_VARIANTS_COMMON_H_INCLUDED
#define ORTHO_VARIANTS_COMMON_H_INCLUDED

#include <mpi.h>
#include <stddef.h>

#include "grid/grid_private.h"

/* The caller's rank of grid rank g: where g's block goes. */
static inline int ortho__pos(const struct ortho_grid *grid, int g)
{
    return grid->perm != NULL ? grid->perm[g] : g;
}

/* The grid rank of the caller's rank r (a root). */
static inline int ortho__grid_rank(const struct ortho_grid *grid, int r)
{
    return grid->inv != NULL ? grid->inv[r] : r;
}

/* 1 when op is commutative (MPI_Op_commutative). */
int ortho__op_commutes(MPI_Op op);

/* n elements split in `pieces` parts, the first n % pieces one longer:
 * counts[i] and displs[i] (elements) for i < pieces, 0 / n for
 * pieces <= i < len. */
void ortho__split(int n, int pieces, int len, int counts[], int displs[]);

/* Temporary room for n elements of type (true extent honoured), or for
 * none; free() the raw pointer. */
int ortho__tmp(int n, MPI_Datatype type, void **raw, void **buf);

/* The number of pieces a variant cuts a vector into on this grid: the
 * length of the shortest row (rows order) or column (columns order), so
 * that every piece has a holder in every group of the other phase. */
static inline int ortho__pieces_rows(const struct ortho_grid *grid)
{
    return grid->last_len;
}

static inline int ortho__pieces_cols(const struct ortho_grid *grid)
{
    return ortho__is_uneven(grid) ? grid->nrows - 1 : grid->nrows;
}

#endif /* ORTHO_VARIANTS_COMMON_H_INCLUDED */
