/* The operations ortho-bench times: their implementations (native, 2D,
 * N-D, drop-in), buffers, input data and the check of each result. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define SENTINEL_BYTE 0xA5

static const char *const op_names[BENCH_NOPS] = {
    "bcast", "reduce", "allreduce", "gather", "scatter", "allgather"
};

const char *bench_op_name(enum bench_op op)
{
    return (unsigned)op < BENCH_NOPS ? op_names[op] : "?";
}

ortho_op bench_ortho_op(enum bench_op op)
{
    static const ortho_op ops[BENCH_NOPS] = { ORTHO_OP_BCAST,  ORTHO_OP_REDUCE,
                                              ORTHO_OP_ALLREDUCE, ORTHO_OP_GATHER,
                                              ORTHO_OP_SCATTER, ORTHO_OP_ALLGATHER };
    return ops[(unsigned)op < BENCH_NOPS ? op : 0];
}

/* ---- implementations ------------------------------------------------------ */

static int native_bcast(const struct bench_args *a)
{
    return MPI_Bcast(a->rbuf, a->count, a->type, a->root, a->comm);
}

static int native_reduce(const struct bench_args *a)
{
    return MPI_Reduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->root, a->comm);
}

static int native_allreduce(const struct bench_args *a)
{
    return MPI_Allreduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->comm);
}

static int native_gather(const struct bench_args *a)
{
    return MPI_Gather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm);
}

static int native_scatter(const struct bench_args *a)
{
    return MPI_Scatter(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm);
}

static int native_allgather(const struct bench_args *a)
{
    return MPI_Allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm);
}

static int o2d_bcast(const struct bench_args *a)
{
    return ortho_2d_bcast(a->rbuf, a->count, a->type, a->root, a->grid);
}

static int o2d_reduce(const struct bench_args *a)
{
    return ortho_2d_reduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->root, a->grid);
}

static int o2d_allreduce(const struct bench_args *a)
{
    return ortho_2d_allreduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->grid);
}

static int o2d_gather(const struct bench_args *a)
{
    return ortho_2d_gather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root,
                           a->grid);
}

static int o2d_scatter(const struct bench_args *a)
{
    return ortho_2d_scatter(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root,
                            a->grid);
}

static int o2d_allgather(const struct bench_args *a)
{
    return ortho_2d_allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->grid);
}

static int ond_bcast(const struct bench_args *a)
{
    return ortho_nd_bcast(a->rbuf, a->count, a->type, a->root, a->grid);
}

static int ond_reduce(const struct bench_args *a)
{
    return ortho_nd_reduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->root, a->grid);
}

static int ond_allreduce(const struct bench_args *a)
{
    return ortho_nd_allreduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->grid);
}

static int ond_gather(const struct bench_args *a)
{
    return ortho_nd_gather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root,
                           a->grid);
}

static int ond_scatter(const struct bench_args *a)
{
    return ortho_nd_scatter(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root,
                            a->grid);
}

static int ond_allgather(const struct bench_args *a)
{
    return ortho_nd_allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->grid);
}

static int dropin_bcast(const struct bench_args *a)
{
    return ortho_bcast(a->rbuf, a->count, a->type, a->root, a->comm);
}

static int dropin_reduce(const struct bench_args *a)
{
    return ortho_reduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->root, a->comm);
}

static int dropin_allreduce(const struct bench_args *a)
{
    return ortho_allreduce(a->sbuf, a->rbuf, a->count, a->type, a->mpi_op, a->comm);
}

static int dropin_gather(const struct bench_args *a)
{
    return ortho_gather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root, a->comm);
}

static int dropin_scatter(const struct bench_args *a)
{
    return ortho_scatter(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->root,
                         a->comm);
}

static int dropin_allgather(const struct bench_args *a)
{
    return ortho_allgather(a->sbuf, a->count, a->type, a->rbuf, a->count, a->type, a->comm);
}

/* Order of fn[]: bcast, reduce, allreduce, gather, scatter, allgather.
 * "2d" runs on the 2D layouts, "nd" on layouts of 3 or more dimensions
 * (ortho_nd_ on a 2D grid is ortho_2d_, so it is not timed twice),
 * "dropin" lets the library choose the layout (ORTHO_GRID, a profile, or
 * its balanced 2D default): min_dims 0 means one point per size, layout
 * "auto". */
