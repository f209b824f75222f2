/**
 * \file ortho_candidate.h
 * \brief The vocabulary every part of ortho shares: the collective
 * operations, the algorithms (variants) and phase orders a call can run,
 * and a *candidate*, what one call runs (the native collective, or a
 * variant on a grid with a phase order), with its name and the list of
 * candidates for an operation on p processes.
 *
 * The drop-in functions (ortho_dropin.h) run candidates, selection
 * (ortho_select.h) chooses them, the model (ortho_model.h) predicts them and
 * profiles name them. Nothing here communicates; every function is Not
 * collective. Errors are returned (MPI_ERR_ARG, MPI_ERR_TRUNCATE), never
 * raised.
 */
#ifndef ORTHO_CANDIDATE_H_INCLUDED
#define ORTHO_CANDIDATE_H_INCLUDED

#include <mpi.h>

#include "ortho_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The collective operations. The model's runtime functions cover the
 *  first six (ORTHO_MODEL_NOPS, ortho_model.h); the drop-ins all nine. */
typedef enum ortho_op {
    ORTHO_OP_BCAST = 0,
    ORTHO_OP_REDUCE,
    ORTHO_OP_GATHER,
    ORTHO_OP_SCATTER,
    ORTHO_OP_ALLREDUCE,
    ORTHO_OP_ALLGATHER,
    ORTHO_OP_ALLGATHERV,
    ORTHO_OP_GATHERV,
    ORTHO_OP_SCATTERV,
    ORTHO_OP_COUNT
} ortho_op;

/** \brief "MPI_Bcast", "MPI_Reduce", ...; NULL for an invalid op. Not collective. */
const char *ortho_op_name(ortho_op op);

/** \brief "bcast", "reduce", ..., "scatterv": the word profiles,
 *  ORTHO_VARIANT and the tools use; NULL for an invalid op. Not collective. */
const char *ortho_op_word(ortho_op op);

/** \brief The op whose word (ortho_op_word()) is \p word. Not collective.
 *  \return MPI_SUCCESS; MPI_ERR_ARG for an unknown word or a NULL argument
 *  (not raised). */
int ortho_op_from_word(const char *word, ortho_op *op);

/**
 * \brief The algorithms a drop-in call can run (one file each under
 * lib/variants/ or lib/ortho2d/, each opening with its cost formula; the
 * model composes the same formula in lib/model/variants.c; docs/variants.md).
 *
 * Each is valid for some operations only (ortho_variant_valid()); a
 * candidate whose variant does not apply to an operation runs "phases".
 */
