/* Broadcast spread over every link of a flat network ("spread").
 *
 * Cost (alpha-beta, n bytes cut into k segments of s, p processes):
 *   T = (k + 1) (m alpha + s beta)
 * with m the latencies a stage pays one after another (1 where the p - 1
 * messages of a stage overlap, as on the simulated star; p - 1 where a
 * sender's messages serialize: ortho__model_spread_latencies) and s from
 * the model: the minimum at s = sqrt(n m alpha / beta), alpha and beta of
 * the profile's hop t_bc(2, s) or the default machine (lib/model/segment.c,
 * depth 2), or the candidate's "seg=". Segment j is
 * cut into p - 1 pieces, one per non-root process: the root sends each
 * piece to its owner, and the owner forwards it to the other p - 2
 * non-roots. Every link then carries about n once in each direction, and
 * the pipeline is two hops deep whatever p is, where chain's fill grows
 * with p (k + p - 2 steps). The root's p - 1 pieces of a segment leave
 * together, so the alpha above is their overlapped latency (a network
 * where a sender's messages serialize pays (p - 1) alpha per segment).
 * As phases (lib/model/variants.c), h(s) = t_bc(2, s) between nodes with
 * every process of a node sending at once (inside one node when it holds
 * all p):
 *   (k + 1) h(s)
 *
 * Through nodes (a node-aware grid, ortho__spread_through_nodes): the
 * pieces travel the root's column (p nodes, one process each) and every
 * node's row broadcasts segment j (MPI_Ibcast from its column member) once
 * all its pieces are in. Three stages whose latencies overlap, the
 * root keeping W = 3 segments in flight (ortho__model_spread_window):
 *   T = 2 h_net(s) + t_bc(p2, s) + (k - 1) max ~t,
 * s = 2 alpha / ((W - 1) beta) of the hop between nodes
 * (ortho__model_spread_segment). A process outside the column posts its
 * row's broadcasts in segment order and waits.
 *
 * Pacing: the root sends a segment's pieces with MPI_Issend and waits for
 * all of them before the next segment (through nodes: before the segment
 * W later). Eager sends would put every segment on the root's link at
 * once, all arriving together, and no forward would overlap the root's
 * next segment. Through nodes an owner also forwards segment j + 1 only
 * once segment j - 1 is complete (its row broadcast starts then).
 *
 * A non-root keeps its receives (its own piece from the root, the other
 * owners' pieces) posted SLOTS / 2 segments ahead in SLOTS slots, and
 * forwards its piece of segment j (MPI_Isend) as soon as it has it. The
 * messages travel on the grid's communicator (the library's duplicate),
 * tag ORTHO_TAG + 4; the dispatcher hands the message as bytes. Pieces
 * of 0 elements (n < k (p - 1)) are neither sent nor received, alike on
 * every process, since the split depends only on n and the segment. */
#include <stdlib.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"
#include "variants/spread_pieces.h"

enum { SLOTS = 8, AHEAD = SLOTS / 2, TAG = ORTHO_TAG + 4 };

struct spread {
    struct ortho__spread_pieces at;
    void *buf;
    MPI_Request *recv, *send; /* SLOTS x (p - 1) each */
    int row_next;             /* through nodes: the first segment not yet passed on */
    MPI_Request *row_req;     /* through nodes: one per segment */
};

static void *piece(const struct spread *sp, int k, int i)
{
    return ortho__offset(sp->buf, (MPI_Aint)ortho__segment_at(&sp->at.sg, k) + sp->at.displs[i],
                         sp->at.type);
}

/* Through nodes: segment k on into the node's row. */
static int row_bcast(struct spread *sp, int k)
{
    if (sp->at.row == MPI_COMM_NULL)
        return MPI_SUCCESS;
    return PMPI_Ibcast(ortho__offset(sp->buf, (MPI_Aint)ortho__segment_at(&sp->at.sg, k),
                                     sp->at.type),
                       ortho__segment_len(&sp->at.sg, k), sp->at.type, sp->at.row_root,
                       sp->at.row, &sp->row_req[k]);
}

/* The root: segment after segment, each piece to its owner, synchronously,
 * the window's segments in flight (at most SLOTS). */
static int root_sends(struct spread *sp)
{
    int err = MPI_SUCCESS, m = sp->at.p - 1, w = sp->at.window;
    for (int k = 0; k < sp->at.sg.count && !err; k++) {
        MPI_Request *s = sp->send + (size_t)(k % w) * (size_t)m;
        err = ortho__wait_each(m, s);
        ortho__spread_pieces_of(&sp->at, k);
        for (int i = 0; i < m && !err; i++)
            if (sp->at.counts[i] > 0)
                err = PMPI_Issend(piece(sp, k, i), sp->at.counts[i], sp->at.type,
                                  ortho__spread_owner_rank(&sp->at, i), TAG, sp->at.comm, &s[i]);
        if (!err)
            err = row_bcast(sp, k);
    }
    int werr = ortho__wait_each(w * m, sp->send);
    return err ? err : werr;
}

/* A non-root: the receives of segment k into its slot (piece i from the
 * root when it is this process's, else from its owner). */
