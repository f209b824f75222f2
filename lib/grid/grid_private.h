/* The body of the opaque grid handle; private to the library. */
#ifndef ORTHO_GRID_PRIVATE_H_INCLUDED
#define ORTHO_GRID_PRIVATE_H_INCLUDED

#include "ortho_grid.h"

/* A grid is a row-major box dims[0] x ... x dims[ndims-1] whose first
 * `size` positions hold the processes. The box is full (size equals the
 * product of the dims) unless the grid was made by
 * ortho_grid_create_uneven(), where the last positions may be empty: the
 * last row is then shorter (last_len < dims[ndims-1]) and the columns
 * c >= last_len have one member fewer than the others. */
struct ortho_grid {
    MPI_Comm comm;          /* the library's traffic; errors are raised here */
    int owns_comm;          /* 0 for a leader grid, which borrows its parent's column comm */
    int size;
    int rank;
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];   /* dims[ndims-1] varies fastest */
    int coords[ORTHO_GRID_MAX_DIMS];
    int nrows;              /* rows of the box: ceil(size / dims[ndims-1]) */
    int last_len;           /* processes in the last row, 1 .. dims[ndims-1] */
    MPI_Comm row_comm;      /* same coordinates except the last: the ranks of one row */
    MPI_Comm col_comm;      /* same last coordinate: nrows or nrows - 1 ranks */
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

/* p2: the length of a full row. */
static inline int ortho__row_size(const struct ortho_grid *grid)
{
    return grid->dims[grid->ndims - 1];
}

/* p1: the number of rows, the last one possibly short. */
static inline int ortho__nrows(const struct ortho_grid *grid)
{
    return grid->nrows;
}

/* Members of row `row`. */
static inline int ortho__row_len(const struct ortho_grid *grid, int row)
{
    return row == grid->nrows - 1 ? grid->last_len : grid->dims[grid->ndims - 1];
}

/* Members of column `col`: the columns past the end of a short last row
 * lack that row. */
static inline int ortho__col_len(const struct ortho_grid *grid, int col)
{
    return col < grid->last_len ? grid->nrows : grid->nrows - 1;
}

/* 1 when the last row is shorter than the others. */
static inline int ortho__is_uneven(const struct ortho_grid *grid)
{
    return grid->last_len != grid->dims[grid->ndims - 1];
}

/* 1 when one phase holds everything (one row or rows of one process): the
 * operation is the native one on the grid's communicator. */
static inline int ortho__is_flat(const struct ortho_grid *grid)
{
    return grid->nrows == 1 || grid->dims[grid->ndims - 1] == 1;
}

/* The dims of a balanced 2D box for p processes (p1 >= p2): MPI_Dims_create
 * when its rows are at most 4 times longer than its columns, else rows of
 * about sqrt(p) with a shorter last row. p < 4 gives {1, p}. */
void ortho__balanced_2d(int p, int dims[2]);

/* ortho_grid_create_uneven() that returns its errors without raising them
 * (the drop-in functions raise on the user's communicator instead). */
int ortho__grid_create_quiet(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid);

#endif /* ORTHO_GRID_PRIVATE_H_INCLUDED */
