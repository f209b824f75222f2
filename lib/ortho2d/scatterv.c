/* Scatterv as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, N bytes in all, linear scatters as in MPICH):
 *   T = lg p * alpha                  the root's word: the bytes fit an int
 *     + 2 * (p2 - 1) * alpha          counts to the row leaders (ints)
 *     + (p1 - 1) * alpha + N * beta + (p2 - 1) * alpha + N_row * beta
 * Paper: t_sc_2d(p, b) = t_sc(p1, p2 * b) + t_sc(p2, b), plus the count step.
 *
 * Only the root knows the counts: it first broadcasts whether their bytes
 * fit an int (common/as_bytes.c; if not, the native call runs everywhere),
 * then the rows other than the root's first
 * gather their members' byte counts at their leader (one int each). Phase 1
 * scatters whole rows inside the root's column (on an N-D grid: the same
 * step on the leader grid): straight from the send buffer when each row's
 * blocks lie back to back in rank order, else packed by the root first.
 * Phase 2 scatters every row from its leader: the root's row from the send
 * buffer, the others from MPI_PACKED bytes.
 *
 * Uneven grid, root in a column that the short last row lacks: the root
 * sends that row straight to its partner (one message, overlapped with
 * phase 1), which scatters it. */
#include "ortho_2d.h"

#include <limits.h>
#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/rows.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int scatterv_step(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, int my_bytes,
                         const struct ortho_grid *grid);

/* Phase 1 in the root's column; member q receives counts[q] elements from
 * displs[q] of the root's buffer. */
static int scatterv_column(const void *sendbuf, const int counts[], const int displs[],
                           MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root_row, const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return scatterv_step(sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype,
                             root_row, recvcount, grid->leader_grid);
    return PMPI_Scatterv(sendbuf, counts, displs, sendtype, recvbuf, recvcount, recvtype,
                         root_row, grid->col_comm);
}

/* Phase 2, from the row's leader (row_root) to every member; a member whose
 * datatype is not contiguous receives MPI_PACKED bytes and unpacks them. */
static int scatterv_in_row(const void *slice, const int counts[], const int displs[],
                           MPI_Datatype type, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int my_bytes, int row_root,
                           const struct ortho_grid *grid)
{
    if (recvbuf == MPI_IN_PLACE || ortho__type_is_contiguous(recvtype))
        return PMPI_Scatterv(slice, counts, displs, type, recvbuf, recvcount, recvtype,
                             row_root, grid->row_comm);
    void *packed = malloc((size_t)my_bytes + 1);
    if (packed == NULL)
        return MPI_ERR_NO_MEM;
    int err = PMPI_Scatterv(slice, counts, displs, type, packed, my_bytes, MPI_PACKED, row_root,
                            grid->row_comm);
    if (!err)
        err = ortho__unpack(packed, my_bytes, recvbuf, recvcount, recvtype, grid->row_comm);
    free(packed);
    return err;
}

/* The root sends the short last row to its partner: straight from the send
 * buffer when its blocks lie back to back, else packed. */
static int send_short_row(const void *sendbuf, const int sendcounts[], const int displs[],
                          MPI_Datatype sendtype, void **packed, MPI_Request *req,
                          const struct ortho_grid *grid)
{
    int p2 = ortho__row_size(grid), last = grid->nrows - 1, total, contiguous, bytes = 0;
    int dest = last * p2 + ortho__short_partner(grid, ortho__col_of(grid, grid->rank));
    int err = ortho__row_span(sendcounts, displs, p2, grid->size, last, &total, &contiguous);
    if (!err && contiguous)
        return PMPI_Isend(ortho__offset(sendbuf, displs[last * p2], sendtype), total, sendtype,
                          dest, ORTHO_TAG, grid->comm, req);
    if (!err)
        err = ortho__bytes(total, sendtype, &bytes);
    if (!err) {
        *packed = malloc((size_t)bytes + 1);
        err = *packed == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    }
    /* The packing reads the send buffer only; the cast is for MPI_Pack's
     * shared in/out helper. */
    if (!err)
        err = ortho__row_copy(1, (void *)(size_t)sendbuf, sendcounts, displs, p2, grid->size,
                              last, sendtype, *packed, bytes, grid->comm);
    if (!err)
        err = PMPI_Isend(*packed, bytes, MPI_PACKED, dest, ORTHO_TAG, grid->comm, req);
    return err;
}

