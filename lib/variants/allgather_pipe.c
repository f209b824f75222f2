/* Allgather and allgatherv as a ring in one dimension pipelined with
 * allgathers in the other ("pipe").
 *
 * Cost (alpha-beta, b bytes per process, p = p1 x p2, columns order, ring
 * steps overlapped with the row allgathers):
 *   T = (p1 - 1) max(alpha + b beta, t_allgather(p2, b)) + t_allgather(p2, b)
 * The inter-column volume is the ring's (p1 - 1) b per process, as in the
 * columns order of "phases", but each row allgather runs while the next
 * ring step is on the wire. On a node-aware grid (columns = lanes) every
 * block crosses each node's link once and the node-local allgathers hide
 * behind the lane transfers: the time approaches (p - p2) b / (link
 * bandwidth), the bound. As phases (lib/model/variants.c):
 *   (p1 - 1) max(t_allgather(2, b), t_allgather(p2, b)) + t_allgather(p2, b)
 * (a ring step moves b each way, as an allgather of two processes does).
 *
 * Columns order: each column runs a ring (MPI_Isend / MPI_Irecv to the
 * next and from the previous row, one block per step), and after each step
 * every row allgathers the blocks of the grid row whose blocks have just
 * arrived (all members of a row are at the same step, so they agree on
 * that row), straight into their final places: MPI_Allgather on the row's
 * slice when its blocks lie back to back, else MPI_Allgatherv with the
 * blocks' displacements. Rows order: the same with a ring in every row
 * and column allgathers (always MPI_Allgatherv: strided blocks).
 *
 * The block a process holds at a step is kept apart from the receive
 * buffer: its own block in the send buffer (in place: one copy of it),
 * the others where the ring delivered them, two buffers of one block
 * used in turn. The ring forwards it from there while the row allgather
 * takes it from there as its send buffer (so MPI, not this file, copies
 * it to its final place). A buffer that a pending send reads is thus
 * never part of a running collective's receive buffer, where MPI may
 * write anything until the call returns: Open MPI 4.1's in-place Bruck
 * allgather rotates the blocks through the whole receive buffer, and
 * forwarding a block from its final place meanwhile sent the rotated
 * bytes. No other local copy, no derived datatype; ring messages carry
 * the receive datatype at both ends (see the MPICH 4.0.2 truncation bug
 * in common/buffers.h). On N-D grids the ring runs over the whole
 * column. Uneven grids (nodes of different sizes): the columns order
 * with relays (pipe_cols_relay below; every block still enters each node
 * once); the rows order is not offered there (the dispatcher runs the
 * paper's order). */
#include <stdlib.h>

#include "common/buffers.h"
#include "common/native_calls.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"

/* ring: the groups the blocks circulate in (len members, this one me);
 * other: the groups that allgather after each step (olen members, this
 * one ome). block(i, j): the grid rank of ring member i of other member j. */
struct pipe {
    MPI_Comm ring, other;
    int len, me, olen, ome;
    int cols; /* 1: ring = column (i = row, j = column) */
    const struct ortho_grid *grid;
};

/* The block a process holds at a step: what its ring forwards and its
 * row (or column) allgather sends. */
struct held {
    const void *buf;
    int count;
    MPI_Datatype type;
};

/* The buffers the rings deliver into: two per lane (one receiving while
 * the other is held), lane l's with room for most[l] elements of type. */
struct stage {
    int n;
    void **raw, **buf;
};

static int stage_alloc(int nlanes, const int most[], MPI_Datatype type, struct stage *st)
{
    st->raw = calloc(4 * (size_t)nlanes, sizeof(void *));
    if (st->raw == NULL)
        return MPI_ERR_NO_MEM;
    st->n = 2 * nlanes;
    st->buf = st->raw + st->n;
    for (int k = 0; k < st->n; k++) {
        int err = ortho__tmp(most[k / 2], type, &st->raw[k], &st->buf[k]);
        if (err)
            return err;
    }
    return MPI_SUCCESS;
}

/* NULL-safe on a zeroed or partly allocated stage. */
static void stage_free(struct stage *st)
{
    for (int k = 0; k < st->n; k++)
        free(st->raw[k]);
    free(st->raw);
}

/* The own block, held from the send buffer, or in place from a copy in
 * room (the receive buffer's copy takes part in the collectives). */
static int hold_own(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int count, int displ, MPI_Datatype type, void *room, struct held *h)
{
    h->buf = sendbuf;
    h->count = sendcount;
    h->type = sendtype;
    if (sendbuf != MPI_IN_PLACE)
        return MPI_SUCCESS;
    h->buf = room;
    h->count = count;
    h->type = type;
    return ortho__local_copy(ortho__offset(recvbuf, displ, type), count, type, room, count, type);
}

