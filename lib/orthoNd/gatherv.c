/* Gatherv in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, N bytes in all, linear gathers as in MPICH):
 *   T = sum_i [2 (d[i] - 1) alpha  +  (d[i] - 1) alpha + N_i beta]
 * where N_i is what the phase over d[i] brings to the root's group: every
 * level's row leaders first learn their row's byte counts (one int each).
 * The step is ortho2d/gatherv.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, int root, ortho_grid_t grid)
{
    return ortho__gatherv_checked(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, root, grid, 0);
}
