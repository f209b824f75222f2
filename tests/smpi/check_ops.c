/* check_ops: every ortho_2d_* operation against the native MPI collective.
 *
 *   smpirun -np P ... check_ops [-l MAX_LAYOUTS] [-r MAX_ROOTS] [-q | -v] [-Z]
 *
 * For the p processes of MPI_COMM_WORLD it builds every 2D layout p1 x p2
 * with p1 * p2 = p (at most MAX_LAYOUTS of them, default 12: 1 x p, p x 1,
 * the most balanced one and an even sample of the rest), plus the balanced
 * layout once more on a communicator with the ranks in reverse order. On
 * each it runs bcast, reduce, allreduce, gather, scatter, allgather,
 * allgatherv, gatherv and scatterv for a few roots, counts (0, 1, odd, about
 * 4 KiB) and types (MPI_INT, MPI_DOUBLE), plus variants: MPI_IN_PLACE, a
 * non-commutative user operation, v-layouts whose rows are not contiguous.
 * The native call and the orthogonal one get the same inputs; a case passes
 * when both return MPI_SUCCESS, their receive buffers are identical, and
 * the native result equals the closed-form expectation (so a wrong native
 * collective is caught as well, tagged "native").
 *
 * -q leaves out the line per layout, -v prints every case before it runs
 * (to find the one that hangs or crashes), -Z skips the cases of count 0.
 *
 * Rank 0 prints one line per failed case and ends with "N passed, N failed";
 * the exit status is non-zero when a case failed.
 *
 * Plain C with no test framework on purpose: under SimGrid SMPI all ranks
 * share one process, and the globals of shared libraries (CUnit's registry)
 * would be shared between them. This file keeps no mutable globals either.
 * It runs under real MPI as well (mpiexec -n 6 build/tests/smpi/check_ops). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "ortho.h"

#define SENTINEL (-7)
#define MAX_ROOTS 3

enum op_kind {
    OP_BCAST, OP_REDUCE, OP_ALLREDUCE, OP_GATHER, OP_SCATTER,
    OP_ALLGATHER, OP_ALLGATHERV, OP_GATHERV, OP_SCATTERV, OP_KINDS
};
static const char *const op_names[OP_KINDS] = {
    "bcast", "reduce", "allreduce", "gather", "scatter",
    "allgather", "allgatherv", "gatherv", "scatterv"
};

enum variant { V_PLAIN, V_IN_PLACE, V_NONCOMMUTATIVE, V_GAPPED, V_KINDS };
static const char *const variant_names[V_KINDS] = {
    "plain", "in-place", "non-commutative", "gapped-displs"
};

/* Failure bits of one case on one rank. */
enum {
    F_ORTHO_ERR = 1,      /* the ortho_2d_ call returned an error */
    F_MISMATCH = 2,       /* its result differs from the native one */
    F_NATIVE_ERR = 4,     /* the native call returned an error */
    F_NATIVE_WRONG = 8,   /* the native result differs from the expectation */
    F_NO_MEM = 16
};

struct test_case {
    enum op_kind op;
    enum variant variant;
    int root;
    int count;
    int dbl;   /* 0: MPI_INT, 1: MPI_DOUBLE */
};

/* What one case works on. */
struct env {
    MPI_Comm comm;
    ortho_grid_t grid;
    int rank, size;
    MPI_Op noncomm;   /* composition of permutations: associative, not commutative */
};

/* ---- data ---------------------------------------------------------------- */

/* The element i that rank r contributes; exact as int and as double, and
 * small enough that a sum over 1024 ranks fits in an int. */
static int value(int r, long i)
{
    return (int)(((unsigned long)r * 7919u + (unsigned long)i * 104729u + 13u) % 100003u);
}

/* Permutations of {0..4}, three bits per image: the operands of the
 * non-commutative operation. */
static int perm_value(int r, long i)
{
    int img[5] = {0, 1, 2, 3, 4};
    unsigned s = (unsigned)value(r, i);
    for (int k = 4; k > 0; k--) {   /* Fisher-Yates driven by s */
        int j = (int)(s % (unsigned)(k + 1));
        s = s / (unsigned)(k + 1) + 17u * (unsigned)k;
        int t = img[k];
        img[k] = img[j];
        img[j] = t;
    }
    int code = 0;
    for (int k = 0; k < 5; k++)
        code |= img[k] << (3 * k);
    return code;
}

