/* Gatherv as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, N bytes in all, linear gathers as in MPICH):
 *   T = 2 * (p2 - 1) * alpha          counts to the row leaders (ints)
 *     + (p2 - 1) * alpha + N_row * beta + (p1 - 1) * alpha + N * beta
 * Paper: t_ga_2d(p, b) = t_ga(p2, b) + t_ga(p1, p2 * b), plus the count step.
 *
 * Only the root knows the counts, so the rows other than the root's first
 * gather their members' byte counts at their leader (one int each). Phase 1
 * gathers every row at its leader in the root's column: the root's row
 * straight into the final buffer, the others as MPI_PACKED bytes. Phase 2
 * gathers the rows at the root, in place when each row's blocks lie back to
 * back in rank order and the root's datatype is contiguous; otherwise the
 * root gathers both phases as packed bytes and unpacks each block once. */
#include "ortho_2d.h"

#include <limits.h>
#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/rows.h"

/* The root, when its datatype is not contiguous or the rows are not back to
 * back: both phases into one packed buffer in rank order, then one unpack
 * per block (its own block stays where it is when in place). */
static int gatherv_root_packed(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, ortho_grid_t grid)
{
    int p = grid->size, p1 = ortho__col_size(grid), p2 = ortho__row_size(grid), size;
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int *bytes = malloc(2 * ((size_t)p + (size_t)p1) * sizeof(int));
    char *packed = NULL;
    if (bytes == NULL)
        return MPI_ERR_NO_MEM;
    int *offsets = bytes + p, *row_bytes = offsets + p, *row_offsets = row_bytes + p1;
    int err = MPI_SUCCESS;
    long long total = 0;
    PMPI_Type_size(recvtype, &size);
    for (int i = 0; i < p && !err; i++) {
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
            err = MPI_ERR_COUNT;
    }
    if (!err) {
        packed = malloc((size_t)total + 1);
        err = packed == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    }
    if (!err)
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, packed, bytes + row * p2,
                           offsets + row * p2, MPI_PACKED, col, grid->row_comm);
    if (!err)
        err = PMPI_Gatherv(MPI_IN_PLACE, 0, MPI_BYTE, packed, row_bytes, row_offsets, MPI_PACKED,
                           row, grid->col_comm);
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
                        MPI_Datatype recvtype, ortho_grid_t grid)
{
    struct ortho_row_layout layout = {0};
    int p1 = ortho__col_size(grid), p2 = ortho__row_size(grid);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int err = ortho__row_layout_create(recvcounts, displs, p1, p2, &layout);
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
        err = PMPI_Gatherv(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, layout.counts, layout.displs,
                           recvtype, row, grid->col_comm);
    ortho__row_layout_free(&layout);
    return err;
}

/* A leader of a row other than the root's: learns the row's byte counts,
 * collects the row packed, and forwards it to the root. */
static int gatherv_leader(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          int my_bytes, int root_row, int root_col, ortho_grid_t grid)
{
    int p2 = ortho__row_size(grid);
    int *sizes = malloc(2 * (size_t)p2 * sizeof(int));
    void *packed = NULL;
    if (sizes == NULL)
        return MPI_ERR_NO_MEM;
    int *offsets = sizes + p2;
    int err = PMPI_Gather(&my_bytes, 1, MPI_INT, sizes, 1, MPI_INT, root_col, grid->row_comm);
    long long total = 0;
    for (int j = 0; j < p2 && !err; j++) {
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
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, packed, sizes, offsets, MPI_PACKED,
                           root_col, grid->row_comm);
    if (!err)
        err = PMPI_Gatherv(packed, (int)total, MPI_PACKED, NULL, NULL, NULL, MPI_BYTE, root_row,
                           grid->col_comm);
    free(packed);
    free(sizes);
    return err;
}

int ortho_2d_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    int my_bytes = 0;
    int err = ortho__check_grid(grid, 2);
    if (!err)
        err = ortho__check_root(grid, root);
    if (err)
        return err;
    int is_root = grid->rank == root;
    int sends = !(is_root && sendbuf == MPI_IN_PLACE);
    if (sends)
        err = ortho__check_count(grid, sendcount);
    if (!err && sends)
        err = ortho__check_type(grid, sendtype);
    if (!err && is_root)
        err = ortho__check_counts(grid, recvcounts, displs, grid->size);
    if (!err && is_root)
        err = ortho__check_type(grid, recvtype);
    if (!err && sends)
        err = ortho__bytes(sendcount, sendtype, &my_bytes) ? ortho__raise(grid->comm, MPI_ERR_COUNT)
                                                           : MPI_SUCCESS;
    if (err)
        return err;

    int p2 = ortho__row_size(grid);
    if (p2 == 1 || ortho__col_size(grid) == 1)
        return ortho__raise(grid->comm, PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf,
                                                     recvcounts, displs, recvtype, root,
                                                     grid->comm));

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    if (is_root) {
        err = gatherv_root(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           grid);
    } else if (col == root_col) {
        err = gatherv_leader(sendbuf, sendcount, sendtype, my_bytes, root_row, root_col, grid);
    } else {
        if (row != root_row)
            err = PMPI_Gather(&my_bytes, 1, MPI_INT, NULL, 0, MPI_INT, root_col, grid->row_comm);
        if (!err)
            err = PMPI_Gatherv(sendbuf, sendcount, sendtype, NULL, NULL, NULL, MPI_BYTE, root_col,
                               grid->row_comm);
    }
    return ortho__raise(grid->comm, err);
}
