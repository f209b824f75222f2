/* Which code runs a drop-in call's candidate (variants.h). */
#include "variants/variants.h"

#include "ortho2d/steps.h"

/* 1 when the paper's phases run as they are: plain order, no reordering. */
static int plain(const struct ortho__run *run, ortho_op op, const struct ortho_grid *grid)
{
    return grid->perm == NULL &&
           run->order == ortho__order_resolve(ORTHO_VARIANT_PHASES, op, ORTHO_ORDER_PAPER);
}

int ortho__variant_bcast(const struct ortho__run *run, MPI_Comm comm, void *buf, int count,
                         MPI_Datatype type, int root, const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_BCAST, grid))
        return PMPI_Bcast(buf, count, type, root, comm);
    return ortho__bcast_run(buf, count, type, root, grid);
}

int ortho__variant_reduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                          const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_REDUCE, grid))
        return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
    return ortho__reduce_run(sendbuf, recvbuf, count, type, op, root, grid);
}

int ortho__variant_allreduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                             const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_ALLREDUCE, grid))
        return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
    return ortho__allreduce_run(sendbuf, recvbuf, count, type, op, grid);
}

int ortho__variant_gather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_GATHER, grid))
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           comm);
    return ortho__gather_run(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                             grid);
}

int ortho__variant_scatter(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_SCATTER, grid))
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                            comm);
    return ortho__scatter_run(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                              grid);
}

int ortho__variant_allgather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_ALLGATHER, grid))
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return ortho__allgather_run(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                grid);
}

int ortho__variant_allgatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                              int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                              const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_ALLGATHERV, grid))
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                               recvtype, comm);
    return ortho__allgatherv_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                 recvtype, grid);
}

int ortho__variant_gatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                           int root, const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_GATHERV, grid))
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            root, comm);
    return ortho__gatherv_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, root, grid);
}

int ortho__variant_scatterv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                            const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            const struct ortho_grid *grid)
{
    if (!plain(run, ORTHO_OP_SCATTERV, grid))
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                             recvtype, root, comm);
    return ortho__scatterv_run(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                               recvtype, root, grid);
}
