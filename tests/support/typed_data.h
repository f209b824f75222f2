/* Test data of several datatypes: predefined, vector (resized), struct and a
 * pair type with a non-commutative operation, filled with values that depend
 * only on (rank, element index, salt), so that any rank can predict them and
 * sending 3n MPI_INT equals sending n vector elements. */
#ifndef ORTHO_TEST_TYPED_DATA_H_INCLUDED
#define ORTHO_TEST_TYPED_DATA_H_INCLUDED

#include <mpi.h>
#include <stddef.h>

enum test_kind {
    KIND_INT,     /* MPI_INT */
    KIND_DOUBLE,  /* MPI_DOUBLE, integer values (sums are exact) */
    KIND_VECTOR,  /* 3 ints at stride 2, resized to 6 ints: holes between and after */
    KIND_STRUCT,  /* {int, double, char[4]}: a hole after the int and at the end */
    KIND_PAIR,    /* MPI_2INT: affine maps x -> m x + c, composed non-commutatively */
    KIND_COUNT
};

struct test_struct {
    int a;
    double b;
    char c[4];
};

/* Creates the derived datatypes; call after MPI_Init. */
void test_types_create(void);
void test_types_free(void);

MPI_Datatype test_kind_type(enum test_kind kind);
const char *test_kind_name(enum test_kind kind);
/* Extent of one element in bytes. */
size_t test_kind_extent(enum test_kind kind);
/* Bytes of data (type size) in one element. */
int test_kind_size(enum test_kind kind);

/* Writes count elements of kind at buf with the values of `rank`;
 * element e of a vector holds the ints that KIND_INT elements 3e..3e+2 hold. */
void test_fill(enum test_kind kind, void *buf, int count, int rank, int salt);

/* malloc of count elements (at least 1 byte), every byte set to 0xA5, so
 * that holes compare equal between two buffers MPI wrote the same way. */
void *test_alloc(enum test_kind kind, size_t count);

/* A user operation for kind (NULL-free): sum for the vector, field-wise
 * sum / max / xor for the struct, affine composition (non-commutative) for
 * the pair. Created by test_types_create. */
MPI_Op test_kind_user_op(enum test_kind kind);

#endif /* ORTHO_TEST_TYPED_DATA_H_INCLUDED */
