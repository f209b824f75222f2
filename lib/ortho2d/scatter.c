/* Scatter as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, binomial trees, n bytes per process):
 *   T = (lg p1 + lg p2) * alpha + ((p1 - 1) * p2 + (p2 - 1)) * n * beta
 *     = (lg p1 + lg p2) * alpha + (p - 1) * n * beta
 * Paper: t_sc_2d(p, b) = t_sc(p1, p2 * b) + t_sc(p2, b).
 *
 * Phase 1 scatters row slices (p2 blocks each) inside the root's column;
 * phase 2 scatters every slice inside its row. The root keeps its own row
 * slice in place and scatters it from the send buffer. The other row
 * leaders do not know the root's datatype, so they hold their slice as
 * MPI_PACKED bytes (MPI_PACKED matches any type). A process whose datatype
 * is not contiguous receives its block as MPI_PACKED and unpacks it. */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"

/* Phase 2, from the row's leader (root_col) to every member. */
static int scatter_in_row(const void *slice, int block_count, MPI_Datatype block_type,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int block_bytes,
                          int root_col, ortho_grid_t grid)
{
    if (recvbuf == MPI_IN_PLACE || ortho__type_is_contiguous(recvtype))
        return PMPI_Scatter(slice, block_count, block_type, recvbuf, recvcount, recvtype,
                            root_col, grid->row_comm);
    void *packed = malloc((size_t)block_bytes);
    if (packed == NULL)
        return MPI_ERR_NO_MEM;
    int err = PMPI_Scatter(slice, block_count, block_type, packed, block_bytes, MPI_PACKED,
                           root_col, grid->row_comm);
    if (!err)
        err = ortho__unpack(packed, block_bytes, recvbuf, recvcount, recvtype, grid->comm);
    free(packed);
    return err;
}

int ortho_2d_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int root, ortho_grid_t grid)
{
    void *packed = NULL;
    int block_bytes = 0;
    int err = ortho__check_grid(grid, 2);
    if (!err)
        err = ortho__check_root(grid, root);
    if (err)
        return err;
    int is_root = grid->rank == root;
    int receives = !(is_root && recvbuf == MPI_IN_PLACE);
    if (is_root)
        err = ortho__check_count(grid, sendcount);
    if (!err && is_root)
        err = ortho__check_type(grid, sendtype);
    if (!err && receives)
        err = ortho__check_count(grid, recvcount);
    if (!err && receives)
        err = ortho__check_type(grid, recvtype);
    if (err)
        return err;

    err = is_root ? ortho__bytes(sendcount, sendtype, &block_bytes)
                  : ortho__bytes(recvcount, recvtype, &block_bytes);
    if (!err && block_bytes == 0)
        return MPI_SUCCESS;
    int p2 = ortho__row_size(grid);
    if (err || p2 == 1 || ortho__col_size(grid) == 1 || ortho__mul_int(grid->size, block_bytes) < 0)
        return ortho__raise(grid->comm,
                            PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                         recvtype, root, grid->comm));

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    if (is_root) {
        err = PMPI_Scatter(sendbuf, p2 * sendcount, sendtype, MPI_IN_PLACE, 0, MPI_BYTE,
                           root_row, grid->col_comm);
        const void *row_slice = ortho__offset(sendbuf, (MPI_Aint)row * p2 * sendcount, sendtype);
        if (!err)
            err = scatter_in_row(row_slice, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 block_bytes, root_col, grid);
    } else if (col == root_col) {
        packed = malloc((size_t)p2 * (size_t)block_bytes);
        if (packed == NULL)
            err = MPI_ERR_NO_MEM;
        if (!err)
            err = PMPI_Scatter(NULL, 0, MPI_BYTE, packed, p2 * block_bytes, MPI_PACKED,
                               root_row, grid->col_comm);
        if (!err)
            err = scatter_in_row(packed, block_bytes, MPI_PACKED, recvbuf, recvcount, recvtype,
                                 block_bytes, root_col, grid);
    } else {
        err = scatter_in_row(NULL, 0, MPI_BYTE, recvbuf, recvcount, recvtype, block_bytes,
                             root_col, grid);
    }
    free(packed);
    return ortho__raise(grid->comm, err);
}
