/* check_semantics: MPI's argument rules for the nine drop-in functions
 * (ortho_bcast ... ortho_scatterv), on every candidate the library can
 * run, against an oracle computed from closed forms.
 *
 *   mpiexec -n P check_semantics [options]                  systematic cases
 *   mpiexec -n P check_semantics --random N [--seed S]      N random cases
 *   smpirun -np P ... check_semantics ...                   the same under SMPI
 *
 * What MPI allows and the cases exercise:
 *  - arguments significant only at the root are garbage elsewhere:
 *    NULL buffers and arrays, count -1 and MPI_DATATYPE_NULL ("null"), or
 *    a poisoned 64-byte buffer, count 1 and MPI_DOUBLE ("junk"), or valid
 *    arguments whose buffer must stay untouched ("valid"); the same for
 *    the arguments MPI_IN_PLACE makes insignificant;
 *  - one type signature, a different (count, datatype) on every rank: the
 *    data are (int, double) pairs, each rank picking (by rank and case) one
 *    of: P  struct {int; double} with its hole (extent 16), count k;
 *        2  2 of P contiguous (MPI_Type_contiguous), count k/2;
 *        B  an hvector of G P with stride 16 (count 1 of a k-pair type,
 *           or G the gcd of the v-counts);
 *        G  P resized to extent 24 (gaps between elements);
 *        V  hvector of 2 P at 0 and 24, resized to 56, count k/2;
 *        T  struct {int at 0; double at 4}, extent 12 (no hole);
 *        S  struct with the type map (int at 8, double at 0), extent 16:
 *           signature (int, double), memory [double][int];
 *    allgatherv: each rank its own displacements (prefix sums, reversed
 *    with gaps, shuffled with gaps and junk displacements of empty blocks);
 *    gatherv and scatterv: counts and displacements at the root only;
 *  - MPI_IN_PLACE wherever MPI allows it (the root of reduce, gather(v),
 *    scatter(v); every rank of allreduce, allgather(v));
 *  - reductions (equal count and datatype everywhere, as MPI requires):
 *    MPI_SUM on int and double (exactly representable sums) and a
 *    non-commutative user operation (2x2 integer matrices multiplied mod
 *    97, on 4 contiguous ints);
 *  - counts 0, small, and a few KiB to 64 KiB (several size classes).
 *
 * Systematic mode (the default): every run (a candidate forced through
 * ortho_set_candidate_chooser() on a fresh duplicate of MPI_COMM_WORLD,
 * one per layout x order x variant: the layouts of ortho_candidates() up
 * to --maxdims dimensions, uneven rows, an uneven 3D box, node-aware;
 * phases and each operation's other variant (bcast scag, reduce and
 * allreduce rsag, allgather(v) pipe) on every layout, rows and columns
 * first, one on reversed ranks; the remaining variants (pipe of bcast,
 * reduce, allreduce; chain; spread) on the first layout; and the native
 * candidate) times 8 argument cases per operation
 * (args_table). --thin T keeps every T-th argument case per run and
 * operation (rotating), for the larger process counts.
 *
 * Random mode (--random N): a pool of runs drawn from the seed (2D even
 * and uneven, N-D up to 4 dimensions even and uneven, node-aware, balanced
 * and native layouts; phases or the operation's other variant; paper, rows
 * or columns order; ranks in order, reversed or shuffled), then N cases
 * drawn from (seed, case number): operation, run, root, count (0 included),
 * in place, garbage, reduction, v-counts with zeros, representations.
 *
 * The oracle: rank r's data are a function of (seed, r, index); each
 * receive buffer is compared byte for byte with an image of what it must
 * hold (sentinel bytes 0xA5 wherever no data land: holes, gaps between
 * elements and blocks, 64 guard bytes on each side); input buffers must
 * stay as they were, and so must buffers passed where only the root's
 * count. --native runs the same cases with the PMPI_ functions (the
 * oracle's check). Under real MPI, --native skips the cases that meet the
 * MPI's own bugs (native_bug_case; README.md: MPICH 4.0.2's truncation in
 * gather, scatter, allgather(v) and the v-forms above 6000 bytes, Open
 * MPI 4.1's MPI_Allgatherv decision; --no-skip runs them), and under
 * MPICH passes a copy instead of MPI_IN_PLACE to its MPI_Reduce (which
 * crashes above 2 KiB at a root other than 0). The library's own native
 * calls go around all three (lib/common/native_calls.h), so every other
 * run meets them all.
 *
 * Options: --op NAME only that operation; --case K only case K; --from K
 * the cases from K on (to go on after a hang); --reps LETTERS the
 * representations allowed (SMPI: PBGVTS, run_semantics.sh); --thin T;
 * --maxdims D (systematic, 3); --pool N (random: runs in the pool, 24);
 * --max-pairs M (random: p x pairs per block at most, 40000); --timeout S
 * (watchdog, 60); --batch B; -v (each case before it runs, return codes
 * other than MPI_SUCCESS); -q (no FAIL lines).
 *
 * Verdicts are combined once per batch of cases (--batch, 32; 1 with -v)
 * on a communicator of their own. Rank 0 prints a line per failed case,
 *   FAIL case K: <the case>: <what went wrong> on N of P ranks (first: rank R)
 *     rerun: check_semantics <options> --case K   (P processes)
 * and closes with "check_semantics: N passed, N failed (P processes)".
 * With -v rank 0 prints "case K: ..." before each case: since verdicts are
 * then combined after every case, the last such line of a deadlocked run
 * names the case that hung. Under real MPI a watchdog (alarm(), --timeout
 * seconds per case) turns a hang into "HANG in case K ..." on stderr and
 * exit status 3, a crash into "CRASH (signal N) in case K ..." and 4.
 * Exit status 1 when a case failed, 2 for bad options.
 *
 * No mutable globals but the watchdog's (not compiled under SMPI, where
 * all ranks share one process and SimGrid reports deadlocks itself). */
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "ortho.h"

#ifdef SMPI_H
#define UNDER_SMPI 1
#else
#define UNDER_SMPI 0
#endif
#if defined(MPICH) && !UNDER_SMPI
#define UNDER_MPICH 1
#else
#define UNDER_MPICH 0
#endif

enum {
    SENTINEL = 0xA5,       /* receive buffers start as these bytes */
    POISON = 0x5C,         /* buffers that must stay untouched */
    GUARD = 64,            /* bytes before and after every buffer */
    BATCH_MAX = 64,        /* cases per verdict combine, at most */
    MAX_RUNS = 512,
    ARGS_PER_OP = 8,       /* argument cases per operation (systematic) */
    ZERO_DISPL = 1 << 20,  /* displacement of some empty blocks: legal, never used */
    DESC_LEN = 2048
};

/* What went wrong on a rank, one bit each. */
enum {
    V_ERR = 1,   /* a return code other than MPI_SUCCESS */
    V_DATA = 2,  /* received data wrong (or missing) */
    V_HOLE = 4,  /* a byte outside the data written: hole, gap, guard */
    V_SEND = 8,  /* an input buffer changed */
    V_GARB = 16  /* a buffer significant only at the root written elsewhere */
};

static const char *const op_names[ORTHO_OP_COUNT] = {
    "bcast", "reduce", "gather", "scatter", "allreduce",
    "allgather", "allgatherv", "gatherv", "scatterv",
};

/* ---- hashing: the data and every choice are functions of a seed -------- */

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t hash3(uint64_t a, uint64_t b, uint64_t c)
{
    return mix(mix(mix(a) ^ b) ^ c);
}

/* A counter-based generator: next(&s) */
static uint64_t next(uint64_t *s)
{
    *s += 0x9E3779B97F4A7C15ull;
    return mix(*s);
}

static int below(uint64_t *s, int n)
{
    return n <= 1 ? 0 : (int)(next(s) % (uint64_t)n);
}

