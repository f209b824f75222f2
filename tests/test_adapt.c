/* Online selection (lib/select/adapt.h), without timing noise: the
 * exploration state machine fed chosen times (the probe, the budget that
 * delays a measurement, the early stop of a far slower candidate, the
 * margin, the lock, a class called too rarely, a failed call, a recheck),
 * and the drop-ins under a test clock that gives each candidate a chosen
 * time: results equal to native's on every call while exploring, the
 * fastest candidate locked, and processes with deliberately different
 * local times running the same candidate on every call.
 *
 * tests/test_adapt.sh runs this program at np 1 and 4, then twice more in
 * ADAPT_TEST_MODE=learn and =reuse for the ORTHO_PROFILE_SAVE round trip. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "select/adapt.h"
#include "support/mpi_cunit.h"

/* The calls of a confirmation without a lag: per batch the candidate's
 * ORTHO__ADAPT_SAMPLES + 1, then native's ORTHO__ADAPT_SAMPLES. */
enum { CONFIRM_CALLS = (2 * ORTHO__ADAPT_SAMPLES + 1) * ORTHO__ADAPT_CONFIRM_BATCHES };

static struct ortho__adapt_params params(void)
{
    struct ortho__adapt_params p;
    memset(&p, 0, sizeof p);
    p.enabled = 1;
    p.candidates = 3;
    p.margin = 0.05;
    p.overhead = 0.01;
    p.recheck = 0;
    p.far = 1.5;
    p.prior_risk = 1.0;
    return p;
}

static ortho_candidate cand(const char *name)
{
    ortho_candidate c;
    memset(&c, 0, sizeof c);
    ortho_candidate_parse(name, &c);
    return c;
}

/* One call of the class: runs next(), and when it is timed hands `t` in;
 * agrees (every process alike: the max is the value) when the step says
 * so. Returns the arm. */
static int call(struct ortho__explore *e, double t, int *timed)
{
    double v[ORTHO__EXPLORE_AGREE_MAX];
    struct ortho__explore_step st = ortho__explore_next(e);
    if (st.timed)
        ortho__explore_timed(e, t);
    if (st.agree) {
        ortho__explore_to_agree(e, 0.0, 0, v);
        ortho__explore_agreed(e, v);
    }
    if (timed != NULL)
        *timed = st.timed;
    return st.arm;
}

/* Candidate times for the pure tests: arm a costs times[a]. */
static int run_class(struct ortho__explore *e, const double *times, int calls, int *first_timed)
{
    int timed_calls = 0;
    for (int i = 0; i < calls; i++) {
        struct ortho__explore_step st = ortho__explore_next(e);
        if (st.timed) {
            ortho__explore_timed(e, times[st.arm]);
            timed_calls++;
            if (first_timed != NULL && st.arm >= 1 && first_timed[st.arm] < 0)
                first_timed[st.arm] = (int)e->calls;
        }
        if (st.agree) {
            double v[ORTHO__EXPLORE_AGREE_MAX];
            ortho__explore_to_agree(e, 0.0, 0, v);
            ortho__explore_agreed(e, v);
        }
    }
    return timed_calls;
}

