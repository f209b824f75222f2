/* Choosing a runtime function by its error on held-out samples.
 *
 * Cross-validation: the samples of a piece are dealt to opts->nfolds folds
 * (sample i of the piece to fold i % nfolds); each fold is predicted by a
 * fit to the other folds; the score is the RMS relative error of all those
 * predictions. Composite forms have nothing to fit and are scored on all
 * samples. The chosen form is refitted on all the piece's samples. Where
 * the samples are cut into pieces is form_pieces.c. */
#include "model/model_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double ortho__score_rms(struct ortho__score s)
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
                   struct ortho__score *sc)
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

void ortho__best_form(ortho_model_op op, const int forms[], int nforms, const ortho_model_sample s[],
                      const int idx[], int m, const ortho_model_fit_opts *o,
                      ortho_model_profile_t prof, int train[], int *form, struct ortho__score *best)
{
    *form = -1;
    best->sumsq = 0.0;
    best->count = 0;
    for (int c = 0; c < nforms; c++) {
        struct ortho__score sc;
        int f = forms[c];
        if (f < 0 || f >= ortho__nforms || !(ortho__forms[f].info.ops & (1u << op))
            || (ortho__forms[f].info.composite && prof == NULL))
            continue;
        if (cv_form(f, s, idx, m, o, prof, train, &sc) == MPI_SUCCESS && sc.count > 0
            && isfinite(ortho__score_rms(sc)) && (*form < 0 || ortho__score_rms(sc) < ortho__score_rms(*best))) {
            *form = f;
            *best = sc;
        }
    }
}

int ortho__final_entry(ortho_model_op op, int form, const ortho_model_sample s[], const int idx[],
                       int m, const ortho_model_fit_opts *o, ortho_model_profile_t prof,
                       struct ortho__score cv, ortho_model_range range, ortho_model_entry *e)
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
    e->stats.cv_rel = ortho__score_rms(cv);
    return err;
}
