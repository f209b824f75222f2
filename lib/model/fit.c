/* Least-squares fitting of a form's coefficients with GSL.
 *
 * The forms are linear in their coefficients, t = X c with X[i][j] =
 * phi_j(p_i, b_i), so the fit is gsl_multifit_wlinear (SVD, rank-deficient
 * columns get the minimum-norm solution). Coefficients held at known values
 * are moved to the left side: y_i = t_i - sum_fixed c_j phi_j. Weights are
 * 1 (plain least squares, as in the paper) or 1/t_i^2 (relative: small and
 * large messages count alike). The statistics are on the unweighted scale:
 * R^2 = 1 - SSE/SST, rse = sqrt(SSE/(n - free)), relative errors
 * (predicted - measured)/measured. GSL's error handler is off during the
 * call and the caller's is restored afterwards. */
#include "model/model_private.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_multifit.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

ortho_model_fit_opts ortho_model_fit_opts_default(void)
{
    ortho_model_fit_opts o;
    memset(&o, 0, sizeof o);
    o.relative = 1;
    o.nfolds = 5;
    o.splits = 1;
    o.split_gain = 0.8;
    return o;
}

/* Which coefficients of f are fixed, and at what value. */
static int fixed_coefs(const ortho_model_form_info *f, const ortho_model_fit_opts *o, int fixed[],
                       double value[])
{
    int nfree = 0;
    for (int j = 0; j < f->ncoefs; j++) {
        fixed[j] = 0;
        for (int k = 0; k < o->nfixed && k < ORTHO_MODEL_MAX_COEFS; k++) {
            if (o->fixed_names[k] != NULL && strcmp(o->fixed_names[k], f->coef_names[j]) == 0) {
                fixed[j] = 1;
                value[j] = o->fixed_values[k];
            }
        }
        nfree += !fixed[j];
    }
    return nfree;
}

static void stats(const ortho_model_sample s[], const int idx[], int m, int nfree,
                  ortho_model_entry *e, double rel_err[])
{
    double mean = 0.0, sse = 0.0, sst = 0.0, sumrel = 0.0, maxrel = 0.0;
    for (int i = 0; i < m; i++)
        mean += s[idx[i]].seconds / m;
    for (int i = 0; i < m; i++) {
        const ortho_model_sample *x = &s[idx[i]];
        double t = 0.0, r;
        ortho__entry_eval(NULL, e, x->p, x->bytes, &t);
        sse += (t - x->seconds) * (t - x->seconds);
        sst += (x->seconds - mean) * (x->seconds - mean);
        r = x->seconds != 0.0 ? (t - x->seconds) / x->seconds : 0.0;
        if (rel_err != NULL)
            rel_err[idx[i]] = r;
        sumrel += fabs(r);
        maxrel = fmax(maxrel, fabs(r));
    }
    e->stats.nsamples = m;
    e->stats.r2 = sst > 0.0 ? 1.0 - sse / sst : (sse == 0.0 ? 1.0 : 0.0);
    e->stats.rse = m > nfree ? sqrt(sse / (m - nfree)) : 0.0;
    e->stats.mean_rel = m > 0 ? sumrel / m : 0.0;
    e->stats.max_rel = maxrel;
    e->stats.cv_rel = 0.0;
}