static void test_probe_and_budget(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    ortho_candidate c[3] = {cand("rsag:2x2:rows"), cand("rsag:2x2:cols"), cand("phases:2x2")};
    p.overhead = 0.25; /* exact in binary: the call counts below are exact */
    ortho__explore_init(&e, &p, c, NULL, 3);
    /* the probe: one native call untimed, three timed */
    int timed;
    CU_ASSERT(call(&e, 5.0, &timed) == 0 && !timed && e.phase == ORTHO__EXPLORE_PROBE);
    CU_ASSERT(call(&e, 1.25, &timed) == 0 && timed && e.phase == ORTHO__EXPLORE_PROBE);
    CU_ASSERT(call(&e, 0.5, &timed) == 0 && timed);
    CU_ASSERT(call(&e, 1.25, &timed) == 0 && timed && e.phase == ORTHO__EXPLORE_PROBE);
    /* each call earns overhead x native; an unmeasured candidate is
     * assumed to cost one native time more: the probe's times are agreed
     * when that is earned, 4 calls later (nothing is sent before), and the
     * first candidate runs on the next call */
    double times[4] = {1.0, 3.0, 0.5, 0.97};
    int first[4] = {-1, -1, -1, -1};
    CU_ASSERT(run_class(&e, times, 3, first) == 0 && e.agreements == 0);
    CU_ASSERT(run_class(&e, times, 1, first) == 0 && e.agreements == 1);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_RUN && e.native == 1.0); /* the mean; exact */
    CU_ASSERT(first[1] < 0 && e.arm[1].state == ORTHO__ARM_UNTRIED);
    CU_ASSERT(run_class(&e, times, 1, first) == 1);
    CU_ASSERT(first[1] == 9);
    /* 3.0 >= 1.5 x native: stopped after one sample */
    CU_ASSERT(e.arm[1].state == ORTHO__ARM_SLOW && e.arm[1].nsamples == 1);
    CU_ASSERT_DOUBLE_EQUAL(e.excess, 2.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(e.credit, -0.75, 1e-12);
    /* the debt is paid back before the next: 3 calls to 0, 4 more */
    CU_ASSERT(run_class(&e, times, 6, first) == 0);
    CU_ASSERT(run_class(&e, times, 1, first) == 1 && first[2] == 16);
    /* 0.5 beat native by the margin: its batch comes before the third's
     * first sample (it costs nothing: a faster candidate) */
    CU_ASSERT(run_class(&e, times, 3, first) == 3 && e.arm[2].state == ORTHO__ARM_DONE);
    CU_ASSERT(e.arm[2].nsamples == 4);
    CU_ASSERT(e.best_arm == 2);
    CU_ASSERT(e.arm[3].state == ORTHO__ARM_UNTRIED && first[3] < 0);
    /* then the third's first sample: 0.97 >= 1.5 x 0.5 stops it at once,
     * and the second is confirmed */
    CU_ASSERT(run_class(&e, times, 1, first) == 1 && first[3] == 20);
    CU_ASSERT(call(&e, 0.5, NULL) == 2);
    CU_ASSERT(e.arm[3].state == ORTHO__ARM_SLOW && e.arm[3].nsamples == 1);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_CONFIRM && e.locked == 2);
}

/* A class begun without its short list (as the drop-ins begin one): after
 * the probe it runs native, untimed, and asks for the list (whose node
 * detection is collective) only once the budget pays for a first
 * candidate and its two agreements. */
static void test_list_when_paid(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    struct ortho__explore_step st;
    double v[ORTHO__EXPLORE_AGREE_MAX];
    ortho_candidate c[2] = {cand("rsag:2x2:rows"), cand("rsag:2x2:cols")};
    p.overhead = 0.25;
    ortho__explore_begin(&e, &p);
    int agreed_at = 0;
    for (int i = 1; i <= 8 && agreed_at == 0; i++) {
        CU_ASSERT(!ortho__explore_list_due(&e));
        st = ortho__explore_next(&e);
        CU_ASSERT(st.arm == 0);
        if (st.timed)
            ortho__explore_timed(&e, 1.0);
        if (st.agree) { /* the previous agreement took 0.5 */
            ortho__explore_to_agree(&e, 0.5, 0, v);
            ortho__explore_agreed(&e, v);
            agreed_at = i;
        }
    }
    CU_ASSERT(agreed_at == 8 && e.phase == ORTHO__EXPLORE_RUN && e.awaiting_list);
    CU_ASSERT(e.native == 1.0);
    CU_ASSERT_DOUBLE_EQUAL(e.agree_cost, 0.5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(e.credit, 0.5, 1e-12); /* 4 waited calls x 0.25, less 0.5 */
    /* a first candidate costs 1 native time and two agreements: 2.0 */
    for (int i = 0; i < 6; i++) {
        CU_ASSERT(!ortho__explore_list_due(&e));
        st = ortho__explore_next(&e);
        CU_ASSERT(st.arm == 0 && !st.timed && !st.agree);
    }
    CU_ASSERT(ortho__explore_list_due(&e));
    ortho__explore_candidates(&e, c, NULL, 2);
    CU_ASSERT(!ortho__explore_list_due(&e));
    st = ortho__explore_next(&e);
    CU_ASSERT(st.arm == 1 && st.timed && st.agree);
}

/* Agreements that complete `lag` calls after they start: the calls
 * between run what ran before, untimed, and the state changes only when
 * the agreement completes, on the same call everywhere; a measurement
 * begins with one untimed call of its arm. */
static void test_lag(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    ortho_candidate c[1] = {cand("rsag:2x2:rows")};
    double risk[1] = {0.0}, v[ORTHO__EXPLORE_AGREE_MAX], times[2] = {1.0, 0.5};
    p.lag = 2;
    ortho__explore_init(&e, &p, c, risk, 1);
    /* per call: the arm, timed, agreement started ('s'), held ('h': an
     * agreement in flight), completed before the call ('c') */
    static const char *const expect[] = {
        "0..", "0t.", "0t.", "0t.", "0.s", "0.h", "0.h",   /* 1-7: the probe, agreed */
        "1..", "1ts", "0.h", "0.h",                          /* 8: warmed, 9: rows' sample */
        "1..", "1t.", "1t.", "1ts", "0.h", "0.h",            /* 12: warmed, 13-15: its batch */
        "1t.", "1t.", "1t.", "1t.", "0t.", "0t.", "0ts",     /* 18-24: confirming: */
        "1.h", "1.h",                                        /* the candidate, native */
        "1t.", "1t.", "1t.", "1t.", "0t.", "0t.", "0ts", "1.h", "1.h",
        "1t.", "1t.", "1t.", "1t.", "0t.", "0t.", "0ts", "1.h", "1.h",
        "1.."};                                              /* 45: locked (no watch) */
    int n = (int)(sizeof expect / sizeof expect[0]), ok = 1;
    for (int i = 0; i < n; i++) {
        if (ortho__explore_agree_due(&e))
            ortho__explore_agreed(&e, v);
        struct ortho__explore_step st = ortho__explore_next(&e);
        char got[4] = {(char)('0' + st.arm), st.timed ? 't' : '.',
                       st.agree ? 's' : e.in_flight ? 'h' : '.', '\0'};
        if (st.timed)
            ortho__explore_timed(&e, times[st.arm]);
        if (st.agree) {
            ortho__explore_to_agree(&e, 0.0, 0, v);
            ortho__explore_agree_started(&e);
        }
        if (strcmp(got, expect[i]) != 0) {
            fprintf(stderr, "test_lag: call %d: %s, expected %s\n", i + 1, got, expect[i]);
            ok = 0;
        }
        if (i + 1 == 7) /* the probe's agreement is still in flight */
            ok &= e.phase == ORTHO__EXPLORE_PROBE && e.agreements == 0;
    }
    CU_ASSERT(ok);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 1 && e.agreements == 6);
    CU_ASSERT(e.native == 1.0 && e.arm[1].best == 0.5);
}

