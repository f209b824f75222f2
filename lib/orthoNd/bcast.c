/* Broadcast in one phase per dimension on a grid d[0] x ... x d[k-1].
 *
 * Cost (alpha-beta, binomial trees in every phase, n bytes):
 *   T = sum_i t_bc(d[i], n) = (lg d[0] + ... + lg d[k-1]) * (alpha + n * beta)
 * Paper, sec. 2.2: the leader group (the root's column) is itself a grid,
 * phases d[0], d[1], ..., d[k-1]. The step is ortho2d/bcast.c; its column
 * phase recurses on the leader grid. An uneven grid adds one message per
 * level whose root column lacks the short row: + alpha + n * beta. */
#include "ortho_nd.h"

#include "ortho2d/steps.h"

int ortho_nd_bcast(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid)
{
    return ortho__bcast_checked(buf, count, type, root, grid, 0);
}
