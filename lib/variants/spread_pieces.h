/* What spread's broadcast and reduce share (spread_bcast.c,
 * spread_reduce.c): the processes, the root, this process's piece, the
 * segments and the pieces of one segment; on a node-aware grid, the
 * column the pieces travel and the row each node passes them on in.
 * Private. */
#ifndef ORTHO_VARIANTS_SPREAD_PIECES_H_INCLUDED
#define ORTHO_VARIANTS_SPREAD_PIECES_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"
#include "variants/segments.h"

struct ortho__spread_pieces {
    MPI_Datatype type;
    MPI_Comm comm; /* the processes the pieces travel between */
    int p, root, me, owner; /* in comm; owner: this process's piece index, -1 at the root */
    /* Through nodes: the grid's rows are nodes and the pieces travel the
     * root's column, one process a node; each node's row passes every
     * segment on (bcast) or reduces it first (reduce) from or to its
     * member of that column, rank row_root of row. Else row is
     * MPI_COMM_NULL and comm is the whole grid. */
    MPI_Comm row;
    int row_root, in_column; /* in_column: this process travels the pieces */
    int window;              /* segments a sender keeps in flight */
    struct ortho__segments sg;
    int *counts, *displs; /* one segment's pieces, in elements */
};

/* Whether spread runs through nodes on grid for root: a node-aware 2D
 * grid of more than one node and more than one process a node, whose
 * root's column reaches every node (grid shape and root only, equal on
 * every process). */
int ortho__spread_through_nodes(const struct ortho_grid *grid, int root);

/* n elements of type from or to grid rank root (grid->size >= 2), each
 * segment a hop of op (ORTHO_MODEL_BCAST or ORTHO_MODEL_REDUCE) two deep,
 * through nodes where `nodes` (ortho__spread_through_nodes): the
 * segments (the same on every process) and room for one segment's
 * pieces. MPI_ERR_NO_MEM, or PMPI_Type_size's error. */
int ortho__spread_pieces_init(struct ortho__spread_pieces *sp, int n, MPI_Datatype type,
                              ortho_model_op op, int root,
                              const struct ortho__segment_choice *seg,
                              const struct ortho_grid *grid, int nodes);
void ortho__spread_pieces_free(struct ortho__spread_pieces *sp);

/* The pieces of segment k, relative to the segment's start: p - 1 of them,
 * piece i owned by the i-th process after the root. */
void ortho__spread_pieces_of(struct ortho__spread_pieces *sp, int k);

/* The rank in comm that owns piece i. */
static inline int ortho__spread_owner_rank(const struct ortho__spread_pieces *sp, int i)
{
    return (sp->root + 1 + i) % sp->p;
}

#endif /* ORTHO_VARIANTS_SPREAD_PIECES_H_INCLUDED */
