/* Allreduce in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta-gamma, recursive doubling, n bytes):
 *   T = sum_i t_macc(d[i], n) = (lg d[k-1] + ... + lg d[0]) * (alpha + n * beta + n * gamma)
 * Paper, sec. 2.2 (concurrent groups): rows first, then every column as a
 * grid of one dimension less. The step is ortho2d/allreduce.c. An uneven
 * grid adds, per level, the copy to the columns past the short row:
 * + alpha + n * beta. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, ortho_grid_t grid)
{
    return ortho__allreduce_checked(sendbuf, recvbuf, count, type, op, grid, 0);
}
