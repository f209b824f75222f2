/* Typed buffer arithmetic and temporary buffers. */
#include "common/buffers.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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

/* MPI_BOTTOM is NULL, and MPICH's MPI_Pack and MPI_Unpack refuse a NULL
 * buffer, though its collectives take MPI_BOTTOM with a datatype of
 * absolute addresses. Such a buffer is handed to them as a non-NULL
 * anchor with the type shifted back by the anchor's address: one block of
 * count elements at -address(anchor). *view is that type (to free with
 * release_view) or type itself. */
static char anchor;

static int bottom_view(const void *buf, int count, MPI_Datatype type, void **base, int *n,
                       MPI_Datatype *view)
{
    MPI_Aint at;
    *base = (void *)(uintptr_t)buf; /* MPI_Unpack writes through it, MPI_Pack does not */
    *n = count;
    *view = type;
    if (buf != MPI_BOTTOM || count == 0)
        return MPI_SUCCESS;
    int err = PMPI_Get_address(&anchor, &at);
    MPI_Aint shift = -at;
    if (!err)
        err = PMPI_Type_create_struct(1, &count, &shift, &type, view);
    if (!err)
        err = PMPI_Type_commit(view);
    if (!err) {
        *base = &anchor;
        *n = 1;
    }
    return err;
}

static void release_view(MPI_Datatype type, MPI_Datatype *view)
{
    if (*view != type)
        PMPI_Type_free(view);
}

/* MPI_Pack (pack) or MPI_Unpack of count elements of type at buf, to or
 * from `packed`, through bottom_view(). */
static int packing(int pack, const void *buf, int count, MPI_Datatype type, void *packed,
                   int packed_bytes, int *position, MPI_Comm comm)
{
    void *base;
    int n;
    MPI_Datatype view;
    if (count == 0)
        return MPI_SUCCESS;
    int err = bottom_view(buf, count, type, &base, &n, &view);
    if (!err)
        err = pack ? PMPI_Pack(base, n, view, packed, packed_bytes, position, comm)
                   : PMPI_Unpack(packed, packed_bytes, position, base, n, view, comm);
    release_view(type, &view);
    return err;
}

int ortho__pack_at(const void *buf, int count, MPI_Datatype type, void *out, int out_bytes,
                   int *position, MPI_Comm comm)
{
    return packing(1, buf, count, type, out, out_bytes, position, comm);
}

int ortho__unpack_at(const void *in, int in_bytes, int *position, void *buf, int count,
                     MPI_Datatype type, MPI_Comm comm)
{
    /* MPI_Unpack reads `in` only; the cast keeps one helper for both ways */
    return packing(0, buf, count, type, (void *)(uintptr_t)in, in_bytes, position, comm);
}

int ortho__unpack(const void *packed, int bytes, void *buf, int count, MPI_Datatype type,
                  MPI_Comm comm)
{
    int position = 0;
    return ortho__unpack_at(packed, bytes, &position, buf, count, type, comm);
}

static MPI_Aint gcd(MPI_Aint a, MPI_Aint b)
{
    while (b != 0) {
        MPI_Aint r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* The most bytes a local copy packs at a time (its temporary's size). */
enum { COPY_CHUNK = 1 << 24 };

int ortho__local_copy(const void *src, int src_count, MPI_Datatype src_type, void *dst,
                      int dst_count, MPI_Datatype dst_type)
{
    int src_size = 0, dst_size = 0, err = MPI_SUCCESS;
    PMPI_Type_size(src_type, &src_size);
    PMPI_Type_size(dst_type, &dst_size);
    MPI_Aint bytes = (MPI_Aint)src_count * src_size;
    if (bytes == 0)
        return MPI_SUCCESS;
    /* the library's copies move whole elements on both sides */
    if ((MPI_Aint)dst_count * dst_size < bytes || bytes % dst_size != 0)
        return MPI_ERR_TRUNCATE;
    if (src != MPI_BOTTOM && dst != MPI_BOTTOM && ortho__type_is_contiguous(src_type) &&
        ortho__type_is_contiguous(dst_type)) {
        memmove(dst, src, (size_t)bytes);
        return MPI_SUCCESS;
    }
    /* No message to this process itself: a receive the program posted on
     * MPI_COMM_SELF with MPI_ANY_SOURCE would take it. Packed through a
     * temporary in chunks that end on element boundaries of both types
     * (multiples of lcm(src_size, dst_size), which divides bytes). */
    MPI_Aint lcm = src_size / gcd(src_size, dst_size) * (MPI_Aint)dst_size;
    MPI_Aint chunk = lcm >= COPY_CHUNK ? lcm : COPY_CHUNK / lcm * lcm;
    if (chunk > bytes)
        chunk = bytes;
    if (chunk > INT_MAX)
        return MPI_ERR_COUNT;
    char *tmp = malloc((size_t)chunk);
    if (tmp == NULL)
        return MPI_ERR_NO_MEM;
    for (MPI_Aint done = 0; done < bytes && !err; done += chunk) {
        MPI_Aint now = bytes - done < chunk ? bytes - done : chunk;
        int in = 0, out = 0;
        err = ortho__pack_at(ortho__offset(src, done / src_size, src_type), (int)(now / src_size),
                             src_type, tmp, (int)now, &in, MPI_COMM_SELF);
        if (!err)
            err = ortho__unpack_at(tmp, (int)now, &out,
                                   ortho__offset(dst, done / dst_size, dst_type),
                                   (int)(now / dst_size), dst_type, MPI_COMM_SELF);
    }
    free(tmp);
    return err;
}
