/* The predicted time of a candidate: from its measured curve when the
 * profile has one for the call's (op, p) (ortho-tune writes them;
 * lib/model/curves.c), else from the runtime functions of the profile:
 * lib/model composes each variant's cost from the native
 * operations' functions (model/variants.h, the formulas that open the
 * variants' files): native, "phases" in either order (the paper's order
 * is ortho_model_predict_grid), rsag, scag and pipe. Allgatherv is
 * predicted as allgather with its mean block. Not predicted
 * (MPI_ERR_UNSUPPORTED_OPERATION): gatherv and scatterv, whose size only
 * the root knows, and a node-aware candidate without dims when the node
 * size is not known. The selector passes the node size of the
 * communicator: with a profile that has the structure terms (where=net
 * functions, share_OP; lib/model/structure.c) the phases that cross nodes
 * are charged for sharing a node's link. */
#include "select/select_private.h"

#include "model/model_private.h"
#include "model/variants.h"

int ortho__select_predict(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                          double bytes, const ortho_candidate *cand, double *seconds)
{
    ortho_model_prediction pred;
    if (seconds == NULL)
        return MPI_ERR_ARG;
    int err = ortho_model_curve_predict(prof, op, p, bytes, cand, seconds);
    if (err != MPI_ERR_UNSUPPORTED_OPERATION)
        return err;
    err = ortho__model_predict_candidate(prof, op, p, node_size, bytes, cand, &pred);
    if (err == MPI_SUCCESS)
        *seconds = pred.total;
    return err;
}

int ortho_select_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                         const ortho_candidate *cand, double *seconds)
{
    /* errors are returned, never raised: "not predicted" is an answer */
    return ortho__select_predict(prof, op, p, 0, bytes, cand, seconds);
}
