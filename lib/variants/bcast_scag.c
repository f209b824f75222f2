/* Broadcast, bandwidth-optimal on a grid ("scag": scatter, pieces,
 * allgather).
 *
 * Cost (alpha-beta, n bytes, p = p1 x p2, rows order, binomial scatter
 * and bcast, recursive-doubling or ring allgather):
 *   T = (lg p2 + lg p1 + lg p2) alpha + ((p2 - 1) / p2 n + lg p1 n / p2
 *       + (p2 - 1) / p2 n) beta
 * against MPICH's scatter + allgather broadcast (2 lg p alpha +
 * 2 (p - 1) / p n beta) it moves only the n / p2 piece across the columns:
 * on a node-aware grid every node's link carries n (times lg p1 for a
 * binomial tree of nodes) instead of the data of each of its processes.
 * As phases (lib/model/variants.c):
 *   t_scatter(p2, n / p2) + t_bcast(p1, n / p2) + t_allgather(p2, n / p2)
 *
 * Rows order: MPI_Scatterv of the pieces inside the root's row, then
 * MPI_Bcast of piece c inside column c from the root's row (on an N-D
 * grid: this variant again on the leader grid), then MPI_Allgatherv of
 * the pieces inside every row, in place. Columns order: scatter in the
 * root's column, the pieces across the rows, allgather in every column.
 *
 * Pieces: as many as the shortest group has members (see
 * allreduce_rsag.c). */
#include <stdlib.h>

#include "common/buffers.h"
#include "common/native_calls.h"
#include "variants/common.h"
#include "variants/impl.h"

static int bcast_scag(void *buf, int n, MPI_Datatype type, const struct ortho__groups *g,
                      const struct ortho__root_at *r)
{
    int *counts = malloc(2 * (size_t)g->len * sizeof(int));
    if (counts == NULL)
        return MPI_ERR_NO_MEM;
    int *displs = counts + g->len;
    ortho__split(n, g->pieces, g->len, counts, displs);
    int mine = counts[g->me], err = MPI_SUCCESS;
    void *piece = ortho__offset(buf, displs[g->me], type);
    if (g->ome == r->in_second)
        err = PMPI_Scatterv(buf, counts, displs, type, r->is_root ? MPI_IN_PLACE : piece, mine,
                            type, r->in_first, g->first);
    if (!err && mine > 0) {
        if (g->recurse != NULL)
            err = ortho__bcast_scag_rows(piece, mine, type, r->in_second, g->recurse);
        else
            err = PMPI_Bcast(piece, mine, type, r->in_second, g->second);
    }
    if (!err)
        err = ortho__allgatherv_native(MPI_IN_PLACE, 0, MPI_BYTE, buf, counts, displs, type,
                                       g->first);
    free(counts);
    return err;
}

static int scag(void *buf, int n, MPI_Datatype type, int root, const struct ortho_grid *grid,
                int rows_first)
{
    struct ortho__groups g;
    struct ortho__root_at r;
    if (ortho__is_flat(grid))
        return PMPI_Bcast(buf, n, type, root, grid->comm);
    ortho__groups_of(grid, rows_first, &g);
    ortho__root_at(&g, grid, root, &r);
    return bcast_scag(buf, n, type, &g, &r);
}

int ortho__bcast_scag_rows(void *buf, int n, MPI_Datatype type, int root,
                           const struct ortho_grid *grid)
{
    return scag(buf, n, type, root, grid, 1);
}

int ortho__bcast_scag_cols(void *buf, int n, MPI_Datatype type, int root,
                           const struct ortho_grid *grid)
{
    return scag(buf, n, type, root, grid, 0);
}
