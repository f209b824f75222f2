/* Raising MPI errors the way MPI does, and the argument checks every
 * operation shares. Private to the library. */
#ifndef ORTHO_ERRORS_H_INCLUDED
#define ORTHO_ERRORS_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"

/* Call comm's error handler when err is not MPI_SUCCESS; returns err.
 * MPI_COMM_NULL stands for "no object": MPI_COMM_SELF's handler is used. */
int ortho__raise(MPI_Comm comm, int err);

/* Each check returns MPI_SUCCESS or an error code that it has already raised. */

/* grid is non-NULL and has exactly ndims dimensions (0: any number). */
int ortho__check_grid(const struct ortho_grid *grid, int ndims);
/* 0 <= root < size of the grid. */
int ortho__check_root(const struct ortho_grid *grid, int root);
/* count >= 0. */
int ortho__check_count(const struct ortho_grid *grid, int count);
/* A datatype other than MPI_DATATYPE_NULL. */
int ortho__check_type(const struct ortho_grid *grid, MPI_Datatype type);
/* A reduction operation other than MPI_OP_NULL. */
int ortho__check_op(const struct ortho_grid *grid, MPI_Op op);
/* counts[i] >= 0 for i < n; counts non-NULL when n > 0. */
int ortho__check_counts(const struct ortho_grid *grid, const int counts[], const int displs[], int n);

/* The same check without raising: MPI_ERR_ARG, MPI_ERR_COUNT or MPI_SUCCESS. */
int ortho__counts_ok(const int counts[], const int displs[], int n);

#endif /* ORTHO_ERRORS_H_INCLUDED */
