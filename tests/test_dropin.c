/* The drop-in functions: the layout each source gives (ORTHO_GRID, the
 * layout chooser, the balanced default), results equal to native MPI's
 * under each, the PMPI_ fallbacks (intercommunicators, one process, bad
 * arguments, a malformed ORTHO_GRID), and no communicator leaked by the
 * grids cached on communicators.
 *
 * ORTHO_GRID is read when a communicator is first used, so each setting
 * is tried on a fresh duplicate of MPI_COMM_WORLD (every rank sets the
 * same value). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/mpi_cunit.h"
#include "support/mpi_errors.h"

enum { N = 3 };

static int value(int rank, int i, int salt)
{
    return (rank * 37 + i * 11 + salt * 5) % 101 - 50;
}

static void fill(int *buf, int n, int rank, int salt)
{
    for (int i = 0; i < n; i++)
        buf[i] = value(rank, i, salt);
}

static int same(const int *a, const int *b, int n)
{
    return n == 0 || memcmp(a, b, (size_t)n * sizeof(int)) == 0;
}

/* All nine drop-ins against PMPI_ on comm (int data, root p - 1, v-layouts
 * in reverse order with gaps); 1 when all agree on this rank. */
static int dropins_agree(MPI_Comm comm, int salt)
{
    int rank, p, ok = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int root = p - 1, span = 1, is_root = rank == root;
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p;
    for (int i = p - 1; i >= 0; i--) {
        counts[i] = i % 3 == 1 ? 0 : 1 + i % 4;
        displs[i] = span;
        span += counts[i] + 1;
    }
    size_t big = (size_t)(p * N > span ? p * N : span);
    int *send = calloc(big, sizeof(int)), *a = calloc(big, sizeof(int));
    int *b = calloc(big, sizeof(int));

    fill(a, N, rank, salt);
    memcpy(b, a, N * sizeof(int));
    PMPI_Bcast(a, N, MPI_INT, root, comm);
    ok &= ortho_bcast(b, N, MPI_INT, root, comm) == MPI_SUCCESS && same(a, b, N);

    fill(send, N, rank, salt + 1);
    PMPI_Reduce(send, a, N, MPI_INT, MPI_SUM, root, comm);
    ok &= ortho_reduce(send, b, N, MPI_INT, MPI_SUM, root, comm) == MPI_SUCCESS &&
          (!is_root || same(a, b, N));
    PMPI_Allreduce(send, a, N, MPI_INT, MPI_MAX, comm);
    ok &= ortho_allreduce(send, b, N, MPI_INT, MPI_MAX, comm) == MPI_SUCCESS && same(a, b, N);

    PMPI_Gather(send, N, MPI_INT, a, N, MPI_INT, root, comm);
    ok &= ortho_gather(send, N, MPI_INT, b, N, MPI_INT, root, comm) == MPI_SUCCESS &&
          (!is_root || same(a, b, p * N));
    PMPI_Allgather(send, N, MPI_INT, a, N, MPI_INT, comm);
    ok &= ortho_allgather(send, N, MPI_INT, b, N, MPI_INT, comm) == MPI_SUCCESS &&
          same(a, b, p * N);

    fill(send, p * N, rank, salt + 2);
    PMPI_Scatter(send, N, MPI_INT, a, N, MPI_INT, root, comm);
    ok &= ortho_scatter(send, N, MPI_INT, b, N, MPI_INT, root, comm) == MPI_SUCCESS &&
          same(a, b, N);

    memset(a, 0, big * sizeof(int));
    memset(b, 0, big * sizeof(int));
    fill(send, counts[rank], rank, salt + 3);
    PMPI_Gatherv(send, counts[rank], MPI_INT, a, counts, displs, MPI_INT, root, comm);
    ok &= ortho_gatherv(send, counts[rank], MPI_INT, b, counts, displs, MPI_INT, root, comm) ==
              MPI_SUCCESS &&
          (!is_root || same(a, b, span));
    PMPI_Allgatherv(send, counts[rank], MPI_INT, a, counts, displs, MPI_INT, comm);
    ok &= ortho_allgatherv(send, counts[rank], MPI_INT, b, counts, displs, MPI_INT, comm) ==
              MPI_SUCCESS &&
          same(a, b, span);
    fill(send, span, rank, salt + 4);
    PMPI_Scatterv(send, counts, displs, MPI_INT, a, counts[rank], MPI_INT, root, comm);
    ok &= ortho_scatterv(send, counts, displs, MPI_INT, b, counts[rank], MPI_INT, root, comm) ==
              MPI_SUCCESS &&
          same(a, b, counts[rank]);
    free(counts);
    free(send);
    free(a);
    free(b);
    return ok;
}

