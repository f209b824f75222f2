/* Gatherv as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, N bytes in all, linear gathers as in MPICH):
 *   T = lg p * alpha                  the root's word: the bytes fit an int
 *     + 2 * (p2 - 1) * alpha          counts to the row leaders (ints)
 *     + (p2 - 1) * alpha + N_row * beta + (p1 - 1) * alpha + N * beta
 * Paper: t_ga_2d(p, b) = t_ga(p2, b) + t_ga(p1, p2 * b), plus the count step.
 *
 * Only the root knows the counts: it first broadcasts whether their bytes
 * fit an int (common/as_bytes.c; if not, the native call runs everywhere),
 * then the rows other than the root's first
 * gather their members' byte counts at their leader (one int each). Phase 1
 * gathers every row at its leader in the root's column: the root's row
 * straight into the final buffer, the others as MPI_PACKED bytes. Phase 2
 * gathers the rows at the root (on an N-D grid: the same step on the leader
 * grid, a packed row being one member's block), in place when each row's
 * blocks lie back to back in rank order and the root's datatype is
 * contiguous; otherwise the root gathers every phase as packed bytes and
 * unpacks each block once.
 *
 * Uneven grid, root in a column that the short last row lacks: that row
 * gathers at its partner, which sends the packed row to the root (one
 * message, overlapped with phase 2). */
#include "ortho_2d.h"

#include <limits.h>
#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/rows.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

static int gatherv_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, int my_bytes,
                        const struct ortho_grid *grid);

/* Phase 2 in the root's column; at the root member q brings counts[q]
 * elements to displs[q]. */
static int gatherv_column(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int counts[], const int displs[],
                          MPI_Datatype recvtype, int root_row, const struct ortho_grid *grid)
{
    if (grid->leader_grid != NULL)
        return gatherv_step(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype,
                            root_row, sendcount, grid->leader_grid);
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, counts, displs, recvtype,
                        root_row, grid->col_comm);
}

/* Byte counts and packed offsets of every rank's block (p entries each),
 * and of every row (nrows entries each). */
static int packed_offsets(const int recvcounts[], MPI_Datatype recvtype,
                          const struct ortho_grid *grid, int bytes[], int offsets[],
                          int row_bytes[], int row_offsets[], int *total_bytes)
{
    int p = grid->size, p2 = ortho__row_size(grid), size;
    long long total = 0;
    PMPI_Type_size(recvtype, &size);
    for (int i = 0; i < p; i++) {
        long long b = (long long)recvcounts[i] * size;
        if (i % p2 == 0) {
            row_offsets[i / p2] = (int)total;
            row_bytes[i / p2] = 0;
        }
        offsets[i] = (int)total;
        bytes[i] = (int)b;
        row_bytes[i / p2] += (int)b;
        total += b;
        if (b > INT_MAX || total > INT_MAX)
            return MPI_ERR_COUNT;
    }
    *total_bytes = (int)total;
    return MPI_SUCCESS;
}

/* The root, when its datatype is not contiguous or the rows are not back to
 * back: every phase into one packed buffer in rank order, then one unpack
 * per block (its own block stays where it is when in place). */
static int gatherv_root_packed(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    int p = grid->size, nrows = grid->nrows, p2 = ortho__row_size(grid), total = 0;
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int last = nrows - 1, detached = col >= grid->last_len;
    int *bytes = malloc(2 * ((size_t)p + (size_t)nrows) * sizeof(int));
    char *packed = NULL;
    if (bytes == NULL)
        return MPI_ERR_NO_MEM;
    int *offsets = bytes + p, *row_bytes = offsets + p, *row_offsets = row_bytes + nrows;
    int err = packed_offsets(recvcounts, recvtype, grid, bytes, offsets, row_bytes, row_offsets,
                             &total);
    if (!err) {
        packed = malloc((size_t)total + 1);
        err = packed == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    }
    if (!err)
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, packed, bytes + row * p2,
                           offsets + row * p2, MPI_PACKED, col, grid->row_comm);
    if (!err)
        err = gatherv_column(MPI_IN_PLACE, 0, MPI_BYTE, packed, row_bytes, row_offsets,
                             MPI_PACKED, row, grid);
    if (!err && detached)
        err = PMPI_Recv(packed + row_offsets[last], row_bytes[last], MPI_PACKED,
                        last * p2 + ortho__short_partner(grid, col), ORTHO_TAG, grid->comm,
                        MPI_STATUS_IGNORE);
    for (int i = 0; i < p && !err; i++)
        if (i != grid->rank || sendbuf != MPI_IN_PLACE)
            err = ortho__unpack(packed + offsets[i], bytes[i],
                                ortho__offset(recvbuf, displs[i], recvtype), recvcounts[i],
                                recvtype, grid->comm);
    free(packed);
    free(bytes);
    return err;
}

