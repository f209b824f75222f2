/* Scatter, the root's row first ("phases", rows order).
 *
 * Cost (alpha-beta, binomial trees, b bytes per process, p = p1 x p2):
 *   T = p b / bw_copy                                    the root's copy
 *       + (lg p2 + lg p1) alpha + ((p2 - 1) p1 b + (p1 - 1) b) beta
 * formula (1)'s scatter with the phases exchanged: t_scatter(p2, p1 b) +
 * t_scatter(p1, b), plus one local copy of everything at the root.
 *
 * The root first copies its blocks column by column (MPI_Pack: a local
 * copy the paper's order does not need); phase 1: MPI_Scatter of each
 * column's blocks inside the root's row, as MPI_PACKED bytes; phase 2:
 * MPI_Scatter inside every column from the root's row (on an N-D grid:
 * the paper's N-D scatter on the leader grid). A process whose receive
 * datatype is not contiguous receives MPI_PACKED bytes and unpacks them
 * (MPICH 4.0.2 truncation bug, see common/buffers.h). Even grids only (the
 * dispatcher runs the paper's order on uneven ones). */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__scatter_rows(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        const struct ortho_grid *grid)
{
    int p = grid->size, p1 = grid->nrows, p2 = ortho__row_size(grid);
    int root_row = ortho__row_of(grid, root), is_root = grid->rank == root;
    int in_root_row = ortho__row_of(grid, grid->rank) == root_row;
    int in_place = is_root && recvbuf == MPI_IN_PLACE;
    int bb = 0, err;
    char *col = NULL, *all = NULL, *mine = NULL;
    err = in_place ? ortho__bytes(sendcount, sendtype, &bb) : ortho__bytes(recvcount, recvtype, &bb);
    if (!err && (ortho__mul_int(p, bb) < 0))
        err = MPI_ERR_COUNT;
    if (!err && in_root_row && (col = malloc((size_t)p1 * (size_t)bb + 1)) == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err && is_root && (all = malloc((size_t)p * (size_t)bb + 1)) == NULL)
        err = MPI_ERR_NO_MEM;
    for (int c = 0; c < p2 && is_root && !err; c++)
        for (int k = 0; k < p1 && !err; k++) {
            int at = 0;
            err = ortho__pack_at(
                ortho__offset(sendbuf, (MPI_Aint)ortho__pos(grid, k * p2 + c) * sendcount,
                              sendtype),
                sendcount, sendtype, all + ((size_t)c * p1 + k) * bb, bb, &at, grid->comm);
        }
    if (!err && in_root_row)
        err = PMPI_Scatter(all, p1 * bb, MPI_PACKED, col, p1 * bb, MPI_PACKED,
                           ortho__col_of(grid, root), grid->row_comm);
    /* Phase 2 lands as bytes where the receive type is not contiguous, and
     * at the root in place (its block stays where it is). */
    int packed = in_place || !ortho__type_is_contiguous(recvtype);
    void *land = recvbuf;
    int land_count = recvcount;
    MPI_Datatype land_type = recvtype;
    if (!err && packed) {
        mine = malloc((size_t)bb + 1);
        err = mine == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
        land = mine;
        land_count = bb;
        land_type = MPI_PACKED;
    }
    if (!err && grid->leader_grid != NULL)
        err = ortho__scatter_run(col, bb, MPI_PACKED, land, land_count, land_type, root_row,
                                 grid->leader_grid);
    else if (!err)
        err = PMPI_Scatter(col, bb, MPI_PACKED, land, land_count, land_type, root_row,
                           grid->col_comm);
    if (!err && packed && !in_place)
        err = ortho__unpack(mine, bb, recvbuf, recvcount, recvtype, grid->comm);
    free(mine);
    free(all);
    free(col);
    return err;
}
