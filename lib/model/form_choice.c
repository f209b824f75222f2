/* Choosing a runtime function by its error on held-out samples.
 *
 * Cross-validation: the samples of a piece are dealt to opts->nfolds folds
 * (sample i of the piece to fold i % nfolds); each fold is predicted by a
 * fit to the other folds; the score is the RMS relative error of all those
 * predictions. Composite forms have nothing to fit and are scored on all
 * samples. A breakpoint (one in p or one in b, between two measured
 * values) splits the samples into two pieces that each get their own best
 * form; the split is kept only when its score is below opts->split_gain
 * times the unsplit score. The chosen pieces are refitted on all their
 * samples. (Choosing each side's form on the same folds that score the split
 * makes the split's score slightly optimistic; split_gain guards against it.) */
#include "model/model_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct score {
    double sumsq;
    int count;
};

static double rms(struct score s)
{
    return s.count > 0 ? sqrt(s.sumsq / s.count) : INFINITY;
}

static int nfree_of(int form, const ortho_model_fit_opts *o)
{
    const ortho_model_form_info *f = &ortho__forms[form].info;
    int nfree = f->ncoefs;
    for (int j = 0; j < f->ncoefs; j++)
        for (int k = 0; k < o->nfixed && k < ORTHO_MODEL_MAX_COEFS; k++)
            if (o->fixed_names[k] != NULL && strcmp(o->fixed_names[k], f->coef_names[j]) == 0)
                nfree--;
    return nfree;
}

/* Held-out score of one form on the samples idx[0..m-1]; MPI_ERR_ARG when
 * it cannot be scored (too few samples, a failed fit). train: room for m. */
static int cv_form(int form, const ortho_model_sample s[], const int idx[], int m,
                   const ortho_model_fit_opts *o, ortho_model_profile_t prof, int train[],
                   struct score *sc)
{
    int err = MPI_SUCCESS;
    ortho_model_entry e;
    sc->sumsq = 0.0;
    sc->count = 0;
    memset(&e, 0, sizeof e);
    e.form = form;
    if (ortho__forms[form].info.composite) {
        for (int i = 0; i < m && err == MPI_SUCCESS; i++) {
            double t = 0.0, r;
            err = ortho__entry_eval(prof, &e, s[idx[i]].p, s[idx[i]].bytes, &t);
            r = (t - s[idx[i]].seconds) / s[idx[i]].seconds;
            sc->sumsq += r * r;
            sc->count++;
        }
        goto fn_exit;
    }
    if (m < o->nfolds || m - (m + o->nfolds - 1) / o->nfolds < nfree_of(form, o)) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    for (int k = 0; k < o->nfolds && err == MPI_SUCCESS; k++) {
        int nt = 0;
        for (int i = 0; i < m; i++)
            if (i % o->nfolds != k)
                train[nt++] = idx[i];
        err = ortho__fit(form, s, train, nt, o, &e, NULL);
        for (int i = k; i < m && err == MPI_SUCCESS; i += o->nfolds) {
            double t = 0.0, r;
            ortho__entry_eval(NULL, &e, s[idx[i]].p, s[idx[i]].bytes, &t);
            r = (t - s[idx[i]].seconds) / s[idx[i]].seconds;
            sc->sumsq += r * r;
            sc->count++;
        }
    }
fn_exit:
    return err;
}

/* The best candidate for the samples idx[0..m-1]: *form = -1 when none. */
static void best_form(ortho_model_op op, const int forms[], int nforms, const ortho_model_sample s[],
                      const int idx[], int m, const ortho_model_fit_opts *o,
                      ortho_model_profile_t prof, int train[], int *form, struct score *best)
{
    *form = -1;
    best->sumsq = 0.0;
    best->count = 0;
    for (int c = 0; c < nforms; c++) {
        struct score sc;
        int f = forms[c];
        if (f < 0 || f >= ortho__nforms || !(ortho__forms[f].info.ops & (1u << op))
            || (ortho__forms[f].info.composite && prof == NULL))
            continue;
        if (cv_form(f, s, idx, m, o, prof, train, &sc) == MPI_SUCCESS && sc.count > 0
            && isfinite(rms(sc)) && (*form < 0 || rms(sc) < rms(*best))) {
            *form = f;
            *best = sc;
        }
    }
}

