/* A program's collective call passed to the MPI (the library chose no
 * candidate for it, or a grid of one phase), made safe where the MPI fails
 * on legal arguments. Private.
 *
 * Each ortho__pass_X takes the caller's arguments and calls PMPI_X
 * unchanged, except on a process where the MPI is known to go wrong;
 * there the process passes its own call as bytes (MPI_BYTE, counts and
 * displacements in bytes, through common/as_bytes.h: its own buffers
 * where they already hold the bytes, else a temporary copy), or a copy of
 * its input. That is a local change: the other processes see the same
 * messages, and every MPI here sizes a collective by its bytes, so all
 * still take the same algorithm. Where the change cannot be made (no
 * memory, a count in bytes beyond an int) the call runs unchanged.
 * Intercommunicators' calls always run unchanged.
 *
 * MPICH 4.0.2 (README.md, "What MPICH and Open MPI get wrong"):
 * - gather, scatter, allgather and the v-forms fail (MPI_ERR_TRUNCATE,
 *   wrong data) from about 6 KB on where a receive type is a derived one
 *   (a struct, with holes or packed tight) or has holes (MPI_DOUBLE_INT):
 *   a process whose significant receive type is either receives bytes
 *   (unpacked after, unless its buffer already holds them in order);
 * - MPI_Reduce in place at a root other than 0 dies of a segmentation
 *   fault from 2400 bytes on: that root passes a copy of its input
 *   (also under SimGrid's mpich selector, which fails the same way);
 * - MPI_Allgatherv on one process ignores displs[0]: it copies locally
 *   (ortho__allgatherv_native, which the library's own phases use too).
 * Open MPI 4.1:
 * - MPI_Allgatherv picks its algorithm from the send type's size times
 *   the receive counts: a process whose send and receive types differ in
 *   size passes its call as bytes, so every process computes the
 *   message's true size. */
#ifndef ORTHO_NATIVE_CALLS_H_INCLUDED
#define ORTHO_NATIVE_CALLS_H_INCLUDED

#include <mpi.h>

int ortho__pass_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, int root, MPI_Comm comm);
int ortho__pass_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm);
int ortho__pass_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm);
int ortho__pass_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int ortho__pass_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, MPI_Comm comm);
int ortho__pass_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int root, MPI_Comm comm);
int ortho__pass_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm);

/* MPI_Allgatherv on an intracommunicator, honouring displs on one process
 * (for the library's own phases: their types agree on every process). */
int ortho__allgatherv_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm);

#endif /* ORTHO_NATIVE_CALLS_H_INCLUDED */
