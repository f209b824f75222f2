/* Selection (lib/select, issue 7): decisions in profiles (format version
 * 2) round-trip and are rejected with the line when their intervals
 * overlap or come out of order; the selector takes a decision, then the
 * model (checked against ortho_model_choose), then native; ORTHO_PROFILE
 * makes the drop-ins run the recorded candidate (ortho_comm_candidate),
 * and native when the profile is missing, malformed or does not cover p.
 * At np 1 and 4 (the drop-in checks need 4 processes). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ortho.h"
#include "select/select_private.h"
#include "support/mpi_cunit.h"
#include "support/profiles.h"

static ortho_model_decision decision(ortho_op op, int p, double lo, double hi, const char *cand,
                                     double gain)
{
    ortho_model_decision d;
    memset(&d, 0, sizeof d);
    d.op = op;
    d.p = p;
    d.size_lo = lo;
    d.size_hi = hi;
    d.gain = gain;
    ortho_candidate_parse(cand, &d.cand);
    return d;
}

static int same_name(const ortho_candidate *c, const char *name)
{
    char buf[ORTHO_CANDIDATE_NAME_MAX];
    return ortho_candidate_name(c, buf, (int)sizeof buf) == MPI_SUCCESS && strcmp(buf, name) == 0;
}

static void test_round_trip(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-clic-lam.profile");
    ortho_model_profile_t back = NULL, again = NULL;
    char *t1 = NULL, *t2 = NULL, *t0 = NULL;
    static const struct { ortho_op op; int p; double lo, hi; const char *cand; double gain; } d[] = {
        { ORTHO_OP_ALLGATHER, 96, 1024, 8192, "phases:8x12:rows", 0.31 },
        { ORTHO_OP_ALLGATHER, 96, 8192, 65536, "native", 0 },
        { ORTHO_OP_ALLGATHER, 96, 131072, INFINITY, "phases:4x4x6", 0.123456 },
        { ORTHO_OP_ALLGATHER, 48, 0, 1000, "phases:node:cols", 0.05 },
        { ORTHO_OP_REDUCE, 96, 3, 17, "rsag:4x24:cols", 0.5 },
        { ORTHO_OP_BCAST, 16, 0, INFINITY, "scag:4x4:node:rows", 0.25 },
        { ORTHO_OP_GATHERV, 16, 0, INFINITY, "native", 0 },
        { ORTHO_OP_ALLGATHER, 48, 1000, 1001, "phases:2x24", 0.01 },
    };
    int n = 0, ok = 1;
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    back = test_profile_round_trip(prof, &t0); /* every profile is written as version 3 */
    CU_ASSERT(t0 != NULL && strncmp(t0, "ortho-profile 3\n", 16) == 0);
    ortho_model_profile_free(&back);
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
        ortho_model_decision x = decision(d[i].op, d[i].p, d[i].lo, d[i].hi, d[i].cand, d[i].gain);
        CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &x, NULL), MPI_SUCCESS);
    }
    back = test_profile_round_trip(prof, &t1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT(strncmp(t1, "ortho-profile 3\n", 16) == 0);
    CU_ASSERT(strstr(t1, "decide allgather  p=96 b>=1K b<8K phases:8x12:rows gain=0.31\n") != NULL);
    ortho_model_profile_ndecisions(back, &n);
    CU_ASSERT_EQUAL(n, (int)(sizeof d / sizeof d[0]));
    for (int i = 0; i < n && ok; i++) {
        ortho_model_decision x;
        ortho_model_profile_decision(back, i, &x);
        ok = x.op == d[i].op && x.p == d[i].p && x.size_lo == d[i].lo && x.size_hi == d[i].hi
             && same_name(&x.cand, d[i].cand) && fabs(x.gain - d[i].gain) <= 5e-4 * d[i].gain
             && x.line > 0;
        if (!ok)
            printf("\n  decision %d differs after the round trip\n", i);
    }
    CU_ASSERT(ok);
    again = test_profile_round_trip(back, &t2);
    CU_ASSERT(again != NULL && strcmp(t1, t2) == 0); /* writing is a fixed point */
    ortho_model_profile_nentries(back, &n);
    CU_ASSERT(n > 0); /* the runtime functions are kept beside them */
    free(t0);
    free(t1);
    free(t2);
    ortho_model_profile_free(&again);
    ortho_model_profile_free(&back);
    ortho_model_profile_free(&prof);
}

