/* Allreduce with pipelined phases ("pipe").
 *
 * Cost (alpha-beta-gamma, n bytes cut into k segments of s, p = p1 x p2,
 * rows order; three stages in flight on different segments):
 *   T = (k + 2) max(t_reduce(p2, s), t_allreduce(p1, s), t_bcast(p2, s))
 * with s from the model (lib/model/segment.c: s = sqrt(n alpha / (2 beta))
 * for three stages) or the candidate's "seg=". Like rsag, each segment
 * crosses the columns from one leader only, so a node's link carries
 * about 2 n in all whatever the node size (the leaders take turns), and
 * the phases of consecutive segments overlap instead of following each
 * other. As phases (lib/model/variants.c):
 *   (k + 2) max(t_red(p2, s), t_ar(p1, s), t_bc(p2, s))
 *
 * Rows order: segment j has a leader column c = j mod pieces. Stage 0:
 * MPI_Ireduce of the segment inside every row to its member c (into
 * recvbuf); stage 1: MPI_Iallreduce in place inside column c; stage 2:
 * MPI_Ibcast inside every row from member c. Rows hold consecutive ranks
 * and columns are ordered by rows: operands would combine in rank order,
 * but that rests on MPI_Ireduce and MPI_Iallreduce keeping rank order,
 * which SimGrid 3.32's do not (arrival order): the dispatcher runs rsag's
 * rows order for non-commutative operations. Columns order: the same with
 * rows and columns exchanged. On N-D grids stage 1 is one nonblocking
 * allreduce over the whole column.
 *
 * Segments hold whole elements of the datatype (count units). In place,
 * the input is first copied: the leader's stage 0 would otherwise reduce
 * a segment of recvbuf into itself. */
#include <stdlib.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

struct allreduce_pipe {
    const void *input;
    void *recvbuf;
    MPI_Datatype type;
    MPI_Op op;
    struct ortho__segments sg;
    struct ortho__groups g;
};

/* Segment k's stage j, posted in req (nothing where this process has no
 * part in it). */
static int stage(const struct allreduce_pipe *ap, int j, int k, MPI_Request *req)
{
    const struct ortho__groups *g = &ap->g;
    int c = k % g->pieces, n = ortho__segment_len(&ap->sg, k);
    int at = ortho__segment_at(&ap->sg, k);
    void *seg = ortho__offset(ap->recvbuf, at, ap->type);
    switch (j) {
    case 0:
        return PMPI_Ireduce(ortho__offset(ap->input, at, ap->type), seg, n, ap->type, ap->op, c,
                            g->first, req);
    case 1:
        return g->me == c ? PMPI_Iallreduce(MPI_IN_PLACE, seg, n, ap->type, ap->op, g->second,
                                            req)
                          : MPI_SUCCESS;
    default:
        return PMPI_Ibcast(seg, n, ap->type, c, g->first, req);
    }
}

/* Step t: stage j of segment t - j, the last stage first (alike
 * everywhere: each communicator sees its collectives in one order). */
static int step(void *ctx, int t, MPI_Request req[], int *nreq)
{
    const struct allreduce_pipe *ap = ctx;
    int err = MPI_SUCCESS;
    *nreq = 0;
    for (int j = 2; j >= 0 && !err; j--) {
        int k = t - j;
        if (k >= 0 && k < ap->sg.count) {
            err = stage(ap, j, k, &req[*nreq]);
            *nreq += req[*nreq] != MPI_REQUEST_NULL;
        }
    }
    return err;
}

int ortho__allreduce_pipe(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                          MPI_Op op, int rows_first, int segment,
                          const struct ortho_grid *grid)
{
    struct allreduce_pipe ap;
    void *raw = NULL, *copy = NULL;
    int elem = 0;
    if (ortho__is_flat(grid))
        return PMPI_Allreduce(sendbuf, recvbuf, n, type, op, grid->comm);
    int err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    ap.input = sendbuf;
    if (sendbuf == MPI_IN_PLACE) {
        err = ortho__tmp(n, type, &raw, &copy);
        if (!err)
            err = ortho__local_copy(recvbuf, n, type, copy, n, type);
        ap.input = copy;
    }
    ap.recvbuf = recvbuf;
    ap.type = type;
    ap.op = op;
    ortho__groups_of(grid, rows_first, &ap.g);
    ap.g.second = rows_first ? grid->col_comm : ap.g.second; /* N-D: the whole column */
    ortho__segments_of(n, elem, 3, segment, &ap.sg);
    if (!err)
        err = ortho__pipeline(ap.sg.count + 2, step, NULL, &ap);
    free(raw);
    return err;
}
