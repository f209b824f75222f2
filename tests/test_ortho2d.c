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
 * collectives small on oversubscribed machines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/mpi_cunit.h"
#include "support/typed_data.h"

enum { MAX_LAYOUTS = 32, ENV_COUNT = 2, BIG_BLOCK_BYTES = 64 * 1024 };

struct env {
    const char *name;
    MPI_Comm comm;
    int rank, size;
    int nlayouts;
    int dims[MAX_LAYOUTS][2];
    ortho_grid_t grids[MAX_LAYOUTS];
};

/* One case: where, what type, how many, which root, in place or not. */
struct combo {
    int index;
    struct env *env;
    int type;      /* index into the caller's type table */
    int count;
    int root;
    int in_place;
    int irregular; /* v-operations: blocks in reverse order with gaps */
};

/* Types for data movement: the send side may differ from the receive side
 * with a matching signature (3 ints = 1 vector element). */
struct move_type {
    enum test_kind send_kind, recv_kind;
    int send_mult;
};
static const struct move_type move_types[] = {
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

static struct env envs[ENV_COUNT];
static int local_failures;

static MPI_Op reduce_op(const struct reduce_type *rt)
{
    if (strcmp(rt->op_name, "sum") == 0)
        return MPI_SUM;
    if (strcmp(rt->op_name, "max") == 0)
        return MPI_MAX;
    return test_kind_user_op(rt->kind);
}

static void record(int ok, const char *op, const struct combo *c, int layout, int err)
{
    if (ok)
        return;
    if (local_failures++ < 8)
        fprintf(stderr,
                "FAIL %s: rank %d comm %s layout %dx%d type %d count %d root %d in_place %d "
                "irregular %d err %d\n",
                op, c->env->rank, c->env->name, c->env->dims[layout][0], c->env->dims[layout][1],
                c->type, c->count, c->root, c->in_place, c->irregular, err);
}

static int same(const void *a, const void *b, size_t bytes)
{
    return bytes == 0 || memcmp(a, b, bytes) == 0;
}

/* Calls run for every combination of type and count; the environment, the
 * root, in-place and the displacement pattern rotate with the case index so
 * that every value of each occurs. */
static void for_each_combo(int ntypes, const int *block_bytes_of_type,
                           void (*run)(const struct combo *))
{
    int index = 0;
    for (int t = 0; t < ntypes; t++) {
        int big = (BIG_BLOCK_BYTES + block_bytes_of_type[t] - 1) / block_bytes_of_type[t];
        const int counts[4] = {0, 1, 7, big};
        for (int k = 0; k < 4; k++, index++) {
            struct combo c;
            c.index = index;
            c.env = &envs[(index / 2) % ENV_COUNT];
            c.type = t;
            c.count = counts[k];
            c.root = (index * 5 + 1) % c.env->size;
            c.in_place = index % 2;
            c.irregular = (index / 4) % 2;
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
    for (int t = 0; t < REDUCE_TYPES; t++)
        bytes[t] = test_kind_size(reduce_types[t].kind);
    for_each_combo(REDUCE_TYPES, bytes, run);
}

static void assert_no_failures(void)
{
    CU_ASSERT(ORTHO_TEST_ALL(local_failures == 0, MPI_COMM_WORLD));
    local_failures = 0;
}

/* ---- bcast --------------------------------------------------------------- */

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
        int err = ortho_2d_bcast(got, n, test_kind_type(kind), c->root, e->grids[l]);
        record(err == MPI_SUCCESS && same(got, expect, bytes), "bcast", c, l, err);
    }
    free(expect);
    free(got);
}

static void test_bcast(void)
{
    for_each_move_combo(run_bcast);
    assert_no_failures();
}

/* ---- reduce and allreduce ------------------------------------------------ */

static void run_reduce_like(const struct combo *c, int all)
{
    const struct reduce_type *rt = &reduce_types[c->type];
    struct env *e = c->env;
    MPI_Datatype type = test_kind_type(rt->kind);
    MPI_Op op = reduce_op(rt);
    int n = c->count;
    size_t bytes = (size_t)n * test_kind_extent(rt->kind);
    void *send = test_alloc(rt->kind, (size_t)n);
    void *expect = test_alloc(rt->kind, (size_t)n), *got = test_alloc(rt->kind, (size_t)n);
    test_fill(rt->kind, send, n, e->rank, c->index);
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
        int err = all ? ortho_2d_allreduce(src, got, n, type, op, e->grids[l])
                      : ortho_2d_reduce(src, got, n, type, op, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (!checks || same(got, expect, bytes)),
               all ? "allreduce" : "reduce", c, l, err);
    }
    free(send);
    free(expect);
    free(got);
}

static void run_reduce(const struct combo *c) { run_reduce_like(c, 0); }
static void run_allreduce(const struct combo *c) { run_reduce_like(c, 1); }

static void test_reduce(void)
{
    for_each_reduce_combo(run_reduce);
    assert_no_failures();
}

