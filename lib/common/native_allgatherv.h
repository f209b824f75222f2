/* The native MPI_Allgatherv, made safe where an MPI decides its algorithm
 * from arguments that may differ between processes. Private. */
#ifndef ORTHO_NATIVE_ALLGATHERV_H_INCLUDED
#define ORTHO_NATIVE_ALLGATHERV_H_INCLUDED

#include <mpi.h>

/* MPI_Allgatherv with the caller's arguments, except where the MPI would
 * go wrong (an intercommunicator's call runs unchanged):
 * - on an intracommunicator of one process it copies locally (MPICH 4.0.2
 *   ignores displs[0] there);
 * - under Open MPI, a process whose send type's size differs from its
 *   receive type's passes its call as bytes (MPI_BYTE both sides, counts
 *   and displacements in bytes; packed where its types are not
 *   contiguous). Open MPI's coll_tuned picks the algorithm from the send
 *   type's size times the receive counts, so processes whose (count,
 *   type) pairs differ but whose type signatures match would pick
 *   different algorithms and hang; as bytes, every process computes the
 *   message's true size. A process whose two sizes are equal computes it
 *   already and calls unchanged, at no cost. */
int ortho__allgatherv_native(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm);

#endif /* ORTHO_NATIVE_ALLGATHERV_H_INCLUDED */
