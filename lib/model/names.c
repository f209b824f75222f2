/* Names of the modelled operations and applications. */
#include "model/model_private.h"

#include <stddef.h>
#include <string.h>

/* The words of the modelled operations: ortho_op_word() below
 * ORTHO_MODEL_NOPS. */
const char *ortho_model_op_name(ortho_model_op op)
{
    return (int)op >= 0 && op < ORTHO_MODEL_NOPS ? ortho_op_word(op) : NULL;
}

int ortho_model_op_from_name(const char *name, ortho_model_op *op)
{
    ortho_op o;
    int err = ortho_op_from_word(name, &o);
    if (!err && o >= ORTHO_MODEL_NOPS)
        err = MPI_ERR_ARG;
    if (!err)
        *op = o;
    return err;
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
    return err;
}
