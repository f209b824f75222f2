/* Writing the profile text format (docs/profile-format.md). Coefficients,
 * sizes and parameters are written in the shortest form that reads back
 * exactly; the fit statistics with 4 significant digits. */
#include "model/model_private.h"

#include <math.h>
#include <stdio.h>

static void write_range(FILE *out, const ortho_model_range *r)
{
    char a[48], b[48];
    char key = r->size_is_root ? 'n' : 'b';
    if (r->p_lo == r->p_hi)
        fprintf(out, " p=%d", r->p_lo);
    else if (r->p_lo > 1 && r->p_hi < ORTHO_MODEL_P_ANY)
        fprintf(out, " p=%d-%d", r->p_lo, r->p_hi);
    else if (r->p_lo > 1)
        fprintf(out, " p>=%d", r->p_lo);
    else if (r->p_hi < ORTHO_MODEL_P_ANY)
        fprintf(out, " p<=%d", r->p_hi);
    if (r->size_lo > 0.0) {
        double below = nextafter(r->size_lo, 0.0);
        if (floor(below) == below && below >= 0.0) {
            ortho__size_text(a, sizeof a, below);
            fprintf(out, " %c>%s", key, a);
        } else {
            ortho__size_text(a, sizeof a, r->size_lo);
            fprintf(out, " %c>=%s", key, a);
        }
    }
    if (isfinite(r->size_hi)) {
        double above = nextafter(r->size_hi, INFINITY);
        if (floor(above) == above && floor(r->size_hi) != r->size_hi) {
            ortho__size_text(b, sizeof b, above);
            fprintf(out, " %c<%s", key, b);
        } else {
            ortho__size_text(b, sizeof b, r->size_hi);
            fprintf(out, " %c<=%s", key, b);
        }
    }
    if (r->size_is_root && r->size_lo <= 0.0 && !isfinite(r->size_hi))
        fprintf(out, " n>=0");
}

static void write_entry(FILE *out, const ortho_model_entry *e)
{
    const ortho_model_form_info *f = &ortho__forms[e->form].info;
    char v[48];
    fprintf(out, "%-9s", ortho_model_op_name(e->op));
    write_range(out, &e->range);
    fprintf(out, " %s", f->name);
    for (int j = 0; j < f->ncoefs; j++) {
        ortho__format_seconds(v, sizeof v, e->coefs[j]);
        fprintf(out, " %s=%s", f->coef_names[j], v);
    }
    if (e->stats.nsamples > 0) /* quality figures: 4 digits are enough */
        fprintf(out, " samples=%d r2=%.4g rse=%.4gs mean_rel=%.4g max_rel=%.4g cv_rel=%.4g",
                e->stats.nsamples, e->stats.r2, e->stats.rse, e->stats.mean_rel, e->stats.max_rel,
                e->stats.cv_rel);
    fputc('\n', out);
}

int ortho_model_profile_write_stream(ortho_model_profile_t prof, FILE *out)
{
    int err = MPI_SUCCESS;
    char v[48];
    if (prof == NULL || out == NULL) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    /* version 1 unless there are decisions or curves, so that older readers read it */
    fprintf(out, "ortho-profile %d\n", prof->ndecisions > 0 || prof->ncurves > 0 ? 2 : 1);
    fprintf(out, "# format: docs/profile-format.md\n");
    if (prof->machine != NULL)
        fprintf(out, "machine %s\n", prof->machine);
    for (int i = 0; i < prof->nparams; i++) {
        ortho__format_seconds(v, sizeof v, prof->params[i].value);
        fprintf(out, "param %s %s\n", prof->params[i].name, v);
    }
    for (int i = 0; i < prof->nentries; i++)
        write_entry(out, &prof->entries[i]);
    for (int i = 0; i < prof->ndecisions; i++)
        ortho__decision_write(out, &prof->decisions[i]);
    for (int i = 0; i < prof->ncurves; i++)
        ortho__curve_write(out, &prof->curves[i].c);
    if (fflush(out) != 0 || ferror(out))
        err = MPI_ERR_FILE;
fn_exit:
    return ortho__model_raise(err);
}

int ortho_model_profile_write(ortho_model_profile_t prof, const char *path)
{
    int err = MPI_SUCCESS;
    FILE *out = NULL;
    if (prof == NULL || path == NULL) {
        err = ortho__model_raise(MPI_ERR_ARG);
        goto fn_exit;
    }
    out = fopen(path, "w");
    if (out == NULL) {
        err = ortho__model_raise(MPI_ERR_FILE);
        goto fn_exit;
    }
    err = ortho_model_profile_write_stream(prof, out);
    if (fclose(out) != 0 && err == MPI_SUCCESS)
        err = ortho__model_raise(MPI_ERR_FILE);
fn_exit:
    return err;
}