/* The probe's agreement also agrees how far the quickest process ran
 * ahead of the slowest (the greatest span from the class's first call
 * less the least): every agreement from then on is assumed to cost that
 * much, so a class whose root runs far ahead waits longer for its list. */
static void test_ran_ahead(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    double v[ORTHO__EXPLORE_AGREE_MAX];
    p.overhead = 0.25;
    ortho__explore_begin(&e, &p);
    struct ortho__explore_step st = {0, 0, 0};
    while (!st.agree) {
        st = ortho__explore_next(&e);
        if (st.timed)
            ortho__explore_timed(&e, 1.0);
    }
    e.span = 0.2;
    int n = ortho__explore_to_agree(&e, 0.5, 0, v);
    /* the sum of the three timed calls, the spans, the last agreement, failed */
    CU_ASSERT(n == 5 && v[0] == 3.0 && v[1] == 0.2 && v[2] == -0.2 && v[3] == 0.5);
    v[1] = 4.0;  /* the slowest process's span */
    v[2] = -1.0; /* minus the quickest's: it ran 3.0 ahead */
    ortho__explore_agreed(&e, v);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_RUN && e.native == 1.0);
    CU_ASSERT_DOUBLE_EQUAL(e.agree_cost, 3.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(e.credit, 0.5, 1e-12); /* 4 waited calls x 0.25, less 0.5 */
    /* a first candidate: 1 native time and two agreements of 3.0, 7.0 in
     * all: 26 calls of 0.25 later (with agreements of 0.5: 6) */
    int calls = 0;
    while (!ortho__explore_list_due(&e) && calls < 100) {
        ortho__explore_next(&e);
        calls++;
    }
    CU_ASSERT(calls == 26);
}

/* The short list without a profile: the suited variant on the balanced
 * grid in both orders and the node-aware grid (bcast and reduce: spread
 * through the nodes); where the nodes are blocks of consecutive ranks and
 * the balanced grid's rows are nodes, the plain grid of the node-aware
 * one's order is the same grid, and only the node-aware name stays (not
 * for spread, whose plain form spreads over every process); all in one
 * node, reduce's chain besides. */
static int list_names(ortho_op op, int p, int node_size, int in_blocks, char names[][64])
{
    struct ortho__adapt_params pa = params();
    ortho_candidate out[ORTHO__ADAPT_MAX_CANDIDATES];
    double risk[ORTHO__ADAPT_MAX_CANDIDATES];
    int n = ortho__adapt_shortlist(op, p, node_size, in_blocks, 102400.0, NULL, &pa, NULL, 0, out,
                                   risk);
    for (int i = 0; i < n; i++)
        ortho_candidate_name(&out[i], names[i], 64);
    return n;
}

