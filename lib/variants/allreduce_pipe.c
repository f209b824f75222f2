/* Allreduce with pipelined phases ("pipe").
 *
 * Cost (alpha-beta-gamma, n bytes cut into k segments of s, p = p1 x p2,
 * rows order; every stage in flight on a different segment):
 *   T = (k + 2 p1 - 1) max(t_reduce(p2, s), t_bcast(p2, s), alpha + s beta + s gamma)
 * with s from the model (lib/model/segment.c, depth 2 p1) or the
 * candidate's "seg=". Each segment's partial result climbs one column as
 * a chain to the first row and comes back down it: every node's link
 * carries the message twice in and twice out (the 2 (p1 - 1) / p1 n of
 * the tight bound, rounded up), from as many lanes as there are leaders,
 * while the rows reduce and broadcast other segments. As phases
 * (lib/model/variants.c), each stage placed on the nodes, the first
 * segment's way, then a segment per transfer of the slowest
 * (~t = t(s) - t(0); h(s) = t_red(2, s) inside a node or between two):
 *   t_red(p2, s) + 2 (sum of the p1 - 1 column hops h(s)) + t_bc(p2, s) + (k - 1) max ~t
 *
 * Rows order: segment j has a leader column c = j mod pieces. The row at
 * place i of the chain (i = 0: row 0) reduces it to its member c
 * (MPI_Ireduce) at step j + (len - 1 - i), when that member also receives
 * the partial result of the rows below (MPI_Irecv); it combines both
 * (MPI_Reduce_local) and sends the result up a step later. Row 0's member
 * c holds the whole segment at the end of step j + len - 1 and sends it
 * back down at step j + len; a member that received it at step j + len +
 * i - 1 forwards it, and its row broadcasts it from member c
 * (MPI_Ibcast), at step j + len + i. Columns order: the same with rows
 * and columns exchanged. On N-D grids the chain runs along the whole
 * column.
 *
 * Operands combine in no fixed order: commutative operations only (the
 * dispatcher runs rsag's rows order for the others). Segments hold whole
 * elements of the datatype (count units). The row's part and the climbing
 * partial result live in temporary buffers; in place, the input is first
 * copied (the broadcasts overwrite recvbuf). No MPI_IN_PLACE reaches
 * MPI_Ireduce. Messages: the grid's column and row communicators, tag
 * ORTHO_TAG + 3. */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

struct allreduce_pipe {
    const void *input;
    void *recvbuf, *rowsum, *partial;
    MPI_Datatype type;
    MPI_Op op;
    struct ortho__segments sg;
    struct ortho__groups g;
    int len, pos, up, down; /* the chain: up is nearer row 0 */
};

static void *at(const struct allreduce_pipe *ap, const void *buf, int k)
{
    return ortho__offset(buf, ortho__segment_at(&ap->sg, k), ap->type);
}

static int step(void *ctx, int t, MPI_Request req[], int *nreq)
{
    const struct allreduce_pipe *ap = ctx;
    const struct ortho__groups *g = &ap->g;
    int K = ap->sg.count, err = MPI_SUCCESS, bottom = ap->down == MPI_PROC_NULL;
    *nreq = 0;
    /* up: this row reduces segment k; its leader receives the rows below */
    int k = t - (ap->len - 1 - ap->pos);
    if (k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&ap->sg, k);
        err = PMPI_Ireduce(at(ap, ap->input, k), at(ap, ap->rowsum, k), n, ap->type, ap->op, c,
                           g->first, &req[(*nreq)++]);
        if (!err && c == g->me && !bottom)
            err = PMPI_Irecv(at(ap, ap->partial, k), n, ap->type, ap->down, ORTHO_TAG + 3,
                             g->second, &req[(*nreq)++]);
    }
    /* a step later it goes up (row 0 keeps it) */
    k = t - (ap->len - ap->pos);
    if (!err && k >= 0 && k < K && k % g->pieces == g->me && ap->pos > 0)
        err = PMPI_Isend(at(ap, bottom ? ap->rowsum : ap->partial, k),
                         ortho__segment_len(&ap->sg, k), ap->type, ap->up, ORTHO_TAG + 3,
                         g->second, &req[(*nreq)++]);
    /* down: the result of segment k arrives from above */
    k = t - (ap->len + ap->pos - 1);
    if (!err && ap->pos > 0 && k >= 0 && k < K && k % g->pieces == g->me)
        err = PMPI_Irecv(at(ap, ap->recvbuf, k), ortho__segment_len(&ap->sg, k), ap->type,
                         ap->up, ORTHO_TAG + 3, g->second, &req[(*nreq)++]);
    /* a step later it goes on down, and into the row */
    k = t - (ap->len + ap->pos);
    if (!err && k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&ap->sg, k);
        if (c == g->me && !bottom)
            err = PMPI_Isend(at(ap, ap->recvbuf, k), n, ap->type, ap->down, ORTHO_TAG + 3,
                             g->second, &req[(*nreq)++]);
        if (!err)
            err = PMPI_Ibcast(at(ap, ap->recvbuf, k), n, ap->type, c, g->first,
                              &req[(*nreq)++]);
    }
    return err;
}