typedef enum ortho_variant {
    /** "native": the PMPI_ collective on the caller's communicator. */
    ORTHO_VARIANT_NATIVE = 0,
    /** "phases": one native collective per grid dimension (the paper's
     *  orthogonal realization; all nine operations). */
    ORTHO_VARIANT_PHASES,
    /** "rsag": reduce and allreduce, bandwidth-optimal: reduce-scatter
     *  inside the first groups, each 1/p2 piece reduced across the other
     *  groups, then gather (reduce) or allgather (allreduce) inside the
     *  first groups. */
    ORTHO_VARIANT_RSAG,
    /** "scag": bcast, bandwidth-optimal: scatter inside the root's first
     *  group, each piece broadcast across the other groups, allgather
     *  inside the first groups. */
    ORTHO_VARIANT_SCAG,
    /** "pipe": pipelined phases. Allgather and allgatherv: a ring in the
     *  columns (the lanes of a node-aware grid), each step overlapped with
     *  the allgather, in every row, of the blocks that have just arrived;
     *  the rows order swaps the roles. Bcast, reduce and allreduce: the
     *  message cut into segments, each segment's phases (nonblocking
     *  collectives in the rows and in one column) overlapped with those of
     *  the next segments; bcast's and reduce's segments cross the columns
     *  along chains, or, on long columns, down or up two binary trees.
     *  Its ORTHO_ORDER_PAPER is the columns order for allgather(v), the
     *  rows order for bcast, reduce and allreduce. */
    ORTHO_VARIANT_PIPE,
    /** "chain": bcast and reduce as a pipelined chain of segments through
     *  every process of the grid, row after row (node after node), by
     *  point-to-point messages: every link carries the message once, for
     *  flat networks where two phases give nothing. Rows order only. */
    ORTHO_VARIANT_CHAIN,
    /** "spread": bcast and reduce in segments, each cut into one piece per
     *  non-root process: the root streams the pieces to their owners, who
     *  forward them to every other process (bcast), or the owners combine
     *  every process's share of their piece and send it to the root
     *  (reduce). Every link carries the message about once and the
     *  pipeline is two hops deep at any p: for flat networks. Rows order
     *  only; the grid's shape does not matter. */
    ORTHO_VARIANT_SPREAD,
    /** "rings": allreduce, bcast, reduce, allgather, gather and scatter
     *  as rings in every dimension of the grid at once: the message cut
     *  into two parts per dimension longer than 1, each part a
     *  reduce-scatter (bcast: a scatter from the root's ring on) along
     *  the dims in turn, starting at its own, one direction of the ring
     *  each, and the allgather back (reduce: a gather into the root's
     *  rings; allgather, gather, scatter: that half alone, on every
     *  process's block), every part running on its own.
     *  Every process then sends to all its ring neighbours at once: on a
     *  torus whose dims the grid's match, every link in both directions.
     *  Full grids only (otherwise allreduce and reduce run rsag's rows
     *  order, bcast scag's), rows order only; non-commutative operations
     *  run rsag's rows order. */
    ORTHO_VARIANT_RINGS,
    /** "trees": bcast and reduce along k spanning trees of the grid's
     *  torus (every process linked to its neighbours at +1 and -1 in each
     *  dimension) that share no link, k = 2 per dimension longer than 2
     *  (1 for a dimension of 2): the message cut into k parts, each sent
     *  down its tree in segments (reduce: summed up it), so that every
     *  link carries 1/k of it and the root sends (receives) on all k at
     *  once. For tori whose dims the grid's match. Full grids only
     *  (otherwise scag's rows order for bcast, rsag's for reduce), rows
     *  order only; reduce with commutative operations (else rsag's rows
     *  order). */
    ORTHO_VARIANT_TREES,
    ORTHO_VARIANT_COUNT
} ortho_variant;

/**
 * \brief Which groups the first phase runs in. On a grid d[0] x ... x
 * d[k-1] the rows are the last dimension (on a node-aware grid: the
 * processes of one node) and the columns the others (node-aware: the
 * lanes, one process per node with the same local rank).
 */
typedef enum ortho_order {
    /** The paper's order: "phases" bcast and scatter as ORTHO_ORDER_COLS
     *  (the root's column first), everything else as ORTHO_ORDER_ROWS. */
    ORTHO_ORDER_PAPER = 0,
    /** The rows first: the first phase runs in the rows (bcast, scatter
     *  and scag: in the root's row, then in every column). */
    ORTHO_ORDER_ROWS,
    /** The columns first (bcast, scatter and scag: the root's column, then
     *  every row). Gather and allgather(v) then place the blocks by their
     *  displacements or reorder them at the root (see each variant's
     *  file). Not offered, so the paper's order runs: gatherv and
     *  scatterv; gather, scatter and allgather(v) other than pipe on
     *  uneven grids. Reduce, allreduce and rsag with a non-commutative
     *  MPI_Op run the rows order, which keeps rank order. */
    ORTHO_ORDER_COLS
} ortho_order;

/**
 * \brief What a drop-in call runs: the native collective, or a variant on
 * a grid with a phase order.
 *
 * A zero-initialized candidate is the native operation with no layout.
 * For variant NATIVE the other fields are ignored.
 */
typedef struct ortho_candidate {
    ortho_variant variant;
    ortho_order order;
    /** 1: a node-aware grid (ortho_grid_create_nodes()): the last
     *  dimension is the shared-memory node and the leading dimensions
     *  factor the number of nodes. Falls back to a plain grid (of the same
     *  dims when given, else balanced) when the nodes differ in size by
     *  more than one short node. */
    int node_aware;
    /** 0: the default layout (node-aware: nodes x node size; otherwise the
     *  balanced 2D box); 1: one phase (the native operation); 2 or more:
     *  the extents in dims (ortho_grid_create_uneven() rules; a 0 entry is
     *  chosen; node-aware: dims[ndims-1] 0 means the node size). */
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];
    /** The segment size in bytes of the pipelined variants (pipe for bcast,
     *  reduce and allreduce; chain; spread): 0 chooses it from the model (the
     *  minimum of the pipeline's cost, lib/model/segment.c); otherwise cut
     *  at element boundaries (reductions: at least one element per
     *  segment). Must be 0 for the other variants. */
    int segment;
} ortho_candidate;