static void test_shortlist_nodes(void)
{
    char names[ORTHO__ADAPT_MAX_CANDIDATES][64];
    /* 128 = 16 nodes of 8: balanced 16x8, rows of nodes */
    int n = list_names(ORTHO_OP_ALLREDUCE, 128, 8, 0, names);
    CU_ASSERT_EQUAL(n, 3);
    if (n == 3) {
        CU_ASSERT_STRING_EQUAL(names[0], "rsag:16x8:rows");
        CU_ASSERT_STRING_EQUAL(names[1], "rsag:16x8:node:rows");
        CU_ASSERT_STRING_EQUAL(names[2], "rsag:16x8:cols");
    }
    n = list_names(ORTHO_OP_ALLREDUCE, 128, 8, 1, names);
    CU_ASSERT_EQUAL(n, 2);
    if (n == 2) {
        CU_ASSERT_STRING_EQUAL(names[0], "rsag:16x8:node:rows");
        CU_ASSERT_STRING_EQUAL(names[1], "rsag:16x8:cols");
    }
    /* 48 = 6 nodes of 8: balanced 8x6, the node-aware 6x8 differs */
    n = list_names(ORTHO_OP_ALLREDUCE, 48, 8, 1, names);
    CU_ASSERT_EQUAL(n, 3);
    if (n == 3)
        CU_ASSERT_STRING_EQUAL(names[1], "rsag:6x8:node:rows");
    /* reduce and bcast: spread through the nodes, kept beside the plain
     * grid of the same shape */
    for (int in_blocks = 0; in_blocks < 2; in_blocks++) {
        n = list_names(ORTHO_OP_REDUCE, 128, 8, in_blocks, names);
        CU_ASSERT_EQUAL(n, 3);
        if (n == 3) {
            CU_ASSERT_STRING_EQUAL(names[0], "rsag:16x8:rows");
            CU_ASSERT_STRING_EQUAL(names[1], "spread:16x8:node:rows");
            CU_ASSERT_STRING_EQUAL(names[2], "rsag:16x8:cols");
        }
    }
    n = list_names(ORTHO_OP_BCAST, 48, 8, 1, names);
    CU_ASSERT_EQUAL(n, 3);
    if (n == 3)
        CU_ASSERT_STRING_EQUAL(names[1], "spread:6x8:node:rows");
    /* all in one node: reduce adds the chain (named on the first layout,
     * as ortho_candidates() names it); bcast does not */
    n = list_names(ORTHO_OP_REDUCE, 16, 16, 1, names);
    CU_ASSERT(n == 3 && strcmp(names[0], "rsag:4x4:rows") == 0 &&
              strcmp(names[1], "rsag:4x4:cols") == 0 && strcmp(names[2], "chain:2x8:rows") == 0);
    n = list_names(ORTHO_OP_REDUCE, 15, 15, 1, names);
    CU_ASSERT(n == 3 && strcmp(names[2], "chain:3x5:rows") == 0);
    n = list_names(ORTHO_OP_BCAST, 16, 16, 1, names);
    CU_ASSERT(n == 2);
    n = list_names(ORTHO_OP_REDUCE, 16, 8, 1, names);
    for (int i = 0; i < n; i++)
        CU_ASSERT(strncmp(names[i], "chain", 5) != 0);
    /* one process a node, or nodes that do not divide p: no node-aware one */
    n = list_names(ORTHO_OP_BCAST, 16, 1, 1, names);
    CU_ASSERT(n == 2 && strcmp(names[0], "scag:4x4:rows") == 0 &&
              strcmp(names[1], "scag:4x4:cols") == 0);
}

static void test_lock_and_margin(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    ortho_candidate c[3] = {cand("rsag:2x2:rows"), cand("rsag:2x2:cols"), cand("phases:2x2")};
    double risk[3] = {0.0, 0.0, 0.0}; /* measured elsewhere as fast: no waiting */
    ortho__explore_init(&e, &p, c, risk, 3);
    /* native 1.0; arm 1 0.96 (inside the 5% margin), arm 2 0.5, arm 3 0.6:
     * the probe, the three first samples, then the batches quickest first:
     * arm 2's, arm 3's (0.6 < 1.5 x 0.5); arm 1 (0.96 >= 1.5 x 0.5) stops
     * after its first sample */
    double times[4] = {1.0, 0.96, 0.5, 0.6};
    int timed = run_class(&e, times, 5 + 3 + 2 * 3, NULL);
    CU_ASSERT(timed == 3 + 3 + 2 * 3);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_CONFIRM && e.locked == 2);
    CU_ASSERT(e.arm[3].state == ORTHO__ARM_DONE && e.arm[3].nsamples == 4);
    CU_ASSERT(e.arm[1].state == ORTHO__ARM_SLOW && e.arm[1].nsamples == 1);
    CU_ASSERT(e.agreements == 1 + 3 + 2); /* the probe, each first sample, two batches */
    /* confirmed back to back: some calls untimed, then a batch */
    CU_ASSERT(run_class(&e, times, CONFIRM_CALLS - 1, NULL) == CONFIRM_CALLS - 1);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_CONFIRM);
    CU_ASSERT(run_class(&e, times, 1, NULL) == 1);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 2);
    /* locked: untimed from now on */
    CU_ASSERT(run_class(&e, times, 50, NULL) == 0);
    CU_ASSERT(call(&e, 0.0, NULL) == 2);

    /* inside the margin, or far slower: native */
    double slow[4] = {1.0, 0.97, 0.99, 1.6};
    ortho__explore_init(&e, &p, c, risk, 3);
    run_class(&e, slow, 100, NULL); /* arm 3's debt is paid back before the batches */
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 0);
    CU_ASSERT(call(&e, 0.0, NULL) == 0);
}

