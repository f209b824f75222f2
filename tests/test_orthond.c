/* The N-D operations against the native MPI operations, on grids of three
 * and four dimensions and on uneven grids (any process count), under real
 * MPI and with derived datatypes.
 *
 * The layouts depend on p (see layouts_for): full N-D grids where p has the
 * factors, and uneven boxes whose short last row meets each path of the
 * code: a short row of one process, columns filled point to point or by a
 * row broadcast, roots in columns that lack the short row, leader grids
 * that are uneven themselves. Every case runs the native operation once and
 * the orthogonal one on every layout, comparing receive buffers byte for
 * byte (both start as 0xA5, so holes of derived types must stay untouched).
 * Types: int, a resized vector, a struct with holes, int sent and vector
 * received, and for reductions int sum, double max and user operations
 * (one non-commutative). Four-dimensional grids and larger counts run
 * under SimGrid. Counts 0, 1 or 7, and 16 KiB per block (above
 * MPICH's 8 KB limit of its truncation bug); every root; in place and not;
 * v-layouts with prefix sums or reverse order with gaps; on MPI_COMM_WORLD
 * and on a communicator in reverse rank order. SimGrid runs the larger
 * process counts (tests/smpi/check_nd.c, tests/smpi/run_nd.sh). The
 * comparison itself is support/against_native.c, shared with
 * test_ortho2d.c. */
#include <stdio.h>

#include "ortho.h"
#include "support/against_native.h"
#include "support/mpi_cunit.h"
#include "support/mpi_errors.h"
#include "support/test_envs.h"
#include "support/typed_data.h"

enum { MAX_LAYOUTS = 8, BIG_BLOCK_BYTES = 16 * 1024 };

struct layout_spec {
    int ndims;
    int dims[4];
    int uneven;    /* ortho_grid_create_uneven */
};

static const struct test_collectives ortho_nd_ops = TEST_COLLECTIVES(ortho_nd);

static const struct test_kinds move_types[] = {
    {KIND_INT, KIND_INT, 1},
    {KIND_VECTOR, KIND_VECTOR, 1},
    {KIND_STRUCT, KIND_STRUCT, 1},
    {KIND_INT, KIND_VECTOR, 3},
};
#define MOVE_TYPES ((int)(sizeof move_types / sizeof move_types[0]))

#define REDUCE_TYPES 4

static struct test_env envs[TEST_ENV_COUNT];

/* Layouts for p processes: full N-D grids and uneven boxes. */
static int layouts_for(int p, struct layout_spec out[])
{
    static const struct {
        int p;
        struct layout_spec spec;
    } table[] = {
        {2, {2, {0, 1}, 1}},        {3, {2, {0, 2}, 1}},        {3, {3, {0, 1, 2}, 1}},
        {4, {3, {1, 2, 2}, 0}},     {4, {2, {0, 3}, 1}},        {5, {2, {0, 2}, 1}},
        {5, {2, {0, 4}, 1}},        {5, {3, {0, 2, 2}, 1}},     {6, {3, {3, 1, 2}, 0}},
        {6, {2, {0, 4}, 1}},        {6, {3, {0, 2, 2}, 1}},     {7, {2, {0, 3}, 1}},
        {7, {2, {0, 6}, 1}},        {7, {3, {0, 2, 2}, 1}},     {8, {3, {2, 2, 2}, 0}},
        {8, {2, {0, 7}, 1}},        {8, {3, {0, 3, 2}, 1}},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].p == p && n < MAX_LAYOUTS)
            out[n++] = table[i].spec;
    if (n == 0) { /* other counts: a 2D and a 3D uneven box */
        struct layout_spec two = {2, {0, 2, 0, 0}, 1}, three = {3, {0, 2, 2, 0}, 1};
        out[n++] = two;
        out[n++] = three;
    }
    return n;
}

