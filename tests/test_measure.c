/* Measuring (ortho_measure.h) under MPI: tiny sizes, few repetitions;
 * every rank gets the same samples; the samples fit, and the profile
 * written from them reads back; any call timed the same way; the names
 * of release 0.1 still work. Runs at np 1 and 4 in a few seconds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ortho.h"
#include "support/mpi_cunit.h"

static ortho_measure_opts tiny(void)
{
    static const double sizes[] = { 64, 1024, 8192 };
    ortho_measure_opts o = ortho_measure_opts_default();
    o.sizes = sizes;
    o.nsizes = 3;
    o.min_reps = 2;
    o.max_reps = 4;
    o.max_seconds = 0.05;
    return o;
}

static void test_measure_fit_write(void)
{
    ortho_measure_opts o = tiny();
    ortho_model_sample *s = NULL;
    int n = -1, size = ortho_test_world_size(), ndiv = 0, ok = 1;
    CU_ASSERT_EQUAL(ortho_measure_natives(MPI_COMM_WORLD, &o, &s, &n), MPI_SUCCESS);
    for (int g = 2; g <= size; g++)
        ndiv += size % g == 0;
    if (size == 1)
        ndiv = 1;
    /* 6 ops x the divisors >= 2 of p (np 1: {1}) x 3 sizes */
    CU_ASSERT(ORTHO_TEST_ALL(n == ORTHO_MODEL_NOPS * ndiv * 3 && s != NULL, MPI_COMM_WORLD));
    for (int i = 0; s != NULL && i < n; i++)
        ok = ok && s[i].seconds > 0.0 && size % s[i].p == 0 && s[i].bytes > 0.0
             && (s[i].op != ORTHO_MODEL_REDUCE || fmod(s[i].bytes, 8.0) == 0.0);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
    /* the same samples on every rank (each is a maximum over the ranks) */
    if (s != NULL && n > 0) {
        ortho_model_sample *root = malloc((size_t)n * sizeof *root);
        memcpy(root, s, (size_t)n * sizeof *root);
        MPI_Bcast(root, n * (int)sizeof *root, MPI_BYTE, 0, MPI_COMM_WORLD);
        CU_ASSERT(ORTHO_TEST_ALL(memcmp(root, s, (size_t)n * sizeof *root) == 0, MPI_COMM_WORLD));
        free(root);
    }
    /* fit every op with all of its forms, write, read back */
    if (s != NULL && ortho_test_world_rank() == 0) {
        ortho_model_profile_t prof = NULL, back = NULL;
        ortho_model_fit_opts fo = ortho_model_fit_opts_default();
        char path[64], msg[ORTHO_MODEL_MSG_MAX];
        int fitted = 0;
        fo.nfolds = 3;
        ortho_model_profile_create(&prof);
        for (int op = 0; op < ORTHO_MODEL_NOPS; op++) {
            int forms[64], nf = 0, np = 0;
            ortho_model_entry pieces[ORTHO_MODEL_MAX_PIECES];
            for (int f = 0; f < ortho_model_form_count(); f++) {
                ortho_model_form_info info;
                ortho_model_form_info_get(f, &info);
                if (info.ops & (1u << op))
                    forms[nf++] = f;
            }
            if (ortho_model_select((ortho_model_op)op, forms, nf, s, n, &fo, prof, pieces, &np) == MPI_SUCCESS) {
                for (int k = 0; k < np; k++)
                    ortho_model_profile_add(prof, &pieces[k]);
                fitted++;
            }
        }
        CU_ASSERT_EQUAL(fitted, ORTHO_MODEL_NOPS);
        snprintf(path, sizeof path, "/tmp/ortho-test-measure-%ld.profile", (long)getpid());
        CU_ASSERT_EQUAL(ortho_model_profile_write(prof, path), MPI_SUCCESS);
        CU_ASSERT_EQUAL(ortho_model_profile_read(path, &back, msg), MPI_SUCCESS);
        CU_ASSERT_PTR_NOT_NULL(back);
        remove(path);
        ortho_model_profile_free(&back);
        ortho_model_profile_free(&prof);
    }
    ortho_measure_samples_free(&s);
    CU_ASSERT_PTR_NULL(s);
}