/* a then b: (a;b)(x) = b(a(x)). */
static int perm_compose(int a, int b)
{
    int code = 0;
    for (int k = 0; k < 5; k++) {
        int ak = (a >> (3 * k)) & 7;
        code |= ((b >> (3 * ak)) & 7) << (3 * k);
    }
    return code;
}

/* MPI semantics: inout = in op inout, in from the lower ranks. */
static void perm_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const int *a = in;
    int *b = inout;
    for (int i = 0; i < *len; i++)
        b[i] = perm_compose(a[i], b[i]);
}

static size_t elem_size(int dbl)
{
    return dbl ? sizeof(double) : sizeof(int);
}

static MPI_Datatype mpi_type(int dbl)
{
    return dbl ? MPI_DOUBLE : MPI_INT;
}

static void put(void *buf, int dbl, long i, int v)
{
    if (dbl)
        ((double *)buf)[i] = v;
    else
        ((int *)buf)[i] = v;
}

static int get(const void *buf, int dbl, long i)
{
    return dbl ? (int)((const double *)buf)[i] : ((const int *)buf)[i];
}

static void *alloc_filled(long n, int dbl)
{
    void *buf = malloc((size_t)(n > 0 ? n : 1) * elem_size(dbl));
    if (buf != NULL)
        for (long i = 0; i < n; i++)
            put(buf, dbl, i, SENTINEL);
    return buf;
}

/* Counts of the v-operations: some zero, some larger than `count`. */
static int v_count(int count, int r)
{
    return count == 0 || r % 4 == 3 ? 0 : count + r % 3;
}

/* Displacements: prefix sums, or (gapped) the blocks in reverse rank order
 * with one free element before each, so no row is contiguous. Returns the
 * length of the buffer. */
static long v_layout(int count, int size, int gapped, int counts[], int displs[])
{
    long end = 0;
    for (int r = 0; r < size; r++)
        counts[r] = v_count(count, r);
    if (!gapped) {
        for (int r = 0; r < size; r++) {
            displs[r] = (int)end;
            end += counts[r];
        }
    } else {
        for (int r = size - 1; r >= 0; r--) {
            end += 1;
            displs[r] = (int)end;
            end += counts[r];
        }
    }
    return end;
}

/* ---- checks -------------------------------------------------------------- */

/* Flags of one case: errors from both calls, then the comparison of the
 * native and orthogonal buffers (n elements each) where they are defined. */
static int compare(int err_native, int err_ortho, const void *native, const void *ortho,
                   long n, int dbl)
{
    int flags = 0;
    if (err_native != MPI_SUCCESS)
        flags |= F_NATIVE_ERR;
    if (err_ortho != MPI_SUCCESS)
        flags |= F_ORTHO_ERR;
    if (n > 0 && memcmp(native, ortho, (size_t)n * elem_size(dbl)) != 0)
        flags |= F_MISMATCH;
    return flags;
}

/* The reduction of element i over all ranks (sum or composition). */
static int reduced(int size, long i, int noncomm)
{
    int acc = noncomm ? perm_value(0, i) : value(0, i);
    for (int r = 1; r < size; r++)
        acc = noncomm ? perm_compose(acc, perm_value(r, i)) : acc + value(r, i);
    return acc;
}

static int check_bcast(const struct env *e, const struct test_case *tc)
{
    MPI_Datatype t = mpi_type(tc->dbl);
    void *bn = alloc_filled(tc->count, tc->dbl), *bo = alloc_filled(tc->count, tc->dbl);
    int flags = 0;
    if (bn == NULL || bo == NULL) {
        flags = F_NO_MEM;
        goto fn_exit;
    }
    if (e->rank == tc->root)
        for (long i = 0; i < tc->count; i++) {
            put(bn, tc->dbl, i, value(tc->root, i));
            put(bo, tc->dbl, i, value(tc->root, i));
        }
    int en = MPI_Bcast(bn, tc->count, t, tc->root, e->comm);
    int eo = ortho_2d_bcast(bo, tc->count, t, tc->root, e->grid);
    flags = compare(en, eo, bn, bo, tc->count, tc->dbl);
    for (long i = 0; i < tc->count; i++)
        if (get(bn, tc->dbl, i) != value(tc->root, i))
            flags |= F_NATIVE_WRONG;
fn_exit:
    free(bn);
    free(bo);
    return flags;
}

