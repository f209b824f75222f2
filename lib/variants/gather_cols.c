/* Gather, the columns first ("phases", columns order).
 *
 * Cost (alpha-beta, binomial trees, b bytes per process, p = p1 x p2):
 *   T = (lg p1 + lg p2) alpha + ((p1 - 1) b + (p2 - 1) p1 b) beta
 *       + p b / bw_copy                                   the root's copy
 * formula (1)'s gather with the phases exchanged: t_gather(p1, b) +
 * t_gather(p2, p1 b), plus one local copy of everything at the root.
 *
 * Phase 1: MPI_Gather inside every column to its member in the root's row
 * (on an N-D grid: the paper's N-D gather on the leader grid), as
 * MPI_PACKED bytes (only the root knows its receive datatype); phase 2:
 * MPI_Gather of those column blocks inside the root's row. The root then
 * holds the blocks column by column and copies each into its place
 * (MPI_Unpack): a local copy of p b bytes, which the rows order does not
 * need. Even grids only (the dispatcher runs the rows order on uneven
 * ones). */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__gather_cols(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                       const struct ortho_grid *grid)
{
    int p = grid->size, p1 = grid->nrows, p2 = ortho__row_size(grid);
    int root_row = ortho__row_of(grid, root), is_root = grid->rank == root;
    int in_root_row = ortho__row_of(grid, grid->rank) == root_row;
    int bb = 0, err;
    char *col = NULL, *all = NULL;
    if (is_root && sendbuf == MPI_IN_PLACE) {
        sendbuf = ortho__offset(recvbuf, (MPI_Aint)ortho__pos(grid, root) * recvcount, recvtype);
        sendcount = recvcount;
        sendtype = recvtype;
    }
    err = ortho__bytes(sendcount, sendtype, &bb);
    if (!err && (ortho__mul_int(p, bb) < 0))
        err = MPI_ERR_COUNT;
    if (!err && in_root_row && (col = malloc((size_t)p1 * (size_t)bb + 1)) == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err && is_root && (all = malloc((size_t)p * (size_t)bb + 1)) == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err && grid->leader_grid != NULL)
        err = ortho__gather_run(sendbuf, sendcount, sendtype, col, bb, MPI_PACKED, root_row,
                                grid->leader_grid);
    else if (!err)
        err = PMPI_Gather(sendbuf, sendcount, sendtype, col, bb, MPI_PACKED, root_row,
                          grid->col_comm);
    if (!err && in_root_row)
        err = PMPI_Gather(col, p1 * bb, MPI_PACKED, all, p1 * bb, MPI_PACKED,
                          ortho__col_of(grid, root), grid->row_comm);
    /* all: column c's blocks (k = 0 .. p1 - 1) at (c p1 + k) bb */
    for (int c = 0; c < p2 && is_root && !err; c++)
        for (int k = 0; k < p1 && !err; k++)
            err = ortho__unpack(all + ((size_t)c * p1 + k) * bb, bb,
                                ortho__offset(recvbuf,
                                              (MPI_Aint)ortho__pos(grid, k * p2 + c) * recvcount,
                                              recvtype),
                                recvcount, recvtype, grid->comm);
    free(all);
    free(col);
    return err;
}
