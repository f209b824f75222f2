/* Broadcast, the root's row first ("phases", rows order).
 *
 * Cost (alpha-beta, binomial trees, n bytes, p = p1 x p2):
 *   T = (lg p2 + lg p1) alpha + (lg p2 + lg p1) n beta
 * the paper's formula (1) with the phases exchanged:
 *   t_bcast(p2, n) + t_bcast(p1, n)
 * On a node-aware grid the first phase stays inside the root's node and
 * the second crosses the nodes in every lane at once (each node's link
 * then carries the message once per lane), where the paper's order
 * crosses them in one lane and finishes inside the nodes.
 *
 * Phase 1: MPI_Bcast inside the root's row; phase 2: MPI_Bcast inside
 * every column from the root's row (on an N-D grid: the paper's N-D
 * broadcast on the leader grid). Uneven grid with the root in the short
 * last row: the columns past its end would have no source; the paper's
 * order runs instead. */
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__bcast_rows(void *buf, int n, MPI_Datatype type, int root,
                      const struct ortho_grid *grid)
{
    int root_row = ortho__row_of(grid, root);
    if (ortho__is_flat(grid) || (ortho__is_uneven(grid) && root_row == grid->nrows - 1))
        return ortho__bcast_run(buf, n, type, root, grid);
    int err = MPI_SUCCESS;
    if (ortho__row_of(grid, grid->rank) == root_row)
        err = PMPI_Bcast(buf, n, type, ortho__col_of(grid, root), grid->row_comm);
    if (!err && grid->leader_grid != NULL)
        err = ortho__bcast_run(buf, n, type, root_row, grid->leader_grid);
    else if (!err)
        err = PMPI_Bcast(buf, n, type, root_row, grid->col_comm);
    return err;
}
