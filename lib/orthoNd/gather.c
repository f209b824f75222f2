/* Gather in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, binomial trees, n bytes per process):
 *   T = sum_i t_ga(d[i], n * d[i+1] * ... * d[k-1])
 *     = (lg d[k-1] + ... + lg d[0]) * alpha + (p - 1) * n * beta
 * Paper, sec. 2.2: rows first; the phase over d[i] moves the blocks the
 * phases before it collected. Blocks land in rank order at the root with
 * no reordering. The step is ortho2d/gather.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    int root, ortho_grid_t grid)
{
    return ortho__gather_checked(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 root, grid, 0);
}
