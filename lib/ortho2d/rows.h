/* Row bookkeeping shared by the irregular (v) operations. Private. */
#ifndef ORTHO_ROWS_H_INCLUDED
#define ORTHO_ROWS_H_INCLUDED

#include <mpi.h>

/* The blocks of one row, in the units of the v-operation's datatype: their
 * total count, and where the row starts when its blocks follow one another
 * in rank order (contiguous). */
struct ortho_row_layout {
    int *counts;     /* per row: sum of the row's counts */
    int *displs;     /* per row: displacement of the row's first block */
    int contiguous;  /* every row's blocks lie back to back in rank order */
};

/* Fills layout for p1 rows of p2 blocks described by counts/displs.
 * MPI_ERR_COUNT (not raised) when a row's total does not fit in an int,
 * MPI_ERR_NO_MEM when allocation fails. */
int ortho__row_layout_create(const int counts[], const int displs[], int p1, int p2,
                             struct ortho_row_layout *layout);
void ortho__row_layout_free(struct ortho_row_layout *layout);

/* An indexed datatype (committed) selecting the blocks of row `row`. */
int ortho__row_type(const int counts[], const int displs[], int p2, int row,
                    MPI_Datatype type, MPI_Datatype *row_type);

/* Byte sizes and packed offsets of the rows (p1 entries each), from the
 * row totals of layout and the size of type. */
int ortho__row_bytes(const struct ortho_row_layout *layout, int p1, MPI_Datatype type,
                     int bytes[], int offsets[]);

/* Packs (pack != 0) row `row` of buf (typed, v-layout) into `bytes` bytes
 * at slot, or unpacks slot into that row (pack == 0). */
int ortho__row_copy(int pack, void *buf, const int counts[], const int displs[], int p2,
                    int row, MPI_Datatype type, void *slot, int bytes, MPI_Comm comm);

#endif /* ORTHO_ROWS_H_INCLUDED */