static int gcd_int(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static void fatal(const char *what)
{
    fprintf(stderr, "check_semantics: %s\n", what);
    MPI_Abort(MPI_COMM_WORLD, 5);
}

/* ---- representations of a sequence of (int, double) pairs -------------- */

enum rep {
    REP_PAIR, REP_PAIR2, REP_BLOCK, REP_GAPPED, REP_VEC2, REP_TIGHT, REP_SWAPPED, REP_COUNT
};
static const char rep_letters[REP_COUNT + 1] = "P2BGVTS";
static const int rep_unit[REP_COUNT] = {1, 2, 0, 1, 2, 1, 1}; /* pairs per element; 0: G */

/* A representation as a datatype: pair j lies at view_off(v, j). */
struct view {
    int rep;
    int unit;          /* pairs per element of the datatype */
    MPI_Aint ext;      /* bytes per element of the datatype */
    MPI_Datatype type;
};

static MPI_Datatype pair_type(MPI_Aint int_at, MPI_Aint dbl_at, MPI_Aint extent)
{
    int lens[2] = {1, 1};
    MPI_Aint at[2] = {int_at, dbl_at};
    MPI_Datatype base[2] = {MPI_INT, MPI_DOUBLE}, t, out;
    if (MPI_Type_create_struct(2, lens, at, base, &t) != MPI_SUCCESS ||
        MPI_Type_create_resized(t, 0, extent, &out) != MPI_SUCCESS)
        fatal("cannot create a pair datatype");
    MPI_Type_free(&t);
    return out;
}

static void view_make(int rep, int unit, struct view *v)
{
    MPI_Datatype pair = MPI_DATATYPE_NULL, t;
    int err = MPI_SUCCESS;
    v->rep = rep;
    v->unit = unit;
    switch (rep) {
    case REP_TIGHT:
        v->ext = 12;
        v->type = pair_type(0, 4, 12);
        break;
    case REP_SWAPPED:
        v->ext = 16;
        v->type = pair_type(8, 0, 16);
        break;
    case REP_PAIR:
        v->ext = 16;
        v->type = pair_type(0, 8, 16);
        break;
    case REP_PAIR2:
        pair = pair_type(0, 8, 16);
        v->ext = 32;
        err = MPI_Type_contiguous(2, pair, &v->type);
        break;
    case REP_BLOCK: /* the memory of unit contiguous pairs, as an hvector */
        pair = pair_type(0, 8, 16);
        v->ext = 16 * (MPI_Aint)unit;
        err = MPI_Type_create_hvector(unit, 1, 16, pair, &t);
        if (err == MPI_SUCCESS) {
            err = MPI_Type_create_resized(t, 0, v->ext, &v->type); /* SMPI needs it */
            MPI_Type_free(&t);
        }
        break;
    case REP_GAPPED:
        pair = pair_type(0, 8, 16);
        v->ext = 24;
        err = MPI_Type_create_resized(pair, 0, 24, &v->type);
        break;
    default: /* REP_VEC2 */
        pair = pair_type(0, 8, 16);
        v->ext = 56;
        err = MPI_Type_create_hvector(2, 1, 24, pair, &t);
        if (err == MPI_SUCCESS) {
            err = MPI_Type_create_resized(t, 0, 56, &v->type);
            MPI_Type_free(&t);
        }
        break;
    }
    if (pair != MPI_DATATYPE_NULL)
        MPI_Type_free(&pair);
    if (err != MPI_SUCCESS || MPI_Type_commit(&v->type) != MPI_SUCCESS)
        fatal("cannot create a datatype");
}

static void view_free(struct view *v)
{
    if (v->type != MPI_DATATYPE_NULL)
        MPI_Type_free(&v->type);
}

/* Byte offset of pair j (of a block starting at an element boundary). */
static size_t view_off(const struct view *v, long j)
{
    long i = j % v->unit;
    return (size_t)(j / v->unit) * (size_t)v->ext + (size_t)(v->rep == REP_VEC2 ? 24 * i : 16 * i);
}

static size_t view_bytes(const struct view *v, long pairs)
{
    return (size_t)(pairs / v->unit) * (size_t)v->ext;
}

static size_t int_at(int rep)
{
    return rep == REP_SWAPPED ? 8 : 0;
}

static size_t dbl_at(int rep)
{
    return rep == REP_SWAPPED ? 0 : rep == REP_TIGHT ? 4 : 8;
}

/* Pair j of source src: any int, a double that is exact in any order. */
static void pair_value(uint64_t seed, int src, long j, int *iv, double *dv)
{
    uint64_t h = hash3(seed, (uint64_t)src, (uint64_t)j);
    *iv = (int)(h & 0x7fffffff) - 0x40000000;
    *dv = (double)((int64_t)(h >> 24) - ((int64_t)1 << 39)) / 8.0;
}

/* ---- buffers and the images of what they must hold --------------------- */

struct img {
    char *mem;   /* the buffer, GUARD + len + GUARD bytes */
    char *want;  /* what it must hold afterwards */
    char *mask;  /* 1 where data land */
    size_t len;
};

static void img_free(struct img *m)
{
    free(m->mem);
    free(m->want);
    free(m->mask);
    memset(m, 0, sizeof *m);
}

static void img_new(struct img *m, size_t len, int byte)
{
    size_t all = len + 2 * GUARD;
    m->len = len;
    m->mem = malloc(all);
    m->want = malloc(all);
    m->mask = calloc(all, 1);
    if (m->mem == NULL || m->want == NULL || m->mask == NULL)
        fatal("out of memory");
    memset(m->mem, byte, all);
    memset(m->want, byte, all);
}

static void *img_at(const struct img *m)
{
    return m->mem + GUARD;
}

/* n bytes at offset at: expected; also the initial content when initial. */
static void img_put(struct img *m, size_t at, const void *bytes, size_t n, int initial)
{
    memcpy(m->want + GUARD + at, bytes, n);
    memset(m->mask + GUARD + at, 1, n);
    if (initial)
        memcpy(m->mem + GUARD + at, bytes, n);
}

/* Pairs 0..n-1 of source src in representation v, from byte at. */
static void img_pairs(struct img *m, const struct view *v, size_t at, long n, uint64_t seed,
                      int src, int initial)
{
    for (long j = 0; j < n; j++) {
        int iv;
        double dv;
        pair_value(seed, src, j, &iv, &dv);
        size_t o = at + view_off(v, j);
        img_put(m, o + int_at(v->rep), &iv, sizeof iv, initial);
        img_put(m, o + dbl_at(v->rep), &dv, sizeof dv, initial);
    }
}

/* data_bit for a wrong byte where data land, other_bit elsewhere. */
static int img_check(const struct img *m, int data_bit, int other_bit)
{
    size_t all = m->len + 2 * GUARD;
    int bad = 0;
    if (m->mem == NULL || memcmp(m->mem, m->want, all) == 0)
        return 0;
    for (size_t i = 0; i < all; i++)
        if (m->mem[i] != m->want[i])
            bad |= m->mask[i] ? data_bit : other_bit;
    return bad;
}

/* ---- the cases ---------------------------------------------------------- */

enum garbage { G_VALID, G_NULL, G_JUNK };
enum red { RED_INT, RED_DBL, RED_MAT };
enum vpat { VP_EQUAL, VP_VARY, VP_ONE, VP_ZERO, VP_RANDOM };
enum { MIXED = -1, ROOT_LAST = -1, ROOT_MID = -2 };
enum role { ROLE_SEND, ROLE_RECV, ROLE_DISPLS };

struct scase {
    long index;     /* --case index runs it alone */
    ortho_op op;
    int run;        /* the run: communicator and candidate */
    int k;          /* pairs per block (reductions: elements); v: the base count */
    int root;
    int in_place;   /* at the root of rooted operations, at all ranks otherwise */
    int garbage;    /* what the non-roots pass (and what MPI_IN_PLACE makes insignificant) */
    int red;        /* reductions: type and operation */
    int vpat, vmult;
    int rep;        /* MIXED: per rank; else every rank's representation */
    int reps;       /* the representations allowed (--reps), a bit per enum rep */
    int random;     /* choices by hash (random) or rotation (systematic) */
    uint64_t rot;   /* the per-rank choices */
    uint64_t seed;  /* the data */
};

/* A per-rank choice among n. */
static int choice(const struct scase *c, int rank, int role, int n)
{
    if (n <= 1)
        return 0;
    if (c->random)
        return (int)(hash3(c->rot, (uint64_t)rank, (uint64_t)role) % (uint64_t)n);
    return (int)(((uint64_t)rank * 2 + (uint64_t)role + c->rot) % (uint64_t)n);
}

/* The representation of a rank for blocks whose pair counts are all
 * multiples of g (g = 0: all empty); *unit its pairs per element. */
static int rep_choose(const struct scase *c, int rank, int role, int g, int *unit)
{
    int valid[REP_COUNT], n = 0, rep;
    for (int r = 0; r < REP_COUNT; r++) {
        int u = r == REP_BLOCK ? (g > 0 ? g : 1) : rep_unit[r];
        if (g % u == 0 && (c->reps & (1 << r)))
            valid[n++] = r;
    }
    if (n == 0)
        valid[n++] = REP_PAIR;
    rep = valid[choice(c, rank, role, n)];
    if (c->rep != MIXED) {
        rep = REP_PAIR;
        for (int i = 0; i < n; i++)
            if (valid[i] == c->rep)
                rep = c->rep;
    }
    *unit = rep == REP_BLOCK ? (g > 0 ? g : 1) : rep_unit[rep];
    return rep;
}

static int is_v(ortho_op op)
{
    return op == ORTHO_OP_ALLGATHERV || op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV;
}

static int is_rooted(ortho_op op)
{
    return op == ORTHO_OP_REDUCE || op == ORTHO_OP_GATHER || op == ORTHO_OP_SCATTER ||
           op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV;
}

static int is_reduction(ortho_op op)
{
    return op == ORTHO_OP_REDUCE || op == ORTHO_OP_ALLREDUCE;
}

/* Rank r's pairs in a v-operation. */
static int vcount(const struct scase *c, int p, int r)
{
    switch (c->vpat) {
    case VP_EQUAL:
        return c->k;
    case VP_VARY:
        return r % 3 == 1 ? 0 : c->k * (1 + r % 4);
    case VP_ONE:
        return r == (p - 1) / 2 ? c->k : 0;
    case VP_RANDOM: {
        uint64_t h = hash3(c->rot, (uint64_t)r, 11);
        if (c->k == 0 || h % 4 == 0)
            return 0;
        return (int)(1 + (h >> 8) % (uint64_t)c->k) * c->vmult;
    }
    default:
        return 0;
    }
}

/* What one rank uses: representations and the displacement style. */
struct plan {
    int send_rep, send_unit, recv_rep, recv_unit, style;
};

static void plan_of(const struct scase *c, int p, int r, struct plan *pl)
{
    int own = c->k, all = c->k;
    if (is_v(c->op)) {
        own = vcount(c, p, r);
        all = 0;
        for (int q = 0; q < p; q++)
            all = gcd_int(all, vcount(c, p, q));
    }
    int send_g = c->op == ORTHO_OP_SCATTERV ? all : own;
    int recv_g = c->op == ORTHO_OP_SCATTERV ? own : all;
    pl->send_rep = rep_choose(c, r, ROLE_SEND, send_g, &pl->send_unit);
    pl->recv_rep = rep_choose(c, r, ROLE_RECV, recv_g, &pl->recv_unit);
    pl->style = choice(c, r, ROLE_DISPLS, 3);
}

/* Displacements (in elements) of blocks of units[r] elements in a style:
 * 0 prefix sums, 1 reversed rank order with a gap before every block,
 * 2 shuffled with gaps of 0-2 elements, empty blocks at ZERO_DISPL.
 * Returns the span in elements. */
static int v_displs(int style, int p, const int units[], int displs[], uint64_t salt)
{
    int span = 0;
    if (style == 0) {
        for (int r = 0; r < p; r++) {
            displs[r] = span;
            span += units[r];
        }
        return span;
    }
    if (style == 1) {
        span = 1;
        for (int r = p - 1; r >= 0; r--) {
            displs[r] = span;
            span += units[r] + 1;
        }
        return span;
    }
    /* shuffled: ranks in the order of their keys */
    uint64_t last = 0;
    for (int n = 0; n < p; n++) {
        int pick = -1;
        uint64_t best = UINT64_MAX;
        for (int r = 0; r < p; r++) {
            uint64_t key = hash3(salt, (uint64_t)r, 3);
            if ((n == 0 || key > last) && (pick < 0 || key < best)) {
                pick = r;
                best = key;
            }
        }
        last = best;
        span += (int)(best % 3);
        displs[pick] = units[pick] == 0 ? ZERO_DISPL : span;
        span += units[pick];
    }
    return span + 1;
}

/* The arguments MPI_IN_PLACE makes insignificant. */
static void ignored_args(const struct scase *c, int *count, MPI_Datatype *type)
{
    if (c->garbage == G_NULL) {
        *count = -1;
        *type = MPI_DATATYPE_NULL;
    } else if (c->garbage == G_JUNK) {
        *count = 1;
        *type = MPI_DOUBLE;
    }
}

/* ---- running one case --------------------------------------------------- */

struct env {
    MPI_Comm comm;
    int rank, size;
    int direct;         /* PMPI_ instead of the drop-ins */
    MPI_Datatype mat;   /* 2x2 matrix: 4 contiguous ints */
    MPI_Op matmul;
    int *err;           /* the call's return code */
};

static int call_bcast(const struct env *e, void *b, int n, MPI_Datatype t, int root)
{
    return e->direct ? PMPI_Bcast(b, n, t, root, e->comm) : ortho_bcast(b, n, t, root, e->comm);
}

static int call_reduce(const struct env *e, const void *s, void *r, int n, MPI_Datatype t,
                       MPI_Op op, int root)
{
    return e->direct ? PMPI_Reduce(s, r, n, t, op, root, e->comm)
                     : ortho_reduce(s, r, n, t, op, root, e->comm);
}

static int call_allreduce(const struct env *e, const void *s, void *r, int n, MPI_Datatype t,
                          MPI_Op op)
{
    return e->direct ? PMPI_Allreduce(s, r, n, t, op, e->comm)
                     : ortho_allreduce(s, r, n, t, op, e->comm);
}

static int call_gather(const struct env *e, const void *s, int sc, MPI_Datatype st, void *r,
                       int rc, MPI_Datatype rt, int root)
{
    return e->direct ? PMPI_Gather(s, sc, st, r, rc, rt, root, e->comm)
                     : ortho_gather(s, sc, st, r, rc, rt, root, e->comm);
}

static int call_allgather(const struct env *e, const void *s, int sc, MPI_Datatype st, void *r,
                          int rc, MPI_Datatype rt)
{
    return e->direct ? PMPI_Allgather(s, sc, st, r, rc, rt, e->comm)
                     : ortho_allgather(s, sc, st, r, rc, rt, e->comm);
}

static int call_scatter(const struct env *e, const void *s, int sc, MPI_Datatype st, void *r,
                        int rc, MPI_Datatype rt, int root)
{
    return e->direct ? PMPI_Scatter(s, sc, st, r, rc, rt, root, e->comm)
                     : ortho_scatter(s, sc, st, r, rc, rt, root, e->comm);
}

static int call_gatherv(const struct env *e, const void *s, int sc, MPI_Datatype st, void *r,
                        const int rc[], const int rd[], MPI_Datatype rt, int root)
{
    return e->direct ? PMPI_Gatherv(s, sc, st, r, rc, rd, rt, root, e->comm)
                     : ortho_gatherv(s, sc, st, r, rc, rd, rt, root, e->comm);
}

static int call_allgatherv(const struct env *e, const void *s, int sc, MPI_Datatype st, void *r,
                           const int rc[], const int rd[], MPI_Datatype rt)
{
    return e->direct ? PMPI_Allgatherv(s, sc, st, r, rc, rd, rt, e->comm)
                     : ortho_allgatherv(s, sc, st, r, rc, rd, rt, e->comm);
}

static int call_scatterv(const struct env *e, const void *s, const int sc[], const int sd[],
                         MPI_Datatype st, void *r, int rc, MPI_Datatype rt, int root)
{
    return e->direct ? PMPI_Scatterv(s, sc, sd, st, r, rc, rt, root, e->comm)
                     : ortho_scatterv(s, sc, sd, st, r, rc, rt, root, e->comm);
}

static int verdict(const struct env *e, int err)
{
    *e->err = err;
    return err == MPI_SUCCESS ? 0 : V_ERR;
}

static int case_bcast(const struct env *e, const struct scase *c)
{
    struct plan pl;
    struct view v;
    struct img m;
    plan_of(c, e->size, e->rank, &pl);
    view_make(pl.recv_rep, pl.recv_unit, &v);
    img_new(&m, view_bytes(&v, c->k), SENTINEL);
    img_pairs(&m, &v, 0, c->k, c->seed, c->root, e->rank == c->root);
    int bad = verdict(e, call_bcast(e, img_at(&m), c->k / v.unit, v.type, c->root));
    bad |= img_check(&m, V_DATA, V_HOLE);
    img_free(&m);
    view_free(&v);
    return bad;
}

static size_t red_size(int red)
{
    return red == RED_INT ? sizeof(int) : red == RED_DBL ? sizeof(double) : 4 * sizeof(int);
}

/* b = a * b (mod 97): the earlier operand on the left. */
static void mat_mul(const int *a, int *b)
{
    int r0 = a[0] * b[0] + a[1] * b[2], r1 = a[0] * b[1] + a[1] * b[3];
    int r2 = a[2] * b[0] + a[3] * b[2], r3 = a[2] * b[1] + a[3] * b[3];
    b[0] = r0 % 97;
    b[1] = r1 % 97;
    b[2] = r2 % 97;
    b[3] = r3 % 97;
}

static void matmul_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const int *a = in;
    int *b = inout;
    for (int e = 0; e < *len; e++)
        mat_mul(a + 4 * e, b + 4 * e);
}

