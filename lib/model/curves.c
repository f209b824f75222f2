/* Measured curves in a profile (format version 2, docs/profile-format.md):
 * a candidate's measured time at a few sizes, for one drop-in operation
 * and process count, and the prediction between and beyond those sizes.
 *
 * Between measured sizes b_i < b_(i+1) the time is the power law through
 * both points, t = t_i (b / b_i)^a with a = ln(t_(i+1)/t_i) / ln(b_(i+1)/b_i):
 * straight in log-log, where collective times are nearly straight pieces
 * (startup-bound, then bandwidth-bound) and where a jump of the native
 * algorithm between two sizes stays between them. Beyond the measured
 * range the nearest piece is extended. On the evidence of
 * docs/selection.md this ranked the candidates at sizes never measured
 * better than a straight line in b did (90.7% against 90.0% of 540 points
 * within 3% of the best). */
#include "model/model_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int curve_ok(const ortho_model_curve *c)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    if ((int)c->op < 0 || c->op >= ORTHO_OP_COUNT || c->p < 1 || c->n < 2
        || c->n > ORTHO_MODEL_CURVE_MAX
        || ortho_candidate_name(&c->cand, name, (int)sizeof name) != MPI_SUCCESS)
        return 0;
    for (int i = 0; i < c->n; i++) {
        if (!(c->size[i] > 0.0) || !isfinite(c->size[i]) || !(c->seconds[i] > 0.0)
            || !isfinite(c->seconds[i]) || (i > 0 && !(c->size[i] > c->size[i - 1])))
            return 0;
    }
    return 1;
}

/* The curve of (op, p, candidate name), or NULL. */
static const struct ortho__curve *find(ortho_model_profile_t prof, ortho_op op, int p,
                                       const char *name)
{
    for (int i = 0; i < prof->ncurves; i++) {
        const struct ortho__curve *k = &prof->curves[i];
        if (k->c.op == op && k->c.p == p && strcmp(k->name, name) == 0)
            return k;
    }
    return NULL;
}

int ortho_model_profile_add_curve(ortho_model_profile_t prof, const ortho_model_curve *c)
{
    struct ortho__curve k;
    if (prof == NULL || c == NULL || !curve_ok(c))
        return MPI_ERR_ARG;
    k.c = *c;
    ortho_candidate_name(&c->cand, k.name, (int)sizeof k.name);
    if (find(prof, c->op, c->p, k.name) != NULL)
        return MPI_ERR_ARG;
    if (prof->ncurves == prof->ccap) {
        int cap = prof->ccap ? 2 * prof->ccap : 16;
        struct ortho__curve *a = realloc(prof->curves, (size_t)cap * sizeof *a);
        if (a == NULL)
            return MPI_ERR_NO_MEM;
        prof->curves = a;
        prof->ccap = cap;
    }
    prof->curves[prof->ncurves++] = k;
    return MPI_SUCCESS;
}

int ortho_model_profile_ncurves(ortho_model_profile_t prof, int *n)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && n != NULL) {
        *n = prof->ncurves;
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho_model_profile_curve(ortho_model_profile_t prof, int i, ortho_model_curve *c)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && c != NULL && i >= 0 && i < prof->ncurves) {
        *c = prof->curves[i].c;
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho_model_profile_remove_curves(ortho_model_profile_t prof, ortho_op op, int p,
                                      int *removed)
{
    int kept = 0;
    if (prof == NULL || (int)op < 0 || op > ORTHO_OP_COUNT || p < 0)
        return MPI_ERR_ARG;
    for (int i = 0; i < prof->ncurves; i++) {
        const struct ortho__curve *k = &prof->curves[i];
        if ((op == ORTHO_OP_COUNT || k->c.op == op) && (p == 0 || k->c.p == p))
            continue;
        prof->curves[kept++] = *k;
    }
    if (removed != NULL)
        *removed = prof->ncurves - kept;
    prof->ncurves = kept;
    return MPI_SUCCESS;
}

/* The power law through the pair of measured points nearest to b. */
double ortho__curve_eval(const ortho_model_curve *c, double b)
{
    b = b >= 1.0 ? b : 1.0; /* a size of 0 (an empty call) is priced as 1 byte: startup only */
    int i = 0;
    while (i + 2 < c->n && b > c->size[i + 1])
        i++;
    double a = log(c->seconds[i + 1] / c->seconds[i]) / log(c->size[i + 1] / c->size[i]);
    return c->seconds[i] * pow(b / c->size[i], a);
}

int ortho_model_curve_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                              const ortho_candidate *cand, double *seconds)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    const struct ortho__curve *k;
    if (prof == NULL || cand == NULL || seconds == NULL || isnan(bytes)
        || ortho_candidate_name(cand, name, (int)sizeof name) != MPI_SUCCESS)
        return MPI_ERR_ARG;
    if ((k = find(prof, op, p, name)) == NULL)
        return MPI_ERR_UNSUPPORTED_OPERATION;
    *seconds = ortho__curve_eval(&k->c, bytes);
    return MPI_SUCCESS;
}

void ortho__curve_write(FILE *out, const ortho_model_curve *c)
{
    char name[ORTHO_CANDIDATE_NAME_MAX], size[48], t[48];
    ortho_candidate_name(&c->cand, name, (int)sizeof name);
    fprintf(out, "measured %-10s p=%d %s", ortho_op_word(c->op), c->p, name);
    for (int i = 0; i < c->n; i++) {
        ortho__size_text(size, sizeof size, c->size[i]);
        ortho__format_seconds(t, sizeof t, c->seconds[i]);
        fprintf(out, " %s=%s", size, t);
    }
    fputc('\n', out);
}
