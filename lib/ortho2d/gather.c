/* Gather as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, binomial trees, n bytes per process):
 *   T = (lg p2 + lg p1) * alpha + ((p2 - 1) + (p1 - 1) * p2) * n * beta
 *     = (lg p2 + lg p1) * alpha + (p - 1) * n * beta
 * Paper: t_ga_2d(p, b) = t_ga(p2, b) + t_ga(p1, p2 * b).
 *
 * Phase 1 gathers every row at its member of the root's column; phase 2
 * gathers the row blocks (p2 blocks each) inside the root's column. The root
 * receives its own row straight into the final buffer and phase 2 runs in
 * place there. The other row leaders do not know the root's datatype, so
 * they hold their row as MPI_PACKED bytes (MPI_PACKED matches any type).
 * A root whose datatype is not contiguous gathers MPI_PACKED bytes too and
 * unpacks them once at the end. */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"

/* The root, when its datatype is not contiguous: both phases into one packed
 * buffer in rank order, then one unpack (around its own block if in place). */
static int gather_root_packed(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype,
                              int block_bytes, ortho_grid_t grid)
{
    int p = grid->size, p2 = ortho__row_size(grid), me = grid->rank;
    int row = ortho__row_of(grid, me), col = ortho__col_of(grid, me);
    char *packed = malloc((size_t)p * (size_t)block_bytes);
    if (packed == NULL)
        return MPI_ERR_NO_MEM;
    int err = PMPI_Gather(sendbuf, sendcount, sendtype, packed + (size_t)row * p2 * block_bytes,
                          block_bytes, MPI_PACKED, col, grid->row_comm);
    if (!err)
        err = PMPI_Gather(MPI_IN_PLACE, 0, MPI_BYTE, packed, p2 * block_bytes, MPI_PACKED, row,
                          grid->col_comm);
    if (!err && sendbuf != MPI_IN_PLACE) {
        err = ortho__unpack(packed, p * block_bytes, recvbuf, p * recvcount, recvtype,
                            grid->comm);
    } else if (!err) {
        size_t after = (size_t)(me + 1) * block_bytes;
        err = ortho__unpack(packed, me * block_bytes, recvbuf, me * recvcount, recvtype,
                            grid->comm);
        if (!err)
            err = ortho__unpack(packed + after, (p - me - 1) * block_bytes,
                                ortho__offset(recvbuf, (MPI_Aint)(me + 1) * recvcount, recvtype),
                                (p - me - 1) * recvcount, recvtype, grid->comm);
    }
    free(packed);
    return err;
}

int ortho_2d_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
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
    int sends = !(is_root && sendbuf == MPI_IN_PLACE);
    if (sends)
        err = ortho__check_count(grid, sendcount);
    if (!err && sends)
        err = ortho__check_type(grid, sendtype);
    if (!err && is_root)
        err = ortho__check_count(grid, recvcount);
    if (!err && is_root)
        err = ortho__check_type(grid, recvtype);
    if (err)
        return err;

    /* Every process derives the same block size (matching signatures), so
     * every process takes the same branch below. */
    err = is_root ? ortho__bytes(recvcount, recvtype, &block_bytes)
                  : ortho__bytes(sendcount, sendtype, &block_bytes);
    if (!err && block_bytes == 0)
        return MPI_SUCCESS;
    int p2 = ortho__row_size(grid);
    if (err || p2 == 1 || ortho__col_size(grid) == 1 || ortho__mul_int(grid->size, block_bytes) < 0)
        return ortho__raise(grid->comm,
                            PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                        recvtype, root, grid->comm));

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    if (is_root && !ortho__type_is_contiguous(recvtype)) {
        err = gather_root_packed(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 block_bytes, grid);
    } else if (is_root) {
        void *row_slice = ortho__offset(recvbuf, (MPI_Aint)row * p2 * recvcount, recvtype);
        err = PMPI_Gather(sendbuf, sendcount, sendtype, row_slice, recvcount, recvtype,
                          root_col, grid->row_comm);
        if (!err)
            err = PMPI_Gather(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, p2 * recvcount, recvtype,
                              root_row, grid->col_comm);
    } else if (col == root_col) {
        packed = malloc((size_t)p2 * (size_t)block_bytes);
        if (packed == NULL)
            err = MPI_ERR_NO_MEM;
        if (!err)
            err = PMPI_Gather(sendbuf, sendcount, sendtype, packed, block_bytes, MPI_PACKED,
                              root_col, grid->row_comm);
        if (!err)
            err = PMPI_Gather(packed, p2 * block_bytes, MPI_PACKED, NULL, 0, MPI_BYTE,
                              root_row, grid->col_comm);
    } else {
        err = PMPI_Gather(sendbuf, sendcount, sendtype, NULL, 0, MPI_BYTE, root_col,
                          grid->row_comm);
    }
    free(packed);
    return ortho__raise(grid->comm, err);
}
