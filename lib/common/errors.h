/* Raising MPI errors the way MPI does. Private to the library. */
#ifndef ORTHO_ERRORS_H_INCLUDED
#define ORTHO_ERRORS_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"

/* Call comm's error handler when err is not MPI_SUCCESS; returns err.
 * MPI_COMM_NULL stands for "no object": MPI_COMM_WORLD's handler is used,
 * as MPICH and Open MPI do for a call on MPI_COMM_NULL. */
int ortho__raise(MPI_Comm comm, int err);

/* grid is non-NULL and has exactly ndims dimensions (0: any number);
 * MPI_SUCCESS or an error code already raised. */
int ortho__check_grid(const struct ortho_grid *grid, int ndims);

#endif /* ORTHO_ERRORS_H_INCLUDED */
