/* For tests of bad input: the error class of a return code, and an error
 * handler that only counts its calls (to check that an error is raised
 * once, through the handler the communicator had). */
#ifndef ORTHO_TEST_MPI_ERRORS_H_INCLUDED
#define ORTHO_TEST_MPI_ERRORS_H_INCLUDED

#include <mpi.h>

/* MPI_Error_class of err; MPI_SUCCESS for MPI_SUCCESS. */
int test_error_class(int err);

/* Duplicates comm into *dup with an error handler that only counts its
 * calls in test_counting_handler_calls. Collective over comm. */
void test_comm_dup_counting(MPI_Comm comm, MPI_Comm *dup);

/* Calls of that handler on this rank; set it to 0 before the call under
 * test. */
extern int test_counting_handler_calls;

#endif /* ORTHO_TEST_MPI_ERRORS_H_INCLUDED */
