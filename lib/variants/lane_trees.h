/* The two trees pipe's bcast sends its segments down (bcast_pipe.c).
 * Private.
 *
 * A column of len members, position q = 0 .. len - 1 counted from the
 * root's row (q = 0). Position 0 sends each segment to one top member;
 * below it the other m = len - 1 positions form a binary heap, in order
 * 1, 2, .., m for tree 0 and m, m - 1, .., 1 for tree 1. A heap's first
 * floor(m / 2) members are its inner ones, so no position is inner in
 * both trees: where the lanes of even and odd leaders take trees 0 and 1,
 * every member's link carries each byte of the message at most once out
 * (an inner member sends its half twice), as along a chain, in
 * 1 + floor(log2 m) hops instead of m. */
#ifndef ORTHO_VARIANTS_LANE_TREES_H_INCLUDED
#define ORTHO_VARIANTS_LANE_TREES_H_INCLUDED

#include <mpi.h>

/* Position q in tree e (0 or 1): its depth (0 at q = 0), its parent (-1
 * at q = 0) and its 0, 1 or 2 children, all as positions. */
struct ortho__lane_place {
    int depth, parent, nkids;
    int kids[2];
};

void ortho__lane_tree_place(int len, int e, int q, struct ortho__lane_place *pl);

/* A process's part in pipe's lanes (bcast_pipe.c, reduce_pipe.c): down
 * or up the two trees (trees) or along chains. Members are indices in
 * the second group (a column of len, the root's row at in_second); `me`
 * is the process's member index in its first group, whose parity picks
 * its lane's tree. */
struct ortho__lane_role {
    int pieces, me;   /* the lanes (one per leader), and this process's
                       * member index in its first group (a lane's leader
                       * below pieces) */
    int per_step;     /* segments a step: 2, one per tree; 1 along chains */
    int height;       /* the deepest member's depth */
    int pos, parent;  /* its depth in its lane (0: the root's row) and the
                       * member nearer the root's row (MPI_PROC_NULL at 0) */
    int kids[2], nkids; /* the members farther from it */
    int row_depth[2]; /* its row's depth in tree 0 and 1 (both pos along
                       * chains) */
};

void ortho__lane_role_of(int len, int ome, int in_second, int me, int pieces, int trees,
                         struct ortho__lane_role *role);

/* The step at which the root's row sends segment k, and the tree it takes
 * (its lane's parity; 0 along chains). */
static inline int ortho__lane_step(const struct ortho__lane_role *role, int k)
{
    return k / role->per_step;
}

static inline int ortho__lane_tree(const struct ortho__lane_role *role, int k)
{
    return role->per_step == 2 ? (k % role->pieces) % 2 : 0;
}

/* Of the K segments: the one of this process's lane that the root's row
 * sends at step s (at most one: a step sends per_step <= pieces
 * consecutive segments), -1 when none. */
int ortho__lane_own(const struct ortho__lane_role *role, int K, int s);

/* Of the K segments: the one of tree 0 sent at step s0 and the one of
 * tree 1 sent at step s1, in the order of k (-1 where none): what a row
 * works on at one step, in an order its members agree on. */
void ortho__lane_row(const struct ortho__lane_role *role, int K, int s0, int s1, int k[2]);

#endif /* ORTHO_VARIANTS_LANE_TREES_H_INCLUDED */
