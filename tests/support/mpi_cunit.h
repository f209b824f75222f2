/* Running CUnit suites under MPI: every rank runs every test in the same
 * order (tests call collectives), only rank 0 prints, and the failures of
 * all ranks decide the exit status of every rank.
 *
 * Inside a test, compute a local ok flag, then assert on
 * ORTHO_TEST_ALL(ok, comm): the logical AND over the ranks of comm, so that
 * every rank takes the same path. Never use CU_ASSERT_FATAL between
 * collectives. */
#ifndef ORTHO_TEST_MPI_CUNIT_H_INCLUDED
#define ORTHO_TEST_MPI_CUNIT_H_INCLUDED

#include <CUnit/CUnit.h>
#include <mpi.h>

/* Initializes MPI (MPI_ERRORS_RETURN on MPI_COMM_WORLD and MPI_COMM_SELF),
 * calls add_suites to register suites with CU_add_suite / CU_add_test, runs
 * them, finalizes MPI. Returns the process exit status: 0 when no rank saw a
 * failed assertion. */
int ortho_test_main(int argc, char **argv, void (*add_suites)(void));

/* 1 on every rank when ok is non-zero on every rank of comm. */
int ortho_test_all(int ok, MPI_Comm comm);
#define ORTHO_TEST_ALL(ok, comm) ortho_test_all((ok), (comm))

/* Rank in MPI_COMM_WORLD and its size, for tests that need them. */
int ortho_test_world_rank(void);
int ortho_test_world_size(void);

#endif /* ORTHO_TEST_MPI_CUNIT_H_INCLUDED */
