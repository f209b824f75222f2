/* The interposition library (libortho_mpi.so, libortho_mpi.a): MPI_Bcast,
 * MPI_Reduce, MPI_Allreduce, MPI_Gather, MPI_Scatter, MPI_Allgather,
 * MPI_Allgatherv, MPI_Gatherv and MPI_Scatterv defined here forward to the
 * drop-in functions, so an unmodified MPI program runs the orthogonal
 * operations when the library is preloaded (LD_PRELOAD) or linked before
 * the MPI library. Everything the library calls itself goes through the
 * PMPI_ entry points, so nothing recurses.
 *
 * MPI_Finalize is caught too, for ORTHO_REPORT: every process takes part
 * in gathering the report, also one that never called a collective.
 *
 * Not part of libortho: the Makefile builds this folder into the two
 * interposition libraries only (each with a copy of the library). */
#include <mpi.h>

#include "dropin/dropin_private.h"
#include "ortho_dropin.h"

int MPI_Finalize(void)
{
    ortho__dropin_report_finalize(1);
    return PMPI_Finalize();
}

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    return ortho_bcast(buffer, count, datatype, root, comm);
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
               int root, MPI_Comm comm)
{
    return ortho_reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                  MPI_Op op, MPI_Comm comm)
{
    return ortho_allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return ortho_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    return ortho_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return ortho_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm)
{
    return ortho_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                            comm);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm)
{
    return ortho_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                         root, comm);
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm)
{
    return ortho_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                          root, comm);
}
