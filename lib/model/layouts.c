/* Grid layouts of p processes and the choice of the fastest predicted one. */
#include "model/model_private.h"

#include <stdlib.h>

/* Visit the ordered factorizations of rest into exactly `left` more factors
 * >= 2 after the `depth` already in cur; store while count < cap. */
static void factor(int rest, int left, int depth, ortho_model_layout *cur, ortho_model_layout out[],
                   int cap, int *count)
{
    if (left == 1) {
        cur->dims[depth] = rest;
        if (*count < cap) {
            out[*count] = *cur;
            out[*count].ndims = depth + 1;
        }
        (*count)++;
    } else {
        for (int d = 2; d <= rest / 2; d++) {
            if (rest % d == 0) {
                cur->dims[depth] = d;
                factor(rest / d, left - 1, depth + 1, cur, out, cap, count);
            }
        }
    }
}

int ortho_model_layouts(int p, int maxdims, ortho_model_layout out[], int cap, int *n)
{
    int err = MPI_SUCCESS, count = 0;
    ortho_model_layout cur = { 0, { 0 } };
    if (p < 1 || maxdims < 1 || n == NULL || cap < 0 || (cap > 0 && out == NULL)) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    if (maxdims > ORTHO_GRID_MAX_DIMS)
        maxdims = ORTHO_GRID_MAX_DIMS;
    factor(p, 1, 0, &cur, out, cap, &count);
    for (int k = 2; k <= maxdims; k++)
        factor(p, k, 0, &cur, out, cap, &count);
    *n = count;
fn_exit:
    return err;
}

int ortho_model_choose(ortho_model_profile_t prof, ortho_model_op op, int p, double bytes,
                       int maxdims, ortho_model_layout *best, ortho_model_prediction *pred)
{
    int err = MPI_SUCCESS, n = 0, found = 0;
    ortho_model_layout *all = NULL;
    ortho_model_prediction cur, top;
    if (prof == NULL || best == NULL) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    err = ortho_model_layouts(p, maxdims, NULL, 0, &n);
    if (err != MPI_SUCCESS)
        goto fn_fail;
    all = malloc((size_t)n * sizeof *all);
    if (all == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_fail;
    }
    err = ortho_model_layouts(p, maxdims, all, n, &n);
    for (int i = 0; i < n && err == MPI_SUCCESS; i++) {
        err = ortho_model_predict_grid(prof, op, all[i].ndims, all[i].dims, bytes, &cur);
        if (err == MPI_SUCCESS && (!found || cur.total < top.total)) {
            top = cur;
            *best = all[i];
            found = 1;
        }
    }
    if (err != MPI_SUCCESS)
        goto fn_fail;
    if (pred != NULL)
        *pred = top;
fn_exit:
    free(all);
    return err;
fn_fail:
    goto fn_exit;
}
