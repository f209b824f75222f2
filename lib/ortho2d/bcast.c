/* Broadcast as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, binomial trees in both phases, n bytes):
 *   T = (lg p1 + lg p2) * alpha + (lg p1 + lg p2) * n * beta
 * Paper, formula (1): t_bc_2d(p, b) = t_bc(p1, b) + t_bc(p2, b).
 *
 * Phase 1 broadcasts inside the root's column (the leader group), phase 2
 * inside every row, rooted at the row's member of that column. */
#include "ortho_2d.h"

#include "common/errors.h"
#include "grid/grid_private.h"

int ortho_2d_bcast(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid)
{
    int err = ortho__check_grid(grid, 2);
    if (!err)
        err = ortho__check_root(grid, root);
    if (!err)
        err = ortho__check_count(grid, count);
    if (!err)
        err = ortho__check_type(grid, type);
    if (err)
        return err;

    if (ortho__row_size(grid) == 1 || ortho__col_size(grid) == 1)
        return ortho__raise(grid->comm, PMPI_Bcast(buf, count, type, root, grid->comm));

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    if (ortho__col_of(grid, grid->rank) == root_col)
        err = PMPI_Bcast(buf, count, type, root_row, grid->col_comm);
    if (!err)
        err = PMPI_Bcast(buf, count, type, root_col, grid->row_comm);
    return ortho__raise(grid->comm, err);
}
