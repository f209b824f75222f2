/* Reduce with pipelined phases ("pipe").
 *
 * Cost (alpha-beta-gamma, n bytes cut into k segments of s, p = p1 x p2,
 * rows order; every stage in flight on a different segment):
 *   T = (k + p1 + 1) max(t_reduce(p2, s), alpha + s beta + s gamma)
 * with s from the model (lib/model/segment.c, depth p1 + 2) or the
 * candidate's "seg=". Each segment's partial result climbs the columns
 * along a chain, so every node's link carries the message once and the
 * root's inbound link once (a binomial tree loads it lg p1 times,
 * SimGrid's linear nonblocking reduce p1 - 1 times), while the rows reduce
 * the next segments. As phases (lib/model/variants.c), each stage placed
 * on the nodes, the first segment's way, then a segment per transfer of
 * the slowest (~t = t(s) - t(0); h(s) = t_red(2, s) inside a node or
 * between two):
 *   t_red(p2, s) + sum of the p1 - 1 column hops h(s) + h_root(s) + (k - 1) max ~t
 * (the root's row reduces a segment in the step its last hop arrives: that
 * reduce overlaps the hop, off the path)
 *
 * Rows order: segment j has a leader column c = j mod pieces. The row at
 * place i of the chain (i = 0: the root's row; the chain runs from the
 * root's row on, around) reduces it to its member c with MPI_Ireduce at
 * step j + (len - 1 - i), the step at which that member also receives the
 * partial result of the rows below it in the chain (MPI_Irecv); once both
 * are in it combines them (MPI_Reduce_local) and sends the result up a
 * step later; the root's row's member c sends the finished segment to the
 * root at step j + len (or copies it, being the root). Columns order: the
 * same with rows and columns exchanged. On N-D grids the chain runs along
 * the whole column.
 *
 * Trees: where bcast's segments go down the lanes' two trees
 * (bcast_pipe.c, lane_trees.h; the same rule, on the chains' segments of
 * this reduce), the partial results climb them instead: two segments a
 * step, one per tree, the row at depth d reducing segment j at step
 * j / 2 + h - d (h the trees' depth), so that its leader then also
 * receives the partial results of its one or two children, combines the
 * three and sends the result to its parent a step later. An inner member
 * receives twice its tree's half of the message, and is a leaf of the
 * other tree.
 *
 * Operands combine in no fixed order: commutative operations only (the
 * dispatcher runs rsag's rows order for the others; MPI_Ireduce keeps rank
 * order in MPI but not in SimGrid 3.32, which combines in arrival order).
 * Segments hold whole elements of the datatype (count units); the partial
 * results live in temporary buffers with the datatype's true extent. No
 * MPI_IN_PLACE reaches MPI_Ireduce (see reduce_rsag.c). The messages
 * travel on the grid's row and column communicators, tag ORTHO_TAG + 3. */
#include <stdlib.h>

#include "common/buffers.h"
#include "model/variants.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/lane_trees.h"
#include "variants/segments.h"

/* Pacing as bcast_pipe.c's: the sends up the chain and to the root are
 * synchronous and stay in flight at most LAG steps, and every receive is
 * posted LAG steps before it is due. Without it the chain's far end, whose
 * rows reduce inside a node, sends a segment per step as fast as they
 * reduce, and its eager sends pile up on the link between nodes. */
enum { LAG = 2, RING = LAG + 2 };

struct reduce_pipe {
    const void *input;
    void *recvbuf, *rowsum, *partial[2];
    MPI_Datatype type;
    MPI_Op op;
    struct ortho__segments sg;
    struct ortho__groups g;
    struct ortho__root_at r;
    struct ortho__lane_role l; /* up the lanes' trees or chains */
    int mine, theirs;    /* receives posted: this lane's segments (mine-th
                          * of the lane next), the root's (segment theirs next) */
    MPI_Request early[RING][2];  /* a lane segment's receives from the kids */
    MPI_Request at_root[2 * RING]; /* the root's of segment k, k % (2 RING) */
};

static void *at(const struct reduce_pipe *rp, const void *buf, int k)
{
    return ortho__offset(buf, ortho__segment_at(&rp->sg, k), rp->type);
}