static const struct bench_impl impls[] = {
    { "native", 1, 1,
      { native_bcast, native_reduce, native_allreduce, native_gather, native_scatter,
        native_allgather } },
    { "2d", 2, 2,
      { o2d_bcast, o2d_reduce, o2d_allreduce, o2d_gather, o2d_scatter, o2d_allgather } },
    { "nd", 3, ORTHO_GRID_MAX_DIMS,
      { ond_bcast, ond_reduce, ond_allreduce, ond_gather, ond_scatter, ond_allgather } },
    { "dropin", 0, 0,
      { dropin_bcast, dropin_reduce, dropin_allreduce, dropin_gather, dropin_scatter,
        dropin_allgather } },
};

const struct bench_impl *bench_impls(int *n)
{
    *n = (int)(sizeof impls / sizeof impls[0]);
    return impls;
}

/* ---- data ----------------------------------------------------------------- */

/* Rank r's block: a pseudo-random byte sequence of period PERIOD (a
 * prime) read from offset (97 r) mod PERIOD, with r itself in its first
 * four bytes. A block in the wrong place shows in those bytes, a block
 * shifted by anything but a multiple of PERIOD in the rest; filling and
 * checking are memcpy and memcmp against one pattern of a block's length. */
#define PERIOD 251u
#define HEADER 4u

static unsigned char pattern_byte(size_t j)
{
    uint32_t x = (uint32_t)(j % PERIOD) * 0x9E3779B1u + 0x7F4A7C15u;
    x ^= x >> 15;
    x *= 0x2C1B3C6Du;
    x ^= x >> 13;
    return (unsigned char)(x >> 24);
}

static const unsigned char *block_pattern(const struct bench_bufs *b, int r)
{
    return b->pattern + (size_t)r * 97u % PERIOD;
}

static void put_header(unsigned char *buf, int r, size_t n)
{
    for (size_t k = 0; k < HEADER && k < n; k++)
        buf[k] = (unsigned char)((unsigned)r >> (8 * k));
}

static void fill_bytes(const struct bench_bufs *b, unsigned char *buf, int r, size_t n)
{
    memcpy(buf, block_pattern(b, r), n);
    put_header(buf, r, n);
}

static int same_bytes(const struct bench_bufs *b, const unsigned char *buf, int r, size_t n)
{
    unsigned char head[HEADER];
    size_t h = n < HEADER ? n : HEADER;
    memcpy(head, block_pattern(b, r), h);
    put_header(head, r, h);
    return memcmp(buf, head, h) == 0 && memcmp(buf + h, block_pattern(b, r) + h, n - h) == 0;
}

/* Element i of rank r's vector in the reductions; the sum over p ranks,
 * 3 p (p + 1) / 2 + p (i % 1021), is exact in an int up to p = 16384 and
 * tells a missing or repeated rank and a shifted element apart. */
static int int_at(int r, size_t i)
{
    return 3 * (r + 1) + (int)(i % 1021u);
}

static long long int_sum(int p, size_t i)
{
    return 3LL * p * (p + 1) / 2 + (long long)p * (long long)(i % 1021u);
}

int bench_count(enum bench_op op, double bytes, double *actual_bytes)
{
    size_t unit = op == BENCH_REDUCE || op == BENCH_ALLREDUCE ? sizeof(int) : 1;
    int count = (int)(bytes / (double)unit);
    if (actual_bytes != NULL)
        *actual_bytes = (double)count * (double)unit;
    return count;
}

/* The one difference between the real and the simulated build: SMPI's
 * shared buffers (its mpi.h defines the macros). */
int bench_shared_available(void)
{
#ifdef SMPI_SHARED_MALLOC
    return 1;
#else
    return 0;
#endif
}

const char *bench_build_name(void)
{
    return bench_shared_available() ? "SMPI" : "MPI";
}

static void *alloc_bytes(size_t n, int shared)
{
#ifdef SMPI_SHARED_MALLOC
    if (shared)
        return SMPI_SHARED_MALLOC(n);
#else
    (void)shared;
#endif
    return malloc(n);
}

static void free_bytes(void *p, int shared)
{
    if (p == NULL)
        return;
#ifdef SMPI_SHARED_FREE
    if (shared) {
        SMPI_SHARED_FREE(p);
        return;
    }
#else
    (void)shared;
#endif
    free(p);
}

void bench_bufs_need(enum bench_op op, int count, int root, int rank, int p, size_t *sbytes,
                     size_t *rbytes)
{
    int reduction = op == BENCH_REDUCE || op == BENCH_ALLREDUCE;
    size_t block = (size_t)count * (reduction ? sizeof(int) : 1);
    size_t all = block * (size_t)p;
    int is_root = rank == root;
    *sbytes = *rbytes = 0;
    switch (op) {
    case BENCH_BCAST: *rbytes = block; break;
    case BENCH_REDUCE: *sbytes = block; *rbytes = is_root ? block : 0; break;
    case BENCH_ALLREDUCE: *sbytes = block; *rbytes = block; break;
    case BENCH_GATHER: *sbytes = block; *rbytes = is_root ? all : 0; break;
    case BENCH_SCATTER: *sbytes = is_root ? all : 0; *rbytes = block; break;
    case BENCH_ALLGATHER: *sbytes = block; *rbytes = all; break;
    default: break;
    }
}

