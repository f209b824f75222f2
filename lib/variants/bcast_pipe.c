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
 * (MPI_Issend / MPI_Irecv from the root's row on, around; paced: below),
 * and one step after a member received it, that member forwards it and its row
 * broadcasts it (MPI_Ibcast from member c, every row at the step its
 * place in the chain gives, alike on all its members). The leaders take
 * turns, so the lanes of a node-aware grid share the network. Columns
 * order: the same with rows and columns exchanged. On N-D grids the chain
 * runs along the whole column (the leading dimensions together).
 *
 * Trees: with an even number of leaders and a column long enough that
 * its chain would cross at least 2 hops more than a binary tree, the
 * segments go down two trees instead (lane_trees.h; the even leaders'
 * lanes down one, the odd leaders' down the other, two segments a step,
 * one each), 1 + floor(log2(p1 - 1)) hops deep, where no lanes share a
 * node's link or where the hops saved are at least a quarter of the
 * chains' segments; but where a column holds several members on a node
 * (rows shorter than a node), a tree enters that node through several
 * edges and its link carries each byte that many times: there only for
 * chains of one or two segments (ortho__model_pipe_trees,
 * lib/model/segment.c, with the measurements behind the rule; the node
 * size is the communicator's, ortho__segments_trees). An inner member of
 * a tree sends its segment twice, but is a leaf of the other tree, so
 * every link still carries each byte about once each way. As phases: the
 * tree's hops to its deepest member, placed on the nodes, and half the
 * message.
 *
 * Pieces: as many leaders as the shortest first group has members
 * (uneven grids: every leader's second group is complete; see
 * allreduce_rsag.c). The messages travel on the grid's row and column
 * communicators (the library's own), tag ORTHO_TAG + 3. */
#include "common/buffers.h"
#include "model/variants.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/lane_trees.h"
#include "variants/segments.h"

/* Pacing: a chain's sends are synchronous (MPI_Issend) and stay in flight
 * at most LAG steps after the one that posted them, and each receive is
 * posted LAG steps before its segment is due, straight into the buffer.
 * So a sender is never more than LAG + 1 segments ahead of its receiver:
 * every message meets a posted receive (nothing waits as an unexpected
 * message), and where a network shares a link among a sender's messages
 * (SimGrid's flows) instead of sending them in order, at most LAG + 1 of
 * them share it. Without the pacing the root's eager sends of every
 * segment leave at once, and under SMPI they arrive together. */
enum { LAG = 2, RING = LAG + 1 };

struct bcast_pipe {
    void *buf;
    MPI_Datatype type;
    struct ortho__segments sg;
    struct ortho__groups g;
    struct ortho__root_at r;
    struct ortho__lane_role l; /* down the lanes' trees or chains */
    int posted;          /* receives posted for segments 0 .. posted - 1 */
    MPI_Request early[RING]; /* the receive of this process's lane's j-th
                              * segment in early[j % RING] */
};

static void *segment(const struct bcast_pipe *bp, int k)
{
    return ortho__offset(bp->buf, ortho__segment_at(&bp->sg, k), bp->type);
}

static MPI_Request *early(struct bcast_pipe *bp, int k)
{
    return &bp->early[(k / bp->g.pieces) % RING];
}

/* Whether this process receives segment k, and from whom on which comm:
 * a leader of the root's first group from the root, a later member of its
 * lane from its parent. */
static int receives(const struct bcast_pipe *bp, int k, int *from, MPI_Comm *comm)
{
    const struct ortho__groups *g = &bp->g;
    if (k % g->pieces != g->me)
        return 0;
    if (bp->l.pos == 0) {
        *from = bp->r.in_first;
        *comm = g->first;
        return !bp->r.is_root && k % g->pieces != bp->r.in_first;
    }
    *from = bp->l.parent;
    *comm = g->second;
    return 1;
}

/* Posts the receives of the segments due by step t + LAG. */
static int post_ahead(struct bcast_pipe *bp, int t)
{
    int err = MPI_SUCCESS, from = MPI_PROC_NULL;
    MPI_Comm comm = MPI_COMM_NULL;
    for (; !err && bp->posted < bp->sg.count && ortho__lane_step(&bp->l, bp->posted) + bp->l.pos <= t + LAG;
         bp->posted++) {
        int k = bp->posted;
        if (receives(bp, k, &from, &comm))
            err = PMPI_Irecv(segment(bp, k), ortho__segment_len(&bp->sg, k), bp->type, from,
                             ORTHO_TAG + 3, comm, early(bp, k));
    }
    return err;
}

static int step(void *ctx, int t, struct ortho__step_out *out)
{
    struct bcast_pipe *bp = ctx;
    const struct ortho__groups *g = &bp->g;
    const struct ortho__root_at *r = &bp->r;
    int K = bp->sg.count, per = bp->l.per_step, err = post_ahead(bp, t);
    /* the root to the leaders of step t's segments */
    for (int k = t * per; r->is_root && k < (t + 1) * per && k < K && !err; k++)
        if (k % g->pieces != r->in_first)
            err = PMPI_Issend(segment(bp, k), ortho__segment_len(&bp->sg, k), bp->type,
                              k % g->pieces, ORTHO_TAG + 3, g->first, &out->later[out->nlater++]);
    /* this lane's segment of step t - pos arrives (its receive was
     * posted LAG steps ago) */
    int k = ortho__lane_own(&bp->l, K, t - bp->l.pos);
    if (k >= 0 && *early(bp, k) != MPI_REQUEST_NULL) {
        out->now[out->n++] = *early(bp, k);
        *early(bp, k) = MPI_REQUEST_NULL;
    }
    /* what arrived a step ago goes on */
    k = ortho__lane_own(&bp->l, K, t - bp->l.pos - 1);
    for (int i = 0; k >= 0 && i < bp->l.nkids && !err; i++)
        err = PMPI_Issend(segment(bp, k), ortho__segment_len(&bp->sg, k), bp->type,
                          bp->l.kids[i], ORTHO_TAG + 3, g->second, &out->later[out->nlater++]);
    /* ... and into the row: each tree's segment that reached this row a
     * step ago */
    int due[2];
    ortho__lane_row(&bp->l, K, t - 1 - bp->l.row_depth[0], t - 1 - bp->l.row_depth[1], due);
    for (int i = 0; i < 2 && !err; i++)
        if (due[i] >= 0)
            err = PMPI_Ibcast(segment(bp, due[i]), ortho__segment_len(&bp->sg, due[i]), bp->type,
                              due[i] % g->pieces, g->first, &out->now[out->n++]);
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
    /* the rows order's lanes share the nodes' links (segment.c); the
     * chains' segments decide between chains and trees (equal everywhere:
     * n, the grid and the choice are); each tree is a pipeline of its
     * own, half the message with half the lanes, whose segment is the
     * whole's */
    int len = bp.g.olen;
    int lanes = rows_first ? ortho__segments_lanes(seg, grid, bp.g.pieces) : 1;
    ortho__segments_of(n, elem, len + 1, ORTHO_MODEL_BCAST, 1, lanes, seg, &bp.sg);
    ortho__lane_role_of(len, bp.g.ome, bp.r.in_second, bp.g.me, bp.g.pieces,
                        ortho__segments_trees(seg, grid, rows_first, bp.g.pieces, len, lanes,
                                              bp.sg.count),
                        &bp.l);
    int hops = bp.l.height;
    if (bp.l.per_step == 2)
        ortho__segments_of(n, elem, hops + 2, ORTHO_MODEL_BCAST, 1, lanes, seg, &bp.sg);
    bp.posted = 0;
    for (int i = 0; i < RING; i++)
        bp.early[i] = MPI_REQUEST_NULL;
    int last = bp.sg.count > 0 ? ortho__lane_step(&bp.l, bp.sg.count - 1) : -1;
    err = ortho__pipeline(last + hops + 2, LAG, step, NULL, &bp);
    /* after an error: receives posted ahead are taken back */
    ortho__cancel_each(RING, bp.early);
    return err;
}
