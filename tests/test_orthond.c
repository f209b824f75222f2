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
 * process counts (tests/smpi/check_nd.c, tests/smpi/run_nd.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/mpi_cunit.h"
#include "support/typed_data.h"

enum { MAX_LAYOUTS = 8, ENV_COUNT = 2, BIG_BLOCK_BYTES = 16 * 1024 };

struct layout_spec {
    int ndims;
    int dims[4];
    int uneven;    /* ortho_grid_create_uneven */
};

struct env {
    const char *name;
    MPI_Comm comm;
    int rank, size;
    int nlayouts;
    struct layout_spec specs[MAX_LAYOUTS];
    ortho_grid_t grids[MAX_LAYOUTS];
};

struct combo {
    int index;
    struct env *env;
    int type, count, root, in_place, irregular;
};

struct move_type {
    enum test_kind send_kind, recv_kind;
    int send_mult;
};
static const struct move_type move_types[] = {
    {KIND_INT, KIND_INT, 1},
    {KIND_VECTOR, KIND_VECTOR, 1},
    {KIND_STRUCT, KIND_STRUCT, 1},
    {KIND_INT, KIND_VECTOR, 3},
};
#define MOVE_TYPES ((int)(sizeof move_types / sizeof move_types[0]))

struct reduce_type {
    enum test_kind kind;
    MPI_Op op; /* MPI_OP_NULL: the kind's user operation */
};
#define REDUCE_TYPES 4

static struct env envs[ENV_COUNT];
static int local_failures;

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

static void record(int ok, const char *op, const struct combo *c, int layout, int err)
{
    if (ok)
        return;
    if (local_failures++ < 8) {
        const struct layout_spec *s = &c->env->specs[layout];
        fprintf(stderr,
                "FAIL %s: rank %d comm %s layout %s%dx%dx%dx%d (%dD) type %d count %d root %d "
                "in_place %d irregular %d err %d\n",
                op, c->env->rank, c->env->name, s->uneven ? "uneven " : "", s->dims[0],
                s->dims[1], s->dims[2], s->dims[3], s->ndims, c->type, c->count, c->root,
                c->in_place, c->irregular, err);
    }
}

static int same(const void *a, const void *b, size_t bytes)
{
    return bytes == 0 || memcmp(a, b, bytes) == 0;
}

/* For each type: a small count (1 or 7) and a big one; count 0 once. The
 * environment, root, in-place and displacement pattern rotate. */
static void for_each_combo(int ntypes, const int *bytes_of_type, void (*run)(const struct combo *))
{
    int index = 0;
    for (int t = 0; t < ntypes; t++) {
        int big = (BIG_BLOCK_BYTES + bytes_of_type[t] - 1) / bytes_of_type[t];
        int counts[3] = {t % 2 ? 7 : 1, big, 0};
        for (int k = 0; k < (t == 0 ? 3 : 2); k++, index++) {
            struct combo c;
            c.index = index;
            c.env = &envs[(index / 2) % ENV_COUNT];
            c.type = t;
            c.count = counts[k];
            c.root = (index * 5 + 2) % c.env->size;
            c.in_place = index % 2;
            c.irregular = (index / 3) % 2;
            run(&c);
        }
    }
}

static void for_each_move_combo(void (*run)(const struct combo *))
{
    int bytes[MOVE_TYPES];
    for (int t = 0; t < MOVE_TYPES; t++)
        bytes[t] = test_kind_size(move_types[t].recv_kind);
    for_each_combo(MOVE_TYPES, bytes, run);
}

static void for_each_reduce_combo(void (*run)(const struct combo *))
{
    int bytes[REDUCE_TYPES];
    for (int t = 0; t < REDUCE_TYPES; t++) {
        enum test_kind kind;
        reduce_op_of(t, &kind);
        bytes[t] = test_kind_size(kind);
    }
    for_each_combo(REDUCE_TYPES, bytes, run);
}

static void assert_no_failures(void)
{
    CU_ASSERT(ORTHO_TEST_ALL(local_failures == 0, MPI_COMM_WORLD));
    local_failures = 0;
}

/* ---- bcast, reduce, allreduce --------------------------------------------- */

static void run_bcast(const struct combo *c)
{
    const struct move_type *mt = &move_types[c->type];
    struct env *e = c->env;
    int is_root = e->rank == c->root;
    enum test_kind kind = is_root ? mt->send_kind : mt->recv_kind;
    int n = is_root ? c->count * mt->send_mult : c->count;
    size_t bytes = (size_t)n * test_kind_extent(kind);
    void *expect = test_alloc(kind, (size_t)n), *got = test_alloc(kind, (size_t)n);
    if (is_root)
        test_fill(kind, expect, n, e->rank, c->index);
    MPI_Bcast(expect, n, test_kind_type(kind), c->root, e->comm);
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        if (is_root)
            test_fill(kind, got, n, e->rank, c->index);
        int err = ortho_nd_bcast(got, n, test_kind_type(kind), c->root, e->grids[l]);
        record(err == MPI_SUCCESS && same(got, expect, bytes), "bcast", c, l, err);
    }
    free(expect);
    free(got);
}