/* One allgather over comm of the blocks c[m] at d[m] (m: member), this
 * process's sent from h: MPI_Allgather on the slice when the blocks lie
 * back to back, else MPI_Allgatherv. */
static int group_allgather(const struct held *h, void *recvbuf, MPI_Datatype type, const int c[],
                           const int d[], int n, MPI_Comm comm)
{
    int even = 1;
    for (int m = 1; m < n; m++)
        even &= c[m] == c[0] && d[m] == d[m - 1] + c[m - 1];
    if (even)
        return PMPI_Allgather(h->buf, h->count, h->type, ortho__offset(recvbuf, d[0], type), c[0],
                              type, comm);
    return ortho__allgatherv_native(h->buf, h->count, h->type, recvbuf, c, d, type, comm);
}

static int block_of(const struct pipe *pp, int i, int j)
{
    int p2 = ortho__row_size(pp->grid);
    return pp->cols ? i * p2 + j : j * p2 + i;
}

static int allgatherv_pipe(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, const struct pipe *pp)
{
    const struct ortho_grid *grid = pp->grid;
    int next = (pp->me + 1) % pp->len, prev = (pp->me - 1 + pp->len) % pp->len;
    int own = ortho__pos(grid, grid->rank), most = 0, err = MPI_SUCCESS;
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status sts[2];
    struct stage st = {0, NULL, NULL};
    struct held h;
    for (int i = 0; i < pp->len; i++) {
        int u = ortho__pos(grid, block_of(pp, i, pp->ome));
        most = counts[u] > most ? counts[u] : most;
    }
    int *c = malloc(2 * (size_t)pp->olen * sizeof(int));
    if (c == NULL)
        return MPI_ERR_NO_MEM;
    int *d = c + pp->olen;
    err = stage_alloc(1, &most, type, &st);
    if (!err)
        err = hold_own(sendbuf, sendcount, sendtype, recvbuf, counts[own], displs[own], type,
                       st.buf[0], &h);
    /* step s: the blocks of ring member i = me - s are here; the one this
     * process holds arrived (s > 0) in buffer s % 2 */
    for (int s = 0; s < pp->len && !err; s++) {
        int i = (pp->me - s + pp->len) % pp->len;
        if (s > 0) {
            err = PMPI_Waitall(2, req, sts);
            h.buf = st.buf[s % 2];
            h.count = counts[ortho__pos(grid, block_of(pp, i, pp->ome))];
            h.type = type;
        }
        if (!err && s < pp->len - 1) {
            int want = ortho__pos(grid, block_of(pp, (i - 1 + pp->len) % pp->len, pp->ome));
            err = PMPI_Irecv(st.buf[(s + 1) % 2], counts[want], type, prev, ORTHO_TAG, pp->ring,
                             &req[0]);
            if (!err)
                err = PMPI_Isend(h.buf, h.count, h.type, next, ORTHO_TAG, pp->ring, &req[1]);
        }
        for (int j = 0; j < pp->olen && !err; j++) {
            int u = ortho__pos(grid, block_of(pp, i, j));
            c[j] = counts[u];
            d[j] = displs[u];
        }
        if (!err)
            err = group_allgather(&h, recvbuf, type, c, d, pp->olen, pp->other);
    }
    if (err)
        ortho__cancel_each(2, req);
    stage_free(&st);
    free(c);
    return err;
}

/* Columns order on an uneven grid (a short last row of r members): the
 * lanes c >= r lack the last row, so the short row's member c % r stands
 * in for it there (a relay: it forwards the lane's blocks, and it needs
 * them). Every lane keeps p1 ring positions and the block of row k
 * arrives everywhere at the same step; blocks of the missing places are
 * skipped by sender and receiver alike. The short row then allgathers one
 * round of r columns at a time (ceil(p2 / r) calls per step; in round l
 * its member m sends what it holds of lane m + l r). Ring messages travel
 * on the grid's communicator (tag ORTHO_TAG + 1). */
