/* check_nd: every ortho_nd_* operation (or drop-in function) against the
 * native MPI collective, on grids of any number of dimensions and on
 * uneven grids.
 *
 *   smpirun -np P ... check_nd [-q] LAYOUT...
 *   mpiexec -n P check_nd 2x2x2 u0x3
 *   ORTHO_GRID=... mpiexec -n P check_nd -d      the drop-in functions
 *
 * LAYOUT is extents separated by 'x' (ortho_grid_create: they must
 * multiply to P), or 'u' and extents for ortho_grid_create_uneven (the
 * trailing extents kept, 0 chosen), e.g. u0x9 for rows of 9 with a shorter
 * last row. Each layout is checked on MPI_COMM_WORLD, and the first one
 * also on a communicator with the ranks in reverse order. With -d the
 * drop-in functions ortho_bcast ... ortho_scatterv run instead, on the
 * layout that ORTHO_GRID or the default gives them.
 *
 * Cases: all nine operations; counts 0, 1, 5 and 1000 elements; MPI_INT
 * and MPI_DOUBLE; three roots (0, the last rank, one in the middle); in
 * place and not; a non-commutative user operation (composition of affine
 * maps on MPI_2INT) for reduce and allreduce; v-layouts with prefix-sum
 * displacements and with blocks in reverse order and gaps. A case passes
 * when both calls return MPI_SUCCESS and the receive buffers hold the same
 * bytes (both start from the same sentinel bytes). Derived datatypes are
 * left to the CUnit tests under real MPI (tests/test_orthond.c): SimGrid
 * 3.32 mishandles some of them (docs/simulation.md).
 *
 * Rank 0 prints one line per failed case and ends with "check_nd: N
 * passed, N failed"; the exit status is non-zero when a case failed. Plain
 * C without mutable globals, so that it runs under SMPI (all ranks in one
 * process) as under real MPI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "ortho.h"

enum op_kind {
    OP_BCAST, OP_REDUCE, OP_ALLREDUCE, OP_GATHER, OP_SCATTER,
    OP_ALLGATHER, OP_ALLGATHERV, OP_GATHERV, OP_SCATTERV, OP_KINDS
};
static const char *const op_names[OP_KINDS] = {"bcast",     "reduce",     "allreduce",
                                               "gather",    "scatter",    "allgather",
                                               "allgatherv", "gatherv",   "scatterv"};

enum { MAX_ELEMS = 1000, SENTINEL = 0x5A };

struct env {
    MPI_Comm comm;
    ortho_grid_t grid;   /* NULL: the drop-in functions on comm */
    int rank, size;
    MPI_Op affine;       /* non-commutative, on MPI_2INT */
    const char *label;
};

struct test_case {
    enum op_kind op;
    int count, root, dbl, in_place, special; /* special: non-commutative / gapped */
};

/* in is the earlier operand: (in o inout)(x) = in.m (inout.m x + inout.c) + in.c */
static void affine_compose(void *in, void *inout, int *len, MPI_Datatype *type)
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

static int value(int rank, long i)
{
    unsigned long h = (unsigned long)rank * 2654435761u + (unsigned long)i * 40503u;
    h ^= h >> 13;
    return (int)(h % 2001) - 1000;
}

/* n elements of rank r's data; pairs for the affine operation. */
static void fill(void *buf, int n, int dbl, int pairs, int r)
{
    for (int i = 0; i < n; i++) {
        if (pairs) {
            ((int *)buf)[2 * i] = 1 + 2 * (value(r, i) & 7);
            ((int *)buf)[2 * i + 1] = value(r, i + 7);
        } else if (dbl) {
            ((double *)buf)[i] = value(r, i);
        } else {
            ((int *)buf)[i] = value(r, i);
        }
    }
}

static void *alloc(size_t bytes)
{
    void *p = malloc(bytes + 1);
    if (p != NULL)
        memset(p, SENTINEL, bytes + 1);
    return p;
}

