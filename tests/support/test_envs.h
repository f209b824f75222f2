/* The communicators the operation tests run every case on: MPI_COMM_WORLD,
 * and a split of it whose rank order is the reverse of the world's, so that
 * a grid's rank r is not world rank r. Each environment holds the grids of
 * the layouts a test chooses for its size, with the names its failure
 * messages print. */
#ifndef ORTHO_TEST_ENVS_H_INCLUDED
#define ORTHO_TEST_ENVS_H_INCLUDED

#include <mpi.h>

#include "ortho.h"

enum { TEST_ENV_COUNT = 2, TEST_ENV_MAX_LAYOUTS = 32, TEST_LAYOUT_NAME_MAX = 48 };

struct test_env {
    const char *name; /* "world" or "reversed" */
    MPI_Comm comm;
    int rank, size;
    int nlayouts;
    ortho_grid_t grids[TEST_ENV_MAX_LAYOUTS];
    char layout_names[TEST_ENV_MAX_LAYOUTS][TEST_LAYOUT_NAME_MAX];
};

/* Creates a test's grids on env->comm and hands each to test_env_add_layout. */
typedef void (*test_env_layouts_fn)(struct test_env *env);

/* Opens envs[0] on MPI_COMM_WORLD and envs[1] on the reversed split and
 * calls add_layouts on each. Collective over MPI_COMM_WORLD. */
void test_envs_open(struct test_env envs[TEST_ENV_COUNT], test_env_layouts_fn add_layouts);

/* Frees the grids and the reversed communicator. Collective. */
void test_envs_close(struct test_env envs[TEST_ENV_COUNT]);

/* Appends grid (env takes it over) under name; the caller keeps nlayouts
 * below TEST_ENV_MAX_LAYOUTS. */
void test_env_add_layout(struct test_env *env, ortho_grid_t grid, const char *name);

#endif /* ORTHO_TEST_ENVS_H_INCLUDED */