static void test_add_order(void)
{
    ortho_model_profile_t prof = NULL;
    ortho_model_decision a = decision(ORTHO_OP_BCAST, 8, 1024, 4096, "native", 0);
    ortho_model_decision b = decision(ORTHO_OP_BCAST, 8, 2048, 8192, "phases:2x4", 0);
    ortho_model_decision c = decision(ORTHO_OP_BCAST, 8, 0, 512, "phases:2x4", 0);
    ortho_model_decision e = decision(ORTHO_OP_BCAST, 4, 0, 512, "phases:2x2", 0);
    ortho_model_decision f = decision(ORTHO_OP_BCAST, 8, 4096, 8192, "phases:4x2", 0);
    ortho_model_decision empty = decision(ORTHO_OP_BCAST, 8, 9000, 9000, "native", 0);
    int conflict = -2, n = 0, removed = 0;
    ortho_model_profile_create(&prof);
    CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &a, &conflict), MPI_SUCCESS);
    CU_ASSERT_EQUAL(conflict, -1);
    CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &b, &conflict), MPI_ERR_ARG);
    CU_ASSERT_EQUAL(conflict, 0); /* overlaps */
    CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &c, &conflict), MPI_ERR_ARG);
    CU_ASSERT_EQUAL(conflict, 0); /* unsorted */
    CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &e, NULL), MPI_SUCCESS); /* other p */
    CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &f, NULL), MPI_SUCCESS); /* touches a */
    CU_ASSERT_EQUAL(ortho_model_profile_add_decision(prof, &empty, NULL), MPI_ERR_ARG);
    ortho_model_profile_ndecisions(prof, &n);
    CU_ASSERT_EQUAL(n, 3);
    ortho_model_profile_remove_decisions(prof, ORTHO_OP_BCAST, 8, &removed);
    ortho_model_profile_ndecisions(prof, &n);
    CU_ASSERT(removed == 2 && n == 1);
    ortho_model_profile_remove_decisions(prof, ORTHO_OP_COUNT, 0, &removed);
    ortho_model_profile_ndecisions(prof, &n);
    CU_ASSERT(removed == 1 && n == 0);
    ortho_model_profile_free(&prof);
}

static ortho_model_curve curve(ortho_op op, int p, const char *cand, int n, const double size[],
                               const double seconds[])
{
    ortho_model_curve c;
    memset(&c, 0, sizeof c);
    c.op = op;
    c.p = p;
    ortho_candidate_parse(cand, &c.cand);
    c.n = n;
    for (int i = 0; i < n; i++) {
        c.size[i] = size[i];
        c.seconds[i] = seconds[i];
    }
    return c;
}

static int close_to(double x, double want)
{
    return fabs(x - want) <= 1e-12 * fabs(want);
}

/* Measured curves: added, rejected when malformed, round-tripped,
 * predicted as power laws between and beyond their sizes, and ranked by
 * the selector's model for their (op, p). */
