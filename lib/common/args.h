/* The argument checks of the nine collectives, as MPI makes them. Private.
 *
 * Each returns MPI_SUCCESS or the error class MPI would raise for this
 * process's arguments, without raising it: MPI_ERR_COUNT (a negative
 * count), MPI_ERR_TYPE (MPI_DATATYPE_NULL), MPI_ERR_OP (MPI_OP_NULL),
 * MPI_ERR_ROOT (root outside 0 .. size - 1), MPI_ERR_ARG (a NULL counts or
 * displacements array), MPI_ERR_BUFFER (a NULL buffer where data are read
 * or written, MPI_IN_PLACE where MPI does not allow it). Aliased send and
 * receive buffers are left to the MPI library (MPICH rejects some, Open
 * MPI none: a job that runs natively must run here). Arguments significant
 * only at the root are checked only at the root, so other processes may
 * pass anything there.
 * A NULL buffer is accepted with a datatype of absolute addresses
 * (MPI_BOTTOM: its true lower bound is not 0), and with nothing to move. */
#ifndef ORTHO_ARGS_H_INCLUDED
#define ORTHO_ARGS_H_INCLUDED

#include <mpi.h>

/* A count >= 0 and a datatype other than MPI_DATATYPE_NULL (the checks
 * that hold on an intercommunicator's processes where they are significant). */
int ortho__args_count_type(int count, MPI_Datatype type);

int ortho__args_bcast(const void *buf, int count, MPI_Datatype type, int root, int size);
int ortho__args_reduce(const void *sendbuf, const void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, int root, int rank, int size);
int ortho__args_allreduce(const void *sendbuf, const void *recvbuf, int count,
                          MPI_Datatype type, MPI_Op op);
int ortho__args_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       const void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                       int rank, int size);
int ortho__args_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        const void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        int rank, int size);
int ortho__args_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          const void *recvbuf, int recvcount, MPI_Datatype recvtype);
int ortho__args_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           const void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, int size);
int ortho__args_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        const void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, int rank, int size);
int ortho__args_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, const void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, int rank, int size);

#endif /* ORTHO_ARGS_H_INCLUDED */