/* Each confirming batch times native again: a candidate that beat a
 * probe slow by chance, but not native as the batches find it, goes; one
 * that beats both is locked, and native's time becomes the batches' where
 * it is less than the probe's (the watch compares with it). */
static void test_confirm_against_native(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    ortho_candidate c[1] = {cand("rsag:2x2:rows")};
    double risk[1] = {0.0};
    double slow_probe[2] = {2.0, 0.97}, real[2] = {1.0, 0.97};
    ortho__explore_init(&e, &p, c, risk, 1);
    run_class(&e, slow_probe, 5, NULL);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_RUN && e.native == 2.0);
    run_class(&e, real, 1 + 3, NULL);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_CONFIRM && e.locked == 1);
    CU_ASSERT(run_class(&e, real, 2 * ORTHO__ADAPT_SAMPLES + 1, NULL) ==
              2 * ORTHO__ADAPT_SAMPLES + 1);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 0);
    CU_ASSERT(run_class(&e, real, 20, NULL) == 0);
    /* 0.5 beats both: locked, native now 1.0 */
    double fast[2] = {1.0, 0.5};
    slow_probe[1] = 0.5;
    ortho__explore_init(&e, &p, c, risk, 1);
    run_class(&e, slow_probe, 5, NULL);
    run_class(&e, fast, 1 + 3 + CONFIRM_CALLS, NULL);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 1);
    CU_ASSERT(e.native == 1.0 && e.arm[0].best == 1.0);
    CU_ASSERT(e.arm[0].nsamples == ORTHO__ADAPT_SAMPLES * (1 + ORTHO__ADAPT_CONFIRM_BATCHES));
}

static void test_rare_failed_dropped(void)
{
    struct ortho__adapt_params p = params();
    struct ortho__explore e;
    ortho_candidate c[2] = {cand("rsag:2x2:rows"), cand("rsag:2x2:cols")};
    double times[3] = {1.0, 0.1, 0.1};
    /* a class called twice never leaves the probe: native */
    ortho__explore_init(&e, &p, c, NULL, 2);
    run_class(&e, times, 3, NULL);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_PROBE && call(&e, 1.0, NULL) == 0);
    /* a failed call on some process: native for good */
    ortho__explore_init(&e, &p, c, NULL, 2);
    double v[ORTHO__EXPLORE_AGREE_MAX];
    for (int i = 0; i < 4; i++)
        if (ortho__explore_next(&e).timed)
            ortho__explore_timed(&e, 1.0);
    ortho__explore_to_agree(&e, 0.0, 1, v);
    ortho__explore_agreed(&e, v);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 0);
    CU_ASSERT(run_class(&e, times, 20, NULL) == 0);
    /* candidates whose grids cannot be made: dropped, then native */
    double risk[2] = {0.0, 0.0};
    ortho__explore_init(&e, &p, c, risk, 2);
    run_class(&e, times, 5, NULL);
    struct ortho__explore_step st = ortho__explore_next(&e);
    CU_ASSERT(st.arm == 1 && st.timed && st.agree);
    ortho__explore_drop(&e, 1);
    st = ortho__explore_next(&e);
    CU_ASSERT(st.arm == 2);
    ortho__explore_drop(&e, 2);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 0);
    /* no candidate at all: locked to native from the start, nothing timed */
    ortho__explore_init(&e, &p, NULL, NULL, 0);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && run_class(&e, times, 5, NULL) == 0);
}

