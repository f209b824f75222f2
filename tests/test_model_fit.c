/* Fitting and model selection on synthetic samples: times generated from
 * known coefficients with deterministic multiplicative Gaussian noise
 * (a 64-bit LCG and Box-Muller, no rand()). Runs at np 1.
 *
 * Stated tolerances: with 2 % noise on 50 samples every fitted coefficient
 * is within 5 % of the one that generated the data; without noise within
 * 1e-9 relative. (A coefficient whose term is a few % of the time, such as
 * tau of the CLiC log broadcast, is held to an absolute bound instead.) */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ortho.h"
#include "support/mpi_cunit.h"
#include "support/noise.h"

#define MAXS 256

static const int ps[] = { 2, 3, 4, 6, 8, 12, 16, 24, 32, 48 };
static const double bs[] = { 1024, 4096, 16384, 65536, 262144 };

/* Samples of op from form/coefs over ps x bs, times (1 + noise * N(0,1)). */
static int make(ortho_model_op op, const char *form, const double coefs[], double noise,
                unsigned long long seed, const int *pv, int np, ortho_model_sample s[])
{
    struct lcg g = { seed };
    int f = -1, n = 0;
    ortho_model_form_find(op, form, &f);
    for (int i = 0; i < np; i++)
        for (int j = 0; j < 5; j++) {
            double t = 0.0;
            ortho_model_form_eval(f, coefs, pv[i], bs[j], &t);
            s[n].op = op;
            s[n].p = pv[i];
            s[n].bytes = bs[j];
            s[n].seconds = t * (1.0 + noise * lcg_gauss(&g));
            n++;
        }
    return n;
}

static int form_of(ortho_model_op op, const char *name)
{
    int f = -1;
    ortho_model_form_find(op, name, &f);
    return f;
}

static void test_exact(void)
{
    ortho_model_sample s[MAXS];
    ortho_model_entry e;
    const double c[2] = { 0.038e-6, 0.474e-6 }; /* the CLiC broadcast of sec. 3.2 */
    int n = make(ORTHO_MODEL_BCAST, "log", c, 0.0, 1, ps, 10, s);
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_BCAST, form_of(ORTHO_MODEL_BCAST, "log"), s, n, NULL, &e,
                                    NULL), MPI_SUCCESS);
    CU_ASSERT(coefficients_within(e.coefs, c, 2, 1e-9));
    CU_ASSERT(e.stats.nsamples == n && fabs(e.stats.r2 - 1.0) < 1e-12 && e.stats.max_rel < 1e-9);
}

static void test_noisy_gather(void)
{
    ortho_model_sample s[MAXS];
    ortho_model_entry e;
    double rel[MAXS], worst = 0.0;
    const double c[3] = { 50e-6, 2e-9, 0.5e-9 }; /* tau1, tau2, tc */
    int n = make(ORTHO_MODEL_GATHER, "ga", c, 0.02, 42, ps, 10, s), ok = 1;
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_GATHER, form_of(ORTHO_MODEL_GATHER, "ga"), s, n, NULL,
                                    &e, rel), MPI_SUCCESS);
    CU_ASSERT(coefficients_within(e.coefs, c, 3, 0.05));
    CU_ASSERT(e.stats.r2 > 0.99);
    /* rel_err[i] is (predicted - measured)/measured of sample i; stats agree with it */
    for (int i = 0; i < n; i++) {
        double t = 0.0;
        ortho_model_form_eval(e.form, e.coefs, s[i].p, s[i].bytes, &t);
        ok = ok && fabs(rel[i] - (t - s[i].seconds) / s[i].seconds) < 1e-12;
        worst = fmax(worst, fabs(rel[i]));
    }
    CU_ASSERT(ok);
    CU_ASSERT(fabs(worst - e.stats.max_rel) < 1e-15);
    CU_ASSERT(e.stats.max_rel < 0.1 && e.stats.mean_rel < 0.03);
    CU_ASSERT(e.stats.rse > 0.0);
    /* plain least squares recovers them as well */
    {
        ortho_model_fit_opts o = ortho_model_fit_opts_default();
        o.relative = 0;
        CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_GATHER, e.form, s, n, &o, &e, NULL), MPI_SUCCESS);
        CU_ASSERT(coefficients_within(e.coefs, c, 3, 0.05));
    }
}

