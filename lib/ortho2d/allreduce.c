/* Allreduce as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta-gamma, recursive doubling in both phases, n bytes):
 *   T = (lg p2 + lg p1) * (alpha + n * beta + n * gamma)
 * Paper, formula (2): t_macc_2d(p, b) = t_macc(p2, b) + t_macc(p1, b).
 *
 * Phase 1 allreduces inside every row, phase 2 allreduces the row results
 * inside every column, in place (on an N-D grid: the same step on the
 * leader grid). Rank order is kept (rows are consecutive ranks), so
 * non-commutative operations give MPI's result.
 *
 * Uneven grid: only the columns that hold a member of the short last row
 * run phase 2; each full row then copies the result to its members past
 * the end of the short row (ortho__fill_short_columns: + alpha + n * beta).
 * Every result so comes out of the same reduction, and all processes get
 * the same bits even for floating-point sums. */
#include "ortho_2d.h"

#include <stddef.h>

#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int allreduce_step(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, const struct ortho_grid *grid);

/* Phase 2, in place in every column. */
static int allreduce_column(void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                            const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return allreduce_step(MPI_IN_PLACE, recvbuf, count, type, op, grid->leader_grid);
    return PMPI_Allreduce(MPI_IN_PLACE, recvbuf, count, type, op, grid->col_comm);
}

static int allreduce_step(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, const struct ortho_grid *grid)
{
    if (ortho__is_flat(grid))
        return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, grid->comm);
    int err = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, grid->row_comm);
    if (!err && ortho__col_of(grid, grid->rank) < grid->last_len)
        err = allreduce_column(recvbuf, count, type, op, grid);
    if (!err)
        err = ortho__fill_short_columns(recvbuf, count, type, grid);
    return err;
}

int ortho__allreduce_run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, const struct ortho_grid *grid)
{
    if (count == 0)
        return MPI_SUCCESS;
    return allreduce_step(sendbuf, recvbuf, count, type, op, grid);
}