/* The root: phase 1 in its row straight into the receive buffer, phase 2 in
 * its column in place; only for contiguous datatypes and rows whose blocks
 * lie back to back. */
static int gatherv_root(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    struct ortho_row_layout layout = {0};
    int p2 = ortho__row_size(grid), last = grid->nrows - 1;
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int detached = col >= grid->last_len;
    int err = ortho__row_layout_create(recvcounts, displs, grid->nrows, p2, grid->size, &layout);
    if (err)
        return err;
    if (!layout.contiguous || !ortho__type_is_contiguous(recvtype)) {
        ortho__row_layout_free(&layout);
        return gatherv_root_packed(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                   recvtype, grid);
    }
    err = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts + row * p2,
                       displs + row * p2, recvtype, col, grid->row_comm);
    if (!err)
        err = gatherv_column(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, layout.counts, layout.displs,
                             recvtype, row, grid);
    if (!err && detached)
        err = PMPI_Recv(ortho__offset(recvbuf, layout.displs[last], recvtype),
                        layout.counts[last], recvtype,
                        last * p2 + ortho__short_partner(grid, col), ORTHO_TAG, grid->comm,
                        MPI_STATUS_IGNORE);
    ortho__row_layout_free(&layout);
    return err;
}

/* A leader of a row other than the root's: learns the row's byte counts,
 * collects the row packed, and forwards it to the root, through phase 2 or
 * (the short row's partner) straight. */
static int gatherv_leader(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          int my_bytes, int root, const struct ortho_grid *grid)
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
    if (!err)
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, packed, sizes, offsets, MPI_PACKED, col,
                           grid->row_comm);
    if (!err && col == ortho__col_of(grid, root))
        err = gatherv_column(packed, (int)total, MPI_PACKED, NULL, NULL, NULL, MPI_BYTE,
                             ortho__row_of(grid, root), grid);
    else if (!err)
        err = PMPI_Send(packed, (int)total, MPI_PACKED, root, ORTHO_TAG, grid->comm);
    free(packed);
    free(sizes);
    return err;
}

/* my_bytes: the bytes this process sends (not used at the root). */
static int gatherv_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, int my_bytes,
                        const struct ortho_grid *grid)
{
    if (ortho__is_flat(grid))
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            root, grid->comm);

    int err = MPI_SUCCESS;
    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int detached = root_col >= grid->last_len;
    int row_root = detached && row == grid->nrows - 1 ? ortho__short_partner(grid, root_col)
                                                       : root_col;
    if (grid->rank == root)
        return gatherv_root(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            grid);
    if (col == row_root)
        return gatherv_leader(sendbuf, sendcount, sendtype, my_bytes, root, grid);
    if (row != root_row)
        err = PMPI_Gather(&my_bytes, 1, MPI_INT, NULL, 0, MPI_INT, row_root, grid->row_comm);
    if (!err)
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, NULL, NULL, NULL, MPI_BYTE, row_root,
                           grid->row_comm);
    return err;
}

int ortho__gatherv_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                       int root, const struct ortho_grid *grid)
{
    int my_bytes = 0;
    if (!(grid->rank == root && sendbuf == MPI_IN_PLACE))
        ortho__bytes(sendcount, sendtype, &my_bytes);
    return gatherv_step(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                        my_bytes, grid);
}
