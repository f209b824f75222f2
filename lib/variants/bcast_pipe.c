/* Broadcast with pipelined phases ("pipe").
 *
 * Cost (alpha-beta, n bytes cut into k segments of s, p = p1 x p2, rows
 * order; three stages, every one in flight on a different segment):
 *   T = (k + 2) max(alpha + s beta, t_bcast(p1, s), t_bcast(p2, s))
 * with s from the model: the minimum of (n / s + 2)(alpha + s beta), at
 * s = sqrt(n alpha / (2 beta)) (lib/model/segment.c), or the candidate's
 * "seg=". Against scag's three phases one after the other, the column
 * phase of segment j runs while the row phases of segments j - 1 and
 * j + 1 run: the time approaches that of the slowest phase alone, plus a
 * fill of two segments. As phases (lib/model/variants.c):
 *   (k + 2) max(t_bc(2, s), t_bc(p1, s), t_bc(p2, s))
 *
 * Rows order: segment j has a leader column c = j mod pieces. Stage 0:
 * the root sends the segment to member c of its row (MPI_Isend, nothing
 * when the root is that member); stage 1: MPI_Ibcast of the segment in
 * column c from the root's row; stage 2: MPI_Ibcast in every row from its
 * member c. The leaders take turns, so every lane of a node-aware grid
 * carries 1 / pieces of the message across the network. Columns order:
 * the same with rows and columns exchanged. On N-D grids the column phase
 * is one nonblocking broadcast over the whole column.
 *
 * Pieces: as many leaders as the shortest first group has members
 * (uneven grids: every leader's second group is complete; see
 * allreduce_rsag.c). Stage 0 travels on the first group's communicator
 * (the grid's own) with tag ORTHO_TAG + 3. */
#include "common/buffers.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

struct bcast_pipe {
    void *buf;
    MPI_Datatype type;
    struct ortho__segments sg;
    struct ortho__groups g;
    struct ortho__root_at r;
};

static int stage(void *ctx, int j, int k, MPI_Request *req)
{
    const struct bcast_pipe *bp = ctx;
    const struct ortho__groups *g = &bp->g;
    const struct ortho__root_at *r = &bp->r;
    int c = k % g->pieces, n = ortho__segment_len(&bp->sg, k);
    void *seg = ortho__offset(bp->buf, ortho__segment_at(&bp->sg, k), bp->type);
    switch (j) {
    case 0:
        if (g->ome != r->in_second || c == r->in_first)
            return MPI_SUCCESS;
        if (r->is_root)
            return PMPI_Isend(seg, n, bp->type, c, ORTHO_TAG + 3, g->first, req);
        if (g->me == c)
            return PMPI_Irecv(seg, n, bp->type, r->in_first, ORTHO_TAG + 3, g->first, req);
        return MPI_SUCCESS;
    case 1:
        return g->me == c ? PMPI_Ibcast(seg, n, bp->type, r->in_second, g->second, req)
                          : MPI_SUCCESS;
    default:
        return PMPI_Ibcast(seg, n, bp->type, c, g->first, req);
    }
}

int ortho__bcast_pipe(void *buf, int n, MPI_Datatype type, int root, int rows_first,
                      int segment, const struct ortho_grid *grid)
{
    struct bcast_pipe bp;
    int elem = 0;
    if (ortho__is_flat(grid))
        return PMPI_Bcast(buf, n, type, root, grid->comm);
    int err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    bp.buf = buf;
    bp.type = type;
    ortho__groups_of(grid, rows_first, &bp.g);
    bp.g.second = rows_first ? grid->col_comm : bp.g.second; /* N-D: the whole column */
    ortho__root_at(&bp.g, grid, root, &bp.r);
    ortho__segments_of(n, elem, 3, segment, &bp.sg);
    return ortho__pipeline(3, bp.sg.count, stage, &bp);
}