static void test_measure_bad_options(void)
{
    ortho_measure_opts o = tiny();
    ortho_model_sample *s = NULL;
    int n = 0, size = ortho_test_world_size();
    const int groups[1] = { size + 1 }; /* does not divide the size */
    o.groups = groups;
    o.ngroups = 1;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_natives(MPI_COMM_WORLD, &o, &s, &n) == MPI_ERR_ARG && s == NULL,
                             MPI_COMM_WORLD));
    o = tiny();
    o.max_reps = 1; /* below min_reps */
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_natives(MPI_COMM_WORLD, &o, &s, &n) == MPI_ERR_ARG, MPI_COMM_WORLD));
}

static int barrier_call(void *ctx)
{
    return MPI_Barrier(*(MPI_Comm *)ctx);
}

/* Any call timed as a point: min_reps to max_reps repetitions, the same
 * median on every rank; bad options are MPI_ERR_ARG. */
static void test_measure_call(void)
{
    ortho_measure_opts o = tiny();
    MPI_Comm comm = MPI_COMM_WORLD;
    double median = -1.0, rse = -1.0, all = 0.0;
    int nreps = -1, ok;
    ok = ortho_measure_call(comm, barrier_call, &comm, &o, &median, &nreps, &rse) == MPI_SUCCESS
         && median >= 0.0 && nreps >= o.min_reps && nreps <= o.max_reps && rse >= 0.0;
    MPI_Allreduce(&median, &all, 1, MPI_DOUBLE, MPI_MAX, comm);
    CU_ASSERT(ORTHO_TEST_ALL(ok && all == median, comm));
    o.min_reps = 0;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_call(comm, barrier_call, &comm, &o, &median, NULL, NULL)
                                 == MPI_ERR_ARG,
                             comm));
}

/* One message between two processes (ortho_measure_hops): the same line
 * on every rank, positive where measured; between nodes only when there
 * are nodes (node size 2 on 4 processes: ranks 0 and 2); fewer than two
 * sizes or a negative node size are MPI_ERR_ARG. (Its times are checked
 * against a platform's own latency and bandwidth under SMPI:
 * tests/smpi/check_clock.c.) */
static void test_measure_hops(void)
{
    static const double sizes[] = { 0, 65536 };
    ortho_measure_opts o = tiny();
    ortho_measure_hop next, across;
    MPI_Comm comm = MPI_COMM_WORLD;
    int p = ortho_test_world_size(), ok;
    o.sizes = sizes;
    o.nsizes = 2;
    ok = ortho_measure_hops(comm, &o, p >= 4 ? 2 : 0, &next, &across) == MPI_SUCCESS;
    double mine[4] = { next.alpha, next.beta, across.alpha, across.beta }, hi[4], lo[4];
    MPI_Allreduce(mine, hi, 4, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Allreduce(mine, lo, 4, MPI_DOUBLE, MPI_MIN, comm);
    for (int i = 0; i < 4; i++)
        ok &= hi[i] == lo[i];
    ok &= !next.measured || (next.alpha > 0.0 && next.beta > 0.0);
    ok &= !across.measured || (across.alpha > 0.0 && across.beta > 0.0);
    if (p < 4)
        ok &= !across.measured && across.alpha == 0.0;
    if (p == 1)
        ok &= !next.measured && next.alpha == 0.0;
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    o.nsizes = 1;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_hops(comm, &o, 0, &next, &across) == MPI_ERR_ARG, comm));
    o.nsizes = 2;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_hops(comm, &o, -1, &next, &across) == MPI_ERR_ARG,
                             comm));
}

/* The reach (ortho_measure_reach): on every rank the same times, 0 from
 * rank 0 to itself, positive to every other; bad options are
 * MPI_ERR_ARG. (Checked against a torus's distances under SMPI:
 * tests/smpi/check_clock.c.) */