static void test_allreduce(void)
{
    for_each_reduce_combo(run_allreduce);
    assert_no_failures();
}

/* ---- gather, allgather, scatter ------------------------------------------ */

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
            test_fill(mt->recv_kind, (char *)got + (size_t)e->rank * n * rext, n, e->rank, c->index);
        const void *src = in_place ? MPI_IN_PLACE : send;
        int err = all ? ortho_2d_allgather(src, sn, stype, got, n, rtype, e->grids[l])
                      : ortho_2d_gather(src, sn, stype, got, n, rtype, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (!receives || same(got, expect, bytes)),
               all ? "allgather" : "gather", c, l, err);
    }
    free(send);
    free(expect);
    free(got);
}

static void run_gather(const struct combo *c) { run_gather_like(c, 0); }
static void run_allgather(const struct combo *c) { run_gather_like(c, 1); }

static void test_gather(void)
{
    for_each_move_combo(run_gather);
    assert_no_failures();
}

static void test_allgather(void)
{
    for_each_move_combo(run_allgather);
    assert_no_failures();
}

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
        void *dst = in_place ? MPI_IN_PLACE : got;
        int err = ortho_2d_scatter(send, sn, stype, dst, n, rtype, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (in_place || same(got, expect, bytes)), "scatter", c, l,
               err);
    }
    free(send);
    free(expect);
    free(got);
}

static void test_scatter(void)
{
    for_each_move_combo(run_scatter);
    assert_no_failures();
}

/* ---- the v-variants ------------------------------------------------------ */

/* Counts of rank i: some zero, the others different from each other.
 * Displacements: prefix sums, or (irregular) reverse rank order with a gap of
 * one element between blocks. Returns the number of elements the buffer
 * must hold. */
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

