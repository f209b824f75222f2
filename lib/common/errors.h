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

/* comm's error handler set to MPI_ERRORS_RETURN while the library makes
 * communicators from it (a failure, e.g. MPI out of context ids, then
 * gives native instead of an abort); *saved goes back with
 * ortho__errors_restore(). */
void ortho__errors_returned(MPI_Comm comm, MPI_Errhandler *saved);
void ortho__errors_restore(MPI_Comm comm, MPI_Errhandler *saved);

#endif /* ORTHO_ERRORS_H_INCLUDED */
