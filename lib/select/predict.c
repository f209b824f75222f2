/* The predicted time of a candidate, from the runtime functions of a
 * profile (lib/model).
 *
 *   native                      t(op, p, b)                 ortho_model_predict
 *   phases, the paper's order   one phase per dimension     ortho_model_predict_grid
 *   (bcast, scatter: the leader group first; the others: the rows first)
 *
 * Allgatherv is predicted as allgather with its mean block. Not predicted
 * (MPI_ERR_UNSUPPORTED_OPERATION): gatherv and scatterv (only the root
 * knows the size), the other phase order, the rsag and scag variants and
 * node-aware grids. Their cost formulas open their files in lib/variants/;
 * as model forms (lib/model) they belong to the variants' work (issue 6),
 * and this is the one place to call them from once they exist. */
#include "select/select_private.h"

#include <math.h>
#include <string.h>

#include "model/model_private.h"

/* The model's operation for a drop-in op; -1 when there is none. */
static int model_op(ortho_op op)
{
    if ((int)op >= 0 && op < (ortho_op)ORTHO_MODEL_NOPS)
        return (int)op; /* the first six have the same values */
    return op == ORTHO_OP_ALLGATHERV ? (int)ORTHO_MODEL_ALLGATHER : -1;
}

/* The order "phases" runs in when asked for the paper's (as the drop-ins
 * resolve it): the leader group first for bcast and scatter. */
static ortho_order paper_order(ortho_op op)
{
    return op == ORTHO_OP_BCAST || op == ORTHO_OP_SCATTER || op == ORTHO_OP_SCATTERV
               ? ORTHO_ORDER_COLS
               : ORTHO_ORDER_ROWS;
}

int ortho__select_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                          const ortho_candidate *cand, double *seconds)
{
    int mop = model_op(op), prod = 1;
    ortho_model_prediction pred;
    if (prof == NULL || cand == NULL || seconds == NULL || p < 1 || !(bytes >= 0.0)
        || !isfinite(bytes))
        return MPI_ERR_ARG;
    if (mop < 0)
        return MPI_ERR_UNSUPPORTED_OPERATION;
    if (cand->variant == ORTHO_VARIANT_NATIVE)
        return ortho__predict(prof, (ortho_model_op)mop, p, bytes, seconds);
    if (cand->variant != ORTHO_VARIANT_PHASES || cand->node_aware
        || (cand->order != ORTHO_ORDER_PAPER && cand->order != paper_order(op)))
        return MPI_ERR_UNSUPPORTED_OPERATION;
    if (cand->ndims < 2) /* the default layout or one phase: not a plain box here */
        return MPI_ERR_UNSUPPORTED_OPERATION;
    for (int i = 0; i < cand->ndims; i++) {
        if (cand->dims[i] < 1)
            return MPI_ERR_UNSUPPORTED_OPERATION;
        prod *= cand->dims[i];
    }
    if (prod != p) /* uneven grids: not in the model */
        return MPI_ERR_UNSUPPORTED_OPERATION;
    int err = ortho__predict_grid(prof, (ortho_model_op)mop, cand->ndims, cand->dims, bytes, &pred);
    if (err == MPI_SUCCESS)
        *seconds = pred.total;
    return err;
}

int ortho_select_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                         const ortho_candidate *cand, double *seconds)
{
    int err = ortho__select_predict(prof, op, p, bytes, cand, seconds);
    /* "not predicted" is an answer, not an error to raise */
    return err == MPI_ERR_UNSUPPORTED_OPERATION ? err : ortho__model_raise(err);
}
