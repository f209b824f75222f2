/* Scatter in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, binomial trees, n bytes per process):
 *   T = sum_i t_sc(d[i], n * d[i+1] * ... * d[k-1])
 *     = (lg d[0] + ... + lg d[k-1]) * alpha + (p - 1) * n * beta
 * Paper, sec. 2.2: the leader group first (d[0]), each phase handing on
 * the slices of the next. The step is ortho2d/scatter.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int root, ortho_grid_t grid)
{
    return ortho__scatter_checked(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  root, grid, 0);
}
