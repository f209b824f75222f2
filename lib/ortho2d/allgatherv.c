/* Allgatherv as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, N bytes in all, N_q bytes in row q):
 *   T = (lg p2 + lg p1) * alpha + (N_row - n_own) * beta + (N - N_row) * beta
 * Paper, formula (2) with irregular blocks: t_mb(p2, b) + t_mb(p1, p2 * b).
 *
 * Phase 1 allgathers every row's blocks straight into their final places;
 * phase 2 exchanges whole rows inside every column (on an N-D grid: the
 * same step on the leader grid, with a row's total as a member's count).
 * When each row's blocks lie back to back in rank order (prefix-sum
 * displacements, the common case) phase 2 runs in place on the receive
 * buffer. Otherwise every process packs its row, the packed rows are
 * exchanged, and the others are unpacked: a local copy that only irregular
 * layouts pay.
 *
 * Uneven grid: the columns past the end of the short last row exchange the
 * full rows only, then receive the short row's blocks from their row
 * (ortho__fill_short_columns). */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "common/native_calls.h"
#include "grid/grid_private.h"
#include "ortho2d/rows.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int allgatherv_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, const struct ortho_grid *grid);

/* Phase 2, in place in every column: member q holds counts[q] elements at
 * displs[q]. */
static int allgatherv_column(void *buf, const int counts[], const int displs[],
                             MPI_Datatype type, const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return allgatherv_step(MPI_IN_PLACE, 0, MPI_BYTE, buf, counts, displs, type,
                               grid->leader_grid);
    return ortho__allgatherv_native(MPI_IN_PLACE, 0, MPI_BYTE, buf, counts, displs, type,
                                    grid->col_comm);
}

/* Phase 2 for layouts whose rows are not contiguous, over the first nrows
 * rows (this column's). */
static int exchange_packed_rows(void *recvbuf, const int recvcounts[], const int displs[],
                                MPI_Datatype recvtype, const struct ortho_row_layout *layout,
                                int nrows, const struct ortho_grid *grid)
{
    int p = grid->size, p2 = ortho__row_size(grid);
    int row = ortho__row_of(grid, grid->rank);
    int *bytes = malloc(2 * (size_t)nrows * sizeof(int));
    void *packed = NULL;
    int err = bytes == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    int *offsets = bytes + nrows;
    if (!err)
        err = ortho__row_bytes(layout, nrows, recvtype, bytes, offsets);
    if (!err) {
        packed = malloc((size_t)offsets[nrows - 1] + (size_t)bytes[nrows - 1] + 1);
        if (packed == NULL)
            err = MPI_ERR_NO_MEM;
    }
    if (!err)
        err = ortho__row_copy(1, recvbuf, recvcounts, displs, p2, p, row, recvtype,
                              (char *)packed + offsets[row], bytes[row], grid->col_comm);
    if (!err)
        err = allgatherv_column(packed, bytes, offsets, MPI_PACKED, grid);
    for (int q = 0; q < nrows && !err; q++)
        if (q != row)
            err = ortho__row_copy(0, recvbuf, recvcounts, displs, p2, p, q, recvtype,
                                  (char *)packed + offsets[q], bytes[q], grid->col_comm);
    free(packed);
    free(bytes);
    return err;
}

/* Columns past the end of the short last row: its blocks from their row. */
static int fill_short_row(void *recvbuf, const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    int p2 = ortho__row_size(grid), last = grid->nrows - 1, total, contiguous;
    MPI_Datatype row_type = MPI_DATATYPE_NULL;
    int err = ortho__row_span(recvcounts, displs, p2, grid->size, last, &total, &contiguous);
    if (err || total == 0)
        return err;
    if (contiguous)
        return ortho__fill_short_columns(ortho__offset(recvbuf, displs[last * p2], recvtype),
                                         total, recvtype, grid);
    err = ortho__row_type(recvcounts, displs, p2, grid->size, last, recvtype, &row_type);
    if (!err)
        err = ortho__fill_short_columns(recvbuf, 1, row_type, grid);
    if (row_type != MPI_DATATYPE_NULL)
        PMPI_Type_free(&row_type);
    return err;
}

static int allgatherv_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    struct ortho_row_layout layout = {0};
    if (ortho__is_flat(grid))
        return ortho__allgatherv_native(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                        displs, recvtype, grid->comm);

    int p2 = ortho__row_size(grid);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int nrows = ortho__col_len(grid, col);
    /* Every member of a column sees the same counts, so all take the same
     * path. */
    int err = ortho__row_layout_create(recvcounts, displs, nrows, p2, grid->size, &layout);
    if (err)
        return err;
    err = ortho__allgatherv_native(sendbuf, sendcount, sendtype, recvbuf, recvcounts + row * p2,
                                   displs + row * p2, recvtype, grid->row_comm);
    if (!err && layout.contiguous)
        err = allgatherv_column(recvbuf, layout.counts, layout.displs, recvtype, grid);
    else if (!err)
        err = exchange_packed_rows(recvbuf, recvcounts, displs, recvtype, &layout, nrows, grid);
    if (!err && ortho__is_uneven(grid))
        err = fill_short_row(recvbuf, recvcounts, displs, recvtype, grid);
    ortho__row_layout_free(&layout);
    return err;
}

int ortho__allgatherv_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    return allgatherv_step(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           grid);
}
