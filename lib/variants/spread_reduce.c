/* Reduce spread over every link of a flat network ("spread"), the mirror
 * of spread_bcast.c.
 *
 * Cost (alpha-beta-gamma, n bytes cut into k segments of s, p processes):
 *   T = (k + 1) (m alpha + s beta + s gamma)
 * with m and s as in spread_bcast.c (alpha, beta and gamma of the
 * profile's hop t_red(2, s)), or the candidate's "seg=". Segment j is
 * cut into p - 1 pieces, piece i owned by the i-th non-root process:
 * every process (the root too) sends its operand of piece i to owner i,
 * the owner combines the p operands and sends the result to the root.
 * Each link carries about n once in each direction and the root's
 * inbound link carries the result once, where a binomial tree loads it
 * lg p times and chain's fill grows with p. As phases
 * (lib/model/variants.c), h(s) = t_red(2, s) between nodes with every
 * process of a node sending at once (inside one node when it holds all p):
 *   (k + 1) h(s)
 *
 * Through nodes (a node-aware grid, ortho__spread_through_nodes, and a
 * commutative op: the rows' MPI_Ireduce may combine in any order): every
 * node's row first reduces segment j to its member of the root's column
 * (MPI_Ireduce, posted two segments ahead), and the column spreads the
 * nodes' sums as above, p nodes, each process keeping the operands of
 * W = 3 segments in flight (ortho__model_spread_window):
 *   T = t_red(p2, s) + 2 h_net(s) + (k - 1) max ~t,
 * s as in spread_bcast.c. A column member holds its node's sum (n
 * elements); a process outside the column only posts its rows'
 * reductions.
 *
 * Rank order: an owner receives every operand into a slot of its own and
 * combines from the highest rank down (acc = x_{p-1}; acc = x_r op acc),
 * so non-commutative operations are right (the dispatcher runs the native
 * call for them on a reordered grid, where grid ranks are not the
 * caller's). Gamma is paid by the owner on s / (p - 1) per operand, so
 * p - 1 operands of a piece cost about s gamma in all.
 *
 * Pacing: each process sends its operands of segment j with MPI_Issend
 * and waits for them before segment j + W (W = 1 flat; eager sends would load every
 * segment at once and nothing would overlap); between the two, an owner
 * combines segment j - 1 and sends its result (MPI_Issend) to the root.
 * Owners keep the receives of SLOTS segments posted. The root posts the
 * receives of a segment's results straight into recvbuf once its own
 * operands of that segment have left (in place, they are read from
 * there). Messages travel on the grid's communicator (the library's
 * duplicate), tag ORTHO_TAG + 4, in the user's datatype. */
#include <stdlib.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"
#include "variants/spread_pieces.h"

enum { SLOTS = 4, ROW_AHEAD = 2, TAG = ORTHO_TAG + 4 };

struct spread {
    struct ortho__spread_pieces at;
    const void *input;    /* this process's operand; through nodes, in the
                           * column: its node's sum (node_sum) */
    const void *mine;     /* through nodes: the user's input */
    void *node_raw, *node_sum;
    MPI_Request *row_req; /* through nodes: one per segment */
    void *recvbuf;
    MPI_Op op;
    int piece_max;        /* the longest piece: a slot's room per operand */
    void *raw, *room;     /* SLOTS x (p + 1) pieces of piece_max (owners): the
                           * operands, then the result in the making */
    MPI_Request *contrib; /* at.window x (p - 1): this process's operands */
    MPI_Request *recv;    /* SLOTS x p: an owner's operands; the root: results */
    MPI_Request *result;  /* SLOTS: an owner's results */
};


/* Element offset of piece i of segment k in the whole vector. */
static MPI_Aint piece_at(const struct spread *sp, int k, int i)
{
    return (MPI_Aint)ortho__segment_at(&sp->at.sg, k) + sp->at.displs[i];
}

/* Rank r's operand of this owner's piece in segment k's slot; r = p:
 * the slot's result, apart so that the next receives into the slot may
 * be posted while the result is still on its way to the root. */
static void *operand(const struct spread *sp, int k, int r)
{
    return ortho__offset(sp->room, ((MPI_Aint)(k % SLOTS) * (sp->at.p + 1) + r) * sp->piece_max,
                         sp->at.type);
}

/* The requests of segment k's operands: WINDOW segments' in turn. */
static MPI_Request *contrib_of(const struct spread *sp, int k)
{
    return sp->contrib + (size_t)(k % sp->at.window) * (size_t)(sp->at.p - 1);
}

