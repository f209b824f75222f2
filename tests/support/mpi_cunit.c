/* Running CUnit suites under MPI (see mpi_cunit.h). */
#include "support/mpi_cunit.h"

#include <CUnit/Basic.h>
#include <CUnit/TestRun.h>
#include <stdio.h>

int ortho_test_all(int ok, MPI_Comm comm)
{
    int all = 0, mine = ok != 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, comm);
    return all;
}

int ortho_test_world_rank(void)
{
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int ortho_test_world_size(void)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

int ortho_test_main(int argc, char **argv, void (*add_suites)(void))
{
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    int rank = ortho_test_world_rank(), size = ortho_test_world_size();

    unsigned failures = 1;
    if (CU_initialize_registry() == CUE_SUCCESS) {
        add_suites();
        if (rank == 0) {
            printf("== %s on %d process%s\n", argv[0], size, size == 1 ? "" : "es");
            CU_basic_set_mode(CU_BRM_VERBOSE);
            CU_basic_run_tests();
        } else {
            CU_run_all_tests(); /* the same tests, without output */
        }
        failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
        CU_cleanup_registry();
    }
    unsigned total = 0;
    MPI_Allreduce(&failures, &total, 1, MPI_UNSIGNED, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return total == 0 ? 0 : 1;
}
