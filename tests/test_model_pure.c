/* The model is pure computation: every function of ortho_model.h's topic
 * headers works in a process that never initializes MPI (this program
 * calls no MPI function but MPI_Initialized), and errors come back as
 * codes. Profiles from the paper, a fit, a prediction on a grid, a layout
 * choice, a profile written to memory and read back, sizes and times as
 * text. Runs at np 1 (mpiexec starts it; it does not join MPI). */
#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/variants.h"
#include "ortho_model.h"
#include "support/profiles.h"

static void test_predict_and_choose(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-clic-lam.profile");
    ortho_model_prediction pred;
    ortho_model_layout best;
    double t = 0.0;
    int dims[2] = { 4, 24 };
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    CU_ASSERT(ortho_model_predict(prof, ORTHO_MODEL_ALLGATHER, 96, 65536.0, &t) == MPI_SUCCESS
              && t > 0.0);
    CU_ASSERT(ortho_model_predict_grid(prof, ORTHO_MODEL_ALLGATHER, 2, dims, 65536.0, &pred)
                  == MPI_SUCCESS
              && pred.nphases == 2 && pred.total < t);
    CU_ASSERT(ortho_model_choose(prof, ORTHO_MODEL_ALLGATHER, 96, 65536.0, 2, &best, NULL)
                  == MPI_SUCCESS
              && best.ndims == 2 && best.dims[0] == 4 && best.dims[1] == 24);
    ortho_model_profile_free(&prof);
}

static void test_fit_write_read(void)
{
    ortho_model_sample s[12];
    ortho_model_entry e;
    ortho_model_profile_t prof = NULL, back = NULL;
    char *text = NULL, msg[ORTHO_MODEL_MSG_MAX];
    size_t len = 0;
    FILE *out = open_memstream(&text, &len), *in = NULL;
    int form = -1, n = 0;
    for (int i = 0; i < 12; i++) { /* t = 1e-5 + 2e-9 b p, exactly linear */
        s[i].op = ORTHO_MODEL_GATHER;
        s[i].p = 2 + i % 3;
        s[i].bytes = 1024.0 * (1 + i);
        s[i].seconds = 1e-5 + 2e-9 * s[i].bytes * s[i].p;
    }
    CU_ASSERT_EQUAL(ortho_model_form_find(ORTHO_MODEL_GATHER, "ga", &form), MPI_SUCCESS);
    CU_ASSERT(ortho_model_fit(ORTHO_MODEL_GATHER, form, s, 12, NULL, &e, NULL) == MPI_SUCCESS
              && fabs(e.coefs[0] - 1e-5) < 1e-12 && fabs(e.coefs[2] - 2e-9) < 1e-15);
    CU_ASSERT_EQUAL(ortho_model_profile_create(&prof), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_add(prof, &e), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_write_stream(prof, out), MPI_SUCCESS);
    fclose(out);
    in = fmemopen(text, len, "r");
    CU_ASSERT(in != NULL && ortho_model_profile_read_stream(in, "mem", &back, msg) == MPI_SUCCESS);
    CU_ASSERT(ortho_model_profile_nentries(back, &n) == MPI_SUCCESS && n == 1);
    if (in != NULL)
        fclose(in);
    free(text);
    ortho_model_profile_free(&back);
    ortho_model_profile_free(&prof);
}

/* The segment of a pipeline (lib/model/segment.c): the minimum of
 * (n / s + d - 1)(alpha + s beta), worked out by hand. */
static void test_segment(void)
{
    /* n = 1e6 B, d = 3, alpha 5 us, beta 0.8 ns/B: sqrt(5 / 1.6e-9) = 55901.699 B */
    CU_ASSERT(fabs(ortho__model_segment_best(1e6, 3, 5e-6, 0.8e-9) - 55901.699437) < 1e-3);
    /* d = 101 hops: sqrt(1e6 * 5e-6 / (100 * 0.8e-9)) = 7905.694 B */
    CU_ASSERT(fabs(ortho__model_segment_best(1e6, 101, 5e-6, 0.8e-9) - 7905.694150) < 1e-3);
    /* the minimum past the message: one segment; one stage: one segment */
    CU_ASSERT(ortho__model_segment_best(800.0, 3, 5e-6, 0.8e-9) == 800.0);
    CU_ASSERT(ortho__model_segment_best(1e6, 1, 5e-6, 0.8e-9) == 1e6);
    /* the default machine is the one above (rounded up); a named size wins */
    CU_ASSERT(ortho__model_segment(NULL, ORTHO_MODEL_BCAST, 1e6, 3, 1, 1, 0) == 55902);
    CU_ASSERT(ortho__model_segment(NULL, ORTHO_MODEL_BCAST, 1e6, 3, 1, 1, 4096) == 4096);
    /* the lanes through a node's link: as many as the chains, at most
     * the node's processes; one where the node size is unknown or 1 */
    CU_ASSERT(ortho__model_segment_lanes(8, 8) == 8);
    CU_ASSERT(ortho__model_segment_lanes(16, 8) == 8);
    CU_ASSERT(ortho__model_segment_lanes(4, 8) == 4);
    CU_ASSERT(ortho__model_segment_lanes(8, 0) == 1);
    CU_ASSERT(ortho__model_segment_lanes(8, 1) == 1);
    CU_ASSERT(ortho__model_segment_lanes(1, 8) == 1);
    /* the cost there is below its value at half and at twice the size */
    double n = 1e6, a = 5e-6, b = 0.8e-9, s = ortho__model_segment_best(n, 3, a, b);
#define COST(x) ((n / (x) + 2.0) * (a + (x) * b))
    CU_ASSERT(COST(s) < COST(s / 2) && COST(s) < COST(2 * s));
#undef COST
}

