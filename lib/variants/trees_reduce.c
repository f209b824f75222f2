/* Reduce up k arc-disjoint spanning trees of the grid's torus ("trees").
 *
 * The bcast's trees (trees_bcast.c) with every arc reversed: the message
 * is cut into k parts as the bcast's (the shallower trees' a segment
 * longer for every hop they lack), part t climbs tree t in segments of
 * s, a process combining each segment of its children's into its own and
 * sending the sum to its parent. The trees share no arc, so where the
 * grid's dims match a torus network's every link carries n / k once and
 * the root takes in its k links at once: the time nears the bound n / (k
 * B) of the root's inbound links, where rings (a reduce-scatter and a
 * gather) moves twice that.
 *
 * Cost (alpha-beta-gamma, D the trees' mean depth, each hop paced as the
 * bcast's):
 *   T = (n / (k s) + D - 1) (alpha + s beta + s gamma),
 * one combine a hop (a process with c children in a tree combines c
 * segments, one after another: the model charges one; SimGrid charges
 * none under the benchmark's settings), s as the bcast's
 * (ortho__model_trees_segment). As phases (lib/model/variants.c): the
 * bcast's form with hops t_red(2, s). Measured as the bcast (torus, 128
 * processes, 8x4x4, 500 KiB): 0.255 ms, 1.67 times the bound; rings
 * 0.378 ms.
 *
 * Commutative operations only (a process combines in tree order, not rank
 * order; the dispatcher runs rsag's rows order otherwise). Full grids
 * only (rsag's rows order elsewhere). Memory: a process other than the
 * root works in a temporary of n elements (its sums, sent from there),
 * the root in recvbuf; every process RECV_AHEAD segments per child it
 * has, in all trees at most k children (the trees share no arc out of
 * it), a segment at most n / k: at most 2 n elements. Requests: RECV_AHEAD per child and
 * one send per tree. Tags ORTHO_TAG + 80 + t, as the bcast's. */
#include <stdlib.h>
#include <string.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/trees_links.h"

enum { RECV_AHEAD = 2, TAG_TREES = ORTHO_TAG + 80 };

struct part {
    int count;    /* segments */
    int combined; /* segments summed (and sent to the parent) */
    int *have;    /* per segment: children whose segment arrived */
    int first;    /* this part's first child among all (the slots' index) */
};

struct climb {
    void *work; /* the vector this process sums into and sends from */
    void *slots; /* per child, RECV_AHEAD segments */
    MPI_Datatype type;
    MPI_Op op;
    MPI_Comm comm;
    int children;   /* in all trees */
    struct ortho__trees_at at;
    struct part part[ORTHO__TREES_MAX];
    int slot_seg[ORTHO__TREES_MAX][RECV_AHEAD]; /* per child among all: the segment a slot holds */
    MPI_Request *req; /* children x RECV_AHEAD receives, then one send per tree */
};

static void *work_at(const struct climb *C, int t, int j)
{
    return ortho__offset(C->work, (MPI_Aint)C->at.off[t] + (MPI_Aint)j * C->at.per, C->type);
}

static void *slot_at(const struct climb *C, int child, int a)
{
    return ortho__offset(C->slots, ((MPI_Aint)child * RECV_AHEAD + a) * C->at.per, C->type);
}

/* Child c of part t: the receive of segment j into its slot j % RECV_AHEAD. */
static int post_recv(struct climb *C, int t, int c, int j)
{
    int child = C->part[t].first + c, a = j % RECV_AHEAD;
    C->slot_seg[child][a] = j;
    return PMPI_Irecv(slot_at(C, child, a), ortho__trees_seg_len(&C->at, t, j), C->type,
                      C->at.child[t][c], TAG_TREES + t, C->comm,
                      &C->req[child * RECV_AHEAD + a]);
}

/* Part t's segments whose children's sums are all in, once the parent
 * took the last one: summed, their slots posted again, sent up. */
