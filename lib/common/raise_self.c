/* Raising an error that belongs to no communicator, on MPI_COMM_SELF. */
#include "common/raise_self.h"

#include <mpi.h>

#include "common/errors.h"

int ortho__raise_self(int err)
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
