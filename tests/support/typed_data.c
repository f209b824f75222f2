/* Test data of several datatypes (see typed_data.h). */
#include "support/typed_data.h"

#include <stdlib.h>
#include <string.h>

static MPI_Datatype vector_type = MPI_DATATYPE_NULL;
static MPI_Datatype struct_type = MPI_DATATYPE_NULL;
static MPI_Op vector_op = MPI_OP_NULL, struct_op = MPI_OP_NULL, pair_op = MPI_OP_NULL;

enum { VECTOR_SLOTS = 6 }; /* ints per vector element, 3 of them data */

/* A value that depends on rank, index and salt only; small enough that sums
 * over 1000 ranks stay exact in int and double. */
static int value(int rank, long index, int salt)
{
    unsigned long h = (unsigned long)rank * 2654435761u + (unsigned long)index * 40503u +
                      (unsigned long)salt * 97u;
    h ^= h >> 13;
    return (int)(h % 2001) - 1000;
}

static void vector_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    int *a = in, *b = inout;
    for (int e = 0; e < *len; e++)
        for (int s = 0; s < VECTOR_SLOTS; s += 2)
            b[e * VECTOR_SLOTS + s] += a[e * VECTOR_SLOTS + s];
}

static void struct_combine(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    struct test_struct *a = in, *b = inout;
    for (int e = 0; e < *len; e++) {
        b[e].a += a[e].a;
        b[e].b = a[e].b > b[e].b ? a[e].b : b[e].b;
        for (int k = 0; k < 4; k++)
            b[e].c[k] = (char)(a[e].c[k] ^ b[e].c[k]);
    }
}

/* in is the earlier operand: (in o inout)(x) = in.m * (inout.m x + inout.c) + in.c.
 * Unsigned arithmetic wraps, which keeps the composition associative. */
static void pair_compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    int *a = in, *b = inout;
    for (int e = 0; e < *len; e++) {
        unsigned am = (unsigned)a[2 * e], ac = (unsigned)a[2 * e + 1];
        unsigned bm = (unsigned)b[2 * e], bc = (unsigned)b[2 * e + 1];
        b[2 * e] = (int)(am * bm);
        b[2 * e + 1] = (int)(am * bc + ac);
    }
}

void test_types_create(void)
{
    MPI_Datatype strided, raw_struct;
    MPI_Type_vector(3, 1, 2, MPI_INT, &strided);
    MPI_Type_create_resized(strided, 0, VECTOR_SLOTS * (MPI_Aint)sizeof(int), &vector_type);
    MPI_Type_commit(&vector_type);
    MPI_Type_free(&strided);

    int lengths[3] = {1, 1, 4};
    MPI_Aint offsets[3] = {offsetof(struct test_struct, a), offsetof(struct test_struct, b),
                           offsetof(struct test_struct, c)};
    MPI_Datatype fields[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
    MPI_Type_create_struct(3, lengths, offsets, fields, &raw_struct);
    MPI_Type_create_resized(raw_struct, 0, sizeof(struct test_struct), &struct_type);
    MPI_Type_commit(&struct_type);
    MPI_Type_free(&raw_struct);

    MPI_Op_create(vector_sum, 1, &vector_op);
    MPI_Op_create(struct_combine, 1, &struct_op);
    MPI_Op_create(pair_compose, 0, &pair_op);
}

void test_types_free(void)
{
    MPI_Type_free(&vector_type);
    MPI_Type_free(&struct_type);
    MPI_Op_free(&vector_op);
    MPI_Op_free(&struct_op);
    MPI_Op_free(&pair_op);
}

MPI_Datatype test_kind_type(enum test_kind kind)
{
    switch (kind) {
    case KIND_INT: return MPI_INT;
    case KIND_DOUBLE: return MPI_DOUBLE;
    case KIND_VECTOR: return vector_type;
    case KIND_STRUCT: return struct_type;
    case KIND_PAIR: return MPI_2INT;
    default: return MPI_DATATYPE_NULL;
    }
}

const char *test_kind_name(enum test_kind kind)
{
    static const char *const names[KIND_COUNT] = {"int", "double", "vector", "struct", "2int"};
    return kind < KIND_COUNT ? names[kind] : "?";
}

size_t test_kind_extent(enum test_kind kind)
{
    switch (kind) {
    case KIND_INT: return sizeof(int);
    case KIND_DOUBLE: return sizeof(double);
    case KIND_VECTOR: return VECTOR_SLOTS * sizeof(int);
    case KIND_STRUCT: return sizeof(struct test_struct);
    case KIND_PAIR: return 2 * sizeof(int);
    default: return 0;
    }
}

int test_kind_size(enum test_kind kind)
{
    int size;
    MPI_Type_size(test_kind_type(kind), &size);
    return size;
}

void test_fill(enum test_kind kind, void *buf, int count, int rank, int salt)
{
    for (long e = 0; e < count; e++) {
        switch (kind) {
        case KIND_INT:
            ((int *)buf)[e] = value(rank, e, salt);
            break;
        case KIND_DOUBLE:
            ((double *)buf)[e] = value(rank, e, salt);
            break;
        case KIND_VECTOR:
            for (int s = 0; s < 3; s++)
                ((int *)buf)[e * VECTOR_SLOTS + 2 * s] = value(rank, 3 * e + s, salt);
            break;
        case KIND_STRUCT: {
            struct test_struct *x = (struct test_struct *)buf + e;
            x->a = value(rank, e, salt);
            x->b = value(rank, e, salt + 1);
            for (int k = 0; k < 4; k++)
                x->c[k] = (char)value(rank, e, salt + 2 + k);
            break;
        }
        case KIND_PAIR:
            ((int *)buf)[2 * e] = 1 + 2 * (value(rank, e, salt) & 7); /* odd: invertible */
            ((int *)buf)[2 * e + 1] = value(rank, e, salt + 1);
            break;
        default:
            break;
        }
    }
}

void *test_alloc(enum test_kind kind, size_t count)
{
    size_t bytes = count * test_kind_extent(kind);
    void *buf = malloc(bytes > 0 ? bytes : 1);
    if (buf != NULL)
        memset(buf, 0xA5, bytes > 0 ? bytes : 1);
    return buf;
}

MPI_Op test_kind_user_op(enum test_kind kind)
{
    switch (kind) {
    case KIND_VECTOR: return vector_op;
    case KIND_STRUCT: return struct_op;
    case KIND_PAIR: return pair_op;
    default: return MPI_OP_NULL;
    }
}
