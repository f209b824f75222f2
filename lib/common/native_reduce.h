/* The native MPI_Reduce, made safe where an MPI fails on legal arguments.
 * Private. */
#ifndef ORTHO_NATIVE_REDUCE_H_INCLUDED
#define ORTHO_NATIVE_REDUCE_H_INCLUDED

#include <mpi.h>

/* MPI_Reduce with the caller's arguments, except at a root other than 0
 * that passes MPI_IN_PLACE under MPICH (and SimGrid's mpich selector):
 * there MPICH 4.0.2 dies of a segmentation fault from 2 KiB on (its
 * reduce-scatter + gather algorithm, 2 processes already), so the root
 * passes a copy of its input instead. The copy changes nothing another
 * process sees; an intercommunicator's call runs unchanged. */
int ortho__reduce_native(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, int root, MPI_Comm comm);

#endif /* ORTHO_NATIVE_REDUCE_H_INCLUDED */