static void test_curves(void)
{
    static const double size[] = { 4096, 16384, 65536 };
    static const double native[] = { 100e-6, 400e-6, 1600e-6 };  /* t ~ b */
    static const double rows[] = { 50e-6, 100e-6, 1600e-6 };      /* t ~ b^0.5, then b^2 */
    static const double cols[] = { 120e-6, 240e-6, 480e-6 };
    static const double down[] = { 4096, 1024 }, zero[] = { 0.0, 1e-6 };
    ortho_model_profile_t prof = NULL, back = NULL;
    ortho_model_curve k = curve(ORTHO_OP_ALLGATHER, 4, "native", 3, size, native), got;
    ortho_model_curve r = curve(ORTHO_OP_ALLGATHER, 4, "phases:2x2:rows", 3, size, rows);
    ortho_model_curve c = curve(ORTHO_OP_ALLGATHER, 4, "phases:2x2:cols", 3, size, cols);
    ortho_model_curve other = curve(ORTHO_OP_BCAST, 4, "phases:2x2:rows", 3, size, rows);
    ortho_candidate cand;
    ortho_select_t sel = NULL;
    ortho_select_opts o = ortho_select_opts_default();
    ortho_select_info info;
    char *text = NULL;
    double t = 0.0;
    int n = 0, removed = 0;
    ortho_model_profile_create(&prof);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &k), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &r), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &c), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &other), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &r), MPI_ERR_ARG); /* a second one */
    ortho_model_curve bad = curve(ORTHO_OP_ALLGATHER, 4, "phases:4x1", 2, down, native);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &bad), MPI_ERR_ARG); /* decreasing */
    bad = curve(ORTHO_OP_ALLGATHER, 4, "phases:4x1", 2, size, zero);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &bad), MPI_ERR_ARG); /* zero time */
    bad = curve(ORTHO_OP_ALLGATHER, 4, "phases:4x1", 1, size, native);
    CU_ASSERT_EQUAL(ortho_model_profile_add_curve(prof, &bad), MPI_ERR_ARG); /* one size */
    ortho_model_profile_ncurves(prof, &n);
    CU_ASSERT_EQUAL(n, 4);
    /* at, between (the geometric middle of two sizes: the geometric
     * middle of their times) and beyond the measured sizes */
    ortho_candidate_parse("phases:2x2:rows", &cand);
    CU_ASSERT_EQUAL(ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 4, 16384, &cand, &t), MPI_SUCCESS);
    CU_ASSERT(close_to(t, 100e-6));
    ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 4, 8192, &cand, &t);
    CU_ASSERT(close_to(t, sqrt(50e-6 * 100e-6)));
    ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 4, 1024, &cand, &t);
    CU_ASSERT(close_to(t, 25e-6)); /* b^0.5 extended down */
    ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 4, 131072, &cand, &t);
    CU_ASSERT(close_to(t, 6400e-6)); /* b^2 extended up */
    ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 4, 0.0, &cand, &t);
    CU_ASSERT(t > 0.0 && isfinite(t)); /* an empty call: startup only */
    CU_ASSERT_EQUAL(ortho_model_curve_predict(prof, ORTHO_OP_ALLGATHER, 8, 1024, &cand, &t),
                    MPI_ERR_UNSUPPORTED_OPERATION); /* no curve for p = 8 */
    /* the model ranks the curves of (op, p): rows below 16K, cols above */
    o.use_decisions = 0;
    CU_ASSERT_EQUAL(ortho_select_create(prof, &o, &sel), MPI_SUCCESS);
    ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 4, 0, 8192, &cand, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_MODEL && same_name(&cand, "phases:2x2:rows")
              && info.ncandidates == 3 && info.npredicted == 3 && close_to(info.t_native, 200e-6));
    ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 4, 0, 32768, &cand, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_MODEL && same_name(&cand, "phases:2x2:cols"));
    ortho_select_free(&sel);
    /* the round trip keeps them, in order, exactly */
    back = test_profile_round_trip(prof, &text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT(strncmp(text, "ortho-profile 3\n", 16) == 0);
    CU_ASSERT_PTR_NOT_NULL(
        strstr(text, "measured allgather  p=4 phases:2x2:rows 4K=5e-05s 16K=0.1ms 64K=1.6ms\n"));
    ortho_model_profile_ncurves(back, &n);
    CU_ASSERT_EQUAL_FATAL(n, 4);
    ortho_model_profile_curve(back, 2, &got);
    CU_ASSERT(got.op == ORTHO_OP_ALLGATHER && got.p == 4 && got.n == 3 && got.line > 0
              && same_name(&got.cand, "phases:2x2:cols") && got.seconds[2] == cols[2]
              && got.size[1] == size[1]);
    ortho_model_profile_remove_curves(back, ORTHO_OP_ALLGATHER, 4, &removed);
    ortho_model_profile_ncurves(back, &n);
    CU_ASSERT(removed == 3 && n == 1);
    free(text);
    ortho_model_profile_free(&back);
    ortho_model_profile_free(&prof);
}

