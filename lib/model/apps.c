/* The application formulas of the paper's sec. 5, per Jacobi iteration or
 * per PAB/PABM time step, with each collective predicted on a layout
 * (ndims 1: native; 2: formulas (1) and (2) replace t_sb and t_mb):
 *
 *   (3) T_row    = 2 n^2/p t_op + t_mb(p, n/p)
 *   (4) T_col_mb = 2 n^2/p t_op + t_macc(p, n) + t_mb(p, n/p)
 *   (5) T_col_sb = 2 n/p (n-1) t_op + t_acc(p, n) + t_sb(p, n)
 *   C_PAB  = K t_mb(p, n/p)      T_PAB  = K (n/p T_eval + (2K+1) n/p t_op)
 *   C_PABM = K I t_mb(p, n/p)    T_PABM = K I n/p T_eval + K (2K+1) n/p t_op + 3 K I n/p t_op
 *
 * n/p and n elements are n/p * elem_bytes and n * elem_bytes bytes. */
#include "model/model_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static int coll(ortho_model_profile_t prof, const ortho_model_layout *l, ortho_model_op op,
                double bytes, double mult, ortho_model_app_prediction *pred)
{
    int k = pred->ncolls++;
    int err = ortho_model_predict_grid(prof, op, l->ndims, l->dims, bytes, &pred->coll[k]);
    pred->mult[k] = mult;
    pred->comm += mult * pred->coll[k].total;
    return err;
}

int ortho_model_app_predict(ortho_model_profile_t prof, ortho_model_app app,
                            const ortho_model_app_params *a, const ortho_model_layout *layout,
                            ortho_model_app_prediction *pred)
{
    int err = MPI_SUCCESS;
    double p = 1.0, n, np, e, K, iters;
    if (prof == NULL || a == NULL || layout == NULL || pred == NULL || (int)app < 0
        || app >= ORTHO_MODEL_NAPPS || layout->ndims < 1 || layout->ndims > ORTHO_GRID_MAX_DIMS
        || !(a->n > 0.0) || !(a->elem_bytes > 0.0) || !(a->t_op >= 0.0)
        || ((app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM) && (a->K < 1 || !(a->t_eval >= 0.0)))
        || (app == ORTHO_MODEL_PABM && a->I < 1)) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    for (int i = 0; i < layout->ndims; i++)
        p *= layout->dims[i];
    memset(pred, 0, sizeof *pred);
    n = a->n;
    np = n / p;
    e = a->elem_bytes;
    K = a->K;
    iters = a->I;
    switch (app) {
    case ORTHO_MODEL_JACOBI_ROW:
        pred->compute = 2.0 * n * n / p * a->t_op;
        err = coll(prof, layout, ORTHO_MODEL_ALLGATHER, np * e, 1.0, pred);
        break;
    case ORTHO_MODEL_JACOBI_COL_MB:
        pred->compute = 2.0 * n * n / p * a->t_op;
        err = coll(prof, layout, ORTHO_MODEL_ALLREDUCE, n * e, 1.0, pred);
        if (err == MPI_SUCCESS)
            err = coll(prof, layout, ORTHO_MODEL_ALLGATHER, np * e, 1.0, pred);
        break;
    case ORTHO_MODEL_JACOBI_COL_SB:
        pred->compute = 2.0 * np * (n - 1.0) * a->t_op;
        err = coll(prof, layout, ORTHO_MODEL_REDUCE, n * e, 1.0, pred);
        if (err == MPI_SUCCESS)
            err = coll(prof, layout, ORTHO_MODEL_BCAST, n * e, 1.0, pred);
        break;
    case ORTHO_MODEL_PAB:
        pred->compute = K * (np * a->t_eval + (2.0 * K + 1.0) * np * a->t_op);
        err = coll(prof, layout, ORTHO_MODEL_ALLGATHER, np * e, K, pred);
        break;
    default: /* ORTHO_MODEL_PABM */
        pred->compute = K * iters * np * a->t_eval + K * (2.0 * K + 1.0) * np * a->t_op
                        + K * iters * 3.0 * np * a->t_op;
        err = coll(prof, layout, ORTHO_MODEL_ALLGATHER, np * e, K * iters, pred);
        break;
    }
    pred->total = pred->compute + pred->comm;
fn_exit:
    return err;
}
