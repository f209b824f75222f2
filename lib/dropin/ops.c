/* The drop-in functions: MPI's arguments, checked as MPI checks them
 * (common/args.h) before any PMPI_ call, errors raised on the caller's
 * communicator (MPI_COMM_WORLD's handler for MPI_COMM_NULL); then the
 * decision cached by cache.c for the operation and the size class, and the
 * candidate run by variants/dispatch.c on its grid. Intercommunicators,
 * one process and the native decision go to the PMPI_ function.
 *
 * The size class comes from the bytes of the type signature, which are
 * the same on every process whatever (count, datatype) pair each passed
 * and are read from arguments significant everywhere (gather: the root's
 * receive side, the others' send side); gatherv and scatterv have no such
 * size (only the root knows the counts): their class is "unknown". */
#include "ortho_dropin.h"

#include "common/args.h"
#include "common/errors.h"
#include "common/native_calls.h"
#include "dropin/dropin_private.h"
#include "dropin/report.h"
#include "variants/variants.h"

/* The caller's communicator: MPI_SUCCESS with its size, this process's
 * rank and whether it is an intercommunicator, or an error raised; and
 * call->cache, comm's cache when it has one (then MPI is asked nothing
 * more: a cache is only made for an intracommunicator). */
static int open_call(MPI_Comm comm, int *size, int *rank, int *inter,
                     struct ortho__dropin_call *call)
{
    if (comm == MPI_COMM_NULL)
        return ortho__raise(MPI_COMM_NULL, MPI_ERR_COMM);
    call->cache = ortho__dropin_cached(comm, size, rank);
    if (call->cache != NULL) {
        *inter = 0;
        return MPI_SUCCESS;
    }
    int err = PMPI_Comm_test_inter(comm, inter);
    if (!err)
        err = PMPI_Comm_size(comm, size);
    if (!err)
        err = PMPI_Comm_rank(comm, rank);
    return err ? ortho__raise(comm, err) : MPI_SUCCESS;
}

/* A call that goes straight to the PMPI_ function (an intercommunicator
 * or one process): nothing for online selection to do after it; with
 * ORTHO_REPORT, a call on one process is counted in the process-wide
 * tally. Out of line, so that grid_for() stays small enough to inline. */
__attribute__((noinline)) static ortho_grid_t direct(int inter, ortho_op op, double bytes,
                                                     struct ortho__dropin_call *call)
{
    call->x = NULL;
    call->tally = NULL;
    if (!inter && ortho__report_on()) {
        ortho__dropin_report_hook();
        call->tally = ortho__report_single(op, bytes);
        call->tally_shared = 1;
        call->bytes = bytes;
        call->report_start = PMPI_Wtime();
    }
    return NULL;
}

/* The grid of op for `bytes` on comm, or NULL for the PMPI_ call. */
static ortho_grid_t grid_for(MPI_Comm comm, int inter, int size, ortho_op op, double bytes,
                             struct ortho__run *run, struct ortho__dropin_call *call)
{
    if (inter || size < 2)
        return direct(inter, op, bytes, call);
    return ortho__dropin_grid(comm, op, bytes, run, call);
}