static void test_noisy_mpich(void)
{
    ortho_model_sample s[MAXS];
    ortho_model_entry e;
    const double bc[2] = { 5e-6, 1e-9 };
    const double rc[3] = { 8e-6, 1.5e-9, 0.4e-9 };
    ortho_model_fit_opts o = ortho_model_fit_opts_default();
    int n = make(ORTHO_MODEL_BCAST, "binomial", bc, 0.02, 7, ps, 10, s);
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_BCAST, form_of(ORTHO_MODEL_BCAST, "binomial"), s, n, NULL,
                                    &e, NULL), MPI_SUCCESS);
    CU_ASSERT(coefficients_within(e.coefs, bc, 2, 0.05));
    /* Rabenseifner reduce: beta and gamma multiply the same (p-1)/p*b, so gamma is held
     * at its known value and alpha, beta are fitted */
    n = make(ORTHO_MODEL_REDUCE, "rabenseifner", rc, 0.02, 9, ps, 10, s);
    o.nfixed = 1;
    o.fixed_names[0] = "gamma";
    o.fixed_values[0] = rc[2];
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_REDUCE, form_of(ORTHO_MODEL_REDUCE, "rabenseifner"), s, n,
                                    &o, &e, NULL), MPI_SUCCESS);
    CU_ASSERT(coefficients_within(e.coefs, rc, 3, 0.05));
    CU_ASSERT(e.coefs[2] == rc[2]);
}

/* The binomial tree whose sends share the sender's link, by hand: alpha
 * 1 us, beta 1 ns/B, b = 1000: on 2 processes one transfer, on 3 two (the
 * root's two children at once), on 16 4 + 3 + 2 + 1 = 10, on 48 the
 * root's 6 children, then a subtree of 16: 6 + 10 = 16; the reduce adds
 * cl b gamma. Fitted from 2 % noise, its coefficients come back within 5 %,
 * and the held-out error tells it from the plain binomial tree. */
static void test_binomial_shared(void)
{
    static const struct { int p; double cl, path; } cases[] = {
        { 2, 1, 1 }, { 3, 2, 2 }, { 16, 4, 10 }, { 48, 6, 16 }, { 1024, 10, 55 },
    };
    const double c[3] = { 1e-6, 1e-9, 0.5e-9 };
    int fb = form_of(ORTHO_MODEL_BCAST, "binomial_shared");
    int fr = form_of(ORTHO_MODEL_REDUCE, "binomial_shared");
    CU_ASSERT(fb >= 0 && fr >= 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double tb = 0.0, tr = 0.0;
        ortho_model_form_eval(fb, c, cases[i].p, 1000.0, &tb);
        ortho_model_form_eval(fr, c, cases[i].p, 1000.0, &tr);
        CU_ASSERT_DOUBLE_EQUAL(tb, cases[i].cl * 1e-6 + cases[i].path * 1e-6, 1e-15);
        CU_ASSERT_DOUBLE_EQUAL(tr, cases[i].cl * 1e-6 + cases[i].path * 1e-6
                                       + cases[i].cl * 0.5e-6, 1e-15);
    }
    ortho_model_sample s[MAXS];
    ortho_model_entry e, pieces[ORTHO_MODEL_MAX_PIECES];
    ortho_model_fit_opts o = ortho_model_fit_opts_default();
    int n = make(ORTHO_MODEL_BCAST, "binomial_shared", c, 0.02, 13, ps, 10, s), np = 0;
    int forms[2] = { form_of(ORTHO_MODEL_BCAST, "binomial"), fb };
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_BCAST, fb, s, n, NULL, &e, NULL), MPI_SUCCESS);
    CU_ASSERT(coefficients_within(e.coefs, c, 2, 0.05));
    o.splits = 0;
    CU_ASSERT_EQUAL(ortho_model_select(ORTHO_MODEL_BCAST, forms, 2, s, n, &o, NULL, pieces, &np),
                    MPI_SUCCESS);
    CU_ASSERT(np == 1 && pieces[0].form == fb);
}

