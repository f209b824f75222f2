/* The known decision points of the native libraries (ortho_model_switches.h).
 *
 * MPICH: the defaults of its MPIR_CVAR_ thresholds (3.x and 4.x):
 * BCAST_MIN_PROCS 8, BCAST_SHORT_MSG_SIZE 12288, BCAST_LONG_MSG_SIZE
 * 524288 (on b); ALLGATHER_SHORT_MSG_SIZE 81920 and ALLGATHER_LONG_MSG_SIZE
 * 524288 (on the whole receive buffer, p * b); ALLREDUCE_SHORT_MSG_SIZE and
 * REDUCE_SHORT_MSG_SIZE 2048 (on b).
 * Open MPI: the size thresholds of coll/tuned's fixed decision rules in the
 * form SimGrid's ompi selector reproduces (Open MPI 1.x to 3.x): bcast 2048
 * and 370728; allreduce 10000; reduce 512, 2048, 20480 and fewer than 8
 * processes; allgather 50000 on p * b. Open MPI 4.x replaced these rules by
 * tables per communicator size; they are not here. The fit keeps a prior
 * only where it lowers the held-out error (form_pieces.c), so a threshold
 * that does not hold on a machine costs nothing but a try. */
#include "model/model_private.h"

#include <string.h>

struct prior {
    ortho_model_native_lib lib;
    ortho_model_op op;
    ortho_model_split_key key;
    double at;
};

static const struct prior priors[] = {
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_BCAST, ORTHO_MODEL_SPLIT_P, 8 },
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_BCAST, ORTHO_MODEL_SPLIT_BYTES, 12288 },
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_BCAST, ORTHO_MODEL_SPLIT_BYTES, 524288 },
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_ALLGATHER, ORTHO_MODEL_SPLIT_TOTAL, 81920 },
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_ALLGATHER, ORTHO_MODEL_SPLIT_TOTAL, 524288 },
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_ALLREDUCE, ORTHO_MODEL_SPLIT_BYTES, 2048 },
    { ORTHO_MODEL_NATIVE_MPICH, ORTHO_MODEL_REDUCE, ORTHO_MODEL_SPLIT_BYTES, 2048 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_BCAST, ORTHO_MODEL_SPLIT_BYTES, 2048 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_BCAST, ORTHO_MODEL_SPLIT_BYTES, 370728 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_ALLREDUCE, ORTHO_MODEL_SPLIT_BYTES, 10000 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_REDUCE, ORTHO_MODEL_SPLIT_P, 8 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_REDUCE, ORTHO_MODEL_SPLIT_BYTES, 512 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_REDUCE, ORTHO_MODEL_SPLIT_BYTES, 2048 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_REDUCE, ORTHO_MODEL_SPLIT_BYTES, 20480 },
    { ORTHO_MODEL_NATIVE_OMPI, ORTHO_MODEL_ALLGATHER, ORTHO_MODEL_SPLIT_TOTAL, 50000 },
};

static const char *const lib_names[] = { "none", "mpich", "ompi" };

int ortho_model_native_lib_from_version(const char *version, ortho_model_native_lib *lib)
{
    if (version == NULL || lib == NULL)
        return MPI_ERR_ARG;
    if (strncmp(version, "MPICH Version", 13) == 0)
        *lib = ORTHO_MODEL_NATIVE_MPICH;
    else if (strncmp(version, "Open MPI", 8) == 0)
        *lib = ORTHO_MODEL_NATIVE_OMPI;
    else
        *lib = ORTHO_MODEL_NATIVE_NONE;
    return MPI_SUCCESS;
}

int ortho_model_native_lib_from_name(const char *name, ortho_model_native_lib *lib)
{
    if (name == NULL || lib == NULL)
        return MPI_ERR_ARG;
    for (int i = 0; i < (int)(sizeof lib_names / sizeof lib_names[0]); i++)
        if (strcmp(name, lib_names[i]) == 0) {
            *lib = (ortho_model_native_lib)i;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}

const char *ortho_model_native_lib_name(ortho_model_native_lib lib)
{
    return (int)lib >= 0 && (int)lib < (int)(sizeof lib_names / sizeof lib_names[0])
               ? lib_names[lib] : NULL;
}

int ortho_model_native_priors(ortho_model_native_lib lib, ortho_model_op op,
                              ortho_model_breakpoint out[], int max, int *n)
{
    int k = 0;
    if (ortho_model_native_lib_name(lib) == NULL || (int)op < 0 || op >= ORTHO_MODEL_NOPS
        || n == NULL || max < 0 || (out == NULL && max > 0))
        return MPI_ERR_ARG;
    for (size_t i = 0; i < sizeof priors / sizeof priors[0]; i++) {
        if (priors[i].lib != lib || priors[i].op != op)
            continue;
        if (k < max) {
            out[k].op = op;
            out[k].key = priors[i].key;
            out[k].at = priors[i].at;
        }
        k++;
    }
    *n = k;
    return MPI_SUCCESS;
}
