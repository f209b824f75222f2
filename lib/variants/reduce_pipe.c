/* Reduce with pipelined phases ("pipe").
 *
 * Cost (alpha-beta-gamma, n bytes cut into k segments of s, p = p1 x p2,
 * rows order; three stages in flight on different segments):
 *   T = (k + 2) max(t_reduce(p2, s), t_reduce(p1, s), alpha + s beta)
 * with s from the model (lib/model/segment.c: s = sqrt(n alpha / (2 beta))
 * for three stages) or the candidate's "seg=". The reduction across the
 * rows of segment j overlaps the reductions inside the rows of segments
 * j + 1 and the delivery of segment j - 1 to the root. As phases
 * (lib/model/variants.c):
 *   (k + 2) max(t_red(p2, s), t_red(p1, s), t_bc(2, s))
 *
 * Rows order: segment j has a leader column c = j mod pieces. Stage 0:
 * MPI_Ireduce of the segment inside every row to its member c; stage 1:
 * MPI_Ireduce inside column c to the root's row (straight into recvbuf
 * when the root is that member); stage 2: the member c of the root's row
 * sends the segment to the root (MPI_Isend / MPI_Irecv on the row's
 * communicator, tag ORTHO_TAG + 3). Rows hold consecutive ranks and the
 * columns are ordered by rows, so operands would combine in rank order,
 * but that rests on MPI_Ireduce keeping rank order, which SimGrid 3.32's
 * does not (it combines in arrival order): the dispatcher runs rsag's rows
 * order for non-commutative operations. Columns order: the same with rows
 * and columns exchanged. On N-D grids stage 1 is one
 * nonblocking reduction over the whole column.
 *
 * Segments hold whole elements of the datatype (count units); the
 * partial sums live in temporary buffers with the datatype's true
 * extent. No MPI_IN_PLACE reaches MPI_Ireduce (see reduce_rsag.c). */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

struct reduce_pipe {
    const void *input;
    void *recvbuf, *rowsum, *colsum;
    MPI_Datatype type;
    MPI_Op op;
    struct ortho__segments sg;
    struct ortho__groups g;
    struct ortho__root_at r;
};

static int stage(void *ctx, int j, int k, MPI_Request *req)
{
    const struct reduce_pipe *rp = ctx;
    const struct ortho__groups *g = &rp->g;
    const struct ortho__root_at *r = &rp->r;
    int c = k % g->pieces, n = ortho__segment_len(&rp->sg, k);
    int at = ortho__segment_at(&rp->sg, k), in_root_group = g->ome == r->in_second;
    void *rowsum = ortho__offset(rp->rowsum, at, rp->type);
    void *colsum = rp->colsum != NULL ? ortho__offset(rp->colsum, at, rp->type) : NULL;
    void *out = ortho__offset(rp->recvbuf, at, rp->type);
    switch (j) {
    case 0:
        return PMPI_Ireduce(ortho__offset(rp->input, at, rp->type), rowsum, n, rp->type, rp->op,
                            c, g->first, req);
    case 1:
        if (g->me != c)
            return MPI_SUCCESS;
        return PMPI_Ireduce(rowsum, r->is_root ? out : colsum, n, rp->type, rp->op,
                            r->in_second, g->second, req);
    default:
        if (!in_root_group || c == r->in_first)
            return MPI_SUCCESS;
        if (r->is_root)
            return PMPI_Irecv(out, n, rp->type, c, ORTHO_TAG + 3, g->first, req);
        if (g->me == c)
            return PMPI_Isend(colsum, n, rp->type, r->in_first, ORTHO_TAG + 3, g->first, req);
        return MPI_SUCCESS;
    }
}

int ortho__reduce_pipe(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       int root, int rows_first, int segment, const struct ortho_grid *grid)
{
    struct reduce_pipe rp;
    void *raw_row = NULL, *raw_col = NULL;
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
    rp.colsum = NULL;
    ortho__groups_of(grid, rows_first, &rp.g);
    rp.g.second = rows_first ? grid->col_comm : rp.g.second; /* N-D: the whole column */
    ortho__root_at(&rp.g, grid, root, &rp.r);
    ortho__segments_of(n, elem, 3, segment, &rp.sg);
    err = ortho__tmp(n, type, &raw_row, &rp.rowsum);
    if (!err && rp.g.ome == rp.r.in_second && !rp.r.is_root)
        err = ortho__tmp(n, type, &raw_col, &rp.colsum);
    if (!err)
        err = ortho__pipeline(3, rp.sg.count, stage, &rp);
    free(raw_col);
    free(raw_row);
    return err;
}
