/* The 2D step of every operation, shared by ortho_2d_*, ortho_nd_* and the
 * drop-in functions. Private to the library.
 *
 * Each operation has:
 *  - ortho__X_run(): the operation on a grid of any number of dimensions,
 *    full or uneven, with MPI_X's arguments; returns an error code without
 *    raising it. It runs the 2D step: one phase in the rows and one in the
 *    columns, where the column phase calls the native PMPI_ collective on
 *    the column communicator (2D grids) or the same step on the leader grid
 *    (N-D grids: one phase more per dimension). Its callers pass a call
 *    whose data of all processes fit an int count of bytes (the entries
 *    make sure of it once, in common/as_bytes.c, and run the native
 *    operation otherwise);
 *  - ortho__X_checked() (api.c): the body of ortho_2d_X (ndims 2) and
 *    ortho_nd_X (ndims 0: any): checks (common/args.h), the call as bytes
 *    (common/as_bytes.h), run, and the error raised once on the grid's
 *    communicator. */
#ifndef ORTHO_STEPS_H_INCLUDED
#define ORTHO_STEPS_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"

int ortho__bcast_run(void *buf, int count, MPI_Datatype type, int root,
                     const struct ortho_grid *grid);
int ortho__bcast_checked(void *buf, int count, MPI_Datatype type, int root, ortho_grid_t grid,
                         int ndims);

int ortho__reduce_run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                      MPI_Op op, int root, const struct ortho_grid *grid);
int ortho__reduce_checked(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                          MPI_Op op, int root, ortho_grid_t grid, int ndims);

int ortho__allreduce_run(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                         MPI_Op op, const struct ortho_grid *grid);
int ortho__allreduce_checked(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
                             MPI_Op op, ortho_grid_t grid, int ndims);

int ortho__gather_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      const struct ortho_grid *grid);
int ortho__gather_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                          ortho_grid_t grid, int ndims);

int ortho__scatter_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       const struct ortho_grid *grid);
int ortho__scatter_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                           ortho_grid_t grid, int ndims);

int ortho__allgather_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                         const struct ortho_grid *grid);
int ortho__allgather_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                             ortho_grid_t grid, int ndims);

int ortho__allgatherv_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                          void *recvbuf, const int recvcounts[], const int displs[],
                          MPI_Datatype recvtype, const struct ortho_grid *grid);
int ortho__allgatherv_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, const int recvcounts[], const int displs[],
                              MPI_Datatype recvtype, ortho_grid_t grid, int ndims);

int ortho__gatherv_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                       int root, const struct ortho_grid *grid);
int ortho__gatherv_checked(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[], const int displs[],
                           MPI_Datatype recvtype, int root, ortho_grid_t grid, int ndims);

int ortho__scatterv_run(const void *sendbuf, const int sendcounts[], const int displs[],
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, const struct ortho_grid *grid);
int ortho__scatterv_checked(const void *sendbuf, const int sendcounts[], const int displs[],
                            MPI_Datatype sendtype, void *recvbuf, int recvcount,
                            MPI_Datatype recvtype, int root, ortho_grid_t grid, int ndims);

#endif /* ORTHO_STEPS_H_INCLUDED */
