/* The shared vocabulary's internals (ortho_candidate.h). Private.
 *
 * lib/candidate is the lowest room but lib/common: every other room may
 * use it; it uses nothing but MPI's datatype-free constants. */
#ifndef ORTHO_CANDIDATE_PRIVATE_H_INCLUDED
#define ORTHO_CANDIDATE_PRIVATE_H_INCLUDED

#include "ortho_candidate.h"

/* The one rule for a phase order: the concrete order of `order` for
 * variant v and op. ORTHO_ORDER_PAPER is the columns order for "phases"
 * bcast, scatter and scatterv (the root's column first) and for "pipe"
 * allgather and allgatherv, the rows order for everything else; ROWS and COLS are themselves. */
ortho_order ortho__order_resolve(ortho_variant v, ortho_op op, ortho_order order);

/* 1 when variant v cuts its messages into segments (pipe, chain, spread,
 * trees): a candidate of v may carry a segment size. */
int ortho__variant_segments(ortho_variant v);

/* 1 when variant v runs in the rows order only (chain, spread, rings,
 * trees: one candidate per layout). */
int ortho__variant_rows_only(ortho_variant v);

/* 1 when variant v works on the grid as a torus (rings, trees): plain
 * grids only, where a grid's dims may match a torus network's. */
int ortho__variant_torus(ortho_variant v);

/* The most processes trees runs on: making its trees takes about k^2 p^2
 * steps, once per grid shape and process, and the model ranks trees on
 * every layout of p (on this project's 2-core machine all 36 layouts of
 * 512 took 0.9 s, the 45 of 1024 4.1 s; one 16x8x16 grid 1.3 s). Above
 * it trees is not a candidate and a forced one runs its fallback. */
enum { ORTHO__TREES_MAX_PROCS = 512 };

/* What a layout text (ORTHO_GRID, the layout field of a candidate name)
 * says. */
enum ortho_env_grid {
    ORTHO_ENV_UNSET,     /* not set or blank */
    ORTHO_ENV_NATIVE,    /* "native" */
    ORTHO_ENV_LAYOUT,    /* extents, e.g. "8x12" */
    ORTHO_ENV_MALFORMED
};

/* Parses a layout text: extents of 0 to 2^24 separated by 'x' (or 'X'),
 * 1 to ORTHO_GRID_MAX_DIMS of them, or "native"; spaces around are
 * ignored. NULL and blank are ORTHO_ENV_UNSET. */
enum ortho_env_grid ortho__parse_grid(const char *text, int *ndims, int dims[]);

#endif /* ORTHO_CANDIDATE_PRIVATE_H_INCLUDED */
