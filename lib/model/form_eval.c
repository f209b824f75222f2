/* Looking up and evaluating forms; the ranges of profile entries. */
#include "model/model_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

int ortho_model_form_count(void)
{
    return ortho__nforms;
}

int ortho_model_form_info_get(int form, ortho_model_form_info *info)
{
    int err = MPI_ERR_ARG;
    if (form >= 0 && form < ortho__nforms && info != NULL) {
        *info = ortho__forms[form].info;
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho_model_form_find(ortho_model_op op, const char *name, int *form)
{
    int err = MPI_ERR_ARG;
    if (name != NULL && form != NULL && (int)op >= 0 && op < ORTHO_MODEL_NOPS) {
        for (int i = 0; i < ortho__nforms; i++) {
            const ortho_model_form_info *f = &ortho__forms[i].info;
            if ((f->ops & (1u << op)) && strcmp(f->name, name) == 0) {
                *form = i;
                err = MPI_SUCCESS;
                break;
            }
        }
    }
    return err;
}

double ortho__form_basis_eval(int form, const double coefs[], int p, double b)
{
    const struct ortho__form *f = &ortho__forms[form];
    double phi[ORTHO_MODEL_MAX_COEFS] = { 0 };
    double t = 0.0;
    f->basis(p, b, phi);
    for (int j = 0; j < f->info.ncoefs; j++)
        t += coefs[j] * phi[j];
    return t;
}

int ortho_model_form_eval(int form, const double coefs[], int p, double bytes, double *seconds)
{
    int err = MPI_ERR_ARG;
    if (form >= 0 && form < ortho__nforms && !ortho__forms[form].info.composite && coefs != NULL
        && seconds != NULL && p >= 1 && bytes >= 0.0) {
        *seconds = ortho__form_basis_eval(form, coefs, p, bytes);
        err = MPI_SUCCESS;
    }
    return err;
}

int ortho__range_contains(const ortho_model_range *r, int p, double b)
{
    double s = r->size_is_root ? p * b : b;
    return p >= r->p_lo && p <= r->p_hi && s >= r->size_lo && s <= r->size_hi;
}

ortho_model_range ortho_model_range_all(void)
{
    ortho_model_range r = { 1, ORTHO_MODEL_P_ANY, 0, 0.0, INFINITY, ORTHO_MODEL_WHERE_ANY };
    return r;
}
