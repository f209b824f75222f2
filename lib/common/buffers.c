/* Typed buffer arithmetic and temporary buffers. */
#include "common/buffers.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

void *ortho__offset(const void *buf, MPI_Aint count, MPI_Datatype type)
{
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    /* Byte arithmetic through uintptr_t: buf may be MPI_BOTTOM (NULL) with
     * absolute displacements in the datatype. */
    return (void *)((uintptr_t)buf + (uintptr_t)(count * extent));
}

int ortho__bytes(MPI_Aint count, MPI_Datatype type, int *bytes)
{
    int size;
    PMPI_Type_size(type, &size);
    if (size != 0 && count > (MPI_Aint)(INT_MAX / size))
        return MPI_ERR_COUNT;
    *bytes = (int)(count * size);
    return MPI_SUCCESS;
}

int ortho__mul_int(int a, int b)
{
    if (a < 0 || b < 0 || (a != 0 && b > INT_MAX / a))
        return -1;
    return a * b;
}

int ortho__tmp_alloc(int count, MPI_Datatype type, void **raw, void **buf)
{
    MPI_Aint lb, extent, true_lb, true_extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
    MPI_Aint span = count > 0 ? true_extent + (MPI_Aint)(count - 1) * extent : 0;
    *raw = malloc(span > 0 ? (size_t)span : 1);
    if (*raw == NULL)
        return MPI_ERR_NO_MEM;
    *buf = (void *)((uintptr_t)*raw - (uintptr_t)true_lb);
    return MPI_SUCCESS;
}

int ortho__unpack(const void *packed, int bytes, void *buf, int count, MPI_Datatype type,
                  MPI_Comm comm)
{
    int position = 0;
    if (count == 0)
        return MPI_SUCCESS;
    return PMPI_Unpack(packed, bytes, &position, buf, count, type, comm);
}

int ortho__local_copy(const void *src, int src_count, MPI_Datatype src_type, void *dst,
                      int dst_count, MPI_Datatype dst_type)
{
    return PMPI_Sendrecv(src, src_count, src_type, 0, 0, dst, dst_count, dst_type, 0, 0,
                         MPI_COMM_SELF, MPI_STATUS_IGNORE);
}
