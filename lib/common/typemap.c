/* Whether a datatype's bytes in memory are its type signature in order.
 *
 * MPI lets every process describe the same message with its own (count,
 * datatype) pair as long as the type signatures match. The library moves
 * such messages as bytes in signature order (common/as_bytes.h), which a
 * process can read straight from its buffer only when the datatype has no
 * holes, no offset, and lists its members in the order they lie in memory.
 * The last condition is not visible in the extents (a struct {int at 8,
 * double at 0} has no hole, but its signature starts with the int), so the
 * constructors are decoded (MPI_Type_get_envelope / _get_contents); any
 * constructor not listed below counts as out of order, and the data are
 * then packed, which is always right. */
#include "common/buffers.h"

#include <stdlib.h>

enum { MAX_DEPTH = 16 };

static int type_in_order(MPI_Datatype type, int depth);

/* The data of `type` fill [0, size) with no hole, in signature order
 * (its extent may differ from its size). */
static int data_dense(MPI_Datatype type, int depth)
{
    int size;
    MPI_Aint true_lb, true_extent;
    PMPI_Type_size(type, &size);
    PMPI_Type_get_true_extent(type, &true_lb, &true_extent);
    return true_lb == 0 && true_extent == size && type_in_order(type, depth);
}

/* Also repeatable: element k starts where element k - 1 ends. */
static int tiles(MPI_Datatype type, int depth)
{
    int size;
    MPI_Aint lb, extent;
    PMPI_Type_size(type, &size);
    PMPI_Type_get_extent(type, &lb, &extent);
    return lb == 0 && extent == size && data_dense(type, depth);
}

/* Blocks of `old` (count of them, lengths len[i] elements or bytes
 * bytes[i] when len is NULL, at byte displacements disp[i]) lie back to
 * back from 0 in the order listed. */
static int blocks_back_to_back(int count, const int len[], const MPI_Aint disp[],
                               MPI_Datatype old, int depth)
{
    MPI_Aint lb, extent, at = 0;
    PMPI_Type_get_extent(old, &lb, &extent);
    if (!tiles(old, depth))
        return 0;
    for (int i = 0; i < count; i++) {
        if (len[i] == 0)
            continue;
        if (disp[i] != at)
            return 0;
        at += (MPI_Aint)len[i] * extent;
    }
    return 1;
}

static int decode(int combiner, const int ints[], const MPI_Aint addrs[],
                  const MPI_Datatype types[], int depth)
{
    MPI_Aint lb, extent;
    switch (combiner) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED:
        return type_in_order(types[0], depth);
    case MPI_COMBINER_CONTIGUOUS:
        return ints[0] <= 1 ? type_in_order(types[0], depth) : tiles(types[0], depth);
    case MPI_COMBINER_VECTOR:
        /* count, blocklength, stride (elements) */
        return (ints[0] <= 1 || ints[1] == ints[2]) && tiles(types[0], depth);
    case MPI_COMBINER_HVECTOR:
        PMPI_Type_get_extent(types[0], &lb, &extent);
        return (ints[0] <= 1 || addrs[0] == (MPI_Aint)ints[1] * extent) && tiles(types[0], depth);
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_INDEXED_BLOCK: {
        /* count, lengths (or one length), displacements in elements */
        int n = ints[0], block = combiner == MPI_COMBINER_INDEXED_BLOCK;
        const int *len = &ints[1];
        const int *disp = block ? &ints[2] : &ints[1 + n];
        MPI_Aint at = 0;
        if (!tiles(types[0], depth))
            return 0;
        for (int i = 0; i < n; i++) {
            int l = block ? len[0] : len[i];
            if (l == 0)
                continue;
            if (disp[i] != at)
                return 0;
            at += l;
        }
        return 1;
    }
    case MPI_COMBINER_HINDEXED:
        return blocks_back_to_back(ints[0], &ints[1], addrs, types[0], depth);
    case MPI_COMBINER_HINDEXED_BLOCK: {
        int ok = tiles(types[0], depth);
        PMPI_Type_get_extent(types[0], &lb, &extent);
        for (int i = 0; ok && i < ints[0]; i++)
            ok = ints[1] == 0 || addrs[i] == (MPI_Aint)i * ints[1] * extent;
        return ok;
    }
    case MPI_COMBINER_STRUCT: {
        /* count, lengths; displacements; types: each block in order, back to back */
        MPI_Aint at = 0;
        for (int i = 0; i < ints[0]; i++) {
            int size;
            if (ints[1 + i] == 0)
                continue;
            PMPI_Type_size(types[i], &size);
            if (size == 0)
                continue;
            if (addrs[i] != at ||
                !(ints[1 + i] == 1 ? data_dense(types[i], depth) : tiles(types[i], depth)))
                return 0;
            at += (MPI_Aint)ints[1 + i] * size;
        }
        return 1;
    }
    default:
        return 0;
    }
}

static int type_in_order(MPI_Datatype type, int depth)
{
    int ni = 0, na = 0, nd = 0, combiner = MPI_COMBINER_NAMED, ok = 0;
    if (PMPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) != MPI_SUCCESS)
        return 0;
    /* predefined types list their members in memory order (MPI_DOUBLE_INT ...) */
    if (combiner == MPI_COMBINER_NAMED)
        return 1;
    if (depth >= MAX_DEPTH)
        return 0;
    int *ints = malloc(((size_t)ni + 1) * sizeof *ints);
    MPI_Aint *addrs = malloc(((size_t)na + 1) * sizeof *addrs);
    MPI_Datatype *types = malloc(((size_t)nd + 1) * sizeof *types);
    if (ints != NULL && addrs != NULL && types != NULL &&
        PMPI_Type_get_contents(type, ni, na, nd, ints, addrs, types) == MPI_SUCCESS) {
        ok = decode(combiner, ints, addrs, types, depth + 1);
        /* get_contents hands out new handles for derived types */
        for (int i = 0; i < nd; i++) {
            int a, b, c, k;
            PMPI_Type_get_envelope(types[i], &a, &b, &c, &k);
            if (k != MPI_COMBINER_NAMED)
                PMPI_Type_free(&types[i]);
        }
    }
    free(ints);
    free(addrs);
    free(types);
    return ok;
}

int ortho__type_is_contiguous(MPI_Datatype type)
{
    return tiles(type, 0);
}