/* The root: phase 1 in its column, phase 2 in its row. */
static int scatterv_root(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int my_bytes, const struct ortho_grid *grid)
{
    struct ortho_row_layout layout = {0};
    int p2 = ortho__row_size(grid);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int nrows = ortho__col_len(grid, col);
    int *bytes = NULL, *offsets = NULL;
    void *packed = NULL, *short_packed = NULL;
    MPI_Request req = MPI_REQUEST_NULL;

    int err = ortho__row_layout_create(sendcounts, displs, nrows, p2, grid->size, &layout);
    if (!err && nrows < grid->nrows)
        err = send_short_row(sendbuf, sendcounts, displs, sendtype, &short_packed, &req, grid);
    if (err)
        goto fn_exit;
    if (layout.contiguous) {
        err = scatterv_column(sendbuf, layout.counts, layout.displs, sendtype, MPI_IN_PLACE, 0,
                              MPI_BYTE, row, grid);
    } else {
        bytes = malloc(2 * (size_t)nrows * sizeof(int));
        err = bytes == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
        if (!err) {
            offsets = bytes + nrows;
            err = ortho__row_bytes(&layout, nrows, sendtype, bytes, offsets);
        }
        if (!err) {
            packed = malloc((size_t)offsets[nrows - 1] + (size_t)bytes[nrows - 1] + 1);
            err = packed == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
        }
        for (int q = 0; q < nrows && !err; q++)
            if (q != row)
                err = ortho__row_copy(1, (void *)(size_t)sendbuf, sendcounts, displs, p2,
                                      grid->size, q, sendtype, (char *)packed + offsets[q],
                                      bytes[q], grid->comm);
        if (!err)
            err = scatterv_column(packed, bytes, offsets, MPI_PACKED, MPI_IN_PLACE, 0, MPI_BYTE,
                                  row, grid);
    }
    if (!err)
        err = scatterv_in_row(sendbuf, sendcounts + row * p2, displs + row * p2, sendtype,
                              recvbuf, recvcount, recvtype, my_bytes, col, grid);
fn_exit:;
    int wait_err = PMPI_Wait(&req, MPI_STATUS_IGNORE);
    err = err ? err : wait_err;
    free(short_packed);
    free(packed);
    free(bytes);
    ortho__row_layout_free(&layout);
    return err;
}

/* A leader of a row other than the root's: learns the row's byte counts,
 * receives the row packed (phase 1, or from the root for the short row's
 * partner), and scatters it. */
static int scatterv_leader(void *recvbuf, int recvcount, MPI_Datatype recvtype, int my_bytes,
                           int root, const struct ortho_grid *grid)
{
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int len = ortho__row_len(grid, row);
    int *sizes = malloc(2 * (size_t)len * sizeof(int));
    void *packed = NULL;
    if (sizes == NULL)
        return MPI_ERR_NO_MEM;
    int *offsets = sizes + len;
    int err = PMPI_Gather(&my_bytes, 1, MPI_INT, sizes, 1, MPI_INT, col, grid->row_comm);
    long long total = 0;
    for (int j = 0; j < len && !err; j++) {
        offsets[j] = (int)total;
        total += sizes[j];
        if (total > INT_MAX)
            err = MPI_ERR_COUNT;
    }
    if (!err) {
        packed = malloc((size_t)total + 1);
        err = packed == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    }
    if (!err && col == ortho__col_of(grid, root))
        err = scatterv_column(NULL, NULL, NULL, MPI_BYTE, packed, (int)total, MPI_PACKED,
                              ortho__row_of(grid, root), grid);
    else if (!err)
        err = PMPI_Recv(packed, (int)total, MPI_PACKED, root, ORTHO_TAG, grid->comm,
                        MPI_STATUS_IGNORE);
    if (!err)
        err = scatterv_in_row(packed, sizes, offsets, MPI_PACKED, recvbuf, recvcount, recvtype,
                              my_bytes, col, grid);
    free(packed);
    free(sizes);
    return err;
}

/* my_bytes: the bytes this process receives (not used at the root when in
 * place). */
static int scatterv_step(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, int my_bytes,
                         const struct ortho_grid *grid)
{
    if (ortho__is_flat(grid))
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                             recvtype, root, grid->comm);

    int err = MPI_SUCCESS;
    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int detached = root_col >= grid->last_len;
    int row_root = detached && row == grid->nrows - 1 ? ortho__short_partner(grid, root_col)
                                                       : root_col;
    if (grid->rank == root)
        return scatterv_root(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                             my_bytes, grid);
    if (col == row_root)
        return scatterv_leader(recvbuf, recvcount, recvtype, my_bytes, root, grid);
    if (row != root_row)
        err = PMPI_Gather(&my_bytes, 1, MPI_INT, NULL, 0, MPI_INT, row_root, grid->row_comm);
    if (!err)
        err = scatterv_in_row(NULL, NULL, NULL, MPI_BYTE, recvbuf, recvcount, recvtype, my_bytes,
                              row_root, grid);
    return err;
}

int ortho__scatterv_run(const void *sendbuf, const int sendcounts[], const int displs[],
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    int my_bytes = 0;
    if (recvbuf != MPI_IN_PLACE)
        ortho__bytes(recvcount, recvtype, &my_bytes);
    return scatterv_step(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                         root, my_bytes, grid);
}
