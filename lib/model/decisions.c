/* Measured decisions in a profile (format version 2, docs/profile-format.md):
 * for a drop-in operation and a process count, message-size intervals
 * [size_lo, size_hi) mapped to a candidate. The intervals of one (op, p)
 * are kept sorted and disjoint, so that a reader can reject a profile
 * whose intervals overlap or come out of order, naming both lines. */
#include "model/model_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Old names of ortho_op_word() and ortho_op_from_word(), kept for one
 * release (ortho_model.h). */
const char *ortho_model_dropin_op_name(ortho_op op)
{
    return ortho_op_word(op);
}

int ortho_model_dropin_op_from_name(const char *name, ortho_op *op)
{
    return ortho_op_from_word(name, op);
}

static int decision_ok(const ortho_model_decision *d)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    return (int)d->op >= 0 && d->op < ORTHO_OP_COUNT && d->p >= 1 && d->size_lo >= 0.0
           && d->size_lo < d->size_hi && !isnan(d->size_hi) && isfinite(d->size_lo)
           && isfinite(d->gain) && ortho_candidate_name(&d->cand, name, (int)sizeof name) == MPI_SUCCESS;
}

int ortho_model_profile_add_decision(ortho_model_profile_t prof, const ortho_model_decision *d,
                                     int *conflict)
{
    int err = MPI_SUCCESS, last = -1;
    if (conflict != NULL)
        *conflict = -1;
    if (prof == NULL || d == NULL || !decision_ok(d)) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    for (int i = prof->ndecisions - 1; i >= 0 && last < 0; i--)
        if (prof->decisions[i].op == d->op && prof->decisions[i].p == d->p)
            last = i;
    if (last >= 0 && d->size_lo < prof->decisions[last].size_hi) {
        if (conflict != NULL)
            *conflict = last;
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    if (prof->ndecisions == prof->dcap) {
        int cap = prof->dcap ? 2 * prof->dcap : 8;
        ortho_model_decision *a = realloc(prof->decisions, (size_t)cap * sizeof *a);
        if (a == NULL) {
            err = MPI_ERR_NO_MEM;
            goto fn_fail;
        }
        prof->decisions = a;
        prof->dcap = cap;
    }
    prof->decisions[prof->ndecisions++] = *d;
fn_exit:
    return err;
fn_fail:
    goto fn_exit;
}

int ortho_model_profile_ndecisions(ortho_model_profile_t prof, int *n)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && n != NULL) {
        *n = prof->ndecisions;
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho_model_profile_decision(ortho_model_profile_t prof, int i, ortho_model_decision *d)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && d != NULL && i >= 0 && i < prof->ndecisions) {
        *d = prof->decisions[i];
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho_model_profile_remove_decisions(ortho_model_profile_t prof, ortho_op op, int p,
                                         int *removed)
{
    int kept = 0;
    if (prof == NULL || (int)op < 0 || op > ORTHO_OP_COUNT || p < 0)
        return MPI_ERR_ARG;
    for (int i = 0; i < prof->ndecisions; i++) {
        const ortho_model_decision *d = &prof->decisions[i];
        if ((op == ORTHO_OP_COUNT || d->op == op) && (p == 0 || d->p == p))
            continue;
        prof->decisions[kept++] = *d;
    }
    if (removed != NULL)
        *removed = prof->ndecisions - kept;
    prof->ndecisions = kept;
    return MPI_SUCCESS;
}

void ortho__decision_range_text(const ortho_model_decision *d, char *buf, size_t n)
{
    char lo[48], hi[48];
    ortho__size_text(lo, sizeof lo, d->size_lo);
    ortho__size_text(hi, sizeof hi, d->size_hi);
    if (d->size_lo > 0.0 && isfinite(d->size_hi))
        snprintf(buf, n, "b>=%s b<%s", lo, hi);
    else if (d->size_lo > 0.0)
        snprintf(buf, n, "b>=%s", lo);
    else if (isfinite(d->size_hi))
        snprintf(buf, n, "b<%s", hi);
    else
        snprintf(buf, n, "%s", "");
}

void ortho__decision_write(FILE *out, const ortho_model_decision *d)
{
    char range[100], name[ORTHO_CANDIDATE_NAME_MAX];
    ortho__decision_range_text(d, range, sizeof range);
    ortho_candidate_name(&d->cand, name, (int)sizeof name);
    fprintf(out, "decide %-10s p=%d%s%s %s", ortho_op_word(d->op), d->p, range[0] ? " " : "", range,
            name);
    if (d->gain != 0.0)
        fprintf(out, " gain=%.4g", d->gain);
    fputc('\n', out);
}
