/* Row bookkeeping shared by the irregular (v) operations. Private.
 *
 * Rows are those of a grid of p processes with rows of p2: row q holds
 * ranks q * p2 .. min((q + 1) * p2, p) - 1, so only the last row can be
 * short. A layout may cover the first nrows rows only (the rows of a
 * column that lacks a short last row). */
#ifndef ORTHO_ROWS_H_INCLUDED
#define ORTHO_ROWS_H_INCLUDED

#include <mpi.h>

/* The blocks of the rows, in the units of the v-operation's datatype: their
 * total count, and where each row starts when its blocks follow one another
 * in rank order (contiguous). */
struct ortho_row_layout {
    int *counts;     /* per row: sum of the row's counts */
    int *displs;     /* per row: displacement of the row's first block */
    int contiguous;  /* every row's blocks lie back to back in rank order */
};

/* Members of row `row`. */
static inline int ortho__rows_len(int p2, int p, int row)
{
    int left = p - row * p2;
    return left < p2 ? left : p2;
}

/* Fills layout for the first nrows rows described by counts/displs.
 * MPI_ERR_COUNT (not raised) when a row's total does not fit in an int,
 * MPI_ERR_NO_MEM when allocation fails. */
int ortho__row_layout_create(const int counts[], const int displs[], int nrows, int p2, int p,
                             struct ortho_row_layout *layout);
void ortho__row_layout_free(struct ortho_row_layout *layout);

/* 1 when the blocks of row `row` lie back to back in rank order; *total
 * receives the sum of its counts (MPI_ERR_COUNT when it overflows). */
int ortho__row_span(const int counts[], const int displs[], int p2, int p, int row, int *total,
                    int *contiguous);

/* An indexed datatype (committed) selecting the blocks of row `row`. */
int ortho__row_type(const int counts[], const int displs[], int p2, int p, int row,
                    MPI_Datatype type, MPI_Datatype *row_type);

/* Byte sizes and packed offsets of the rows (nrows entries each), from the
 * row totals of layout and the size of type. */
int ortho__row_bytes(const struct ortho_row_layout *layout, int nrows, MPI_Datatype type,
                     int bytes[], int offsets[]);

/* Packs (pack != 0) row `row` of buf (typed, v-layout) into `bytes` bytes
 * at slot, or unpacks slot into that row (pack == 0). */
int ortho__row_copy(int pack, void *buf, const int counts[], const int displs[], int p2, int p,
                    int row, MPI_Datatype type, void *slot, int bytes, MPI_Comm comm);

#endif /* ORTHO_ROWS_H_INCLUDED */
