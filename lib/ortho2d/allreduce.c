/* Allreduce as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta-gamma, recursive doubling in both phases, n bytes):
 *   T = (lg p2 + lg p1) * (alpha + n * beta + n * gamma)
 * Paper, formula (2): t_macc_2d(p, b) = t_macc(p2, b) + t_macc(p1, b).
 *
 * Phase 1 allreduces inside every row, phase 2 allreduces the row results
 * inside every column, in place. Rank order is kept (rows are consecutive
 * ranks), so non-commutative operations give MPI's result. */
#include "ortho_2d.h"

#include "common/errors.h"
#include "grid/grid_private.h"

int ortho_2d_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, ortho_grid_t grid)
{
    int err = ortho__check_grid(grid, 2);
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
                            PMPI_Allreduce(sendbuf, recvbuf, count, type, op, grid->comm));

    err = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, grid->row_comm);
    if (!err)
        err = PMPI_Allreduce(MPI_IN_PLACE, recvbuf, count, type, op, grid->col_comm);
    return ortho__raise(grid->comm, err);
}
