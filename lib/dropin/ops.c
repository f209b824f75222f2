/* The drop-in functions: MPI's arguments, the grid chosen and cached by
 * cache.c, the operation run by the 2D step (ortho2d/steps.h) on that grid,
 * whatever its number of dimensions. Anything the library does not handle
 * (intercommunicators, one process, arguments MPI rejects, the native
 * decision) goes to the PMPI_ function on the caller's communicator. */
#include "ortho_dropin.h"

#include "common/errors.h"
#include "dropin/dropin_private.h"
#include "ortho2d/steps.h"
#include "variants/variants.h"

int ortho_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__bcast_args(count, datatype, root, size) == MPI_SUCCESS)
        grid = ortho__dropin_grid(comm, ORTHO_OP_BCAST, ortho__dropin_bytes(count, datatype), &run);
    if (grid == NULL)
        return PMPI_Bcast(buffer, count, datatype, root, comm);
    return ortho__raise(comm, ortho__variant_bcast(&run, comm, buffer, count, datatype, root, grid));
}

int ortho_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__reduce_args(sendbuf, count, datatype, op, root, size) == MPI_SUCCESS)
        grid = ortho__dropin_grid(comm, ORTHO_OP_REDUCE, ortho__dropin_bytes(count, datatype), &run);
    if (grid == NULL)
        return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    return ortho__raise(comm, ortho__variant_reduce(&run, comm, sendbuf, recvbuf, count, datatype, op, root,
                                                grid));
}

int ortho_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__allreduce_args(count, datatype, op) == MPI_SUCCESS)
        grid = ortho__dropin_grid(comm, ORTHO_OP_ALLREDUCE, ortho__dropin_bytes(count, datatype), &run);
    if (grid == NULL)
        return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    return ortho__raise(comm, ortho__variant_allreduce(&run, comm, sendbuf, recvbuf, count, datatype, op, grid));
}

int ortho_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__gather_args(sendbuf, sendcount, sendtype, recvcount, recvtype, root, rank,
                           size) == MPI_SUCCESS) {
        double bytes = rank == root ? ortho__dropin_bytes(recvcount, recvtype)
                                    : ortho__dropin_bytes(sendcount, sendtype);
        grid = ortho__dropin_grid(comm, ORTHO_OP_GATHER, bytes, &run);
    }
    if (grid == NULL)
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           comm);
    return ortho__raise(comm, ortho__variant_gather(&run, comm, sendbuf, sendcount, sendtype, recvbuf,
                                                recvcount, recvtype, root, grid));
}

int ortho_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__scatter_args(sendcount, sendtype, recvbuf, recvcount, recvtype, root, rank,
                            size) == MPI_SUCCESS) {
        double bytes = rank == root ? ortho__dropin_bytes(sendcount, sendtype)
                                    : ortho__dropin_bytes(recvcount, recvtype);
        grid = ortho__dropin_grid(comm, ORTHO_OP_SCATTER, bytes, &run);
    }
    if (grid == NULL)
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                            comm);
    return ortho__raise(comm, ortho__variant_scatter(&run, comm, sendbuf, sendcount, sendtype, recvbuf,
                                                 recvcount, recvtype, root, grid));
}

int ortho_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__allgather_args(sendbuf, sendcount, sendtype, recvcount, recvtype) == MPI_SUCCESS)
        grid = ortho__dropin_grid(comm, ORTHO_OP_ALLGATHER, ortho__dropin_bytes(recvcount, recvtype), &run);
    if (grid == NULL)
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return ortho__raise(comm, ortho__variant_allgather(&run, comm, sendbuf, sendcount, sendtype, recvbuf,
                                                   recvcount, recvtype, grid));
}

int ortho_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__allgatherv_args(sendbuf, sendcount, sendtype, recvcounts, displs, recvtype,
                               size) == MPI_SUCCESS) {
        double total = 0;
        for (int i = 0; i < size; i++)
            total += recvcounts[i];
        grid = ortho__dropin_grid(comm, ORTHO_OP_ALLGATHERV, ortho__dropin_bytes(total / size, recvtype), &run);
    }
    if (grid == NULL)
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                               recvtype, comm);
    return ortho__raise(comm, ortho__variant_allgatherv(&run, comm, sendbuf, sendcount, sendtype, recvbuf,
                                                    recvcounts, displs, recvtype, grid));
}

int ortho_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                  MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__gatherv_args(sendbuf, sendcount, sendtype, recvcounts, displs, recvtype, root,
                            rank, size) == MPI_SUCCESS)
        grid = ortho__dropin_grid(comm, ORTHO_OP_GATHERV, -1.0, &run);
    if (grid == NULL)
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                            recvtype, root, comm);
    return ortho__raise(comm, ortho__variant_gatherv(&run, comm, sendbuf, sendcount, sendtype, recvbuf,
                                                 recvcounts, displs, recvtype, root, grid));
}

int ortho_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm)
{
    int size, rank;
    ortho_grid_t grid = NULL;
    struct ortho__run run;
    if (ortho__dropin_comm(comm, &size, &rank) &&
        ortho__scatterv_args(sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                             rank, size) == MPI_SUCCESS)
        grid = ortho__dropin_grid(comm, ORTHO_OP_SCATTERV, -1.0, &run);
    if (grid == NULL)
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                             recvtype, root, comm);
    return ortho__raise(comm, ortho__variant_scatterv(&run, comm, sendbuf, sendcounts, displs, sendtype,
                                                  recvbuf, recvcount, recvtype, root, grid));
}