/** Room for a candidate's name, with its terminating 0. */
#define ORTHO_CANDIDATE_NAME_MAX 96

/** \brief "native", "phases", "rsag", "scag", "pipe", "chain", "spread",
 *  "rings"; NULL for an
 *  invalid value. Not collective. */
const char *ortho_variant_name(ortho_variant variant);

/** \brief 1 when \p variant applies to \p op (native and phases to all
 *  nine, rsag to reduce and allreduce, scag to bcast, pipe to allgather,
 *  allgatherv, bcast, reduce and allreduce, chain and spread to bcast
 *  and reduce, rings to allreduce, bcast, reduce, allgather, gather and
 *  scatter),
 *  else 0. Not collective. */
int ortho_variant_valid(ortho_variant variant, ortho_op op);

/**
 * \brief The name of a candidate, as profiles, ORTHO_VARIANT and
 * ORTHO_VERBOSE write it: the variant, then the fields that differ from
 * their defaults, separated by ':':
 * "native", "phases", "phases:8x16", "phases:node:cols", "rsag:4x4x8:rows",
 * "scag:16x8:node", "pipe:node:rows:seg=64K", "chain:2x64:rows". A segment
 * size is written "seg=" and bytes, with the suffix K (KiB) or M (MiB)
 * where it divides exactly. Not collective.
 * \param[out] text  room for \p len characters (ORTHO_CANDIDATE_NAME_MAX
 *                   always suffices)
 * \return MPI_SUCCESS; MPI_ERR_ARG for NULL arguments or an invalid
 *         candidate; MPI_ERR_TRUNCATE when \p len is too small.
 */
int ortho_candidate_name(const ortho_candidate *cand, char *text, int len);

/**
 * \brief Parse a candidate name (the inverse of ortho_candidate_name(),
 * which gives the same candidate back): a variant name, then in any order
 * a layout ("8x16", "4x4x8", "0x8"), "node", an order ("paper",
 * "rows", "cols"), and for pipe, chain and spread a segment size ("seg=65536",
 * "seg=64K", "seg=1M": bytes, 1 to 2^30). Spaces around the text are
 * ignored. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for NULL arguments or text that is not
 *         a candidate.
 */
int ortho_candidate_parse(const char *text, ortho_candidate *cand);

/**
 * \brief The candidates the drop-ins can run for \p op on \p p processes
 * whose nodes hold \p node_size processes each (0: unknown or unequal
 * nodes: no node-aware candidates), with grids of 2 to \p maxdims
 * dimensions, each with its layout and order explicit (never
 * ORTHO_ORDER_PAPER), without duplicates:
 *  - native first;
 *  - "phases" on every 2D layout p1 x p2 of p with both factors >= 2, rows
 *    and cols orders (gatherv and scatterv: the paper's order only, the
 *    other is not offered), then on the N-D layouts of 3 to maxdims
 *    dimensions (every factor >= 2) in the paper's order;
 *  - the op's other variants (rsag, scag, pipe) on the same 2D layouts,
 *    both orders; chain and spread (bcast, reduce) once each, on the
 *    first of them (p1 the smallest factor), rows order: their path does
 *    not depend on the layout of a plain grid;
 *  - with node_size >= 2 dividing p and p / node_size >= 2, node-aware
 *    candidates of every applicable variant: {p/node_size, node_size}
 *    in both orders (chain, spread: rows only), and for maxdims >= 3 the node-aware layouts
 *    {a, b, node_size} with a x b = p / node_size in the paper's order.
 * Not collective; needs no MPI.
 * \param[out] out  room for \p cap candidates (may be NULL when cap is 0)
 * \param[out] n    how many there are (may exceed cap; only cap are stored)
 * \return MPI_SUCCESS; MPI_ERR_ARG for an invalid op, p < 1, maxdims < 1
 *         or a NULL n.
 */
int ortho_candidates(ortho_op op, int p, int node_size, int maxdims, ortho_candidate out[],
                     int cap, int *n);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_CANDIDATE_H_INCLUDED */
