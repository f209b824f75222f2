/* Scatterv in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, N bytes in all, linear scatters as in MPICH):
 *   T = sum_i [2 (d[i] - 1) alpha  +  (d[i] - 1) alpha + N_i beta]
 * mirror of gatherv: the leader group first; every level's row leaders
 * first learn their row's byte counts. The step is ortho2d/scatterv.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    return ortho__scatterv_checked(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                   recvtype, root, grid, 0);
}
