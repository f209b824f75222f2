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

/* Piece j < pieces of that cut alone: its offset and length (elements). */
void ortho__piece(int n, int pieces, int j, int *off, int *len);

/* Waits for n requests one by one (null ones included), all of them even
 * after an error; the first error. Unlike MPI_Waitall with
 * MPI_STATUSES_IGNORE, no status array of n is needed or implied. */
int ortho__wait_each(int n, MPI_Request req[]);

/* After an error: each of n requests still pending is cancelled and
 * completed (the wait for a cancelled request is local), so that no
 * buffer is freed while MPI may still use it. */
void ortho__cancel_each(int n, MPI_Request req[]);

/* acc = x_0 op (x_1 op (... op x_{g-1})), the order MPI reduces in (so
 * non-commutative operations get MPI's result): x_r the count elements
 * at slots + r * stride elements, x_me at own instead. acc may be slot
 * me's room (x_me is read from own). */
int ortho__combine_rank_order(const void *own, int me, const void *slots, MPI_Aint stride, int g,
                              int count, MPI_Datatype type, MPI_Op op, void *acc);

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

/* The groups of a variant in one phase order. `first`: the groups of the
 * first (and, for scag, rsag, the last) phase, `len` members at most, this
 * process their member `me`; `second`: the groups across them, `olen`
 * members, this process their member `ome`. Rows first: the rows and the
 * columns; columns first: the reverse. `pieces`: how many pieces a vector
 * is cut into, as many as the shortest first group has members (so every
 * piece has a holder in every second group); `recurse`: the leader grid
 * that replaces `second` (rows first on N-D grids), else NULL. */
struct ortho__groups {
    MPI_Comm first, second;
    int len, me, olen, ome;
    int pieces;
    const struct ortho_grid *recurse;
};

void ortho__groups_of(const struct ortho_grid *grid, int rows_first, struct ortho__groups *g);


/* Where the root (a grid rank) sits: its member index in the first
 * groups, and in the second groups (which is also the index of its first
 * group, so g->ome == in_second on the processes of the root's first
 * group); is_root on the root. */
struct ortho__root_at {
    int in_first, in_second, is_root;
};

void ortho__root_at(const struct ortho__groups *g, const struct ortho_grid *grid, int root,
                    struct ortho__root_at *r);

#endif /* ORTHO_VARIANTS_COMMON_H_INCLUDED */
