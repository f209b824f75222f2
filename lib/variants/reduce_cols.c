/* Reduce, the columns first ("phases", columns order).
 *
 * Cost (alpha-beta-gamma, binomial trees, n bytes, p = p1 x p2):
 *   T = (lg p1 + lg p2) (alpha + n beta + n gamma)
 * formula (1) with the phases exchanged: t_reduce(p1, n) + t_reduce(p2, n).
 *
 * Phase 1: MPI_Reduce inside every column to its member in the root's row
 * (on an N-D grid: the paper's N-D reduce on the leader grid); phase 2:
 * MPI_Reduce inside the root's row to the root. Operands do not combine
 * in rank order, so it runs for commutative operations only (the
 * dispatcher runs the rows order otherwise). Uneven grid with the root in
 * the short last row (the columns past its end have no member there): the
 * rows order runs instead. No MPI_IN_PLACE reaches MPI_Reduce (MPICH 4.0.2):
 * the root's row reduces the columns into a temporary buffer. */
#include <stdlib.h>

#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__reduce_cols(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       int root, const struct ortho_grid *grid)
{
    int root_row = ortho__row_of(grid, root);
    int in_root_row = ortho__row_of(grid, grid->rank) == root_row;
    if (ortho__is_flat(grid) || (ortho__is_uneven(grid) && root_row == grid->nrows - 1))
        return ortho__reduce_run(grid->rank == root && input == recvbuf ? MPI_IN_PLACE : input,
                                 recvbuf, n, type, op, root, grid);
    void *raw = NULL, *partial = NULL;
    int err = in_root_row ? ortho__tmp(n, type, &raw, &partial) : MPI_SUCCESS;
    if (!err && grid->leader_grid != NULL)
        err = ortho__reduce_run(input, partial, n, type, op, root_row, grid->leader_grid);
    else if (!err)
        err = PMPI_Reduce(input, partial, n, type, op, root_row, grid->col_comm);
    if (!err && in_root_row)
        err = PMPI_Reduce(partial, recvbuf, n, type, op, ortho__col_of(grid, root),
                          grid->row_comm);
    free(raw);
    return err;
}
