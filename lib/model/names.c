/* Names of the modelled operations and applications. */
#include "model/model_private.h"

#include <stddef.h>
#include <string.h>

static const char *const op_names[ORTHO_MODEL_NOPS] = {
    "bcast", "reduce", "gather", "scatter", "allreduce", "allgather"
};

const char *ortho_model_op_name(ortho_model_op op)
{
    return (int)op >= 0 && op < ORTHO_MODEL_NOPS ? op_names[op] : NULL;
}

int ortho_model_op_from_name(const char *name, ortho_model_op *op)
{
    int err = MPI_ERR_ARG;
    if (name != NULL && op != NULL) {
        for (int i = 0; i < ORTHO_MODEL_NOPS; i++) {
            if (strcmp(name, op_names[i]) == 0) {
                *op = (ortho_model_op)i;
                err = MPI_SUCCESS;
                break;
            }
        }
    }
    return ortho__model_raise(err);
}

static const char *const app_names[ORTHO_MODEL_NAPPS] = {
    "jacobi-row", "jacobi-col-mb", "jacobi-col-sb", "pab", "pabm"
};

const char *ortho_model_app_name(ortho_model_app app)
{
    return (int)app >= 0 && app < ORTHO_MODEL_NAPPS ? app_names[app] : NULL;
}

int ortho_model_app_from_name(const char *name, ortho_model_app *app)
{
    int err = MPI_ERR_ARG;
    if (name != NULL && app != NULL) {
        for (int i = 0; i < ORTHO_MODEL_NAPPS; i++) {
            if (strcmp(name, app_names[i]) == 0) {
                *app = (ortho_model_app)i;
                err = MPI_SUCCESS;
                break;
            }
        }
    }
    return ortho__model_raise(err);
}