static void test_malformed(void)
{
    static const struct { const char *text; int line; const char *says; } cases[] = {
        { "ortho-profile 1\ndecide bcast p=4 native\n", 2, "need format version 2" },
        { "ortho-profile 2\ndecide bcast p=4 b>=1K b<4K native\n"
          "decide bcast p=4 b>=2K b<8K phases:2x2\n",
          3, "'b>=2K b<8K' for bcast p=4 overlaps 'b>=1K b<4K' of line 2" },
        { "ortho-profile 2\ndecide bcast p=4 b>=4K b<8K native\n# between\n"
          "decide allgather p=4 b<1K native\ndecide bcast p=4 b>=1K b<2K phases:2x2\n",
          5, "'b>=1K b<2K' for bcast p=4 comes after 'b>=4K b<8K' of line 2" },
        { "ortho-profile 2\ndecide bcast p=4 native\ndecide bcast p=4 b>=1K native\n", 3,
          "overlaps 'every size' of line 2" },
        { "ortho-profile 2\ndecide bcast p=4-8 native\n", 2, "expected p=N" },
        { "ortho-profile 2\ndecide bcst p=4 native\n", 2, "unknown operation 'bcst'" },
        { "ortho-profile 2\ndecide bcast p=4 b<=4K native\n", 2, "bad interval 'b<=4K'" },
        { "ortho-profile 2\ndecide bcast p=4 b>=4K b<1K native\n", 2, "empty interval" },
        { "ortho-profile 2\ndecide bcast p=4 b>=1K b>=2K native\n", 2, "bad interval 'b>=2K'" },
        { "ortho-profile 2\ndecide bcast p=4 b>=1Q native\n", 2, "bad size" },
        { "ortho-profile 2\ndecide bcast p=4 b>=1K\n", 2, "without a candidate" },
        { "ortho-profile 2\ndecide bcast p=4 phases:2y2\n", 2, "'phases:2y2' is not a candidate" },
        { "ortho-profile 2\ndecide bcast p=4 native gain=x\n", 2, "bad value in 'gain=x'" },
        { "ortho-profile 2\ndecide bcast p=4 native foo=1\n", 2, "unknown field 'foo=1'" },
        { "ortho-profile 2\ndecide bcast\n", 2, "expected 'decide OP p=N" },
        { "ortho-profile 1\nmeasured bcast p=4 native 1K=1us 2K=2us\n", 2, "need format version 2" },
        { "ortho-profile 2\nmeasured bcast p=4 native 1K=1us\n", 2, "two sizes or more" },
        { "ortho-profile 2\nmeasured bcast p=4 native 2K=1us 1K=2us\n", 2, "must increase" },
        { "ortho-profile 2\nmeasured bcast p=4 native 1K=0 2K=1us\n", 2, "bad time '0'" },
        { "ortho-profile 2\nmeasured bcast p=4 native 1K 2K=1us\n", 2, "expected SIZE=TIME" },
        { "ortho-profile 2\nmeasured bcast p=4 phases:2y2 1K=1us 2K=2us\n", 2, "not a candidate" },
        { "ortho-profile 2\nmeasured bcast p=4 native 1K=1us 2K=2us\n"
          "measured bcast p=4 native 1K=1us 4K=2us\n", 3, "a second measured curve" },
    };
    int all_ok = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char msg[ORTHO_MODEL_MSG_MAX], where[32], text[512];
        ortho_model_profile_t prof = NULL;
        snprintf(text, sizeof text, "%s", cases[i].text);
        FILE *in = fmemopen(text, strlen(text), "r");
        int err = ortho_model_profile_read_stream(in, "bad.profile", &prof, msg);
        fclose(in);
        snprintf(where, sizeof where, "bad.profile:%d: ", cases[i].line);
        if (err != MPI_ERR_FILE || prof != NULL || strncmp(msg, where, strlen(where)) != 0
            || strstr(msg, cases[i].says) == NULL) {
            printf("\n  case %zu: err %d, message \"%s\"; want \"%s...%s\"\n", i, err, msg, where,
                   cases[i].says);
            all_ok = 0;
        }
        ortho_model_profile_free(&prof);
    }
    CU_ASSERT(all_ok);
}

