/* Point-to-point help for uneven grids (see uneven.h). */
#include "ortho2d/uneven.h"

#include <stdlib.h>

#include "common/buffers.h"

int ortho__recv(void *buf, int count, MPI_Datatype type, int src, MPI_Comm comm)
{
    int bytes = 0;
    if (ortho__type_is_contiguous(type))
        return PMPI_Recv(buf, count, type, src, ORTHO_TAG, comm, MPI_STATUS_IGNORE);
    int err = ortho__bytes(count, type, &bytes);
    char *packed = err ? NULL : malloc((size_t)bytes + 1);
    if (!err && packed == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err)
        err = PMPI_Recv(packed, bytes, MPI_PACKED, src, ORTHO_TAG, comm, MPI_STATUS_IGNORE);
    if (!err)
        err = ortho__unpack(packed, bytes, buf, count, type, comm);
    free(packed);
    return err;
}

int ortho__fill_short_columns(void *buf, int count, MPI_Datatype type,
                              const struct ortho_grid *grid)
{
    int p2 = ortho__row_size(grid), r = grid->last_len;
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    if (!ortho__is_uneven(grid) || row == grid->nrows - 1 || count == 0)
        return MPI_SUCCESS;
    int fan = (p2 - r + r - 1) / r;
    if (fan > 2)
        return PMPI_Bcast(buf, count, type, 0, grid->row_comm);
    if (col >= r)
        return ortho__recv(buf, count, type, col % r, grid->row_comm);
    int err = MPI_SUCCESS;
    for (int c = col + r; c < p2 && !err; c += r)
        err = PMPI_Send(buf, count, type, c, ORTHO_TAG, grid->row_comm);
    return err;
}

void ortho__unit_layout(int n, int unit, int tail, int counts[], int displs[])
{
    for (int i = 0; i < n; i++) {
        counts[i] = i == n - 1 ? tail : unit;
        displs[i] = i * unit;
    }
}
