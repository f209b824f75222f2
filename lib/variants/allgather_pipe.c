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
 * Columns order: every block first goes to its place in the receive
 * buffer; then each column runs a ring (MPI_Isend / MPI_Irecv to the next
 * and from the previous row, one block per step, straight between final
 * places), and after each step every row allgathers in place the blocks of
 * the grid row whose blocks have just arrived (all members of a row are at
 * the same step, so they agree on that row): MPI_Allgather on the row's
 * slice when its blocks lie back to back, else MPI_Allgatherv with the
 * blocks' displacements. Rows order: the same with a ring in every row
 * and column allgathers (always MPI_Allgatherv: strided blocks). No local
 * copy other than the own block (none in place), no derived datatype;
 * ring messages carry the receive datatype at both ends (see the MPICH
 * 4.0.2 truncation bug in common/buffers.h). On N-D grids the ring runs
 * over the whole column. Uneven grids (nodes of different sizes): the
 * columns order with relays (pipe_cols_relay below; every block still
 * enters each node once); the rows order is not offered there (the
 * dispatcher runs the paper's order). */
#include <stdlib.h>

#include "common/buffers.h"
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

static int block_of(const struct pipe *pp, int i, int j)
{
    int p2 = ortho__row_size(pp->grid);
    return pp->cols ? i * p2 + j : j * p2 + i;
}

/* The other groups' allgather, in place, of the blocks c[j] at d[j]. */
static int other_phase(const struct pipe *pp, void *recvbuf, MPI_Datatype type, const int c[],
                       const int d[])
{
    int even = 1;
    for (int j = 1; j < pp->olen; j++)
        even &= c[j] == c[0] && d[j] == d[j - 1] + c[j - 1];
    if (even)
        return PMPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, ortho__offset(recvbuf, d[0], type), c[0],
                              type, pp->other);
    return ortho__allgatherv_native(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, c, d, type, pp->other);
}

