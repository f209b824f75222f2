/* A program's collective passed to the MPI, made safe (see native_calls.h). */
#include "common/native_calls.h"

#include <stdlib.h>

#include "common/as_bytes.h"
#include "common/buffers.h"

#if defined(MPICH) && !defined(SMPI_H)
#define RECEIVE_AS_BYTES 1 /* MPICH: receive types with holes */
#else
#define RECEIVE_AS_BYTES 0
#endif
#if defined(MPICH) || defined(SMPI_H)
#define REDUCE_COPY 1 /* MPICH's in-place reduce off rank 0 */
#else
#define REDUCE_COPY 0
#endif
#if defined(OPEN_MPI) && OPEN_MPI
#define ALLGATHERV_SIZES 1 /* Open MPI's allgatherv decision */
#else
#define ALLGATHERV_SIZES 0
#endif

/* 1 on an intracommunicator, with its size and this process's rank. */
static int intra(MPI_Comm comm, int *size, int *rank)
{
    int inter = 1;
    return PMPI_Comm_test_inter(comm, &inter) == MPI_SUCCESS && !inter &&
           PMPI_Comm_size(comm, size) == MPI_SUCCESS && PMPI_Comm_rank(comm, rank) == MPI_SUCCESS;
}

/* The call as bytes can run: else b is freed and the call runs unchanged. */
static int usable(struct ortho__as_bytes *b, int err)
{
    if (!err && !b->native && !b->skip)
        return 1;
    ortho__as_bytes_finish(b, MPI_ERR_OTHER); /* frees, unpacks nothing */
    return 0;
}

/* MPICH: a receive type it may fail on: a derived one, holes or not
 * ({int; double} packed tight fails too), or a predefined one with holes
 * (MPI_DOUBLE_INT fails from 1000 pairs on). A contiguous one costs
 * nothing as bytes: its buffer serves as it is. */
static int not_plain(MPI_Datatype type)
{
    int ints = 0, addresses = 0, types = 0, combiner = MPI_COMBINER_NAMED;
    if (!ortho__type_is_contiguous(type))
        return 1;
    return PMPI_Type_get_envelope(type, &ints, &addresses, &types, &combiner) == MPI_SUCCESS &&
           combiner != MPI_COMBINER_NAMED;
}

int ortho__pass_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, int root, MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (REDUCE_COPY && sendbuf == MPI_IN_PLACE && root != 0 && count > 0 &&
        intra(comm, &size, &rank) && rank == root) {
        void *raw = NULL, *copy = NULL;
        int err = ortho__tmp_alloc(count, type, &raw, &copy);
        if (!err)
            err = ortho__local_copy(recvbuf, count, type, copy, count, type);
        /* without the copy the call runs as given: the others wait for it */
        err = PMPI_Reduce(err ? MPI_IN_PLACE : copy, recvbuf, count, type, op, root, comm);
        free(raw);
        return err;
    }
    return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
}

int ortho__pass_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (RECEIVE_AS_BYTES && intra(comm, &size, &rank) && rank == root && not_plain(recvtype)) {
        struct ortho__as_bytes b;
        int err = ortho__as_bytes_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                         recvtype, 1, size, rank, comm, &b);
        if (usable(&b, err))
            return ortho__as_bytes_finish(
                &b, PMPI_Gather(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.recvbytes,
                                MPI_BYTE, root, comm));
    }
    return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

/* scatter and scatterv: this process receives a block of its own. */
static int receives(const void *recvbuf, int rank, int root)
{
    return rank != root || recvbuf != MPI_IN_PLACE;
}

int ortho__pass_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (RECEIVE_AS_BYTES && intra(comm, &size, &rank) && receives(recvbuf, rank, root) &&
        not_plain(recvtype)) {
        struct ortho__as_bytes b;
        int err = ortho__as_bytes_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                          recvtype, rank == root, size, rank, comm, &b);
        if (usable(&b, err))
            return ortho__as_bytes_finish(
                &b, PMPI_Scatter(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.recvbytes,
                                 MPI_BYTE, root, comm));
    }
    return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int ortho__pass_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (RECEIVE_AS_BYTES && not_plain(recvtype) && intra(comm, &size, &rank)) {
        struct ortho__as_bytes b;
        int err = ortho__as_bytes_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                            recvtype, size, rank, comm, &b);
        if (usable(&b, err))
            return ortho__as_bytes_finish(
                &b, PMPI_Allgather(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.recvbytes,
                                   MPI_BYTE, comm));
    }
    return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

/* Open MPI: the send type's size is not the receive type's. */
static int sizes_differ(const void *sendbuf, MPI_Datatype sendtype, MPI_Datatype recvtype)
{
    int send_size = 0, recv_size = 0;
    return sendbuf != MPI_IN_PLACE && PMPI_Type_size(sendtype, &send_size) == MPI_SUCCESS &&
           PMPI_Type_size(recvtype, &recv_size) == MPI_SUCCESS && send_size != recv_size;
}

int ortho__allgatherv_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm)
{
    int size = 0, err = PMPI_Comm_size(comm, &size);
    if (err || size > 1)
        return err ? err
                   : PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, comm);
    if (sendbuf == MPI_IN_PLACE)
        return MPI_SUCCESS;
    return ortho__local_copy(sendbuf, sendcount, sendtype,
                             ortho__offset(recvbuf, displs[0], recvtype), recvcounts[0],
                             recvtype);
}

int ortho__pass_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (!intra(comm, &size, &rank))
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                               recvtype, comm);
    if (size > 1 && ((RECEIVE_AS_BYTES && not_plain(recvtype)) ||
                     (ALLGATHERV_SIZES && sizes_differ(sendbuf, sendtype, recvtype)))) {
        struct ortho__as_bytes b;
        int err = ortho__as_bytes_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                             displs, recvtype, size, rank, comm, &b);
        if (usable(&b, err))
            return ortho__as_bytes_finish(
                &b, PMPI_Allgatherv(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.counts,
                                    b.displs, MPI_BYTE, comm));
    }
    return ortho__allgatherv_native(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                    recvtype, comm);
}

int ortho__pass_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (RECEIVE_AS_BYTES && intra(comm, &size, &rank) && rank == root && not_plain(recvtype)) {
        /* the root holds every block, as an allgatherv's process does: its
         * sides are those (the others' blocks are not read) */
        struct ortho__as_bytes b;
        int err = ortho__as_bytes_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                             displs, recvtype, size, rank, comm, &b);
        if (usable(&b, err))
            return ortho__as_bytes_finish(
                &b, PMPI_Gatherv(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.counts,
                                 b.displs, MPI_BYTE, root, comm));
    }
    return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                        root, comm);
}

int ortho__pass_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int size = 0, rank = 0;
    if (RECEIVE_AS_BYTES && intra(comm, &size, &rank) && receives(recvbuf, rank, root) &&
        not_plain(recvtype)) {
        /* the receive side alone: the root's blocks stay as the caller
         * describes them */
        struct ortho__as_bytes b;
        int err = ortho__as_bytes_scatter(NULL, 0, MPI_BYTE, recvbuf, recvcount, recvtype, 0,
                                          size, rank, comm, &b);
        if (usable(&b, err))
            return ortho__as_bytes_finish(
                &b, PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, b.recvbuf,
                                  b.recvbytes, MPI_BYTE, root, comm));
    }
    return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                         root, comm);
}
