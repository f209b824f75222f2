/* What uneven grids add to the 2D step: point-to-point messages for the
 * processes that a short last row leaves without a partner, and the fill of
 * the columns past its end. Private to the library.
 *
 * On an uneven grid (nrows rows of p2, the last one of r < p2 processes),
 * the columns c >= r lack the last row. Rooted operations whose root sits
 * in such a column pair the last row with its member in column c % r
 * (ortho__short_partner) and move its data straight between that member
 * and the root. Operations that all processes finish (allreduce, allgather,
 * allgatherv) run their column phase in every column and then copy what the
 * columns c >= r miss inside each full row (ortho__fill_short_columns). */
#ifndef ORTHO_UNEVEN_H_INCLUDED
#define ORTHO_UNEVEN_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"

/* Tag of the library's point-to-point messages; they travel on the grid's
 * own communicators, never on the user's. */
#define ORTHO_TAG 2006

/* The member of the last row that stands in for column `col` (the root's
 * column) when the last row has no member there: col % last_len. */
static inline int ortho__short_partner(const struct ortho_grid *grid, int col)
{
    return col % grid->last_len;
}

/* Receives count elements of type from src. A datatype that is not
 * contiguous is received as MPI_PACKED bytes and unpacked (the MPICH 4.0.2
 * truncation bug, see buffers.h). */
int ortho__recv(void *buf, int count, MPI_Datatype type, int src, MPI_Comm comm);

/* After a column phase on an uneven grid: in every full row, the members of
 * the columns c >= r receive (buf, count, type) from the member of column
 * c % r, which holds the same data. Each sender has ceil((p2 - r) / r)
 * receivers; above 2 the row broadcasts from column 0 instead (lg p2
 * steps). Members of the last row take no part. Nothing on even grids. */
int ortho__fill_short_columns(void *buf, int count, MPI_Datatype type,
                              const struct ortho_grid *grid);

/* Counts and displacements (in elements) of a v-collective over n members
 * that hold `unit` elements each except the last one, which holds `tail`;
 * members follow one another. arrays: room for 2 n ints (counts, displs). */
void ortho__unit_layout(int n, int unit, int tail, int counts[], int displs[]);

#endif /* ORTHO_UNEVEN_H_INCLUDED */