/* A profile whose hops are alpha-beta: bcast binomial (t_bc(2, s) =
 * alpha + s beta), reduce rabenseifner (t_red(2, s) = 2 alpha_r + s beta +
 * s gamma / 2). */
static ortho_model_profile_t hop_profile(double alpha, double beta, double alpha_r,
                                         double gamma)
{
    ortho_model_profile_t prof = NULL;
    ortho_model_entry e;
    if (ortho_model_profile_create(&prof) != MPI_SUCCESS)
        return NULL;
    memset(&e, 0, sizeof e);
    e.op = ORTHO_MODEL_BCAST;
    e.range = ortho_model_range_all();
    ortho_model_form_find(e.op, "binomial", &e.form);
    e.coefs[0] = alpha;
    e.coefs[1] = beta;
    ortho_model_profile_add(prof, &e);
    e.op = ORTHO_MODEL_REDUCE;
    ortho_model_form_find(e.op, "rabenseifner", &e.form);
    e.coefs[0] = alpha_r;
    e.coefs[1] = beta;
    e.coefs[2] = gamma;
    ortho_model_profile_add(prof, &e);
    return prof;
}

/* The segment's machine: the profile's hop where there is one, the
 * default machine elsewhere; the latencies of a stage that serializes
 * its messages, worked out by hand. */
