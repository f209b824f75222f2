/* Raising errors through MPI error handlers, and shared argument checks. */
#include "common/errors.h"

#include <stddef.h>

int ortho__raise(MPI_Comm comm, int err)
{
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    if (err == MPI_SUCCESS)
        return err;
    if (comm == MPI_COMM_NULL)
        comm = MPI_COMM_SELF;
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

int ortho__check_root(const struct ortho_grid *grid, int root)
{
    if (root < 0 || root >= grid->size)
        return ortho__raise(grid->comm, MPI_ERR_ROOT);
    return MPI_SUCCESS;
}

int ortho__check_count(const struct ortho_grid *grid, int count)
{
    if (count < 0)
        return ortho__raise(grid->comm, MPI_ERR_COUNT);
    return MPI_SUCCESS;
}

int ortho__check_type(const struct ortho_grid *grid, MPI_Datatype type)
{
    if (type == MPI_DATATYPE_NULL)
        return ortho__raise(grid->comm, MPI_ERR_TYPE);
    return MPI_SUCCESS;
}

int ortho__check_op(const struct ortho_grid *grid, MPI_Op op)
{
    if (op == MPI_OP_NULL)
        return ortho__raise(grid->comm, MPI_ERR_OP);
    return MPI_SUCCESS;
}

int ortho__counts_ok(const int counts[], const int displs[], int n)
{
    if (n > 0 && (counts == NULL || displs == NULL))
        return MPI_ERR_ARG;
    for (int i = 0; i < n; i++)
        if (counts[i] < 0)
            return MPI_ERR_COUNT;
    return MPI_SUCCESS;
}

int ortho__check_counts(const struct ortho_grid *grid, const int counts[], const int displs[], int n)
{
    return ortho__raise(grid->comm, ortho__counts_ok(counts, displs, n));
}