static void test_recheck(void)
{
    struct ortho__adapt_params p = params();
    p.recheck = 40;
    struct ortho__explore e;
    ortho_candidate c[1] = {cand("rsag:2x2:rows")};
    double risk[1] = {0.0};
    double times[2] = {1.0, 0.5};
    ortho__explore_init(&e, &p, c, risk, 1);
    run_class(&e, times, 5 + 1 + 3 + CONFIRM_CALLS, NULL);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 1);
    long locked_at = e.calls;
    /* still faster at the recheck: kept, next recheck twice as far */
    CU_ASSERT(run_class(&e, times, 39, NULL) == 0);
    CU_ASSERT(run_class(&e, times, 6, NULL) == 6 && e.locked == 1);
    CU_ASSERT(e.next_recheck == locked_at + 40 + 5 + 80);
    /* native got as fast: the class goes back to native */
    double same_speed[2] = {0.5, 0.5};
    run_class(&e, same_speed, 200, NULL);
    CU_ASSERT(e.locked == 0 && e.phase == ORTHO__EXPLORE_LOCKED);
}

static void test_watch(void)
{
    struct ortho__adapt_params p = params();
    p.watch = 16;
    struct ortho__explore e;
    ortho_candidate c[1] = {cand("rsag:2x2:rows")};
    double risk[1] = {0.0};
    double fast[2] = {1.0, 0.5};
    ortho__explore_init(&e, &p, c, risk, 1);
    run_class(&e, fast, 5 + 1 + 3 + CONFIRM_CALLS, NULL);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 1);
    long agreements = e.agreements;
    /* locked: every call timed, one agreement after 16 calls, then after 32 */
    CU_ASSERT(run_class(&e, fast, 15, NULL) == 15 && e.agreements == agreements);
    CU_ASSERT(run_class(&e, fast, 1, NULL) == 1 && e.agreements == agreements + 1);
    CU_ASSERT(e.locked == 1 && e.watch_every == 32);
    /* a window whose total stays below native's is kept, a few slow calls
     * included: 28 x 0.5 + 4 x 2.0 = 22 < 32 x 1.0 */
    double slow_then[2] = {1.0, 2.0};
    CU_ASSERT(run_class(&e, slow_then, 4, NULL) == 4);
    CU_ASSERT(run_class(&e, fast, 28, NULL) == 28 && e.agreements == agreements + 2);
    CU_ASSERT(e.locked == 1 && e.watch_every == 64);
    /* slower than native back to back over the window: native, untimed */
    double slower[2] = {1.0, 1.1};
    CU_ASSERT(run_class(&e, slower, 64, NULL) == 64 && e.agreements == agreements + 3);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 0);
    CU_ASSERT(run_class(&e, slower, 100, NULL) == 0 && call(&e, 0.0, NULL) == 0);
    /* a call that failed in a window: native */
    ortho__explore_init(&e, &p, c, risk, 1);
    run_class(&e, fast, 5 + 1 + 3 + CONFIRM_CALLS, NULL);
    CU_ASSERT(e.locked == 1);
    double v[ORTHO__EXPLORE_AGREE_MAX];
    for (int i = 0; i < 16; i++)
        if (ortho__explore_next(&e).timed)
            ortho__explore_timed(&e, 0.5);
    ortho__explore_to_agree(&e, 0.0, 1, v);
    ortho__explore_agreed(&e, v);
    CU_ASSERT(e.phase == ORTHO__EXPLORE_LOCKED && e.locked == 0);
}

/* ---- the drop-ins under a test clock -------------------------------------- */

static int world_rank;

/* native 1 ms; rsag rows 0.4 ms; everything else 3 ms. */
static double simple_clock(ortho_op op, double bytes, const ortho_candidate *c, void *ctx)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    (void)op;
    (void)bytes;
    (void)ctx;
    ortho_candidate_name(c, name, (int)sizeof name);
    if (c->variant == ORTHO_VARIANT_NATIVE)
        return 1e-3;
    return strcmp(name, "rsag:2x2:rows") == 0 ? 0.4e-3 : 3e-3;
}

/* As simple_clock, but from the 9th timed call (the winner's first
 * confirming batch) rsag:2x2:rows costs 2 ms. */
static long confirm_calls;
static double confirm_fails_clock(ortho_op op, double bytes, const ortho_candidate *c, void *ctx)
{
    long *n = ctx;
    double t = simple_clock(op, bytes, c, NULL);
    return ++*n > 8 && c->variant == ORTHO_VARIANT_RSAG ? 2e-3 : t;
}

/* rsag costs 2 ms, native 1 ms. */
static double slow_rsag_clock(ortho_op op, double bytes, const ortho_candidate *c, void *ctx)
{
    (void)op;
    (void)bytes;
    (void)ctx;
    return c->variant == ORTHO_VARIANT_RSAG ? 2e-3 : 1e-3;
}

