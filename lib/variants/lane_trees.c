/* The two trees of pipe's bcast (lane_trees.h). */
#include "variants/lane_trees.h"

/* 1 + floor(log2(i + 1)): the depth of heap index i, the top at 1. */
static int heap_depth(int i)
{
    int d = 1;
    for (i++; i > 1; i >>= 1)
        d++;
    return d;
}

/* heap index i of tree e as a position, and back */
static int position(int m, int e, int i)
{
    return e == 0 ? i + 1 : m - i;
}

void ortho__lane_tree_place(int len, int e, int q, struct ortho__lane_place *pl)
{
    int m = len - 1;
    pl->nkids = 0;
    if (q == 0) {
        pl->depth = 0;
        pl->parent = -1;
        if (m >= 1)
            pl->kids[pl->nkids++] = position(m, e, 0);
        return;
    }
    int i = e == 0 ? q - 1 : m - q;
    pl->depth = heap_depth(i);
    pl->parent = i == 0 ? 0 : position(m, e, (i - 1) / 2);
    for (int c = 2 * i + 1; c <= 2 * i + 2 && c < m; c++)
        pl->kids[pl->nkids++] = position(m, e, c);
}
