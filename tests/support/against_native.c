/* The operations under test against native MPI (see against_native.h). */
#include "support/against_native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/mpi_cunit.h"

static int local_failures;

static void record(int ok, const char *op, const struct test_case *c, int layout, int err)
{
    if (ok)
        return;
    if (local_failures++ < 8)
        fprintf(stderr,
                "FAIL %s: rank %d comm %s layout %s type %d count %d root %d in_place %d "
                "irregular %d err %d\n",
                op, c->env->rank, c->env->name, c->env->layout_names[layout], c->type, c->count,
                c->root, c->in_place, c->irregular, err);
}

static int same(const void *a, const void *b, size_t bytes)
{
    return bytes == 0 || memcmp(a, b, bytes) == 0;
}

void test_assert_no_failures(void)
{
    CU_ASSERT(ORTHO_TEST_ALL(local_failures == 0, MPI_COMM_WORLD));
    local_failures = 0;
}

/* ---- bcast --------------------------------------------------------------- */

void test_check_bcast(const struct test_case *c)
{
    struct test_env *e = c->env;
    int is_root = e->rank == c->root;
    enum test_kind kind = is_root ? c->kinds.send : c->kinds.recv;
    int n = is_root ? c->count * c->kinds.send_mult : c->count;
    size_t bytes = (size_t)n * test_kind_extent(kind);
    void *expect = test_alloc(kind, (size_t)n), *got = test_alloc(kind, (size_t)n);
    if (is_root)
        test_fill(kind, expect, n, e->rank, c->index);
    MPI_Bcast(expect, n, test_kind_type(kind), c->root, e->comm);
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        if (is_root)
            test_fill(kind, got, n, e->rank, c->index);
        int err = c->ops->bcast(got, n, test_kind_type(kind), c->root, e->grids[l]);
        record(err == MPI_SUCCESS && same(got, expect, bytes), "bcast", c, l, err);
    }
    free(expect);
    free(got);
}

/* ---- reduce and allreduce ------------------------------------------------ */

static void check_reduce_like(const struct test_case *c, int all)
{
    struct test_env *e = c->env;
    enum test_kind kind = c->kinds.recv;
    MPI_Datatype type = test_kind_type(kind);
    int n = c->count;
    size_t bytes = (size_t)n * test_kind_extent(kind);
    void *send = test_alloc(kind, (size_t)n);
    void *expect = test_alloc(kind, (size_t)n), *got = test_alloc(kind, (size_t)n);
    test_fill(kind, send, n, e->rank, c->index);
    if (all)
        MPI_Allreduce(send, expect, n, type, c->op, e->comm);
    else
        MPI_Reduce(send, expect, n, type, c->op, c->root, e->comm);
    int checks = all || e->rank == c->root;
    int in_place = c->in_place && checks;
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        if (in_place)
            memcpy(got, send, bytes);
        const void *src = in_place ? MPI_IN_PLACE : send;
        int err = all ? c->ops->allreduce(src, got, n, type, c->op, e->grids[l])
                      : c->ops->reduce(src, got, n, type, c->op, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (!checks || same(got, expect, bytes)),
               all ? "allreduce" : "reduce", c, l, err);
    }
    free(send);
    free(expect);
    free(got);
}

void test_check_reduce(const struct test_case *c) { check_reduce_like(c, 0); }
void test_check_allreduce(const struct test_case *c) { check_reduce_like(c, 1); }

/* ---- gather, allgather, scatter ------------------------------------------ */

static void check_gather_like(const struct test_case *c, int all)
{
    struct test_env *e = c->env;
    MPI_Datatype stype = test_kind_type(c->kinds.send), rtype = test_kind_type(c->kinds.recv);
    int n = c->count, sn = n * c->kinds.send_mult, p = e->size;
    size_t rext = test_kind_extent(c->kinds.recv);
    size_t bytes = (size_t)p * (size_t)n * rext;
    int receives = all || e->rank == c->root;
    void *send = test_alloc(c->kinds.send, (size_t)sn);
    void *expect = test_alloc(c->kinds.recv, (size_t)p * n);
    void *got = test_alloc(c->kinds.recv, (size_t)p * n);
    test_fill(c->kinds.send, send, sn, e->rank, c->index);
    if (all)
        MPI_Allgather(send, sn, stype, expect, n, rtype, e->comm);
    else
        MPI_Gather(send, sn, stype, expect, n, rtype, c->root, e->comm);
    int in_place = c->in_place && receives;
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        if (in_place)
            test_fill(c->kinds.recv, (char *)got + (size_t)e->rank * n * rext, n, e->rank,
                      c->index);
        const void *src = in_place ? MPI_IN_PLACE : send;
        int err = all ? c->ops->allgather(src, sn, stype, got, n, rtype, e->grids[l])
                      : c->ops->gather(src, sn, stype, got, n, rtype, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (!receives || same(got, expect, bytes)),
               all ? "allgather" : "gather", c, l, err);
    }
    free(send);
    free(expect);
    free(got);
}