static int allgatherv_pipe(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, const struct pipe *pp)
{
    const struct ortho_grid *grid = pp->grid;
    int *c = malloc(2 * (size_t)pp->olen * sizeof(int));
    if (c == NULL)
        return MPI_ERR_NO_MEM;
    int *d = c + pp->olen, err = MPI_SUCCESS;
    int next = (pp->me + 1) % pp->len, prev = (pp->me - 1 + pp->len) % pp->len;
    int own = ortho__pos(grid, grid->rank);
    MPI_Request req[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status st[2];
    if (sendbuf != MPI_IN_PLACE)
        err = ortho__local_copy(sendbuf, sendcount, sendtype,
                                ortho__offset(recvbuf, displs[own], type), counts[own], type);
    /* step s: the blocks of ring member i = me - s are here */
    for (int s = 0; s < pp->len && !err; s++) {
        int i = (pp->me - s + pp->len) % pp->len;
        if (s > 0)
            err = PMPI_Waitall(2, req, st);
        if (!err && s < pp->len - 1) {
            int have = ortho__pos(grid, block_of(pp, i, pp->ome));
            int want = ortho__pos(grid, block_of(pp, (i - 1 + pp->len) % pp->len, pp->ome));
            err = PMPI_Irecv(ortho__offset(recvbuf, displs[want], type), counts[want], type,
                             prev, ORTHO_TAG, pp->ring, &req[0]);
            if (!err)
                err = PMPI_Isend(ortho__offset(recvbuf, displs[have], type), counts[have], type,
                                 next, ORTHO_TAG, pp->ring, &req[1]);
        }
        for (int j = 0; j < pp->olen && !err; j++) {
            int u = ortho__pos(grid, block_of(pp, i, j));
            c[j] = counts[u];
            d[j] = displs[u];
        }
        if (!err)
            err = other_phase(pp, recvbuf, type, c, d);
    }
    if (err) {
        /* leave no request behind */
        for (int k = 0; k < 2; k++)
            if (req[k] != MPI_REQUEST_NULL) {
                PMPI_Cancel(&req[k]);
                PMPI_Request_free(&req[k]);
            }
    }
    free(c);
    return err;
}

/* Columns order on an uneven grid (a short last row of r members): the
 * lanes c >= r lack the last row, so the short row's member c % r stands
 * in for it there (a relay: it forwards the lane's blocks, and it needs
 * them). Every lane keeps p1 ring positions and the block of row k
 * arrives everywhere at the same step; blocks of the missing places are
 * skipped by sender and receiver alike. The short row then allgathers one
 * round of r columns at a time (ceil(p2 / r) calls per step). Ring
 * messages travel on the grid's communicator (tag ORTHO_TAG + 1). */
static int pipe_cols_relay(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, const struct ortho_grid *grid)
{
    int p1 = grid->nrows, p2 = ortho__row_size(grid), r = grid->last_len, last = p1 - 1;
    int q0 = ortho__row_of(grid, grid->rank), c0 = ortho__col_of(grid, grid->rank);
    int nlanes = q0 < last ? 1 : (p2 - c0 + r - 1) / r, err = MPI_SUCCESS;
    int *c = malloc(2 * (size_t)p2 * sizeof(int));
    MPI_Request *req = malloc(2 * (size_t)nlanes * sizeof(MPI_Request));
    MPI_Status *st = malloc(2 * (size_t)nlanes * sizeof(MPI_Status));
    if (c == NULL || req == NULL || st == NULL) {
        free(c);
        free(req);
        free(st);
        return MPI_ERR_NO_MEM;
    }
    int *d = c + p2, own = ortho__pos(grid, grid->rank), nreq = 0;
    if (sendbuf != MPI_IN_PLACE)
        err = ortho__local_copy(sendbuf, sendcount, sendtype,
                                ortho__offset(recvbuf, displs[own], type), counts[own], type);
    for (int s = 0; s < p1 && !err; s++) {
        int k = (q0 - s + p1) % p1, kprev = (k - 1 + p1) % p1;
        if (nreq > 0)
            err = PMPI_Waitall(nreq, req, st);
        nreq = 0;
        for (int l = 0; l < nlanes && s < p1 - 1 && !err; l++) {
            int lane = c0 + l * r;
            /* the ranks playing positions q0 + 1 and q0 - 1 of this lane */
            int qn = (q0 + 1) % p1, qp = (q0 - 1 + p1) % p1;
            int to = qn == last && lane >= r ? last * p2 + lane % r : qn * p2 + lane;
            int from = qp == last && lane >= r ? last * p2 + lane % r : qp * p2 + lane;
            if (kprev < last || lane < r) {
                int u = ortho__pos(grid, kprev * p2 + lane);
                err = PMPI_Irecv(ortho__offset(recvbuf, displs[u], type), counts[u], type, from,
                                 ORTHO_TAG + 1, grid->comm, &req[nreq++]);
            }
            if (!err && (k < last || lane < r)) {
                int u = ortho__pos(grid, k * p2 + lane);
                err = PMPI_Isend(ortho__offset(recvbuf, displs[u], type), counts[u], type, to,
                                 ORTHO_TAG + 1, grid->comm, &req[nreq++]);
            }
        }
        /* the row phase for grid row k: full rows in one call, the short
         * row in rounds of r columns */
        int width = q0 < last ? p2 : r;
        for (int j0 = 0; j0 < p2 && !err; j0 += width) {
            int any = 0, even = 1;
            for (int m = 0; m < width; m++) {
                int col = j0 + m, exists = col < p2 && (k < last || col < r);
                int u = exists ? ortho__pos(grid, k * p2 + col) : 0;
                c[m] = exists ? counts[u] : 0;
                d[m] = exists ? displs[u] : 0;
                any |= exists;
                even &= exists;
                if (m > 0)
                    even &= c[m] == c[0] && d[m] == d[m - 1] + c[m - 1];
            }
            if (!any)
                continue;
            if (even)
                err = PMPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, ortho__offset(recvbuf, d[0], type),
                                     c[0], type, grid->row_comm);
            else
                err = ortho__allgatherv_native(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, c, d, type,
                                               grid->row_comm);
        }
    }
    if (!err && nreq > 0)
        err = PMPI_Waitall(nreq, req, st);
    if (err)
        for (int i = 0; i < nreq; i++)
            if (req[i] != MPI_REQUEST_NULL) {
                PMPI_Cancel(&req[i]);
                PMPI_Request_free(&req[i]);
            }
    free(c);
    free(req);
    free(st);
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