/* reduce (rooted) and allreduce. */
static int check_reduce(const struct env *e, const struct test_case *tc, int all)
{
    int noncomm = tc->variant == V_NONCOMMUTATIVE;
    int in_place = tc->variant == V_IN_PLACE && (all || e->rank == tc->root);
    int receives = all || e->rank == tc->root;
    MPI_Datatype t = mpi_type(tc->dbl);
    MPI_Op op = noncomm ? e->noncomm : MPI_SUM;
    int flags = 0;
    void *send = alloc_filled(tc->count, tc->dbl);
    void *rn = alloc_filled(tc->count, tc->dbl), *ro = alloc_filled(tc->count, tc->dbl);
    if (send == NULL || rn == NULL || ro == NULL) {
        flags = F_NO_MEM;
        goto fn_exit;
    }
    for (long i = 0; i < tc->count; i++) {
        int v = noncomm ? perm_value(e->rank, i) : value(e->rank, i);
        put(send, tc->dbl, i, v);
        if (in_place) {
            put(rn, tc->dbl, i, v);
            put(ro, tc->dbl, i, v);
        }
    }
    const void *sb = in_place ? MPI_IN_PLACE : send;
    int en, eo;
    if (all) {
        en = MPI_Allreduce(sb, rn, tc->count, t, op, e->comm);
        eo = ortho_2d_allreduce(sb, ro, tc->count, t, op, e->grid);
    } else {
        en = MPI_Reduce(sb, rn, tc->count, t, op, tc->root, e->comm);
        eo = ortho_2d_reduce(sb, ro, tc->count, t, op, tc->root, e->grid);
    }
    flags = compare(en, eo, rn, ro, receives ? tc->count : 0, tc->dbl);
    /* The expectation costs p operations per element: checked on a few
     * ranks; the others match the native result bit for bit. */
    int expect = receives && (e->rank == 0 || e->rank == tc->root || e->rank == e->size - 1);
    for (long i = 0; expect && i < tc->count; i++)
        if (get(rn, tc->dbl, i) != reduced(e->size, i, noncomm))
            flags |= F_NATIVE_WRONG;
fn_exit:
    free(send);
    free(rn);
    free(ro);
    return flags;
}

/* gather (rooted) and allgather. */
static int check_gather(const struct env *e, const struct test_case *tc, int all)
{
    int n = tc->count, dbl = tc->dbl;
    int receives = all || e->rank == tc->root;
    int in_place = tc->variant == V_IN_PLACE && receives;
    long total = (long)n * e->size;
    MPI_Datatype t = mpi_type(dbl);
    int flags = 0;
    void *send = alloc_filled(n, dbl);
    void *rn = alloc_filled(receives ? total : 0, dbl);
    void *ro = alloc_filled(receives ? total : 0, dbl);
    if (send == NULL || rn == NULL || ro == NULL) {
        flags = F_NO_MEM;
        goto fn_exit;
    }
    for (long i = 0; i < n; i++) {
        put(send, dbl, i, value(e->rank, i));
        if (in_place) {
            put(rn, dbl, (long)e->rank * n + i, value(e->rank, i));
            put(ro, dbl, (long)e->rank * n + i, value(e->rank, i));
        }
    }
    const void *sb = in_place ? MPI_IN_PLACE : send;
    int en, eo;
    if (all) {
        en = MPI_Allgather(sb, n, t, rn, n, t, e->comm);
        eo = ortho_2d_allgather(sb, n, t, ro, n, t, e->grid);
    } else {
        en = MPI_Gather(sb, n, t, rn, n, t, tc->root, e->comm);
        eo = ortho_2d_gather(sb, n, t, ro, n, t, tc->root, e->grid);
    }
    flags = compare(en, eo, rn, ro, receives ? total : 0, dbl);
    for (long k = 0; receives && k < total; k++)
        if (get(rn, dbl, k) != value((int)(k / n), k % n))
            flags |= F_NATIVE_WRONG;
fn_exit:
    free(send);
    free(rn);
    free(ro);
    return flags;
}