static void test_measure_reach(void)
{
    ortho_measure_opts o = tiny();
    MPI_Comm comm = MPI_COMM_WORLD;
    int p = ortho_test_world_size(), ok;
    double *reach = calloc((size_t)p, sizeof *reach), *hi = calloc((size_t)p, sizeof *hi),
           *lo = calloc((size_t)p, sizeof *lo);
    CU_ASSERT_FATAL(reach != NULL && hi != NULL && lo != NULL);
    ok = ortho_measure_reach(comm, &o, reach) == MPI_SUCCESS && reach[0] == 0.0;
    MPI_Allreduce(reach, hi, p, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Allreduce(reach, lo, p, MPI_DOUBLE, MPI_MIN, comm);
    for (int q = 1; q < p; q++)
        ok &= hi[q] == lo[q] && reach[q] > 0.0;
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    o.min_reps = 0;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_reach(comm, &o, reach) == MPI_ERR_ARG, comm));
    o = tiny();
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_reach(comm, &o, NULL) == MPI_ERR_ARG, comm));
    free(reach);
    free(hi);
    free(lo);
}

/* The fan (ortho_measure_fan): the same value on every rank, within 0
 * and 1 where measured (4 processes and more; -1 below), -1 where the
 * nodes are too few to place both messages on others (node size 2 on 4
 * processes: 2 nodes); no size, a negative node size or no result are
 * MPI_ERR_ARG. (Checked against a star, a multi-core cluster and a torus
 * under SMPI: tests/smpi/check_clock.c.) */
static void test_measure_fan(void)
{
    static const double sizes[] = { 65536 };
    ortho_measure_opts o = tiny();
    MPI_Comm comm = MPI_COMM_WORLD;
    int p = ortho_test_world_size(), ok;
    double fan = 0.0, hi = 0.0, lo = 0.0;
    o.sizes = sizes;
    o.nsizes = 1;
    ok = ortho_measure_fan(comm, &o, 0, &fan) == MPI_SUCCESS;
    MPI_Allreduce(&fan, &hi, 1, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Allreduce(&fan, &lo, 1, MPI_DOUBLE, MPI_MIN, comm);
    ok &= hi == lo && (p < 4 ? fan == -1.0 : fan >= 0.0 && fan <= 1.0);
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_fan(comm, &o, 2, &fan) == MPI_SUCCESS && fan == -1.0,
                             comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_fan(comm, &o, -1, &fan) == MPI_ERR_ARG, comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_fan(comm, &o, 0, NULL) == MPI_ERR_ARG, comm));
    o.nsizes = 0;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_fan(comm, &o, 0, &fan) == MPI_ERR_ARG, comm));
}

/* The pair (ortho_measure_pair): the same values on every rank, within 0
 * and 1 on two processes and more (-1 on one); across nodes -1 without
 * nodes, measured with nodes of 2 on 4 processes; no size, a negative
 * node size or no result are MPI_ERR_ARG. (Checked against SimGrid under
 * SMPI: tests/smpi/check_clock.c.) */
static void test_measure_pair(void)
{
    static const double sizes[] = { 65536 };
    ortho_measure_opts o = tiny();
    MPI_Comm comm = MPI_COMM_WORLD;
    int p = ortho_test_world_size(), ok;
    double pair[2] = { 0.0, 0.0 }, hi[2], lo[2];
    o.sizes = sizes;
    o.nsizes = 1;
    ok = ortho_measure_pair(comm, &o, 0, &pair[0], &pair[1]) == MPI_SUCCESS;
    MPI_Allreduce(pair, hi, 2, MPI_DOUBLE, MPI_MAX, comm);
    MPI_Allreduce(pair, lo, 2, MPI_DOUBLE, MPI_MIN, comm);
    ok &= hi[0] == lo[0] && hi[1] == lo[1] && pair[1] == -1.0
          && (p < 2 ? pair[0] == -1.0 : pair[0] >= 0.0 && pair[0] <= 1.0);
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    if (ortho_test_world_rank() == 0)
        printf("(pair here: %.2f) ", pair[0]);
    ok = ortho_measure_pair(comm, &o, 2, &pair[0], &pair[1]) == MPI_SUCCESS
         && (p < 4 ? pair[1] == -1.0 : pair[1] >= 0.0 && pair[1] <= 1.0);
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_pair(comm, &o, -1, &pair[0], &pair[1]) == MPI_ERR_ARG,
                             comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_pair(comm, &o, 0, NULL, &pair[1]) == MPI_ERR_ARG, comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_pair(comm, &o, 0, &pair[0], NULL) == MPI_ERR_ARG, comm));
    o.nsizes = 0;
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_pair(comm, &o, 0, &pair[0], &pair[1]) == MPI_ERR_ARG,
                             comm));
}