static int climb_on(void *ctx, int t)
{
    struct climb *C = ctx;
    struct part *q = &C->part[t];
    MPI_Request *send = &C->req[C->children * RECV_AHEAD + t];
    int err = MPI_SUCCESS, n = C->at.nchildren[t];
    while (!err && q->combined < q->count && q->have[q->combined] == n &&
           *send == MPI_REQUEST_NULL) {
        int j = q->combined++, len = ortho__trees_seg_len(&C->at, t, j);
        for (int c = 0; c < n && !err; c++) {
            err = PMPI_Reduce_local(slot_at(C, q->first + c, j % RECV_AHEAD), work_at(C, t, j),
                                    len, C->type, C->op);
            if (!err && j + RECV_AHEAD < q->count)
                err = post_recv(C, t, c, j + RECV_AHEAD);
        }
        if (!err && C->at.parent[t] >= 0)
            err = PMPI_Issend(work_at(C, t, j), len, C->type, C->at.parent[t], TAG_TREES + t,
                              C->comm, send);
    }
    return err;
}

/* A child's segment in (a send to the parent needs nothing). */
static int done(void *ctx, int idx)
{
    struct climb *C = ctx;
    if (idx >= C->children * RECV_AHEAD)
        return MPI_SUCCESS;
    int child = idx / RECV_AHEAD, t = 0;
    while (t + 1 < C->at.k && C->part[t + 1].first <= child)
        t++;
    C->part[t].have[C->slot_seg[child][idx % RECV_AHEAD]]++;
    return MPI_SUCCESS;
}

static int run(struct climb *C)
{
    int err = MPI_SUCCESS, total = C->children * RECV_AHEAD + C->at.k;
    for (int t = 0; t < C->at.k && !err; t++)
        for (int c = 0; c < C->at.nchildren[t] && !err; c++)
            for (int j = 0; j < RECV_AHEAD && j < C->part[t].count && !err; j++)
                err = post_recv(C, t, c, j);
    if (err) {
        ortho__cancel_each(total, C->req);
        return err;
    }
    return ortho__trees_loop(total, C->req, C->at.k, climb_on, done, C);
}

int ortho__reduce_trees(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                        int root, const struct ortho__segment_choice *seg,
                        const struct ortho_grid *grid)
{
    struct climb C;
    void *work_raw = NULL, *slots_raw = NULL;
    memset(&C, 0, sizeof C);
    int err = ortho__trees_at(grid, root, n, type, seg, &C.at);
    /* the root sums in recvbuf, every other process in a temporary */
    C.work = recvbuf;
    if (!err && grid->rank != root)
        err = ortho__tmp(n, type, &work_raw, &C.work);
    if (!err && input != C.work)
        err = ortho__local_copy(input, n, type, C.work, n, type);
    if (err || grid->size < 2 || n == 0) {
        free(work_raw);
        return err;
    }
    C.type = type;
    C.op = op;
    C.comm = grid->comm;
    for (int t = 0; t < C.at.k; t++) {
        C.part[t].first = C.children;
        C.part[t].count = ortho__trees_segments(&C.at, t);
        C.children += C.at.nchildren[t];
    }
    int room = ortho__mul_int(C.children * RECV_AHEAD, C.at.per);
    err = room < 0 ? MPI_ERR_NO_MEM : ortho__tmp(room, type, &slots_raw, &C.slots);
    int total = C.children * RECV_AHEAD + C.at.k;
    C.req = err ? NULL : malloc((size_t)total * sizeof(MPI_Request));
    if (!err && C.req == NULL)
        err = MPI_ERR_NO_MEM;
    for (int i = 0; i < total && !err; i++)
        C.req[i] = MPI_REQUEST_NULL;
    for (int t = 0; t < C.at.k && !err; t++) {
        C.part[t].have = calloc((size_t)C.part[t].count + 1, sizeof(int));
        if (C.part[t].have == NULL)
            err = MPI_ERR_NO_MEM;
    }
    if (!err)
        err = run(&C);
    for (int t = 0; t < C.at.k; t++)
        free(C.part[t].have);
    free(C.req);
    free(slots_raw);
    free(work_raw);
    return err;
}
