/* Reduce, bandwidth-optimal on a grid ("rsag").
 *
 * Cost (alpha-beta-gamma, n bytes, p = p1 x p2, rows order):
 *   T = 2 (lg p2 + lg p1) alpha + 2 (p - 1) / p n beta + (p - 1) / p n gamma
 * (MPICH's Rabenseifner reduce: reduce-scatter + gather), with only the
 * n / p2 piece crossing the columns. As phases (lib/model/variants.c):
 *   x_rs(p2, n) + t_reduce(p1, n / p2) + t_gather(p2, n / p2)
 * with x_rs the direct reduce-scatter placed on the nodes (as in
 * allreduce_rsag.c).
 *
 * Rows order: a reduce-scatter inside every row (direct_exchange.c: every
 * message posted at once, one hop inside a node where pairwise steps took
 * p2 - 1; on 16 nodes x 8 cores, 128 processes, 500 KB: 115 us pairwise,
 * 94 us direct, docs/variants.md) leaves piece c of the row's sum at
 * member c; MPI_Reduce of piece c inside column c to the root's row (on
 * an N-D grid: this variant again on the leader grid);
 * MPI_Gatherv of the pieces inside the root's row to the root. Operands
 * combine in rank order (valid for non-commutative operations).
 *
 * Columns order: reduce-scatter in the columns, the pieces reduced across
 * the rows to the root's column, gathered in the root's column; for
 * commutative operations only.
 *
 * Pieces: as many as the shortest group has members (see
 * allreduce_rsag.c). No MPI_IN_PLACE reaches MPI_Reduce (MPICH 4.0.2
 * crashes on large in-place reductions): the pieces live in a temporary
 * buffer, and the root reduces its own piece straight into recvbuf. */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

static int reduce_rsag(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       const struct ortho__groups *g, const struct ortho__root_at *r)
{
    int *counts = malloc(2 * (size_t)g->len * sizeof(int));
    void *raw = NULL, *tmp = NULL, *raw_out = NULL, *out = NULL;
    if (counts == NULL)
        return MPI_ERR_NO_MEM;
    int *displs = counts + g->len;
    ortho__split(n, g->pieces, g->len, counts, displs);
    int mine = counts[g->me], in_root_group = g->ome == r->in_second;
    int err = ortho__tmp(n, type, &raw, &tmp);
    void *piece = ortho__offset(tmp, displs[g->me], type);
    if (!err)
        err = ortho__reduce_scatter_direct(input, piece, counts, displs, type, op,
                                           ORTHO__DIRECT_WINDOW, g->first);
    /* Where this process's reduced piece lands: recvbuf at the root, a
     * temporary at the others of the root's group. */
    if (!err && in_root_group && r->is_root)
        out = ortho__offset(recvbuf, displs[g->me], type);
    else if (!err && in_root_group && mine > 0)
        err = ortho__tmp(mine, type, &raw_out, &out);
    if (!err && mine > 0) {
        if (g->recurse != NULL)
            err = ortho__reduce_rsag_rows(piece, out, mine, type, op, r->in_second,
                                          g->recurse);
        else
            err = PMPI_Reduce(piece, out, mine, type, op, r->in_second, g->second);
    }
    if (!err && in_root_group && r->is_root)
        err = PMPI_Gatherv(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, counts, displs, type,
                           r->in_first, g->first);
    else if (!err && in_root_group)
        err = PMPI_Gatherv(out, mine, type, NULL, NULL, NULL, type, r->in_first,
                           g->first);
    free(raw_out);
    free(raw);
    free(counts);
    return err;
}

static int rsag(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                int root, const struct ortho_grid *grid, int rows_first)
{
    struct ortho__groups g;
    struct ortho__root_at r;
    if (ortho__is_flat(grid))
        return ortho__reduce_run(grid->rank == root && input == recvbuf ? MPI_IN_PLACE : input,
                                 recvbuf, n, type, op, root, grid);
    ortho__groups_of(grid, rows_first, &g);
    ortho__root_at(&g, grid, root, &r);
    return reduce_rsag(input, recvbuf, n, type, op, &g, &r);
}

int ortho__reduce_rsag_rows(const void *input, void *recvbuf, int n, MPI_Datatype type,
                            MPI_Op op, int root, const struct ortho_grid *grid)
{
    return rsag(input, recvbuf, n, type, op, root, grid, 1);
}

int ortho__reduce_rsag_cols(const void *input, void *recvbuf, int n, MPI_Datatype type,
                            MPI_Op op, int root, const struct ortho_grid *grid)
{
    return rsag(input, recvbuf, n, type, op, root, grid, 0);
}