int ortho__fit(int form, const ortho_model_sample s[], const int idx[], int m,
               const ortho_model_fit_opts *opts, ortho_model_entry *e, double rel_err[])
{
    int err = MPI_SUCCESS, fixed[ORTHO_MODEL_MAX_COEFS], nfree, status;
    double value[ORTHO_MODEL_MAX_COEFS] = { 0 }, chisq = 0.0;
    const struct ortho__form *f = &ortho__forms[form];
    gsl_matrix *X = NULL, *cov = NULL;
    gsl_vector *y = NULL, *w = NULL, *c = NULL;
    gsl_multifit_linear_workspace *work = NULL;
    gsl_error_handler_t *saved = gsl_set_error_handler_off();

    nfree = fixed_coefs(&f->info, opts, fixed, value);
    memset(e->coefs, 0, sizeof e->coefs);
    memset(&e->stats, 0, sizeof e->stats);
    e->form = form;
    e->range = ortho_model_range_all();
    if (f->info.composite || m < nfree || m < 1) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    for (int i = 0; i < m; i++)
        if (!(s[idx[i]].seconds > 0.0 || !opts->relative) || s[idx[i]].p < 1 || !(s[idx[i]].bytes >= 0.0))
            err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        goto fn_fail;
    for (int j = 0; j < f->info.ncoefs; j++)
        if (fixed[j])
            e->coefs[j] = value[j];
    if (nfree > 0) {
        X = gsl_matrix_alloc((size_t)m, (size_t)nfree);
        y = gsl_vector_alloc((size_t)m);
        w = gsl_vector_alloc((size_t)m);
        c = gsl_vector_alloc((size_t)nfree);
        cov = gsl_matrix_alloc((size_t)nfree, (size_t)nfree);
        work = gsl_multifit_linear_alloc((size_t)m, (size_t)nfree);
        if (!X || !y || !w || !c || !cov || !work) {
            err = MPI_ERR_NO_MEM;
            goto fn_fail;
        }
        for (int i = 0; i < m; i++) {
            const ortho_model_sample *x = &s[idx[i]];
            double phi[ORTHO_MODEL_MAX_COEFS] = { 0 }, yi = x->seconds;
            int col = 0;
            f->basis(x->p, x->bytes, phi);
            for (int j = 0; j < f->info.ncoefs; j++) {
                if (fixed[j])
                    yi -= value[j] * phi[j];
                else
                    gsl_matrix_set(X, (size_t)i, (size_t)col++, phi[j]);
            }
            gsl_vector_set(y, (size_t)i, yi);
            gsl_vector_set(w, (size_t)i, opts->relative ? 1.0 / (x->seconds * x->seconds) : 1.0);
        }
        status = gsl_multifit_wlinear(X, w, y, c, cov, &chisq, work);
        if (status != GSL_SUCCESS) {
            err = MPI_ERR_OTHER;
            goto fn_fail;
        }
        for (int j = 0, col = 0; j < f->info.ncoefs; j++)
            if (!fixed[j])
                e->coefs[j] = gsl_vector_get(c, (size_t)col++);
        for (int j = 0; j < f->info.ncoefs; j++)
            if (!isfinite(e->coefs[j]))
                err = MPI_ERR_OTHER;
        if (err != MPI_SUCCESS)
            goto fn_fail;
    }
    stats(s, idx, m, nfree, e, rel_err);
fn_exit:
    gsl_multifit_linear_free(work);
    gsl_matrix_free(cov);
    gsl_vector_free(c);
    gsl_vector_free(w);
    gsl_vector_free(y);
    gsl_matrix_free(X);
    gsl_set_error_handler(saved);
    return err;
fn_fail:
    goto fn_exit;
}

int ortho_model_fit(ortho_model_op op, int form, const ortho_model_sample samples[], int n,
                    const ortho_model_fit_opts *opts, ortho_model_entry *entry, double rel_err[])
{
    int err = MPI_SUCCESS, m = 0;
    int *idx = NULL;
    ortho_model_fit_opts def = ortho_model_fit_opts_default();
    if (samples == NULL || n < 0 || entry == NULL || (int)op < 0 || op >= ORTHO_MODEL_NOPS
        || form < 0 || form >= ortho__nforms || !(ortho__forms[form].info.ops & (1u << op))) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    idx = malloc((size_t)(n > 0 ? n : 1) * sizeof *idx);
    if (idx == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_fail;
    }
    if (rel_err != NULL)
        for (int i = 0; i < n; i++)
            rel_err[i] = 0.0;
    for (int i = 0; i < n; i++)
        if (samples[i].op == op)
            idx[m++] = i;
    err = ortho__fit(form, samples, idx, m, opts != NULL ? opts : &def, entry, rel_err);
    entry->op = op;
fn_exit:
    free(idx);
    return err;
fn_fail:
    goto fn_exit;
}
