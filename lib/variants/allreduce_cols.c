/* Allreduce, the columns first ("phases", columns order).
 *
 * Cost (alpha-beta-gamma, recursive doubling, n bytes, p = p1 x p2):
 *   T = (lg p1 + lg p2) (alpha + n beta + n gamma)
 * formula (2) with the phases exchanged: t_allreduce(p1, n) +
 * t_allreduce(p2, n).
 *
 * Phase 1: MPI_Allreduce inside every column (on an N-D grid: the paper's
 * N-D allreduce on the leader grid); phase 2: MPI_Allreduce inside every
 * row. Operands do not combine in rank order: commutative operations
 * only (the dispatcher runs the rows order otherwise). Uneven grid: the
 * short last row takes no part in phase 2 (its members lack the columns
 * past its end) and receives the result from the member above it, one
 * message more (alpha + n beta). */
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__allreduce_cols(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                          MPI_Op op, const struct ortho_grid *grid)
{
    if (ortho__is_flat(grid))
        return PMPI_Allreduce(sendbuf, recvbuf, n, type, op, grid->comm);
    int row = ortho__row_of(grid, grid->rank), last = grid->nrows - 1;
    int p2 = ortho__row_size(grid), err;
    if (grid->leader_grid != NULL)
        err = ortho__allreduce_run(sendbuf, recvbuf, n, type, op, grid->leader_grid);
    else
        err = PMPI_Allreduce(sendbuf, recvbuf, n, type, op, grid->col_comm);
    if (err)
        return err;
    if (!ortho__is_uneven(grid))
        return PMPI_Allreduce(MPI_IN_PLACE, recvbuf, n, type, op, grid->row_comm);
    if (row == last)
        return ortho__recv(recvbuf, n, type, grid->rank - p2, grid->comm);
    err = PMPI_Allreduce(MPI_IN_PLACE, recvbuf, n, type, op, grid->row_comm);
    if (!err && row == last - 1 && ortho__col_of(grid, grid->rank) < grid->last_len)
        err = PMPI_Send(recvbuf, n, type, grid->rank + p2, ORTHO_TAG, grid->comm);
    return err;
}