static void run_reduce_like(const struct combo *c, int all)
{
    enum test_kind kind;
    MPI_Op op = reduce_op_of(c->type, &kind);
    struct env *e = c->env;
    MPI_Datatype type = test_kind_type(kind);
    int n = c->count;
    size_t bytes = (size_t)n * test_kind_extent(kind);
    void *send = test_alloc(kind, (size_t)n);
    void *expect = test_alloc(kind, (size_t)n), *got = test_alloc(kind, (size_t)n);
    test_fill(kind, send, n, e->rank, c->index);
    if (all)
        MPI_Allreduce(send, expect, n, type, op, e->comm);
    else
        MPI_Reduce(send, expect, n, type, op, c->root, e->comm);
    int checks = all || e->rank == c->root;
    int in_place = c->in_place && checks;
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        if (in_place)
            memcpy(got, send, bytes);
        const void *src = in_place ? MPI_IN_PLACE : send;
        int err = all ? ortho_nd_allreduce(src, got, n, type, op, e->grids[l])
                      : ortho_nd_reduce(src, got, n, type, op, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (!checks || same(got, expect, bytes)),
               all ? "allreduce" : "reduce", c, l, err);
    }
    free(send);
    free(expect);
    free(got);
}

static void run_reduce(const struct combo *c) { run_reduce_like(c, 0); }
static void run_allreduce(const struct combo *c) { run_reduce_like(c, 1); }

/* ---- gather, allgather, scatter -------------------------------------------- */

static void run_gather_like(const struct combo *c, int all)
{
    const struct move_type *mt = &move_types[c->type];
    struct env *e = c->env;
    MPI_Datatype stype = test_kind_type(mt->send_kind), rtype = test_kind_type(mt->recv_kind);
    int n = c->count, sn = n * mt->send_mult, p = e->size;
    size_t rext = test_kind_extent(mt->recv_kind);
    size_t bytes = (size_t)p * (size_t)n * rext;
    int receives = all || e->rank == c->root;
    void *send = test_alloc(mt->send_kind, (size_t)sn);
    void *expect = test_alloc(mt->recv_kind, (size_t)p * n);
    void *got = test_alloc(mt->recv_kind, (size_t)p * n);
    test_fill(mt->send_kind, send, sn, e->rank, c->index);
    if (all)
        MPI_Allgather(send, sn, stype, expect, n, rtype, e->comm);
    else
        MPI_Gather(send, sn, stype, expect, n, rtype, c->root, e->comm);
    int in_place = c->in_place && receives;
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        if (in_place)
            test_fill(mt->recv_kind, (char *)got + (size_t)e->rank * n * rext, n, e->rank,
                      c->index);
        const void *src = in_place ? MPI_IN_PLACE : send;
        int err = all ? ortho_nd_allgather(src, sn, stype, got, n, rtype, e->grids[l])
                      : ortho_nd_gather(src, sn, stype, got, n, rtype, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (!receives || same(got, expect, bytes)),
               all ? "allgather" : "gather", c, l, err);
    }
    free(send);
    free(expect);
    free(got);
}

static void run_gather(const struct combo *c) { run_gather_like(c, 0); }
static void run_allgather(const struct combo *c) { run_gather_like(c, 1); }

static void run_scatter(const struct combo *c)
{
    const struct move_type *mt = &move_types[c->type];
    struct env *e = c->env;
    MPI_Datatype stype = test_kind_type(mt->send_kind), rtype = test_kind_type(mt->recv_kind);
    int n = c->count, sn = n * mt->send_mult, p = e->size, is_root = e->rank == c->root;
    size_t bytes = (size_t)n * test_kind_extent(mt->recv_kind);
    void *send = test_alloc(mt->send_kind, (size_t)p * sn);
    void *expect = test_alloc(mt->recv_kind, (size_t)n);
    void *got = test_alloc(mt->recv_kind, (size_t)n);
    if (is_root)
        test_fill(mt->send_kind, send, p * sn, e->rank, c->index);
    MPI_Scatter(send, sn, stype, expect, n, rtype, c->root, e->comm);
    int in_place = c->in_place && is_root;
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        int err = ortho_nd_scatter(send, sn, stype, in_place ? MPI_IN_PLACE : got, n, rtype,
                                   c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (in_place || same(got, expect, bytes)), "scatter", c, l,
               err);
    }
    free(send);
    free(expect);
    free(got);
}