/* Decisions first, the model where none covers, native where neither. */
static void test_choose(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-clic-lam.profile"), bare = NULL;
    ortho_select_t sel = NULL, sel2 = NULL;
    ortho_select_opts o = ortho_select_opts_default();
    ortho_model_decision d1 = decision(ORTHO_OP_ALLGATHER, 96, 1024, 8192, "phases:8x12:rows", 0.3);
    ortho_model_decision d2 = decision(ORTHO_OP_ALLGATHER, 96, 8192, 65536, "native", 0);
    ortho_model_decision d3 = decision(ORTHO_OP_GATHERV, 96, 0, INFINITY, "phases:12x8", 0.1);
    ortho_candidate c;
    ortho_select_info info;
    char text[400];
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    ortho_model_profile_add_decision(prof, &d1, NULL);
    ortho_model_profile_add_decision(prof, &d2, NULL);
    ortho_model_profile_add_decision(prof, &d3, NULL);
    CU_ASSERT_EQUAL(ortho_select_create(prof, &o, &sel), MPI_SUCCESS);
    /* a decision */
    CU_ASSERT_EQUAL(ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 96, 0, 2048, &c, &info), MPI_SUCCESS);
    CU_ASSERT(info.source == ORTHO_SELECT_DECISION && same_name(&c, "phases:8x12:rows"));
    ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 96, 0, 8192, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_DECISION && c.variant == ORTHO_VARIANT_NATIVE);
    ortho_select_info_text(sel, ORTHO_OP_ALLGATHER, 96, &info, text, (int)sizeof text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "measured decision for allgather p=96 b>=8K b<64K"));
    /* the size only the root knows: the decision for every size */
    ortho_select_choose(sel, ORTHO_OP_GATHERV, 96, 0, -1.0, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_DECISION && same_name(&c, "phases:12x8"));
    ortho_select_choose(sel, ORTHO_OP_SCATTERV, 96, 0, -1.0, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_UNCOVERED && c.variant == ORTHO_VARIANT_NATIVE);
    /* outside the tuned range of a tuned (op, p): native, saying so */
    ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 96, 0, 100.0, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_OUTSIDE && c.variant == ORTHO_VARIANT_NATIVE);
    ortho_select_info_text(sel, ORTHO_OP_ALLGATHER, 96, &info, text, (int)sizeof text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "allgather p=96 was tuned on [1K, 64K); outside it native"));
    ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 96, 0, 1e6, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_OUTSIDE && c.variant == ORTHO_VARIANT_NATIVE);
    ortho_select_free(&sel);
    /* the model (decisions off, or a p never tuned): the cheapest of all
     * candidates composed from the runtime functions, node-aware ones left
     * out, never worse than the best layout of the paper's phases
     * (ortho_model_choose) */
    o.use_decisions = 0;
    CU_ASSERT_EQUAL(ortho_select_create(prof, &o, &sel), MPI_SUCCESS);
    for (double b = 100.0; b < 2e6; b *= 7.0) {
        ortho_model_layout best;
        ortho_model_prediction pred;
        ortho_candidate list[200];
        double t = 0.0, tmin = INFINITY;
        int n = 0, plain = 1;
        ortho_select_choose(sel, ORTHO_OP_ALLGATHER, 96, 0, b, &c, &info);
        ortho_model_choose(prof, ORTHO_MODEL_ALLGATHER, 96, b, 3, &best, &pred);
        ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 96, b, &c, &t);
        ortho_candidates(ORTHO_OP_ALLGATHER, 96, 0, 3, list, 200, &n);
        for (int i = 1; i < n && n <= 200; i++) {
            double ti = 0.0;
            if (list[i].node_aware)
                continue;
            plain++;
            if (ortho_select_predict(prof, ORTHO_OP_ALLGATHER, 96, b, &list[i], &ti) == MPI_SUCCESS)
                tmin = fmin(tmin, ti);
        }
        CU_ASSERT(info.source == ORTHO_SELECT_MODEL && c.variant != ORTHO_VARIANT_NATIVE);
        /* the cheapest up to the chooser's tie of 1e-9 (3D rings tie
         * in exact arithmetic on this linear profile, not in the last bit) */
        CU_ASSERT(t <= tmin * (1.0 + 1e-9) && info.t_best == t && t <= pred.total);
        CU_ASSERT(info.npredicted == info.ncandidates && plain > 2 && info.ncandidates == plain);
    }
    ortho_select_info_text(sel, ORTHO_OP_ALLGATHER, 96, &info, text, (int)sizeof text);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "model: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, " candidates predicted"));
    /* with extrapolation, outside the tuned range: native or the winner
     * of the interval next to the size */
    o.use_decisions = 1;
    o.extrapolate = 1;
    CU_ASSERT_EQUAL(ortho_select_create(prof, &o, &sel2), MPI_SUCCESS);
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 96, 0, 100.0, &c, &info);
    CU_ASSERT(info.ncandidates == 2 && same_name(&info.best, "phases:8x12:rows")
              && (c.variant == ORTHO_VARIANT_NATIVE || same_name(&c, "phases:8x12:rows")));
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 96, 0, 1e6, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_MODEL_NATIVE && c.variant == ORTHO_VARIANT_NATIVE
              && info.ncandidates == 1 && info.npredicted == 1);
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 48, 0, 1e6, &c, &info); /* p not tuned: all */
    CU_ASSERT(info.source == ORTHO_SELECT_MODEL && info.ncandidates > 2);
    ortho_select_free(&sel2);
    /* a gain below the threshold gives native */
    o.threshold = 0.99;
    CU_ASSERT_EQUAL(ortho_select_create(prof, &o, &sel2), MPI_SUCCESS);
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 96, 0, 100.0, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_MODEL_NATIVE && c.variant == ORTHO_VARIANT_NATIVE
              && info.gain > 0.0 && info.gain < 0.99);
    ortho_select_free(&sel2);
    /* no decision for p and no model: native */
    ortho_model_profile_create(&bare);
    ortho_model_profile_add_decision(bare, &d1, NULL);
    CU_ASSERT_EQUAL(ortho_select_create(bare, NULL, &sel2), MPI_SUCCESS);
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 48, 0, 2048, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_UNCOVERED && c.variant == ORTHO_VARIANT_NATIVE);
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 96, 0, 100.0, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_OUTSIDE && c.variant == ORTHO_VARIANT_NATIVE);
    ortho_select_choose(sel2, ORTHO_OP_ALLGATHER, 96, 0, 4096.0, &c, &info);
    CU_ASSERT(info.source == ORTHO_SELECT_DECISION);
    ortho_select_free(&sel2);
    CU_ASSERT_PTR_NULL(sel2);
    ortho_select_free(&sel);
    ortho_model_profile_free(&bare);
    ortho_model_profile_free(&prof);
}

