/* Grid creation, queries and release.
 *
 * A grid owns a copy of the user's communicator (ortho__comm_copy) and two
 * splits of it: the row group (same coordinates but the last) and the
 * column group (same last coordinate). On three or more dimensions the
 * column group carries a leader grid of one dimension less, built the same
 * way, so an N-D operation is the 2D step applied recursively.
 *
 * Uneven grids (ortho_grid_create_uneven) fill a row-major box from its
 * first position: only the last row is short, so the columns differ by at
 * most one member, and every column's leader grid is again such a box, its
 * first extent recomputed from the column's size. */
#include "grid/grid_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"

int ortho__comm_make_failed(MPI_Comm parent, int err)
{
    if (err != MPI_SUCCESS)
        PMPI_Barrier(parent);
    return err;
}

int ortho__comm_copy(MPI_Comm comm, MPI_Comm *copy)
{
    MPI_Group group;
    *copy = MPI_COMM_NULL;
    int err = PMPI_Comm_group(comm, &group); /* local: fails alike everywhere */
    if (err != MPI_SUCCESS)
        return err;
    err = PMPI_Comm_create(comm, group, copy);
    PMPI_Group_free(&group);
    if (err != MPI_SUCCESS) {
        *copy = MPI_COMM_NULL;
        return err;
    }
    /* comm's error handler, as MPI_Comm_dup and MPI_Comm_split give it
     * (MPICH 4.0's MPI_Comm_create gives the default; Open MPI's inherits) */
    MPI_Errhandler handler;
    if (PMPI_Comm_get_errhandler(comm, &handler) == MPI_SUCCESS) {
        PMPI_Comm_set_errhandler(*copy, handler);
        PMPI_Errhandler_free(&handler);
    }
    return MPI_SUCCESS;
}

static void free_comm(MPI_Comm *comm)
{
    if (*comm != MPI_COMM_NULL)
        PMPI_Comm_free(comm);
    *comm = MPI_COMM_NULL;
}

static void grid_destroy(struct ortho_grid *grid)
{
    if (grid == NULL)
        return;
    grid_destroy(grid->leader_grid);
    free_comm(&grid->col_comm);
    free_comm(&grid->row_comm);
    if (grid->owns_comm)
        free_comm(&grid->comm);
    free(grid->perm);
    free(grid->inv);
    free(grid);
}

/* Builds the row/column structure over comm, whose rank order is the
 * row-major order of the box dims (dims[0] is recomputed as the number of
 * slices that comm's size needs, so a full box keeps it). Takes ownership of
 * comm when owns_comm is set (also on failure). Sub-communicators return
 * errors to the library, which raises them once on the grid's
 * communicator. */
static int grid_build(MPI_Comm comm, int owns_comm, int ndims, const int dims[],
                      struct ortho_grid **out)
{
    int err = MPI_SUCCESS;
    struct ortho_grid *grid = calloc(1, sizeof *grid);
    if (grid == NULL) {
        if (owns_comm)
            PMPI_Comm_free(&comm);
        return MPI_ERR_NO_MEM;
    }
    grid->comm = comm;
    grid->owns_comm = owns_comm;
    grid->row_comm = MPI_COMM_NULL;
    grid->col_comm = MPI_COMM_NULL;
    grid->ndims = ndims;
    memcpy(grid->dims, dims, (size_t)ndims * sizeof dims[0]);
    PMPI_Comm_size(comm, &grid->size);
    PMPI_Comm_rank(comm, &grid->rank);
    long long slice = 1; /* positions per index of dims[0], saturated */
    for (int d = 1; d < ndims; d++)
        slice = slice * dims[d] > grid->size ? grid->size + 1LL : slice * dims[d];
    grid->dims[0] = (int)((grid->size + slice - 1) / slice);
    int p2 = grid->dims[ndims - 1];
    grid->nrows = (grid->size + p2 - 1) / p2;
    grid->last_len = grid->size - (grid->nrows - 1) * p2;

    ortho__grid_coords(grid, grid->rank, grid->coords);

    int row = grid->rank / p2, col = grid->rank % p2;
    err = ortho__comm_make_failed(comm, PMPI_Comm_split(comm, row, col, &grid->row_comm));
    if (err)
        goto fn_fail;
    err = ortho__comm_make_failed(comm, PMPI_Comm_split(comm, col, row, &grid->col_comm));
    if (err)
        goto fn_fail;
    PMPI_Comm_set_errhandler(grid->row_comm, MPI_ERRORS_RETURN);
    PMPI_Comm_set_errhandler(grid->col_comm, MPI_ERRORS_RETURN);