static MPI_Op reduce_op_of(int t, enum test_kind *kind)
{
    static const enum test_kind kinds[REDUCE_TYPES] = {KIND_INT, KIND_DOUBLE, KIND_PAIR,
                                                      KIND_STRUCT};
    *kind = kinds[t];
    if (t == 0)
        return MPI_SUM;
    if (t == 1)
        return MPI_MAX;
    return test_kind_user_op(kinds[t]);
}

static void set_move_type(struct test_case *c, int t)
{
    c->kinds = move_types[t];
}

static void set_reduce_type(struct test_case *c, int t)
{
    enum test_kind kind;
    c->op = reduce_op_of(t, &kind);
    c->kinds = (struct test_kinds){kind, kind, 1};
}

/* For each type: a small count (1 or 7) and a big one; count 0 once. The
 * environment, root, in-place and displacement pattern rotate. */
static void for_each_case(int ntypes, void (*set_type)(struct test_case *, int),
                          void (*check)(const struct test_case *))
{
    int index = 0;
    for (int t = 0; t < ntypes; t++) {
        struct test_case c = {.ops = &ortho_nd_ops, .type = t, .op = MPI_OP_NULL};
        set_type(&c, t);
        int bytes = test_kind_size(c.kinds.recv);
        int big = (BIG_BLOCK_BYTES + bytes - 1) / bytes;
        int counts[3] = {t % 2 ? 7 : 1, big, 0};
        for (int k = 0; k < (t == 0 ? 3 : 2); k++, index++) {
            c.index = index;
            c.env = &envs[(index / 2) % TEST_ENV_COUNT];
            c.count = counts[k];
            c.root = (index * 5 + 2) % c.env->size;
            c.in_place = index % 2;
            c.irregular = (index / 3) % 2;
            check(&c);
        }
    }
}

#define OP_TEST(name, types, set_type, check)                                                  \
    static void name(void)                                                                     \
    {                                                                                          \
        for_each_case(types, set_type, check);                                                 \
        test_assert_no_failures();                                                             \
    }
OP_TEST(test_bcast, MOVE_TYPES, set_move_type, test_check_bcast)
OP_TEST(test_reduce, REDUCE_TYPES, set_reduce_type, test_check_reduce)
OP_TEST(test_allreduce, REDUCE_TYPES, set_reduce_type, test_check_allreduce)
OP_TEST(test_gather, MOVE_TYPES, set_move_type, test_check_gather)
OP_TEST(test_scatter, MOVE_TYPES, set_move_type, test_check_scatter)
OP_TEST(test_allgather, MOVE_TYPES, set_move_type, test_check_allgather)
OP_TEST(test_allgatherv, MOVE_TYPES, set_move_type, test_check_allgatherv)
OP_TEST(test_gatherv, MOVE_TYPES, set_move_type, test_check_gatherv)
OP_TEST(test_scatterv, MOVE_TYPES, set_move_type, test_check_scatterv)

/* ---- grid structure and errors ------------------------------------------- */

/* An uneven box: the processes fill it row-major from the start, every
 * column has the number of members the box says, and the leader grid of a
 * 3D box is again such a box over the column. */