static int check_scatter(const struct env *e, const struct test_case *tc)
{
    int n = tc->count, dbl = tc->dbl;
    int is_root = e->rank == tc->root;
    int in_place = tc->variant == V_IN_PLACE && is_root;
    long total = (long)n * e->size;
    MPI_Datatype t = mpi_type(dbl);
    int flags = 0;
    void *send = alloc_filled(is_root ? total : 0, dbl);
    void *rn = alloc_filled(n, dbl), *ro = alloc_filled(n, dbl);
    if (send == NULL || rn == NULL || ro == NULL) {
        flags = F_NO_MEM;
        goto fn_exit;
    }
    for (long k = 0; is_root && k < total; k++)
        put(send, dbl, k, value((int)(k / n), k % n));
    void *rbn = in_place ? MPI_IN_PLACE : rn, *rbo = in_place ? MPI_IN_PLACE : ro;
    int en = MPI_Scatter(send, n, t, rbn, n, t, tc->root, e->comm);
    int eo = ortho_2d_scatter(send, n, t, rbo, n, t, tc->root, e->grid);
    flags = compare(en, eo, rn, ro, in_place ? 0 : n, dbl);
    for (long i = 0; !in_place && i < n; i++)
        if (get(rn, dbl, i) != value(e->rank, i))
            flags |= F_NATIVE_WRONG;
    for (long k = 0; is_root && k < total; k++)   /* the send buffer is read only */
        if (get(send, dbl, k) != value((int)(k / n), k % n))
            flags |= F_MISMATCH;
fn_exit:
    free(send);
    free(rn);
    free(ro);
    return flags;
}

/* gatherv (rooted) and allgatherv. */
static int check_gatherv(const struct env *e, const struct test_case *tc, int all)
{
    int dbl = tc->dbl, p = e->size;
    int receives = all || e->rank == tc->root;
    int in_place = tc->variant == V_IN_PLACE && receives;
    MPI_Datatype t = mpi_type(dbl);
    int flags = 0;
    int *counts = malloc(2 * (size_t)p * sizeof(int));
    void *send = NULL, *rn = NULL, *ro = NULL;
    if (counts == NULL)
        return F_NO_MEM;
    int *displs = counts + p;
    long len = v_layout(tc->count, p, tc->variant == V_GAPPED, counts, displs);
    int mine = counts[e->rank];
    send = alloc_filled(mine, dbl);
    rn = alloc_filled(receives ? len : 0, dbl);
    ro = alloc_filled(receives ? len : 0, dbl);
    if (send == NULL || rn == NULL || ro == NULL) {
        flags = F_NO_MEM;
        goto fn_exit;
    }
    for (long i = 0; i < mine; i++) {
        put(send, dbl, i, value(e->rank, i));
        if (in_place) {
            put(rn, dbl, displs[e->rank] + i, value(e->rank, i));
            put(ro, dbl, displs[e->rank] + i, value(e->rank, i));
        }
    }
    const void *sb = in_place ? MPI_IN_PLACE : send;
    int en, eo;
    if (all) {
        en = MPI_Allgatherv(sb, mine, t, rn, counts, displs, t, e->comm);
        eo = ortho_2d_allgatherv(sb, mine, t, ro, counts, displs, t, e->grid);
    } else {
        en = MPI_Gatherv(sb, mine, t, rn, counts, displs, t, tc->root, e->comm);
        eo = ortho_2d_gatherv(sb, mine, t, ro, counts, displs, t, tc->root, e->grid);
    }
    flags = compare(en, eo, rn, ro, receives ? len : 0, dbl);
    for (int r = 0; receives && r < p; r++)
        for (long i = 0; i < counts[r]; i++)
            if (get(rn, dbl, displs[r] + i) != value(r, i))
                flags |= F_NATIVE_WRONG;
fn_exit:
    free(send);
    free(rn);
    free(ro);
    free(counts);
    return flags;
}