struct setting {
    const char *value;      /* NULL: unset */
    int ndims;              /* expected; 0: the balanced default */
    int trailing[3];        /* expected trailing extents */
    const char *why;        /* start of the expected reason */
};

static void test_env_settings(void)
{
    static const struct setting settings[] = {
        {NULL, 0, {0}, "balanced default"},
        {"native", 1, {0}, "ORTHO_GRID=native"},
        {"0x2x2", 3, {2, 2}, "ORTHO_GRID=0x2x2"},
        {"3x5", 2, {5}, "ORTHO_GRID=3x5"},
        {" 4X2 ", 2, {2}, "ORTHO_GRID= 4X2 "},
        {"2x", 1, {0}, "ORTHO_GRID is malformed"},
        {"8*12", 1, {0}, "ORTHO_GRID is malformed"},
    };
    int p = ortho_test_world_size(), ok = 1;
    for (size_t s = 0; s < sizeof settings / sizeof settings[0]; s++) {
        const struct setting *set = &settings[s];
        if (set->value != NULL)
            setenv("ORTHO_GRID", set->value, 1);
        else
            unsetenv("ORTHO_GRID");
        MPI_Comm comm;
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        int ndims = 0, dims[ORTHO_GRID_MAX_DIMS] = {0}, good = 1;
        const char *why = "";
        good &= ortho_comm_layout(comm, ORTHO_OP_ALLGATHER, 64.0, &ndims, dims, &why) ==
                MPI_SUCCESS;
        if (p == 1) {
            good &= ndims == 1; /* one process: always PMPI_ */
        } else if (set->ndims == 0) {
            int expect = p < 4 ? 1 : 2;
            good &= ndims == expect && strncmp(why, set->why, strlen(set->why)) == 0;
        } else {
            good &= ndims == set->ndims && strcmp(why, set->why) == 0;
            long long slice = 1;
            for (int d = 1; d < ndims; d++) {
                good &= dims[d] == set->trailing[d - 1];
                slice *= dims[d];
            }
            if (ndims > 1)
                good &= dims[0] == (int)((p + slice - 1) / slice);
        }
        good &= dropins_agree(comm, (int)s);
        if (!good)
            fprintf(stderr, "FAIL ORTHO_GRID=%s: ndims %d why %s\n",
                    set->value ? set->value : "(unset)", ndims, why);
        ok &= good;
        MPI_Comm_free(&comm);
    }
    unsetenv("ORTHO_GRID");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* A chooser that decides allgather only (a 3D box) and nothing else. */
static int chooser_calls;
static int choose_allgather(ortho_op op, int p, double bytes, void *ctx, int *ndims,
                            int dims[ORTHO_GRID_MAX_DIMS])
{
    (void)p;
    (void)bytes;
    chooser_calls += ctx == (void *)&chooser_calls;
    if (op != ORTHO_OP_ALLGATHER)
        return 0;
    *ndims = 3;
    dims[0] = 0;
    dims[1] = 1;
    dims[2] = 2;
    return 1;
}

static void test_chooser(void)
{
    int p = ortho_test_world_size(), ok = 1, ndims, dims[ORTHO_GRID_MAX_DIMS];
    const char *why = "";
    MPI_Comm comm;
    ortho_set_layout_chooser(choose_allgather, &chooser_calls);
    chooser_calls = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok &= ortho_comm_layout(comm, ORTHO_OP_ALLGATHER, 1000.0, &ndims, dims, &why) == MPI_SUCCESS;
    if (p > 1)
        ok &= ndims == 3 && dims[1] == 1 && dims[2] == 2 && strcmp(why, "layout chooser") == 0;
    ok &= ortho_comm_layout(comm, ORTHO_OP_BCAST, 1000.0, &ndims, dims, &why) == MPI_SUCCESS;
    if (p > 1)
        ok &= strncmp(why, "balanced default", 16) == 0 && chooser_calls == 2;
    ok &= dropins_agree(comm, 11);
    MPI_Comm_free(&comm);
    ortho_set_layout_chooser(NULL, NULL);
    /* ORTHO_GRID comes first. */
    setenv("ORTHO_GRID", "native", 1);
    ortho_set_layout_chooser(choose_allgather, &chooser_calls);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok &= ortho_comm_layout(comm, ORTHO_OP_ALLGATHER, 1000.0, &ndims, dims, &why) == MPI_SUCCESS;
    ok &= ndims == 1;
    MPI_Comm_free(&comm);
    ortho_set_layout_chooser(NULL, NULL);
    unsetenv("ORTHO_GRID");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* Intercommunicators, one process and bad arguments go to PMPI_. */
static void test_fallbacks(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int in[N], out[N], expect[N];
    fill(in, N, rank, 1);
    ok &= ortho_allreduce(in, out, N, MPI_INT, MPI_SUM, MPI_COMM_SELF) == MPI_SUCCESS &&
          same(in, out, N);
    ok &= ortho_gather(in, N, MPI_INT, out, N, MPI_INT, 0, MPI_COMM_SELF) == MPI_SUCCESS &&
          same(in, out, N);
    ok &= test_error_class(ortho_bcast(in, -1, MPI_INT, 0, MPI_COMM_WORLD)) == MPI_ERR_COUNT;
    ok &= test_error_class(ortho_allreduce(in, out, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD)) ==
          MPI_ERR_OP;
    ok &= test_error_class(ortho_reduce(in, out, 1, MPI_INT, MPI_SUM, p, MPI_COMM_WORLD)) ==
          MPI_ERR_ROOT;
    if (p >= 2) {
        /* An intercommunicator between the even and the odd ranks: the
         * first even rank broadcasts to the odd group. */
        MPI_Comm half, inter;
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 7, &inter);
        int half_rank;
        MPI_Comm_rank(half, &half_rank);
        int root = rank % 2 ? 0 : half_rank == 0 ? MPI_ROOT : MPI_PROC_NULL;
        fill(expect, N, 0, 9);
        memcpy(out, expect, sizeof out);
        if (rank % 2)
            memset(out, 0, sizeof out);
        ok &= ortho_bcast(out, N, MPI_INT, root, inter) == MPI_SUCCESS;
        ok &= rank % 2 == 0 || same(out, expect, N);
        MPI_Comm_free(&inter);
        MPI_Comm_free(&half);
    }
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* Freeing a communicator frees the grids cached on it: 700 cycles of a
 * duplicate with a cached grid (a grid is three communicators) would
 * exhaust MPICH's context ids if they leaked. Only at 2 processes, where a
 * cycle costs microseconds. */
static void test_cache_released(void)
{
    int p = ortho_test_world_size(), ok = 1;
    if (p != 2) {
        CU_PASS("runs at 2 processes only");
        return;
    }
    setenv("ORTHO_GRID", "1x2", 1);
    for (int i = 0; i < 700 && ok; i++) {
        MPI_Comm comm;
        int in = i, out = 0, ndims, dims[ORTHO_GRID_MAX_DIMS];
        ok &= MPI_Comm_dup(MPI_COMM_WORLD, &comm) == MPI_SUCCESS;
        ok &= ortho_comm_layout(comm, ORTHO_OP_ALLREDUCE, 4.0, &ndims, dims, NULL) ==
                  MPI_SUCCESS &&
              ndims == 2;
        ok &= ortho_allreduce(&in, &out, 1, MPI_INT, MPI_SUM, comm) == MPI_SUCCESS &&
              out == 2 * i;
        MPI_Comm_free(&comm);
    }
    unsetenv("ORTHO_GRID");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("dropin", NULL, NULL);
    CU_add_test(s, "ORTHO_GRID settings", test_env_settings);
    CU_add_test(s, "layout chooser", test_chooser);
    CU_add_test(s, "PMPI_ fallbacks", test_fallbacks);
    CU_add_test(s, "cached grids are released", test_cache_released);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
