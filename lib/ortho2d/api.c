/* The explicit interface, ortho_2d_X (and ortho_nd_X through
 * ortho__X_checked): MPI's argument checks (common/args.h), the call as
 * bytes (common/as_bytes.h) so that every process takes the same path
 * whatever (count, datatype) pair it passed, the 2D step (steps.h), and
 * the error raised once on the grid's communicator. Roots and block
 * positions are grid ranks (ortho_grid.h). */
#include "ortho_2d.h"

#include "common/args.h"
#include "common/as_bytes.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/steps.h"

int ortho__bcast_checked(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid,
                         int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_bcast(buf, count, type, root, grid->size);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_bcast(buf, count, type, grid->rank == root, grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Bcast(buf, count, type, root, grid->comm);
    else if (!err && !b.skip)
        err = ortho__bcast_run(b.recvbuf, b.recvbytes, MPI_BYTE, root, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho__reduce_checked(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, int root, ortho_grid_t grid, int ndims)
{
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_reduce(sendbuf, recvbuf, count, type, op, root, grid->rank, grid->size);
    if (!err && count > 0)
        err = ortho__reduce_run(sendbuf, recvbuf, count, type, op, root, grid);
    return ortho__raise(grid->comm, err);
}

int ortho__allreduce_checked(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                             MPI_Op op, ortho_grid_t grid, int ndims)
{
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_allreduce(sendbuf, recvbuf, count, type, op);
    if (!err && count > 0)
        err = ortho__allreduce_run(sendbuf, recvbuf, count, type, op, grid);
    return ortho__raise(grid->comm, err);
}

int ortho__gather_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          ortho_grid_t grid, int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                             grid->rank, grid->size);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 grid->rank == root, grid->size, grid->rank, grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                          grid->comm);
    else if (!err && !b.skip)
        err = ortho__gather_run(b.sendbuf, b.recvbytes, MPI_BYTE, b.recvbuf, b.recvbytes,
                                MPI_BYTE, root, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho__scatter_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           ortho_grid_t grid, int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                              grid->rank, grid->size);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  grid->rank == root, grid->size, grid->rank, grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           grid->comm);
    else if (!err && !b.skip)
        err = ortho__scatter_run(b.sendbuf, b.recvbytes, MPI_BYTE, b.recvbuf, b.recvbytes,
                                 MPI_BYTE, root, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho__allgather_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                             ortho_grid_t grid, int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                    grid->size, grid->rank, grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                             grid->comm);
    else if (!err && !b.skip)
        err = ortho__allgather_run(b.sendbuf, b.recvbytes, MPI_BYTE, b.recvbuf, b.recvbytes,
                                   MPI_BYTE, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho__allgatherv_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int displs[],
                              MPI_Datatype recvtype, ortho_grid_t grid, int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                 recvtype, grid->size);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, grid->size, grid->rank, grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, grid->comm);
    else if (!err && !b.skip)
        err = ortho__allgatherv_run(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.counts,
                                    b.displs, MPI_BYTE, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho__gatherv_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, int root, ortho_grid_t grid, int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, root, grid->rank, grid->size);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, grid->rank == root, grid->size, grid->rank, root,
                                  grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           root, grid->comm);
    else if (!err)
        err = ortho__gatherv_run(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.counts, b.displs,
                                 MPI_BYTE, root, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho__scatterv_checked(const void *sendbuf, const int sendcounts[], const int displs[],
                            MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, ortho_grid_t grid, int ndims)
{
    struct ortho__as_bytes b;
    int err = ortho__check_grid(grid, ndims);
    if (err)
        return err;
    err = ortho__args_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                               recvtype, root, grid->rank, grid->size);
    if (err)
        return ortho__raise(grid->comm, err);
    err = ortho__as_bytes_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                   recvtype, grid->rank == root, grid->size, grid->rank, root,
                                   grid->comm, &b);
    if (!err && b.native)
        err = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                            root, grid->comm);
    else if (!err)
        err = ortho__scatterv_run(b.sendbuf, b.counts, b.displs, MPI_BYTE, b.recvbuf,
                                  b.recvbytes, MPI_BYTE, root, grid);
    return ortho__raise(grid->comm, ortho__as_bytes_finish(&b, err));
}

int ortho_2d_bcast(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid)
{
    return ortho__bcast_checked(buf, count, type, root, grid, 2);
}

int ortho_2d_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                    MPI_Op op, int root, ortho_grid_t grid)
{
    return ortho__reduce_checked(sendbuf, recvbuf, count, type, op, root, grid, 2);
}

int ortho_2d_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, ortho_grid_t grid)
{
    return ortho__allreduce_checked(sendbuf, recvbuf, count, type, op, grid, 2);
}

int ortho_2d_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    return ortho__gather_checked(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 root, grid, 2);
}

int ortho_2d_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    return ortho__scatter_checked(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  root, grid, 2);
}

int ortho_2d_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype, ortho_grid_t grid)
{
    return ortho__allgather_checked(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                    grid, 2);
}

int ortho_2d_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, ortho_grid_t grid)
{
    return ortho__allgatherv_checked(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, grid, 2);
}

int ortho_2d_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     int root, ortho_grid_t grid)
{
    return ortho__gatherv_checked(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, root, grid, 2);
}

int ortho_2d_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    return ortho__scatterv_checked(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                   recvtype, root, grid, 2);
}