/* Element i of rank src's operand. */
static void red_operand(int red, uint64_t seed, int src, long i, void *out)
{
    uint64_t h = hash3(seed, (uint64_t)src, (uint64_t)i);
    if (red == RED_INT) {
        int v = (int)(h % 2001) - 1000;
        memcpy(out, &v, sizeof v);
    } else if (red == RED_DBL) {
        double v = ((int)(h % 4001) - 2000) * 0.5;
        memcpy(out, &v, sizeof v);
    } else {
        int m[4];
        for (int q = 0; q < 4; q++)
            m[q] = (int)((h >> (16 * q)) % 97);
        memcpy(out, m, sizeof m);
    }
}

/* Element i of the result over p ranks, in rank order. */
static void red_result(int red, uint64_t seed, int p, long i, void *out)
{
    if (red == RED_INT) {
        int sum = 0, v;
        for (int r = 0; r < p; r++) {
            red_operand(red, seed, r, i, &v);
            sum += v;
        }
        memcpy(out, &sum, sizeof sum);
    } else if (red == RED_DBL) {
        double sum = 0, v;
        for (int r = 0; r < p; r++) {
            red_operand(red, seed, r, i, &v);
            sum += v;
        }
        memcpy(out, &sum, sizeof sum);
    } else {
        int acc[4], m[4];
        red_operand(red, seed, p - 1, i, acc);
        for (int r = p - 2; r >= 0; r--) {
            red_operand(red, seed, r, i, m);
            mat_mul(m, acc);
        }
        memcpy(out, acc, sizeof acc);
    }
}

static int case_reduce(const struct env *e, const struct scase *c)
{
    int all = c->op == ORTHO_OP_ALLREDUCE, me = e->rank, p = e->size, n = c->k;
    int receives = all || me == c->root, in_place = c->in_place && receives;
    size_t es = red_size(c->red);
    MPI_Datatype t = c->red == RED_INT ? MPI_INT : c->red == RED_DBL ? MPI_DOUBLE : e->mat;
    MPI_Op op = c->red == RED_MAT ? e->matmul : MPI_SUM;
    struct img send, recv;
    char el[32];
    memset(&recv, 0, sizeof recv);
    img_new(&send, (size_t)n * es, SENTINEL);
    for (long i = 0; i < n; i++) {
        red_operand(c->red, c->seed, me, i, el);
        img_put(&send, (size_t)i * es, el, es, 1);
    }
    void *rbuf = NULL;
    if (receives) {
        img_new(&recv, (size_t)n * es, SENTINEL);
        for (long i = 0; i < n; i++) {
            if (in_place) {
                red_operand(c->red, c->seed, me, i, el);
                img_put(&recv, (size_t)i * es, el, es, 1);
            }
            red_result(c->red, c->seed, p, i, el);
            img_put(&recv, (size_t)i * es, el, es, 0);
        }
        rbuf = img_at(&recv);
    } else if (c->garbage != G_NULL) {
        img_new(&recv, (size_t)n * es, POISON); /* must stay as it is */
        rbuf = img_at(&recv);
    }
    const void *sbuf = in_place ? MPI_IN_PLACE : img_at(&send);
    /* MPICH 4.0.2's in-place MPI_Reduce crashes above 2 KiB at a root
     * other than 0 (README.md): where PMPI_Reduce runs directly (--native),
     * the same operand goes in a send buffer instead; the library's native
     * calls pass a copy themselves (lib/common/native_calls.h) */
    if (in_place && !all && e->direct && UNDER_MPICH)
        sbuf = img_at(&send);
    int err = all ? call_allreduce(e, sbuf, rbuf, n, t, op)
                  : call_reduce(e, sbuf, rbuf, n, t, op, c->root);
    int bad = verdict(e, err) | img_check(&send, V_SEND, V_SEND);
    bad |= receives ? img_check(&recv, V_DATA, V_HOLE) : img_check(&recv, V_GARB, V_GARB);
    img_free(&send);
    img_free(&recv);
    return bad;
}

/* The arguments a rank passes where only the root's count: a poisoned
 * buffer for "junk" (junk != NULL), none for "null". */
static void *junk_buffer(const struct scase *c, struct img *junk)
{
    if (c->garbage != G_JUNK)
        return NULL;
    img_new(junk, 64, POISON);
    return img_at(junk);
}