static void test_uneven_structure(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int in[3] = {0, 2, 3}, dims[3], coords[3], leader_dims[2], leader_coords[2];
    ortho_grid_t grid = NULL, leader = NULL;
    MPI_Comm row, col;
    ok &= ortho_grid_create_uneven(MPI_COMM_WORLD, 3, in, &grid) == MPI_SUCCESS;
    if (ok) {
        ortho_grid_dims(grid, dims, coords);
        ok &= dims[1] == 2 && dims[2] == 3 && dims[0] == (p + 5) / 6;
        ok &= coords[2] == rank % 3 && coords[1] == (rank / 3) % 2 && coords[0] == rank / 6;
        ortho_grid_row_comm(grid, &row);
        ortho_grid_col_comm(grid, &col);
        int row_size, col_size, col_rank, nrows = (p + 2) / 3, last_len = p - (nrows - 1) * 3;
        MPI_Comm_size(row, &row_size);
        MPI_Comm_size(col, &col_size);
        MPI_Comm_rank(col, &col_rank);
        ok &= row_size == (rank / 3 == nrows - 1 ? last_len : 3);
        ok &= col_size == (rank % 3 < last_len ? nrows : nrows - 1) && col_rank == rank / 3;
        ok &= ortho_grid_leader_grid(grid, &leader) == MPI_SUCCESS && leader != NULL;
        if (leader != NULL) {
            ortho_grid_dims(leader, leader_dims, leader_coords);
            ok &= leader_dims[1] == 2 && leader_dims[0] == (col_size + 1) / 2;
            ok &= leader_coords[0] == col_rank / 2 && leader_coords[1] == col_rank % 2;
        }
    }
    ortho_grid_free(&grid);
    /* A full box is the grid ortho_grid_create builds; {0, 0} is balanced. */
    int two[2] = {0, 0};
    ok &= ortho_grid_create_uneven(MPI_COMM_WORLD, 2, two, &grid) == MPI_SUCCESS;
    if (grid != NULL) {
        ortho_grid_dims(grid, dims, NULL);
        ok &= dims[0] * dims[1] >= p && (dims[0] - 1) * dims[1] < p;
    }
    ortho_grid_free(&grid);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_bad_input(void)
{
    struct test_env *e = &envs[0];
    int buf[4] = {0}, out[4] = {0}, p = e->size, ok = 1;
    ortho_grid_t grid = e->grids[0];
    ok &= test_error_class(ortho_nd_bcast(buf, 1, MPI_INT, 0, NULL)) == MPI_ERR_ARG;
    ok &= test_error_class(ortho_nd_gatherv(buf, 1, MPI_INT, out, NULL, NULL, MPI_INT, 0, NULL)) ==
          MPI_ERR_ARG;
    ok &= test_error_class(ortho_nd_reduce(buf, out, 1, MPI_INT, MPI_SUM, p, grid)) == MPI_ERR_ROOT;
    ok &= test_error_class(ortho_nd_allgather(buf, -1, MPI_INT, out, 1, MPI_INT, grid)) ==
          MPI_ERR_COUNT;
    ok &= test_error_class(ortho_nd_allreduce(buf, out, 1, MPI_INT, MPI_OP_NULL, grid)) ==
          MPI_ERR_OP;
    ok &= test_error_class(ortho_nd_allreduce(buf, out, 1, MPI_DATATYPE_NULL, MPI_SUM, grid)) ==
          MPI_ERR_TYPE;
    /* Raised once, through the handler the communicator had. */
    MPI_Comm comm;
    ortho_grid_t counted = NULL;
    int dims[3] = {0, 1, 2};
    test_comm_dup_counting(e->comm, &comm);
    ok &= ortho_grid_create_uneven(comm, 3, dims, &counted) == MPI_SUCCESS;
    test_counting_handler_calls = 0;
    ok &= test_error_class(ortho_nd_bcast(buf, 1, MPI_INT, -1, counted)) == MPI_ERR_ROOT;
    ok &= test_counting_handler_calls == 1;
    ortho_grid_free(&counted);
    MPI_Comm_free(&comm);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- environments -------------------------------------------------------- */

static void add_layouts(struct test_env *e)
{
    struct layout_spec specs[MAX_LAYOUTS];
    int n = layouts_for(e->size, specs);
    for (int l = 0; l < n; l++) {
        const struct layout_spec *s = &specs[l];
        ortho_grid_t grid = NULL;
        char name[TEST_LAYOUT_NAME_MAX];
        int err = s->uneven ? ortho_grid_create_uneven(e->comm, s->ndims, s->dims, &grid)
                            : ortho_grid_create(e->comm, s->ndims, s->dims, &grid);
        if (err != MPI_SUCCESS)
            continue;
        snprintf(name, sizeof name, "%s%dx%dx%dx%d (%dD)", s->uneven ? "uneven " : "",
                 s->dims[0], s->dims[1], s->dims[2], s->dims[3], s->ndims);
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
    CU_pSuite s = CU_add_suite("ortho_nd", suite_init, suite_cleanup);
    CU_add_test(s, "uneven grid structure", test_uneven_structure);
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
