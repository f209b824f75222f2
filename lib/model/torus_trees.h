/* Arc-disjoint spanning trees of a grid's torus, for the trees variant
 * (lib/variants/trees_bcast.c) and its cost (lib/model/variants.c).
 * Private.
 *
 * The torus of a grid d_0 x ... x d_{n-1}: one vertex per position (row
 * major, the last dim fastest, as the grid's ranks), an arc from every
 * vertex to its neighbours at +1 and -1 in every dim longer than 1 (one
 * neighbour on a dim of 2). Every vertex has the same k out-arcs and k
 * in-arcs, and the torus has k spanning trees rooted at vertex 0 that
 * share no arc (Edmonds' branching theorem; the root's in-arcs are the
 * only ones left over). The trees of another root are these, translated. */
#ifndef ORTHO_MODEL_TORUS_TREES_H_INCLUDED
#define ORTHO_MODEL_TORUS_TREES_H_INCLUDED

#include "ortho_grid.h"

/* The most trees: two per dim. */
#define ORTHO__TREES_MAX (2 * ORTHO_GRID_MAX_DIMS)

/* One vertex's place in every tree, vertices relative to the root. */
struct ortho__tree_links {
    int trees;                            /* k, 0 for a grid of one position */
    int depth[ORTHO__TREES_MAX];          /* each tree's depth (hops root to deepest) */
    int parent[ORTHO__TREES_MAX];         /* -1 at the root */
    int nchildren[ORTHO__TREES_MAX];
    int children[ORTHO__TREES_MAX][ORTHO__TREES_MAX];
};

/* The number of trees of the torus of dims and each one's depth (depth[]
 * holds ORTHO__TREES_MAX). MPI_ERR_ARG for bad dims,
 * MPI_ERR_UNSUPPORTED_OPERATION above ORTHO__TREES_MAX_PROCS positions
 * (candidate_private.h), MPI_ERR_NO_MEM. The trees are made once per dims
 * and kept (the last few; their depths, of many more). */
int ortho__torus_trees_shape(int ndims, const int dims[], int *trees, int depth[]);

/* The rank distance of a step in the first dim longer than 1 (the
 * farthest neighbours in ranks but a dim's wrap): the product of the
 * dims after it; 1 when there is none. */
long long ortho__torus_trees_stride(int ndims, const int dims[]);

/* The depth a segment's pipeline is cut for: the mean of the k trees'
 * depths, rounded up (the parts below make every tree as long as the
 * deepest's with its part). */
int ortho__torus_trees_mean_depth(int k, const int depth[]);

/* n elements split into k parts for trees of these depths, segments of
 * per: tree t takes (deepest - depth[t]) segments more than the deepest,
 * so that every part's pipeline (its segments plus its depth) is as long;
 * len[] their lengths in tree order (the first n % ... one element more);
 * an even split where the shallow trees' extra would not fit. Equal on
 * every process for equal arguments. */
void ortho__torus_trees_parts(int n, int per, int k, const int depth[], int len[]);

/* vertex's parent and children in every tree of the torus of dims rooted
 * at vertex 0. */
int ortho__torus_trees_links(int ndims, const int dims[], int vertex,
                             struct ortho__tree_links *links);

/* The trees, made afresh (the cache's maker; for the tests): parent[t p +
 * v] is v's parent in tree t (-1 for the root, vertex 0), p the product of
 * dims; *parent is malloc'ed, the caller frees it. */
int ortho__torus_trees_make(int ndims, const int dims[], int *trees, int **parent, int depth[]);

#endif /* ORTHO_MODEL_TORUS_TREES_H_INCLUDED */