/* Each process sees other times: alone, rank 0 would pick rsag:2x2:rows
 * (0.1 ms there) and the others rsag:2x2:cols (0.5 ms); agreed (the
 * slowest process's total over a batch), rows cost 0.9 ms per call and
 * cols 0.95 ms: rows. */
static double skewed_clock(ortho_op op, double bytes, const ortho_candidate *c, void *ctx)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    long *timed = ctx;
    (void)op;
    (void)bytes;
    ortho_candidate_name(c, name, (int)sizeof name);
    (*timed)++;
    if (c->variant == ORTHO_VARIANT_NATIVE)
        return 1e-3;
    if (strcmp(name, "rsag:2x2:rows") == 0)
        return world_rank == 0 ? 0.1e-3 : 0.9e-3;
    if (strcmp(name, "rsag:2x2:cols") == 0)
        return world_rank == 0 ? 0.95e-3 : 0.5e-3;
    return 5e-3;
}

/* n allreduce calls on comm, each checked against PMPI_Allreduce. */
static int allreduces(MPI_Comm comm, int n, int count)
{
    int rank, ok = 1;
    MPI_Comm_rank(comm, &rank);
    double *in = malloc((size_t)count * sizeof *in), *a = malloc((size_t)count * sizeof *a);
    double *b = malloc((size_t)count * sizeof *b);
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < count; k++)
            in[k] = (double)((rank * 7 + k * 3 + i) % 11);
        PMPI_Allreduce(in, a, count, MPI_DOUBLE, MPI_SUM, comm);
        ok &= ortho_allreduce(in, b, count, MPI_DOUBLE, MPI_SUM, comm) == MPI_SUCCESS &&
              memcmp(a, b, (size_t)count * sizeof *a) == 0;
    }
    free(in);
    free(a);
    free(b);
    return ok;
}

static int candidate_is(MPI_Comm comm, int count, const char *name)
{
    ortho_candidate c;
    char got[ORTHO_CANDIDATE_NAME_MAX];
    return ortho_comm_candidate(comm, ORTHO_OP_ALLREDUCE, count * 8.0, &c, NULL) ==
                   MPI_SUCCESS &&
           ortho_candidate_name(&c, got, (int)sizeof got) == MPI_SUCCESS &&
           strcmp(got, name) == 0;
}