    if (ndims >= 3) {
        err = grid_build(grid->col_comm, 0, ndims - 1, grid->dims, &grid->leader_grid);
        if (err)
            goto fn_fail;
    }
    *out = grid;

fn_exit:
    return err;
fn_fail:
    grid_destroy(grid);
    *out = NULL;
    goto fn_exit;
}

/* Fills zero entries as MPI_Dims_create does, after checking that the fixed
 * entries can be completed to a product equal to size. */
static int complete_dims(int size, int ndims, const int dims_in[], int dims[])
{
    long long fixed = 1;
    int free_dims = 0;
    for (int d = 0; d < ndims; d++) {
        if (dims_in[d] < 0)
            return MPI_ERR_ARG;
        dims[d] = dims_in[d];
        if (dims[d] == 0)
            free_dims++;
        else
            fixed *= dims[d];
        if (fixed > size)
            return MPI_ERR_DIMS;
    }
    if (size % fixed != 0)
        return MPI_ERR_DIMS;
    if (free_dims == 0)
        return fixed == size ? MPI_SUCCESS : MPI_ERR_DIMS;
    return PMPI_Dims_create(size, ndims, dims) == MPI_SUCCESS ? MPI_SUCCESS : MPI_ERR_DIMS;
}

void ortho__balanced_2d(int p, int dims[2])
{
    dims[0] = 1;
    dims[1] = p;
    if (p < 4)
        return;
    int even[2] = {0, 0};
    if (PMPI_Dims_create(p, 2, even) == MPI_SUCCESS && even[0] <= 4 * even[1]) {
        dims[0] = even[0];
        dims[1] = even[1];
        return;
    }
    /* Rows of floor or ceil of sqrt(p): the one with fewer empty places. */
    int low = (int)sqrt((double)p), best = low;
    for (int p2 = low; p2 <= low + 1; p2++) {
        int holes = ((p + p2 - 1) / p2) * p2 - p;
        int best_holes = ((p + best - 1) / best) * best - p;
        if (holes < best_holes)
            best = p2;
    }
    dims[1] = best;
    dims[0] = (p + best - 1) / best;
}

/* Fills zero entries of an uneven box: the trailing dims are kept, and
 * dims[0] follows from them. Zeros share what the given entries leave as
 * evenly as possible (2D: ortho__balanced_2d). */
static int complete_dims_uneven(int size, int ndims, const int dims_in[], int dims[])
{
    long long fixed = 1;
    int zeros = 0;
    for (int d = 0; d < ndims; d++) {
        if (dims_in[d] < 0)
            return MPI_ERR_ARG;
        dims[d] = dims_in[d];
        if (dims[d] == 0)
            zeros++;
        else if (fixed <= size)
            fixed *= dims[d];
    }
    if (ndims == 1) {
        dims[0] = size;
        return MPI_SUCCESS;
    }
    if (ndims == 2 && dims[0] == 0 && dims[1] == 0) {
        ortho__balanced_2d(size, dims);
        return MPI_SUCCESS;
    }
    if (ndims == 2 && dims[1] == 0) {
        dims[1] = (int)((size + dims[0] - 1) / dims[0]);
        return MPI_SUCCESS;
    }
    double left = fixed >= size ? 1.0 : (double)size / (double)fixed;
    int share = zeros > 0 ? (int)floor(pow(left, 1.0 / zeros) + 0.5) : 1;
    for (int d = 1; d < ndims; d++)
        if (dims[d] == 0)
            dims[d] = share > 1 ? share : 1;
    return MPI_SUCCESS; /* dims[0] is set by grid_build */
}

int ortho__grid_box(int size, int ndims, const int dims_in[], int dims[], int *nrows,
                    int *last_len)
{
    if (size < 1 || ndims < 1 || ndims > ORTHO_GRID_MAX_DIMS)
        return MPI_ERR_DIMS;
    int err = complete_dims_uneven(size, ndims, dims_in, dims);
    if (err)
        return err;
    /* as grid_build() computes them */
    long long slice = 1;
    for (int d = 1; d < ndims; d++)
        slice = slice * dims[d] > size ? size + 1LL : slice * dims[d];
    dims[0] = (int)((size + slice - 1) / slice);
    int p2 = dims[ndims - 1];
    *nrows = (size + p2 - 1) / p2;
    *last_len = size - (*nrows - 1) * p2;
    return MPI_SUCCESS;
}