static int check_scatterv(const struct env *e, const struct test_case *tc)
{
    int dbl = tc->dbl, p = e->size;
    int is_root = e->rank == tc->root;
    int in_place = tc->variant == V_IN_PLACE && is_root;
    MPI_Datatype t = mpi_type(dbl);
    int flags = 0;
    int *counts = malloc(2 * (size_t)p * sizeof(int));
    void *send = NULL, *rn = NULL, *ro = NULL;
    if (counts == NULL)
        return F_NO_MEM;
    int *displs = counts + p;
    long len = v_layout(tc->count, p, tc->variant == V_GAPPED, counts, displs);
    int mine = counts[e->rank];
    send = alloc_filled(is_root ? len : 0, dbl);
    rn = alloc_filled(mine, dbl);
    ro = alloc_filled(mine, dbl);
    if (send == NULL || rn == NULL || ro == NULL) {
        flags = F_NO_MEM;
        goto fn_exit;
    }
    for (int r = 0; is_root && r < p; r++)
        for (long i = 0; i < counts[r]; i++)
            put(send, dbl, displs[r] + i, value(r, i));
    void *rbn = in_place ? MPI_IN_PLACE : rn, *rbo = in_place ? MPI_IN_PLACE : ro;
    int en = MPI_Scatterv(send, counts, displs, t, rbn, mine, t, tc->root, e->comm);
    int eo = ortho_2d_scatterv(send, counts, displs, t, rbo, mine, t, tc->root, e->grid);
    flags = compare(en, eo, rn, ro, in_place ? 0 : mine, dbl);
    for (long i = 0; !in_place && i < mine; i++)
        if (get(rn, dbl, i) != value(e->rank, i))
            flags |= F_NATIVE_WRONG;
fn_exit:
    free(send);
    free(rn);
    free(ro);
    free(counts);
    return flags;
}

static int run_case(const struct env *e, const struct test_case *tc)
{
    switch (tc->op) {
    case OP_BCAST:      return check_bcast(e, tc);
    case OP_REDUCE:     return check_reduce(e, tc, 0);
    case OP_ALLREDUCE:  return check_reduce(e, tc, 1);
    case OP_GATHER:     return check_gather(e, tc, 0);
    case OP_ALLGATHER:  return check_gather(e, tc, 1);
    case OP_SCATTER:    return check_scatter(e, tc);
    case OP_GATHERV:    return check_gatherv(e, tc, 0);
    case OP_ALLGATHERV: return check_gatherv(e, tc, 1);
    case OP_SCATTERV:   return check_scatterv(e, tc);
    default:            return 0;
    }
}

/* ---- the case list --------------------------------------------------------- */

struct options {
    int max_layouts, max_roots;
    int quiet, verbose;
    int no_zero;   /* skip count 0 (SMPI 3.32's ompi reduce divides by zero there) */
};

/* Counts and types: empty, one element, odd, about 4 KiB. */
static const struct { int count, dbl; } sizes[] = {
    {0, 0}, {1, 1}, {7, 0}, {7, 1}, {1031, 0}, {515, 1}
};
#define N_SIZES ((int)(sizeof sizes / sizeof sizes[0]))

static int is_rooted(enum op_kind op)
{
    return op != OP_ALLREDUCE && op != OP_ALLGATHER && op != OP_ALLGATHERV;
}

/* Whether a variant applies to an operation (and to a size: the variants
 * run at the odd count and at the largest). */
static int variant_applies(enum op_kind op, enum variant v, int size_index)
{
    if (v == V_PLAIN)
        return 1;
    if (sizes[size_index].count != 7 && size_index != N_SIZES - 2)
        return 0;
    switch (v) {
    case V_IN_PLACE:
        return op != OP_BCAST;
    case V_NONCOMMUTATIVE:
        return (op == OP_REDUCE || op == OP_ALLREDUCE) && !sizes[size_index].dbl;
    case V_GAPPED:
        return op == OP_ALLGATHERV || op == OP_GATHERV || op == OP_SCATTERV;
    default:
        return 0;
    }
}

/* Roots: 0, the last rank, and one inside the grid (neither in the first
 * row nor column when the layout allows). */
static int pick_roots(int p, int p2, int roots[MAX_ROOTS], int max_roots)
{
    int cand[MAX_ROOTS] = {0, p - 1, (p / 2 / p2) * p2 + p2 / 2};
    int n = 0;
    for (int k = 0; k < MAX_ROOTS && n < max_roots; k++) {
        int dup = 0;
        for (int j = 0; j < n; j++)
            dup |= roots[j] == cand[k];
        if (!dup)
            roots[n++] = cand[k];
    }
    return n;
}