static int pipe_cols_relay(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, const struct ortho_grid *grid)
{
    int p1 = grid->nrows, p2 = ortho__row_size(grid), r = grid->last_len, last = p1 - 1;
    int q0 = ortho__row_of(grid, grid->rank), c0 = ortho__col_of(grid, grid->rank);
    int nlanes = q0 < last ? 1 : (p2 - c0 + r - 1) / r, err = MPI_SUCCESS;
    int own = ortho__pos(grid, grid->rank), nreq = 0;
    struct stage st = {0, NULL, NULL};
    int *c = calloc(2 * (size_t)p2 + (size_t)nlanes, sizeof(int));
    MPI_Request *req = malloc(2 * (size_t)nlanes * sizeof(MPI_Request));
    MPI_Status *sts = malloc(2 * (size_t)nlanes * sizeof(MPI_Status));
    struct held *h = malloc((size_t)nlanes * sizeof(struct held));
    if (c == NULL || req == NULL || sts == NULL || h == NULL) {
        free(c);
        free(req);
        free(sts);
        free(h);
        return MPI_ERR_NO_MEM;
    }
    int *d = c + p2, *most = d + p2;
    for (int l = 0; l < nlanes; l++) {
        int lane = c0 + l * r;
        most[l] = 0;
        for (int k = 0; k < p1; k++) {
            int n = k < last || lane < r ? counts[ortho__pos(grid, k * p2 + lane)] : 0;
            most[l] = n > most[l] ? n : most[l];
        }
    }
    err = stage_alloc(nlanes, most, type, &st);
    /* step 0: the own block (lane 0, own row); the short row has nothing
     * of the lanes it relays */
    struct held none = {err ? NULL : st.buf[0], 0, type};
    for (int l = 0; l < nlanes && !err; l++)
        h[l] = none;
    if (!err)
        err = hold_own(sendbuf, sendcount, sendtype, recvbuf, counts[own], displs[own], type,
                       st.buf[0], &h[0]);
    for (int s = 0; s < p1 && !err; s++) {
        int k = (q0 - s + p1) % p1, kprev = (k - 1 + p1) % p1;
        if (nreq > 0 && (err = PMPI_Waitall(nreq, req, sts)) != MPI_SUCCESS)
            break;
        nreq = 0;
        /* what arrived at step s - 1, in buffer s % 2 of its lane */
        for (int l = 0; l < nlanes && s > 0; l++) {
            int lane = c0 + l * r;
            h[l] = none;
            if (k < last || lane < r) {
                h[l].buf = st.buf[2 * l + s % 2];
                h[l].count = counts[ortho__pos(grid, k * p2 + lane)];
            }
        }
        for (int l = 0; l < nlanes && s < p1 - 1 && !err; l++) {
            int lane = c0 + l * r;
            /* the ranks playing positions q0 + 1 and q0 - 1 of this lane */
            int qn = (q0 + 1) % p1, qp = (q0 - 1 + p1) % p1;
            int to = qn == last && lane >= r ? last * p2 + lane % r : qn * p2 + lane;
            int from = qp == last && lane >= r ? last * p2 + lane % r : qp * p2 + lane;
            if (kprev < last || lane < r) {
                int u = ortho__pos(grid, kprev * p2 + lane);
                err = PMPI_Irecv(st.buf[2 * l + (s + 1) % 2], counts[u], type, from,
                                 ORTHO_TAG + 1, grid->comm, &req[nreq++]);
            }
            if (!err && (k < last || lane < r))
                err = PMPI_Isend(h[l].buf, h[l].count, h[l].type, to, ORTHO_TAG + 1, grid->comm,
                                 &req[nreq++]);
        }
        /* the row phase for grid row k: full rows in one call, the short
         * row in rounds of r columns */
        int width = q0 < last ? p2 : r;
        for (int j0 = 0, l = 0; j0 < p2 && !err; j0 += width, l++) {
            int any = 0;
            for (int m = 0; m < width; m++) {
                int col = j0 + m, exists = col < p2 && (k < last || col < r);
                int u = exists ? ortho__pos(grid, k * p2 + col) : 0;
                c[m] = exists ? counts[u] : 0;
                d[m] = exists ? displs[u] : 0;
                any |= exists;
            }
            if (any)
                err = group_allgather(l < nlanes ? &h[l] : &none, recvbuf, type, c, d, width,
                                      grid->row_comm);
        }
    }
    if (!err && nreq > 0)
        err = PMPI_Waitall(nreq, req, sts);
    if (err)
        ortho__cancel_each(nreq, req);
    stage_free(&st);
    free(c);
    free(req);
    free(sts);
    free(h);
    return err;
}

int ortho__allgatherv_pipe(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, int cols, const struct ortho_grid *grid)
{
    struct pipe pp;
    if (cols && ortho__is_uneven(grid))
        return pipe_cols_relay(sendbuf, sendcount, sendtype, recvbuf, counts, displs, type,
                               grid);
    struct ortho__groups g;
    ortho__groups_of(grid, !cols, &g);
    pp.grid = grid;
    pp.cols = cols;
    pp.ring = g.first;
    pp.len = g.len;
    pp.me = g.me;
    pp.other = g.second;
    pp.olen = g.olen;
    pp.ome = g.ome;
    return allgatherv_pipe(sendbuf, sendcount, sendtype, recvbuf, counts, displs, type, &pp);
}
