/* Cutting a native's samples into pieces where its algorithm changes.
 *
 * Best first: every piece knows its best breakpoint (the cut whose two
 * sides, each with its own best form, have the smallest held-out score);
 * the piece whose cut lowers the summed squared held-out error most is cut,
 * provided the two sides' RMS is below split_gain times the piece's own,
 * until max_pieces or no piece gains. Cuts: the priors first, then between
 * measured p, then between measured b; a later cut replaces an earlier one
 * only when strictly better, so a prior wins over a measured cut that
 * splits the samples the same way, and without priors the order is that of
 * the earlier one-breakpoint ortho_model_select() (its results are unchanged).
 * (Each side's form is chosen on the same folds that score the cut, which
 * makes a cut's score slightly optimistic; split_gain guards against it.) */
#include "model/model_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct cut {
    ortho_model_split_key key;
    double at; /* left: key < at */
};

struct piece {
    int *idx, m;
    ortho_model_range range;
    int form;
    struct ortho__score sc;
    int searched, can_cut; /* its best cut, once searched */
    struct cut cut;
    int side_form[2];
    struct ortho__score side_sc[2];
};

/* Everything the search needs, to keep the argument lists short. */
struct search {
    ortho_model_op op;
    const int *forms;
    int nforms;
    const ortho_model_sample *s;
    const ortho_model_fit_opts *o;
    ortho_model_profile_t prof;
    int *train, *side[2], nside[2];
    double *vals;
};

static double key_of(const ortho_model_sample *x, ortho_model_split_key key)
{
    return key == ORTHO_MODEL_SPLIT_P ? (double)x->p
           : key == ORTHO_MODEL_SPLIT_BYTES ? x->bytes : x->p * x->bytes;
}

/* A piece's sizes are bounded in one quantity: b, or p * b. */
static int cut_fits_range(const ortho_model_range *r, ortho_model_split_key key)
{
    int sized = r->size_lo > 0.0 || isfinite(r->size_hi);
    return key == ORTHO_MODEL_SPLIT_P || !sized
           || r->size_is_root == (key == ORTHO_MODEL_SPLIT_TOTAL);
}

