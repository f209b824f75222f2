/* Allgatherv in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, N bytes in all):
 *   T = (lg d[k-1] + ... + lg d[0]) * alpha + (N - n_own) * beta
 * as allgather with irregular blocks; a level's member brings the total of
 * the row below it. Layouts whose rows are not back to back pack once at
 * the top level. The step is ortho2d/allgatherv.c. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, ortho_grid_t grid)
{
    return ortho__allgatherv_checked(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, grid, 0);
}
