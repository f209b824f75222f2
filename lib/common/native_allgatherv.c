/* The native MPI_Allgatherv, made safe (see native_allgatherv.h). */
#include "common/native_allgatherv.h"

#include "common/as_bytes.h"
#include "common/buffers.h"

#if defined(OPEN_MPI) && OPEN_MPI
/* This process's call as bytes where its send and receive types differ in
 * size; 1 when it ran (err set), 0 when the caller should run the call
 * unchanged: equal sizes, in place (Open MPI then sizes by the receive
 * type on every process), nothing to move anywhere (every process sizes
 * it 0), a count in bytes beyond an int, or no memory for the temporary
 * buffers (then unchanged is the only call the others can still meet). */
static int as_bytes_ran(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                        MPI_Comm comm, int p, int *err)
{
    int send_size = 0, recv_size = 0, rank = 0;
    if (sendbuf == MPI_IN_PLACE || PMPI_Type_size(sendtype, &send_size) != MPI_SUCCESS ||
        PMPI_Type_size(recvtype, &recv_size) != MPI_SUCCESS || send_size == recv_size ||
        PMPI_Comm_rank(comm, &rank) != MPI_SUCCESS)
        return 0;
    struct ortho__as_bytes b;
    int made = ortho__as_bytes_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                          displs, recvtype, p, rank, comm, &b);
    if (made != MPI_SUCCESS || b.native || b.skip) {
        ortho__as_bytes_finish(&b, MPI_ERR_OTHER); /* frees, unpacks nothing */
        return 0;
    }
    *err = PMPI_Allgatherv(b.sendbuf, b.sendbytes, MPI_BYTE, b.recvbuf, b.counts, b.displs,
                           MPI_BYTE, comm);
    *err = ortho__as_bytes_finish(&b, *err);
    return 1;
}
#endif

int ortho__allgatherv_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm)
{
    int size = 0, inter = 0, err = PMPI_Comm_test_inter(comm, &inter);
    if (!err && !inter)
        err = PMPI_Comm_size(comm, &size);
    if (err || inter)
        return err ? err
                   : PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, comm);
    if (size == 1) {
        if (sendbuf == MPI_IN_PLACE)
            return MPI_SUCCESS;
        return ortho__local_copy(sendbuf, sendcount, sendtype,
                                 ortho__offset(recvbuf, displs[0], recvtype), recvcounts[0],
                                 recvtype);
    }
#if defined(OPEN_MPI) && OPEN_MPI
    if (as_bytes_ran(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                     size, &err))
        return err;
#endif
    return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           comm);
}