static void test_segment_machine(void)
{
    double a = 0.0, b = 0.0;
    /* no profile: 5 us, 0.8 ns/B */
    ortho__model_segment_machine(NULL, ORTHO_MODEL_BCAST, 1e6, &a, &b);
    CU_ASSERT(a == 5e-6 && b == 0.8e-9);
    /* a star-like hop, 60 us and 80 ns/B (12.5 MB/s): read back exactly */
    ortho_model_profile_t prof = hop_profile(60e-6, 80e-9, 50e-6, 20e-9);
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    ortho__model_segment_machine(prof, ORTHO_MODEL_BCAST, 512000.0, &a, &b);
    CU_ASSERT(fabs(a - 60e-6) < 1e-12 && fabs(b - 80e-9) < 1e-15);
    /* the reduce's hop: 2 x 50 us, 80 + 20 / 2 = 90 ns/B */
    ortho__model_segment_machine(prof, ORTHO_MODEL_REDUCE, 512000.0, &a, &b);
    CU_ASSERT(fabs(a - 100e-6) < 1e-12 && fabs(b - 90e-9) < 1e-15);
    /* spread at 500 KiB (depth 2) on it: sqrt(512000 * 60e-6 / 80e-9)
     * = 19595.9 -> 19596 B; at 100 KiB sqrt(102400 * 60e-6 / 80e-9) =
     * 8763.6 -> 8764 B */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 512000.0, 2, 1, 1, 0) == 19596);
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 102400.0, 2, 1, 1, 0) == 8764);
    /* reduce at 500 KiB: sqrt(512000 * 100e-6 / 90e-9) = 23851.6 -> 23852 */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_REDUCE, 512000.0, 2, 1, 1, 0) == 23852);
    /* a stage of 127 messages whose latencies add up: sqrt(127) times
     * larger, sqrt(102400 * 127 * 60e-6 / 80e-9) = 98760.8 -> 98761 B */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 102400.0, 2, 127, 1, 0) == 98761);
    /* ... and at most the message */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 51200.0, 2, 127, 1, 0) == 51200);
    /* chain's depth 127 at 500 KiB: sqrt(512000 * 60e-6 / (126 * 80e-9)) = 1745.7 */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 512000.0, 127, 1, 1, 0) == 1746);
    /* pipe's 8 lanes through a link, depth 17 at 500 KiB: one lane's
     * sqrt(512000 * 60e-6 / (16 * 80e-9)) = 4898.98 -> 4899; the lanes'
     * sqrt(512000 * 60e-6 / (16 * 8 * 80e-9)) = 1732.1 -> 1733, above
     * the floor alpha / beta = 60e-6 / 80e-9 = 750 B */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 512000.0, 17, 1, 8, 0) == 1733);
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 512000.0, 17, 1, 1, 0) == 4899);
    /* at 20 KB the lanes' sqrt(20000 * 60e-6 / (16 * 8 * 80e-9)) = 342.3
     * is below alpha / beta = 750 B, the floor (as read back from the
     * profile's chord, to the last bit); one lane's 968.2 */
    ortho__model_segment_machine(prof, ORTHO_MODEL_BCAST, 20000.0, &a, &b);
    CU_ASSERT(fabs(a / b - 750.0) < 1e-6);
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 20000.0, 17, 1, 8, 0)
              == (int)ceil(a / b));
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 20000.0, 17, 1, 1, 0) == 969);
    /* one lane's below the floor too: one lane's (depth 101, 20 KB:
     * sqrt(20000 * 60e-6 / (100 * 80e-9)) = 387.3 -> 388) */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 20000.0, 101, 1, 8, 0) == 388);
    /* a named size wins over the profile */
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 512000.0, 2, 1, 1, 8192) == 8192);
    CU_ASSERT(ortho__model_segment(prof, ORTHO_MODEL_BCAST, 512000.0, 17, 1, 8, 8192) == 8192);
    ortho_model_profile_free(&prof);
    /* no latency in the profile's hop (t = s beta): the default machine */
    prof = hop_profile(0.0, 80e-9, 0.0, 0.0);
    ortho__model_segment_machine(prof, ORTHO_MODEL_BCAST, 512000.0, &a, &b);
    CU_ASSERT(a == 5e-6 && b == 0.8e-9);
    ortho_model_profile_free(&prof);
    /* the paper's CLiC profile, a hop of (tau + tc) s with no startup: the
     * default machine too */
    prof = test_profile_load("paper-clic-lam.profile");
    CU_ASSERT_PTR_NOT_NULL(prof);
    ortho__model_segment_machine(prof, ORTHO_MODEL_BCAST, 512000.0, &a, &b);
    CU_ASSERT(a == 5e-6 && b == 0.8e-9);
    ortho_model_profile_free(&prof);
}

static void test_errors_returned(void)
{
    ortho_model_profile_t prof = NULL;
    char msg[ORTHO_MODEL_MSG_MAX], text[ORTHO_MODEL_TEXT_MAX];
    double v = 0.0;
    CU_ASSERT_EQUAL(ortho_model_profile_read("/nonexistent/x.profile", &prof, msg), MPI_ERR_FILE);
    CU_ASSERT_EQUAL(ortho_model_parse_bytes("12Q", &v), MPI_ERR_ARG);
    CU_ASSERT_EQUAL(ortho_model_predict(NULL, ORTHO_MODEL_BCAST, 4, 1.0, &v), MPI_ERR_ARG);
    CU_ASSERT_EQUAL(ortho_model_form_info_get(-1, NULL), MPI_ERR_ARG);
    CU_ASSERT(ortho_model_size_text(65536.0, text, (int)sizeof text) == MPI_SUCCESS
              && strcmp(text, "64K") == 0);
    CU_ASSERT(ortho_model_time_text(1.23e-3, text, (int)sizeof text) == MPI_SUCCESS
              && strcmp(text, "1.23 ms") == 0);
}

int main(void)
{
    unsigned failures = 1;
    int init = 1;
    if (CU_initialize_registry() == CUE_SUCCESS) {
        CU_pSuite s = CU_add_suite("model_pure", NULL, NULL);
        CU_add_test(s, "predict, choose a layout", test_predict_and_choose);
        CU_add_test(s, "fit, write, read", test_fit_write_read);
        CU_add_test(s, "errors returned", test_errors_returned);
        CU_add_test(s, "segment of a pipeline", test_segment);
        CU_add_test(s, "segment: the machine from a profile", test_segment_machine);
        printf("== test_model_pure without MPI_Init\n");
        CU_basic_set_mode(CU_BRM_VERBOSE);
        CU_basic_run_tests();
        failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
        CU_cleanup_registry();
    }
    MPI_Initialized(&init);
    if (init) {
        printf("test_model_pure: MPI was initialized\n");
        failures++;
    }
    return failures == 0 ? 0 : 1;
}
