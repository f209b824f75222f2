/* The communicators of the operation tests (see test_envs.h). */
#include "support/test_envs.h"

#include <stdio.h>

#include "support/mpi_cunit.h"

static void env_open(struct test_env *e, const char *name, MPI_Comm comm,
                     test_env_layouts_fn add_layouts)
{
    e->name = name;
    e->comm = comm;
    MPI_Comm_rank(comm, &e->rank);
    MPI_Comm_size(comm, &e->size);
    e->nlayouts = 0;
    add_layouts(e);
}

static void env_close(struct test_env *e)
{
    for (int l = 0; l < e->nlayouts; l++)
        ortho_grid_free(&e->grids[l]);
    if (e->comm != MPI_COMM_WORLD)
        MPI_Comm_free(&e->comm);
}

void test_envs_open(struct test_env envs[TEST_ENV_COUNT], test_env_layouts_fn add_layouts)
{
    MPI_Comm reversed;
    int rank = ortho_test_world_rank(), size = ortho_test_world_size();
    env_open(&envs[0], "world", MPI_COMM_WORLD, add_layouts);
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &reversed);
    env_open(&envs[1], "reversed", reversed, add_layouts);
}

void test_envs_close(struct test_env envs[TEST_ENV_COUNT])
{
    for (int i = 0; i < TEST_ENV_COUNT; i++)
        env_close(&envs[i]);
}

void test_env_add_layout(struct test_env *env, ortho_grid_t grid, const char *name)
{
    env->grids[env->nlayouts] = grid;
    snprintf(env->layout_names[env->nlayouts], TEST_LAYOUT_NAME_MAX, "%s", name);
    env->nlayouts++;
}