static int post_recvs(struct spread *sp, int k)
{
    MPI_Request *r = sp->recv + (size_t)(k % SLOTS) * (size_t)(sp->at.p - 1);
    int err = MPI_SUCCESS;
    ortho__spread_pieces_of(&sp->at, k);
    for (int i = 0; i < sp->at.p - 1 && !err; i++)
        if (sp->at.counts[i] > 0)
            err = PMPI_Irecv(piece(sp, k, i), sp->at.counts[i], sp->at.type,
                             i == sp->at.owner ? sp->at.root
                                               : ortho__spread_owner_rank(&sp->at, i),
                             TAG, sp->at.comm, &r[i]);
    return err;
}

/* A non-root, segment k: its own piece, then the forwards to the other
 * owners (after the forwards SLOTS segments back have left). */
static int forward(struct spread *sp, int k)
{
    size_t slot = (size_t)(k % SLOTS) * (size_t)(sp->at.p - 1);
    MPI_Request *r = sp->recv + slot, *s = sp->send + slot;
    int err = PMPI_Wait(&r[sp->at.owner], MPI_STATUS_IGNORE);
    if (!err)
        err = ortho__wait_each(sp->at.p - 1, s);
    ortho__spread_pieces_of(&sp->at, k);
    if (sp->at.counts[sp->at.owner] == 0)
        return err;
    for (int i = 0; i < sp->at.p - 1 && !err; i++)
        if (i != sp->at.owner)
            err = PMPI_Isend(piece(sp, k, sp->at.owner), sp->at.counts[sp->at.owner], sp->at.type,
                             ortho__spread_owner_rank(&sp->at, i), TAG, sp->at.comm, &s[i]);
    return err;
}

/* Through nodes: the row broadcasts of the segments before `upto`, in
 * order, each once all its pieces are in (a slot is reused only after
 * its segment was passed on). Waiting, not testing: an MPI_Test costs
 * simulated time under SMPI (about 0.1 ms a request by default). */
static int row_flush(struct spread *sp, int upto)
{
    int err = MPI_SUCCESS, m = sp->at.p - 1;
    for (; !err && sp->row_next < upto; sp->row_next++) {
        err = ortho__wait_each(m, sp->recv + (size_t)(sp->row_next % SLOTS) * (size_t)m);
        if (!err)
            err = row_bcast(sp, sp->row_next);
    }
    return err;
}

static int nonroot_run(struct spread *sp)
{
    int err = MPI_SUCCESS, slots = (int)SLOTS * (sp->at.p - 1);
    int through = sp->at.row != MPI_COMM_NULL;
    for (int k = 0; k < sp->at.sg.count && k < SLOTS && !err; k++)
        err = post_recvs(sp, k);
    for (int k = 0; k < sp->at.sg.count && !err; k++) {
        err = forward(sp, k);
        /* through nodes, segment k - 1 on into the row once it is in */
        if (!err && through && k > 0)
            err = row_flush(sp, k);
        /* segment k - AHEAD's pieces are in (through nodes, row_flush
         * waited for them already): its slot takes k + AHEAD */
        int done = k - AHEAD, next = k + AHEAD;
        if (!err && done >= 0 && next < sp->at.sg.count && next >= SLOTS) {
            err = ortho__wait_each(sp->at.p - 1,
                                   sp->recv + (size_t)(done % SLOTS) * (size_t)(sp->at.p - 1));
            if (!err)
                err = post_recvs(sp, next);
        }
    }
    if (!err && through)
        err = row_flush(sp, sp->at.sg.count);
    if (!err)
        err = ortho__wait_each(slots, sp->recv);
    int werr = ortho__wait_each(slots, sp->send);
    if (err)
        ortho__cancel_each(slots, sp->recv);
    return err ? err : werr;
}

/* Through nodes, a process outside the root's column: every segment's
 * row broadcast, from its row's member of that column. */
static int row_only(struct spread *sp)
{
    int err = MPI_SUCCESS;
    for (int k = 0; k < sp->at.sg.count && !err; k++)
        err = row_bcast(sp, k);
    return err;
}

int ortho__bcast_spread(void *buf, int n, MPI_Datatype type, int root,
                        const struct ortho__segment_choice *seg,
                        const struct ortho_grid *grid)
{
    struct spread sp;
    if (grid->size < 2 || n == 0)
        return MPI_SUCCESS;
    int err = ortho__spread_pieces_init(&sp.at, n, type, ORTHO_MODEL_BCAST, root, seg, grid,
                                        ortho__spread_through_nodes(grid, root));
    size_t slots = (size_t)SLOTS * (size_t)(sp.at.p - 1);
    int nrow = sp.at.row == MPI_COMM_NULL ? 0 : sp.at.sg.count;
    sp.buf = buf;
    sp.row_next = 0;
    sp.recv = err ? NULL : malloc((2 * slots + (size_t)nrow) * sizeof(MPI_Request));
    if (!err && sp.recv == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err) {
        sp.send = sp.recv + slots;
        sp.row_req = sp.send + slots;
        for (size_t i = 0; i < 2 * slots + (size_t)nrow; i++)
            sp.recv[i] = MPI_REQUEST_NULL;
        if (!sp.at.in_column)
            err = row_only(&sp);
        else
            err = sp.at.owner < 0 ? root_sends(&sp) : nonroot_run(&sp);
        int werr = ortho__wait_each(nrow, sp.row_req);
        err = err ? err : werr;
    }
    ortho__spread_pieces_free(&sp.at);
    free(sp.recv);
    return err;
}