/* v-layout: counts (some zero), displacements as prefix sums or, gapped,
 * in reverse rank order with one free element between blocks. Returns the
 * span in elements. */
static int v_layout(int p, int count, int gapped, int counts[], int displs[])
{
    int span = 0;
    for (int i = 0; i < p; i++)
        counts[i] = count == 0 || i % 3 == 2 ? 0 : count + i % 4;
    if (!gapped) {
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

/* One operation, native (native != 0) or orthogonal, into out (which the
 * caller prepared identically for both). */
static int call(const struct env *e, const struct test_case *c, int native, const void *send,
                void *out, const int counts[], const int displs[])
{
    MPI_Datatype t = c->dbl ? MPI_DOUBLE : MPI_INT;
    MPI_Op op = MPI_SUM;
    int n = c->count, root = c->root;
    const void *src = c->in_place ? MPI_IN_PLACE : send;
    ortho_grid_t g = e->grid;
    MPI_Comm comm = e->comm;
    if (c->special && (c->op == OP_REDUCE || c->op == OP_ALLREDUCE)) {
        t = MPI_2INT;
        op = e->affine;
    }
    switch (c->op) {
    case OP_BCAST:
        return native ? PMPI_Bcast(out, n, t, root, comm)
               : g    ? ortho_nd_bcast(out, n, t, root, g)
                      : ortho_bcast(out, n, t, root, comm);
    case OP_REDUCE:
        return native ? PMPI_Reduce(src, out, n, t, op, root, comm)
               : g    ? ortho_nd_reduce(src, out, n, t, op, root, g)
                      : ortho_reduce(src, out, n, t, op, root, comm);
    case OP_ALLREDUCE:
        return native ? PMPI_Allreduce(src, out, n, t, op, comm)
               : g    ? ortho_nd_allreduce(src, out, n, t, op, g)
                      : ortho_allreduce(src, out, n, t, op, comm);
    case OP_GATHER:
        return native ? PMPI_Gather(src, n, t, out, n, t, root, comm)
               : g    ? ortho_nd_gather(src, n, t, out, n, t, root, g)
                      : ortho_gather(src, n, t, out, n, t, root, comm);
    case OP_SCATTER: {
        void *dst = c->in_place ? MPI_IN_PLACE : out;
        return native ? PMPI_Scatter(send, n, t, dst, n, t, root, comm)
               : g    ? ortho_nd_scatter(send, n, t, dst, n, t, root, g)
                      : ortho_scatter(send, n, t, dst, n, t, root, comm);
    }
    case OP_ALLGATHER:
        return native ? PMPI_Allgather(src, n, t, out, n, t, comm)
               : g    ? ortho_nd_allgather(src, n, t, out, n, t, g)
                      : ortho_allgather(src, n, t, out, n, t, comm);
    case OP_ALLGATHERV: {
        int mine = counts[e->rank];
        if (native && e->size == 1) /* MPICH 4.0.2 ignores displs[0] on one process */
            return PMPI_Gatherv(src, mine, t, out, counts, displs, t, 0, comm);
        return native ? PMPI_Allgatherv(src, mine, t, out, counts, displs, t, comm)
               : g    ? ortho_nd_allgatherv(src, mine, t, out, counts, displs, t, g)
                      : ortho_allgatherv(src, mine, t, out, counts, displs, t, comm);
    }
    case OP_GATHERV: {
        int mine = counts[e->rank];
        return native ? PMPI_Gatherv(src, mine, t, out, counts, displs, t, root, comm)
               : g    ? ortho_nd_gatherv(src, mine, t, out, counts, displs, t, root, g)
                      : ortho_gatherv(src, mine, t, out, counts, displs, t, root, comm);
    }
    case OP_SCATTERV: {
        int mine = counts[e->rank];
        void *dst = c->in_place ? MPI_IN_PLACE : out;
        return native ? PMPI_Scatterv(send, counts, displs, t, dst, mine, t, root, comm)
               : g    ? ortho_nd_scatterv(send, counts, displs, t, dst, mine, t, root, g)
                      : ortho_scatterv(send, counts, displs, t, dst, mine, t, root, comm);
    }
    default:
        return MPI_ERR_OTHER;
    }
}

/* Runs one case both ways; 0 when it passes on this rank. */
static int run_case(const struct env *e, const struct test_case *c)
{
    int p = e->size, me = e->rank, is_root = me == c->root, n = c->count;
    int pairs = c->special && (c->op == OP_REDUCE || c->op == OP_ALLREDUCE);
    size_t esz = pairs ? 2 * sizeof(int) : c->dbl ? sizeof(double) : sizeof(int);
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p;
    int span = v_layout(p, n, c->special, counts, displs);
    size_t send_elems = (size_t)n, out_elems = (size_t)n;
    int v = c->op == OP_ALLGATHERV || c->op == OP_GATHERV || c->op == OP_SCATTERV;
    if (c->op == OP_GATHER || c->op == OP_ALLGATHER)
        out_elems = (size_t)p * n;
    if (c->op == OP_SCATTER)
        send_elems = (size_t)p * n;
    if (v && c->op != OP_SCATTERV) {
        send_elems = (size_t)counts[me];
        out_elems = (size_t)span;
    }
    if (c->op == OP_SCATTERV) {
        send_elems = (size_t)span;
        out_elems = (size_t)counts[me];
    }
    char *send = alloc(send_elems * esz), *out[2];
    out[0] = alloc(out_elems * esz);
    out[1] = alloc(out_elems * esz);
    int bad = send == NULL || out[0] == NULL || out[1] == NULL;

    /* Inputs; in place, the own block sits in the receive buffer. */
    if (!bad) {
        if (c->op == OP_SCATTER && is_root) {
            fill(send, p * n, c->dbl, 0, me);
        } else if (c->op == OP_SCATTERV && is_root) {
            for (int i = 0; i < p; i++)
                fill(send + (size_t)displs[i] * esz, counts[i], c->dbl, 0, i);
        } else if (c->op != OP_SCATTER && c->op != OP_SCATTERV) {
            fill(send, (int)send_elems, c->dbl, pairs, me);
        }
        for (int k = 0; k < 2; k++) {
            if (c->op == OP_BCAST && is_root)
                fill(out[k], n, c->dbl, 0, me);
            if (!c->in_place)
                continue;
            if (c->op == OP_REDUCE || c->op == OP_ALLREDUCE)
                memcpy(out[k], send, (size_t)n * esz);
            else if (c->op == OP_GATHER || c->op == OP_ALLGATHER)
                memcpy(out[k] + (size_t)me * n * esz, send, (size_t)n * esz);
            else if (c->op == OP_GATHERV || c->op == OP_ALLGATHERV)
                memcpy(out[k] + (size_t)displs[me] * esz, send, (size_t)counts[me] * esz);
        }
    }
    int err0 = bad ? 1 : call(e, c, 1, send, out[0], counts, displs);
    int err1 = bad ? 1 : call(e, c, 0, send, out[1], counts, displs);
    int receives = !(c->op == OP_REDUCE || c->op == OP_GATHER || c->op == OP_GATHERV) || is_root;
    if ((c->op == OP_SCATTER || c->op == OP_SCATTERV) && c->in_place)
        receives = 0;
    int fail = bad || err0 != MPI_SUCCESS || err1 != MPI_SUCCESS ||
               (receives && memcmp(out[0], out[1], out_elems * esz + 1) != 0);
    free(send);
    free(out[0]);
    free(out[1]);
    free(counts);
    return fail;
}

/* All cases on one environment; returns the number of failed cases. */
static int run_env(const struct env *e, int quiet, int *ncases)
{
    static const int counts[] = {0, 1, 5, MAX_ELEMS};
    int roots[3] = {0, e->size - 1, e->size / 2}, failed = 0, index = 0;
    for (int op = 0; op < OP_KINDS; op++) {
        for (int k = 0; k < 4; k++) {
            for (int v = 0; v < 2; v++, index++) {
                struct test_case c;
                c.op = (enum op_kind)op;
                c.count = counts[k];
                c.root = roots[index % 3];
                c.dbl = (index / 3) % 2;
                c.in_place = v == 1 && op != OP_BCAST;
                c.special = (index / 2) % 2 || (op == OP_REDUCE && v == 0 && k == 3);
                /* in place applies at the root of rooted operations only */
                int rooted = op == OP_REDUCE || op == OP_GATHER || op == OP_SCATTER ||
                             op == OP_GATHERV || op == OP_SCATTERV;
                if (rooted && e->rank != c.root)
                    c.in_place = 0;
                int fail = run_case(e, &c), any = 0;
                PMPI_Allreduce(&fail, &any, 1, MPI_INT, MPI_LOR, e->comm);
                (*ncases)++;
                if (any) {
                    failed++;
                    if (e->rank == 0 && !quiet)
                        printf("FAIL %s %s count %d root %d %s%s%s\n", e->label, op_names[op],
                               c.count, c.root, c.dbl ? "double" : "int",
                               v ? " in-place" : "", c.special ? " special" : "");
                }
            }
        }
    }
    return failed;
}

/* "2x2x2" or "u0x9" into ndims/dims/uneven; 0 when malformed. */
static int parse_layout(const char *s, int *ndims, int dims[], int *uneven)
{
    *uneven = *s == 'u';
    if (*uneven)
        s++;
    *ndims = 0;
    while (*s != '\0' && *ndims < ORTHO_GRID_MAX_DIMS) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 0)
            return 0;
        dims[(*ndims)++] = (int)v;
        s = *end == 'x' ? end + 1 : end;
        if (*end != 'x' && *end != '\0')
            return 0;
    }
    return *ndims > 0;
}

