/* One case of an operation test: the native MPI operation runs once, then
 * the implementation under test (ortho_2d_* or ortho_nd_*, through a table
 * of their functions) on every layout of the case's environment, and each
 * receive buffer must equal native's byte for byte. Both start as 0xA5, so
 * holes of derived types must stay untouched in both.
 *
 * Mismatches and error codes are counted locally, and the first 8 printed
 * to stderr; test_assert_no_failures combines the count over the ranks once
 * per test, to keep the number of collectives small on oversubscribed
 * machines (tests/README.md). */
#ifndef ORTHO_TEST_AGAINST_NATIVE_H_INCLUDED
#define ORTHO_TEST_AGAINST_NATIVE_H_INCLUDED

#include <mpi.h>

#include "ortho.h"
#include "support/test_envs.h"
#include "support/typed_data.h"

/* The operations under test; each has the signature of its MPI counterpart
 * with a grid in place of the communicator. */
struct test_collectives {
    int (*bcast)(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid);
    int (*reduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  int root, ortho_grid_t grid);
    int (*allreduce)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                     MPI_Op op, ortho_grid_t grid);
    int (*gather)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, ortho_grid_t grid);
    int (*scatter)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, int root, ortho_grid_t grid);
    int (*allgather)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     int recvcount, MPI_Datatype recvtype, ortho_grid_t grid);
    int (*allgatherv)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                      ortho_grid_t grid);
    int (*gatherv)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                   ortho_grid_t grid);
    int (*scatterv)(const void *sendbuf, const int sendcounts[], const int displs[],
                    MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    int root, ortho_grid_t grid);
};

/* Element kinds of the two sides of a case: the send side may differ from
 * the receive side with a matching signature (send_mult elements of send =
 * 1 of recv, e.g. 3 ints = 1 vector element). Reductions: one kind, 1. */
struct test_kinds {
    enum test_kind send, recv;
    int send_mult;
};

/* The table of PREFIX_bcast ... PREFIX_scatterv, e.g.
 * TEST_COLLECTIVES(ortho_2d). */
#define TEST_COLLECTIVES(prefix)                                                               \
    {                                                                                          \
        .bcast = prefix##_bcast, .reduce = prefix##_reduce, .allreduce = prefix##_allreduce,  \
        .gather = prefix##_gather, .scatter = prefix##_scatter,                                \
        .allgather = prefix##_allgather, .allgatherv = prefix##_allgatherv,                    \
        .gatherv = prefix##_gatherv, .scatterv = prefix##_scatterv,                            \
    }

/* One case: which implementation, where, what types, how many, which root,
 * in place or not. */
struct test_case {
    const struct test_collectives *ops;
    struct test_env *env;
    int index; /* position in the test's sequence of cases; salts the data */
    int type;  /* index into the test's table of types, for failure messages */
    struct test_kinds kinds;
    MPI_Op op; /* reductions only */
    int count;
    int root;
    int in_place;
    int irregular; /* v-operations: blocks in reverse rank order with gaps */
};

/* Each checks one case on every layout of c->env and counts the failures. */
void test_check_bcast(const struct test_case *c);
void test_check_reduce(const struct test_case *c);
void test_check_allreduce(const struct test_case *c);
void test_check_gather(const struct test_case *c);
void test_check_allgather(const struct test_case *c);
void test_check_scatter(const struct test_case *c);
void test_check_gatherv(const struct test_case *c);
void test_check_allgatherv(const struct test_case *c);
void test_check_scatterv(const struct test_case *c);

/* CU_ASSERT that no rank counted a failure since the last call, and starts
 * counting anew. Collective over MPI_COMM_WORLD. */
void test_assert_no_failures(void);

#endif /* ORTHO_TEST_AGAINST_NATIVE_H_INCLUDED */
