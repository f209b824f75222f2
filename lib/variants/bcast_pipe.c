/* Broadcast with pipelined phases ("pipe").
 *
 * Cost (alpha-beta, n bytes cut into k segments of s, p = p1 x p2, rows
 * order; every stage in flight on a different segment):
 *   T = (k + p1) max(alpha + s beta, t_bcast(p2, s))
 * with s from the model: the minimum of (n / s + p1)(alpha + s beta), at
 * s = sqrt(n alpha / (p1 beta)) (lib/model/segment.c, depth p1 + 1), or
 * the candidate's "seg=". Each segment crosses the columns along a chain,
 * so every node's link carries the message once in and once out (a tree
 * sends it lg p1 times through the root's, SimGrid's linear nonblocking
 * broadcast p1 - 1 times), and the broadcast inside a row of segment j
 * runs while segment j + 1 is on the wire: for k >> p1 the time
 * approaches n beta plus the slower phase's share. As phases
 * (lib/model/variants.c), each stage placed on the nodes, the first
 * segment's way through all of them, then a segment per transfer of the
 * slowest (~t = t(s) - t(0); h(s) = t_bc(2, s), a hop inside a node or
 * between two):
 *   h_root(s) + sum of the p1 - 1 column hops h(s) + t_bc(p2, s) + (k - 1) max ~t
 *
 * Rows order: segment j has a leader column c = j mod pieces. Step j: the
 * root sends it to member c of its row (nothing when the root is that
 * member). Then it moves down column c as a chain, one member per step
 * (MPI_Isend / MPI_Irecv from the root's row on, around), and one step
 * after a member received it, that member forwards it and its row
 * broadcasts it (MPI_Ibcast from member c, every row at the step its
 * place in the chain gives, alike on all its members). The leaders take
 * turns, so the lanes of a node-aware grid share the network. Columns
 * order: the same with rows and columns exchanged. On N-D grids the chain
 * runs along the whole column (the leading dimensions together).
 *
 * Pieces: as many leaders as the shortest first group has members
 * (uneven grids: every leader's second group is complete; see
 * allreduce_rsag.c). The messages travel on the grid's row and column
 * communicators (the library's own), tag ORTHO_TAG + 3. */
#include "common/buffers.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

struct bcast_pipe {
    void *buf;
    MPI_Datatype type;
    struct ortho__segments sg;
    struct ortho__groups g;
    struct ortho__root_at r;
    int pos, prev, next; /* place in the chains (0: the root's first group) */
};

static void *segment(const struct bcast_pipe *bp, int k)
{
    return ortho__offset(bp->buf, ortho__segment_at(&bp->sg, k), bp->type);
}

static int step(void *ctx, int t, MPI_Request req[], int *nreq)
{
    const struct bcast_pipe *bp = ctx;
    const struct ortho__groups *g = &bp->g;
    const struct ortho__root_at *r = &bp->r;
    int K = bp->sg.count, err = MPI_SUCCESS, k = t;
    *nreq = 0;
    /* the root to the leader of segment t */
    if (bp->pos == 0 && k < K && k % g->pieces != r->in_first) {
        int c = k % g->pieces, n = ortho__segment_len(&bp->sg, k);
        if (r->is_root)
            err = PMPI_Isend(segment(bp, k), n, bp->type, c, ORTHO_TAG + 3, g->first,
                             &req[(*nreq)++]);
        else if (g->me == c)
            err = PMPI_Irecv(segment(bp, k), n, bp->type, r->in_first, ORTHO_TAG + 3,
                             g->first, &req[(*nreq)++]);
    }
    /* down the chain: segment t - pos arrives */
    k = t - bp->pos;
    if (!err && bp->pos > 0 && k >= 0 && k < K && k % g->pieces == g->me)
        err = PMPI_Irecv(segment(bp, k), ortho__segment_len(&bp->sg, k), bp->type, bp->prev,
                         ORTHO_TAG + 3, g->second, &req[(*nreq)++]);
    /* what arrived a step ago goes on, and into the row */
    k = t - bp->pos - 1;
    if (!err && k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&bp->sg, k);
        if (c == g->me && bp->next != MPI_PROC_NULL)
            err = PMPI_Isend(segment(bp, k), n, bp->type, bp->next, ORTHO_TAG + 3, g->second,
                             &req[(*nreq)++]);
        if (!err)
            err = PMPI_Ibcast(segment(bp, k), n, bp->type, c, g->first, &req[(*nreq)++]);
    }
    return err;
}

int ortho__bcast_pipe(void *buf, int n, MPI_Datatype type, int root, int rows_first,
                      const struct ortho__segment_choice *seg, const struct ortho_grid *grid)
{
    struct bcast_pipe bp;
    int elem = 0;
    if (ortho__is_flat(grid))
        return PMPI_Bcast(buf, n, type, root, grid->comm);
    int err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    bp.buf = buf;
    bp.type = type;
    ortho__groups_of(grid, rows_first, &bp.g);
    bp.g.second = rows_first ? grid->col_comm : bp.g.second; /* N-D: the whole column */
    ortho__root_at(&bp.g, grid, root, &bp.r);
    int len = bp.g.olen;
    bp.pos = (bp.g.ome - bp.r.in_second + len) % len;
    bp.prev = (bp.g.ome - 1 + len) % len;
    bp.next = bp.pos < len - 1 ? (bp.g.ome + 1) % len : MPI_PROC_NULL;
    ortho__segments_of(n, elem, len + 1, ORTHO_MODEL_BCAST, 1, seg, &bp.sg);
    return ortho__pipeline(bp.sg.count + len, step, NULL, &bp);
}
