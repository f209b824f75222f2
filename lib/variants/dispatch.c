/* Which code runs a drop-in call's candidate (variants.h).
 *
 * Rules, for every operation:
 *  - roots and block positions are translated from the caller's order to
 *    the grid's (node-aware grids over a non-consecutive placement):
 *    roots through grid->inv, blocks through counts and displacements in
 *    the grid's order (the v-forms of the paper's phases), or placed by
 *    the variant itself;
 *  - an order or variant that cannot run on this grid or with this
 *    MPI_Op runs what can: the columns order of reductions needs a
 *    commutative op (else the rows order), a reordered grid needs one for
 *    every reduction (else the native call); gather, scatter, allgather
 *    and allgatherv in their non-paper order need an even grid (else the
 *    paper's order), except pipe in the columns order, which runs on
 *    uneven grids too; gatherv and scatterv run the paper's order. */
#include "variants/variants.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

ortho_order ortho__variant_order_on(ortho_variant v, ortho_op op, ortho_order order,
                                   const struct ortho_grid *grid)
{
    ortho_order paper = ortho__order_resolve(v, op, ORTHO_ORDER_PAPER);
    order = ortho__order_resolve(v, op, order);
    switch (op) {
    case ORTHO_OP_GATHERV:
    case ORTHO_OP_SCATTERV:
        return paper;
    case ORTHO_OP_GATHER:
    case ORTHO_OP_SCATTER:
        return ortho__is_uneven(grid) ? paper : order;
    case ORTHO_OP_ALLGATHER:
    case ORTHO_OP_ALLGATHERV:
        return ortho__is_uneven(grid) && !(v == ORTHO_VARIANT_PIPE && order == ORTHO_ORDER_COLS)
                   ? paper
                   : order;
    default:
        return order;
    }
}

int ortho__variant_bcast(const struct ortho__run *run, MPI_Comm comm, void *buf, int count,
                         MPI_Datatype type, int root, const struct ortho_grid *grid)
{
    (void)comm;
    int g = ortho__grid_rank(grid, root);
    if (run->variant == ORTHO_VARIANT_SCAG)
        return run->order == ORTHO_ORDER_COLS ? ortho__bcast_scag_cols(buf, count, type, g, grid)
                                              : ortho__bcast_scag_rows(buf, count, type, g, grid);
    if (run->order == ORTHO_ORDER_ROWS)
        return ortho__bcast_rows(buf, count, type, g, grid);
    return ortho__bcast_run(buf, count, type, g, grid);
}

int ortho__variant_reduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                          const struct ortho_grid *grid)
{
    int commutes = ortho__op_commutes(op);
    if (grid->perm != NULL && !commutes)
        return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
    if (count == 0)
        return MPI_SUCCESS;
    int g = ortho__grid_rank(grid, root);
    int cols = run->order == ORTHO_ORDER_COLS && commutes;
    const void *input = grid->rank == g && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    if (run->variant == ORTHO_VARIANT_RSAG)
        return cols ? ortho__reduce_rsag_cols(input, recvbuf, count, type, op, g, grid)
                    : ortho__reduce_rsag_rows(input, recvbuf, count, type, op, g, grid);
    if (cols)
        return ortho__reduce_cols(input, recvbuf, count, type, op, g, grid);
    return ortho__reduce_run(sendbuf, recvbuf, count, type, op, g, grid);
}

int ortho__variant_allreduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                             const struct ortho_grid *grid)
{
    int commutes = ortho__op_commutes(op);
    if (grid->perm != NULL && !commutes)
        return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
    if (count == 0)
        return MPI_SUCCESS;
    int cols = run->order == ORTHO_ORDER_COLS && commutes;
    if (run->variant == ORTHO_VARIANT_RSAG)
        return cols ? ortho__allreduce_rsag_cols(sendbuf, recvbuf, count, type, op, grid)
                    : ortho__allreduce_rsag_rows(sendbuf, recvbuf, count, type, op, grid);
    if (cols)
        return ortho__allreduce_cols(sendbuf, recvbuf, count, type, op, grid);
    return ortho__allreduce_run(sendbuf, recvbuf, count, type, op, grid);
}

/* counts/displs of p blocks of n elements in the caller's order, listed in
 * the grid's order (by_grid) or the caller's; NULL when out of memory. */
static int *unit_blocks(const struct ortho_grid *grid, int n, int by_grid)
{
    int p = grid->size;
    int *a = malloc(2 * (size_t)p * sizeof(int));
    for (int i = 0; a != NULL && i < p; i++) {
        a[i] = n;
        a[p + i] = (by_grid ? ortho__pos(grid, i) : i) * n;
    }
    return a;
}

/* counts/displs of the caller's order listed in the grid's order. */
static int *permuted(const struct ortho_grid *grid, const int counts[], const int displs[])
{
    int p = grid->size;
    int *a = malloc(2 * (size_t)p * sizeof(int));
    for (int i = 0; a != NULL && i < p; i++) {
        a[i] = counts[ortho__pos(grid, i)];
        a[p + i] = displs[ortho__pos(grid, i)];
    }
    return a;
}