/* This process's operands of segment k to their owners, synchronously. */
static int send_operands(struct spread *sp, int k)
{
    int err = MPI_SUCCESS;
    MPI_Request *c = contrib_of(sp, k);
    ortho__spread_pieces_of(&sp->at, k);
    for (int i = 0; i < sp->at.p - 1 && !err; i++)
        if (i != sp->at.owner && sp->at.counts[i] > 0)
            err = PMPI_Issend(ortho__offset(sp->input, piece_at(sp, k, i), sp->at.type),
                              sp->at.counts[i], sp->at.type, ortho__spread_owner_rank(&sp->at, i),
                              TAG, sp->at.comm, &c[i]);
    return err;
}

/* An owner: the other processes' operands of segment k into its slot. */
static int post_operands(struct spread *sp, int k)
{
    MPI_Request *r = sp->recv + (size_t)(k % SLOTS) * (size_t)sp->at.p;
    int err = MPI_SUCCESS;
    ortho__spread_pieces_of(&sp->at, k);
    int c = sp->at.counts[sp->at.owner];
    for (int q = 0; q < sp->at.p && c > 0 && !err; q++)
        if (q != sp->at.me)
            err = PMPI_Irecv(operand(sp, k, q), c, sp->at.type, q, TAG, sp->at.comm, &r[q]);
    return err;
}

/* An owner, segment k: combine in rank order, the result to the root. */
static int combine(struct spread *sp, int k)
{
    int s = k % SLOTS, err = ortho__wait_each(sp->at.p, sp->recv + (size_t)s * (size_t)sp->at.p);
    ortho__spread_pieces_of(&sp->at, k);
    int c = sp->at.counts[sp->at.owner];
    if (err || c == 0)
        return err;
    err = PMPI_Wait(&sp->result[s], MPI_STATUS_IGNORE); /* segment k - SLOTS's result */
    const void *mine = ortho__offset(sp->input, piece_at(sp, k, sp->at.owner), sp->at.type);
    void *acc = operand(sp, k, sp->at.p);
    if (!err)
        err = ortho__combine_rank_order(mine, sp->at.me, operand(sp, k, 0), sp->piece_max,
                                        sp->at.p, c, sp->at.type, sp->op, acc);
    if (!err)
        err = PMPI_Issend(acc, c, sp->at.type, sp->at.root, TAG, sp->at.comm, &sp->result[s]);
    if (!err && k + SLOTS < sp->at.sg.count)
        err = post_operands(sp, k + SLOTS);
    return err;
}

/* The root, segment k: the results of segment k, straight into recvbuf
 * (after those of segment k - SLOTS are in, reusing their requests). */
static int post_results(struct spread *sp, int k)
{
    MPI_Request *r = sp->recv + (size_t)(k % SLOTS) * (size_t)sp->at.p;
    int err = ortho__wait_each(sp->at.p - 1, r);
    ortho__spread_pieces_of(&sp->at, k);
    for (int i = 0; i < sp->at.p - 1 && !err; i++)
        if (sp->at.counts[i] > 0)
            err = PMPI_Irecv(ortho__offset(sp->recvbuf, piece_at(sp, k, i), sp->at.type),
                             sp->at.counts[i], sp->at.type, ortho__spread_owner_rank(&sp->at, i),
                             TAG, sp->at.comm, &r[i]);
    return err;
}

/* Through nodes: segment k of the node's row reduced to its member of the
 * root's column (no-op past the last segment, or not through nodes). */
static int row_reduce(struct spread *sp, int k)
{
    if (sp->at.row == MPI_COMM_NULL || k >= sp->at.sg.count)
        return MPI_SUCCESS;
    MPI_Aint at = ortho__segment_at(&sp->at.sg, k);
    return PMPI_Ireduce(ortho__offset(sp->mine, at, sp->at.type),
                        sp->at.in_column ? ortho__offset(sp->node_sum, at, sp->at.type) : NULL,
                        ortho__segment_len(&sp->at.sg, k), sp->at.type, sp->op, sp->at.row_root,
                        sp->at.row, &sp->row_req[k]);
}

/* Through nodes, a process outside the root's column: every segment's row
 * reduction. */
static int row_only(struct spread *sp)
{
    int err = MPI_SUCCESS;
    for (int k = 0; k < sp->at.sg.count && !err; k++)
        err = row_reduce(sp, k);
    return err;
}

