/* Error classes and a counting error handler (see mpi_errors.h). */
#include "support/mpi_errors.h"

int test_counting_handler_calls;

int test_error_class(int err)
{
    int cls = err;
    if (err != MPI_SUCCESS)
        MPI_Error_class(err, &cls);
    return cls;
}

static void counting_handler(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
    test_counting_handler_calls++;
}

void test_comm_dup_counting(MPI_Comm comm, MPI_Comm *dup)
{
    MPI_Errhandler counting;
    MPI_Comm_dup(comm, dup);
    MPI_Comm_create_errhandler(counting_handler, &counting);
    MPI_Comm_set_errhandler(*dup, counting);
    MPI_Errhandler_free(&counting); /* *dup keeps it until freed */
}