/* ---- the v-variants ------------------------------------------------------ */

static int v_layout(const struct combo *c, int counts[], int displs[])
{
    int p = c->env->size, span = 0;
    for (int i = 0; i < p; i++)
        counts[i] = c->count == 0 || i % 3 == 2 ? 0 : c->count + i;
    if (!c->irregular) {
        for (int i = 0; i < p; i++) {
            displs[i] = span;
            span += counts[i];
        }
        return span;
    }
    span = 1;
    for (int i = p - 1; i >= 0; i--) {
        displs[i] = span;
        span += counts[i] + 1;
    }
    return span;
}

enum v_op { V_GATHER, V_ALLGATHER, V_SCATTER };

static void run_v(const struct combo *c, enum v_op which)
{
    const struct move_type *mt = &move_types[c->type];
    struct env *e = c->env;
    MPI_Datatype stype = test_kind_type(mt->send_kind), rtype = test_kind_type(mt->recv_kind);
    int p = e->size, is_root = e->rank == c->root;
    int *counts = malloc(4 * (size_t)p * sizeof(int));
    int *displs = counts + p, *scounts = counts + 2 * p, *sdispls = counts + 3 * p;
    int span = v_layout(c, counts, displs);
    for (int i = 0; i < p; i++) {
        scounts[i] = counts[i] * mt->send_mult;
        sdispls[i] = displs[i] * mt->send_mult;
    }
    int mine = counts[e->rank], smine = scounts[e->rank];
    size_t rext = test_kind_extent(mt->recv_kind);
    const char *name = which == V_GATHER      ? "gatherv"
                       : which == V_ALLGATHER ? "allgatherv"
                                              : "scatterv";
    void *expect, *got, *send;
    size_t bytes;
    if (which == V_SCATTER) {
        bytes = (size_t)mine * rext;
        send = test_alloc(mt->send_kind, (size_t)span * mt->send_mult);
        expect = test_alloc(mt->recv_kind, (size_t)mine);
        got = test_alloc(mt->recv_kind, (size_t)mine);
        if (is_root)
            for (int i = 0; i < p; i++)
                test_fill(mt->send_kind,
                          (char *)send + (size_t)sdispls[i] * test_kind_extent(mt->send_kind),
                          scounts[i], i, c->index);
        MPI_Scatterv(send, scounts, sdispls, stype, expect, mine, rtype, c->root, e->comm);
    } else {
        bytes = (size_t)span * rext;
        send = test_alloc(mt->send_kind, (size_t)smine);
        expect = test_alloc(mt->recv_kind, (size_t)span);
        got = test_alloc(mt->recv_kind, (size_t)span);
        test_fill(mt->send_kind, send, smine, e->rank, c->index);
        if (which == V_ALLGATHER && p == 1) /* MPICH 4.0.2 ignores displs at p = 1 */
            MPI_Gatherv(send, smine, stype, expect, counts, displs, rtype, 0, e->comm);
        else if (which == V_ALLGATHER)
            MPI_Allgatherv(send, smine, stype, expect, counts, displs, rtype, e->comm);
        else
            MPI_Gatherv(send, smine, stype, expect, counts, displs, rtype, c->root, e->comm);
    }
    int receives = which != V_GATHER || is_root;
    int in_place = c->in_place && (which == V_ALLGATHER || is_root);
    for (int l = 0; l < e->nlayouts; l++) {
        int err;
        memset(got, 0xA5, bytes);
        if (which == V_SCATTER) {
            err = ortho_nd_scatterv(send, scounts, sdispls, stype, in_place ? MPI_IN_PLACE : got,
                                    mine, rtype, c->root, e->grids[l]);
            record(err == MPI_SUCCESS && (in_place || same(got, expect, bytes)), name, c, l, err);
            continue;
        }
        if (in_place)
            test_fill(mt->recv_kind, (char *)got + (size_t)displs[e->rank] * rext, mine,
                      e->rank, c->index);
        const void *src = in_place ? MPI_IN_PLACE : send;
        if (which == V_ALLGATHER)
            err = ortho_nd_allgatherv(src, smine, stype, got, counts, displs, rtype, e->grids[l]);
        else
            err = ortho_nd_gatherv(src, smine, stype, got, counts, displs, rtype, c->root,
                                   e->grids[l]);
        record(err == MPI_SUCCESS && (!receives || same(got, expect, bytes)), name, c, l, err);
    }
    free(counts);
    free(send);
    free(expect);
    free(got);
}

static void run_gatherv(const struct combo *c) { run_v(c, V_GATHER); }
static void run_allgatherv(const struct combo *c) { run_v(c, V_ALLGATHER); }
static void run_scatterv(const struct combo *c) { run_v(c, V_SCATTER); }

