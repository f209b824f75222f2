/* Allgather as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, recursive doubling in both phases, n bytes per process):
 *   T = (lg p2 + lg p1) * alpha + (p - 1) * n * beta
 * Paper, formula (2): t_mb_2d(p, b) = t_mb(p2, b) + t_mb(p1, p2 * b).
 *
 * Phase 1 allgathers inside every row straight into the row's slice of the
 * final receive buffer; phase 2 allgathers those slices (blocks of p2) inside
 * every column, in place (on an N-D grid: the same step on the leader grid,
 * whose members hold p2 blocks each). Row-major ranks make the slices land
 * in global rank order without any local copy.
 *
 * Uneven grid: the short last row contributes fewer blocks, so the phase
 * that meets it is the v-variant (MPI_Allgatherv, counts known to all);
 * the columns past its end then receive its blocks from their row
 * (ortho__fill_short_columns: + alpha + r * n * beta). In the recursion a
 * grid's members hold `unit` blocks each except the last, which holds
 * `tail` (the blocks of a short row below it). */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "common/native_calls.h"
#include "grid/grid_private.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int allgather_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int n, MPI_Datatype type, int unit, int tail,
                          const struct ortho_grid *grid);

/* In-place allgather over comm of members holding unit * n elements each,
 * the last one tail * n. */
static int allgather_blocks(void *buf, int n, MPI_Datatype type, int unit, int tail,
                            MPI_Comm comm)
{
    int members;
    if (unit == tail)
        return PMPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, buf, unit * n, type, comm);
    PMPI_Comm_size(comm, &members);
    int *counts = malloc(2 * (size_t)members * sizeof(int));
    if (counts == NULL)
        return MPI_ERR_NO_MEM;
    ortho__unit_layout(members, unit * n, tail * n, counts, counts + members);
    int err = ortho__allgatherv_native(MPI_IN_PLACE, 0, MPI_BYTE, buf, counts, counts + members,
                                       type, comm);
    free(counts);
    return err;
}

/* Phase 2, in place in every column. */
static int allgather_column(void *recvbuf, int n, MPI_Datatype type, int unit, int tail,
                            const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return allgather_step(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, n, type, unit, tail,
                              grid->leader_grid);
    return allgather_blocks(recvbuf, n, type, unit, tail, grid->col_comm);
}

/* sendbuf is MPI_IN_PLACE whenever tail differs from unit (inner levels). */
static int allgather_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int n, MPI_Datatype type, int unit, int tail,
                          const struct ortho_grid *grid)
{
    if (ortho__is_flat(grid) && unit == tail)
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, unit * n, type,
                              grid->comm);
    if (ortho__is_flat(grid))
        return allgather_blocks(recvbuf, n, type, unit, tail, grid->comm);

    int p2 = ortho__row_size(grid), r = grid->last_len, last = grid->nrows - 1;
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    void *row_slice = ortho__offset(recvbuf, (MPI_Aint)row * p2 * unit * n, type);
    int err;
    if (row == last && unit != tail)
        err = allgather_blocks(row_slice, n, type, unit, tail, grid->row_comm);
    else
        err = PMPI_Allgather(sendbuf, sendcount, sendtype, row_slice, unit * n, type,
                             grid->row_comm);
    int column_tail = col < r ? (r - 1) * unit + tail : p2 * unit;
    if (!err)
        err = allgather_column(recvbuf, n, type, p2 * unit, column_tail, grid);
    if (!err)
        err = ortho__fill_short_columns(
            ortho__offset(recvbuf, (MPI_Aint)last * p2 * unit * n, type),
            ((r - 1) * unit + tail) * n, type, grid);
    return err;
}

int ortho__allgather_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                         const struct ortho_grid *grid)
{
    int block_bytes = 0; /* p blocks fit an int (steps.h) */
    ortho__bytes(recvcount, recvtype, &block_bytes);
    if (block_bytes == 0)
        return MPI_SUCCESS;
    return allgather_step(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 1, 1,
                          grid);
}
