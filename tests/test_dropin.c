/* The drop-in functions: the layout each source gives (ORTHO_GRID, the
 * layout chooser, online selection's default), results equal to native MPI's
 * under each, the PMPI_ fallbacks (intercommunicators, one process, a
 * malformed ORTHO_GRID), MPI's argument checks (each error class raised
 * once through the communicator's handler, root-only arguments ignored
 * elsewhere), settings that differ between processes (native everywhere,
 * no hang), the communicator budget, no communicator leaked by the
 * grids cached on communicators, and no cache of a freed communicator
 * found again through the handle MPI reuses for a new one.
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
    /* by hand, not PMPI_: MPICH 4.0.2 ignores displs[0] on one process */
    memset(a, 0, big * sizeof(int));
    for (int q = 0; q < p; q++)
        fill(a + displs[q], counts[q], q, salt + 3);
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
    int ndims;              /* expected; 0: online selection (native until it learns) */
    int trailing[3];        /* expected trailing extents */
    const char *why;        /* start of the expected reason */
};

static void test_env_settings(void)
{
    static const struct setting settings[] = {
        {NULL, 0, {0}, "measuring native"},
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
            /* under 4 processes online selection has no candidate */
            const char *expect = p < 4 ? "online selection: no candidate" : set->why;
            good &= ndims == 1 && strncmp(why, expect, strlen(expect)) == 0;
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
        ok &= strncmp(why, p < 4 ? "online selection" : "measuring native", 16) == 0 &&
              chooser_calls == 2;
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

/* One bad call: its error class, raised exactly once through comm's handler. */
static int raises(int err, int cls)
{
    int ok = test_error_class(err) == cls && test_counting_handler_calls == 1;
    test_counting_handler_calls = 0;
    return ok;
}

/* What MPI rejects is rejected before any PMPI_ call (MPICH 4.0.2 itself
 * crashes on MPI_Allreduce with count -3), on every rank alike. */
static void test_bad_arguments(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int in[4 * N] = {0}, out[16 * N], counts[16], displs[16];
    MPI_Comm comm;
    for (int i = 0; i < 16; i++) {
        counts[i] = 1;
        displs[i] = i;
    }
    test_comm_dup_counting(MPI_COMM_WORLD, &comm);
    test_counting_handler_calls = 0;
    ok &= raises(ortho_allreduce(in, out, -3, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    ok &= raises(ortho_reduce(in, out, -3, MPI_INT, MPI_SUM, 0, comm), MPI_ERR_COUNT);
    ok &= raises(ortho_bcast(in, 1, MPI_DATATYPE_NULL, 0, comm), MPI_ERR_TYPE);
    ok &= raises(ortho_bcast(NULL, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    ok &= raises(ortho_bcast(MPI_IN_PLACE, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    ok &= raises(ortho_bcast(in, 1, MPI_INT, -1, comm), MPI_ERR_ROOT);
    ok &= raises(ortho_allreduce(in, MPI_IN_PLACE, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    ok &= raises(ortho_allreduce(in, out, 1, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP);
    ok &= raises(ortho_allgather(in, 1, MPI_INT, out, -1, MPI_INT, comm), MPI_ERR_COUNT);
    ok &= raises(ortho_allgather(in, 1, MPI_INT, NULL, 1, MPI_INT, comm), MPI_ERR_BUFFER);
    ok &= raises(ortho_allgatherv(in, 1, MPI_INT, out, NULL, displs, MPI_INT, comm),
                 MPI_ERR_ARG);
    counts[p - 1] = -2;
    ok &= raises(ortho_allgatherv(in, 1, MPI_INT, out, counts, displs, MPI_INT, comm),
                 MPI_ERR_COUNT);
    counts[p - 1] = 1;
    ok &= raises(ortho_gather(in, 1, MPI_INT, out, 1, MPI_INT, p, comm), MPI_ERR_ROOT);
    ok &= raises(ortho_scatterv(in, counts, displs, MPI_INT, out, 1, MPI_INT, p + 3, comm),
                 MPI_ERR_ROOT);
    if (rank != 0) /* in place only at the root */
        ok &= raises(ortho_reduce(MPI_IN_PLACE, out, 1, MPI_INT, MPI_SUM, 0, comm),
                     MPI_ERR_BUFFER);
    if (rank == 0) /* the root's receive side */
        ok &= raises(ortho_gatherv(in, 1, MPI_INT, out, NULL, displs, MPI_INT, 0, comm),
                     MPI_ERR_ARG);
    /* no communicator: MPI_COMM_WORLD's handler (MPI_ERRORS_RETURN here) */
    ok &= test_error_class(ortho_allgather(in, 1, MPI_INT, out, 1, MPI_INT, MPI_COMM_NULL)) ==
          MPI_ERR_COMM;
    ok &= test_error_class(ortho_2d_allgather(in, 1, MPI_INT, out, 1, MPI_INT, NULL)) ==
          MPI_ERR_ARG;
    MPI_Comm_free(&comm);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* Scatterv whose blocks add up to more bytes than an int holds, while
 * every count fits: legal, and only the root knows. The root's own block
 * (2^31 bytes, in place) comes from a type of extent 0, so nothing large
 * is allocated. The root tells the others; every process runs the native
 * call, on a forced grid and through ortho_2d_scatterv alike, instead of
 * the root failing alone while the others wait. */
static void test_v_beyond_int(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int root = p - 1, is_root = rank == root, source = 4242, got = -1;
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p;
    MPI_Datatype same_int;
    MPI_Type_create_resized(MPI_INT, 0, 0, &same_int); /* every element: `source` */
    MPI_Type_commit(&same_int);
    for (int i = 0; i < p; i++) {
        counts[i] = i == root ? (1 << 29) : 1; /* 2^29 ints: 2^31 bytes */
        displs[i] = 0;
    }
    if (p >= 4) {
        setenv("ORTHO_VARIANT", "phases", 1);
        MPI_Comm comm;
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        ok &= ortho_scatterv(&source, counts, displs, same_int,
                             is_root ? MPI_IN_PLACE : &got, 1, MPI_INT, root, comm) ==
              MPI_SUCCESS;
        ok &= is_root || got == source;
        unsetenv("ORTHO_VARIANT");
        MPI_Comm_free(&comm);
        ortho_grid_t grid;
        int dims[2] = {0, 2};
        got = -1;
        ok &= ortho_grid_create_uneven(MPI_COMM_WORLD, 2, dims, &grid) == MPI_SUCCESS;
        ok &= ortho_2d_scatterv(&source, counts, displs, same_int, is_root ? MPI_IN_PLACE : &got,
                                1, MPI_INT, root, grid) == MPI_SUCCESS;
        ok &= is_root || got == source;
        ortho_grid_free(&grid);
    }
    MPI_Type_free(&same_int);
    free(counts);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* Arguments significant only at the root may be anything elsewhere
 * (count -1, MPI_DATATYPE_NULL, NULL), on every layout's path. */
static void test_root_only_arguments(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int root = p / 2, is_root = rank == root;
    int *all = calloc(4 * (size_t)p * N, sizeof(int)), mine[N], got[N];
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p;
    for (int i = 0; i < p; i++) {
        counts[i] = N;
        displs[i] = (p - 1 - i) * N; /* blocks in reverse order */
    }
    const char *layouts[] = {NULL, "phases:0x2:cols", "phases:0x2:rows"};
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        MPI_Comm comm;
        if (layouts[l] != NULL)
            setenv("ORTHO_VARIANT", layouts[l], 1);
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        fill(mine, N, rank, 4);
        memset(all, 0, 4 * (size_t)p * N * sizeof(int));
        ok &= ortho_gather(mine, N, MPI_INT, is_root ? all : NULL, is_root ? N : -1,
                           is_root ? MPI_INT : MPI_DATATYPE_NULL, root, comm) == MPI_SUCCESS;
        for (int r = 0; is_root && r < p; r++) {
            fill(got, N, r, 4);
            ok &= same(all + r * N, got, N);
        }
        ok &= ortho_gatherv(mine, N, MPI_INT, is_root ? all : NULL, is_root ? counts : NULL,
                            is_root ? displs : NULL, is_root ? MPI_INT : MPI_DATATYPE_NULL, root,
                            comm) == MPI_SUCCESS;
        for (int r = 0; is_root && r < p; r++) {
            fill(got, N, r, 4);
            ok &= same(all + displs[r], got, N);
        }
        if (is_root)
            for (int r = 0; r < p; r++)
                fill(all + r * N, N, r, 5);
        ok &= ortho_scatter(is_root ? all : NULL, is_root ? N : -1,
                            is_root ? MPI_INT : MPI_DATATYPE_NULL, got, N, MPI_INT, root,
                            comm) == MPI_SUCCESS;
        fill(mine, N, rank, 5);
        ok &= same(got, mine, N);
        ok &= ortho_reduce(mine, is_root ? got : NULL, N, MPI_INT, MPI_SUM, root, comm) ==
              MPI_SUCCESS;
        MPI_Comm_free(&comm);
        unsetenv("ORTHO_VARIANT");
    }
    free(counts);
    free(all);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* A setting that differs between the processes (here ORTHO_GRID and
 * ORTHO_VARIANT on rank 0 only) gives native on every process, named in
 * the reason; nothing hangs and the results are MPI's. */
static void test_settings_differ(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    const char *names[] = {"ORTHO_GRID", "ORTHO_VARIANT"};
    const char *values[] = {"native", "rsag"};
    if (p < 2) {
        CU_PASS("needs 2 processes");
        return;
    }
    for (int k = 0; k < 2; k++) {
        MPI_Comm comm;
        ortho_candidate c;
        const char *why = "";
        if (rank == 0)
            setenv(names[k], values[k], 1);
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        ok &= dropins_agree(comm, 20 + k);
        ok &= ortho_comm_candidate(comm, ORTHO_OP_ALLREDUCE, 4096.0, &c, &why) == MPI_SUCCESS;
        ok &= c.variant == ORTHO_VARIANT_NATIVE && strstr(why, names[k]) != NULL &&
              strstr(why, "differs") != NULL;
        MPI_Comm_free(&comm);
        unsetenv(names[k]);
    }
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* The grids of all communicators hold at most ORTHO_MAX_COMMS (default 96)
 * of MPI's communicators: with 40 duplicates alive (a balanced 2D grid is
 * three communicators) the last ones run native, for the reason given,
 * with MPI's results; freeing them gives the room back. */
static void test_comm_budget(void)
{
    enum { DUPS = 40 };
    int p = ortho_test_world_size(), ok = 1, no_room = 0, grids = 0;
    MPI_Comm comms[DUPS];
    if (p < 4) {
        CU_PASS("grids need 4 processes");
        return;
    }
    setenv("ORTHO_VARIANT", "phases", 1); /* a grid per communicator */
    for (int i = 0; i < DUPS; i++) {
        ortho_candidate c;
        const char *why = "";
        int in = i, out = -1;
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[i]);
        ok &= ortho_allreduce(&in, &out, 1, MPI_INT, MPI_SUM, comms[i]) == MPI_SUCCESS &&
              out == p * i;
        ok &= ortho_comm_candidate(comms[i], ORTHO_OP_ALLREDUCE, 4.0, &c, &why) == MPI_SUCCESS;
        grids += c.variant != ORTHO_VARIANT_NATIVE;
        no_room += c.variant == ORTHO_VARIANT_NATIVE && strstr(why, "no room") != NULL;
    }
    ok &= grids >= 10 && grids <= 32 && no_room == DUPS - grids;
    for (int i = 0; i < DUPS; i++)
        MPI_Comm_free(&comms[i]);
    MPI_Comm comm;
    ortho_candidate c;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok &= ortho_comm_candidate(comm, ORTHO_OP_ALLREDUCE, 4.0, &c, NULL) == MPI_SUCCESS &&
          c.variant != ORTHO_VARIANT_NATIVE;
    MPI_Comm_free(&comm);
    unsetenv("ORTHO_VARIANT");
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

/* A communicator freed and a new one of another size that MPI gives the
 * same handle: the drop-ins remember the last communicator's cache, and
 * must not hand the freed one's (its 2x2 grid) to the new one. */
static void test_reused_handle(void)
{
    int p = ortho_test_world_size(), rank, ok = 1, reused = 0;
    if (p != 4) {
        CU_PASS("runs at 4 processes only");
        return;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm before = MPI_COMM_NULL;
    setenv("ORTHO_GRID", "2x2", 1);
    for (int round = 0; round < 6; round++) {
        MPI_Comm comm;
        int size, me, in[2], out[8] = {0};
        /* the world (a 2x2 grid), then its halves (native), in turn */
        MPI_Comm_split(MPI_COMM_WORLD, round % 2 ? rank % 2 : 0, rank, &comm);
        reused += comm == before;
        before = comm;
        MPI_Comm_size(comm, &size);
        MPI_Comm_rank(comm, &me);
        for (int call = 0; call < 3; call++) {
            in[0] = me;
            in[1] = 10 * round + call;
            ok &= ortho_allgather(in, 2, MPI_INT, out, 2, MPI_INT, comm) == MPI_SUCCESS;
            for (int i = 0; i < size; i++)
                ok &= out[2 * i] == i && out[2 * i + 1] == 10 * round + call;
            for (int i = size; i < 4; i++)
                ok &= out[2 * i] == 0;
            memset(out, 0, sizeof out);
        }
        MPI_Comm_free(&comm);
    }
    unsetenv("ORTHO_GRID");
    if (rank == 0)
        printf("  (a freed communicator's handle was reused %d times of 5)\n", reused);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* Calls the library passes to the MPI (ORTHO_GRID=native) on which MPICH
 * 4.0.2 or Open MPI 4.1 fail by themselves (lib/common/native_calls.h):
 * a gather into MPI_DOUBLE_INT (MPICH: truncated from 1000 pairs), an
 * in-place reduce at the last rank (MPICH: SIGSEGV from 300 doubles), an
 * allgatherv whose even ranks send pairs of ints where the odd ones send
 * ints (Open MPI: the processes pick different algorithms and hang). */
static void test_mpi_faults(void)
{
    enum { PAIRS = 1000 };
    typedef struct {
        double d;
        int i;
    } double_int;
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1, root = p - 1;
    double_int *mine = malloc(PAIRS * sizeof *mine);
    double_int *all = calloc((size_t)p * PAIRS, sizeof *all);
    double *sum = malloc(PAIRS * sizeof *sum);
    int *ints = malloc((size_t)p * PAIRS * sizeof *ints), *send = malloc(PAIRS * sizeof *send);
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p;
    setenv("ORTHO_GRID", "native", 1);
    MPI_Comm comm;
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int k = 0; k < PAIRS; k++) {
        mine[k].d = rank * 1e6 + k;
        mine[k].i = rank;
        sum[k] = rank + 1;
    }
    ok &= ortho_gather(mine, PAIRS, MPI_DOUBLE_INT, all, PAIRS, MPI_DOUBLE_INT, root, comm) ==
          MPI_SUCCESS;
    for (int q = 0; rank == root && q < p; q++)
        for (int k = 0; k < PAIRS; k++)
            ok &= all[q * PAIRS + k].d == q * 1e6 + k && all[q * PAIRS + k].i == q;
    ok &= ortho_reduce(rank == root ? MPI_IN_PLACE : sum, sum, PAIRS, MPI_DOUBLE, MPI_SUM, root,
                       comm) == MPI_SUCCESS;
    for (int k = 0; rank == root && k < PAIRS; k++)
        ok &= sum[k] == p * (p + 1) / 2.0;
    MPI_Datatype two_ints;
    MPI_Type_contiguous(2, MPI_INT, &two_ints);
    MPI_Type_commit(&two_ints);
    const int blocks[] = {6, 78, PAIRS}; /* ints a block */
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
        int block = blocks[b];
        for (int q = 0; q < p; q++) {
            counts[q] = block;
            displs[q] = q * block;
        }
        for (int k = 0; k < block; k++)
            send[k] = rank * 100000 + k;
        ok &= ortho_allgatherv(send, rank % 2 ? block : block / 2, rank % 2 ? MPI_INT : two_ints,
                               ints, counts, displs, MPI_INT, comm) == MPI_SUCCESS;
        for (int q = 0; q < p; q++)
            for (int k = 0; k < block; k++)
                ok &= ints[q * block + k] == q * 100000 + k;
    }
    MPI_Type_free(&two_ints);
    MPI_Comm_free(&comm);
    unsetenv("ORTHO_GRID");
    free(mine);
    free(all);
    free(sum);
    free(ints);
    free(send);
    free(counts);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("dropin", NULL, NULL);
    CU_add_test(s, "ORTHO_GRID settings", test_env_settings);
    CU_add_test(s, "layout chooser", test_chooser);
    CU_add_test(s, "PMPI_ fallbacks", test_fallbacks);
    CU_add_test(s, "bad arguments", test_bad_arguments);
    CU_add_test(s, "root-only arguments", test_root_only_arguments);
    CU_add_test(s, "scatterv beyond an int of bytes", test_v_beyond_int);
    CU_add_test(s, "the MPI's own faults, passed around", test_mpi_faults);
    CU_add_test(s, "settings that differ", test_settings_differ);
    CU_add_test(s, "communicator budget", test_comm_budget);
    CU_add_test(s, "cached grids are released", test_cache_released);
    CU_add_test(s, "a freed communicator's handle reused", test_reused_handle);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
