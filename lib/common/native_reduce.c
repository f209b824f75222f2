/* The native MPI_Reduce, made safe (see native_reduce.h). */
#include "common/native_reduce.h"

#include <stdlib.h>

#include "common/buffers.h"

#if defined(MPICH) || defined(SMPI_H)
/* A root other than 0 reducing in place. */
static int in_place_off_zero(const void *sendbuf, int root, MPI_Comm comm)
{
    int rank = 0, inter = 1;
    return sendbuf == MPI_IN_PLACE && root != 0 &&
           PMPI_Comm_test_inter(comm, &inter) == MPI_SUCCESS && !inter &&
           PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS && rank == root;
}
#endif

int ortho__reduce_native(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root, MPI_Comm comm)
{
#if defined(MPICH) || defined(SMPI_H)
    if (count > 0 && in_place_off_zero(sendbuf, root, comm)) {
        void *raw = NULL, *copy = NULL;
        int err = ortho__tmp_alloc(count, type, &raw, &copy);
        if (!err)
            err = ortho__local_copy(recvbuf, count, type, copy, count, type);
        /* without memory the call runs as given: the others wait for it */
        err = PMPI_Reduce(err ? MPI_IN_PLACE : copy, recvbuf, count, type, op, root, comm);
        free(raw);
        return err;
    }
#endif
    return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
}
