/* Reduce in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta-gamma, binomial trees, n bytes):
 *   T = sum_i t_acc(d[i], n) = (lg d[k-1] + ... + lg d[0]) * (alpha + n * beta + n * gamma)
 * Paper, sec. 2.2: rows first (d[k-1]), then the root's column as a grid of
 * one dimension less (d[k-2], ..., d[0]). Operands combine in rank order at
 * every level. The step is ortho2d/reduce.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                    MPI_Op op, int root, ortho_grid_t grid)
{
    return ortho__reduce_checked(sendbuf, recvbuf, count, type, op, root, grid, 0);
}
