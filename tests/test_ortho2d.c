/* The two-phase operations against the native MPI operations.
 *
 * Every case runs the native operation once and then the orthogonal one on
 * every 2D layout that divides p, comparing receive buffers byte for byte
 * (both start as 0xA5, so holes of derived types must stay untouched in
 * both). Cases cover datatypes (int, double, resized vector, struct, and
 * int sent / vector received), counts 0, 1, 7 and 64 KiB per block, in place
 * or not, every root over the sequence of cases, on MPI_COMM_WORLD and on a
 * communicator whose rank order is the reverse of the world's. Failures are
 * counted locally and combined once per test, to keep the number of
 * collectives small on oversubscribed machines. The comparison itself is
 * support/against_native.c, shared with test_orthond.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/against_native.h"
#include "support/mpi_cunit.h"
#include "support/mpi_errors.h"
#include "support/test_envs.h"
#include "support/typed_data.h"

enum { BIG_BLOCK_BYTES = 64 * 1024 };

static const struct test_collectives ortho_2d_ops = TEST_COLLECTIVES(ortho_2d);

/* Types for data movement: the send side may differ from the receive side
 * with a matching signature (3 ints = 1 vector element). */
static const struct test_kinds move_types[] = {
    {KIND_INT, KIND_INT, 1},       {KIND_DOUBLE, KIND_DOUBLE, 1},
    {KIND_VECTOR, KIND_VECTOR, 1}, {KIND_STRUCT, KIND_STRUCT, 1},
    {KIND_INT, KIND_VECTOR, 3},
};
#define MOVE_TYPES ((int)(sizeof move_types / sizeof move_types[0]))

/* Types and operations for reductions; op MPI_OP_NULL means the kind's
 * user operation (the 2int one is not commutative). */
struct reduce_type {
    enum test_kind kind;
    const char *op_name;
};
static const struct reduce_type reduce_types[] = {
    {KIND_INT, "sum"},  {KIND_DOUBLE, "sum"}, {KIND_DOUBLE, "max"},
    {KIND_PAIR, "user"}, {KIND_VECTOR, "user"}, {KIND_STRUCT, "user"},
};
#define REDUCE_TYPES ((int)(sizeof reduce_types / sizeof reduce_types[0]))

static struct test_env envs[TEST_ENV_COUNT];

static MPI_Op reduce_op(const struct reduce_type *rt)
{
    if (strcmp(rt->op_name, "sum") == 0)
        return MPI_SUM;
    if (strcmp(rt->op_name, "max") == 0)
        return MPI_MAX;
    return test_kind_user_op(rt->kind);
}

static void set_move_type(struct test_case *c, int t)
{
    c->kinds = move_types[t];
}

static void set_reduce_type(struct test_case *c, int t)
{
    enum test_kind kind = reduce_types[t].kind;
    c->kinds = (struct test_kinds){kind, kind, 1};
    c->op = reduce_op(&reduce_types[t]);
}

/* Calls check for every combination of type and count; the environment, the
 * root, in-place and the displacement pattern rotate with the case index so
 * that every value of each occurs. */
static void for_each_case(int ntypes, void (*set_type)(struct test_case *, int),
                          void (*check)(const struct test_case *))
{
    int index = 0;
    for (int t = 0; t < ntypes; t++) {
        struct test_case c = {.ops = &ortho_2d_ops, .type = t, .op = MPI_OP_NULL};
        set_type(&c, t);
        int block_bytes = test_kind_size(c.kinds.recv);
        int big = (BIG_BLOCK_BYTES + block_bytes - 1) / block_bytes;
        const int counts[4] = {0, 1, 7, big};
        for (int k = 0; k < 4; k++, index++) {
            c.index = index;
            c.env = &envs[(index / 2) % TEST_ENV_COUNT];
            c.count = counts[k];
            c.root = (index * 5 + 1) % c.env->size;
            c.in_place = index % 2;
            c.irregular = (index / 4) % 2;
            check(&c);
        }
    }
}

static void test_bcast(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_bcast);
    test_assert_no_failures();
}

static void test_reduce(void)
{
    for_each_case(REDUCE_TYPES, set_reduce_type, test_check_reduce);
    test_assert_no_failures();
}

static void test_allreduce(void)
{
    for_each_case(REDUCE_TYPES, set_reduce_type, test_check_allreduce);
    test_assert_no_failures();
}

static void test_gather(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_gather);
    test_assert_no_failures();
}

static void test_allgather(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_allgather);
    test_assert_no_failures();
}

static void test_scatter(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_scatter);
    test_assert_no_failures();
}

static void test_gatherv(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_gatherv);
    test_assert_no_failures();
}

static void test_allgatherv(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_allgatherv);
    test_assert_no_failures();
}

static void test_scatterv(void)
{
    for_each_case(MOVE_TYPES, set_move_type, test_check_scatterv);
    test_assert_no_failures();
}

/* ---- bad input ----------------------------------------------------------- */