int ortho__variant_gather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root), err;
    if (ortho__mul_int(grid->size, recvcount) < 0 || ortho__mul_int(grid->size, sendcount) < 0)
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           comm);
    if (run->order == ORTHO_ORDER_COLS && !ortho__is_uneven(grid))
        return ortho__gather_cols(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, g,
                                  grid);
    if (grid->perm == NULL)
        return ortho__gather_run(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, g,
                                 grid);
    int *a = NULL;
    if (grid->rank == g && (a = unit_blocks(grid, recvcount, 1)) == NULL)
        return MPI_ERR_NO_MEM;
    if (grid->rank == g && sendbuf == MPI_IN_PLACE) {
        sendbuf = ortho__offset(recvbuf, (MPI_Aint)root * recvcount, recvtype);
        sendcount = recvcount;
        sendtype = recvtype;
    }
    err = ortho__gatherv_run(sendbuf, sendcount, sendtype, recvbuf, a, a != NULL ? a + grid->size : NULL,
                             recvtype, g, grid);
    free(a);
    return err;
}

int ortho__variant_scatter(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root), err;
    if (ortho__mul_int(grid->size, recvcount) < 0 || ortho__mul_int(grid->size, sendcount) < 0)
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                            comm);
    if (run->order == ORTHO_ORDER_ROWS && !ortho__is_uneven(grid))
        return ortho__scatter_rows(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                   g, grid);
    if (grid->perm == NULL)
        return ortho__scatter_run(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = unit_blocks(grid, sendcount, 1)) == NULL)
        return MPI_ERR_NO_MEM;
    err = ortho__scatterv_run(sendbuf, a, a != NULL ? a + grid->size : NULL, sendtype, recvbuf,
                              recvcount, recvtype, g, grid);
    free(a);
    return err;
}

int ortho__variant_allgather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    int block = 0, err;
    if (ortho__bytes(recvcount, recvtype, &block) == MPI_SUCCESS && block == 0)
        return MPI_SUCCESS;
    if (ortho__mul_int(grid->size, recvcount) < 0 ||
        ortho__bytes((MPI_Aint)grid->size * recvcount, recvtype, &block) != MPI_SUCCESS)
        return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    int even = !ortho__is_uneven(grid);
    int pipe = run->variant == ORTHO_VARIANT_PIPE && (even || run->order == ORTHO_ORDER_COLS);
    int cols = run->order == ORTHO_ORDER_COLS && even && !pipe;
    if (!cols && !pipe && grid->perm == NULL)
        return ortho__allgather_run(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                    grid);
    int *a = unit_blocks(grid, recvcount, !cols && !pipe);
    if (a == NULL)
        return MPI_ERR_NO_MEM;
    int p = grid->size;
    if (pipe)
        err = ortho__allgatherv_pipe(sendbuf, sendcount, sendtype, recvbuf, a, a + p, recvtype,
                                     run->order == ORTHO_ORDER_COLS, grid);
    else if (cols)
        err = ortho__allgatherv_cols(sendbuf, sendcount, sendtype, recvbuf, a, a + p, recvtype,
                                     grid);
    else
        err = ortho__allgatherv_run(sendbuf, sendcount, sendtype, recvbuf, a, a + p, recvtype,
                                    grid);
    free(a);
    return err;
}

int ortho__variant_allgatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                              int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                              const struct ortho_grid *grid)
{
    (void)comm;
    if (run->variant == ORTHO_VARIANT_PIPE &&
        (!ortho__is_uneven(grid) || run->order == ORTHO_ORDER_COLS))
        return ortho__allgatherv_pipe(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                      recvtype, run->order == ORTHO_ORDER_COLS, grid);
    if (run->order == ORTHO_ORDER_COLS && !ortho__is_uneven(grid))
        return ortho__allgatherv_cols(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                      displs, recvtype, grid);
    if (grid->perm == NULL)
        return ortho__allgatherv_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, grid);
    int *a = permuted(grid, recvcounts, displs);
    if (a == NULL)
        return MPI_ERR_NO_MEM;
    int err = ortho__allgatherv_run(sendbuf, sendcount, sendtype, recvbuf, a, a + grid->size,
                                    recvtype, grid);
    free(a);
    return err;
}

int ortho__variant_gatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                           int root, const struct ortho_grid *grid)
{
    (void)run;
    (void)comm;
    int g = ortho__grid_rank(grid, root), err;
    if (grid->perm == NULL)
        return ortho__gatherv_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                  recvtype, g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = permuted(grid, recvcounts, displs)) == NULL)
        return MPI_ERR_NO_MEM;
    if (grid->rank == g && sendbuf == MPI_IN_PLACE) {
        sendbuf = ortho__offset(recvbuf, displs[root], recvtype);
        sendcount = recvcounts[root];
        sendtype = recvtype;
    }
    err = ortho__gatherv_run(sendbuf, sendcount, sendtype, recvbuf, a,
                             a != NULL ? a + grid->size : NULL, recvtype, g, grid);
    free(a);
    return err;
}

int ortho__variant_scatterv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                            const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            const struct ortho_grid *grid)
{
    (void)run;
    (void)comm;
    int g = ortho__grid_rank(grid, root), err;
    if (grid->perm == NULL)
        return ortho__scatterv_run(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                   recvtype, g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = permuted(grid, sendcounts, displs)) == NULL)
        return MPI_ERR_NO_MEM;
    err = ortho__scatterv_run(sendbuf, a, a != NULL ? a + grid->size : NULL, sendtype, recvbuf,
                              recvcount, recvtype, g, grid);
    free(a);
    return err;
}