/* Once step t is done: the leader of the segment its row reduced at t
 * combines its row's part with the rows below; in row 0 that is the
 * result, kept in recvbuf. */
static int after(void *ctx, int t)
{
    const struct allreduce_pipe *ap = ctx;
    int k = t - (ap->len - 1 - ap->pos), err = MPI_SUCCESS;
    if (k < 0 || k >= ap->sg.count || k % ap->g.pieces != ap->g.me)
        return MPI_SUCCESS;
    int n = ortho__segment_len(&ap->sg, k);
    if (ap->down != MPI_PROC_NULL)
        err = PMPI_Reduce_local(at(ap, ap->rowsum, k), at(ap, ap->partial, k), n, ap->type,
                                ap->op);
    if (!err && ap->pos == 0)
        err = ortho__local_copy(at(ap, ap->down != MPI_PROC_NULL ? ap->partial : ap->rowsum, k),
                                n, ap->type, at(ap, ap->recvbuf, k), n, ap->type);
    return err;
}

int ortho__allreduce_pipe(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                          MPI_Op op, int rows_first, const struct ortho__segment_choice *seg,
                          const struct ortho_grid *grid)
{
    struct allreduce_pipe ap;
    void *raw_in = NULL, *raw_row = NULL, *raw_part = NULL, *copy = NULL;
    int elem = 0;
    if (ortho__is_flat(grid))
        return PMPI_Allreduce(sendbuf, recvbuf, n, type, op, grid->comm);
    int err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    ap.input = sendbuf;
    if (sendbuf == MPI_IN_PLACE) {
        err = ortho__tmp(n, type, &raw_in, &copy);
        if (!err)
            err = ortho__local_copy(recvbuf, n, type, copy, n, type);
        ap.input = copy;
    }
    ap.recvbuf = recvbuf;
    ap.type = type;
    ap.op = op;
    ap.partial = NULL;
    ortho__groups_of(grid, rows_first, &ap.g);
    ap.g.second = rows_first ? grid->col_comm : ap.g.second; /* N-D: the whole column */
    ap.len = ap.g.olen;
    ap.pos = ap.g.ome;
    ap.up = ap.pos > 0 ? ap.pos - 1 : MPI_PROC_NULL;
    ap.down = ap.pos < ap.len - 1 ? ap.pos + 1 : MPI_PROC_NULL;
    ortho__segments_of(n, elem, 2 * ap.len, ORTHO_MODEL_REDUCE, 1, seg, &ap.sg);
    if (!err)
        err = ortho__tmp(n, type, &raw_row, &ap.rowsum);
    if (!err && ap.down != MPI_PROC_NULL)
        err = ortho__tmp(n, type, &raw_part, &ap.partial);
    if (!err)
        err = ortho__pipeline(ap.sg.count + 2 * ap.len - 1, step, after, &ap);
    free(raw_part);
    free(raw_row);
    free(raw_in);
    return err;
}