/* Fills cases (room for cap) and returns how many there are. */
static int build_cases(int p, int p2, const struct options *opt, struct test_case *cases, int cap)
{
    int roots[MAX_ROOTS];
    int n_roots = pick_roots(p, p2, roots, opt->max_roots);
    int n = 0;
    for (int op = 0; op < OP_KINDS; op++)
        for (int v = 0; v < V_KINDS; v++)
            for (int s = 0; s < N_SIZES; s++) {
                if (!variant_applies((enum op_kind)op, (enum variant)v, s))
                    continue;
                if (opt->no_zero && sizes[s].count == 0)
                    continue;
                int nr = is_rooted((enum op_kind)op) ? n_roots : 1;
                for (int k = 0; k < nr && n < cap; k++)
                    cases[n++] = (struct test_case){(enum op_kind)op, (enum variant)v, roots[k],
                                                    sizes[s].count, sizes[s].dbl};
            }
    return n;
}

/* Appends v to list (n entries) unless it is there already. */
static void add_unique(int list[], int *n, int v)
{
    for (int j = 0; j < *n; j++)
        if (list[j] == v)
            return;
    list[(*n)++] = v;
}

/* The p1 values of the layouts to run: all divisors of p, or at most max
 * of them (1, p, the most balanced, then an even sample). */
static int pick_layouts(int p, int max, int p1s[])
{
    int divs[1024], nd = 0, bal = 1;
    for (int d = 1; d <= p && nd < 1024; d++)
        if (p % d == 0) {
            divs[nd++] = d;
            if (d * d <= p)
                bal = d;
        }
    if (nd <= max) {
        memcpy(p1s, divs, (size_t)nd * sizeof(int));
        return nd;
    }
    int n = 0;
    add_unique(p1s, &n, 1);
    add_unique(p1s, &n, p);
    add_unique(p1s, &n, bal);
    for (int t = 1; t < max - 1 && n < max; t++)   /* evenly spaced divisors */
        add_unique(p1s, &n, divs[(long)t * (nd - 1) / (max - 1)]);
    for (int k = 1; k < nd - 1 && n < max; k++)    /* then the first unused ones */
        add_unique(p1s, &n, divs[k]);
    return n;
}

/* ---- driver ---------------------------------------------------------------- */

/* Runs all cases on one layout; rank 0 of MPI_COMM_WORLD prints the
 * failures and adds to its counters. Returns an MPI error code of the
 * harness itself. */
