/* Helpers shared by the variant files (common.h). */
#include "variants/common.h"

#include <stdlib.h>

#include "common/buffers.h"

int ortho__op_commutes(MPI_Op op)
{
    int commute = 0;
    if (PMPI_Op_commutative(op, &commute) != MPI_SUCCESS)
        return 0;
    return commute;
}

void ortho__piece(int n, int pieces, int j, int *off, int *len)
{
    int base = n / pieces, extra = n % pieces;
    *off = j * base + (j < extra ? j : extra);
    *len = base + (j < extra);
}

void ortho__split(int n, int pieces, int len, int counts[], int displs[])
{
    for (int i = 0; i < len; i++) {
        if (i < pieces) {
            ortho__piece(n, pieces, i, &displs[i], &counts[i]);
        } else {
            counts[i] = 0;
            displs[i] = n;
        }
    }
}

int ortho__wait_each(int n, MPI_Request req[])
{
    int err = MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        int e = PMPI_Wait(&req[i], MPI_STATUS_IGNORE);
        err = err ? err : e;
    }
    return err;
}

void ortho__cancel_each(int n, MPI_Request req[])
{
    for (int i = 0; i < n; i++)
        if (req[i] != MPI_REQUEST_NULL) {
            PMPI_Cancel(&req[i]);
            PMPI_Wait(&req[i], MPI_STATUS_IGNORE);
        }
}

int ortho__combine_rank_order(const void *own, int me, const void *slots, MPI_Aint stride, int g,
                              int count, MPI_Datatype type, MPI_Op op, void *acc)
{
    /* acc = x_{g-1}; acc = x_r op acc from r = g - 2 down */
    const void *x = g - 1 == me ? own : ortho__offset(slots, (MPI_Aint)(g - 1) * stride, type);
    int err = x == acc ? MPI_SUCCESS : ortho__local_copy(x, count, type, acc, count, type);
    for (int r = g - 2; r >= 0 && !err; r--)
        err = PMPI_Reduce_local(r == me ? own : ortho__offset(slots, (MPI_Aint)r * stride, type),
                                acc, count, type, op);
    return err;
}

int ortho__tmp(int n, MPI_Datatype type, void **raw, void **buf)
{
    return ortho__tmp_alloc(n > 0 ? n : 1, type, raw, buf);
}

void ortho__groups_of(const struct ortho_grid *grid, int rows_first, struct ortho__groups *g)
{
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    if (rows_first) {
        g->first = grid->row_comm;
        g->second = grid->col_comm;
        g->len = ortho__row_size(grid);
        g->me = col;
        g->olen = grid->nrows;
        g->ome = row;
        g->pieces = ortho__pieces_rows(grid);
        g->recurse = grid->leader_grid;
    } else {
        g->first = grid->col_comm;
        g->second = grid->row_comm;
        g->len = grid->nrows;
        g->me = row;
        g->olen = ortho__row_size(grid);
        g->ome = col;
        g->pieces = ortho__pieces_cols(grid);
        g->recurse = NULL;
    }
}

void ortho__root_at(const struct ortho__groups *g, const struct ortho_grid *grid, int root,
                    struct ortho__root_at *r)
{
    int rows_first = g->first == grid->row_comm;
    r->in_first = rows_first ? ortho__col_of(grid, root) : ortho__row_of(grid, root);
    r->in_second = rows_first ? ortho__row_of(grid, root) : ortho__col_of(grid, root);
    r->is_root = grid->rank == root;
}