static void test_predict(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-t3e-1200.profile");
    ortho_candidate c;
    double t = 0.0, want = 0.0;
    ortho_model_prediction pred;
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    ortho_candidate_parse("native", &c);
    CU_ASSERT_EQUAL(ortho_select_predict(prof, ORTHO_OP_GATHER, 48, 4096, &c, &t), MPI_SUCCESS);
    ortho_model_predict(prof, ORTHO_MODEL_GATHER, 48, 4096, &want);
    CU_ASSERT_EQUAL(t, want);
    CU_ASSERT_EQUAL(ortho_select_predict(prof, ORTHO_OP_ALLGATHERV, 48, 4096, &c, &t), MPI_SUCCESS);
    ortho_model_predict(prof, ORTHO_MODEL_ALLGATHER, 48, 4096, &want);
    CU_ASSERT_EQUAL(t, want);
    ortho_candidate_parse("phases:6x8:rows", &c); /* the paper's order: formula (1) */
    CU_ASSERT_EQUAL(ortho_select_predict(prof, ORTHO_OP_GATHER, 48, 4096, &c, &t), MPI_SUCCESS);
    ortho_model_predict_grid(prof, ORTHO_MODEL_GATHER, 2, (int[]){ 6, 8 }, 4096, &pred);
    CU_ASSERT_EQUAL(t, pred.total);
    /* the variants: lib/model's compositions (tested in test_variants) */
    static const char *const variants[] = { "phases:6x8:cols", "rsag:6x8:rows", "rsag:8x6:cols",
                                            "phases:4x4x3" };
    for (int i = 0; i < 4; i++) {
        ortho_candidate_parse(variants[i], &c);
        CU_ASSERT(ortho_select_predict(prof, ORTHO_OP_ALLREDUCE, 48, 4096, &c, &t) == MPI_SUCCESS
                  && t > 0.0);
    }
    ortho_candidate_parse("phases:node:cols", &c); /* node-aware, no dims: no node size here */
    CU_ASSERT_EQUAL(ortho_select_predict(prof, ORTHO_OP_ALLREDUCE, 48, 4096, &c, &t),
                    MPI_ERR_UNSUPPORTED_OPERATION);
    ortho_candidate_parse("native", &c);
    CU_ASSERT_EQUAL(ortho_select_predict(prof, ORTHO_OP_SCATTERV, 48, 4096, &c, &t),
                    MPI_ERR_UNSUPPORTED_OPERATION);
    ortho_model_profile_free(&prof);
}