/* Segment j's operands have all left: the root may take its results
 * (in place, its operands are read from recvbuf). */
static int retire(struct spread *sp, int j)
{
    int err = ortho__wait_each(sp->at.p - 1, contrib_of(sp, j));
    if (!err && sp->at.owner < 0)
        err = post_results(sp, j);
    return err;
}

static int run(struct spread *sp)
{
    int err = MPI_SUCCESS, count = sp->at.sg.count, w = sp->at.window;
    for (int k = 0; k < ROW_AHEAD && !err; k++)
        err = row_reduce(sp, k);
    for (int k = 0; k < count && k < SLOTS && sp->at.owner >= 0 && !err; k++)
        err = post_operands(sp, k);
    for (int k = 0; k < count && !err; k++) {
        if (sp->at.row != MPI_COMM_NULL) {
            err = PMPI_Wait(&sp->row_req[k], MPI_STATUS_IGNORE);
            if (!err)
                err = row_reduce(sp, k + ROW_AHEAD);
        }
        if (!err)
            err = send_operands(sp, k);
        if (!err && sp->at.owner >= 0 && k > 0)
            err = combine(sp, k - 1);
        if (!err && k - w + 1 >= 0)
            err = retire(sp, k - w + 1);
    }
    for (int j = count - w + 1 < 0 ? 0 : count - w + 1; j < count && !err; j++)
        err = retire(sp, j);
    if (!err && sp->at.owner >= 0 && count > 0)
        err = combine(sp, count - 1);
    return err;
}

int ortho__reduce_spread(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                         int root, const struct ortho__segment_choice *seg,
                         const struct ortho_grid *grid)
{
    struct spread sp;
    if (n == 0)
        return MPI_SUCCESS;
    if (grid->size < 2)
        return grid->rank == root && input != recvbuf
                   ? ortho__local_copy(input, n, type, recvbuf, n, type)
                   : MPI_SUCCESS;
    /* the rows reduce first, in whatever order their MPI_Ireduce combines:
     * commutative operations only */
    int nodes = ortho__op_commutes(op) && ortho__spread_through_nodes(grid, root);
    int err = ortho__spread_pieces_init(&sp.at, n, type, ORTHO_MODEL_REDUCE, root, seg, grid,
                                        nodes);
    int p = sp.at.p, nrow = nodes ? sp.at.sg.count : 0;
    sp.input = sp.mine = input;
    sp.recvbuf = recvbuf;
    sp.op = op;
    sp.piece_max = err ? 0 : sp.at.sg.per / (p - 1) + (sp.at.sg.per % (p - 1) != 0);
    size_t ncontrib = (size_t)sp.at.window * (size_t)(p - 1);
    size_t nrecv = (size_t)SLOTS * (size_t)p, nreq = ncontrib + nrecv + SLOTS + nrow;
    sp.raw = sp.room = sp.node_raw = sp.node_sum = NULL;
    sp.contrib = err ? NULL : malloc(nreq * sizeof(MPI_Request));
    if (!err && sp.contrib == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err && sp.at.in_column && sp.at.owner >= 0)
        err = ortho__tmp((int)(nrecv + SLOTS) * sp.piece_max, type, &sp.raw, &sp.room);
    if (!err && nodes && sp.at.in_column)
        err = ortho__tmp(n, type, &sp.node_raw, &sp.node_sum);
    if (err) {
        ortho__spread_pieces_free(&sp.at);
        free(sp.contrib);
        free(sp.raw);
        free(sp.node_raw);
        return err;
    }
    if (nodes && sp.at.in_column)
        sp.input = sp.node_sum;
    sp.recv = sp.contrib + ncontrib;
    sp.result = sp.recv + nrecv;
    sp.row_req = sp.result + SLOTS;
    for (size_t i = 0; i < nreq; i++)
        sp.contrib[i] = MPI_REQUEST_NULL;
    err = sp.at.in_column ? run(&sp) : row_only(&sp);
    int werr = ortho__wait_each((int)ncontrib, sp.contrib);
    if (!werr)
        werr = ortho__wait_each(SLOTS, sp.result);
    if (!err && !werr)
        werr = ortho__wait_each((int)nrecv, sp.recv);
    if (!werr)
        werr = ortho__wait_each(nrow, sp.row_req);
    if (err)
        ortho__cancel_each((int)nrecv, sp.recv);
    ortho__spread_pieces_free(&sp.at);
    free(sp.contrib);
    free(sp.raw);
    free(sp.node_raw);
    return err ? err : werr;
}