/* The eager limit (ortho_measure_eager): the same value on every rank,
 * 1 (every send waits), 0 (none of up to 4 MiB did) or in between; on one
 * process -1; no result or a negative node size are MPI_ERR_ARG. The
 * library's traffic stays on its own communicators: a message of the
 * caller's posted before the call is still there after it. (Checked
 * against SimGrid's 64 KiB under SMPI: tests/smpi/check_clock.c.) */
static void test_measure_eager(void)
{
    MPI_Comm comm = MPI_COMM_WORLD;
    int p = ortho_test_world_size(), rank = 0, limit = -2, hi = 0, lo = 0, ok, mine = 42, got = 0;
    MPI_Request q = MPI_REQUEST_NULL;
    MPI_Comm_rank(comm, &rank);
    if (p >= 2 && rank == 1)
        MPI_Isend(&mine, 1, MPI_INT, 0, 7101, comm, &q);
    ok = ortho_measure_eager(comm, 0, &limit) == MPI_SUCCESS;
    if (p >= 2 && rank == 0)
        ok &= MPI_Recv(&got, 1, MPI_INT, 1, 7101, comm, MPI_STATUS_IGNORE) == MPI_SUCCESS
              && got == 42;
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Allreduce(&limit, &hi, 1, MPI_INT, MPI_MAX, comm);
    MPI_Allreduce(&limit, &lo, 1, MPI_INT, MPI_MIN, comm);
    ok &= hi == lo && (p < 2 ? limit == -1 : limit >= 0 && limit <= (4 << 20));
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_eager(comm, -1, &limit) == MPI_ERR_ARG, comm));
    CU_ASSERT(ORTHO_TEST_ALL(ortho_measure_eager(comm, 0, NULL) == MPI_ERR_ARG, comm));
    if (rank == 0)
        printf("(eager limit here: %d bytes) ", limit);
}

/* The names of release 0.1 (ortho_measure.h, "Older names"). */
static void test_old_names(void)
{
    ortho_model_measure_opts o = ortho_model_measure_opts_default(), d = ortho_measure_opts_default();
    ortho_model_sample *s = NULL;
    MPI_Comm comm = MPI_COMM_WORLD;
    double median = -1.0;
    int n = -1, ok;
    CU_ASSERT(o.ops == d.ops && o.sizes == d.sizes && o.nsizes == d.nsizes && o.groups == NULL
              && o.min_reps == d.min_reps && o.max_reps == d.max_reps && o.rel_se == d.rel_se
              && o.max_seconds == d.max_seconds);
    o = tiny();
    o.ops = 1u << ORTHO_MODEL_BCAST;
    o.nsizes = 1;
    ok = ortho_model_measure(comm, &o, &s, &n) == MPI_SUCCESS && n >= 1 && s != NULL
         && s[0].op == ORTHO_MODEL_BCAST;
    ok = ok && ortho_model_time_call(comm, barrier_call, &comm, &o, &median, NULL, NULL) == MPI_SUCCESS
         && median >= 0.0;
    CU_ASSERT(ORTHO_TEST_ALL(ok, comm));
    CU_ASSERT_EQUAL(ortho_model_samples_free(&s), MPI_SUCCESS);
    CU_ASSERT_PTR_NULL(s);
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("measure", NULL, NULL);
    CU_add_test(s, "measure, fit, write, read", test_measure_fit_write);
    CU_add_test(s, "bad options", test_measure_bad_options);
    CU_add_test(s, "any call timed as a point", test_measure_call);
    CU_add_test(s, "one message between two processes", test_measure_hops);
    CU_add_test(s, "the farthest of the first q processes", test_measure_reach);
    CU_add_test(s, "two messages at once against one", test_measure_fan);
    CU_add_test(s, "two messages to one process at once", test_measure_pair);
    CU_add_test(s, "the smallest send that waits for its receive", test_measure_eager);
    CU_add_test(s, "the names of release 0.1", test_old_names);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
