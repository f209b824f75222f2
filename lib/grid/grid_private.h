/* The body of the opaque grid handle; private to the library. */
#ifndef ORTHO_GRID_PRIVATE_H_INCLUDED
#define ORTHO_GRID_PRIVATE_H_INCLUDED

#include "ortho_grid.h"

struct ortho_grid {
    MPI_Comm comm;          /* the library's traffic; errors are raised here */
    int owns_comm;          /* 0 for a leader grid, which borrows its parent's column comm */
    int size;
    int rank;
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];   /* dims[ndims-1] varies fastest */
    int coords[ORTHO_GRID_MAX_DIMS];
    MPI_Comm row_comm;      /* same coordinates except the last: dims[ndims-1] ranks */
    MPI_Comm col_comm;      /* same last coordinate: size / dims[ndims-1] ranks */
    struct ortho_grid *leader_grid; /* grid over col_comm, only when ndims >= 3 */
};

/* Row and column of a rank of the grid's communicator, for the 2D step:
 * p2 is the extent of the last dimension. */
static inline int ortho__row_of(const struct ortho_grid *grid, int rank)
{
    return rank / grid->dims[grid->ndims - 1];
}

static inline int ortho__col_of(const struct ortho_grid *grid, int rank)
{
    return rank % grid->dims[grid->ndims - 1];
}

static inline int ortho__row_size(const struct ortho_grid *grid)
{
    return grid->dims[grid->ndims - 1];
}

static inline int ortho__col_size(const struct ortho_grid *grid)
{
    return grid->size / grid->dims[grid->ndims - 1];
}

#endif /* ORTHO_GRID_PRIVATE_H_INCLUDED */
