/* Reduce as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta-gamma, binomial trees, n bytes):
 *   T = (lg p2 + lg p1) * (alpha + n * beta + n * gamma)
 * Paper, formula (1): t_acc_2d(p, b) = t_acc(p2, b) + t_acc(p1, b).
 *
 * Phase 1 reduces inside every row to the member of the root's column,
 * phase 2 reduces those partial results inside the root's column (on an N-D
 * grid: the same step on the leader grid). Rows are consecutive ranks and
 * the column is ordered by row, so operands combine in rank order and
 * non-commutative operations are safe.
 *
 * Uneven grid, root in a column that the short last row lacks: that row
 * reduces to its partner, which sends the partial result to the root; the
 * root combines it last (the highest ranks), one message and one local
 * reduction more, overlapped with phase 2.
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
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int reduce_step(const void *input, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, int root, const struct ortho_grid *grid);

/* Phase 2: the root's column; input is a row's partial result. */
static int reduce_column(const void *input, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root_row, const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return reduce_step(input, recvbuf, count, type, op, root_row, grid->leader_grid);
    return PMPI_Reduce(input, recvbuf, count, type, op, root_row, grid->col_comm);
}

/* A row's member of the root's column (or the short row's partner): the
 * row's partial result, then phase 2, or the message to the root. */
static int reduce_leader(const void *input, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root, int row_root, const struct ortho_grid *grid)
{
    void *raw = NULL, *partial = NULL, *raw2 = NULL, *column = NULL;
    int is_root = grid->rank == root;
    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int detached = root_col >= grid->last_len;
    int err = ortho__tmp_alloc(count, type, &raw, &partial);
    if (!err)
        err = PMPI_Reduce(input, partial, count, type, op, row_root, grid->row_comm);
    if (!err && ortho__col_of(grid, grid->rank) != root_col) {
        /* The short row's partner. */
        err = PMPI_Send(partial, count, type, root, ORTHO_TAG, grid->comm);
    } else if (!err && !(is_root && detached)) {
        err = reduce_column(partial, is_root ? recvbuf : NULL, count, type, op, root_row, grid);
    } else if (!err) {
        /* The root, the last row detached: column result first, then the
         * last row's partial result lands in recvbuf and is combined last. */
        err = ortho__tmp_alloc(count, type, &raw2, &column);
        if (!err)
            err = reduce_column(partial, column, count, type, op, root_row, grid);
        if (!err)
            err = ortho__recv(recvbuf, count, type, (grid->nrows - 1) * ortho__row_size(grid) +
                                                       ortho__short_partner(grid, root_col),
                              grid->comm);
        if (!err)
            err = PMPI_Reduce_local(column, recvbuf, count, type, op);
    }
    free(raw2);
    free(raw);
    return err;
}

/* input is never MPI_IN_PLACE; at the root it may be recvbuf. */
static int reduce_step(const void *input, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, int root, const struct ortho_grid *grid)
{
    int is_root = grid->rank == root;
    if (ortho__is_flat(grid) && !(is_root && input == recvbuf))
        return PMPI_Reduce(input, recvbuf, count, type, op, root, grid->comm);
    if (ortho__is_flat(grid)) {
        /* The native call on a copy of the in-place input. */
        void *raw = NULL, *copy = NULL;
        int err = ortho__tmp_alloc(count, type, &raw, &copy);
        if (!err)
            err = ortho__local_copy(recvbuf, count, type, copy, count, type);
        if (!err)
            err = PMPI_Reduce(copy, recvbuf, count, type, op, root, grid->comm);
        free(raw);
        return err;
    }

    int root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int detached = root_col >= grid->last_len;
    int row_root = detached && row == grid->nrows - 1 ? ortho__short_partner(grid, root_col)
                                                       : root_col;
    if (col != row_root)
        return PMPI_Reduce(input, NULL, count, type, op, row_root, grid->row_comm);
    return reduce_leader(input, recvbuf, count, type, op, root, row_root, grid);
}

int ortho__reduce_run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                      MPI_Op op, int root, const struct ortho_grid *grid)
{
    if (count == 0)
        return MPI_SUCCESS;
    /* The root's input, never MPI_IN_PLACE (see above). */
    const void *input = grid->rank == root && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    return reduce_step(input, recvbuf, count, type, op, root, grid);
}
