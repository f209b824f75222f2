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

/* Pacing as bcast_pipe.c's: the sends up and down the chain are
 * synchronous and stay in flight at most LAG steps, and every receive is
 * posted LAG steps before it is due. */
enum { LAG = 2, RING = LAG + 1, UP = 0, DOWN = 1 };

struct allreduce_pipe {
    const void *input;
    void *recvbuf, *rowsum, *partial;
    MPI_Datatype type;
    MPI_Op op;
    struct ortho__segments sg;
    struct ortho__groups g;
    int len, pos, up, down; /* the chain: up is nearer row 0 */
    /* receives posted ahead, per way: UP (the rows below's partial result,
     * from down), DOWN (the result, from up); segment k's in [k % RING] */
    int posted[2];
    MPI_Request early[2][RING];
};

static void *at(const struct allreduce_pipe *ap, const void *buf, int k)
{
    return ortho__offset(buf, ortho__segment_at(&ap->sg, k), ap->type);
}

/* The step at which segment k's receive of that way is due, or -1 when
 * this process makes none. */
static int due_at(const struct allreduce_pipe *ap, int way, int k)
{
    if (k % ap->g.pieces != ap->g.me)
        return -1;
    if (way == UP)
        return ap->down != MPI_PROC_NULL ? k + (ap->len - 1 - ap->pos) : -1;
    return ap->pos > 0 ? k + ap->len + ap->pos - 1 : -1;
}

/* Posts the receives of both ways due by step t + LAG. */
static int post_ahead(struct allreduce_pipe *ap, int t)
{
    int err = MPI_SUCCESS;
    for (int way = UP; way <= DOWN; way++) {
        /* a segment this process does not receive is passed over */
        int base = way == UP ? ap->len - 1 - ap->pos : ap->len + ap->pos - 1;
        for (; !err && ap->posted[way] < ap->sg.count && ap->posted[way] + base <= t + LAG;
             ap->posted[way]++) {
            int k = ap->posted[way];
            if (due_at(ap, way, k) < 0)
                continue;
            err = PMPI_Irecv(at(ap, way == UP ? ap->partial : ap->recvbuf, k),
                             ortho__segment_len(&ap->sg, k), ap->type,
                             way == UP ? ap->down : ap->up, ORTHO_TAG + 3, ap->g.second,
                             &ap->early[way][k % RING]);
        }
    }
    return err;
}

/* Segment k's receive of that way, posted ahead, is waited at this step. */
static void due(struct allreduce_pipe *ap, int way, int k, struct ortho__step_out *out)
{
    if (k >= 0 && k < ap->posted[way] && ap->early[way][k % RING] != MPI_REQUEST_NULL) {
        out->now[out->n++] = ap->early[way][k % RING];
        ap->early[way][k % RING] = MPI_REQUEST_NULL;
    }
}

static int step(void *ctx, int t, struct ortho__step_out *out)
{
    struct allreduce_pipe *ap = ctx;
    const struct ortho__groups *g = &ap->g;
    int K = ap->sg.count, err = post_ahead(ap, t), bottom = ap->down == MPI_PROC_NULL;
    /* up: this row reduces segment k; its leader receives the rows below */
    int k = t - (ap->len - 1 - ap->pos);
    if (!err && k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&ap->sg, k);
        err = PMPI_Ireduce(at(ap, ap->input, k), at(ap, ap->rowsum, k), n, ap->type, ap->op, c,
                           g->first, &out->now[out->n++]);
        due(ap, UP, k, out);
    }
    /* a step later it goes up (row 0 keeps it) */
    k = t - (ap->len - ap->pos);
    if (!err && k >= 0 && k < K && k % g->pieces == g->me && ap->pos > 0)
        err = PMPI_Issend(at(ap, bottom ? ap->rowsum : ap->partial, k),
                          ortho__segment_len(&ap->sg, k), ap->type, ap->up, ORTHO_TAG + 3,
                          g->second, &out->later[out->nlater++]);
    /* down: the result of segment k arrives from above */
    if (!err)
        due(ap, DOWN, t - (ap->len + ap->pos - 1), out);
    /* a step later it goes on down, and into the row */
    k = t - (ap->len + ap->pos);
    if (!err && k >= 0 && k < K) {
        int c = k % g->pieces, n = ortho__segment_len(&ap->sg, k);
        if (c == g->me && !bottom)
            err = PMPI_Issend(at(ap, ap->recvbuf, k), n, ap->type, ap->down, ORTHO_TAG + 3,
                              g->second, &out->later[out->nlater++]);
        if (!err)
            err = PMPI_Ibcast(at(ap, ap->recvbuf, k), n, ap->type, c, g->first,
                              &out->now[out->n++]);
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
    ortho__segments_of(n, elem, 2 * ap.len, ORTHO_MODEL_REDUCE, 1, 1, seg, &ap.sg);
    if (!err)
        err = ortho__tmp(n, type, &raw_row, &ap.rowsum);
    if (!err && ap.down != MPI_PROC_NULL)
        err = ortho__tmp(n, type, &raw_part, &ap.partial);
    for (int way = UP; way <= DOWN; way++) {
        ap.posted[way] = 0;
        for (int i = 0; i < RING; i++)
            ap.early[way][i] = MPI_REQUEST_NULL;
    }
    if (!err)
        err = ortho__pipeline(ap.sg.count + 2 * ap.len - 1, LAG, step, after, &ap);
    /* after an error: receives posted ahead are taken back before their
     * buffers go */
    for (int way = UP; way <= DOWN; way++)
        ortho__cancel_each(RING, ap.early[way]);
    free(raw_part);
    free(raw_row);
    free(raw_in);
    return err;
}
