/* The 2D step of every operation, shared by ortho_2d_*, ortho_nd_* and the
 * drop-in functions. Private to the library.
 *
 * Each operation has:
 *  - ortho__X_args(): the argument checks of MPI_X for this process, as an
 *    error class that is not raised (MPI_SUCCESS when all is well);
 *  - ortho__X_run(): the operation on a grid of any number of dimensions,
 *    full or uneven, with MPI_X's arguments; returns an error code without
 *    raising it. It runs the 2D step: one phase in the rows and one in the
 *    columns, where the column phase calls the native PMPI_ collective on
 *    the column communicator (2D grids) or the same step on the leader grid
 *    (N-D grids: one phase more per dimension);
 *  - ortho__X_checked(): the body of ortho_2d_X (ndims 2) and ortho_nd_X
 *    (ndims 0: any): checks, run, and the error raised once on the grid's
 *    communicator. */
#ifndef ORTHO_STEPS_H_INCLUDED
#define ORTHO_STEPS_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"

int ortho__bcast_args(int count, MPI_Datatype type, int root, int size);
int ortho__bcast_run(void *buf, int count, MPI_Datatype type, int root,
                     const struct ortho_grid *grid);
int ortho__bcast_checked(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid,
                         int ndims);

int ortho__reduce_args(const void *sendbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                       int size);
int ortho__reduce_run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                      MPI_Op op, int root, const struct ortho_grid *grid);
int ortho__reduce_checked(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, int root, ortho_grid_t grid, int ndims);

int ortho__allreduce_args(int count, MPI_Datatype type, MPI_Op op);
int ortho__allreduce_run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, const struct ortho_grid *grid);
int ortho__allreduce_checked(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                             MPI_Op op, ortho_grid_t grid, int ndims);

int ortho__gather_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                       MPI_Datatype recvtype, int root, int rank, int size);
int ortho__gather_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      const struct ortho_grid *grid);
int ortho__gather_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          ortho_grid_t grid, int ndims);

int ortho__scatter_args(int sendcount, MPI_Datatype sendtype, const void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root, int rank, int size);
int ortho__scatter_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       const struct ortho_grid *grid);
int ortho__scatter_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           ortho_grid_t grid, int ndims);

int ortho__allgather_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          int recvcount, MPI_Datatype recvtype);
int ortho__allgather_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                         const struct ortho_grid *grid);
int ortho__allgather_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                             ortho_grid_t grid, int ndims);

int ortho__allgatherv_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                           int size);
int ortho__allgatherv_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, const struct ortho_grid *grid);
int ortho__allgatherv_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int displs[],
                              MPI_Datatype recvtype, ortho_grid_t grid, int ndims);

int ortho__gatherv_args(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                        int root, int rank, int size);
int ortho__gatherv_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                       int root, const struct ortho_grid *grid);
int ortho__gatherv_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, int root, ortho_grid_t grid, int ndims);

int ortho__scatterv_args(const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                         const void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                         int rank, int size);
int ortho__scatterv_run(const void *sendbuf, const int sendcounts[], const int displs[],
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, const struct ortho_grid *grid);
int ortho__scatterv_checked(const void *sendbuf, const int sendcounts[], const int displs[],
                            MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, ortho_grid_t grid, int ndims);

#endif /* ORTHO_STEPS_H_INCLUDED */