/* Writes rank r's block into a v-layout buffer, as MPI would place it. */
static void v_place(enum test_kind kind, void *buf, const int displs[], int count, int rank,
                    int salt)
{
    test_fill(kind, (char *)buf + (size_t)displs[rank] * test_kind_extent(kind), count, rank,
              salt);
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
    const char *name = which == V_GATHER ? "gatherv" : which == V_ALLGATHER ? "allgatherv" : "scatterv";
    void *expect, *got, *send;
    size_t bytes;

    if (which == V_SCATTER) {
        /* The root sends send_kind blocks from a v-layout; each rank receives
         * its count of recv_kind. */
        bytes = (size_t)mine * test_kind_extent(mt->recv_kind);
        send = test_alloc(mt->send_kind, (size_t)span * mt->send_mult);
        expect = test_alloc(mt->recv_kind, (size_t)mine);
        got = test_alloc(mt->recv_kind, (size_t)mine);
        if (is_root)
            for (int i = 0; i < p; i++)
                v_place(mt->send_kind, send, sdispls, scounts[i], i, c->index);
        MPI_Scatterv(send, scounts, sdispls, stype, expect, mine, rtype, c->root, e->comm);
    } else {
        bytes = (size_t)span * test_kind_extent(mt->recv_kind);
        send = test_alloc(mt->send_kind, (size_t)smine);
        expect = test_alloc(mt->recv_kind, (size_t)span);
        got = test_alloc(mt->recv_kind, (size_t)span);
        test_fill(mt->send_kind, send, smine, e->rank, c->index);
        if (which == V_ALLGATHER && e->size == 1) /* MPICH 4.0.2 ignores displs at p = 1 */
            MPI_Gatherv(send, smine, stype, expect, counts, displs, rtype, 0, e->comm);
        else if (which == V_ALLGATHER)
            MPI_Allgatherv(send, smine, stype, expect, counts, displs, rtype, e->comm);
        else
            MPI_Gatherv(send, smine, stype, expect, counts, displs, rtype, c->root, e->comm);
    }

    int receives = which == V_ALLGATHER || which == V_SCATTER || is_root;
    int in_place = c->in_place && (which == V_ALLGATHER || is_root);
    for (int l = 0; l < e->nlayouts; l++) {
        int err;
        memset(got, 0xA5, bytes);
        if (which == V_SCATTER) {
            err = ortho_2d_scatterv(send, scounts, sdispls, stype, in_place ? MPI_IN_PLACE : got,
                                    mine, rtype, c->root, e->grids[l]);
            record(err == MPI_SUCCESS && (in_place || same(got, expect, bytes)), name, c, l, err);
            continue;
        }
        if (in_place)
            v_place(mt->recv_kind, got, displs, mine, e->rank, c->index);
        const void *src = in_place ? MPI_IN_PLACE : send;
        if (which == V_ALLGATHER)
            err = ortho_2d_allgatherv(src, smine, stype, got, counts, displs, rtype, e->grids[l]);
        else
            err = ortho_2d_gatherv(src, smine, stype, got, counts, displs, rtype, c->root,
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

static void test_gatherv(void)
{
    for_each_move_combo(run_gatherv);
    assert_no_failures();
}

static void test_allgatherv(void)
{
    for_each_move_combo(run_allgatherv);
    assert_no_failures();
}

static void test_scatterv(void)
{
    for_each_move_combo(run_scatterv);
    assert_no_failures();
}

/* ---- bad input ----------------------------------------------------------- */

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

/* Every rank passes the same bad argument, so no rank waits for another. */
static void test_bad_input(void)
{
    struct env *e = &envs[0];
    ortho_grid_t grid = e->grids[0];
    int buf[4] = {0}, out[4] = {0}, p = e->size, ok = 1;
    int *counts = calloc((size_t)p, sizeof(int)), *displs = calloc((size_t)p, sizeof(int));

    ok &= error_class(ortho_2d_bcast(buf, 1, MPI_INT, 0, NULL)) == MPI_ERR_ARG;
    ok &= error_class(ortho_2d_allgather(buf, 1, MPI_INT, out, 1, MPI_INT, NULL)) == MPI_ERR_ARG;
    ok &= error_class(ortho_2d_bcast(buf, 1, MPI_INT, p, grid)) == MPI_ERR_ROOT;
    ok &= error_class(ortho_2d_bcast(buf, 1, MPI_INT, -1, grid)) == MPI_ERR_ROOT;
    ok &= error_class(ortho_2d_reduce(buf, out, 1, MPI_INT, MPI_SUM, p, grid)) == MPI_ERR_ROOT;
    ok &= error_class(ortho_2d_gather(buf, 1, MPI_INT, out, 1, MPI_INT, p + 3, grid)) ==
          MPI_ERR_ROOT;
    ok &= error_class(ortho_2d_scatterv(buf, counts, displs, MPI_INT, out, 1, MPI_INT, -2,
                                        grid)) == MPI_ERR_ROOT;
    ok &= error_class(ortho_2d_bcast(buf, -1, MPI_INT, 0, grid)) == MPI_ERR_COUNT;
    ok &= error_class(ortho_2d_allreduce(buf, out, -5, MPI_INT, MPI_SUM, grid)) == MPI_ERR_COUNT;
    ok &= error_class(ortho_2d_allgather(buf, -1, MPI_INT, out, 1, MPI_INT, grid)) ==
          MPI_ERR_COUNT;
    ok &= error_class(ortho_2d_scatter(buf, 1, MPI_INT, out, -1, MPI_INT, 0, grid)) ==
          MPI_ERR_COUNT;
    counts[p - 1] = -1;
    ok &= error_class(ortho_2d_allgatherv(buf, 1, MPI_INT, out, counts, displs, MPI_INT,
                                          grid)) == MPI_ERR_COUNT;
    ok &= error_class(ortho_2d_allreduce(buf, out, 1, MPI_DATATYPE_NULL, MPI_SUM, grid)) ==
          MPI_ERR_TYPE;
    ok &= error_class(ortho_2d_allreduce(buf, out, 1, MPI_INT, MPI_OP_NULL, grid)) ==
          MPI_ERR_OP;

    /* A grid of three dimensions is not a 2D grid. */
    ortho_grid_t grid3 = NULL;
    int dims3[3] = {0, 0, 0};
    ok &= ortho_grid_create(e->comm, 3, dims3, &grid3) == MPI_SUCCESS;
    ok &= error_class(ortho_2d_bcast(buf, 1, MPI_INT, 0, grid3)) == MPI_ERR_DIMS;
    ortho_grid_free(&grid3);

    /* Errors are raised once through the handler the communicator had when
     * the grid was made. */
    MPI_Comm comm;
    MPI_Errhandler counting;
    ortho_grid_t counted = NULL;
    MPI_Comm_dup(e->comm, &comm);
    MPI_Comm_create_errhandler(counting_handler, &counting);
    MPI_Comm_set_errhandler(comm, counting);
    int dims2[2] = {0, 0};
    ok &= ortho_grid_create(comm, 2, dims2, &counted) == MPI_SUCCESS;
    handler_calls = 0;
    ok &= error_class(ortho_2d_bcast(buf, 1, MPI_INT, p, counted)) == MPI_ERR_ROOT;
    ok &= handler_calls == 1;
    ortho_grid_free(&counted);
    MPI_Errhandler_free(&counting);
    MPI_Comm_free(&comm);

    free(counts);
    free(displs);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- environments -------------------------------------------------------- */

static void env_open(struct env *e, const char *name, MPI_Comm comm)
{
    e->name = name;
    e->comm = comm;
    MPI_Comm_rank(comm, &e->rank);
    MPI_Comm_size(comm, &e->size);
    e->nlayouts = 0;
    for (int p1 = 1; p1 <= e->size && e->nlayouts < MAX_LAYOUTS; p1++) {
        if (e->size % p1 != 0)
            continue;
        int *dims = e->dims[e->nlayouts];
        dims[0] = p1;
        dims[1] = e->size / p1;
        if (ortho_grid_create(comm, 2, dims, &e->grids[e->nlayouts]) == MPI_SUCCESS)
            e->nlayouts++;
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