/* The step at which a row at depth d reduces segment k (its leader then
 * has its children's partial results too); the root's row leader sends
 * the segment to the root a step later, when the root waits for it. */
static int reduced_at(const struct reduce_pipe *rp, int k, int depth)
{
    return ortho__lane_step(&rp->l, k) + rp->l.height - depth;
}

/* Segment k's result at this leader: combined, or its row's alone at a
 * leaf. */
static const void *result(const struct reduce_pipe *rp, int k)
{
    return at(rp, rp->l.nkids > 0 ? rp->partial[0] : rp->rowsum, k);
}

/* Posts the receives due by step t + LAG: a leader's from its children
 * (due when its row reduces the segment), the root's of a finished
 * segment from another leader (due a step after its row reduced it). */
static int post_ahead(struct reduce_pipe *rp, int t)
{
    const struct ortho__groups *g = &rp->g;
    int err = MPI_SUCCESS, K = rp->sg.count;
    /* (members past the leaders, on uneven grids, lead no lane) */
    for (int k; !err && g->me < g->pieces && rp->l.nkids > 0 &&
                (k = g->me + rp->mine * g->pieces) < K && reduced_at(rp, k, rp->l.pos) <= t + LAG;
         rp->mine++)
        for (int i = 0; i < rp->l.nkids && !err; i++)
            err = PMPI_Irecv(at(rp, rp->partial[i], k), ortho__segment_len(&rp->sg, k), rp->type,
                             rp->l.kids[i], ORTHO_TAG + 3, g->second,
                             &rp->early[rp->mine % RING][i]);
    for (; !err && rp->r.is_root && rp->theirs < K && reduced_at(rp, rp->theirs, 0) + 1 <= t + LAG;
         rp->theirs++) {
        int k = rp->theirs, c = k % g->pieces;
        if (c != g->me)
            err = PMPI_Irecv(at(rp, rp->recvbuf, k), ortho__segment_len(&rp->sg, k), rp->type, c,
                             ORTHO_TAG + 3, g->first, &rp->at_root[k % (2 * RING)]);
    }
    return err;
}

/* A posted request, waited at this step. */
static void due(MPI_Request *req, struct ortho__step_out *out)
{
    if (*req != MPI_REQUEST_NULL) {
        out->now[out->n++] = *req;
        *req = MPI_REQUEST_NULL;
    }
}

static int step(void *ctx, int t, struct ortho__step_out *out)
{
    struct reduce_pipe *rp = ctx;
    const struct ortho__groups *g = &rp->g;
    const struct ortho__root_at *r = &rp->r;
    int K = rp->sg.count, per = rp->l.per_step, err = post_ahead(rp, t);
    /* this row reduces a segment of each tree (the one sent h - d steps
     * ago); a leader receives its children's then */
    int now[2], h = rp->l.height;
    ortho__lane_row(&rp->l, K, t - h + rp->l.row_depth[0], t - h + rp->l.row_depth[1], now);
    for (int i = 0; i < 2 && !err; i++) {
        int k = now[i];
        if (k < 0)
            continue;
        int c = k % g->pieces;
        err = PMPI_Ireduce(at(rp, rp->input, k), at(rp, rp->rowsum, k),
                           ortho__segment_len(&rp->sg, k), rp->type, rp->op, c, g->first,
                           &out->now[out->n++]);
        if (c == g->me)
            for (int j = 0; j < rp->l.nkids; j++)
                due(&rp->early[(k / g->pieces) % RING][j], out);
    }
    /* a step later this lane's leader sends it up, or to the root */
    int k = ortho__lane_own(&rp->l, K, t - 1 - h + rp->l.pos);
    if (!err && k >= 0) {
        int n = ortho__segment_len(&rp->sg, k);
        if (rp->l.pos > 0)
            err = PMPI_Issend(result(rp, k), n, rp->type, rp->l.parent, ORTHO_TAG + 3, g->second,
                              &out->later[out->nlater++]);
        else if (r->is_root)
            err = ortho__local_copy(result(rp, k), n, rp->type, at(rp, rp->recvbuf, k), n,
                                    rp->type);
        else
            err = PMPI_Issend(result(rp, k), n, rp->type, r->in_first, ORTHO_TAG + 3, g->first,
                              &out->later[out->nlater++]);
    }
    /* the root receives the finished segments of the other leaders */
    int from = (t - 1 - h) * per;
    for (k = from; !err && r->is_root && k >= 0 && k < from + per && k < K; k++)
        if (k % g->pieces != g->me)
            due(&rp->at_root[k % (2 * RING)], out);
    return err;
}

