/* Reduce as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta-gamma, binomial trees, n bytes):
 *   T = (lg p2 + lg p1) * (alpha + n * beta + n * gamma)
 * Paper, formula (1): t_acc_2d(p, b) = t_acc(p2, b) + t_acc(p1, b).
 *
 * Phase 1 reduces inside every row to the member of the root's column,
 * phase 2 reduces those partial results inside the root's column. Rows are
 * consecutive ranks and the column is ordered by row, so operands combine
 * in rank order and non-commutative operations are safe.
 *
 * No phase passes MPI_IN_PLACE to MPI_Reduce: MPICH 4.0.2 crashes in an
 * in-place MPI_Reduce of large vectors (seen at 3 and 6 processes, 64 KiB).
 * The root reduces its row into a temporary buffer and the column into the
 * receive buffer, so an in-place call costs no extra copy. */
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

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int is_root = grid->rank == root;
    int degenerate = ortho__row_size(grid) == 1 || ortho__col_size(grid) == 1;
    /* The root's input, never MPI_IN_PLACE (see above). */
    const void *input = is_root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;

    if (degenerate && !(is_root && sendbuf == MPI_IN_PLACE)) {
        err = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, grid->comm);
    } else if (degenerate) {
        /* The native call on a copy of the in-place input. */
        err = ortho__tmp_alloc(count, type, &raw, &partial);
        if (!err)
            err = ortho__local_copy(recvbuf, count, type, partial, count, type);
        if (!err)
            err = PMPI_Reduce(partial, recvbuf, count, type, op, root, grid->comm);
    } else if (ortho__col_of(grid, grid->rank) != root_col) {
        err = PMPI_Reduce(sendbuf, NULL, count, type, op, root_col, grid->row_comm);
    } else {
        /* A leader: the row's partial result, then the column's reduction of
         * the partial results at the root. */
        err = ortho__tmp_alloc(count, type, &raw, &partial);
        if (!err)
            err = PMPI_Reduce(input, partial, count, type, op, root_col, grid->row_comm);
        if (!err)
            err = PMPI_Reduce(partial, is_root ? recvbuf : NULL, count, type, op, root_row,
                              grid->col_comm);
    }
    free(raw);
    return ortho__raise(grid->comm, err);
}
