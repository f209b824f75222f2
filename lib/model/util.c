/* Small helpers of the model module: error raising, integer logarithms. */
#include "model/model_private.h"

#include "common/errors.h"

int ortho__model_raise(int err)
{
    int init = 0, fini = 0;
    if (err != MPI_SUCCESS) {
        MPI_Initialized(&init);
        MPI_Finalized(&fini);
        if (init && !fini)
            ortho__raise(MPI_COMM_SELF, err);
    }
    return err;
}

int ortho__ceil_log2(int p)
{
    int k = 0;
    while (k < 31 && (1L << k) < (long)p)
        k++;
    return k;
}

int ortho__floor_log2(int p)
{
    int k = 0;
    while (p > 1) {
        p >>= 1;
        k++;
    }
    return k;
}
