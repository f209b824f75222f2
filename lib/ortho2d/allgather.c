/* Allgather as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, recursive doubling in both phases, n bytes per process):
 *   T = (lg p2 + lg p1) * alpha + (p - 1) * n * beta
 * Paper, formula (2): t_mb_2d(p, b) = t_mb(p2, b) + t_mb(p1, p2 * b).
 *
 * Phase 1 allgathers inside every row straight into the row's slice of the
 * final receive buffer; phase 2 allgathers those slices (blocks of p2) inside
 * every column, in place. Row-major ranks make the slices land in global
 * rank order without any local copy. */
#include "ortho_2d.h"

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"

int ortho_2d_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       ortho_grid_t grid)
{
    int in_place = sendbuf == MPI_IN_PLACE, block_bytes = 0;
    int err = ortho__check_grid(grid, 2);
    if (!err && !in_place)
        err = ortho__check_count(grid, sendcount);
    if (!err && !in_place)
        err = ortho__check_type(grid, sendtype);
    if (!err)
        err = ortho__check_count(grid, recvcount);
    if (!err)
        err = ortho__check_type(grid, recvtype);
    if (err)
        return err;

    if (ortho__bytes(recvcount, recvtype, &block_bytes) == MPI_SUCCESS && block_bytes == 0)
        return MPI_SUCCESS;
    int p2 = ortho__row_size(grid);
    if (p2 == 1 || ortho__col_size(grid) == 1 || ortho__mul_int(grid->size, recvcount) < 0)
        return ortho__raise(grid->comm,
                            PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                           recvtype, grid->comm));

    int row = ortho__row_of(grid, grid->rank);
    void *row_slice = ortho__offset(recvbuf, (MPI_Aint)row * p2 * recvcount, recvtype);
    err = PMPI_Allgather(sendbuf, sendcount, sendtype, row_slice, recvcount, recvtype,
                         grid->row_comm);
    if (!err)
        err = PMPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, p2 * recvcount, recvtype,
                             grid->col_comm);
    return ortho__raise(grid->comm, err);
}