static void cut_range(const ortho_model_range *r, struct cut c, ortho_model_range out[2])
{
    out[0] = out[1] = *r;
    if (c.key == ORTHO_MODEL_SPLIT_P) {
        int at = (int)ceil(c.at);
        out[0].p_hi = at - 1 < r->p_hi ? at - 1 : r->p_hi;
        out[1].p_lo = at > r->p_lo ? at : r->p_lo;
    } else {
        out[0].size_is_root = out[1].size_is_root = c.key == ORTHO_MODEL_SPLIT_TOTAL;
        out[0].size_hi = fmin(r->size_hi, nextafter(c.at, 0.0));
        out[1].size_lo = fmax(r->size_lo, c.at);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Whether the samples idx[0..m) hold at least two process counts and two
 * sizes: a piece measured at one size (or one p) says nothing about how
 * its time grows with the other, however well its folds agree, and a
 * prediction between two measured sizes would come from it alone. */
static int spans_both(const ortho_model_sample *s, const int *idx, int m)
{
    int p2 = 0, b2 = 0;
    for (int i = 1; i < m && !(p2 && b2); i++) {
        p2 |= s[idx[i]].p != s[idx[0]].p;
        b2 |= s[idx[i]].bytes != s[idx[0]].bytes;
    }
    return p2 && b2;
}

/* Score cut c on piece pc; keep it in pc when it is the best so far. */
static void try_cut(struct search *S, struct piece *pc, struct cut c)
{
    int f[2];
    struct ortho__score sc[2], all;
    S->nside[0] = S->nside[1] = 0;
    for (int i = 0; i < pc->m; i++) {
        int r = !(key_of(&S->s[pc->idx[i]], c.key) < c.at);
        S->side[r][S->nside[r]++] = pc->idx[i];
    }
    if (!spans_both(S->s, S->side[0], S->nside[0]) || !spans_both(S->s, S->side[1], S->nside[1]))
        return;
    for (int k = 0; k < 2; k++)
        ortho__best_form(S->op, S->forms, S->nforms, S->s, S->side[k], S->nside[k], S->o,
                         S->prof, S->train, &f[k], &sc[k]);
    if (f[0] < 0 || f[1] < 0)
        return;
    all.sumsq = sc[0].sumsq + sc[1].sumsq;
    all.count = sc[0].count + sc[1].count;
    if (pc->can_cut) {
        struct ortho__score best = { pc->side_sc[0].sumsq + pc->side_sc[1].sumsq,
                                     pc->side_sc[0].count + pc->side_sc[1].count };
        if (!(ortho__score_rms(all) < ortho__score_rms(best)))
            return;
    }
    pc->can_cut = 1;
    pc->cut = c;
    for (int k = 0; k < 2; k++) {
        pc->side_form[k] = f[k];
        pc->side_sc[k] = sc[k];
    }
}

static void search_cut(struct search *S, struct piece *pc, const ortho_model_breakpoint priors[],
                       int npriors)
{
    static const ortho_model_split_key measured[2] = { ORTHO_MODEL_SPLIT_P, ORTHO_MODEL_SPLIT_BYTES };
    pc->searched = 1;
    pc->can_cut = 0;
    for (int k = 0; k < npriors; k++)
        if (priors[k].op == S->op && priors[k].at > 0.0 && cut_fits_range(&pc->range, priors[k].key)
            && (int)priors[k].key >= 0 && priors[k].key <= ORTHO_MODEL_SPLIT_TOTAL) {
            struct cut c = { priors[k].key, priors[k].at };
            try_cut(S, pc, c);
        }
    for (int k = 0; k < 2; k++) {
        if (!cut_fits_range(&pc->range, measured[k]))
            continue;
        for (int i = 0; i < pc->m; i++)
            S->vals[i] = key_of(&S->s[pc->idx[i]], measured[k]);
        qsort(S->vals, (size_t)pc->m, sizeof *S->vals, cmp_double);
        for (int v = 0; v + 1 < pc->m; v++) {
            struct cut c;
            if (S->vals[v + 1] == S->vals[v])
                continue;
            c.key = measured[k];
            c.at = measured[k] == ORTHO_MODEL_SPLIT_P ? S->vals[v] + 1.0
                                                     : nextafter(S->vals[v], INFINITY);
            try_cut(S, pc, c);
        }
    }
}

/* Cut piece pc in two: pc keeps the left side, *right gets the other. */
static void apply_cut(struct search *S, struct piece *pc, struct piece *right)
{
    ortho_model_range r[2];
    int m = pc->m, nl = 0, nr = 0;
    cut_range(&pc->range, pc->cut, r);
    for (int i = 0; i < m; i++) {
        int id = pc->idx[i];
        if (key_of(&S->s[id], pc->cut.key) < pc->cut.at)
            pc->idx[nl++] = id;
        else
            right->idx[nr++] = id;
    }
    right->m = nr;
    right->range = r[1];
    right->form = pc->side_form[1];
    right->sc = pc->side_sc[1];
    right->searched = 0;
    pc->m = nl;
    pc->range = r[0];
    pc->form = pc->side_form[0];
    pc->sc = pc->side_sc[0];
    pc->searched = 0;
}

static int before(const ortho_model_entry *a, const ortho_model_entry *b)
{
    return a->range.p_lo != b->range.p_lo ? a->range.p_lo < b->range.p_lo
                                          : a->range.size_lo < b->range.size_lo;
}

int ortho_model_select_pieces(ortho_model_op op, const int forms[], int nforms,
                              const ortho_model_sample samples[], int n,
                              const ortho_model_fit_opts *opts,
                              const ortho_model_breakpoint priors[], int npriors, int max_pieces,
                              ortho_model_profile_t prof, ortho_model_entry pieces[],
                              int *npieces)
{
    int err = MPI_SUCCESS, np = 1;
    struct piece pc[ORTHO_MODEL_MAX_SWITCH_PIECES];
    int *pool = NULL;
    struct search S;
    ortho_model_fit_opts def = ortho_model_fit_opts_default();
    const ortho_model_fit_opts *o = opts != NULL ? opts : &def;

    memset(&S, 0, sizeof S);
    memset(pc, 0, sizeof pc);
    if (forms == NULL || nforms < 1 || samples == NULL || n < 1 || pieces == NULL
        || npieces == NULL || (int)op < 0 || op >= ORTHO_MODEL_NOPS || o->nfolds < 2
        || max_pieces < 1 || max_pieces > ORTHO_MODEL_MAX_SWITCH_PIECES || npriors < 0
        || (priors == NULL && npriors > 0))
        return MPI_ERR_ARG;
    if (!o->splits)
        max_pieces = 1;
    pool = malloc((size_t)n * (size_t)(max_pieces + 3) * sizeof *pool);
    S.vals = malloc((size_t)n * sizeof *S.vals);
    if (pool == NULL || S.vals == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    S.op = op;
    S.forms = forms;
    S.nforms = nforms;
    S.s = samples;
    S.o = o;
    S.prof = prof;
    S.train = pool + (size_t)n * (size_t)max_pieces;
    S.side[0] = S.train + n;
    S.side[1] = S.side[0] + n;
    for (int k = 0; k < max_pieces; k++)
        pc[k].idx = pool + (size_t)n * (size_t)k;
    for (int i = 0; i < n; i++)
        if (samples[i].op == op && samples[i].seconds > 0.0)
            pc[0].idx[pc[0].m++] = i;
    pc[0].range = ortho_model_range_all();
    ortho__best_form(op, forms, nforms, samples, pc[0].idx, pc[0].m, o, prof, S.train,
                     &pc[0].form, &pc[0].sc);
    if (pc[0].form < 0) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    while (np < max_pieces) {
        int best = -1;
        double best_gain = 0.0;
        for (int k = 0; k < np; k++) {
            struct ortho__score both;
            double gain;
            if (!pc[k].searched)
                search_cut(&S, &pc[k], priors, npriors);
            if (!pc[k].can_cut)
                continue;
            both.sumsq = pc[k].side_sc[0].sumsq + pc[k].side_sc[1].sumsq;
            both.count = pc[k].side_sc[0].count + pc[k].side_sc[1].count;
            gain = pc[k].sc.sumsq - both.sumsq;
            if (ortho__score_rms(both) < o->split_gain * ortho__score_rms(pc[k].sc)
                && (best < 0 || gain > best_gain)) {
                best = k;
                best_gain = gain;
            }
        }
        if (best < 0)
            break;
        apply_cut(&S, &pc[best], &pc[np]);
        np++;
    }
    for (int k = 0; k < np && err == MPI_SUCCESS; k++)
        err = ortho__final_entry(op, pc[k].form, samples, pc[k].idx, pc[k].m, o, prof, pc[k].sc,
                                 pc[k].range, &pieces[k]);
    for (int k = 1; k < np && err == MPI_SUCCESS; k++) /* insertion sort: by p, then size */
        for (int j = k; j > 0 && before(&pieces[j], &pieces[j - 1]); j--) {
            ortho_model_entry t = pieces[j];
            pieces[j] = pieces[j - 1];
            pieces[j - 1] = t;
        }
    if (err == MPI_SUCCESS)
        *npieces = np;
fn_exit:
    free(S.vals);
    free(pool);
    return err;
}

int ortho_model_select(ortho_model_op op, const int forms[], int nforms,
                       const ortho_model_sample samples[], int n, const ortho_model_fit_opts *opts,
                       ortho_model_profile_t prof, ortho_model_entry pieces[], int *npieces)
{
    return ortho_model_select_pieces(op, forms, nforms, samples, n, opts, NULL, 0,
                                     ORTHO_MODEL_MAX_PIECES, prof, pieces, npieces);
}
