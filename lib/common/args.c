/* The argument checks of the nine collectives (args.h). */
#include "common/args.h"

#include <stddef.h>

/* A count and a datatype where both are significant. */
int ortho__args_count_type(int count, MPI_Datatype type)
{
    if (count < 0)
        return MPI_ERR_COUNT;
    if (type == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    return MPI_SUCCESS;
}

/* A buffer that count elements of type are read from or written to. */
static int buffer(const void *buf, MPI_Aint count, MPI_Datatype type)
{
    int size = 0;
    MPI_Aint true_lb = 0, true_extent = 0;
    if (buf == MPI_IN_PLACE)
        return MPI_ERR_BUFFER;
    if (buf != NULL || count == 0)
        return MPI_SUCCESS;
    PMPI_Type_size(type, &size);
    PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
    /* MPI_BOTTOM with absolute addresses in the datatype */
    return size == 0 || true_lb != 0 ? MPI_SUCCESS : MPI_ERR_BUFFER;
}

/* counts and displs of n blocks; *sum: the sum of the counts. */
static int blocks(const int counts[], const int displs[], int n, MPI_Aint *sum)
{
    *sum = 0;
    if (counts == NULL || displs == NULL)
        return MPI_ERR_ARG;
    for (int i = 0; i < n; i++) {
        if (counts[i] < 0)
            return MPI_ERR_COUNT;
        *sum += counts[i];
    }
    return MPI_SUCCESS;
}

static int root_in(int root, int size)
{
    return root < 0 || root >= size ? MPI_ERR_ROOT : MPI_SUCCESS;
}

int ortho__args_bcast(const void *buf, int count, MPI_Datatype type, int root, int size)
{
    int err = ortho__args_count_type(count, type);
    if (!err)
        err = root_in(root, size);
    if (!err)
        err = buffer(buf, count, type);
    return err;
}

int ortho__args_reduce(const void *sendbuf, const void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, int root, int rank, int size)
{
    int err = ortho__args_count_type(count, type);
    if (!err && op == MPI_OP_NULL)
        err = MPI_ERR_OP;
    if (!err)
        err = root_in(root, size);
    if (!err && rank == root) {
        if (sendbuf != MPI_IN_PLACE)
            err = buffer(sendbuf, count, type);
        if (!err)
            err = buffer(recvbuf, count, type);
    } else if (!err) {
        err = buffer(sendbuf, count, type);
    }
    return err;
}

int ortho__args_allreduce(const void *sendbuf, const void *recvbuf, int count,
                          MPI_Datatype type, MPI_Op op)
{
    int err = ortho__args_count_type(count, type);
    if (!err && op == MPI_OP_NULL)
        err = MPI_ERR_OP;
    if (!err && sendbuf != MPI_IN_PLACE)
        err = buffer(sendbuf, count, type);
    if (!err)
        err = buffer(recvbuf, count, type);
    return err;
}

int ortho__args_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       const void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                       int rank, int size)
{
    int err = root_in(root, size), in_place = rank == root && sendbuf == MPI_IN_PLACE;
    if (!err && !in_place)
        err = ortho__args_count_type(sendcount, sendtype);
    if (!err && !in_place)
        err = buffer(sendbuf, sendcount, sendtype);
    if (!err && rank == root) {
        err = ortho__args_count_type(recvcount, recvtype);
        if (!err)
            err = buffer(recvbuf, (MPI_Aint)size * recvcount, recvtype);
    }
    return err;
}

int ortho__args_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        const void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        int rank, int size)
{
    int err = root_in(root, size), in_place = rank == root && recvbuf == MPI_IN_PLACE;
    if (!err && rank == root) {
        err = ortho__args_count_type(sendcount, sendtype);
        if (!err)
            err = buffer(sendbuf, (MPI_Aint)size * sendcount, sendtype);
    }
    if (!err && !in_place)
        err = ortho__args_count_type(recvcount, recvtype);
    if (!err && !in_place)
        err = buffer(recvbuf, recvcount, recvtype);
    return err;
}

int ortho__args_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          const void *recvbuf, int recvcount, MPI_Datatype recvtype)
{
    int err = MPI_SUCCESS, in_place = sendbuf == MPI_IN_PLACE;
    if (!in_place)
        err = ortho__args_count_type(sendcount, sendtype);
    if (!err && !in_place)
        err = buffer(sendbuf, sendcount, sendtype);
    if (!err)
        err = ortho__args_count_type(recvcount, recvtype);
    /* the buffer's size is unknown here (the communicator's): one block */
    if (!err)
        err = buffer(recvbuf, recvcount, recvtype);
    return err;
}

int ortho__args_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           const void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, int size)
{
    int err = MPI_SUCCESS, in_place = sendbuf == MPI_IN_PLACE;
    MPI_Aint sum = 0;
    if (!in_place)
        err = ortho__args_count_type(sendcount, sendtype);
    if (!err && !in_place)
        err = buffer(sendbuf, sendcount, sendtype);
    if (!err)
        err = blocks(recvcounts, displs, size, &sum);
    if (!err && recvtype == MPI_DATATYPE_NULL)
        err = MPI_ERR_TYPE;
    if (!err)
        err = buffer(recvbuf, sum, recvtype);
    return err;
}

int ortho__args_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        const void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, int rank, int size)
{
    int err = root_in(root, size), in_place = rank == root && sendbuf == MPI_IN_PLACE;
    MPI_Aint sum = 0;
    if (!err && !in_place)
        err = ortho__args_count_type(sendcount, sendtype);
    if (!err && !in_place)
        err = buffer(sendbuf, sendcount, sendtype);
    if (!err && rank == root) {
        err = blocks(recvcounts, displs, size, &sum);
        if (!err && recvtype == MPI_DATATYPE_NULL)
            err = MPI_ERR_TYPE;
        if (!err)
            err = buffer(recvbuf, sum, recvtype);
    }
    return err;
}

int ortho__args_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, const void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, int rank, int size)
{
    int err = root_in(root, size), in_place = rank == root && recvbuf == MPI_IN_PLACE;
    MPI_Aint sum = 0;
    if (!err && rank == root) {
        err = blocks(sendcounts, displs, size, &sum);
        if (!err && sendtype == MPI_DATATYPE_NULL)
            err = MPI_ERR_TYPE;
        if (!err)
            err = buffer(sendbuf, sum, sendtype);
    }
    if (!err && !in_place)
        err = ortho__args_count_type(recvcount, recvtype);
    if (!err && !in_place)
        err = buffer(recvbuf, recvcount, recvtype);
    return err;
}