int main(int argc, char **argv)
{
    int quiet = 0, dropin = 0, failed = 0, ncases = 0, rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm reversed;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
    MPI_Op affine;
    MPI_Op_create(affine_compose, 0, &affine);

    int first = 1;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-q") == 0) {
            quiet = 1;
            continue;
        }
        if (strcmp(argv[a], "-d") == 0) {
            dropin = 1;
            continue;
        }
        int ndims, dims[ORTHO_GRID_MAX_DIMS], uneven;
        if (!parse_layout(argv[a], &ndims, dims, &uneven)) {
            if (rank == 0)
                printf("FAIL bad layout argument %s\n", argv[a]);
            failed++;
            continue;
        }
        for (int w = 0; w < (first ? 2 : 1); w++) {
            struct env e = {w ? reversed : MPI_COMM_WORLD, NULL, 0, 0, affine, NULL};
            char label[96];
            MPI_Comm_rank(e.comm, &e.rank);
            MPI_Comm_size(e.comm, &e.size);
            int err = uneven ? ortho_grid_create_uneven(e.comm, ndims, dims, &e.grid)
                             : ortho_grid_create(e.comm, ndims, dims, &e.grid);
            snprintf(label, sizeof label, "%s%s", argv[a], w ? " (reversed)" : "");
            e.label = label;
            if (err != MPI_SUCCESS) {
                if (rank == 0)
                    printf("FAIL %s: grid creation returned %d\n", label, err);
                failed++;
                continue;
            }
            failed += run_env(&e, quiet, &ncases);
            ortho_grid_free(&e.grid);
        }
        first = 0;
    }
    if (dropin) {
        for (int w = 0; w < 2; w++) {
            struct env e = {w ? reversed : MPI_COMM_WORLD, NULL, 0, 0, affine,
                            w ? "drop-in (reversed)" : "drop-in"};
            MPI_Comm_rank(e.comm, &e.rank);
            MPI_Comm_size(e.comm, &e.size);
            failed += run_env(&e, quiet, &ncases);
        }
    }
    if (rank == 0)
        printf("check_nd: %d passed, %d failed (%d processes)\n", ncases - failed, failed,
               size);
    MPI_Op_free(&affine);
    MPI_Comm_free(&reversed);
    MPI_Finalize();
    return failed != 0;
}
