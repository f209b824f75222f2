/**
 * \file ortho_nd.h
 * \brief Collective operations as one phase per dimension on grids of any
 * number of dimensions, p = d[0] x d[1] x ... x d[k-1], and on uneven
 * grids for any process count.
 *
 * Each function takes the arguments of its ortho_2d_ counterpart (those of
 * MPI with the communicator replaced by a grid) and accepts any grid:
 * ortho_grid_create() with 1 to ORTHO_GRID_MAX_DIMS dimensions, or
 * ortho_grid_create_uneven() for process counts the dims do not divide.
 *
 * \par Structure (Kühnemann, Rauber, Rünger, sec. 2.2)
 * The 2D step of ortho_2d.h is the base of a recursion: its row phase runs
 * in the groups of the last dimension (d[k-1] consecutive ranks), and its
 * column phase runs on the leader grid, the column group structured as a
 * grid d[0] x ... x d[k-2], with the same step. A k-dimensional grid so
 * runs k phases, one per dimension: the leader group first for bcast and
 * scatter (d[0], d[1], ..., d[k-1]), the concurrent groups first for
 * reduce, gather, allreduce and allgather (d[k-1], ..., d[0]). Gathered
 * blocks land in global rank order with no reordering pass: every phase
 * writes straight into the final buffer or runs in place there. A 1D grid
 * is the native operation; a 2D grid is exactly ortho_2d_.
 *
 * \par Uneven grids
 * When the last row of the box is short (r < d[k-1] processes), the phase
 * that meets it uses the v-variant of the native collective (counts known
 * to all), the columns that lack that row are served by one extra
 * point-to-point message per process that needs it (rooted operations:
 * between the root and the short row's member in column root_col % r;
 * allreduce, allgather, allgatherv: from a column that has the short row,
 * inside each full row), and every column's leader grid is again such a
 * box. Results equal the native ones, including rank order for
 * non-commutative operations; allreduce gives every process the same bits.
 *
 * Errors follow ortho_grid.h: MPI_ERR_ARG for a NULL grid, MPI_ERR_ROOT,
 * MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_OP for bad arguments, raised once on
 * the grid's communicator. The limits of ortho_2d.h apply (the data of one
 * operation below 2 GiB, homogeneous data representation).
 */
#ifndef ORTHO_ND_H_INCLUDED
#define ORTHO_ND_H_INCLUDED

#include <mpi.h>

#include "ortho_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/** \brief MPI_Bcast: the root's leader group (recursively), then every row. Collective. */
int ortho_nd_bcast(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid);

/** \brief MPI_Reduce: every row to the root's column, then that column (recursively). Collective. */
int ortho_nd_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                    MPI_Op op, int root, ortho_grid_t grid);

/** \brief MPI_Allreduce: every row, then every column (recursively). Collective. */
int ortho_nd_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, ortho_grid_t grid);

/** \brief MPI_Gather: every row to the root's column, then that column (recursively). Collective. */
int ortho_nd_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    int root, ortho_grid_t grid);

/** \brief MPI_Scatter: the root's column (recursively), then every row. Collective. */
int ortho_nd_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int root, ortho_grid_t grid);

/** \brief MPI_Allgather: every row, then every column (recursively) with blocks of d[k-1]. Collective. */
int ortho_nd_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       ortho_grid_t grid);

/** \brief MPI_Allgatherv, as ortho_2d_allgatherv() with the column phase recursive. Collective. */
int ortho_nd_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, ortho_grid_t grid);

/**
 * \brief MPI_Gatherv, as ortho_2d_gatherv() with the column phase recursive.
 * Collective. Each level's row leaders first learn their row's counts.
 */
int ortho_nd_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, int root, ortho_grid_t grid);

/**
 * \brief MPI_Scatterv, as ortho_2d_scatterv() with the column phase recursive.
 * Collective. Each level's row leaders first learn their row's counts.
 */
int ortho_nd_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, ortho_grid_t grid);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_ND_H_INCLUDED */
