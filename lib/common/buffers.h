/* Typed buffer arithmetic and temporary buffers. Private to the library. */
#ifndef ORTHO_BUFFERS_H_INCLUDED
#define ORTHO_BUFFERS_H_INCLUDED

#include <mpi.h>

/* The address `count` elements of `type` past buf (count * extent bytes). */
void *ortho__offset(const void *buf, MPI_Aint count, MPI_Datatype type);

/* count * size(type) in bytes; MPI_ERR_COUNT (not raised) when it does not
 * fit in an int, the limit of a count in MPI's C interface. */
int ortho__bytes(MPI_Aint count, MPI_Datatype type, int *bytes);

/* a * b, or -1 when the product does not fit in an int. */
int ortho__mul_int(int a, int b);

/* Room for count elements of type, laid out as MPI lays them out (true
 * extent, lower bound honoured). *raw is what free() takes, *buf is what MPI
 * calls take. MPI_ERR_NO_MEM (not raised) when malloc fails. */
int ortho__tmp_alloc(int count, MPI_Datatype type, void **raw, void **buf);

#endif /* ORTHO_BUFFERS_H_INCLUDED */
