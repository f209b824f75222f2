/* ortho-bench: native MPI collectives against their orthogonal versions.
 * Shared declarations of the files in bench/; docs/bench.md describes the program. */
#ifndef ORTHO_BENCH_H_INCLUDED
#define ORTHO_BENCH_H_INCLUDED

#include <stddef.h>
#include <stdio.h>

#include <mpi.h>

#include "ortho.h"

/* ---- operations (ops.c) --------------------------------------------------- */

enum bench_op {
    BENCH_BCAST, BENCH_REDUCE, BENCH_ALLREDUCE, BENCH_GATHER, BENCH_SCATTER,
    BENCH_ALLGATHER, BENCH_NOPS
};

const char *bench_op_name(enum bench_op op);

/* The library's name of the operation (ortho_candidate.h). */
ortho_op bench_ortho_op(enum bench_op op);

/* One call's arguments. The message size b is the block of one process:
 * the whole buffer for bcast, reduce and allreduce, one process's block
 * for gather, scatter and allgather. Data are MPI_BYTE (count = b) except
 * for the reductions, MPI_INT with MPI_SUM (count = b / 4): contiguous,
 * predefined types only (SimGrid 3.32 gets derived types wrong). */
struct bench_args {
    enum bench_op op;
    void *sbuf, *rbuf;
    int count;
    MPI_Datatype type;
    MPI_Op mpi_op;
    int root;
    MPI_Comm comm;       /* the communicator of the run */
    ortho_grid_t grid;   /* the layout's grid; NULL for implementations without one */
};

typedef int (*bench_fn)(const struct bench_args *a);

/* An implementation of the operations: the native MPI call, or an
 * orthogonal realization on grids of min_dims..max_dims dimensions (the
 * native one has min_dims = max_dims = 1 and no grid). A NULL entry: the
 * implementation lacks that operation. New variants are new table rows
 * (ops.c). */
struct bench_impl {
    const char *name;
    int min_dims, max_dims;
    bench_fn fn[BENCH_NOPS];
};

/* The table, the native implementation first. */
const struct bench_impl *bench_impls(int *n);

/* The buffers of a run on this rank, allocated once for the largest
 * point. shared: SMPI_SHARED_MALLOC (simulation only: all ranks share the
 * bytes, so results cannot be checked). sbytes, rbytes: what the current
 * point uses. */
struct bench_bufs {
    void *sbuf, *rbuf;
    size_t scap, rcap, sbytes, rbytes;
    unsigned char *pattern;   /* the bytes every block is cut from */
    int shared;
};

/* The element count of a message of `bytes` bytes for `op` (ints for the
 * reductions, bytes otherwise), and the bytes it really moves. */
int bench_count(enum bench_op op, double bytes, double *actual_bytes);

/* Bytes of the send and receive buffers of (op, count) on `rank` of `p`. */
void bench_bufs_need(enum bench_op op, int count, int root, int rank, int p, size_t *sbytes,
                     size_t *rbytes);

/* Allocate scap and rcap bytes for blocks of up to `block` bytes.
 * Returns 0, or -1 when out of memory. */
int bench_bufs_create(struct bench_bufs *b, size_t scap, size_t rcap, size_t block, int shared);
void bench_bufs_free(struct bench_bufs *b);

/* Set up the arguments of (op, count) on the buffers and fill the input. */
void bench_bufs_prepare(struct bench_bufs *b, struct bench_args *a, enum bench_op op, int count,
                        int root, int rank, int p);

/* 1 in the SMPI build (SMPI_SHARED_MALLOC exists), 0 under real MPI. */
int bench_shared_available(void);
const char *bench_build_name(void);

/* Before each call: receive buffers to a sentinel (and the bcast buffer
 * of non-roots), so that a call that writes nothing is caught. */
void bench_bufs_reset(struct bench_bufs *b, const struct bench_args *a, int rank);

/* After a call: 1 when this rank's result is the expected one (or this
 * rank has no result to check), 0 otherwise. */
int bench_bufs_check(const struct bench_bufs *b, const struct bench_args *a, int rank, int p);

/* ---- platform and bounds (bounds.c) ------------------------------------- */

