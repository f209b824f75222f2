/* The trees variant's shared setup (trees_links.h). */
#include "variants/trees_links.h"

#include <string.h>

#include "model/variants.h"
#include "variants/common.h"

/* The grid rank of torus vertex v of the trees rooted at coordinates rc. */
static int rank_of(const struct ortho_grid *grid, int v, const int rc[])
{
    int c[ORTHO_GRID_MAX_DIMS], r = 0;
    ortho__grid_coords(grid, v, c);
    for (int d = 0; d < grid->ndims; d++)
        r = r * grid->dims[d] + (c[d] + rc[d]) % grid->dims[d];
    return r;
}

/* This process's vertex: its coordinates less the root's. */
static int vertex_of(const struct ortho_grid *grid, const int rc[])
{
    int v = 0;
    for (int d = 0; d < grid->ndims; d++)
        v = v * grid->dims[d] + (grid->coords[d] - rc[d] + grid->dims[d]) % grid->dims[d];
    return v;
}

int ortho__trees_loop(int n, MPI_Request req[], int k, int (*move)(void *ctx, int t),
                      int (*done)(void *ctx, int idx), void *ctx)
{
    int err = MPI_SUCCESS;
    while (!err) {
        int idx = MPI_UNDEFINED;
        for (int t = 0; t < k && !err; t++)
            err = move(ctx, t);
        if (!err)
            err = PMPI_Waitany(n, req, &idx, MPI_STATUS_IGNORE);
        if (err || idx == MPI_UNDEFINED)
            break;
        err = done(ctx, idx);
    }
    if (err)
        ortho__cancel_each(n, req);
    return err;
}

int ortho__trees_at(const struct ortho_grid *grid, int root, int n, MPI_Datatype type,
                    const struct ortho__segment_choice *seg, struct ortho__trees_at *at)
{
    struct ortho__tree_links l;
    int rc[ORTHO_GRID_MAX_DIMS], elem = 0;
    memset(at, 0, sizeof *at);
    ortho__grid_coords(grid, root, rc);
    int err = ortho__torus_trees_links(grid->ndims, grid->dims, vertex_of(grid, rc), &l);
    if (!err)
        err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    at->k = l.trees;
    for (int t = 0; t < at->k; t++) {
        at->parent[t] = l.parent[t] < 0 ? -1 : rank_of(grid, l.parent[t], rc);
        at->nchildren[t] = l.nchildren[t];
        for (int c = 0; c < l.nchildren[t]; c++)
            at->child[t][c] = rank_of(grid, l.children[t][c], rc);
    }
    if (at->k < 1)
        return MPI_SUCCESS;
    /* one segment size for every part, for an even part and the trees'
     * mean depth; never longer than an even part */
    struct ortho__segments sg;
    int part = (int)(((long long)n + at->k - 1) / at->k);
    ortho__segments_cut(n, elem,
                        ortho__model_trees_segment(
                            seg->prof, (double)part * elem,
                            ortho__torus_trees_mean_depth(at->k, l.depth), at->k,
                            ortho__model_trees_where(grid->size, seg->node_size),
                            ortho__torus_trees_stride(grid->ndims, grid->dims), seg->named),
                        &sg);
    at->per = sg.per < part ? sg.per : part;
    /* the shallow trees carry more: every part's pipeline as long */
    ortho__torus_trees_parts(n, at->per, at->k, l.depth, at->len);
    for (int t = 1; t < at->k; t++)
        at->off[t] = at->off[t - 1] + at->len[t - 1];
    return MPI_SUCCESS;
}