/* Creates a grid; raises its errors on comm only when `raise` is set. */
static int grid_create(MPI_Comm comm, int ndims, const int dims[], int uneven, int raise,
                       ortho_grid_t *grid)
{
    int err = MPI_SUCCESS, size, is_inter;
    int full_dims[ORTHO_GRID_MAX_DIMS];
    MPI_Comm dup = MPI_COMM_NULL;

    if (comm == MPI_COMM_NULL)
        return raise ? ortho__raise(MPI_COMM_NULL, MPI_ERR_COMM) : MPI_ERR_COMM;
    if (grid == NULL)
        return raise ? ortho__raise(comm, MPI_ERR_ARG) : MPI_ERR_ARG;
    *grid = NULL;
    err = PMPI_Comm_test_inter(comm, &is_inter);
    if (err == MPI_SUCCESS && is_inter)
        err = MPI_ERR_COMM;
    else if (ndims < 1 || ndims > ORTHO_GRID_MAX_DIMS)
        err = MPI_ERR_DIMS;
    else if (dims == NULL)
        err = MPI_ERR_ARG;
    if (err)
        goto fn_fail;

    PMPI_Comm_size(comm, &size);
    err = uneven ? complete_dims_uneven(size, ndims, dims, full_dims)
                 : complete_dims(size, ndims, dims, full_dims);
    if (err)
        goto fn_fail;

    err = ortho__comm_make_failed(comm, ortho__comm_copy(comm, &dup));
    if (err)
        goto fn_fail;
    err = grid_build(dup, 1, ndims, full_dims, grid);
    if (err)
        goto fn_fail;

fn_exit:
    return err;
fn_fail:
    if (raise)
        ortho__raise(comm, err);
    goto fn_exit;
}

int ortho__grid_build_owned(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid)
{
    int size, full[ORTHO_GRID_MAX_DIMS];
    PMPI_Comm_size(comm, &size);
    int err = complete_dims_uneven(size, ndims, dims, full);
    if (err) {
        PMPI_Comm_free(&comm);
        *grid = NULL;
        return err;
    }
    return grid_build(comm, 1, ndims, full, grid);
}

int ortho_grid_create(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid)
{
    return grid_create(comm, ndims, dims, 0, 1, grid);
}

int ortho_grid_create_uneven(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid)
{
    return grid_create(comm, ndims, dims, 1, 1, grid);
}

int ortho__grid_create_quiet(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid)
{
    return grid_create(comm, ndims, dims, 1, 0, grid);
}

int ortho__grid_comms(const struct ortho_grid *grid)
{
    if (grid == NULL)
        return 0;
    return (grid->owns_comm && grid->comm != MPI_COMM_NULL) +
           (grid->row_comm != MPI_COMM_NULL) + (grid->col_comm != MPI_COMM_NULL) +
           ortho__grid_comms(grid->leader_grid);
}

int ortho_grid_free(ortho_grid_t *grid)
{
    if (grid == NULL || *grid == NULL)
        return MPI_SUCCESS;
    grid_destroy(*grid);
    *grid = NULL;
    return MPI_SUCCESS;
}

int ortho_grid_ndims(ortho_grid_t grid, int *ndims)
{
    int err = ortho__check_grid(grid, 0);
    if (err)
        return err;
    if (ndims == NULL)
        return ortho__raise(grid->comm, MPI_ERR_ARG);
    *ndims = grid->ndims;
    return MPI_SUCCESS;
}

int ortho_grid_dims(ortho_grid_t grid, int dims[], int coords[])
{
    int err = ortho__check_grid(grid, 0);
    if (err)
        return err;
    for (int d = 0; d < grid->ndims; d++) {
        if (dims != NULL)
            dims[d] = grid->dims[d];
        if (coords != NULL)
            coords[d] = grid->coords[d];
    }
    return MPI_SUCCESS;
}

/* Shared body of the communicator queries. */
static int get_comm(ortho_grid_t grid, MPI_Comm which, MPI_Comm *comm)
{
    if (comm == NULL)
        return ortho__raise(grid->comm, MPI_ERR_ARG);
    *comm = which;
    return MPI_SUCCESS;
}

int ortho_grid_comm(ortho_grid_t grid, MPI_Comm *comm)
{
    int err = ortho__check_grid(grid, 0);
    return err ? err : get_comm(grid, grid->comm, comm);
}

int ortho_grid_row_comm(ortho_grid_t grid, MPI_Comm *comm)
{
    int err = ortho__check_grid(grid, 0);
    return err ? err : get_comm(grid, grid->row_comm, comm);
}

int ortho_grid_col_comm(ortho_grid_t grid, MPI_Comm *comm)
{
    int err = ortho__check_grid(grid, 0);
    return err ? err : get_comm(grid, grid->col_comm, comm);
}

int ortho_grid_leader_grid(ortho_grid_t grid, ortho_grid_t *leader)
{
    int err = ortho__check_grid(grid, 0);
    if (err)
        return err;
    if (leader == NULL)
        return ortho__raise(grid->comm, MPI_ERR_ARG);
    *leader = grid->leader_grid;
    return MPI_SUCCESS;
}
