/* Grids: dims completion, row-major coordinates, the row and column groups,
 * the leader grid of N-D grids, errors, and no leaks on create/free cycles. */
#include <stdlib.h>

#include "ortho.h"
#include "support/mpi_cunit.h"
#include "support/mpi_errors.h"

/* Row and column groups of a p1 x p2 grid hold the ranks row-major order
 * says they hold. */
static int check_2d(MPI_Comm comm, int p1, int p2)
{
    int rank, ok = 1, dims_in[2] = {p1, p2}, dims[2], coords[2];
    ortho_grid_t grid = NULL;
    MPI_Comm row, col, own;
    MPI_Comm_rank(comm, &rank);
    ok &= ortho_grid_create(comm, 2, dims_in, &grid) == MPI_SUCCESS;
    if (!ok)
        return 0;
    ortho_grid_dims(grid, dims, coords);
    ok &= dims[0] == p1 && dims[1] == p2;
    ok &= coords[0] == rank / p2 && coords[1] == rank % p2;
    ortho_grid_row_comm(grid, &row);
    ortho_grid_col_comm(grid, &col);
    ortho_grid_comm(grid, &own);
    int row_size, row_rank, col_size, col_rank, own_rank, cmp;
    MPI_Comm_size(row, &row_size);
    MPI_Comm_rank(row, &row_rank);
    MPI_Comm_size(col, &col_size);
    MPI_Comm_rank(col, &col_rank);
    MPI_Comm_rank(own, &own_rank);
    ok &= row_size == p2 && row_rank == rank % p2;
    ok &= col_size == p1 && col_rank == rank / p2;
    MPI_Comm_compare(own, comm, &cmp);
    ok &= own_rank == rank && cmp == MPI_CONGRUENT; /* a duplicate, same order */
    /* The row's ranks are consecutive: the first member is rank - rank % p2. */
    int first = rank;
    MPI_Bcast(&first, 1, MPI_INT, 0, row);
    ok &= first == rank - rank % p2;
    ortho_grid_t leader = (ortho_grid_t)&ok;
    ok &= ortho_grid_leader_grid(grid, &leader) == MPI_SUCCESS && leader == NULL;
    ortho_grid_free(&grid);
    ok &= grid == NULL;
    return ok;
}

static void test_layouts(void)
{
    int size = ortho_test_world_size(), ok = 1;
    for (int p1 = 1; p1 <= size; p1++)
        if (size % p1 == 0)
            ok &= check_2d(MPI_COMM_WORLD, p1, size / p1);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_dims_filled(void)
{
    int size = ortho_test_world_size(), ok = 1, dims[2] = {0, 0}, got[2];
    ortho_grid_t grid = NULL;
    ok &= ortho_grid_create(MPI_COMM_WORLD, 2, dims, &grid) == MPI_SUCCESS;
    ortho_grid_dims(grid, got, NULL);
    int expect[2] = {0, 0};
    MPI_Dims_create(size, 2, expect);
    ok &= got[0] == expect[0] && got[1] == expect[1] && got[0] * got[1] == size;
    ortho_grid_free(&grid);
    /* One fixed entry, one free. */
    int half[2] = {0, 1};
    ok &= ortho_grid_create(MPI_COMM_WORLD, 2, half, &grid) == MPI_SUCCESS;
    ortho_grid_dims(grid, got, NULL);
    ok &= got[0] == size && got[1] == 1;
    ortho_grid_free(&grid);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_three_dims(void)
{
    int size = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int dims[3] = {0, 0, 0}, got[3], coords[3], sub_dims[2];
    ortho_grid_t grid = NULL, leader = NULL;
    ok &= ortho_grid_create(MPI_COMM_WORLD, 3, dims, &grid) == MPI_SUCCESS;
    int ndims = 0;
    ortho_grid_ndims(grid, &ndims);
    ortho_grid_dims(grid, got, coords);
    ok &= ndims == 3 && got[0] * got[1] * got[2] == size;
    ok &= coords[2] == rank % got[2] && coords[1] == (rank / got[2]) % got[1] &&
          coords[0] == rank / (got[1] * got[2]);
    ok &= ortho_grid_leader_grid(grid, &leader) == MPI_SUCCESS && leader != NULL;
    if (leader != NULL) {
        ortho_grid_dims(leader, sub_dims, NULL);
        ok &= sub_dims[0] == got[0] && sub_dims[1] == got[1];
    }
    ortho_grid_free(&grid);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_errors(void)
{
    int size = ortho_test_world_size(), ok = 1;
    ortho_grid_t grid = (ortho_grid_t)&ok;
    int wrong[2] = {size + 1, 1};
    ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 2, wrong, &grid)) == MPI_ERR_DIMS;
    ok &= grid == NULL;
    int not_dividing[2] = {size + 1, 0};
    ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 2, not_dividing, &grid)) ==
          MPI_ERR_DIMS;
    int negative[2] = {-1, 1};
    ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 2, negative, &grid)) == MPI_ERR_ARG;
    ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 0, wrong, &grid)) == MPI_ERR_DIMS;
    ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 2, NULL, &grid)) == MPI_ERR_ARG;
    ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 2, wrong, NULL)) == MPI_ERR_ARG;
    ok &= test_error_class(ortho_grid_create(MPI_COMM_NULL, 2, wrong, &grid)) == MPI_ERR_COMM;
    int ndims;
    ok &= test_error_class(ortho_grid_ndims(NULL, &ndims)) == MPI_ERR_ARG;
    /* Freeing NULL is a no-op, and so is freeing a NULL handle's address. */
    ortho_grid_t none = NULL;
    ok &= ortho_grid_free(&none) == MPI_SUCCESS && ortho_grid_free(NULL) == MPI_SUCCESS;
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_intercomm(void)
{
    int size = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    if (size < 2) {
        CU_PASS("an intercommunicator needs two processes");
        return;
    }
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 7, &inter);
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    int dims[1] = {0};
    ortho_grid_t grid = NULL;
    ok &= test_error_class(ortho_grid_create(inter, 1, dims, &grid)) == MPI_ERR_COMM &&
          grid == NULL;
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* MPICH has about 2000 context ids: a grid that leaked its three
 * communicators would exhaust them long before 1000 cycles. Only at small
 * process counts, where a cycle costs microseconds. */
static void test_no_leak(void)
{
    int size = ortho_test_world_size(), ok = 1;
    if (size > 2) {
        CU_PASS("run at 1 and 2 processes only");
        return;
    }
    for (int i = 0; i < 1000 && ok; i++) {
        int dims[2] = {0, 0};
        ortho_grid_t grid = NULL;
        ok &= ortho_grid_create(MPI_COMM_WORLD, 2, dims, &grid) == MPI_SUCCESS;
        ortho_grid_free(&grid);
        int bad[2] = {size + 1, 1};
        ok &= test_error_class(ortho_grid_create(MPI_COMM_WORLD, 2, bad, &grid)) == MPI_ERR_DIMS;
    }
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("grid", NULL, NULL);
    CU_add_test(s, "2D layouts: row-major groups", test_layouts);
    CU_add_test(s, "zero dims are filled", test_dims_filled);
    CU_add_test(s, "3D grid and its leader grid", test_three_dims);
    CU_add_test(s, "bad arguments", test_errors);
    CU_add_test(s, "intercommunicators are refused", test_intercomm);
    CU_add_test(s, "create/free cycles leak nothing", test_no_leak);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
