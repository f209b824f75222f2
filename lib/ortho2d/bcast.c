/* Broadcast as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, binomial trees in both phases, n bytes):
 *   T = (lg p1 + lg p2) * alpha + (lg p1 + lg p2) * n * beta
 * Paper, formula (1): t_bc_2d(p, b) = t_bc(p1, b) + t_bc(p2, b).
 *
 * Phase 1 broadcasts inside the root's column (the leader group), phase 2
 * inside every row, rooted at the row's member of that column. On an N-D
 * grid phase 1 is the same step on the leader grid (lib/orthoNd).
 *
 * Uneven grid, root in a column that the short last row lacks: the root
 * also sends the message to the last row's partner (one message more for
 * the root, overlapped with phase 1), which roots that row's phase 2. */
#include "ortho_2d.h"

#include <stddef.h>

#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int bcast_step(void *buf, int count, MPI_Datatype type, int root,
                      const struct ortho_grid *grid);

/* Phase 1: the root's column, root_row being the root's rank there. */
static int bcast_column(void *buf, int count, MPI_Datatype type, int root_row,
                        const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return bcast_step(buf, count, type, root_row, grid->leader_grid);
    return PMPI_Bcast(buf, count, type, root_row, grid->col_comm);
}

static int bcast_step(void *buf, int count, MPI_Datatype type, int root,
                      const struct ortho_grid *grid)
{
    if (ortho__is_flat(grid))
        return PMPI_Bcast(buf, count, type, root, grid->comm);

    int err = MPI_SUCCESS;
    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int last = grid->nrows - 1, p2 = ortho__row_size(grid);
    int detached = root_col >= grid->last_len; /* the last row lacks the root's column */
    int partner = ortho__short_partner(grid, root_col);
    int row_root = detached && row == last ? partner : root_col;
    MPI_Request req = MPI_REQUEST_NULL;

    if (detached && grid->rank == root)
        err = PMPI_Isend(buf, count, type, last * p2 + partner, ORTHO_TAG, grid->comm, &req);
    if (!err && col == root_col)
        err = bcast_column(buf, count, type, root_row, grid);
    if (!err && detached && row == last && col == partner)
        err = ortho__recv(buf, count, type, root, grid->comm);
    if (!err)
        err = PMPI_Bcast(buf, count, type, row_root, grid->row_comm);
    int wait_err = PMPI_Wait(&req, MPI_STATUS_IGNORE);
    return err ? err : wait_err;
}

int ortho__bcast_run(void *buf, int count, MPI_Datatype type, int root,
                     const struct ortho_grid *grid)
{
    return bcast_step(buf, count, type, root, grid);
}