static void test_select_form(void)
{
    ortho_model_sample s[MAXS];
    ortho_model_entry pieces[ORTHO_MODEL_MAX_PIECES];
    ortho_model_fit_opts o = ortho_model_fit_opts_default();
    const double lin[2] = { 0.05e-6, 0.09e-6 }, lg[2] = { 0.04e-6, 0.47e-6 };
    const double ring[2] = { 20e-6, 1e-9 };
    int np = 0, forms[2];
    o.splits = 0;
    forms[0] = form_of(ORTHO_MODEL_BCAST, "lin");
    forms[1] = form_of(ORTHO_MODEL_BCAST, "log");
    /* data from the linear form: the held-out error picks lin (either candidate order) */
    int n = make(ORTHO_MODEL_BCAST, "lin", lin, 0.02, 3, ps, 10, s);
    CU_ASSERT_EQUAL(ortho_model_select(ORTHO_MODEL_BCAST, forms, 2, s, n, &o, NULL, pieces, &np), MPI_SUCCESS);
    CU_ASSERT(np == 1 && pieces[0].form == forms[0]);
    /* data from the logarithmic form: log */
    n = make(ORTHO_MODEL_BCAST, "log", lg, 0.02, 4, ps, 10, s);
    CU_ASSERT_EQUAL(ortho_model_select(ORTHO_MODEL_BCAST, forms, 2, s, n, &o, NULL, pieces, &np), MPI_SUCCESS);
    CU_ASSERT(np == 1 && pieces[0].form == forms[1]);
    CU_ASSERT(pieces[0].stats.cv_rel > 0.0 && pieces[0].stats.cv_rel < 0.05);
    /* allgather from the ring algorithm, candidates ring, Bruck, recursive doubling */
    forms[0] = form_of(ORTHO_MODEL_ALLGATHER, "bruck");
    forms[1] = form_of(ORTHO_MODEL_ALLGATHER, "ring");
    n = make(ORTHO_MODEL_ALLGATHER, "ring", ring, 0.02, 5, ps, 10, s);
    CU_ASSERT_EQUAL(ortho_model_select(ORTHO_MODEL_ALLGATHER, forms, 2, s, n, &o, NULL, pieces, &np),
                    MPI_SUCCESS);
    CU_ASSERT(np == 1 && pieces[0].form == forms[1]);
    CU_ASSERT(coefficients_within(pieces[0].coefs, ring, 2, 0.05));
}

/* The CLiC broadcast of Table II: lin for p <= 4, log for p > 4. */
static void test_select_breakpoint(void)
{
    static const int pv[] = { 2, 3, 4, 5, 6, 8, 12, 16, 24, 32 };
    const double lin[2] = { -0.085e-6, 0.092e-6 }, lg[2] = { 0.038e-6, 0.474e-6 };
    ortho_model_sample s[MAXS], t[MAXS];
    ortho_model_entry pieces[ORTHO_MODEL_MAX_PIECES];
    ortho_model_fit_opts o = ortho_model_fit_opts_default();
    int forms[3], np = 0, n = 0;
    int nl = make(ORTHO_MODEL_BCAST, "lin", lin, 0.01, 11, pv, 3, s);
    int nr = make(ORTHO_MODEL_BCAST, "log", lg, 0.01, 12, pv + 3, 7, t);
    memcpy(s + nl, t, (size_t)nr * sizeof t[0]);
    n = nl + nr;
    forms[0] = form_of(ORTHO_MODEL_BCAST, "lin");
    forms[1] = form_of(ORTHO_MODEL_BCAST, "log");
    forms[2] = form_of(ORTHO_MODEL_BCAST, "binomial");
    CU_ASSERT_EQUAL(ortho_model_select(ORTHO_MODEL_BCAST, forms, 3, s, n, &o, NULL, pieces, &np), MPI_SUCCESS);
    CU_ASSERT_EQUAL(np, 2);
    if (np == 2) {
        CU_ASSERT(pieces[0].form == forms[0] && pieces[0].range.p_hi == 4);
        CU_ASSERT(pieces[1].form == forms[1] && pieces[1].range.p_lo == 5);
        CU_ASSERT(coefficients_within(pieces[0].coefs, lin, 2, 0.05));
        /* tau = 0.038 is small beside tc*log2(p) = 1.1..2.4 (us/B): 1 % noise on the
         * times moves it by up to ~0.02; tc is held to 5 % */
        CU_ASSERT(coefficients_within(pieces[1].coefs + 1, lg + 1, 1, 0.05));
        CU_ASSERT(fabs(pieces[1].coefs[0] - lg[0]) < 0.03e-6);
    }
    /* without splits a single function is returned */
    o.splits = 0;
    CU_ASSERT_EQUAL(ortho_model_select(ORTHO_MODEL_BCAST, forms, 3, s, n, &o, NULL, pieces, &np), MPI_SUCCESS);
    CU_ASSERT_EQUAL(np, 1);
}

static void handler(const char *reason, const char *file, int line, int gsl_errno)
{
    (void)reason;
    (void)file;
    (void)line;
    (void)gsl_errno;
}

