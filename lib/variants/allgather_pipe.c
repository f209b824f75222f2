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
 * 4.0.2 truncation bug in common/buffers.h). Even grids only (the
 * dispatcher runs the paper's order on uneven ones); on N-D grids the ring
 * runs over the whole column. */
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

int ortho__allgatherv_pipe(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, int cols, const struct ortho_grid *grid)
{
    struct pipe pp;
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    pp.grid = grid;
    pp.cols = cols;
    if (cols) {
        pp.ring = grid->col_comm;
        pp.len = grid->nrows;
        pp.me = row;
        pp.other = grid->row_comm;
        pp.olen = ortho__row_size(grid);
        pp.ome = col;
    } else {
        pp.ring = grid->row_comm;
        pp.len = ortho__row_size(grid);
        pp.me = col;
        pp.other = grid->col_comm;
        pp.olen = grid->nrows;
        pp.ome = row;
    }
    return allgatherv_pipe(sendbuf, sendcount, sendtype, recvbuf, counts, displs, type, &pp);
}
