/* Allgatherv as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, N bytes in all, N_q bytes in row q):
 *   T = (lg p2 + lg p1) * alpha + (N_row - n_own) * beta + (N - N_row) * beta
 * Paper, formula (2) with irregular blocks: t_mb(p2, b) + t_mb(p1, p2 * b).
 *
 * Phase 1 allgathers every row's blocks straight into their final places;
 * phase 2 exchanges whole rows inside every column. When each row's blocks
 * lie back to back in rank order (prefix-sum displacements, the common
 * case) phase 2 runs in place on the receive buffer. Otherwise every process
 * packs its row, the packed rows are exchanged, and the others are unpacked:
 * a local copy that only irregular layouts pay. */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/rows.h"

/* Phase 2 for layouts whose rows are not contiguous. */
static int exchange_packed_rows(void *recvbuf, const int recvcounts[], const int displs[],
                                MPI_Datatype recvtype, const struct ortho_row_layout *layout,
                                ortho_grid_t grid)
{
    int p1 = ortho__col_size(grid), p2 = ortho__row_size(grid);
    int row = ortho__row_of(grid, grid->rank);
    int *bytes = malloc(2 * (size_t)p1 * sizeof(int));
    void *packed = NULL;
    int err = bytes == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    int *offsets = bytes + p1;
    if (!err)
        err = ortho__row_bytes(layout, p1, recvtype, bytes, offsets);
    if (!err) {
        packed = malloc((size_t)offsets[p1 - 1] + (size_t)bytes[p1 - 1] + 1);
        if (packed == NULL)
            err = MPI_ERR_NO_MEM;
    }
    if (!err)
        err = ortho__row_copy(1, recvbuf, recvcounts, displs, p2, row, recvtype,
                              (char *)packed + offsets[row], bytes[row], grid->col_comm);
    if (!err)
        err = PMPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, packed, bytes, offsets, MPI_PACKED,
                              grid->col_comm);
    for (int q = 0; q < p1 && !err; q++)
        if (q != row)
            err = ortho__row_copy(0, recvbuf, recvcounts, displs, p2, q, recvtype,
                                  (char *)packed + offsets[q], bytes[q], grid->col_comm);
    free(packed);
    free(bytes);
    return err;
}

int ortho_2d_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, ortho_grid_t grid)
{
    struct ortho_row_layout layout = {0};
    int in_place = sendbuf == MPI_IN_PLACE;
    int err = ortho__check_grid(grid, 2);
    if (!err && !in_place)
        err = ortho__check_count(grid, sendcount);
    if (!err && !in_place)
        err = ortho__check_type(grid, sendtype);
    if (!err)
        err = ortho__check_counts(grid, recvcounts, displs, grid->size);
    if (!err)
        err = ortho__check_type(grid, recvtype);
    if (err)
        return err;

    int p1 = ortho__col_size(grid), p2 = ortho__row_size(grid);
    if (grid->size == 1) /* MPICH 4.0.2 ignores displs[0] on one process */
        return ortho__raise(grid->comm,
                            in_place ? MPI_SUCCESS
                                     : ortho__local_copy(sendbuf, sendcount, sendtype,
                                                         ortho__offset(recvbuf, displs[0], recvtype),
                                                         recvcounts[0], recvtype));
    if (p1 == 1 || p2 == 1)
        return ortho__raise(grid->comm,
                            PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                            displs, recvtype, grid->comm));

    /* Every process sees the same counts, so all take the same path. */
    err = ortho__row_layout_create(recvcounts, displs, p1, p2, &layout);
    if (err)
        return ortho__raise(grid->comm, err);

    int row = ortho__row_of(grid, grid->rank);
    err = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts + row * p2,
                          displs + row * p2, recvtype, grid->row_comm);
    if (!err && layout.contiguous)
        err = PMPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, layout.counts, layout.displs,
                              recvtype, grid->col_comm);
    else if (!err)
        err = exchange_packed_rows(recvbuf, recvcounts, displs, recvtype, &layout, grid);
    ortho__row_layout_free(&layout);
    return ortho__raise(grid->comm, err);
}