static int case_gather(const struct env *e, const struct scase *c)
{
    int p = e->size, me = e->rank, k = c->k, all = c->op == ORTHO_OP_ALLGATHER;
    int receives = all || me == c->root, in_place = c->in_place && receives;
    struct plan pl;
    struct view sv, rv;
    struct img send, recv, junk;
    memset(&recv, 0, sizeof recv);
    memset(&junk, 0, sizeof junk);
    plan_of(c, p, me, &pl);
    view_make(pl.send_rep, pl.send_unit, &sv);
    view_make(pl.recv_rep, pl.recv_unit, &rv);
    img_new(&send, view_bytes(&sv, k), SENTINEL);
    img_pairs(&send, &sv, 0, k, c->seed, me, 1);
    const void *sbuf = img_at(&send);
    int scount = k / sv.unit;
    MPI_Datatype stype = sv.type;
    if (in_place) {
        sbuf = MPI_IN_PLACE;
        ignored_args(c, &scount, &stype);
    }
    void *rbuf = NULL;
    int rcount = -1;
    MPI_Datatype rtype = MPI_DATATYPE_NULL;
    if (receives || c->garbage == G_VALID) {
        img_new(&recv, view_bytes(&rv, (long)p * k), receives ? SENTINEL : POISON);
        for (int r = 0; receives && r < p; r++)
            img_pairs(&recv, &rv, view_off(&rv, (long)r * k), k, c->seed, r, in_place && r == me);
        rbuf = img_at(&recv);
        rcount = k / rv.unit;
        rtype = rv.type;
    } else if ((rbuf = junk_buffer(c, &junk)) != NULL) {
        rcount = 1;
        rtype = MPI_DOUBLE;
    }
    int err = all ? call_allgather(e, sbuf, scount, stype, rbuf, rcount, rtype)
                  : call_gather(e, sbuf, scount, stype, rbuf, rcount, rtype, c->root);
    int bad = verdict(e, err) | img_check(&send, V_SEND, V_SEND) | img_check(&junk, V_GARB, V_GARB);
    bad |= receives ? img_check(&recv, V_DATA, V_HOLE) : img_check(&recv, V_GARB, V_GARB);
    img_free(&send);
    img_free(&recv);
    img_free(&junk);
    view_free(&sv);
    view_free(&rv);
    return bad;
}

static int case_scatter(const struct env *e, const struct scase *c)
{
    int p = e->size, me = e->rank, k = c->k, is_root = me == c->root;
    int in_place = c->in_place && is_root;
    struct plan pl;
    struct view sv, rv;
    struct img send, recv, junk;
    memset(&send, 0, sizeof send);
    memset(&recv, 0, sizeof recv);
    memset(&junk, 0, sizeof junk);
    plan_of(c, p, me, &pl);
    view_make(pl.send_rep, pl.send_unit, &sv);
    view_make(pl.recv_rep, pl.recv_unit, &rv);
    const void *sbuf = NULL;
    int scount = -1;
    MPI_Datatype stype = MPI_DATATYPE_NULL;
    if (is_root || c->garbage == G_VALID) {
        img_new(&send, view_bytes(&sv, (long)p * k), is_root ? SENTINEL : POISON);
        for (int r = 0; is_root && r < p; r++)
            img_pairs(&send, &sv, view_off(&sv, (long)r * k), k, c->seed, r, 1);
        sbuf = img_at(&send);
        scount = k / sv.unit;
        stype = sv.type;
    } else if ((sbuf = junk_buffer(c, &junk)) != NULL) {
        scount = 1;
        stype = MPI_DOUBLE;
    }
    void *rbuf = MPI_IN_PLACE;
    int rcount = k / rv.unit;
    MPI_Datatype rtype = rv.type;
    if (in_place) {
        ignored_args(c, &rcount, &rtype);
    } else {
        img_new(&recv, view_bytes(&rv, k), SENTINEL);
        img_pairs(&recv, &rv, 0, k, c->seed, me, 0);
        rbuf = img_at(&recv);
    }
    int err = call_scatter(e, sbuf, scount, stype, rbuf, rcount, rtype, c->root);
    int bad = verdict(e, err) | img_check(&recv, V_DATA, V_HOLE) | img_check(&junk, V_GARB, V_GARB);
    bad |= img_check(&send, is_root ? V_SEND : V_GARB, is_root ? V_SEND : V_GARB);
    img_free(&send);
    img_free(&recv);
    img_free(&junk);
    view_free(&sv);
    view_free(&rv);
    return bad;
}

/* v-layouts of one rank: counts (pairs) of every rank, and in this rank's
 * datatype of unit pairs the counts and displacements (elements). */
struct vlayout {
    int *pairs, *units, *displs, *junk;
    int span;
};

static void vlayout_make(const struct scase *c, int p, int unit, int style, uint64_t salt,
                         struct vlayout *l)
{
    l->pairs = malloc(4 * (size_t)p * sizeof(int));
    if (l->pairs == NULL)
        fatal("out of memory");
    l->units = l->pairs + p;
    l->displs = l->units + p;
    l->junk = l->displs + p;
    for (int r = 0; r < p; r++) {
        l->pairs[r] = vcount(c, p, r);
        l->units[r] = l->pairs[r] / unit;
        l->junk[r] = r % 2; /* counts 0 and 1 where only the root's count */
    }
    l->span = v_displs(style, p, l->units, l->displs, salt);
}

static int case_gatherv(const struct env *e, const struct scase *c)
{
    int p = e->size, me = e->rank, all = c->op == ORTHO_OP_ALLGATHERV;
    int receives = all || me == c->root, in_place = c->in_place && receives;
    struct plan pl;
    struct view sv, rv;
    struct img send, recv, junk;
    struct vlayout l;
    memset(&recv, 0, sizeof recv);
    memset(&junk, 0, sizeof junk);
    plan_of(c, p, me, &pl);
    view_make(pl.send_rep, pl.send_unit, &sv);
    view_make(pl.recv_rep, pl.recv_unit, &rv);
    vlayout_make(c, p, rv.unit, pl.style, hash3(c->rot, (uint64_t)me, 5), &l);
    int own = l.pairs[me];
    img_new(&send, view_bytes(&sv, own), SENTINEL);
    img_pairs(&send, &sv, 0, own, c->seed, me, 1);
    const void *sbuf = img_at(&send);
    int scount = own / sv.unit;
    MPI_Datatype stype = sv.type;
    if (in_place) {
        sbuf = MPI_IN_PLACE;
        ignored_args(c, &scount, &stype);
    }
    void *rbuf = NULL;
    const int *rcounts = NULL, *rdispls = NULL;
    MPI_Datatype rtype = MPI_DATATYPE_NULL;
    if (receives || c->garbage == G_VALID) {
        img_new(&recv, (size_t)l.span * (size_t)rv.ext, receives ? SENTINEL : POISON);
        for (int r = 0; receives && r < p; r++)
            if (l.pairs[r] > 0)
                img_pairs(&recv, &rv, (size_t)l.displs[r] * (size_t)rv.ext, l.pairs[r], c->seed,
                          r, in_place && r == me);
        rbuf = img_at(&recv);
        rcounts = l.units;
        rdispls = l.displs;
        rtype = rv.type;
    } else if ((rbuf = junk_buffer(c, &junk)) != NULL) {
        rcounts = l.junk;
        rdispls = l.junk;
        rtype = MPI_DOUBLE;
    }
    int err = all ? call_allgatherv(e, sbuf, scount, stype, rbuf, rcounts, rdispls, rtype)
                  : call_gatherv(e, sbuf, scount, stype, rbuf, rcounts, rdispls, rtype, c->root);
    int bad = verdict(e, err) | img_check(&send, V_SEND, V_SEND) | img_check(&junk, V_GARB, V_GARB);
    bad |= receives ? img_check(&recv, V_DATA, V_HOLE) : img_check(&recv, V_GARB, V_GARB);
    img_free(&send);
    img_free(&recv);
    img_free(&junk);
    free(l.pairs);
    view_free(&sv);
    view_free(&rv);
    return bad;
}

static int case_scatterv(const struct env *e, const struct scase *c)
{
    int p = e->size, me = e->rank, is_root = me == c->root;
    int in_place = c->in_place && is_root;
    struct plan pl;
    struct view sv, rv;
    struct img send, recv, junk;
    struct vlayout l;
    memset(&send, 0, sizeof send);
    memset(&recv, 0, sizeof recv);
    memset(&junk, 0, sizeof junk);
    plan_of(c, p, me, &pl);
    view_make(pl.send_rep, pl.send_unit, &sv);
    view_make(pl.recv_rep, pl.recv_unit, &rv);
    vlayout_make(c, p, sv.unit, pl.style, hash3(c->rot, (uint64_t)me, 5), &l);
    const void *sbuf = NULL;
    const int *scounts = NULL, *sdispls = NULL;
    MPI_Datatype stype = MPI_DATATYPE_NULL;
    if (is_root || c->garbage == G_VALID) {
        img_new(&send, (size_t)l.span * (size_t)sv.ext, is_root ? SENTINEL : POISON);
        for (int r = 0; is_root && r < p; r++)
            if (l.pairs[r] > 0)
                img_pairs(&send, &sv, (size_t)l.displs[r] * (size_t)sv.ext, l.pairs[r], c->seed,
                          r, 1);
        sbuf = img_at(&send);
        scounts = l.units;
        sdispls = l.displs;
        stype = sv.type;
    } else if ((sbuf = junk_buffer(c, &junk)) != NULL) {
        scounts = l.junk;
        sdispls = l.junk;
        stype = MPI_DOUBLE;
    }
    int own = l.pairs[me];
    void *rbuf = MPI_IN_PLACE;
    int rcount = own / rv.unit;
    MPI_Datatype rtype = rv.type;
    if (in_place) {
        ignored_args(c, &rcount, &rtype);
    } else {
        img_new(&recv, view_bytes(&rv, own), SENTINEL);
        img_pairs(&recv, &rv, 0, own, c->seed, me, 0);
        rbuf = img_at(&recv);
    }
    int err = call_scatterv(e, sbuf, scounts, sdispls, stype, rbuf, rcount, rtype, c->root);
    int bad = verdict(e, err) | img_check(&recv, V_DATA, V_HOLE) | img_check(&junk, V_GARB, V_GARB);
    bad |= img_check(&send, is_root ? V_SEND : V_GARB, is_root ? V_SEND : V_GARB);
    img_free(&send);
    img_free(&recv);
    img_free(&junk);
    free(l.pairs);
    view_free(&sv);
    view_free(&rv);
    return bad;
}

static int run_case(const struct env *e, const struct scase *c)
{
    switch (c->op) {
    case ORTHO_OP_BCAST:
        return case_bcast(e, c);
    case ORTHO_OP_REDUCE:
    case ORTHO_OP_ALLREDUCE:
        return case_reduce(e, c);
    case ORTHO_OP_GATHER:
    case ORTHO_OP_ALLGATHER:
        return case_gather(e, c);
    case ORTHO_OP_SCATTER:
        return case_scatter(e, c);
    case ORTHO_OP_GATHERV:
    case ORTHO_OP_ALLGATHERV:
        return case_gatherv(e, c);
    default:
        return case_scatterv(e, c);
    }
}

/* ---- runs: a communicator and the candidate forced on it --------------- */