void test_check_gather(const struct test_case *c) { check_gather_like(c, 0); }
void test_check_allgather(const struct test_case *c) { check_gather_like(c, 1); }

void test_check_scatter(const struct test_case *c)
{
    struct test_env *e = c->env;
    MPI_Datatype stype = test_kind_type(c->kinds.send), rtype = test_kind_type(c->kinds.recv);
    int n = c->count, sn = n * c->kinds.send_mult, p = e->size, is_root = e->rank == c->root;
    size_t bytes = (size_t)n * test_kind_extent(c->kinds.recv);
    void *send = test_alloc(c->kinds.send, (size_t)p * sn);
    void *expect = test_alloc(c->kinds.recv, (size_t)n);
    void *got = test_alloc(c->kinds.recv, (size_t)n);
    if (is_root)
        test_fill(c->kinds.send, send, p * sn, e->rank, c->index);
    MPI_Scatter(send, sn, stype, expect, n, rtype, c->root, e->comm);
    int in_place = c->in_place && is_root;
    for (int l = 0; l < e->nlayouts; l++) {
        memset(got, 0xA5, bytes);
        void *dst = in_place ? MPI_IN_PLACE : got;
        int err = c->ops->scatter(send, sn, stype, dst, n, rtype, c->root, e->grids[l]);
        record(err == MPI_SUCCESS && (in_place || same(got, expect, bytes)), "scatter", c, l,
               err);
    }
    free(send);
    free(expect);
    free(got);
}

/* ---- the v-variants ------------------------------------------------------ */

/* Counts of rank i: some zero, the others different from each other.
 * Displacements: prefix sums, or (irregular) reverse rank order with a gap of
 * one element between blocks. Returns the number of elements the buffer
 * must hold. */
static int v_layout(const struct test_case *c, int counts[], int displs[])
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

static void check_v(const struct test_case *c, enum v_op which)
{
    struct test_env *e = c->env;
    MPI_Datatype stype = test_kind_type(c->kinds.send), rtype = test_kind_type(c->kinds.recv);
    int p = e->size, is_root = e->rank == c->root;
    int *counts = malloc(4 * (size_t)p * sizeof(int));
    int *displs = counts + p, *scounts = counts + 2 * p, *sdispls = counts + 3 * p;
    int span = v_layout(c, counts, displs);
    for (int i = 0; i < p; i++) {
        scounts[i] = counts[i] * c->kinds.send_mult;
        sdispls[i] = displs[i] * c->kinds.send_mult;
    }
    int mine = counts[e->rank], smine = scounts[e->rank];
    const char *name = which == V_GATHER      ? "gatherv"
                       : which == V_ALLGATHER ? "allgatherv"
                                              : "scatterv";
    void *expect, *got, *send;
    size_t bytes;

    if (which == V_SCATTER) {
        /* The root sends blocks of kinds.send from a v-layout; each rank
         * receives its count of kinds.recv. */
        bytes = (size_t)mine * test_kind_extent(c->kinds.recv);
        send = test_alloc(c->kinds.send, (size_t)span * c->kinds.send_mult);
        expect = test_alloc(c->kinds.recv, (size_t)mine);
        got = test_alloc(c->kinds.recv, (size_t)mine);
        if (is_root)
            for (int i = 0; i < p; i++)
                v_place(c->kinds.send, send, sdispls, scounts[i], i, c->index);
        MPI_Scatterv(send, scounts, sdispls, stype, expect, mine, rtype, c->root, e->comm);
    } else {
        bytes = (size_t)span * test_kind_extent(c->kinds.recv);
        send = test_alloc(c->kinds.send, (size_t)smine);
        expect = test_alloc(c->kinds.recv, (size_t)span);
        got = test_alloc(c->kinds.recv, (size_t)span);
        test_fill(c->kinds.send, send, smine, e->rank, c->index);
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
            err = c->ops->scatterv(send, scounts, sdispls, stype, in_place ? MPI_IN_PLACE : got,
                                   mine, rtype, c->root, e->grids[l]);
            record(err == MPI_SUCCESS && (in_place || same(got, expect, bytes)), name, c, l, err);
            continue;
        }
        if (in_place)
            v_place(c->kinds.recv, got, displs, mine, e->rank, c->index);
        const void *src = in_place ? MPI_IN_PLACE : send;
        if (which == V_ALLGATHER)
            err = c->ops->allgatherv(src, smine, stype, got, counts, displs, rtype, e->grids[l]);
        else
            err = c->ops->gatherv(src, smine, stype, got, counts, displs, rtype, c->root,
                                  e->grids[l]);
        record(err == MPI_SUCCESS && (!receives || same(got, expect, bytes)), name, c, l, err);
    }
    free(counts);
    free(send);
    free(expect);
    free(got);
}

void test_check_gatherv(const struct test_case *c) { check_v(c, V_GATHER); }
void test_check_allgatherv(const struct test_case *c) { check_v(c, V_ALLGATHER); }
void test_check_scatterv(const struct test_case *c) { check_v(c, V_SCATTER); }