/* Once step t is done: the leader of a segment its row reduced at t
 * combines its row's part with its children's. */
static int after(void *ctx, int t)
{
    const struct reduce_pipe *rp = ctx;
    /* this lane's segment its row reduced at t: sent h - pos steps ago */
    int k = ortho__lane_own(&rp->l, rp->sg.count, t - rp->l.height + rp->l.pos);
    if (k < 0 || rp->l.nkids == 0)
        return MPI_SUCCESS;
    int n = ortho__segment_len(&rp->sg, k), err = MPI_SUCCESS;
    if (rp->l.nkids == 2)
        err = PMPI_Reduce_local(at(rp, rp->partial[1], k), at(rp, rp->partial[0], k), n,
                                rp->type, rp->op);
    if (!err)
        err = PMPI_Reduce_local(at(rp, rp->rowsum, k), at(rp, rp->partial[0], k), n, rp->type,
                                rp->op);
    return err;
}

int ortho__reduce_pipe(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       int root, int rows_first, const struct ortho__segment_choice *seg,
                       const struct ortho_grid *grid)
{
    struct reduce_pipe rp;
    void *raw_row = NULL, *raw_part[2] = {NULL, NULL};
    int elem = 0;
    if (ortho__is_flat(grid))
        return ortho__reduce_run(grid->rank == root && input == recvbuf ? MPI_IN_PLACE : input,
                                 recvbuf, n, type, op, root, grid);
    int err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    rp.input = input;
    rp.recvbuf = recvbuf;
    rp.type = type;
    rp.op = op;
    rp.partial[0] = rp.partial[1] = NULL;
    ortho__groups_of(grid, rows_first, &rp.g);
    rp.g.second = rows_first ? grid->col_comm : rp.g.second; /* N-D: the whole column */
    ortho__root_at(&rp.g, grid, root, &rp.r);
    /* the rows order's chains share the nodes' links (segment.c); the
     * chains' segments decide between chains and trees, as for bcast */
    int len = rp.g.olen;
    int lanes = rows_first ? ortho__segments_lanes(seg, grid, rp.g.pieces) : 1;
    ortho__segments_of(n, elem, len + 2, ORTHO_MODEL_REDUCE, 1, lanes, seg, &rp.sg);
    ortho__lane_role_of(len, rp.g.ome, rp.r.in_second, rp.g.me, rp.g.pieces,
                        ortho__segments_trees(seg, grid, rows_first, rp.g.pieces, len, lanes,
                                              rp.sg.count),
                        &rp.l);
    if (rp.l.per_step == 2)
        ortho__segments_of(n, elem, rp.l.height + 3, ORTHO_MODEL_REDUCE, 1, lanes, seg, &rp.sg);
    err = ortho__tmp(n, type, &raw_row, &rp.rowsum);
    for (int i = 0; i < rp.l.nkids && !err; i++)
        err = ortho__tmp(n, type, &raw_part[i], &rp.partial[i]);
    rp.mine = rp.theirs = 0;
    for (int i = 0; i < RING; i++)
        rp.early[i][0] = rp.early[i][1] = MPI_REQUEST_NULL;
    for (int i = 0; i < 2 * RING; i++)
        rp.at_root[i] = MPI_REQUEST_NULL;
    int last = rp.sg.count > 0 ? ortho__lane_step(&rp.l, rp.sg.count - 1) : -1;
    if (!err)
        err = ortho__pipeline(last + rp.l.height + 2, LAG, step, after, &rp);
    /* after an error: receives posted ahead are taken back before their
     * buffers go */
    ortho__cancel_each(2 * RING, &rp.early[0][0]);
    ortho__cancel_each(2 * RING, rp.at_root);
    free(raw_part[0]);
    free(raw_part[1]);
    free(raw_row);
    return err;
}