static void test_dropins_learn(void)
{
    int p, ok = 1;
    MPI_Comm comm;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (p != 4) {
        CU_PASS("the candidates checked are those of 4 processes");
        return;
    }
    ortho__adapt_set_clock(simple_clock, NULL);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    /* ORTHO_ADAPT_OVERHEAD=1 (test_adapt.sh): a measurement every call */
    ok &= allreduces(comm, 3, 300);
    ok &= candidate_is(comm, 300, "native");
    ok &= allreduces(comm, 1 + 1 + 1 + 1 + 3, 300); /* the probe's last; agreed; one sample
                                                        of rows, of cols; rows' batch */
    ok &= candidate_is(comm, 300, "rsag:2x2:rows");
    ok &= allreduces(comm, 40, 300); /* confirmed, locked, a first window watched */
    ok &= candidate_is(comm, 300, "rsag:2x2:rows");
    /* slower than native back to back: within the next window (at most 32
     * calls) the watch sends the class back to native */
    ortho__adapt_set_clock(slow_rsag_clock, NULL);
    ok &= allreduces(comm, 32, 300);
    ok &= candidate_is(comm, 300, "native");
    /* a winner that is not faster back to back: native */
    MPI_Comm_free(&comm);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ortho__adapt_set_clock(confirm_fails_clock, &confirm_calls);
    /* the first confirming batch fails */
    ok &= allreduces(comm, 5 + 4 + 1 + 2 * ORTHO__ADAPT_SAMPLES + 1, 300);
    ok &= candidate_is(comm, 300, "native");
    MPI_Comm_free(&comm);
    ortho__adapt_set_clock(NULL, NULL);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void test_agreed_decision(void)
{
    int p, ok = 1;
    long timed = 0;
    MPI_Comm comm;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (p != 4) {
        CU_PASS("the candidates checked are those of 4 processes");
        return;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    ortho__adapt_set_clock(skewed_clock, &timed);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok &= allreduces(comm, 40, 500);
    ok &= candidate_is(comm, 500, "rsag:2x2:rows");
    /* every process timed the same calls */
    long lo = 0, hi = 0;
    MPI_Allreduce(&timed, &lo, 1, MPI_LONG, MPI_MIN, comm);
    MPI_Allreduce(&timed, &hi, 1, MPI_LONG, MPI_MAX, comm);
    /* 3 + 4 + 4 + 7 x 3 calls timed to lock (the first call and the probe's
     * agreement untimed: locked at call 34), then every call watched */
    ok &= lo == hi && lo == 40 - 2;
    MPI_Comm_free(&comm);
    ortho__adapt_set_clock(NULL, NULL);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- ORTHO_PROFILE_SAVE round trip (tests/test_adapt.sh) ------------------- */

/* learn: explore allreduce at 2400 bytes until locked (the profile is
 * written at MPI_Finalize); reuse (ORTHO_PROFILE = what was written): the
 * decision is taken from the profile, nothing is timed. */
static int round_trip(const char *mode)
{
    long timed = 0;
    int ok = 1;
    ortho__adapt_set_clock(skewed_clock, &timed);
    ok &= allreduces(MPI_COMM_WORLD, 40, 300);
    const char *why = "";
    ortho_candidate c;
    ok &= ortho_comm_candidate(MPI_COMM_WORLD, ORTHO_OP_ALLREDUCE, 2400.0, &c, &why) ==
          MPI_SUCCESS;
    ok &= c.variant == ORTHO_VARIANT_RSAG;
    if (strcmp(mode, "reuse") == 0)
        ok &= timed == 0 && strstr(why, "measured decision") != NULL;
    else
        ok &= timed == 40 - 2; /* as in test_agreed_decision: all but two */
    if (!ok)
        fprintf(stderr, "test_adapt %s: timed %ld, why \"%s\"\n", mode, timed, why);
    return ortho_test_all(ok, MPI_COMM_WORLD);
}

/* lag (ORTHO_ADAPT_LAG=3, tests/test_adapt.sh): the agreements complete
 * three calls after they start; every process still runs and times the
 * same calls, the results are native's, the class locks as without a lag,
 * and a communicator freed with an agreement in flight completes it, as
 * MPI_Finalize does for one never freed (test_adapt.sh: nothing pending
 * is reported at the end). */
static int lagged(void)
{
    long timed = 0, lo = 0, hi = 0;
    int ok = 1, p;
    MPI_Comm comm;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    ortho__adapt_set_clock(skewed_clock, &timed);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok &= allreduces(comm, 80, 500);
    ok &= p != 4 || candidate_is(comm, 500, "rsag:2x2:rows");
    PMPI_Allreduce(&timed, &lo, 1, MPI_LONG, MPI_MIN, comm);
    PMPI_Allreduce(&timed, &hi, 1, MPI_LONG, MPI_MAX, comm);
    ok &= lo == hi && lo > 0 && lo < 80 - 2;
    MPI_Comm_free(&comm);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    ok &= allreduces(comm, 5, 500); /* the probe's agreement starts on the 5th */
    MPI_Comm_free(&comm);
    /* one left to MPI_Finalize with an agreement in flight: completed there */
    static MPI_Comm kept;
    MPI_Comm_dup(MPI_COMM_WORLD, &kept);
    ok &= allreduces(kept, 5, 500);
    ortho__adapt_set_clock(NULL, NULL);
    if (!ok)
        fprintf(stderr, "test_adapt lag: timed %ld to %ld\n", lo, hi);
    return ortho_test_all(ok, MPI_COMM_WORLD);
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("online selection", NULL, NULL);
    CU_add_test(s, "probe and budget", test_probe_and_budget);
    CU_add_test(s, "short list when the budget pays", test_list_when_paid);
    CU_add_test(s, "agreements with a lag", test_lag);
    CU_add_test(s, "a process that ran ahead", test_ran_ahead);
    CU_add_test(s, "short list on nodes", test_shortlist_nodes);
    CU_add_test(s, "lock and margin", test_lock_and_margin);
    CU_add_test(s, "confirmed against native again", test_confirm_against_native);
    CU_add_test(s, "rare class, failed call, dropped candidates", test_rare_failed_dropped);
    CU_add_test(s, "recheck", test_recheck);
    CU_add_test(s, "watch after the lock", test_watch);
    CU_add_test(s, "drop-ins learn", test_dropins_learn);
    CU_add_test(s, "agreed decision", test_agreed_decision);
}

int main(int argc, char **argv)
{
    const char *mode = getenv("ADAPT_TEST_MODE");
    if (mode != NULL && mode[0] != '\0') {
        MPI_Init(&argc, &argv);
        MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
        int ok = strcmp(mode, "lag") == 0 ? lagged() : round_trip(mode);
        MPI_Finalize();
        return ok ? 0 : 1;
    }
    return ortho_test_main(argc, argv, add_suites);
}
