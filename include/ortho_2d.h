/**
 * \file ortho_2d.h
 * \brief Collective operations as two phases on a 2D grid p = p1 x p2.
 *
 * Each function takes the arguments of its MPI counterpart with the
 * communicator replaced by a 2-dimensional grid (ortho_grid_create() with
 * ndims = 2, or ortho_grid_create_uneven() for a process count the layout
 * does not divide: see ortho_nd.h for how a short last row is served; the
 * ortho_nd_ functions take grids of any number of dimensions). Ranks and
 * roots are ranks of the communicator the grid was built on. All functions
 * are collective over that communicator, with the argument rules of the MPI
 * counterpart: the same root, op and matching type signatures on every
 * rank, MPI_IN_PLACE where MPI allows it.
 *
 * | operation  | phase 1                                | phase 2                            |
 * |------------|----------------------------------------|------------------------------------|
 * | bcast      | bcast in the root's column             | bcast in every row                 |
 * | reduce     | reduce in every row to the root's column | reduce in the root's column      |
 * | gather     | gather in every row to the root's column | gather in the root's column      |
 * | scatter    | scatter in the root's column           | scatter in every row               |
 * | allreduce  | allreduce in every row                 | allreduce in every column          |
 * | allgather  | allgather in every row                 | allgather in every column          |
 *
 * Rows hold consecutive ranks, so rank order is kept: gathered blocks land
 * in global rank order with no reordering, and reductions combine operands
 * in rank order (non-commutative operations give MPI's result).
 * Every phase calls the PMPI_ entry point of the native collective.
 *
 * Errors follow the convention of ortho_grid.h: MPI_ERR_ARG for a NULL
 * grid, MPI_ERR_DIMS for a grid that is not 2-dimensional, MPI_ERR_ROOT,
 * MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_OP for bad arguments, raised on the
 * grid's communicator. Arguments that only one rank gets wrong leave the
 * others waiting, as with MPI itself.
 *
 * Limits: the data of one row must stay below 2 GiB (an int count of
 * bytes); the datatype representation is assumed homogeneous (intermediate
 * processes forward data as MPI_PACKED bytes).
 */
#ifndef ORTHO_2D_H_INCLUDED
#define ORTHO_2D_H_INCLUDED

#include <mpi.h>

#include "ortho_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/** \brief MPI_Bcast in two phases: the root's column, then every row. Collective. */
int ortho_2d_bcast(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid);

/** \brief MPI_Reduce in two phases: every row to the root's column, then that column. Collective. */
int ortho_2d_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                    MPI_Op op, int root, ortho_grid_t grid);

/** \brief MPI_Allreduce in two phases: every row, then every column. Collective. */
int ortho_2d_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                       MPI_Op op, ortho_grid_t grid);

/** \brief MPI_Gather in two phases: every row to the root's column, then that column. Collective. */
int ortho_2d_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                    void *recvbuf, int recvcount, MPI_Datatype recvtype,
                    int root, ortho_grid_t grid);

/** \brief MPI_Scatter in two phases: the root's column, then every row. Collective. */
int ortho_2d_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, int recvcount, MPI_Datatype recvtype,
                     int root, ortho_grid_t grid);

/** \brief MPI_Allgather in two phases: every row, then every column with blocks of p2. Collective. */
int ortho_2d_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                       ortho_grid_t grid);

/**
 * \brief MPI_Allgatherv in two phases. Collective.
 * When each row's blocks lie one after another in rank order (the usual
 * prefix-sum displacements), phase 2 runs in place in the receive buffer;
 * otherwise each process packs its row and unpacks the others.
 */
int ortho_2d_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, ortho_grid_t grid);

/**
 * \brief MPI_Gatherv in two phases. Collective.
 * Row leaders outside the root's row first learn their row's counts (one
 * small gather of an int per row).
 */
int ortho_2d_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                     void *recvbuf, const int recvcounts[], const int displs[],
                     MPI_Datatype recvtype, int root, ortho_grid_t grid);

/**
 * \brief MPI_Scatterv in two phases. Collective.
 * Row leaders outside the root's row first learn their row's counts (one
 * small gather of an int per row).
 */
int ortho_2d_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                      MPI_Datatype sendtype, void *recvbuf, int recvcount,
                      MPI_Datatype recvtype, int root, ortho_grid_t grid);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_2D_H_INCLUDED */