static void test_errors_and_handler(void)
{
    ortho_model_sample s[MAXS];
    ortho_model_entry e;
    const double c[3] = { 50e-6, 2e-9, 0.5e-9 };
    int n = make(ORTHO_MODEL_GATHER, "ga", c, 0.0, 1, ps, 1, s); /* 5 samples */
    gsl_error_handler_t *before = gsl_set_error_handler(handler);
    /* the caller's GSL handler is in place after a fit */
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_GATHER, form_of(ORTHO_MODEL_GATHER, "ga"), s, n, NULL, &e,
                                    NULL), MPI_SUCCESS);
    CU_ASSERT(gsl_set_error_handler(before) == handler);
    /* too few samples for the free coefficients */
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_GATHER, form_of(ORTHO_MODEL_GATHER, "ga"), s, 2, NULL, &e,
                                    NULL), MPI_ERR_ARG);
    /* a composite form has nothing to fit */
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_ALLGATHER, form_of(ORTHO_MODEL_ALLGATHER, "gather+bcast"),
                                    s, n, NULL, &e, NULL), MPI_ERR_ARG);
    /* a non-positive time cannot be weighted by 1/t^2 */
    s[0].seconds = 0.0;
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_GATHER, form_of(ORTHO_MODEL_GATHER, "ga"), s, n, NULL, &e,
                                    NULL), MPI_ERR_ARG);
    /* the form must apply to the op */
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_GATHER, form_of(ORTHO_MODEL_ALLGATHER, "ring"), s, n, NULL,
                                    &e, NULL), MPI_ERR_ARG);
}

/* Groups spread over nodes: the where=net ring allgather (alpha 10 us,
 * beta 4 ns) is recovered from groups alone (flows 1), then the sharing
 * factor 0.6 from groups of 2, 4 and 8 nodes with 2, 4 or 8 processes of a
 * node at once: t = A + (1 + 0.6 (F - 1)) B, both with 2 % noise; each
 * within 5 %. Samples of other placements or ops are ignored by the share
 * fit; without a constraining sample it is refused. */
static void test_share_recovered(void)
{
    static const int nodes[] = { 2, 4, 8 }, flows[] = { 2, 4, 8 };
    const double ring[2] = { 10e-6, 4e-9 }, share = 0.6;
    ortho_model_sample s[MAXS];
    ortho_model_entry e;
    ortho_model_profile_t prof = NULL;
    struct lcg g = { 21 };
    double got = 0.0;
    int f = form_of(ORTHO_MODEL_ALLGATHER, "ring");
    int n = make(ORTHO_MODEL_ALLGATHER, "ring", ring, 0.02, 19, nodes, 3, s);
    for (int i = 0; i < n; i++) {
        s[i].where = ORTHO_MODEL_WHERE_NET;
        s[i].flows = 1;
    }
    CU_ASSERT_EQUAL(ortho_model_fit(ORTHO_MODEL_ALLGATHER, f, s, n, NULL, &e, NULL), MPI_SUCCESS);
    CU_ASSERT(coefficients_within(e.coefs, ring, 2, 0.05));
    e.range.where = ORTHO_MODEL_WHERE_NET;
    CU_ASSERT_EQUAL(ortho_model_profile_create(&prof), MPI_SUCCESS);
    CU_ASSERT_EQUAL(ortho_model_profile_add(prof, &e), MPI_SUCCESS);
    n = 0;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < 5; j++) {
                double a = 0.0, t = 0.0;
                ortho_model_form_eval(f, ring, nodes[i], 0.0, &a);
                ortho_model_form_eval(f, ring, nodes[i], bs[j], &t);
                s[n].op = ORTHO_MODEL_ALLGATHER;
                s[n].p = nodes[i];
                s[n].bytes = bs[j];
                s[n].where = ORTHO_MODEL_WHERE_NET;
                s[n].flows = flows[k];
                s[n].seconds = (a + (1.0 + share * (flows[k] - 1)) * (t - a))
                               * (1.0 + 0.02 * lcg_gauss(&g));
                n++;
            }
    s[n] = s[0]; /* consecutive ranks: not a constraint on the factor */
    s[n].where = ORTHO_MODEL_WHERE_ANY;
    s[n++].seconds = 1.0;
    CU_ASSERT_EQUAL(ortho_model_fit_share(prof, ORTHO_MODEL_ALLGATHER, s, n, NULL, &got),
                    MPI_SUCCESS);
    CU_ASSERT(coefficients_within(&got, &share, 1, 0.05));
    CU_ASSERT_EQUAL(ortho_model_fit_share(prof, ORTHO_MODEL_ALLGATHER, s + n - 1, 1, NULL, &got),
                    MPI_ERR_ARG);
    ortho_model_profile_free(&prof);
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("model_fit", NULL, NULL);
    CU_add_test(s, "exact data, exact coefficients", test_exact);
    CU_add_test(s, "gather, 2% noise", test_noisy_gather);
    CU_add_test(s, "MPICH forms, fixed gamma", test_noisy_mpich);
    CU_add_test(s, "binomial tree on a shared link, by hand", test_binomial_shared);
    CU_add_test(s, "selection by held-out error", test_select_form);
    CU_add_test(s, "selection with a breakpoint in p", test_select_breakpoint);
    CU_add_test(s, "errors, GSL handler restored", test_errors_and_handler);
    CU_add_test(s, "across nodes: function and sharing factor, 2% noise", test_share_recovered);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
