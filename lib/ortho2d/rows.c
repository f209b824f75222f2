/* Row bookkeeping shared by the irregular (v) operations. */
#include "ortho2d/rows.h"

#include <limits.h>
#include <stdlib.h>

#include "common/buffers.h"

int ortho__row_span(const int counts[], const int displs[], int p2, int p, int row, int *total,
                    int *contiguous)
{
    long long sum = 0;
    int first = row * p2, len = ortho__rows_len(p2, p, row);
    *contiguous = 1;
    for (int i = first; i < first + len; i++) {
        if (i > first && displs[i] != displs[i - 1] + counts[i - 1])
            *contiguous = 0;
        sum += counts[i];
    }
    if (sum > INT_MAX)
        return MPI_ERR_COUNT;
    *total = (int)sum;
    return MPI_SUCCESS;
}

int ortho__row_layout_create(const int counts[], const int displs[], int nrows, int p2, int p,
                             struct ortho_row_layout *layout)
{
    layout->counts = malloc((size_t)nrows * sizeof(int));
    layout->displs = malloc((size_t)nrows * sizeof(int));
    layout->contiguous = 1;
    if (layout->counts == NULL || layout->displs == NULL) {
        ortho__row_layout_free(layout);
        return MPI_ERR_NO_MEM;
    }
    for (int q = 0; q < nrows; q++) {
        int contiguous;
        if (ortho__row_span(counts, displs, p2, p, q, &layout->counts[q], &contiguous)) {
            ortho__row_layout_free(layout);
            return MPI_ERR_COUNT;
        }
        layout->contiguous &= contiguous;
        layout->displs[q] = displs[q * p2];
    }
    return MPI_SUCCESS;
}

void ortho__row_layout_free(struct ortho_row_layout *layout)
{
    free(layout->counts);
    free(layout->displs);
    layout->counts = NULL;
    layout->displs = NULL;
}

int ortho__row_type(const int counts[], const int displs[], int p2, int p, int row,
                    MPI_Datatype type, MPI_Datatype *row_type)
{
    int err = PMPI_Type_indexed(ortho__rows_len(p2, p, row), counts + row * p2,
                                displs + row * p2, type, row_type);
    if (!err)
        err = PMPI_Type_commit(row_type);
    return err;
}

int ortho__row_bytes(const struct ortho_row_layout *layout, int nrows, MPI_Datatype type,
                     int bytes[], int offsets[])
{
    int size;
    long long offset = 0;
    PMPI_Type_size(type, &size);
    for (int q = 0; q < nrows; q++) {
        long long b = (long long)layout->counts[q] * size;
        if (b > INT_MAX || offset > INT_MAX)
            return MPI_ERR_COUNT;
        bytes[q] = (int)b;
        offsets[q] = (int)offset;
        offset += b;
    }
    return offset > INT_MAX ? MPI_ERR_COUNT : MPI_SUCCESS;
}

int ortho__row_copy(int pack, void *buf, const int counts[], const int displs[], int p2, int p,
                    int row, MPI_Datatype type, void *slot, int bytes, MPI_Comm comm)
{
    MPI_Datatype row_type;
    int position = 0;
    if (bytes == 0)
        return MPI_SUCCESS;
    int err = ortho__row_type(counts, displs, p2, p, row, type, &row_type);
    if (err)
        return err;
    if (pack)
        err = ortho__pack_at(buf, 1, row_type, slot, bytes, &position, comm);
    else
        err = ortho__unpack_at(slot, bytes, &position, buf, 1, row_type, comm);
    PMPI_Type_free(&row_type);
    return err;
}