#define BENCH_TORUS_MAX_DIMS 8

/* What the lower bounds need (docs/bench.md, "Lower bounds"). A SimGrid
 * <cluster>: n nodes, each with `links` links of bw bytes/s per direction
 * (a star: one link into a non-blocking switch; a torus: two per
 * dimension). A message between two nodes d hops apart waits d * hop_lat
 * before its bytes move (a star: one hop, both links' latencies). Ranks of
 * one node exchange over SimGrid's loopback, a FATPIPE: every flow gets
 * intra_bw however many run at once, so only its latency intra_lat bounds
 * anything. Where the ranks are: per_node[i] ranks on node i, the fewest
 * min_per_node, root_per_node on the root's node; root_reach the hops
 * from the root's node to the farthest node holding a rank, reach the
 * most hops between two such nodes (both 1 on a star of 2 or more nodes). */
struct bench_platform {
    char name[64];
    int known;             /* 0: no bounds (real MPI, or a topology they do not cover) */
    char why[128];         /* why not, when !known */
    double bw, hop_lat;
    int links;             /* links out of (and into) one node */
    double intra_bw, intra_lat;
    int torus_ndims;       /* 0: a star */
    int torus_dims[BENCH_TORUS_MAX_DIMS];
    char prefix[64];       /* host names: prefix, then the number of the node */
    long first_node;       /* the radical's first number */
    int nodes;             /* distinct hosts among the p ranks */
    int min_per_node;      /* fewest ranks on one of them */
    int root_per_node;     /* ranks on the root's node */
    int root_reach, reach; /* hops, see above */
};

/* Read the <cluster> of a SimGrid platform file into pf (pf->known = 0
 * with the reason in pf->why for a file the bounds do not cover: several
 * clusters, a backbone, a fat-tree or dragonfly topology, FATPIPE links).
 * Not collective. Returns 0, or -1 when the file cannot be read. */
int bench_platform_read(const char *path, struct bench_platform *pf);

/* Where the ranks of comm run (MPI_Get_processor_name: SMPI gives the
 * simulated host). Collective; the result is on `root`. On a torus a host
 * name that is not prefix + number sets pf->known = 0. */
int bench_platform_placement(struct bench_platform *pf, MPI_Comm comm, int root);

/* Hops between nodes a and b (their numbers in the cluster's radical,
 * counted from its first): 1 between two nodes of a star, the sum over
 * the dimensions of the shorter way round on a torus. Not collective. */
int bench_platform_hops(const struct bench_platform *pf, long a, long b);

/* Lower bound in seconds of (op, p, bytes) on the platform; 0 when
 * !pf->known or nothing must move. The formulas: bounds.c; their proofs:
 * docs/bench.md. */
double bench_bound(const struct bench_platform *pf, enum bench_op op, int p, double bytes);

/* ---- command-line helpers (cli.c; the rest: tools/cli.h) ------------------ */

/* Layouts "4x24,2x6x8" into dims (ndims each), returns the count or -1. */
int bench_parse_layouts(const char *text, int ndims[], int dims[][ORTHO_GRID_MAX_DIMS], int cap);

/* --candidates: the patterns (comma-separated, at most 64) that candidate
 * `name` of operation `op` (bench_op_name()) matches, one bit each (bit i:
 * the i-th pattern). A pattern matches a name when both start with the
 * same variant and every other field of the pattern is a field of the
 * name (fields are separated by ':'): "pipe:node" matches
 * "pipe:128x8:node:rows", "rsag:rows" every rsag in rows order, a full
 * name itself only; "OP=pattern" (allgather=pipe:node:cols) applies to
 * that operation only. Lets one list pick the same kinds of candidates at
 * any process count. */
unsigned long long bench_candidate_match(const char *patterns, const char *op, const char *name);

/* The patterns for op whose variant (their first field) is name's, one
 * bit each. */
unsigned long long bench_candidate_variant(const char *patterns, const char *op,
                                           const char *name);

/* "4x24", "2x6x8", "96" (the native operation). */
void bench_layout_name(int ndims, const int dims[], char *out, size_t cap);

#endif /* ORTHO_BENCH_H_INCLUDED */
