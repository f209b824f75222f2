/* Allgather in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, recursive doubling, n bytes per process):
 *   T = sum_i t_mb(d[i], n * d[i+1] * ... * d[k-1])
 *     = (lg d[k-1] + ... + lg d[0]) * alpha + (p - 1) * n * beta
 * Paper, sec. 2.2 (concurrent groups): rows first, then every column as a
 * grid of one dimension less, in place. The step is ortho2d/allgather.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       ortho_grid_t grid)
{
    return ortho__allgather_checked(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                    grid, 0);
}