/* ---- ORTHO_PROFILE through the drop-ins ----------------------------------- */

static char path[256];

/* Rank 0 writes text to the shared temporary file. */
static void write_profile(const char *text)
{
    if (ortho_test_world_rank() == 0) {
        FILE *f = fopen(path, "w");
        if (f != NULL) {
            fputs(text, f);
            fclose(f);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

/* The candidate the drop-ins run for op and bytes on a new communicator
 * under ORTHO_PROFILE=file (read afresh). */
static ortho_candidate run_with(const char *file, ortho_op op, double bytes, const char **why)
{
    MPI_Comm comm;
    ortho_candidate c;
    setenv("ORTHO_PROFILE", file, 1);
    ortho__select_env_reset();
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    memset(&c, 0, sizeof c);
    ortho_comm_candidate(comm, op, bytes, &c, why);
    MPI_Comm_free(&comm);
    unsetenv("ORTHO_PROFILE");
    ortho__select_env_reset();
    return c;
}

static void test_env(void)
{
    int p = ortho_test_world_size();
    char text[1024];
    const char *why = "";
    ortho_candidate c;
    if (p != 4)
        return; /* the recorded candidates are for 4 processes */
    /* missing: native */
    c = run_with("/nonexistent/ortho.profile", ORTHO_OP_ALLGATHER, 2048, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_NATIVE && strstr(why, "cannot open") != NULL,
                             MPI_COMM_WORLD));
    /* the recorded candidates */
    snprintf(text, sizeof text,
             "ortho-profile 2\n"
             "decide allgather p=4 b>=1K b<64K phases:2x2:cols gain=0.2\n"
             "decide bcast     p=4 b<1M scag:2x2:rows gain=0.4\n"
             "decide reduce    p=4 b<1M rsag:2x2:cols\n"
             "decide allreduce p=8 b<1M rsag:2x4:rows\n");
    write_profile(text);
    c = run_with(path, ORTHO_OP_ALLGATHER, 2048, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_PHASES && c.order == ORTHO_ORDER_COLS
                                 && c.ndims == 2 && c.dims[0] == 2 && c.dims[1] == 2
                                 && strstr(why, ":2: measured decision") != NULL,
                             MPI_COMM_WORLD));
    c = run_with(path, ORTHO_OP_BCAST, 100, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_SCAG && c.order == ORTHO_ORDER_ROWS,
                             MPI_COMM_WORLD));
    c = run_with(path, ORTHO_OP_REDUCE, 100, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_RSAG && c.order == ORTHO_ORDER_COLS,
                             MPI_COMM_WORLD));
    /* not covered: a size outside the decisions, p = 8's decision, no model */
    c = run_with(path, ORTHO_OP_ALLGATHER, 1 << 20, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_NATIVE && strstr(why, "native") != NULL,
                             MPI_COMM_WORLD));
    c = run_with(path, ORTHO_OP_ALLREDUCE, 100, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_NATIVE, MPI_COMM_WORLD));
    /* a program's own chooser comes first */
    setenv("ORTHO_PROFILE", path, 1);
    ortho__select_env_reset();
    {
        ortho_model_profile_t prof = NULL;
        ortho_select_t sel = NULL;
        MPI_Comm comm;
        ortho_model_decision d = decision(ORTHO_OP_ALLGATHER, 4, 0, INFINITY, "phases:2x2:rows", 0);
        ortho_model_profile_create(&prof);
        ortho_model_profile_add_decision(prof, &d, NULL);
        ortho_select_create(prof, NULL, &sel);
        ortho_select_install(sel);
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        ortho_comm_candidate(comm, ORTHO_OP_ALLGATHER, 2048, &c, &why);
        CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_PHASES && c.order == ORTHO_ORDER_ROWS
                                     && strstr(why, "profile: measured decision") != NULL,
                                 MPI_COMM_WORLD));
        MPI_Comm_free(&comm);
        ortho_select_install(NULL);
        ortho_select_free(&sel);
        ortho_model_profile_free(&prof);
    }
    unsetenv("ORTHO_PROFILE");
    ortho__select_env_reset();
    /* malformed (intervals out of order): native, the line named */
    write_profile("ortho-profile 2\ndecide allgather p=4 b>=4K b<8K native\n"
                  "decide allgather p=4 b>=1K b<2K phases:2x2\n");
    c = run_with(path, ORTHO_OP_ALLGATHER, 1500, &why);
    CU_ASSERT(ORTHO_TEST_ALL(c.variant == ORTHO_VARIANT_NATIVE && strstr(why, ":3: ") != NULL
                                 && strstr(why, "comes after") != NULL,
                             MPI_COMM_WORLD));
}

