/* Fitting the sharing factor of an operation (structure.c): one
 * coefficient, so a weighted least-squares line through the origin.
 *
 *   t_i - f(p_i, b_i) = s (flows_i - 1) B_i,   B_i = f(p_i, b_i) - f(p_i, 0)
 *
 * with f the profile's where=net function (fitted on groups alone, flows
 * 1): s = sum w x y / sum w x^2, clamped at 0 (sharing never speeds a
 * link up). */
#include "model/model_private.h"

#include <math.h>

int ortho_model_fit_share(ortho_model_profile_t prof, ortho_model_op op,
                          const ortho_model_sample samples[], int n,
                          const ortho_model_fit_opts *opts, double *share)
{
    ortho_model_fit_opts defaults = ortho_model_fit_opts_default();
    double sxy = 0.0, sxx = 0.0;
    if (opts == NULL)
        opts = &defaults;
    if (prof == NULL || share == NULL || (samples == NULL && n > 0) || n < 0 || (int)op < 0
        || op >= ORTHO_MODEL_NOPS)
        return MPI_ERR_ARG;
    for (int i = 0; i < n; i++) {
        const ortho_model_sample *x = &samples[i];
        double full = 0.0, base = 0.0;
        if (x->op != op || x->where != ORTHO_MODEL_WHERE_NET || x->flows < 2 || x->p < 2
            || !(x->seconds > 0.0))
            continue;
        int err = ortho__predict_at(prof, op, x->p, x->bytes, ORTHO_MODEL_WHERE_NET, 1, &full,
                                    NULL, NULL);
        if (!err)
            err = ortho__predict_at(prof, op, x->p, 0.0, ORTHO_MODEL_WHERE_NET, 1, &base, NULL,
                                    NULL);
        if (err)
            return MPI_ERR_ARG;
        double w = opts->relative ? 1.0 / (x->seconds * x->seconds) : 1.0;
        double xi = (x->flows - 1) * (full - base), yi = x->seconds - full;
        sxy += w * xi * yi;
        sxx += w * xi * xi;
    }
    if (!(sxx > 0.0))
        return MPI_ERR_ARG;
    *share = fmax(0.0, sxy / sxx);
    return MPI_SUCCESS;
}