static int run_layout(MPI_Comm comm, const char *comm_name, int p1, int p2,
                      const struct options *opt, MPI_Op noncomm, long *passed, long *failed)
{
    struct env e = {comm, NULL, 0, 0, noncomm};
    int cap = OP_KINDS * V_KINDS * N_SIZES * MAX_ROOTS;
    struct test_case *cases = malloc((size_t)cap * sizeof *cases);
    int *flags = malloc(3 * (size_t)cap * sizeof(int));
    int dims[2] = {p1, p2};
    int err = cases == NULL || flags == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    int world_rank, printer;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    printer = world_rank == 0;
    MPI_Comm_rank(comm, &e.rank);
    MPI_Comm_size(comm, &e.size);
    if (!err)
        err = ortho_grid_create(comm, 2, dims, &e.grid);
    if (err) {
        if (printer)
            printf("FAIL grid %dx%d on %s: ortho_grid_create returned %d\n", p1, p2, comm_name,
                   err);
        *failed += printer;
        goto fn_exit;
    }
    int n = build_cases(e.size, p2, opt, cases, cap);
    int *any = flags + cap, *first = flags + 2 * cap;
    for (int k = 0; k < n; k++) {
        if (printer && opt->verbose) {
            const struct test_case *tc = &cases[k];
            printf("-- %s %dx%d on %s root=%d count=%d type=%s %s\n", op_names[tc->op], p1, p2,
                   comm_name, is_rooted(tc->op) ? tc->root : -1, tc->count,
                   tc->dbl ? "MPI_DOUBLE" : "MPI_INT", variant_names[tc->variant]);
            fflush(stdout);
        }
        flags[k] = run_case(&e, &cases[k]);
        first[k] = flags[k] ? e.rank : INT_MAX;
    }
    /* One reduction per layout: which flags were seen, and on which rank
     * first (comm's rank numbers). Everyone gets the result; MPI_COMM_WORLD's
     * rank 0 prints and counts. */
    MPI_Allreduce(flags, any, n, MPI_INT, MPI_BOR, comm);
    MPI_Allreduce(first, flags, n, MPI_INT, MPI_MIN, comm);
    for (int k = 0; printer && k < n; k++) {
        const struct test_case *tc = &cases[k];
        if (!any[k]) {
            (*passed)++;
            continue;
        }
        (*failed)++;
        printf("FAIL %s %dx%d on %s root=%d count=%d type=%s %s:%s%s%s%s%s"
               " (first on rank %d of %s)\n",
               op_names[tc->op], p1, p2, comm_name, is_rooted(tc->op) ? tc->root : -1,
               tc->count, tc->dbl ? "MPI_DOUBLE" : "MPI_INT", variant_names[tc->variant],
               any[k] & F_ORTHO_ERR ? " ortho returned an error;" : "",
               any[k] & F_MISMATCH ? " ortho result differs from native;" : "",
               any[k] & F_NATIVE_ERR ? " native returned an error;" : "",
               any[k] & F_NATIVE_WRONG ? " native result wrong;" : "",
               any[k] & F_NO_MEM ? " out of memory;" : "", flags[k], comm_name);
    }
    if (printer && !opt->quiet)
        printf("-- layout %dx%d on %s: %d cases\n", p1, p2, comm_name, n);
fn_exit:
    ortho_grid_free(&e.grid);
    free(flags);
    free(cases);
    return err;
}

int main(int argc, char **argv)
{
    struct options opt = {12, MAX_ROOTS, 0, 0, 0};
    int rank, size;
    long passed = 0, failed = 0;
    MPI_Op noncomm = MPI_OP_NULL;
    MPI_Comm reversed = MPI_COMM_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-l") == 0 && a + 1 < argc)
            opt.max_layouts = atoi(argv[++a]);
        else if (strcmp(argv[a], "-r") == 0 && a + 1 < argc)
            opt.max_roots = atoi(argv[++a]);
        else if (strcmp(argv[a], "-q") == 0)
            opt.quiet = 1;
        else if (strcmp(argv[a], "-v") == 0)
            opt.verbose = 1;
        else if (strcmp(argv[a], "-Z") == 0)
            opt.no_zero = 1;
        else {
            if (rank == 0)
                fprintf(stderr, "usage: %s [-l MAX_LAYOUTS] [-r MAX_ROOTS(1-3)] [-q|-v] [-Z]\n",
                        argv[0]);
            MPI_Finalize();
            return 2;
        }
    }
    if (opt.max_layouts < 3)
        opt.max_layouts = 3;
    if (opt.max_roots < 1 || opt.max_roots > MAX_ROOTS)
        opt.max_roots = MAX_ROOTS;

    MPI_Op_create(perm_op, 0, &noncomm);
    int *p1s = malloc((size_t)size * sizeof(int));
    int n_layouts = p1s == NULL ? 0 : pick_layouts(size, opt.max_layouts, p1s);
    int bal = 1;
    for (int k = 0; k < n_layouts; k++) {
        run_layout(MPI_COMM_WORLD, "world", p1s[k], size / p1s[k], &opt, noncomm, &passed,
                   &failed);
        if (p1s[k] * p1s[k] <= size && p1s[k] > bal)
            bal = p1s[k];
    }
    /* The balanced layout again, on a communicator whose rank order is the
     * reverse of MPI_COMM_WORLD's. */
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed);
    MPI_Comm_set_errhandler(reversed, MPI_ERRORS_RETURN);
    run_layout(reversed, "reversed", bal, size / bal, &opt, noncomm, &passed, &failed);
    MPI_Comm_free(&reversed);
    MPI_Op_free(&noncomm);
    free(p1s);

    if (rank == 0) {
        printf("check_ops p=%d: %ld passed, %ld failed\n", size, passed, failed);
        fflush(stdout);
    }
    MPI_Bcast(&failed, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return failed == 0 ? 0 : 1;
}