/* The drop-ins under ORTHO_PROFILE give MPI's result. */
static void test_env_results(void)
{
    int p = ortho_test_world_size(), rank = ortho_test_world_rank(), ok = 1;
    int mine[300], *all = NULL, *want = NULL;
    MPI_Comm comm;
    if (p != 4)
        return;
    write_profile("ortho-profile 2\ndecide allgather p=4 b>=1K b<2K phases:2x2:cols\n"
                  "decide allreduce p=4 b>=1K b<2K rsag:2x2:rows\n");
    setenv("ORTHO_PROFILE", path, 1);
    ortho__select_env_reset();
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    all = calloc(300 * (size_t)p, sizeof *all);
    want = calloc(300 * (size_t)p, sizeof *want);
    for (int i = 0; i < 300; i++)
        mine[i] = rank * 1000 + i;
    ortho_allgather(mine, 300, MPI_INT, all, 300, MPI_INT, comm);
    MPI_Allgather(mine, 300, MPI_INT, want, 300, MPI_INT, MPI_COMM_WORLD);
    ok = memcmp(all, want, 300 * (size_t)p * sizeof *all) == 0;
    ortho_allreduce(mine, all, 300, MPI_INT, MPI_SUM, comm);
    MPI_Allreduce(mine, want, 300, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    ok = ok && memcmp(all, want, 300 * sizeof *all) == 0;
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
    MPI_Comm_free(&comm);
    free(all);
    free(want);
    unsetenv("ORTHO_PROFILE");
    ortho__select_env_reset();
}

static int suite_init(void)
{
    int pid = (int)getpid();
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof path, "/tmp/ortho-test-select-%d.profile", pid);
    return 0;
}

static int suite_clean(void)
{
    MPI_Barrier(MPI_COMM_WORLD);
    if (ortho_test_world_rank() == 0)
        remove(path);
    return 0;
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("select: decisions in profiles", NULL, NULL);
    CU_add_test(s, "round trip", test_round_trip);
    CU_add_test(s, "sorted and disjoint when added", test_add_order);
    CU_add_test(s, "malformed decisions name the line", test_malformed);
    s = CU_add_suite("select: choosing", NULL, NULL);
    CU_add_test(s, "decision, model, native", test_choose);
    CU_add_test(s, "measured curves", test_curves);
    CU_add_test(s, "predicting candidates", test_predict);
    s = CU_add_suite("select: ORTHO_PROFILE", suite_init, suite_clean);
    CU_add_test(s, "recorded candidates, fallbacks", test_env);
    CU_add_test(s, "results under the profile", test_env_results);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
