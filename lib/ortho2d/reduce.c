/* Reduce as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta-gamma, binomial trees, n bytes):
 *   T = (lg p2 + lg p1) * (alpha + n * beta + n * gamma)
 * Paper, formula (1): t_acc_2d(p, b) = t_acc(p2, b) + t_acc(p1, b).
 *
 * Phase 1 reduces inside every row to the member of the root's column,
 * phase 2 reduces those partial results inside the root's column. Rows are
 * consecutive ranks and the column is ordered by row, so operands combine
 * in rank order and non-commutative operations are safe. */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"

int ortho_2d_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                    MPI_Op op, int root, ortho_grid_t grid)
{
    void *raw = NULL, *partial = NULL;
    int err = ortho__check_grid(grid, 2);
    if (!err)
        err = ortho__check_root(grid, root);
    if (!err)
        err = ortho__check_count(grid, count);
    if (!err)
        err = ortho__check_type(grid, type);
    if (!err)
        err = ortho__check_op(grid, op);
    if (err)
        return err;
    if (count == 0)
        return MPI_SUCCESS;
    if (ortho__row_size(grid) == 1 || ortho__col_size(grid) == 1)
        return ortho__raise(grid->comm,
                            PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, grid->comm));

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    if (ortho__col_of(grid, grid->rank) != root_col) {
        err = PMPI_Reduce(sendbuf, NULL, count, type, op, root_col, grid->row_comm);
    } else if (grid->rank == root) {
        /* sendbuf may be MPI_IN_PLACE: the root is also the row's root. */
        err = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root_col, grid->row_comm);
        if (!err)
            err = PMPI_Reduce(MPI_IN_PLACE, recvbuf, count, type, op, root_row, grid->col_comm);
    } else {
        err = ortho__tmp_alloc(count, type, &raw, &partial);
        if (!err)
            err = PMPI_Reduce(sendbuf, partial, count, type, op, root_col, grid->row_comm);
        if (!err)
            err = PMPI_Reduce(partial, NULL, count, type, op, root_row, grid->col_comm);
    }
    free(raw);
    return ortho__raise(grid->comm, err);
}
