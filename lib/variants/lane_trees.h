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

/* Position q in tree e (0 or 1): its depth (0 at q = 0), its parent (-1
 * at q = 0) and its 0, 1 or 2 children, all as positions. */
struct ortho__lane_place {
    int depth, parent, nkids;
    int kids[2];
};

void ortho__lane_tree_place(int len, int e, int q, struct ortho__lane_place *pl);

#endif /* ORTHO_VARIANTS_LANE_TREES_H_INCLUDED */
