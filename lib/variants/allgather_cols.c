/* Allgather and allgatherv, the columns first ("phases", columns order).
 *
 * Cost (alpha-beta, b bytes per process, p = p1 x p2, recursive doubling
 * or ring inside the phases):
 *   T = lg p1 alpha + (p1 - 1) b beta                  columns: own blocks
 *     + p1 (lg p2 alpha + (p2 - 1) b beta)             rows: one call per row
 *   = (lg p1 + p1 lg p2) alpha + (p - 1) b beta
 * On a node-aware grid (rows = nodes, columns = lanes) every block crosses
 * a node's link once, where the rows-first order sends each block across
 * it once per process of the node: the inter-node volume per node is
 * (p - p2) b instead of p2 (p - p2) b. As phases (lib/model/variants.c):
 *   t_allgather(p1, b) + p1 t_allgather(p2, b)
 *
 * Phase 1: every column allgathers its members' blocks (MPI_Allgatherv
 * with the blocks' final displacements: straight into the receive
 * buffer, no copy). Phase 2: for each row k of the grid, every row
 * allgathers in place the blocks of row k (its member c holds block
 * (k, c) since phase 1): p1 calls, each writing one contiguous slice when
 * the blocks of a row lie back to back (MPI_Allgather), else with
 * MPI_Allgatherv and the blocks' displacements. So blocks end in the
 * caller's rank order with no local copy and no derived datatype (SimGrid
 * 3.32 gets collectives on strided datatypes wrong), on any placement:
 * a node-aware grid over a round-robin placement only changes the
 * displacements. The price is p1 calls in phase 2 (p1 lg p2 alpha), cheap
 * inside a node. On an N-D grid phase 1 is the N-D allgatherv on the
 * leader grid.
 *
 * Uneven grids (a short last row): not offered; the dispatcher runs the
 * rows order. */
#include <stdlib.h>

#include "common/buffers.h"
#include "common/native_calls.h"
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__allgatherv_cols(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, const struct ortho_grid *grid)
{
    int p1 = grid->nrows, p2 = ortho__row_size(grid);
    int col = ortho__col_of(grid, grid->rank);
    int n = p1 > p2 ? p1 : p2;
    int *c = malloc(2 * (size_t)n * sizeof(int));
    if (c == NULL)
        return MPI_ERR_NO_MEM;
    int *d = c + n, err;
    for (int q = 0; q < p1; q++) {
        int u = ortho__pos(grid, q * p2 + col);
        c[q] = counts[u];
        d[q] = displs[u];
    }
    if (grid->leader_grid != NULL)
        err = ortho__allgatherv_run(sendbuf, sendcount, sendtype, recvbuf, c, d, type,
                                    grid->leader_grid);
    else
        err = ortho__allgatherv_native(sendbuf, sendcount, sendtype, recvbuf, c, d, type,
                                       grid->col_comm);
    for (int k = 0; k < p1 && !err; k++) {
        int even = 1;
        for (int i = 0; i < p2; i++) {
            int u = ortho__pos(grid, k * p2 + i);
            c[i] = counts[u];
            d[i] = displs[u];
            if (i > 0)
                even &= c[i] == c[0] && d[i] == d[i - 1] + c[i - 1];
        }
        if (even)
            err = PMPI_Allgather(MPI_IN_PLACE, 0, MPI_BYTE, ortho__offset(recvbuf, d[0], type),
                                 c[0], type, grid->row_comm);
        else
            err = ortho__allgatherv_native(MPI_IN_PLACE, 0, MPI_BYTE, recvbuf, c, d, type,
                                           grid->row_comm);
    }
    free(c);
    return err;
}