int ortho_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter)
        err = root == MPI_PROC_NULL ? MPI_SUCCESS : ortho__args_count_type(count, datatype);
    else
        err = ortho__args_bcast(buffer, count, datatype, root, size);
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_BCAST,
                                 ortho__dropin_bytes(count, datatype), &run, &call);
    if (grid == NULL)
        err = PMPI_Bcast(buffer, count, datatype, root, comm);
    else
        err = ortho__raise(comm, ortho__variant_bcast(&run, comm, buffer, count, datatype, root,
                                                      grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter && root != MPI_PROC_NULL) {
        err = ortho__args_count_type(count, datatype);
        if (!err && op == MPI_OP_NULL)
            err = MPI_ERR_OP;
    } else if (!inter) {
        err = ortho__args_reduce(sendbuf, recvbuf, count, datatype, op, root, rank, size);
    }
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_REDUCE,
                                 ortho__dropin_bytes(count, datatype), &run, &call);
    if (grid == NULL)
        err = ortho__pass_reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    else
        err = ortho__raise(comm, ortho__variant_reduce(&run, comm, sendbuf, recvbuf, count,
                                                       datatype, op, root, grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter) {
        err = ortho__args_count_type(count, datatype);
        if (!err && op == MPI_OP_NULL)
            err = MPI_ERR_OP;
    } else {
        err = ortho__args_allreduce(sendbuf, recvbuf, count, datatype, op);
    }
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_ALLREDUCE,
                                 ortho__dropin_bytes(count, datatype), &run, &call);
    if (grid == NULL)
        err = PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    else
        err = ortho__raise(comm, ortho__variant_allreduce(&run, comm, sendbuf, recvbuf, count,
                                                          datatype, op, grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter && root == MPI_ROOT)
        err = ortho__args_count_type(recvcount, recvtype);
    else if (inter && root != MPI_PROC_NULL)
        err = ortho__args_count_type(sendcount, sendtype);
    else if (!inter)
        err = ortho__args_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 root, rank, size);
    if (err)
        return ortho__raise(comm, err);
    double bytes = rank == root ? ortho__dropin_bytes(recvcount, recvtype)
                                : ortho__dropin_bytes(sendcount, sendtype);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_GATHER, bytes, &run, &call);
    if (grid == NULL)
        err = ortho__pass_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                 root, comm);
    else
        err = ortho__raise(comm, ortho__variant_gather(&run, comm, sendbuf, sendcount, sendtype,
                                                       recvbuf, recvcount, recvtype, root, grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter && root == MPI_ROOT)
        err = ortho__args_count_type(sendcount, sendtype);
    else if (inter && root != MPI_PROC_NULL)
        err = ortho__args_count_type(recvcount, recvtype);
    else if (!inter)
        err = ortho__args_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  root, rank, size);
    if (err)
        return ortho__raise(comm, err);
    double bytes = rank == root ? ortho__dropin_bytes(sendcount, sendtype)
                                : ortho__dropin_bytes(recvcount, recvtype);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_SCATTER, bytes, &run, &call);
    if (grid == NULL)
        err = ortho__pass_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  root, comm);
    else
        err = ortho__raise(comm, ortho__variant_scatter(&run, comm, sendbuf, sendcount, sendtype,
                                                        recvbuf, recvcount, recvtype, root, grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter) {
        err = ortho__args_count_type(recvcount, recvtype);
        if (!err && sendbuf != MPI_IN_PLACE)
            err = ortho__args_count_type(sendcount, sendtype);
    } else {
        err = ortho__args_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    }
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_ALLGATHER,
                                 ortho__dropin_bytes(recvcount, recvtype), &run, &call);
    if (grid == NULL)
        err = ortho__pass_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                    recvtype, comm);
    else
        err = ortho__raise(comm, ortho__variant_allgather(&run, comm, sendbuf, sendcount, sendtype,
                                                          recvbuf, recvcount, recvtype, grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter) {
        err = recvtype == MPI_DATATYPE_NULL ? MPI_ERR_TYPE : MPI_SUCCESS;
        if (!err && sendbuf != MPI_IN_PLACE)
            err = ortho__args_count_type(sendcount, sendtype);
    } else {
        err = ortho__args_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, size);
    }
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = NULL;
    call.x = NULL;
    call.tally = NULL;
    if (!inter) {
        /* the mean block, from the exact total (the same on every process) */
        long long total = 0;
        for (int i = 0; i < size; i++)
            total += recvcounts[i];
        grid = grid_for(comm, inter, size, ORTHO_OP_ALLGATHERV,
                        ortho__dropin_bytes((double)total, recvtype) / size, &run, &call);
    }
    if (grid == NULL)
        err = ortho__pass_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, comm);
    else
        err = ortho__raise(comm, ortho__variant_allgatherv(&run, comm, sendbuf, sendcount, sendtype,
                                                           recvbuf, recvcounts, displs, recvtype,
                                                           grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                  MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter && root == MPI_ROOT)
        err = recvtype == MPI_DATATYPE_NULL ? MPI_ERR_TYPE : MPI_SUCCESS;
    else if (inter && root != MPI_PROC_NULL)
        err = ortho__args_count_type(sendcount, sendtype);
    else if (!inter)
        err = ortho__args_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, root, rank, size);
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_GATHERV, -1.0, &run, &call);
    if (grid == NULL)
        err = ortho__pass_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, root, comm);
    else
        err = ortho__raise(comm, ortho__variant_gatherv(&run, comm, sendbuf, sendcount, sendtype,
                                                        recvbuf, recvcounts, displs, recvtype, root,
                                                        grid));
    return ortho__dropin_done(comm, &call, err);
}

int ortho_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm)
{
    int size, rank, inter;
    struct ortho__run run;
    struct ortho__dropin_call call;
    int err = open_call(comm, &size, &rank, &inter, &call);
    if (err)
        return err;
    if (inter && root == MPI_ROOT)
        err = sendtype == MPI_DATATYPE_NULL ? MPI_ERR_TYPE : MPI_SUCCESS;
    else if (inter && root != MPI_PROC_NULL)
        err = ortho__args_count_type(recvcount, recvtype);
    else if (!inter)
        err = ortho__args_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                   recvtype, root, rank, size);
    if (err)
        return ortho__raise(comm, err);
    ortho_grid_t grid = grid_for(comm, inter, size, ORTHO_OP_SCATTERV, -1.0, &run, &call);
    if (grid == NULL)
        err = ortho__pass_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                   recvtype, root, comm);
    else
        err = ortho__raise(comm, ortho__variant_scatterv(&run, comm, sendbuf, sendcounts, displs,
                                                         sendtype, recvbuf, recvcount, recvtype,
                                                         root, grid));
    return ortho__dropin_done(comm, &call, err);
}
