/* The candidates of an operation on p processes (ortho_candidates()):
 * native, every valid variant on every 2D layout in both orders, the
 * paper's phases and rings on N-D layouts, and node-aware grids; chain and
 * spread once per kind of grid (plain, node-aware), in the rows order;
 * rings and trees on plain grids only (2D and N-D), in the rows order. */
#include "candidate/candidate_private.h"

#include <string.h>

/* Appends a candidate when there is room, counting it in any case. */
static void add(ortho_candidate out[], int cap, int *n, ortho_variant v, ortho_order order,
                int node_aware, int ndims, const int dims[])
{
    if (*n < cap) {
        ortho_candidate *c = &out[*n];
        memset(c, 0, sizeof *c);
        c->variant = v;
        c->order = order;
        c->node_aware = node_aware;
        c->ndims = ndims;
        if (ndims > 0)
            memcpy(c->dims, dims, (size_t)ndims * sizeof dims[0]);
    }
    (*n)++;
}

/* A 2D candidate in both orders, or in the paper's only where the other
 * is not offered (gatherv, scatterv). */
static void add_orders(ortho_candidate out[], int cap, int *n, ortho_variant v, ortho_op op,
                       int node_aware, const int dims[])
{
    if (op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV) {
        add(out, cap, n, v, ortho__order_resolve(v, op, ORTHO_ORDER_PAPER), node_aware, 2, dims);
        return;
    }
    add(out, cap, n, v, ORTHO_ORDER_ROWS, node_aware, 2, dims);
    if (!ortho__variant_rows_only(v))
        add(out, cap, n, v, ORTHO_ORDER_COLS, node_aware, 2, dims);
}

/* Every factorization of m into k factors >= 2 (lexicographic), followed
 * by the extent `tail` when it is not 0: layouts of k or k + 1 dims. */
static void add_nd(ortho_candidate out[], int cap, int *n, ortho_variant v, int node_aware,
                   int m, int k, int dims[], int depth, int tail)
{
    if (depth == k - 1) {
        if (m < 2)
            return;
        dims[depth] = m;
        if (tail > 0)
            dims[k] = tail;
        add(out, cap, n, v, ORTHO_ORDER_PAPER, node_aware, tail > 0 ? k + 1 : k, dims);
        return;
    }
    for (int f = 2; f <= m / 2; f++)
        if (m % f == 0) {
            dims[depth] = f;
            add_nd(out, cap, n, v, node_aware, m / f, k, dims, depth + 1, tail);
        }
}

int ortho_candidates(ortho_op op, int p, int node_size, int maxdims, ortho_candidate out[],
                     int cap, int *n)
{
    if ((int)op < 0 || op >= ORTHO_OP_COUNT || p < 1 || maxdims < 1 || n == NULL ||
        (cap > 0 && out == NULL))
        return MPI_ERR_ARG;
    if (maxdims > ORTHO_GRID_MAX_DIMS)
        maxdims = ORTHO_GRID_MAX_DIMS;
    *n = 0;
    add(out, cap, n, ORTHO_VARIANT_NATIVE, ORTHO_ORDER_PAPER, 0, 0, NULL);
    int dims[ORTHO_GRID_MAX_DIMS];
    for (int v = ORTHO_VARIANT_PHASES; v < ORTHO_VARIANT_COUNT; v++) {
        if (!ortho_variant_valid((ortho_variant)v, op) || maxdims < 2 ||
            (v == ORTHO_VARIANT_TREES && p > ORTHO__TREES_MAX_PROCS))
            continue;
        for (int p1 = 2; p1 <= p / 2; p1++)
            if (p % p1 == 0) {
                dims[0] = p1;
                dims[1] = p / p1;
                add_orders(out, cap, n, (ortho_variant)v, op, 0, dims);
                if (v == ORTHO_VARIANT_CHAIN || v == ORTHO_VARIANT_SPREAD)
                    break; /* the same chain (spread) on every plain layout */
            }
        if (v == ORTHO_VARIANT_PHASES || v == ORTHO_VARIANT_RINGS || v == ORTHO_VARIANT_TREES)
            for (int k = 3; k <= maxdims; k++)
                add_nd(out, cap, n, (ortho_variant)v, 0, p, k, dims, 0, 0);
    }
    if (node_size >= 2 && p % node_size == 0 && p / node_size >= 2) {
        int nodes = p / node_size;
        for (int v = ORTHO_VARIANT_PHASES; v < ORTHO_VARIANT_COUNT; v++) {
            if (!ortho_variant_valid((ortho_variant)v, op) || ortho__variant_torus(v))
                continue;
            dims[0] = nodes;
            dims[1] = node_size;
            add_orders(out, cap, n, (ortho_variant)v, op, 1, dims);
            if (v == ORTHO_VARIANT_PHASES)
                for (int k = 3; k <= maxdims; k++)
                    add_nd(out, cap, n, (ortho_variant)v, 1, nodes, k - 1, dims, 0, node_size);
        }
    }
    return MPI_SUCCESS;
}
