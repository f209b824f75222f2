/* The two trees of pipe's bcast and reduce, and a process's part in the
 * lanes (lane_trees.h). */
#include "variants/lane_trees.h"

#include "model/variants.h"

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

void ortho__lane_role_of(int len, int ome, int in_second, int me, int pieces, int trees,
                         struct ortho__lane_role *role)
{
    int q = (ome - in_second + len) % len;
    role->pieces = pieces;
    role->me = me;
    role->per_step = trees ? 2 : 1;
    if (!trees) {
        role->height = len - 1;
        role->pos = role->row_depth[0] = role->row_depth[1] = q;
        role->parent = q > 0 ? (ome - 1 + len) % len : MPI_PROC_NULL;
        role->kids[0] = (ome + 1) % len;
        role->nkids = q < len - 1;
        return;
    }
    struct ortho__lane_place pl[2];
    for (int e = 0; e < 2; e++) {
        ortho__lane_tree_place(len, e, q, &pl[e]);
        role->row_depth[e] = pl[e].depth;
    }
    const struct ortho__lane_place *mine = &pl[me % 2];
    role->height = ortho__model_pipe_tree_hops(len);
    role->pos = mine->depth;
    role->parent = mine->parent < 0 ? MPI_PROC_NULL : (mine->parent + in_second) % len;
    role->nkids = mine->nkids;
    for (int i = 0; i < mine->nkids; i++)
        role->kids[i] = (mine->kids[i] + in_second) % len;
}

int ortho__lane_own(const struct ortho__lane_role *role, int K, int s)
{
    for (int k = s * role->per_step; k >= 0 && k < (s + 1) * role->per_step && k < K; k++)
        if (k % role->pieces == role->me)
            return k;
    return -1;
}

/* tree e's segment of step s, -1 when none */
static int tree_segment(const struct ortho__lane_role *role, int K, int s, int e)
{
    for (int k = s * role->per_step; k >= 0 && k < (s + 1) * role->per_step && k < K; k++)
        if (ortho__lane_tree(role, k) == e)
            return k;
    return -1;
}

void ortho__lane_row(const struct ortho__lane_role *role, int K, int s0, int s1, int k[2])
{
    int a = tree_segment(role, K, s0, 0), b = tree_segment(role, K, s1, 1);
    k[0] = a <= b ? a : b;
    k[1] = a <= b ? b : a;
}
