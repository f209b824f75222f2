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

/* 1 when count elements of type occupy exactly count * size(type)
 * consecutive bytes from the buffer's address (no holes, no offset) and
 * those bytes are the type signature in order, so that the buffer can be
 * sent and received as bytes (typemap.c). */
int ortho__type_is_contiguous(MPI_Datatype type);

/* Unpacks `bytes` bytes of MPI_PACKED data as count elements of type into
 * buf (nothing for count 0). Processes whose datatype is not contiguous
 * receive as MPI_PACKED and unpack with this: the copy MPI would make
 * anyway, and it avoids MPICH 4.0.2 (ch4:ucx) failing with MPI_ERR_TRUNCATE
 * when a contiguous message lands in a struct type with holes. */
int ortho__unpack(const void *packed, int bytes, void *buf, int count, MPI_Datatype type,
                  MPI_Comm comm);

/* MPI_Pack and MPI_Unpack of count elements of type at buf, position
 * advanced; buf may be MPI_BOTTOM (a type of absolute addresses), which
 * MPICH's own MPI_Pack and MPI_Unpack refuse. Nothing for count 0. */
int ortho__pack_at(const void *buf, int count, MPI_Datatype type, void *out, int out_bytes,
                   int *position, MPI_Comm comm);
int ortho__unpack_at(const void *in, int in_bytes, int *position, void *buf, int count,
                     MPI_Datatype type, MPI_Comm comm);
/* Copies typed data from one buffer to another on this process, converting
 * between two datatypes of matching signature; src and dst may be
 * MPI_BOTTOM. No message: a copy sent to this process could be taken by a
 * receive the program posted with MPI_ANY_SOURCE. MPI_ERR_TRUNCATE when
 * dst is smaller, MPI_ERR_NO_MEM, or MPI_ERR_COUNT for an element pair
 * whose least common multiple of sizes exceeds an int (not raised). */
int ortho__local_copy(const void *src, int src_count, MPI_Datatype src_type, void *dst,
                      int dst_count, MPI_Datatype dst_type);

#endif /* ORTHO_BUFFERS_H_INCLUDED */
