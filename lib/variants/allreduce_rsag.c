/* Allreduce, bandwidth-optimal on a grid ("rsag").
 *
 * Cost (alpha-beta-gamma, n bytes, p = p1 x p2, rows order, every phase a
 * direct exchange, direct_exchange.c):
 *   T = 4 alpha + 2 (p - 1) / p n beta + (p - 1) / p n gamma
 * the volume of MPICH's Rabenseifner allreduce, but only the n / p2 piece
 * crosses the columns: on a node-aware grid each node's link carries
 * 2 (p1 - 1) / p1 n instead of 2 (p - 1) / p n per process of the node.
 * As phases (the model's composition, lib/model/variants.c):
 *   x_rs(p2, n) + x_rs(p1, n / p2) + x(p1, n / p2) + x(p2, n)
 * x(g, n) a direct exchange of blocks of n / g placed on the nodes (one
 * hop inside a node; the bytes through a node's link after one hop's fixed
 * part across), x_rs(g, n) = x(g, n) + (g - 1) / g n gamma.
 *
 * Rows order: a reduce-scatter inside every row leaves piece c of the
 * row's sum at its member c; inside column c a reduce-scatter of piece c
 * and an allgather of its parts make the whole sum of piece c (on an N-D
 * grid: this variant again on the leader grid); an allgather inside every
 * row, in place, completes the vector. Every phase posts all its messages
 * at once (direct_exchange.c) rather than calling the native collective:
 * SimGrid 3.32's mpich selector runs MPI_Allreduce on a communicator of
 * its own making through its two-level (SMP) algorithm, which on a column
 * of one process per node sends the whole piece lg p1 times through each
 * node's link (recursive doubling), and the pairwise reduce-scatter and
 * the native allgather take p2 - 1 steps inside a node where a direct
 * exchange takes one. Measured on 16 nodes x 8 cores at 500 KB: 225 us
 * with the native column allreduce and pairwise rows, 91 us direct
 * (docs/variants.md). Rows are consecutive ranks and columns are ordered
 * by row, and each exchange combines its operands in rank order, so
 * non-commutative operations get MPI's result.
 *
 * Columns order: the same with rows and columns exchanged (reduce-scatter
 * in the columns, the pieces across the rows, allgather in the columns);
 * rank order is not kept, so it runs for commutative operations only (the
 * dispatcher runs the rows order otherwise).
 *
 * Uneven grid (a short last row of r members): the vector is cut into as
 * many pieces as the shortest group has members (r in the rows order,
 * p1 - 1 in the columns order), so every piece has a holder in every
 * group; the members past the last piece get none. */
#include <stdlib.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"

/* The input of the reduce-scatter: sendbuf, or a copy of recvbuf for an
 * in-place call (the piece is written into recvbuf while the input is
 * still read). */
static int rs_input(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type, void **raw,
                    const void **input)
{
    void *copy;
    *raw = NULL;
    *input = sendbuf;
    if (sendbuf != MPI_IN_PLACE)
        return MPI_SUCCESS;
    int err = ortho__tmp(n, type, raw, &copy);
    if (!err)
        err = ortho__local_copy(recvbuf, n, type, copy, n, type);
    *input = copy;
    return err;
}

/* The sum of this member's piece over the second groups, in place: a
 * reduce-scatter of its parts, then their allgather. */
static int across(void *piece, int n, MPI_Datatype type, MPI_Op op, MPI_Comm second)
{
    int len;
    PMPI_Comm_size(second, &len);
    int *counts = malloc(2 * (size_t)len * sizeof(int));
    if (counts == NULL)
        return MPI_ERR_NO_MEM;
    int *displs = counts + len, me;
    PMPI_Comm_rank(second, &me);
    ortho__split(n, len, len, counts, displs);
    int err = ortho__reduce_scatter_direct(piece, ortho__offset(piece, displs[me], type), counts,
                                           displs, type, op, ORTHO__DIRECT_WINDOW, second);
    if (!err)
        err = ortho__allgatherv_direct(piece, counts, displs, type, ORTHO__DIRECT_WINDOW, second);
    free(counts);
    return err;
}

static int rsag(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                const struct ortho_grid *grid, int rows_first)
{
    struct ortho__groups g;
    if (ortho__is_flat(grid))
        return PMPI_Allreduce(sendbuf, recvbuf, n, type, op, grid->comm);
    ortho__groups_of(grid, rows_first, &g);
    int *counts = malloc(2 * (size_t)g.len * sizeof(int));
    void *raw = NULL;
    const void *input = NULL;
    if (counts == NULL)
        return MPI_ERR_NO_MEM;
    int *displs = counts + g.len;
    ortho__split(n, g.pieces, g.len, counts, displs);
    void *piece = ortho__offset(recvbuf, displs[g.me], type);
    int err = rs_input(sendbuf, recvbuf, n, type, &raw, &input);
    if (!err)
        err = ortho__reduce_scatter_direct(input, piece, counts, displs, type, op,
                                           ORTHO__DIRECT_WINDOW, g.first);
    if (!err && counts[g.me] > 0) {
        if (g.recurse != NULL)
            err = ortho__allreduce_rsag_rows(MPI_IN_PLACE, piece, counts[g.me], type, op,
                                             g.recurse);
        else
            err = across(piece, counts[g.me], type, op, g.second);
    }
    if (!err)
        err = ortho__allgatherv_direct(recvbuf, counts, displs, type, ORTHO__DIRECT_WINDOW,
                                      g.first);
    free(raw);
    free(counts);
    return err;
}

int ortho__allreduce_rsag_rows(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                               MPI_Op op, const struct ortho_grid *grid)
{
    return rsag(sendbuf, recvbuf, n, type, op, grid, 1);
}

int ortho__allreduce_rsag_cols(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                               MPI_Op op, const struct ortho_grid *grid)
{
    return rsag(sendbuf, recvbuf, n, type, op, grid, 0);
}
