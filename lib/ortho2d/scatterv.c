/* Scatterv as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, N bytes in all, linear scatters as in MPICH):
 *   T = 2 * (p2 - 1) * alpha          counts to the row leaders (ints)
 *     + (p1 - 1) * alpha + N * beta + (p2 - 1) * alpha + N_row * beta
 * Paper: t_sc_2d(p, b) = t_sc(p1, p2 * b) + t_sc(p2, b), plus the count step.
 *
 * Only the root knows the counts, so the rows other than the root's first
 * gather their members' byte counts at their leader (one int each). Phase 1
 * scatters whole rows inside the root's column: straight from the send
 * buffer when each row's blocks lie back to back in rank order, else packed
 * by the root first. Phase 2 scatters every row from its leader: the root's
 * row from the send buffer, the others from MPI_PACKED bytes. */
#include "ortho_2d.h"

#include <limits.h>
#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/rows.h"

/* Phase 2, from the row's leader (root_col) to every member; a member whose
 * datatype is not contiguous receives MPI_PACKED bytes and unpacks them. */
static int scatterv_in_row(const void *slice, const int counts[], const int displs[],
                           MPI_Datatype type, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int my_bytes, int root_col, ortho_grid_t grid)
{
    if (recvbuf == MPI_IN_PLACE || ortho__type_is_contiguous(recvtype))
        return PMPI_Scatterv(slice, counts, displs, type, recvbuf, recvcount, recvtype,
                             root_col, grid->row_comm);
    void *packed = malloc((size_t)my_bytes + 1);
    if (packed == NULL)
        return MPI_ERR_NO_MEM;
    int err = PMPI_Scatterv(slice, counts, displs, type, packed, my_bytes, MPI_PACKED, root_col,
                            grid->row_comm);
    if (!err)
        err = ortho__unpack(packed, my_bytes, recvbuf, recvcount, recvtype, grid->comm);
    free(packed);
    return err;
}

/* The root: phase 1 in its column, phase 2 in its row. */
static int scatterv_root(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int my_bytes, ortho_grid_t grid)
{
    struct ortho_row_layout layout = {0};
    int p1 = ortho__col_size(grid), p2 = ortho__row_size(grid);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int *bytes = NULL, *offsets = NULL;
    void *packed = NULL;

    int err = ortho__row_layout_create(sendcounts, displs, p1, p2, &layout);
    if (err)
        goto fn_exit;
    if (layout.contiguous) {
        err = PMPI_Scatterv(sendbuf, layout.counts, layout.displs, sendtype, MPI_IN_PLACE, 0,
                            MPI_BYTE, row, grid->col_comm);
    } else {
        bytes = malloc(2 * (size_t)p1 * sizeof(int));
        err = bytes == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
        if (!err) {
            offsets = bytes + p1;
            err = ortho__row_bytes(&layout, p1, sendtype, bytes, offsets);
        }
        if (!err) {
            packed = malloc((size_t)offsets[p1 - 1] + (size_t)bytes[p1 - 1] + 1);
            err = packed == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
        }
        /* The packing reads the send buffer only; the cast is for MPI_Pack's
         * shared in/out helper. */
        for (int q = 0; q < p1 && !err; q++)
            if (q != row)
                err = ortho__row_copy(1, (void *)(size_t)sendbuf, sendcounts, displs, p2, q,
                                      sendtype, (char *)packed + offsets[q], bytes[q],
                                      grid->col_comm);
        if (!err)
            err = PMPI_Scatterv(packed, bytes, offsets, MPI_PACKED, MPI_IN_PLACE, 0, MPI_BYTE,
                                row, grid->col_comm);
    }
    if (!err)
        err = scatterv_in_row(sendbuf, sendcounts + row * p2, displs + row * p2, sendtype,
                              recvbuf, recvcount, recvtype, my_bytes, col, grid);
fn_exit:
    free(packed);
    free(bytes);
    ortho__row_layout_free(&layout);
    return err;
}

/* A leader of a row other than the root's: learns the row's byte counts,
 * receives the row packed, and scatters it. */
static int scatterv_leader(void *recvbuf, int recvcount, MPI_Datatype recvtype, int my_bytes,
                           int root_row, int root_col, ortho_grid_t grid)
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
        err = PMPI_Scatterv(NULL, NULL, NULL, MPI_BYTE, packed, (int)total, MPI_PACKED, root_row,
                            grid->col_comm);
    if (!err)
        err = scatterv_in_row(packed, sizes, offsets, MPI_PACKED, recvbuf, recvcount, recvtype,
                              my_bytes, root_col, grid);
    free(packed);
    free(sizes);
    return err;
}

int ortho_2d_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    int my_bytes = 0;
    int err = ortho__check_grid(grid, 2);
    if (!err)
        err = ortho__check_root(grid, root);
    if (err)
        return err;
    int is_root = grid->rank == root;
    int receives = !(is_root && recvbuf == MPI_IN_PLACE);
    if (is_root)
        err = ortho__check_counts(grid, sendcounts, displs, grid->size);
    if (!err && is_root)
        err = ortho__check_type(grid, sendtype);
    if (!err && receives)
        err = ortho__check_count(grid, recvcount);
    if (!err && receives)
        err = ortho__check_type(grid, recvtype);
    if (!err && receives)
        err = ortho__bytes(recvcount, recvtype, &my_bytes) ? ortho__raise(grid->comm, MPI_ERR_COUNT)
                                                           : MPI_SUCCESS;
    if (err)
        return err;

    int p2 = ortho__row_size(grid);
    if (p2 == 1 || ortho__col_size(grid) == 1)
        return ortho__raise(grid->comm, PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype,
                                                      recvbuf, recvcount, recvtype, root,
                                                      grid->comm));

    int root_row = ortho__row_of(grid, root), root_col = ortho__col_of(grid, root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    if (is_root) {
        err = scatterv_root(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                            my_bytes, grid);
    } else if (col == root_col) {
        err = scatterv_leader(recvbuf, recvcount, recvtype, my_bytes, root_row, root_col, grid);
    } else {
        if (row != root_row)
            err = PMPI_Gather(&my_bytes, 1, MPI_INT, NULL, 0, MPI_INT, root_col, grid->row_comm);
        if (!err)
            err = scatterv_in_row(NULL, NULL, NULL, MPI_BYTE, recvbuf, recvcount, recvtype,
                                  my_bytes, root_col, grid);
    }
    return ortho__raise(grid->comm, err);
}
