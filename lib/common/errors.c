/* Raising errors through MPI error handlers. */
#include "common/errors.h"

#include <stddef.h>

int ortho__raise(MPI_Comm comm, int err)
{
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    if (err == MPI_SUCCESS)
        return err;
    /* No object: MPI_COMM_WORLD's handler, as MPICH and Open MPI raise
     * errors of calls on MPI_COMM_NULL. */
    if (comm == MPI_COMM_NULL)
        comm = MPI_COMM_WORLD;
    /* Under MPI_ERRORS_RETURN calling the handler only returns the code;
     * skipping the call is the same, and SimGrid 3.32's SMPI crashes in it
     * (a null function pointer in Errhandler::call). */
    PMPI_Comm_get_errhandler(comm, &handler);
    if (handler != MPI_ERRORS_RETURN)
        PMPI_Comm_call_errhandler(comm, err);
    if (handler != MPI_ERRHANDLER_NULL && handler != MPI_ERRORS_RETURN
        && handler != MPI_ERRORS_ARE_FATAL) /* the reference get_errhandler made */
        PMPI_Errhandler_free(&handler);
    return err;
}

int ortho__check_grid(const struct ortho_grid *grid, int ndims)
{
    if (grid == NULL)
        return ortho__raise(MPI_COMM_NULL, MPI_ERR_ARG);
    if (ndims > 0 && grid->ndims != ndims)
        return ortho__raise(grid->comm, MPI_ERR_DIMS);
    return MPI_SUCCESS;
}

void ortho__errors_returned(MPI_Comm comm, MPI_Errhandler *saved)
{
    PMPI_Comm_get_errhandler(comm, saved);
    PMPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
}

void ortho__errors_restore(MPI_Comm comm, MPI_Errhandler *saved)
{
    /* SimGrid 3.32 gives split communicators no handler (NULL): MPI's
     * default is MPI_ERRORS_ARE_FATAL */
    if (*saved == MPI_ERRHANDLER_NULL) {
        PMPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
        return;
    }
    PMPI_Comm_set_errhandler(comm, *saved);
    if (*saved != MPI_ERRORS_RETURN && *saved != MPI_ERRORS_ARE_FATAL)
        PMPI_Errhandler_free(saved);
}