enum reorder { RANKS_IN_ORDER, RANKS_REVERSED, RANKS_SHUFFLED };

struct run {
    ortho_candidate cand[ORTHO_OP_COUNT]; /* first: the chooser's context */
    int has[ORTHO_OP_COUNT];              /* the operations it runs */
    int reorder;
    int direct;                           /* PMPI_ calls (--native) */
    MPI_Comm comm;                        /* made on first use */
};

static int chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                   ortho_candidate *cand)
{
    (void)p;
    (void)node_size;
    (void)bytes;
    const struct run *r = ctx;
    *cand = r->cand[op];
    return 1;
}

static MPI_Comm run_comm(struct run *r, uint64_t salt)
{
    if (r->comm == MPI_COMM_NULL) {
        int rank, size, key;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        key = r->reorder == RANKS_REVERSED   ? size - 1 - rank
              : r->reorder == RANKS_SHUFFLED ? (int)(hash3(salt, (uint64_t)rank, 9) % 1000003)
                                             : rank;
        MPI_Comm_split(MPI_COMM_WORLD, 0, key, &r->comm);
        MPI_Comm_set_errhandler(r->comm, MPI_ERRORS_RETURN);
    }
    return r->comm;
}

static void run_release(struct run *r)
{
    if (r->comm != MPI_COMM_NULL)
        MPI_Comm_free(&r->comm);
}

static ortho_variant other_variant(ortho_op op)
{
    switch (op) {
    case ORTHO_OP_BCAST:
        return ORTHO_VARIANT_SCAG;
    case ORTHO_OP_REDUCE:
    case ORTHO_OP_ALLREDUCE:
        return ORTHO_VARIANT_RSAG;
    case ORTHO_OP_ALLGATHER:
    case ORTHO_OP_ALLGATHERV:
        return ORTHO_VARIANT_PIPE;
    default:
        return ORTHO_VARIANT_NATIVE;
    }
}

struct layout {
    int node, ndims, dims[ORTHO_GRID_MAX_DIMS];
};

/* A run of one layout and order: phases for every operation (other == 0)
 * or each operation's other variant (other == 1). every == 0: only the
 * operations that have another variant (other == 1), and gatherv and
 * scatterv only in the order they offer (rows, columns first), so that no
 * two runs run the same; every == 1: all nine, phases where no other
 * variant applies, the order resolved by the library. */
static void run_set(struct run *r, const struct layout *l, ortho_order order, int other,
                    int every)
{
    memset(r, 0, sizeof *r);
    r->comm = MPI_COMM_NULL;
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        ortho_candidate *c = &r->cand[op];
        ortho_variant v = other_variant((ortho_op)op);
        r->has[op] = every || !other || v != ORTHO_VARIANT_NATIVE;
        if (!every && op == ORTHO_OP_GATHERV && order == ORTHO_ORDER_COLS)
            r->has[op] = 0;
        if (!every && op == ORTHO_OP_SCATTERV && order == ORTHO_ORDER_ROWS)
            r->has[op] = 0;
        if (!r->has[op])
            continue;
        c->variant = other && v != ORTHO_VARIANT_NATIVE ? v : ORTHO_VARIANT_PHASES;
        c->order = order;
        c->node_aware = l->node;
        c->ndims = l->ndims;
        memcpy(c->dims, l->dims, sizeof c->dims);
    }
}

/* A run of one more variant on a layout: the operations it applies to
 * that the runs above do not give it (pipe of bcast, reduce and
 * allreduce; chain and spread). 0 when there is none. */
static int run_set_variant(struct run *r, const struct layout *l, ortho_order order,
                           ortho_variant v)
{
    int any = 0;
    memset(r, 0, sizeof *r);
    r->comm = MPI_COMM_NULL;
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        if (!ortho_variant_valid(v, (ortho_op)op) || v == other_variant((ortho_op)op))
            continue;
        ortho_candidate *c = &r->cand[op];
        r->has[op] = any = 1;
        c->variant = v;
        c->order = order;
        c->node_aware = l->node;
        c->ndims = l->ndims;
        memcpy(c->dims, l->dims, sizeof c->dims);
    }
    return any;
}

static void run_native(struct run *r, int direct)
{
    memset(r, 0, sizeof *r);
    r->comm = MPI_COMM_NULL;
    r->direct = direct;
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        r->has[op] = 1;
}

static int layout_add(struct layout out[], int n, int cap, const struct layout *l)
{
    for (int i = 0; i < n; i++)
        if (out[i].node == l->node && out[i].ndims == l->ndims &&
            memcmp(out[i].dims, l->dims, sizeof l->dims) == 0)
            return n;
    if (n < cap)
        out[n++] = *l;
    return n;
}

/* The systematic layouts on p processes with node size ns: those of
 * ortho_candidates() up to maxdims, rows of the two smallest extents that
 * do not divide p (uneven), an uneven 3D box, node-aware. */
static int layouts_systematic(int p, int ns, int maxdims, struct layout out[], int cap)
{
    static const int two_by[2] = {2, 3};
    ortho_candidate list[512];
    int n = 0, m = 0;
    ortho_candidates(ORTHO_OP_GATHER, p, ns, maxdims, list, 512, &m);
    for (int i = 0; i < m && i < 512; i++) {
        struct layout l;
        if (list[i].variant == ORTHO_VARIANT_NATIVE)
            continue;
        memset(&l, 0, sizeof l);
        l.node = list[i].node_aware;
        l.ndims = list[i].ndims;
        memcpy(l.dims, list[i].dims, sizeof l.dims);
        n = layout_add(out, n, cap, &l);
    }
    int uneven = 0;
    for (int t = 2; t < p && uneven < 2; t++) {
        if (p % t == 0)
            continue;
        struct layout l;
        memset(&l, 0, sizeof l);
        l.ndims = 2;
        l.dims[1] = t;
        n = layout_add(out, n, cap, &l);
        uneven++;
    }
    for (int i = 0; i < 2 && maxdims >= 3; i++) {
        int box = 2 * two_by[i];
        if (p % box != 0 && p > box) {
            struct layout l;
            memset(&l, 0, sizeof l);
            l.ndims = 3;
            l.dims[1] = 2;
            l.dims[2] = two_by[i];
            n = layout_add(out, n, cap, &l);
            break;
        }
    }
    int node = 0;
    for (int i = 0; i < n; i++)
        node |= out[i].node;
    if (!node) {
        struct layout l;
        memset(&l, 0, sizeof l);
        l.node = 1;
        n = layout_add(out, n, cap, &l);
    }
    return n;
}

static int runs_systematic(int p, int ns, int maxdims, int native, struct run runs[], int cap)
{
    struct layout ls[64];
    int n = 0;
    run_native(&runs[n++], native);
    if (native)
        return n;
    int nl = layouts_systematic(p, ns, maxdims, ls, 64);
    for (int i = 0; i < nl; i++)
        for (int order = ORTHO_ORDER_ROWS; order <= ORTHO_ORDER_COLS; order++)
            for (int other = 0; other < 2 && n < cap; other++)
                run_set(&runs[n++], &ls[i], (ortho_order)order, other, 0);
    /* the variants no run above gives an operation, on the first layout:
     * pipe in both orders, chain, spread, rings and trees (rows only: their
     * order) */
    static const ortho_variant more[] = {ORTHO_VARIANT_PIPE, ORTHO_VARIANT_CHAIN,
                                         ORTHO_VARIANT_SPREAD, ORTHO_VARIANT_RINGS,
                                         ORTHO_VARIANT_TREES};
    for (size_t v = 0; v < sizeof more / sizeof more[0] && nl > 0; v++)
        for (int order = ORTHO_ORDER_ROWS; order <= ORTHO_ORDER_COLS && n < cap; order++)
            if ((order == ORTHO_ORDER_ROWS || more[v] == ORTHO_VARIANT_PIPE) &&
                run_set_variant(&runs[n], &ls[0], (ortho_order)order, more[v]))
                n++;
    /* the first layout again on reversed ranks */
    for (int other = 0; other < 2 && nl > 0 && n < cap; other++) {
        run_set(&runs[n], &ls[0], ORTHO_ORDER_ROWS, other, 0);
        runs[n++].reorder = RANKS_REVERSED;
    }
    return n;
}

/* A random layout of p processes (node size ns; 0 unknown or unequal). */
static void layout_random(uint64_t *s, int p, int ns, struct layout *l)
{
    memset(l, 0, sizeof *l);
    int kind = below(s, 7), divs[64], nd = 0;
    for (int d = 2; d <= p / 2 && nd < 64; d++)
        if (p % d == 0)
            divs[nd++] = d;
    if (kind == 0 && nd > 0) { /* 2D even */
        int d = divs[below(s, nd)];
        l->ndims = 2;
        l->dims[0] = p / d;
        l->dims[1] = d;
    } else if (kind == 2 && nd > 0) { /* N-D even: factors >= 2, up to 4 */
        int left = p, want = 3 + below(s, 2);
        l->ndims = 0;
        while (l->ndims < want - 1) {
            int f[64], nf = 0;
            for (int d = 2; d * 2 <= left && nf < 64; d++)
                if (left % d == 0)
                    f[nf++] = d;
            if (nf == 0)
                break;
            l->dims[l->ndims] = f[below(s, nf)];
            left /= l->dims[l->ndims++];
        }
        l->dims[l->ndims++] = left;
        if (l->ndims < 2) {
            l->ndims = 2;
            l->dims[0] = 0;
            l->dims[1] = 2;
        }
    } else if (kind == 3 && p >= 8) { /* N-D uneven: trailing extents kept */
        int want = 3 + below(s, 2), prod = 1;
        l->ndims = 1;
        while (l->ndims < want) {
            int t = 2 + below(s, 3);
            if (prod * t * 2 > p)
                break;
            prod *= t;
            l->dims[l->ndims++] = t;
        }
        if (l->ndims < 2)
            l->dims[l->ndims++] = 2;
    } else if (kind == 4) { /* node-aware, default layout */
        l->node = 1;
    } else if (kind == 5) { /* node-aware, nodes in two dimensions */
        l->node = 1;
        if (ns >= 2 && p % ns == 0 && p / ns >= 4) {
            l->ndims = 3;
            l->dims[1] = 2;
        }
    } else if (kind == 6) { /* the balanced default */
        l->ndims = 0;
    } else { /* 2D uneven */
        int hi = p - 1 < 12 ? p - 1 : 12;
        l->ndims = 2;
        l->dims[1] = hi < 2 ? 2 : 2 + below(s, hi - 1);
    }
}