#define OP_TEST(name, each, run)                                                               \
    static void name(void)                                                                     \
    {                                                                                          \
        each(run);                                                                             \
        assert_no_failures();                                                                  \
    }
OP_TEST(test_bcast, for_each_move_combo, run_bcast)
OP_TEST(test_reduce, for_each_reduce_combo, run_reduce)
OP_TEST(test_allreduce, for_each_reduce_combo, run_allreduce)
OP_TEST(test_gather, for_each_move_combo, run_gather)
OP_TEST(test_scatter, for_each_move_combo, run_scatter)
OP_TEST(test_allgather, for_each_move_combo, run_allgather)
OP_TEST(test_allgatherv, for_each_move_combo, run_allgatherv)
OP_TEST(test_gatherv, for_each_move_combo, run_gatherv)
OP_TEST(test_scatterv, for_each_move_combo, run_scatterv)

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

static int error_class(int err)
{
    int cls = err;
    if (err != MPI_SUCCESS)
        MPI_Error_class(err, &cls);
    return cls;
}

static int handler_calls;
static void counting_handler(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
    handler_calls++;
}

static void test_bad_input(void)
{
    struct env *e = &envs[0];
    int buf[4] = {0}, out[4] = {0}, p = e->size, ok = 1;
    ortho_grid_t grid = e->grids[0];
    ok &= error_class(ortho_nd_bcast(buf, 1, MPI_INT, 0, NULL)) == MPI_ERR_ARG;
    ok &= error_class(ortho_nd_gatherv(buf, 1, MPI_INT, out, NULL, NULL, MPI_INT, 0, NULL)) ==
          MPI_ERR_ARG;
    ok &= error_class(ortho_nd_reduce(buf, out, 1, MPI_INT, MPI_SUM, p, grid)) == MPI_ERR_ROOT;
    ok &= error_class(ortho_nd_allgather(buf, -1, MPI_INT, out, 1, MPI_INT, grid)) ==
          MPI_ERR_COUNT;
    ok &= error_class(ortho_nd_allreduce(buf, out, 1, MPI_INT, MPI_OP_NULL, grid)) ==
          MPI_ERR_OP;
    ok &= error_class(ortho_nd_allreduce(buf, out, 1, MPI_DATATYPE_NULL, MPI_SUM, grid)) ==
          MPI_ERR_TYPE;
    /* Raised once, through the handler the communicator had. */
    MPI_Comm comm;
    MPI_Errhandler counting;
    ortho_grid_t counted = NULL;
    int dims[3] = {0, 1, 2};
    MPI_Comm_dup(e->comm, &comm);
    MPI_Comm_create_errhandler(counting_handler, &counting);
    MPI_Comm_set_errhandler(comm, counting);
    ok &= ortho_grid_create_uneven(comm, 3, dims, &counted) == MPI_SUCCESS;
    handler_calls = 0;
    ok &= error_class(ortho_nd_bcast(buf, 1, MPI_INT, -1, counted)) == MPI_ERR_ROOT;
    ok &= handler_calls == 1;
    ortho_grid_free(&counted);
    MPI_Errhandler_free(&counting);
    MPI_Comm_free(&comm);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- environments -------------------------------------------------------- */

static void env_open(struct env *e, const char *name, MPI_Comm comm)
{
    struct layout_spec specs[MAX_LAYOUTS];
    e->name = name;
    e->comm = comm;
    MPI_Comm_rank(comm, &e->rank);
    MPI_Comm_size(comm, &e->size);
    int n = layouts_for(e->size, specs);
    e->nlayouts = 0;
    for (int l = 0; l < n; l++) {
        int err = specs[l].uneven
                      ? ortho_grid_create_uneven(comm, specs[l].ndims, specs[l].dims,
                                                 &e->grids[e->nlayouts])
                      : ortho_grid_create(comm, specs[l].ndims, specs[l].dims,
                                          &e->grids[e->nlayouts]);
        if (err == MPI_SUCCESS)
            e->specs[e->nlayouts++] = specs[l];
    }
}

static void env_close(struct env *e)
{
    for (int l = 0; l < e->nlayouts; l++)
        ortho_grid_free(&e->grids[l]);
    if (e->comm != MPI_COMM_WORLD)
        MPI_Comm_free(&e->comm);
}

static int suite_init(void)
{
    MPI_Comm reversed;
    int rank = ortho_test_world_rank(), size = ortho_test_world_size();
    test_types_create();
    env_open(&envs[0], "world", MPI_COMM_WORLD);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
    env_open(&envs[1], "reversed", reversed);
    return 0;
}

static int suite_cleanup(void)
{
    for (int i = 0; i < ENV_COUNT; i++)
        env_close(&envs[i]);
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