/* Every rank passes the same bad argument, so no rank waits for another. */
static void test_bad_input(void)
{
    struct test_env *e = &envs[0];
    ortho_grid_t grid = e->grids[0];
    int buf[4] = {0}, out[4] = {0}, p = e->size, ok = 1;
    int *counts = calloc((size_t)p, sizeof(int)), *displs = calloc((size_t)p, sizeof(int));

    ok &= test_error_class(ortho_2d_bcast(buf, 1, MPI_INT, 0, NULL)) == MPI_ERR_ARG;
    ok &= test_error_class(ortho_2d_allgather(buf, 1, MPI_INT, out, 1, MPI_INT, NULL)) ==
          MPI_ERR_ARG;
    ok &= test_error_class(ortho_2d_bcast(buf, 1, MPI_INT, p, grid)) == MPI_ERR_ROOT;
    ok &= test_error_class(ortho_2d_bcast(buf, 1, MPI_INT, -1, grid)) == MPI_ERR_ROOT;
    ok &= test_error_class(ortho_2d_reduce(buf, out, 1, MPI_INT, MPI_SUM, p, grid)) == MPI_ERR_ROOT;
    ok &= test_error_class(ortho_2d_gather(buf, 1, MPI_INT, out, 1, MPI_INT, p + 3, grid)) ==
          MPI_ERR_ROOT;
    ok &= test_error_class(ortho_2d_scatterv(buf, counts, displs, MPI_INT, out, 1, MPI_INT, -2,
                                             grid)) == MPI_ERR_ROOT;
    ok &= test_error_class(ortho_2d_bcast(buf, -1, MPI_INT, 0, grid)) == MPI_ERR_COUNT;
    ok &= test_error_class(ortho_2d_allreduce(buf, out, -5, MPI_INT, MPI_SUM, grid)) ==
          MPI_ERR_COUNT;
    ok &= test_error_class(ortho_2d_allgather(buf, -1, MPI_INT, out, 1, MPI_INT, grid)) ==
          MPI_ERR_COUNT;
    ok &= test_error_class(ortho_2d_scatter(buf, 1, MPI_INT, out, -1, MPI_INT, 0, grid)) ==
          MPI_ERR_COUNT;
    counts[p - 1] = -1;
    ok &= test_error_class(ortho_2d_allgatherv(buf, 1, MPI_INT, out, counts, displs, MPI_INT,
                                               grid)) == MPI_ERR_COUNT;
    ok &= test_error_class(ortho_2d_allreduce(buf, out, 1, MPI_DATATYPE_NULL, MPI_SUM, grid)) ==
          MPI_ERR_TYPE;
    ok &= test_error_class(ortho_2d_allreduce(buf, out, 1, MPI_INT, MPI_OP_NULL, grid)) ==
          MPI_ERR_OP;

    /* A grid of three dimensions is not a 2D grid. */
    ortho_grid_t grid3 = NULL;
    int dims3[3] = {0, 0, 0};
    ok &= ortho_grid_create(e->comm, 3, dims3, &grid3) == MPI_SUCCESS;
    ok &= test_error_class(ortho_2d_bcast(buf, 1, MPI_INT, 0, grid3)) == MPI_ERR_DIMS;
    ortho_grid_free(&grid3);

    /* Errors are raised once through the handler the communicator had when
     * the grid was made. */
    MPI_Comm comm;
    ortho_grid_t counted = NULL;
    test_comm_dup_counting(e->comm, &comm);
    int dims2[2] = {0, 0};
    ok &= ortho_grid_create(comm, 2, dims2, &counted) == MPI_SUCCESS;
    test_counting_handler_calls = 0;
    ok &= test_error_class(ortho_2d_bcast(buf, 1, MPI_INT, p, counted)) == MPI_ERR_ROOT;
    ok &= test_counting_handler_calls == 1;
    ortho_grid_free(&counted);
    MPI_Comm_free(&comm);

    free(counts);
    free(displs);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- environments -------------------------------------------------------- */

/* Every p1 x p2 grid with p1 * p2 = p. */
static void add_layouts(struct test_env *e)
{
    for (int p1 = 1; p1 <= e->size && e->nlayouts < TEST_ENV_MAX_LAYOUTS; p1++) {
        if (e->size % p1 != 0)
            continue;
        int dims[2] = {p1, e->size / p1};
        ortho_grid_t grid = NULL;
        char name[TEST_LAYOUT_NAME_MAX];
        if (ortho_grid_create(e->comm, 2, dims, &grid) != MPI_SUCCESS)
            continue;
        snprintf(name, sizeof name, "%dx%d", dims[0], dims[1]);
        test_env_add_layout(e, grid, name);
    }
}

static int suite_init(void)
{
    test_types_create();
    test_envs_open(envs, add_layouts);
    return 0;
}

static int suite_cleanup(void)
{
    test_envs_close(envs);
    test_types_free();
    return 0;
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("ortho_2d", suite_init, suite_cleanup);
    CU_add_test(s, "bcast", test_bcast);
    CU_add_test(s, "reduce", test_reduce);
    CU_add_test(s, "allreduce", test_allreduce);
    CU_add_test(s, "gather", test_gather);
    CU_add_test(s, "scatter", test_scatter);
    CU_add_test(s, "allgather", test_allgather);
    CU_add_test(s, "allgatherv", test_allgatherv);
    CU_add_test(s, "gatherv", test_gatherv);
    CU_add_test(s, "scatterv", test_scatterv);
    CU_add_test(s, "bad input", test_bad_input);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
