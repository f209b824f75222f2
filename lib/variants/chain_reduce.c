/* Reduce as a pipelined chain ("chain").
 *
 * Cost (alpha-beta-gamma, n bytes cut into k segments of s, p processes):
 *   T = (k + p - 2) (alpha + s beta + s gamma)
 * with s from the model (lib/model/segment.c, depth p - 1) or the
 * candidate's "seg=". For large n this approaches n (beta + gamma): every
 * process receives and sends the message once and the root's inbound link
 * carries it once, where a binomial tree loads the root's link lg p times
 * and Rabenseifner's reduce-scatter and gather 2 (p - 1) / p times. As
 * phases (lib/model/variants.c): the first segment through the p - 1
 * hops, each h(s) = t_red(2, s) inside a node or between two, then the
 * others at the pace of the slowest hop, the window's segments travelling
 * together where the route shares them (chain_bcast.c's formula):
 *   sum of the p - 1 hops (h(s) + q (G - 1) ~h) + (k - 1 - q (G - 1)) P
 *
 * The chain runs down the grid's ranks and around, ending at the root:
 * root - 1, root - 2, ..., 0, p - 1, ..., root + 1, root. Each process receives the partial result of segment j from its
 * predecessor, combines its own operand in front of it
 * (MPI_Reduce_local: own op partial) and forwards it. A non-commutative
 * operation needs rank order: the chain then ends at rank 0 (p - 1 first)
 * and rank 0 forwards each finished segment to the root, one more hop.
 * Row after row, the chain enters and leaves each node of a node-aware
 * grid once (non-commutative operations on a reordered grid run the
 * native call: dispatch.c).
 *
 * Partial results arrive into 2 WINDOW temporary segments (receives posted
 * WINDOW segments ahead; a slot is reused once its forward is done); the
 * forwards are synchronous, at most WINDOW in flight (the pacing of
 * chain_bcast.c: the chain's first process, which has every segment at
 * once, would otherwise send them all together). The
 * messages travel on the grid's communicator (the library's duplicate),
 * tag ORTHO_TAG + 2, with the user's datatype at both ends. */
#include <stdlib.h>

#include "common/buffers.h"
#include "model/variants.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

enum { WINDOW = ORTHO__CHAIN_WINDOW, SLOTS = 2 * WINDOW };

struct chain {
    const void *input;
    void *recvbuf;
    MPI_Datatype type;
    MPI_Op op;
    MPI_Comm comm;
    int prev, next, end, from_end; /* from_end: the root, when the chain ends elsewhere */
    struct ortho__segments sg;
    void *raw[SLOTS], *slot[SLOTS];
    MPI_Request recv[SLOTS], send[SLOTS], fin[SLOTS];
};

static int post_recv(struct chain *ch, int k)
{
    int s = k % SLOTS, err = PMPI_Wait(&ch->send[s], MPI_STATUS_IGNORE);
    if (!err)
        err = PMPI_Irecv(ch->slot[s], ortho__segment_len(&ch->sg, k), ch->type, ch->prev,
                         ORTHO_TAG + 2, ch->comm, &ch->recv[s]);
    return err;
}

/* Segment k: combine, forward (or keep, at the chain's end, when it is
 * the root), and at a root the chain does not end at, receive the result. */
static int step(struct chain *ch, int k)
{
    int s = k % SLOTS, n = ortho__segment_len(&ch->sg, k), at = ortho__segment_at(&ch->sg, k);
    const void *own = ortho__offset(ch->input, at, ch->type);
    void *out = ortho__offset(ch->recvbuf, at, ch->type);
    const void *data = own;
    int err = MPI_SUCCESS;
    if (ch->prev != MPI_PROC_NULL) {
        err = PMPI_Wait(&ch->recv[s], MPI_STATUS_IGNORE);
        if (!err)
            err = PMPI_Reduce_local(own, ch->slot[s], n, ch->type, ch->op);
        data = ch->slot[s];
    }
    /* at most WINDOW synchronous sends in flight (the pacing) */
    if (!err && ch->next != MPI_PROC_NULL && k >= WINDOW)
        err = PMPI_Wait(&ch->send[(k - WINDOW) % SLOTS], MPI_STATUS_IGNORE);
    if (!err && ch->next != MPI_PROC_NULL)
        err = PMPI_Issend(data, n, ch->type, ch->next, ORTHO_TAG + 2, ch->comm, &ch->send[s]);
    else if (!err)
        err = ortho__local_copy(data, n, ch->type, out, n, ch->type);
    if (!err && ch->from_end) {
        /* the forward of this segment may read recvbuf (in place, first
         * in the chain): it completes before the result lands there */
        err = PMPI_Wait(&ch->send[s], MPI_STATUS_IGNORE);
        if (!err)
            err = PMPI_Wait(&ch->fin[s], MPI_STATUS_IGNORE);
        if (!err)
            err = PMPI_Irecv(out, n, ch->type, ch->end, ORTHO_TAG + 2, ch->comm, &ch->fin[s]);
    }
    return err;
}

int ortho__reduce_chain(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                        int root, const struct ortho__segment_choice *seg,
                        const struct ortho_grid *grid)
{
    struct chain ch;
    MPI_Status sts[SLOTS];
    int p = grid->size, me = grid->rank, elem = 0, err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    ch.input = input;
    ch.recvbuf = recvbuf;
    ch.type = type;
    ch.op = op;
    ch.comm = grid->comm;
    ch.end = ortho__op_commutes(op) ? root : 0;
    /* position 0 starts the chain, p - 1 is its end */
    int pos = (ch.end - 1 - me + 2 * p) % p;
    ch.prev = pos > 0 ? (me + 1) % p : MPI_PROC_NULL;
    ch.next = pos < p - 1 ? (me - 1 + p) % p : root != me ? root : MPI_PROC_NULL;
    ch.from_end = me == root && root != ch.end;
    ortho__segments_of(n, elem, p - 1, ORTHO_MODEL_REDUCE, 1, 1, seg, &ch.sg);
    for (int s = 0; s < SLOTS; s++) {
        ch.raw[s] = ch.slot[s] = NULL;
        ch.recv[s] = ch.send[s] = ch.fin[s] = MPI_REQUEST_NULL;
    }
    int slots = ch.prev == MPI_PROC_NULL ? 0 : ch.sg.count < SLOTS ? ch.sg.count : SLOTS;
    for (int s = 0; s < slots && !err; s++)
        err = ortho__tmp(ch.sg.per, type, &ch.raw[s], &ch.slot[s]);
    for (int k = 0; k < ch.sg.count && k < WINDOW && ch.prev != MPI_PROC_NULL && !err; k++)
        err = post_recv(&ch, k);
    for (int k = 0; k < ch.sg.count && !err; k++) {
        err = step(&ch, k);
        if (!err && ch.prev != MPI_PROC_NULL && k + WINDOW < ch.sg.count)
            err = post_recv(&ch, k + WINDOW);
    }
    int werr = PMPI_Waitall(SLOTS, ch.send, sts);
    if (!werr)
        werr = PMPI_Waitall(SLOTS, ch.fin, sts);
    if (err) {
        ortho__cancel_each(SLOTS, ch.recv);
        ortho__cancel_each(SLOTS, ch.fin);
    }
    for (int s = 0; s < SLOTS; s++)
        free(ch.raw[s]);
    return err ? err : werr;
}
