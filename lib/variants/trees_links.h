/* The trees variant's shared setup (trees_bcast.c, trees_reduce.c): this
 * process's parent and children in each of the k arc-disjoint trees of
 * the grid's torus rooted at a given process, as grid ranks, the parts of
 * the vector and the segment size. Private. */
#ifndef ORTHO_VARIANTS_TREES_LINKS_H_INCLUDED
#define ORTHO_VARIANTS_TREES_LINKS_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"
#include "model/torus_trees.h"
#include "variants/segments.h"

struct ortho__trees_at {
    int k;                                          /* trees, one part each */
    int parent[ORTHO__TREES_MAX];                   /* grid ranks, -1 at the root */
    int nchildren[ORTHO__TREES_MAX];
    int child[ORTHO__TREES_MAX][ORTHO__TREES_MAX];  /* grid ranks */
    int off[ORTHO__TREES_MAX], len[ORTHO__TREES_MAX]; /* part t: elements of the vector */
    int per;                                        /* elements a segment */
};

/* The trees of grid rooted at grid rank root for n elements of type: the
 * links, the segment (the choice's, else the model's for an even part and
 * the trees' mean depth: ortho__model_trees_segment; at most an even
 * part) and the parts (ortho__torus_trees_parts: the shallower trees a
 * few segments more), equal on every process for equal arguments. */
int ortho__trees_at(const struct ortho_grid *grid, int root, int n, MPI_Datatype type,
                    const struct ortho__segment_choice *seg, struct ortho__trees_at *at);

/* The event loop of both: move() posts every send (and receive) of each
 * of the k parts that can go, then one of the n requests completes and
 * done() takes it (its index), until all are null. After an error every
 * pending request is cancelled and completed. */
int ortho__trees_loop(int n, MPI_Request req[], int k, int (*move)(void *ctx, int t),
                      int (*done)(void *ctx, int idx), void *ctx);

/* Part t's segments, and segment j's length (elements). */
static inline int ortho__trees_segments(const struct ortho__trees_at *at, int t)
{
    return at->len[t] > 0 ? (int)(((long long)at->len[t] + at->per - 1) / at->per) : 0;
}

static inline int ortho__trees_seg_len(const struct ortho__trees_at *at, int t, int j)
{
    int left = at->len[t] - j * at->per;
    return left < at->per ? left : at->per;
}

#endif /* ORTHO_VARIANTS_TREES_LINKS_H_INCLUDED */