static int runs_random(uint64_t seed, int p, int ns, int pool, int native, struct run runs[])
{
    int n = 0;
    run_native(&runs[n++], native);
    for (int i = 1; i < pool; i++) {
        uint64_t s = hash3(seed, (uint64_t)i, 0x9001);
        struct layout l;
        struct run *r = &runs[n++];
        layout_random(&s, p, ns, &l);
        static const ortho_order orders[3] = {ORTHO_ORDER_PAPER, ORTHO_ORDER_ROWS,
                                              ORTHO_ORDER_COLS};
        int other = below(&s, 2);
        run_set(r, &l, orders[below(&s, 3)], other, 1);
        int re = below(&s, 6);
        r->reorder = re == 0 ? RANKS_REVERSED : re == 1 ? RANKS_SHUFFLED : RANKS_IN_ORDER;
        if (other && below(&s, 2)) { /* the other variant: rsag or scag, or rings */
            r->cand[ORTHO_OP_ALLREDUCE].variant = ORTHO_VARIANT_RINGS;
            r->cand[ORTHO_OP_BCAST].variant = ORTHO_VARIANT_RINGS;
            r->cand[ORTHO_OP_REDUCE].variant = ORTHO_VARIANT_RINGS;
            r->cand[ORTHO_OP_ALLGATHER].variant = ORTHO_VARIANT_RINGS;
            r->cand[ORTHO_OP_GATHER].variant = ORTHO_VARIANT_RINGS;
            r->cand[ORTHO_OP_SCATTER].variant = ORTHO_VARIANT_RINGS;
        }
        r->direct = native;
        if (native)
            memset(r->cand, 0, sizeof r->cand);
    }
    return n;
}

/* ---- the cases of each mode --------------------------------------------- */

/* k, root, in_place, garbage, red, vpat, rep: 8 per operation, ortho_op order */
struct arg {
    int k, root, in_place, garbage, red, vpat, rep;
};

static const struct arg args_table[ORTHO_OP_COUNT][ARGS_PER_OP] = {
    /* bcast: no argument is the root's alone */
    {{0, 0, 0, 0, 0, 0, MIXED},
     {6, ROOT_LAST, 0, 0, 0, 0, MIXED},
     {7, ROOT_MID, 0, 0, 0, 0, MIXED},
     {340, ROOT_MID, 0, 0, 0, 0, MIXED},
     {1370, 0, 0, 0, 0, 0, MIXED},
     {5460, ROOT_LAST, 0, 0, 0, 0, MIXED},
     {340, 0, 0, 0, 0, 0, REP_SWAPPED},
     {5460, ROOT_MID, 0, 0, 0, 0, REP_TIGHT}},
    /* reduce: elements of int, double, 2x2 matrices */
    {{0, 0, 1, G_NULL, RED_INT, 0, MIXED},
     {6, ROOT_LAST, 0, G_NULL, RED_INT, 0, MIXED},
     {340, ROOT_MID, 1, G_JUNK, RED_DBL, 0, MIXED},
     {5, ROOT_LAST, 0, G_NULL, RED_MAT, 0, MIXED},
     {256, 0, 1, G_JUNK, RED_MAT, 0, MIXED},
     {16380, ROOT_MID, 0, G_NULL, RED_INT, 0, MIXED},
     {8190, ROOT_LAST, 1, G_NULL, RED_DBL, 0, MIXED},
     {4095, 0, 0, G_JUNK, RED_MAT, 0, MIXED}},
    /* gather */
    {{0, 0, 0, G_NULL, 0, 0, MIXED},
     {6, ROOT_LAST, 0, G_NULL, 0, 0, MIXED},
     {7, ROOT_MID, 0, G_JUNK, 0, 0, MIXED},
     {340, 0, 1, G_NULL, 0, 0, MIXED},
     {1370, ROOT_LAST, 0, G_JUNK, 0, 0, MIXED},
     {5460, ROOT_MID, 1, G_NULL, 0, 0, MIXED},
     {340, ROOT_MID, 0, G_VALID, 0, 0, REP_SWAPPED},
     {6, ROOT_LAST, 1, G_JUNK, 0, 0, REP_TIGHT}},
    /* scatter */
    {{0, 0, 0, G_NULL, 0, 0, MIXED},
     {6, ROOT_LAST, 0, G_NULL, 0, 0, MIXED},
     {7, ROOT_MID, 0, G_JUNK, 0, 0, MIXED},
     {340, 0, 1, G_NULL, 0, 0, MIXED},
     {1370, ROOT_LAST, 0, G_JUNK, 0, 0, MIXED},
     {5460, ROOT_MID, 1, G_NULL, 0, 0, MIXED},
     {340, ROOT_MID, 0, G_VALID, 0, 0, REP_SWAPPED},
     {6, ROOT_LAST, 1, G_JUNK, 0, 0, REP_TIGHT}},
    /* allreduce */
    {{0, 0, 1, 0, RED_INT, 0, MIXED},
     {6, 0, 0, 0, RED_INT, 0, MIXED},
     {340, 0, 1, 0, RED_DBL, 0, MIXED},
     {5, 0, 0, 0, RED_MAT, 0, MIXED},
     {256, 0, 1, 0, RED_MAT, 0, MIXED},
     {16380, 0, 0, 0, RED_INT, 0, MIXED},
     {8190, 0, 1, 0, RED_DBL, 0, MIXED},
     {4095, 0, 0, 0, RED_MAT, 0, MIXED}},
    /* allgather: garbage in the arguments MPI_IN_PLACE makes insignificant */
    {{0, 0, 0, G_VALID, 0, 0, MIXED},
     {6, 0, 0, G_VALID, 0, 0, MIXED},
     {7, 0, 1, G_NULL, 0, 0, MIXED},
     {340, 0, 0, G_VALID, 0, 0, MIXED},
     {1370, 0, 1, G_JUNK, 0, 0, MIXED},
     {5460, 0, 0, G_VALID, 0, 0, MIXED},
     {340, 0, 0, G_VALID, 0, 0, REP_SWAPPED},
     {6, 0, 1, G_NULL, 0, 0, REP_TIGHT}},
    /* allgatherv */
    {{0, 0, 0, G_VALID, 0, VP_ZERO, MIXED},
     {6, 0, 0, G_VALID, 0, VP_EQUAL, MIXED},
     {6, 0, 0, G_VALID, 0, VP_VARY, MIXED},
     {340, 0, 1, G_NULL, 0, VP_VARY, MIXED},
     {1370, 0, 0, G_VALID, 0, VP_ONE, MIXED},
     {1370, 0, 1, G_JUNK, 0, VP_VARY, MIXED},
     {340, 0, 0, G_VALID, 0, VP_EQUAL, REP_SWAPPED},
     {7, 0, 1, G_NULL, 0, VP_VARY, REP_TIGHT}},
    /* gatherv */
    {{0, 0, 0, G_NULL, 0, VP_ZERO, MIXED},
     {6, ROOT_LAST, 0, G_NULL, 0, VP_VARY, MIXED},
     {7, ROOT_MID, 1, G_JUNK, 0, VP_VARY, MIXED},
     {340, 0, 0, G_NULL, 0, VP_EQUAL, MIXED},
     {1370, ROOT_LAST, 0, G_JUNK, 0, VP_ONE, MIXED},
     {1370, ROOT_MID, 1, G_NULL, 0, VP_VARY, MIXED},
     {340, ROOT_MID, 0, G_VALID, 0, VP_VARY, REP_SWAPPED},
     {6, ROOT_LAST, 1, G_JUNK, 0, VP_EQUAL, REP_TIGHT}},
    /* scatterv */
    {{0, 0, 0, G_NULL, 0, VP_ZERO, MIXED},
     {6, ROOT_LAST, 0, G_NULL, 0, VP_VARY, MIXED},
     {7, ROOT_MID, 1, G_JUNK, 0, VP_VARY, MIXED},
     {340, 0, 0, G_NULL, 0, VP_EQUAL, MIXED},
     {1370, ROOT_LAST, 0, G_JUNK, 0, VP_ONE, MIXED},
     {1370, ROOT_MID, 1, G_NULL, 0, VP_VARY, MIXED},
     {340, ROOT_MID, 0, G_VALID, 0, VP_VARY, REP_SWAPPED},
     {6, ROOT_LAST, 1, G_JUNK, 0, VP_EQUAL, REP_TIGHT}},
};

static void case_systematic(long index, int op, int run, int a, int p, int reps, struct scase *c)
{
    const struct arg *g = &args_table[op][a];
    memset(c, 0, sizeof *c);
    c->index = index;
    c->op = (ortho_op)op;
    c->run = run;
    c->k = g->k;
    c->root = g->root == ROOT_LAST ? p - 1 : g->root == ROOT_MID ? p / 2 : g->root;
    c->in_place = g->in_place;
    c->garbage = g->garbage;
    c->red = g->red;
    c->vpat = g->vpat;
    c->vmult = 1;
    c->rep = g->rep;
    c->reps = reps;
    c->rot = (uint64_t)index;
    c->seed = hash3((uint64_t)index, 0x5E3A, 1);
}

/* Case index of a random run: everything from (seed, index). */
static void case_random(uint64_t seed, long index, int p, int nruns, int max_pairs, int reps,
                        struct scase *c)
{
    uint64_t s = hash3(seed, (uint64_t)index, 0xCA5E);
    memset(c, 0, sizeof *c);
    c->index = index;
    c->random = 1;
    c->op = (ortho_op)below(&s, ORTHO_OP_COUNT);
    c->run = below(&s, nruns);
    c->root = below(&s, p);
    int u = below(&s, 100);
    c->k = u < 8    ? 0
           : u < 45 ? 1 + below(&s, 8)
           : u < 70 ? 9 + below(&s, 92)
           : u < 88 ? 101 + below(&s, 900)
                    : 1001 + below(&s, 4460);
    c->vmult = 1 + below(&s, 4);
    int v = below(&s, 10);
    c->vpat = v == 0 ? VP_ZERO : v == 1 ? VP_ONE : v < 4 ? VP_EQUAL : VP_RANDOM;
    /* bound the work: p blocks of k * vmult pairs (reductions: p operands) */
    long cap = c->op == ORTHO_OP_BCAST ? max_pairs : max_pairs / ((long)p * c->vmult);
    if (c->k > cap)
        c->k = (int)cap;
    c->in_place = below(&s, 3) == 0;
    c->garbage = below(&s, 3);
    c->red = below(&s, 3);
    c->rep = below(&s, 5) == 0 ? below(&s, REP_COUNT) : MIXED;
    c->reps = reps;
    c->rot = next(&s);
    c->seed = next(&s);
}

