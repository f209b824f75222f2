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
 *   2 t_red(p2, s) + sum of the p1 - 1 column hops h(s) + h_root(s) + (k - 1) max ~t
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
 * Operands combine in no fixed order: commutative operations only (the
 * dispatcher runs rsag's rows order for the others; MPI_Ireduce keeps rank
 * order in MPI but not in SimGrid 3.32, which combines in arrival order).
 * Segments hold whole elements of the datatype (count units); the partial
 * results live in temporary buffers with the datatype's true extent. No
 * MPI_IN_PLACE reaches MPI_Ireduce (see reduce_rsag.c). The messages
 * travel on the grid's row and column communicators, tag ORTHO_TAG + 3. */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

/* Pacing as bcast_pipe.c's: the sends up the chain and to the root are
 * synchronous and stay in flight at most LAG steps, and every receive is
 * posted LAG steps before it is due. Without it the chain's far end, whose
 * rows reduce inside a node, sends a segment per step as fast as they
 * reduce, and its eager sends pile up on the link between nodes. */
enum { LAG = 2, RING = LAG + 2 };

struct reduce_pipe {
    const void *input;
    void *recvbuf, *rowsum, *partial;
    MPI_Datatype type;
    MPI_Op op;
    struct ortho__segments sg;
    struct ortho__groups g;
    struct ortho__root_at r;
    int len, pos, prev, next; /* the chain: prev is nearer the root's row */
    int posted;               /* receives posted for segments 0 .. posted - 1 */
    MPI_Request early[RING];  /* segment k's receive in early[k % RING] */
};

static void *at(const struct reduce_pipe *rp, const void *buf, int k)
{
    return ortho__offset(buf, ortho__segment_at(&rp->sg, k), rp->type);
}

/* Segment k's result at this leader: combined, or its row's alone at the
 * chain's far end. */
static const void *result(const struct reduce_pipe *rp, int k)
{
    return at(rp, rp->next != MPI_PROC_NULL ? rp->partial : rp->rowsum, k);
}

/* The step at which this process's row reduces segment k (its leader then
 * has the rows below it too). */
static int reduced_at(const struct reduce_pipe *rp, int k)
{
    return k + (rp->len - 1 - rp->pos);
}

/* Posts the receives due by step t + LAG: a leader's of the rows below
 * (due when its row reduces), the root's of a finished segment from
 * another leader (due a step later). */
static int post_ahead(struct reduce_pipe *rp, int t)
{
    const struct ortho__groups *g = &rp->g;
    int err = MPI_SUCCESS;
    for (; !err && rp->posted < rp->sg.count && reduced_at(rp, rp->posted) <= t + LAG;
         rp->posted++) {
        int k = rp->posted, c = k % g->pieces, n = ortho__segment_len(&rp->sg, k);
        if (c == g->me && rp->next != MPI_PROC_NULL)
            err = PMPI_Irecv(at(rp, rp->partial, k), n, rp->type, rp->next, ORTHO_TAG + 3,
                             g->second, &rp->early[k % RING]);
        else if (c != g->me && rp->r.is_root)
            err = PMPI_Irecv(at(rp, rp->recvbuf, k), n, rp->type, c, ORTHO_TAG + 3, g->first,
                             &rp->early[k % RING]);
    }
    return err;
}

/* Segment k's receive, posted ahead, is waited at this step. */
static void due(struct reduce_pipe *rp, int k, struct ortho__step_out *out)
{
    if (k >= 0 && k < rp->posted && rp->early[k % RING] != MPI_REQUEST_NULL) {
        out->now[out->n++] = rp->early[k % RING];
        rp->early[k % RING] = MPI_REQUEST_NULL;
    }
}

static int step(void *ctx, int t, struct ortho__step_out *out)
{
    struct reduce_pipe *rp = ctx;
    const struct ortho__groups *g = &rp->g;
    const struct ortho__root_at *r = &rp->r;
    int K = rp->sg.count, err = post_ahead(rp, t);
    /* this row reduces segment k; its leader receives the rows below */
    int k = t - (rp->len - 1 - rp->pos);
    if (!err && k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&rp->sg, k);
        err = PMPI_Ireduce(at(rp, rp->input, k), at(rp, rp->rowsum, k), n, rp->type, rp->op, c,
                           g->first, &out->now[out->n++]);
        if (c == g->me && rp->next != MPI_PROC_NULL)
            due(rp, k, out);
    }
    /* a step later the leader sends it up, or to the root */
    k = t - (rp->len - rp->pos);
    if (!err && k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&rp->sg, k);
        if (c == g->me && rp->pos > 0)
            err = PMPI_Issend(result(rp, k), n, rp->type, rp->prev, ORTHO_TAG + 3, g->second,
                              &out->later[out->nlater++]);
        else if (c == g->me && r->is_root)
            err = ortho__local_copy(result(rp, k), n, rp->type, at(rp, rp->recvbuf, k), n,
                                    rp->type);
        else if (c == g->me)
            err = PMPI_Issend(result(rp, k), n, rp->type, r->in_first, ORTHO_TAG + 3, g->first,
                              &out->later[out->nlater++]);
        else if (r->is_root)
            due(rp, k, out);
    }
    return err;
}

/* Once step t is done: the leader of the segment its row reduced at t
 * combines its row's part with the rows below. */
static int after(void *ctx, int t)
{
    const struct reduce_pipe *rp = ctx;
    int k = t - (rp->len - 1 - rp->pos);
    if (k < 0 || k >= rp->sg.count || k % rp->g.pieces != rp->g.me || rp->next == MPI_PROC_NULL)
        return MPI_SUCCESS;
    return PMPI_Reduce_local(at(rp, rp->rowsum, k), at(rp, rp->partial, k),
                             ortho__segment_len(&rp->sg, k), rp->type, rp->op);
}

int ortho__reduce_pipe(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       int root, int rows_first, const struct ortho__segment_choice *seg,
                       const struct ortho_grid *grid)
{
    struct reduce_pipe rp;
    void *raw_row = NULL, *raw_part = NULL;
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
    rp.partial = NULL;
    ortho__groups_of(grid, rows_first, &rp.g);
    rp.g.second = rows_first ? grid->col_comm : rp.g.second; /* N-D: the whole column */
    ortho__root_at(&rp.g, grid, root, &rp.r);
    rp.len = rp.g.olen;
    rp.pos = (rp.g.ome - rp.r.in_second + rp.len) % rp.len;
    rp.prev = (rp.g.ome - 1 + rp.len) % rp.len;
    rp.next = rp.pos < rp.len - 1 ? (rp.g.ome + 1) % rp.len : MPI_PROC_NULL;
    /* the rows order's chains share the nodes' links (segment.c) */
    int lanes = rows_first ? ortho__segments_lanes(seg, grid, rp.g.pieces) : 1;
    ortho__segments_of(n, elem, rp.len + 2, ORTHO_MODEL_REDUCE, 1, lanes, seg, &rp.sg);
    err = ortho__tmp(n, type, &raw_row, &rp.rowsum);
    if (!err && rp.next != MPI_PROC_NULL)
        err = ortho__tmp(n, type, &raw_part, &rp.partial);
    rp.posted = 0;
    for (int i = 0; i < RING; i++)
        rp.early[i] = MPI_REQUEST_NULL;
    if (!err)
        err = ortho__pipeline(rp.sg.count + rp.len + 1, LAG, step, after, &rp);
    /* after an error: receives posted ahead are taken back before their
     * buffers go */
    ortho__cancel_each(RING, rp.early);
    free(raw_part);
    free(raw_row);
    return err;
}