int bench_bufs_create(struct bench_bufs *b, size_t scap, size_t rcap, size_t block, int shared)
{
    memset(b, 0, sizeof *b);
    b->shared = shared;
    b->scap = scap;
    b->rcap = rcap;
    if ((scap > 0 && (b->sbuf = alloc_bytes(scap, shared)) == NULL)
        || (rcap > 0 && (b->rbuf = alloc_bytes(rcap, shared)) == NULL)
        || (!shared && (b->pattern = malloc(block + PERIOD)) == NULL)) {
        bench_bufs_free(b);
        return -1;
    }
    for (size_t j = 0; !shared && j < block + PERIOD; j++)
        b->pattern[j] = pattern_byte(j);
    return 0;
}

void bench_bufs_prepare(struct bench_bufs *b, struct bench_args *a, enum bench_op op, int count,
                        int root, int rank, int p)
{
    int reduction = op == BENCH_REDUCE || op == BENCH_ALLREDUCE;
    size_t block = (size_t)count * (reduction ? sizeof(int) : 1);
    bench_bufs_need(op, count, root, rank, p, &b->sbytes, &b->rbytes);
    memset(a, 0, sizeof *a);
    a->op = op;
    /* Buffers MPI ignores (the receive buffer of a non-root) are NULL. */
    a->sbuf = b->sbytes > 0 ? b->sbuf : NULL;
    a->rbuf = b->rbytes > 0 ? b->rbuf : NULL;
    a->count = count;
    a->type = reduction ? MPI_INT : MPI_BYTE;
    a->mpi_op = MPI_SUM;
    a->root = root;
    if (b->shared)
        return;   /* the bytes are shared by all ranks: nothing to fill */
    if (reduction) {
        int *v = b->sbuf;
        for (size_t i = 0; i < (size_t)count; i++)
            v[i] = int_at(rank, i);
    } else if (op == BENCH_SCATTER) {
        if (rank == root)
            for (int r = 0; r < p; r++)
                fill_bytes(b, (unsigned char *)b->sbuf + (size_t)r * block, r, block);
    } else if (op == BENCH_BCAST) {
        if (rank == root)
            fill_bytes(b, b->rbuf, root, block);
    } else {
        fill_bytes(b, b->sbuf, rank, block);
    }
}

void bench_bufs_free(struct bench_bufs *b)
{
    free_bytes(b->sbuf, b->shared);
    free_bytes(b->rbuf, b->shared);
    free(b->pattern);
    b->sbuf = b->rbuf = NULL;
    b->pattern = NULL;
}

void bench_bufs_reset(struct bench_bufs *b, const struct bench_args *a, int rank)
{
    if (b->shared)
        return;
    if (a->op == BENCH_BCAST) {
        if (rank != a->root)
            memset(b->rbuf, SENTINEL_BYTE, b->rbytes);
    } else if (b->rbytes > 0) {
        memset(b->rbuf, SENTINEL_BYTE, b->rbytes);
    }
}

int bench_bufs_check(const struct bench_bufs *b, const struct bench_args *a, int rank, int p)
{
    size_t block;
    const unsigned char *r = b->rbuf;
    if (b->shared)
        return 1;
    switch (a->op) {
    case BENCH_BCAST:
        return same_bytes(b, r, a->root, (size_t)a->count);
    case BENCH_REDUCE:
    case BENCH_ALLREDUCE:
        if (a->op == BENCH_REDUCE && rank != a->root)
            return 1;
        for (size_t i = 0; i < (size_t)a->count; i++)
            if (((const int *)b->rbuf)[i] != int_sum(p, i))
                return 0;
        return 1;
    case BENCH_SCATTER:
        return same_bytes(b, r, rank, (size_t)a->count);
    case BENCH_GATHER:
    case BENCH_ALLGATHER:
        if (a->op == BENCH_GATHER && rank != a->root)
            return 1;
        block = (size_t)a->count;
        for (int q = 0; q < p; q++)
            if (!same_bytes(b, r + (size_t)q * block, q, block))
                return 0;
        return 1;
    default:
        return 0;
    }
}