/* ---- describing a case ------------------------------------------------- */

static void append(char *out, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void append(char *out, size_t len, const char *fmt, ...)
{
    size_t at = strlen(out);
    if (at + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + at, len - at, fmt, ap);
    va_end(ap);
}

static const char *run_text(const struct run *r, ortho_op op, char *name, int len)
{
    if (r->direct)
        snprintf(name, (size_t)len, "PMPI (--native)");
    else if (ortho_candidate_name(&r->cand[op], name, len) != MPI_SUCCESS)
        snprintf(name, (size_t)len, "?");
    return name;
}

static void describe(const struct scase *c, const struct run *r, int p, char *out, size_t len)
{
    static const char *const reds[3] = {"int MPI_SUM", "double MPI_SUM",
                                        "2x2 int matrices, product mod 97 (non-commutative)"};
    static const char *const garbs[3] = {"valid, untouched", "NULL, -1, MPI_DATATYPE_NULL",
                                         "junk: 64 poisoned bytes, 1, MPI_DOUBLE"};
    char name[ORTHO_CANDIDATE_NAME_MAX + 16];
    out[0] = '\0';
    append(out, len, "case %ld: %s on %s%s", c->index, op_names[c->op],
           run_text(r, c->op, name, (int)sizeof name),
           r->reorder == RANKS_REVERSED   ? " (ranks reversed)"
           : r->reorder == RANKS_SHUFFLED ? " (ranks shuffled)"
                                          : "");
    if (is_rooted(c->op))
        append(out, len, ", root %d", c->root);
    if (is_reduction(c->op)) {
        append(out, len, ", %d x %s", c->k, reds[c->red]);
    } else if (is_v(c->op)) {
        append(out, len, ", pairs per rank");
        for (int q = 0; q < p && q < 48; q++)
            append(out, len, "%c%d", q ? ',' : ' ', vcount(c, p, q));
        if (p > 48)
            append(out, len, ",...");
    } else {
        append(out, len, ", %d pairs%s", c->k, c->op == ORTHO_OP_BCAST ? "" : " per block");
    }
    if (c->in_place)
        append(out, len, ", MPI_IN_PLACE");
    if (c->in_place && !is_reduction(c->op) && c->garbage != G_VALID)
        append(out, len, " (ignored count/type: %s)",
               c->garbage == G_NULL ? "-1, MPI_DATATYPE_NULL" : "1, MPI_DOUBLE");
    if (c->op == ORTHO_OP_REDUCE)
        append(out, len, ", non-roots: recvbuf %s",
               c->garbage == G_NULL ? "NULL" : "poisoned, untouched");
    else if (is_rooted(c->op))
        append(out, len, ", non-roots: %s", garbs[c->garbage]);
    if (!is_reduction(c->op)) {
        struct plan pl;
        append(out, len, ", reps send/recv%s ", is_v(c->op) ? "/displs" : "");
        for (int q = 0; q < p && q < 48; q++) {
            plan_of(c, p, q, &pl);
            if (is_v(c->op))
                append(out, len, "%s%c%c%d", q ? " " : "", rep_letters[pl.send_rep],
                       rep_letters[pl.recv_rep], pl.style);
            else
                append(out, len, "%s%c%c", q ? " " : "", rep_letters[pl.send_rep],
                       rep_letters[pl.recv_rep]);
        }
        if (p > 48)
            append(out, len, " ...");
    }
}

static void kinds_text(int kinds, char *out, size_t len)
{
    static const char *const names[5] = {
        "error returned", "wrong data", "bytes outside the data written", "input buffer changed",
        "root-only buffer written at a non-root"};
    out[0] = '\0';
    for (int b = 0; b < 5; b++)
        if (kinds & (1 << b))
            append(out, len, "%s%s", out[0] ? ", " : "", names[b]);
}

/* ---- the watchdog (real MPI only) ------------------------------------- */

#if !UNDER_SMPI
static char watch_text[DESC_LEN + 128];
static size_t watch_len;

/* One write(), so that the lines of several ranks do not mix. */
static void on_signal(int sig)
{
    static char line[sizeof watch_text + 32];
    size_t n = 0;
    if (sig == SIGALRM) {
        memcpy(line, "HANG", 4);
        n = 4;
    } else {
        char num[8];
        int k = 0;
        memcpy(line, "CRASH (signal ", 14);
        n = 14;
        do
            num[k++] = (char)('0' + sig % 10);
        while ((sig /= 10) > 0 && k < 8);
        while (k > 0)
            line[n++] = num[--k];
        line[n++] = ')';
    }
    memcpy(line + n, watch_text, watch_len);
    n += watch_len;
    if (write(2, line, n) < 0)
        _exit(5);
    _exit(n > 0 && line[0] == 'H' ? 3 : 4);
}

static void watch_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGALRM, &sa, NULL);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGFPE, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
}

/* Arms the watchdog for what follows: " in TEXT (rank R of P)". */
static void watch(const char *text, int rank, int p, unsigned seconds)
{
    alarm(0);
    snprintf(watch_text, sizeof watch_text, " in %s (rank %d of %d)\n", text, rank, p);
    watch_len = strlen(watch_text);
    alarm(seconds);
}

static void watch_off(void)
{
    alarm(0);
}
#else
static void watch_install(void)
{
}

static void watch(const char *text, int rank, int p, unsigned seconds)
{
    (void)text;
    (void)rank;
    (void)p;
    (void)seconds;
}

static void watch_off(void)
{
}
#endif

/* ---- the driver ------------------------------------------------------- */

struct options {
    long random;      /* cases; 0: systematic */
    uint64_t seed;
    int seed_given;
    long only;        /* --case; -1: all */
    long from;        /* --from: skip the cases before (to go on after a hang) */
    int native, thin, maxdims, pool, max_pairs, op, timeout, batch, verbose, quiet;
    int reps;         /* the representations allowed (bit per enum rep) */
    int no_skip;      /* --no-skip: run the native cases of the MPI's bugs too */
};

struct ctx {
    struct options o;
    int rank, size, node_size;
    MPI_Comm check;           /* verdicts */
    MPI_Datatype triple;      /* 3 ints: kinds, ranks, first rank */
    MPI_Op merge;
    MPI_Datatype mat;
    MPI_Op matmul;
    struct run *runs;
    int nruns;
    long passed, failed, skipped;
    /* the batch */
    int n;
    struct scase cases[BATCH_MAX];
    int verdicts[3 * BATCH_MAX];
};

static void merge_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const int *a = in;
    int *b = inout;
    for (int i = 0; i < 3 * *len; i += 3) {
        b[i] |= a[i];
        b[i + 1] += a[i + 1];
        if (a[i + 2] < b[i + 2])
            b[i + 2] = a[i + 2];
    }
}

static void rerun_text(const struct ctx *x, long index, char *out, size_t len)
{
    out[0] = '\0';
    append(out, len, "check_semantics");
    if (x->o.native)
        append(out, len, " --native");
    if (x->o.random > 0)
        append(out, len, " --random %ld --seed %llu --pool %d --max-pairs %d", x->o.random,
               (unsigned long long)x->o.seed, x->o.pool, x->o.max_pairs);
    else if (x->o.maxdims != 3)
        append(out, len, " --maxdims %d", x->o.maxdims);
    if (x->o.reps != (1 << REP_COUNT) - 1) {
        append(out, len, " --reps ");
        for (int r = 0; r < REP_COUNT; r++)
            if (x->o.reps & (1 << r))
                append(out, len, "%c", rep_letters[r]);
    }
    append(out, len, " --case %ld   (%d processes%s)", index, x->size,
           x->node_size > 0 && x->node_size < x->size ? ", the same placement on nodes" : "");
}

/* Combines the batch's verdicts; rank 0 reports the failed cases. */
static void flush(struct ctx *x)
{
    int out[3 * BATCH_MAX];
    char desc[DESC_LEN], kinds[256], rerun[256];
    if (x->n == 0)
        return;
    snprintf(desc, sizeof desc, "combining the verdicts of cases %ld to %ld", x->cases[0].index,
             x->cases[x->n - 1].index);
    watch(desc, x->rank, x->size, (unsigned)x->o.timeout);
    PMPI_Allreduce(x->verdicts, out, x->n, x->triple, x->merge, x->check);
    watch_off();
    int any = 0;
    for (int i = 0; i < x->n; i++) {
        if (out[3 * i] == 0) {
            x->passed++;
            continue;
        }
        x->failed++;
        any = 1;
        if (x->rank != 0 || x->o.quiet)
            continue;
        const struct scase *c = &x->cases[i];
        describe(c, &x->runs[c->run], x->size, desc, sizeof desc);
        kinds_text(out[3 * i], kinds, sizeof kinds);
        rerun_text(x, c->index, rerun, sizeof rerun);
        printf("FAIL %s: %s on %d of %d ranks (first: rank %d)\n    rerun: %s\n", desc, kinds,
               out[3 * i + 1], x->size, out[3 * i + 2], rerun);
    }
    if (x->rank == 0)
        fflush(stdout);
    /* a failed case may leave messages behind: fresh communicators */
    if (any)
        for (int i = 0; i < x->n; i++)
            run_release(&x->runs[x->cases[i].run]);
    x->n = 0;
}

/* The MPI's own bugs on the native path (--native, the native candidate),
 * where the library passes the call through unchanged (README.md, "What
 * MPICH and Open MPI get wrong"): the cases that would meet them are
 * skipped. Real MPI only; each MPI's own.
 *  - MPICH 4.0.2 truncates or hangs when a non-contiguous datatype receives
 *    more than about 8 KB in its MPI_Gather, MPI_Scatter, MPI_Allgather(v)
 *    and v-forms.
 *  - Open MPI 4.1's MPI_Allgatherv picks its algorithm from the size of the
 *    send type times the sum of the receive counts, which differs between
 *    processes whose send and receive types hold different numbers of
 *    pairs per element (in different ratios): they pick different
 *    algorithms and hang. In place it uses the receive type: no bug. */