/* Final entry of a piece: a fit on all its samples (or the composite). */
static int final_entry(ortho_model_op op, int form, const ortho_model_sample s[], const int idx[],
                       int m, const ortho_model_fit_opts *o, ortho_model_profile_t prof,
                       struct score cv, ortho_model_range range, ortho_model_entry *e)
{
    int err = MPI_SUCCESS;
    memset(e, 0, sizeof *e);
    if (ortho__forms[form].info.composite) {
        double sumrel = 0.0, maxrel = 0.0, mean = 0.0, sse = 0.0, sst = 0.0;
        e->form = form;
        for (int i = 0; i < m; i++)
            mean += s[idx[i]].seconds / m;
        for (int i = 0; i < m; i++) {
            double t = 0.0, y = s[idx[i]].seconds, r;
            ortho__entry_eval(prof, e, s[idx[i]].p, s[idx[i]].bytes, &t);
            r = fabs(t - y) / y;
            sumrel += r;
            maxrel = fmax(maxrel, r);
            sse += (t - y) * (t - y);
            sst += (y - mean) * (y - mean);
        }
        e->stats.nsamples = m;
        e->stats.mean_rel = m > 0 ? sumrel / m : 0.0;
        e->stats.max_rel = maxrel;
        e->stats.r2 = sst > 0.0 ? 1.0 - sse / sst : 0.0;
        e->stats.rse = m > 0 ? sqrt(sse / m) : 0.0;
    } else {
        err = ortho__fit(form, s, idx, m, o, e, NULL);
    }
    e->op = op;
    e->range = range;
    e->stats.cv_rel = rms(cv);
    return err;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Side of a split: 0 left (value <= cut), 1 right. */
static double key_of(const ortho_model_sample *x, int by_p)
{
    return by_p ? (double)x->p : x->bytes;
}

int ortho_model_select(ortho_model_op op, const int forms[], int nforms,
                       const ortho_model_sample samples[], int n, const ortho_model_fit_opts *opts,
                       ortho_model_profile_t prof, ortho_model_entry pieces[], int *npieces)
{
    int err = MPI_SUCCESS, m = 0, form = -1, split_by_p = 0, split_forms[2] = { -1, -1 };
    int *idx = NULL, *side[2] = { NULL, NULL }, *train = NULL, nside[2] = { 0, 0 };
    double *vals = NULL, split_cut = 0.0;
    struct score single, split_sc[2];
    double best_split = INFINITY;
    ortho_model_fit_opts def = ortho_model_fit_opts_default();
    const ortho_model_fit_opts *o = opts != NULL ? opts : &def;

    if (forms == NULL || nforms < 1 || samples == NULL || n < 1 || pieces == NULL || npieces == NULL
        || (int)op < 0 || op >= ORTHO_MODEL_NOPS || o->nfolds < 2) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    idx = malloc((size_t)n * sizeof *idx);
    side[0] = malloc((size_t)n * sizeof *side[0]);
    side[1] = malloc((size_t)n * sizeof *side[1]);
    train = malloc((size_t)n * sizeof *train);
    vals = malloc((size_t)n * sizeof *vals);
    if (!idx || !side[0] || !side[1] || !train || !vals) {
        err = MPI_ERR_NO_MEM;
        goto fn_fail;
    }
    for (int i = 0; i < n; i++)
        if (samples[i].op == op && samples[i].seconds > 0.0)
            idx[m++] = i;
    best_form(op, forms, nforms, samples, idx, m, o, prof, train, &form, &single);
    if (form < 0) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    for (int by_p = 1; o->splits && by_p >= 0; by_p--) {
        int nv = 0;
        for (int i = 0; i < m; i++)
            vals[nv++] = key_of(&samples[idx[i]], by_p);
        qsort(vals, (size_t)nv, sizeof *vals, cmp_double);
        for (int v = 0; v + 1 < nv; v++) {
            int f[2];
            struct score sc[2];
            double cut = vals[v];
            if (vals[v + 1] == cut)
                continue;
            nside[0] = nside[1] = 0;
            for (int i = 0; i < m; i++) {
                int r = key_of(&samples[idx[i]], by_p) > cut;
                side[r][nside[r]++] = idx[i];
            }
            best_form(op, forms, nforms, samples, side[0], nside[0], o, prof, train, &f[0], &sc[0]);
            best_form(op, forms, nforms, samples, side[1], nside[1], o, prof, train, &f[1], &sc[1]);
            if (f[0] >= 0 && f[1] >= 0) {
                struct score all = { sc[0].sumsq + sc[1].sumsq, sc[0].count + sc[1].count };
                if (rms(all) < best_split) {
                    best_split = rms(all);
                    split_by_p = by_p;
                    split_cut = cut;
                    split_forms[0] = f[0];
                    split_forms[1] = f[1];
                    split_sc[0] = sc[0];
                    split_sc[1] = sc[1];
                }
            }
        }
    }
    if (split_forms[0] >= 0 && best_split < o->split_gain * rms(single)) {
        ortho_model_range r[2] = { ortho_model_range_all(), ortho_model_range_all() };
        nside[0] = nside[1] = 0;
        for (int i = 0; i < m; i++) {
            int s = key_of(&samples[idx[i]], split_by_p) > split_cut;
            side[s][nside[s]++] = idx[i];
        }
        if (split_by_p) {
            r[0].p_hi = (int)split_cut;
            r[1].p_lo = (int)split_cut + 1;
        } else {
            r[0].size_hi = split_cut;
            r[1].size_lo = nextafter(split_cut, INFINITY);
        }
        for (int k = 0; k < 2 && err == MPI_SUCCESS; k++)
            err = final_entry(op, split_forms[k], samples, side[k], nside[k], o, prof, split_sc[k],
                              r[k], &pieces[k]);
        *npieces = 2;
    } else {
        err = final_entry(op, form, samples, idx, m, o, prof, single, ortho_model_range_all(),
                          &pieces[0]);
        *npieces = 1;
    }
fn_exit:
    free(vals);
    free(train);
    free(side[1]);
    free(side[0]);
    free(idx);
    return err;
fn_fail:
    goto fn_exit;
}