#if defined(OPEN_MPI) && OPEN_MPI
#define NATIVE_BUG "Open MPI's MPI_Allgatherv decision"
#else
#define NATIVE_BUG "MPICH's truncation bug"
#endif

static int native_bug_case(const struct scase *c, const struct run *r, int p)
{
    /* the library's native calls go around these bugs
     * (lib/common/native_calls.h): only PMPI_ (--native) meets them */
    if (UNDER_SMPI || !r->direct || is_reduction(c->op) || c->op == ORTHO_OP_BCAST)
        return 0;
#if defined(OPEN_MPI) && OPEN_MPI
    if (c->op != ORTHO_OP_ALLGATHERV || c->in_place)
        return 0;
    struct plan first, pl;
    plan_of(c, p, 0, &first);
    for (int q = 1; q < p; q++) {
        plan_of(c, p, q, &pl);
        if ((long)pl.send_unit * first.recv_unit != (long)first.send_unit * pl.recv_unit)
            return 1;
    }
    return 0;
#else
    long pairs = 0;
    for (int q = 0; q < p; q++)
        pairs += is_v(c->op) ? vcount(c, p, q) : c->k;
    return pairs * 12 > 6000;
#endif
}

static void execute(struct ctx *x, const struct scase *c)
{
    struct run *r = &x->runs[c->run];
    char desc[DESC_LEN] = "";
    if (!x->o.no_skip && native_bug_case(c, r, x->size)) {
        x->skipped++;
        return;
    }
    if (x->o.verbose || !UNDER_SMPI)
        describe(c, r, x->size, desc, sizeof desc);
    if (x->o.verbose && x->rank == 0) {
        printf("%s\n", desc);
        fflush(stdout);
    }
    watch(desc, x->rank, x->size, (unsigned)x->o.timeout);
    struct env e;
    e.comm = run_comm(r, x->o.seed + (uint64_t)c->run);
    e.rank = 0;
    e.size = 0;
    MPI_Comm_rank(e.comm, &e.rank);
    MPI_Comm_size(e.comm, &e.size);
    e.direct = r->direct;
    e.mat = x->mat;
    e.matmul = x->matmul;
    ortho_set_candidate_chooser(chooser, r);
    int err = MPI_SUCCESS;
    e.err = &err;
    int bad = run_case(&e, c);
    ortho_set_candidate_chooser(NULL, NULL);
    watch_off();
    if (x->o.verbose && err != MPI_SUCCESS) {
        char text[MPI_MAX_ERROR_STRING];
        int len = 0;
        MPI_Error_string(err, text, &len);
        fprintf(stderr, "  rank %d: returned %s\n", x->rank, text);
    }
    x->cases[x->n] = *c;
    x->verdicts[3 * x->n] = bad;
    x->verdicts[3 * x->n + 1] = bad != 0;
    x->verdicts[3 * x->n + 2] = bad != 0 ? x->rank : INT_MAX;
    if (++x->n >= x->o.batch)
        flush(x);
}

static void systematic(struct ctx *x)
{
    long index = 0;
    for (int ri = 0; ri < x->nruns; ri++) {
        for (int op = 0; op < ORTHO_OP_COUNT; op++) {
            if (!x->runs[ri].has[op])
                continue;
            for (int a = 0; a < ARGS_PER_OP; a++, index++) {
                if (x->o.only >= 0 ? index != x->o.only
                                   : index < x->o.from ||
                                         (x->o.thin > 1 && (a + ri + op) % x->o.thin != 0))
                    continue;
                if (x->o.op >= 0 && x->o.op != op)
                    continue;
                struct scase c;
                case_systematic(index, op, ri, a, x->size, x->o.reps, &c);
                execute(x, &c);
            }
        }
        flush(x);
        run_release(&x->runs[ri]);
    }
}

static void random_mode(struct ctx *x)
{
    for (long i = 0; i < x->o.random; i++) {
        if (x->o.only >= 0 ? i != x->o.only : i < x->o.from)
            continue;
        struct scase c;
        case_random(x->o.seed, i, x->size, x->nruns, x->o.max_pairs, x->o.reps, &c);
        if (x->o.op >= 0 && x->o.op != (int)c.op)
            continue;
        execute(x, &c);
    }
    flush(x);
    for (int i = 0; i < x->nruns; i++)
        run_release(&x->runs[i]);
}

static int parse_options(int argc, char **argv, struct options *o)
{
    memset(o, 0, sizeof *o);
    o->only = -1;
    o->thin = 1;
    o->maxdims = 3;
    o->pool = 24;
    o->max_pairs = 40000;
    o->op = -1;
    o->timeout = 60;
    o->batch = 32;
    o->reps = (1 << REP_COUNT) - 1;
    for (int a = 1; a < argc; a++) {
        const char *s = argv[a], *v = a + 1 < argc ? argv[a + 1] : NULL;
        char *end = NULL;
        if (strcmp(s, "-v") == 0) {
            o->verbose = 1;
        } else if (strcmp(s, "-q") == 0) {
            o->quiet = 1;
        } else if (strcmp(s, "--native") == 0) {
            o->native = 1;
        } else if (strcmp(s, "--no-skip") == 0) {
            o->no_skip = 1;
        } else if (v == NULL) {
            return 0;
        } else if (strcmp(s, "--op") == 0) {
            for (o->op = 0; o->op < ORTHO_OP_COUNT && strcmp(v, op_names[o->op]) != 0; o->op++)
                ;
            if (o->op == ORTHO_OP_COUNT)
                return 0;
            a++;
        } else if (strcmp(s, "--reps") == 0) {
            o->reps = 0;
            for (const char *l = v; *l != '\0'; l++) {
                const char *at = strchr(rep_letters, *l);
                if (at == NULL)
                    return 0;
                o->reps |= 1 << (at - rep_letters);
            }
            a++;
        } else if (strcmp(s, "--seed") == 0) {
            o->seed = strtoull(v, &end, 10);
            o->seed_given = 1;
            a++;
        } else {
            long n = strtol(v, &end, 10);
            a++;
            if (strcmp(s, "--random") == 0 && n > 0)
                o->random = n;
            else if (strcmp(s, "--case") == 0 && n >= 0)
                o->only = n;
            else if (strcmp(s, "--from") == 0 && n >= 0)
                o->from = n;
            else if (strcmp(s, "--thin") == 0 && n >= 1)
                o->thin = (int)n;
            else if (strcmp(s, "--maxdims") == 0 && n >= 2 && n <= 4)
                o->maxdims = (int)n;
            else if (strcmp(s, "--pool") == 0 && n >= 1 && n <= MAX_RUNS)
                o->pool = (int)n;
            else if (strcmp(s, "--max-pairs") == 0 && n >= 1)
                o->max_pairs = (int)n;
            else if (strcmp(s, "--timeout") == 0 && n >= 1)
                o->timeout = (int)n;
            else if (strcmp(s, "--batch") == 0 && n >= 1 && n <= BATCH_MAX)
                o->batch = (int)n;
            else
                return 0;
        }
        if (end != NULL && *end != '\0')
            return 0;
    }
    if (o->verbose)
        o->batch = 1;
    return 1;
}

int main(int argc, char **argv)
{
    struct ctx x;
    memset(&x, 0, sizeof x);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &x.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &x.size);
    if (!parse_options(argc, argv, &x.o)) {
        if (x.rank == 0)
            fprintf(stderr,
                    "usage: check_semantics [--native [--no-skip]] [--op NAME]\n"
                    "         [--case K | --from K] [-v] [-q]\n"
                    "         [--thin T] [--maxdims D]                       systematic\n"
                    "         [--random N [--seed S] [--pool N] [--max-pairs M]] random\n"
                    "         [--reps LETTERS] [--timeout SECONDS] [--batch B]\n");
        MPI_Finalize();
        return 2;
    }
    if (x.o.random > 0 && !x.o.seed_given) {
        unsigned long long s = (unsigned long long)time(NULL) * 2654435761ull;
        s ^= (unsigned long long)getpid();
        s %= 1000000007ull;
        MPI_Bcast(&s, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
        x.o.seed = s;
    }
    ortho_comm_node_size(MPI_COMM_WORLD, &x.node_size);
    MPI_Comm_dup(MPI_COMM_WORLD, &x.check);
    MPI_Type_contiguous(3, MPI_INT, &x.triple);
    MPI_Type_commit(&x.triple);
    MPI_Op_create(merge_op, 1, &x.merge);
    MPI_Type_contiguous(4, MPI_INT, &x.mat);
    MPI_Type_commit(&x.mat);
    MPI_Op_create(matmul_op, 0, &x.matmul);
    x.runs = calloc(MAX_RUNS, sizeof *x.runs);
    if (x.runs == NULL)
        fatal("out of memory");
    if (x.o.random > 0)
        x.nruns = runs_random(x.o.seed, x.size, x.node_size, x.o.pool, x.o.native, x.runs);
    else
        x.nruns = runs_systematic(x.size, x.node_size, x.o.maxdims, x.o.native, x.runs, MAX_RUNS);
    watch_install();
    if (x.rank == 0) {
        if (x.o.random > 0)
            printf("check_semantics: random, %ld cases, seed %llu, %d processes, node size %d, "
                   "%d runs%s\n",
                   x.o.random, (unsigned long long)x.o.seed, x.size, x.node_size, x.nruns,
                   x.o.native ? ", PMPI_ (--native)" : "");
        else
            printf("check_semantics: systematic, %d processes, node size %d, %d runs, thin %d%s\n",
                   x.size, x.node_size, x.nruns, x.o.thin, x.o.native ? ", PMPI_ (--native)" : "");
        fflush(stdout);
    }
    if (x.o.random > 0)
        random_mode(&x);
    else
        systematic(&x);
    if (x.rank == 0 && x.skipped > 0)
        printf("check_semantics: %ld cases skipped on the native path (%s)\n", x.skipped,
               NATIVE_BUG);
    if (x.rank == 0)
        printf("check_semantics: %ld passed, %ld failed (%d processes)\n", x.passed, x.failed,
               x.size);
    PMPI_Barrier(x.check); /* SMPI: no rank leaves while another one still talks to it */
    free(x.runs);
    MPI_Op_free(&x.matmul);
    MPI_Type_free(&x.mat);
    MPI_Op_free(&x.merge);
    MPI_Type_free(&x.triple);
    MPI_Comm_free(&x.check);
    MPI_Finalize();
    return x.failed != 0;
}
