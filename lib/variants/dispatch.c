/* Which code runs a drop-in call's candidate (variants.h).
 *
 * Rules, for every operation:
 *  - roots and block positions are translated from the caller's order to
 *    the grid's (node-aware grids over a non-consecutive placement):
 *    roots through grid->inv, blocks through counts and displacements in
 *    the grid's order (the v-forms of the paper's phases), or placed by
 *    the variant itself;
 *  - every operation but the reductions runs on bytes (common/as_bytes.h):
 *    each process's (count, datatype) pair becomes the same count of
 *    MPI_BYTE everywhere, v-layouts become prefix sums, root-only
 *    arguments are read at the root only, so every choice below (and in
 *    the variants) is taken alike on every process; reductions need no
 *    conversion, MPI makes their count and datatype equal everywhere;
 *  - an order or variant that cannot run on this grid or with this
 *    MPI_Op runs what can: the columns order of reductions needs a
 *    commutative op (else the rows order), a reordered grid needs one for
 *    every reduction (else the native call), and so does a datatype
 *    whose data begins below its buffer's address (starts_below());
 *    gather, scatter, allgather
 *    and allgatherv in their non-paper order need an even grid (else the
 *    paper's order), except pipe in the columns order, which runs on
 *    uneven grids too; gatherv and scatterv run the paper's order;
 *  - the segmented pipelines (pipe for bcast, reduce, allreduce; chain;
 *    spread)
 *    take the candidate's segment size or the model's, equal everywhere;
 *    pipe's reductions with a non-commutative op run rsag's rows order
 *    (their stages are MPI_Ireduce / MPI_Iallreduce, whose rank order
 *    SimGrid 3.32 does not keep: it combines in arrival order);
 *    chain runs the rows order only, its reduce with a non-commutative op
 *    in rank order (ending at rank 0, which forwards to the root); spread
 *    runs the rows order only (any plain grid is the same spread; on a
 *    node-aware grid it runs through the nodes, its reduce for a
 *    commutative op only);
 *  - rings runs the rows order only, on full grids (every position of the
 *    box a process: an N-D grid can lack whole rows; else rsag's rows
 *    order for reductions, scag's for bcast, the paper's order for the
 *    others), its reductions with a commutative op (else rsag's rows
 *    order), its allgather, gather and scatter where p times the block
 *    fits an int (the vector of the blocks it works on);
 *  - trees runs on full grids of at most ORTHO__TREES_MAX_PROCS (else
 *    scag's rows order for bcast, rsag's for reduce), its reduce with a commutative op (else rsag's rows
 *    order), the rows order only, with the candidate's segment or the
 *    model's. */
#include "variants/variants.h"

#include <limits.h>
#include <stdlib.h>

#include "common/as_bytes.h"
#include "common/buffers.h"
#include "common/native_calls.h"
#include "ortho2d/steps.h"
#include "variants/common.h"
#include "variants/impl.h"

ortho_order ortho__variant_order_on(ortho_variant v, ortho_op op, ortho_order order,
                                   const struct ortho_grid *grid)
{
    ortho_order paper = ortho__order_resolve(v, op, ORTHO_ORDER_PAPER);
    order = ortho__order_resolve(v, op, order);
    if (ortho__variant_rows_only(v))
        return ORTHO_ORDER_ROWS;
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

/* Whether trees runs on grid: full, and not above its process limit. */
static int trees_run_on(const struct ortho_grid *grid)
{
    return ortho__is_full(grid) && grid->size <= ORTHO__TREES_MAX_PROCS;
}

/* This process's rank in the caller's order. */
static int caller_rank(const struct ortho_grid *grid)
{
    return ortho__pos(grid, grid->rank);
}

static int bcast_bytes(const struct ortho__run *run, void *buf, int n, int root,
                       const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root);
    if (run->variant == ORTHO_VARIANT_PIPE)
        return ortho__bcast_pipe(buf, n, MPI_BYTE, g, run->order != ORTHO_ORDER_COLS,
                                 &run->seg, grid);
    if (run->variant == ORTHO_VARIANT_CHAIN)
        return ortho__bcast_chain(buf, n, MPI_BYTE, g, &run->seg, grid);
    if (run->variant == ORTHO_VARIANT_SPREAD)
        return ortho__bcast_spread(buf, n, MPI_BYTE, g, &run->seg, grid);
    if (run->variant == ORTHO_VARIANT_RINGS && ortho__is_full(grid))
        return ortho__bcast_rings(buf, n, MPI_BYTE, g, grid);
    if (run->variant == ORTHO_VARIANT_TREES && trees_run_on(grid))
        return ortho__bcast_trees(buf, n, MPI_BYTE, g, &run->seg, grid);
    if (ortho__variant_torus(run->variant))
        return ortho__bcast_scag_rows(buf, n, MPI_BYTE, g, grid);
    if (run->variant == ORTHO_VARIANT_SCAG)
        return run->order == ORTHO_ORDER_COLS ? ortho__bcast_scag_cols(buf, n, MPI_BYTE, g, grid)
                                              : ortho__bcast_scag_rows(buf, n, MPI_BYTE, g, grid);
    if (run->order == ORTHO_ORDER_ROWS)
        return ortho__bcast_rows(buf, n, MPI_BYTE, g, grid);
    return ortho__bcast_run(buf, n, MPI_BYTE, g, grid);
}

int ortho__variant_bcast(const struct ortho__run *run, MPI_Comm comm, void *buf, int count,
                         MPI_Datatype type, int root, const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int err = ortho__as_bytes_bcast(buf, count, type, caller_rank(grid) == root, comm, &b);
    if (!err && b.native)
        err = PMPI_Bcast(buf, count, type, root, comm);
    else if (!err && !b.skip)
        err = bcast_bytes(run, b.recvbuf, b.recvbytes, root, grid);
    return ortho__as_bytes_finish(&b, err);
}

/* A datatype whose data begins below the buffer's address (true lower
 * bound < 0). Reductions with it run natively: Open MPI 4.1's ring
 * allreduce corrupts memory with such a type (it crashed natively on 2
 * processes, where ortho's rows and columns would send it), and the
 * natives of the program's own communicator are what the program was
 * tested with. MPI makes the datatype of a reduction equal everywhere. */
static int starts_below(MPI_Datatype type)
{
    MPI_Aint lb = 0, extent = 0;
    return PMPI_Type_get_true_extent(type, &lb, &extent) == MPI_SUCCESS && lb < 0;
}

int ortho__variant_reduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                          const struct ortho_grid *grid)
{
    int commutes = ortho__op_commutes(op);
    if ((grid->perm != NULL && !commutes) || starts_below(type))
        return ortho__pass_reduce(sendbuf, recvbuf, count, type, op, root, comm);
    if (count == 0)
        return MPI_SUCCESS;
    int g = ortho__grid_rank(grid, root);
    int cols = run->order == ORTHO_ORDER_COLS && commutes;
    const void *input = grid->rank == g && sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    if (run->variant == ORTHO_VARIANT_PIPE && commutes)
        return ortho__reduce_pipe(input, recvbuf, count, type, op, g, !cols, &run->seg, grid);
    if (run->variant == ORTHO_VARIANT_PIPE)
        return ortho__reduce_rsag_rows(input, recvbuf, count, type, op, g, grid);
    if (run->variant == ORTHO_VARIANT_CHAIN)
        return ortho__reduce_chain(input, recvbuf, count, type, op, g, &run->seg, grid);
    if (run->variant == ORTHO_VARIANT_SPREAD)
        return ortho__reduce_spread(input, recvbuf, count, type, op, g, &run->seg, grid);
    if (run->variant == ORTHO_VARIANT_RINGS && commutes && ortho__is_full(grid))
        return ortho__reduce_rings(input, recvbuf, count, type, op, g, grid);
    if (run->variant == ORTHO_VARIANT_TREES && commutes && trees_run_on(grid))
        return ortho__reduce_trees(input, recvbuf, count, type, op, g, &run->seg, grid);
    if (ortho__variant_torus(run->variant))
        return ortho__reduce_rsag_rows(input, recvbuf, count, type, op, g, grid);
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
    if ((grid->perm != NULL && !commutes) || starts_below(type))
        return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
    if (count == 0)
        return MPI_SUCCESS;
    int cols = run->order == ORTHO_ORDER_COLS && commutes;
    if (run->variant == ORTHO_VARIANT_PIPE && commutes)
        return ortho__allreduce_pipe(sendbuf, recvbuf, count, type, op, !cols, &run->seg,
                                     grid);
    if (run->variant == ORTHO_VARIANT_RINGS && commutes && ortho__is_full(grid))
        return ortho__allreduce_rings(sendbuf, recvbuf, count, type, op, grid);
    if (run->variant == ORTHO_VARIANT_PIPE || run->variant == ORTHO_VARIANT_RINGS)
        return ortho__allreduce_rsag_rows(sendbuf, recvbuf, count, type, op, grid);
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

/* Gather of n bytes per process; recvbuf significant at the root only. */
static int gather_bytes(const struct ortho__run *run, const void *sendbuf, void *recvbuf, int n,
                        int root, const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root), err;
    if (run->variant == ORTHO_VARIANT_RINGS && ortho__is_full(grid) &&
        (long long)grid->size * n <= INT_MAX)
        return ortho__gather_rings(sendbuf, recvbuf, n, g, grid);
    if (run->order == ORTHO_ORDER_COLS && !ortho__is_uneven(grid))
        return ortho__gather_cols(sendbuf, n, MPI_BYTE, recvbuf, n, MPI_BYTE, g, grid);
    if (grid->perm == NULL)
        return ortho__gather_run(sendbuf, n, MPI_BYTE, recvbuf, n, MPI_BYTE, g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = unit_blocks(grid, n, 1)) == NULL)
        return MPI_ERR_NO_MEM;
    if (grid->rank == g && sendbuf == MPI_IN_PLACE)
        sendbuf = (const char *)recvbuf + (size_t)root * (size_t)n;
    err = ortho__gatherv_run(sendbuf, n, MPI_BYTE, recvbuf, a, a != NULL ? a + grid->size : NULL,
                             MPI_BYTE, g, grid);
    free(a);
    return err;
}

int ortho__variant_gather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int me = caller_rank(grid);
    int err = ortho__as_bytes_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                     me == root, grid->size, me, comm, &b);
    if (!err && b.native)
        err = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    else if (!err && !b.skip)
        err = gather_bytes(run, b.sendbuf, b.recvbuf, b.recvbytes, root, grid);
    return ortho__as_bytes_finish(&b, err);
}

/* Scatter of n bytes per process; sendbuf significant at the root only. */
static int scatter_bytes(const struct ortho__run *run, const void *sendbuf, void *recvbuf, int n,
                         int root, const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root), err;
    if (run->variant == ORTHO_VARIANT_RINGS && ortho__is_full(grid) &&
        (long long)grid->size * n <= INT_MAX)
        return ortho__scatter_rings(sendbuf, recvbuf, n, g, grid);
    if (run->order == ORTHO_ORDER_ROWS && !ortho__is_uneven(grid))
        return ortho__scatter_rows(sendbuf, n, MPI_BYTE, recvbuf, n, MPI_BYTE, g, grid);
    if (grid->perm == NULL)
        return ortho__scatter_run(sendbuf, n, MPI_BYTE, recvbuf, n, MPI_BYTE, g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = unit_blocks(grid, n, 1)) == NULL)
        return MPI_ERR_NO_MEM;
    err = ortho__scatterv_run(sendbuf, a, a != NULL ? a + grid->size : NULL, MPI_BYTE, recvbuf,
                              n, MPI_BYTE, g, grid);
    free(a);
    return err;
}

int ortho__variant_scatter(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int me = caller_rank(grid);
    int err = ortho__as_bytes_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                      recvtype, me == root, grid->size, me, comm, &b);
    if (!err && b.native)
        err = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                           comm);
    else if (!err && !b.skip)
        err = scatter_bytes(run, b.sendbuf, b.recvbuf, b.recvbytes, root, grid);
    return ortho__as_bytes_finish(&b, err);
}

/* Allgather of n bytes per process. */
static int allgather_bytes(const struct ortho__run *run, const void *sendbuf, void *recvbuf,
                           int n, const struct ortho_grid *grid)
{
    int err;
    int even = !ortho__is_uneven(grid);
    if (run->variant == ORTHO_VARIANT_RINGS && ortho__is_full(grid) &&
        (long long)grid->size * n <= INT_MAX)
        return ortho__allgather_rings(sendbuf, recvbuf, n, grid);
    int pipe = run->variant == ORTHO_VARIANT_PIPE && (even || run->order == ORTHO_ORDER_COLS);
    int cols = run->order == ORTHO_ORDER_COLS && even && !pipe;
    if (!cols && !pipe && grid->perm == NULL)
        return ortho__allgather_run(sendbuf, n, MPI_BYTE, recvbuf, n, MPI_BYTE, grid);
    int *a = unit_blocks(grid, n, !cols && !pipe);
    if (a == NULL)
        return MPI_ERR_NO_MEM;
    int p = grid->size;
    if (pipe)
        err = ortho__allgatherv_pipe(sendbuf, n, MPI_BYTE, recvbuf, a, a + p, MPI_BYTE,
                                     run->order == ORTHO_ORDER_COLS, grid);
    else if (cols)
        err = ortho__allgatherv_cols(sendbuf, n, MPI_BYTE, recvbuf, a, a + p, MPI_BYTE, grid);
    else
        err = ortho__allgatherv_run(sendbuf, n, MPI_BYTE, recvbuf, a, a + p, MPI_BYTE, grid);
    free(a);
    return err;
}

int ortho__variant_allgather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int err = ortho__as_bytes_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                        recvtype, grid->size, caller_rank(grid), comm, &b);
    if (!err && b.native)
        err = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    else if (!err && !b.skip)
        err = allgather_bytes(run, b.sendbuf, b.recvbuf, b.recvbytes, grid);
    return ortho__as_bytes_finish(&b, err);
}

/* Allgatherv of bytes: counts and displs (prefix sums) alike everywhere. */
static int allgatherv_bytes(const struct ortho__run *run, const void *sendbuf, int sendcount,
                            void *recvbuf, const int counts[], const int displs[],
                            const struct ortho_grid *grid)
{
    if (run->variant == ORTHO_VARIANT_PIPE &&
        (!ortho__is_uneven(grid) || run->order == ORTHO_ORDER_COLS))
        return ortho__allgatherv_pipe(sendbuf, sendcount, MPI_BYTE, recvbuf, counts, displs,
                                      MPI_BYTE, run->order == ORTHO_ORDER_COLS, grid);
    if (run->order == ORTHO_ORDER_COLS && !ortho__is_uneven(grid))
        return ortho__allgatherv_cols(sendbuf, sendcount, MPI_BYTE, recvbuf, counts, displs,
                                      MPI_BYTE, grid);
    if (grid->perm == NULL)
        return ortho__allgatherv_run(sendbuf, sendcount, MPI_BYTE, recvbuf, counts, displs,
                                     MPI_BYTE, grid);
    int *a = permuted(grid, counts, displs);
    if (a == NULL)
        return MPI_ERR_NO_MEM;
    int err = ortho__allgatherv_run(sendbuf, sendcount, MPI_BYTE, recvbuf, a, a + grid->size,
                                    MPI_BYTE, grid);
    free(a);
    return err;
}

int ortho__variant_allgatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                              int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                              const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int err = ortho__as_bytes_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                         displs, recvtype, grid->size, caller_rank(grid), comm,
                                         &b);
    if (!err && b.native)
        err = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                              recvtype, comm);
    else if (!err && !b.skip)
        err = allgatherv_bytes(run, b.sendbuf, b.sendbytes, b.recvbuf, b.counts, b.displs, grid);
    return ortho__as_bytes_finish(&b, err);
}

/* Gatherv of bytes: counts and displs (prefix sums) at the root only. */
static int gatherv_bytes(const void *sendbuf, int sendcount, void *recvbuf, const int counts[],
                         const int displs[], int root, const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root), err;
    if (grid->perm == NULL)
        return ortho__gatherv_run(sendbuf, sendcount, MPI_BYTE, recvbuf, counts, displs,
                                  MPI_BYTE, g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = permuted(grid, counts, displs)) == NULL)
        return MPI_ERR_NO_MEM;
    if (grid->rank == g && sendbuf == MPI_IN_PLACE) {
        sendbuf = (const char *)recvbuf + displs[root];
        sendcount = counts[root];
    }
    err = ortho__gatherv_run(sendbuf, sendcount, MPI_BYTE, recvbuf, a,
                             a != NULL ? a + grid->size : NULL, MPI_BYTE, g, grid);
    free(a);
    return err;
}

int ortho__variant_gatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                           int root, const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int me = caller_rank(grid);
    (void)run;
    int err = ortho__as_bytes_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                      recvtype, me == root, grid->size, me, root, comm, &b);
    if (!err && b.native)
        err = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                           root, comm);
    else if (!err)
        err = gatherv_bytes(b.sendbuf, b.sendbytes, b.recvbuf, b.counts, b.displs, root, grid);
    return ortho__as_bytes_finish(&b, err);
}

/* Scatterv of bytes: counts and displs (prefix sums) at the root only. */
static int scatterv_bytes(const void *sendbuf, const int counts[], const int displs[],
                          void *recvbuf, int recvcount, int root, const struct ortho_grid *grid)
{
    int g = ortho__grid_rank(grid, root), err;
    if (grid->perm == NULL)
        return ortho__scatterv_run(sendbuf, counts, displs, MPI_BYTE, recvbuf, recvcount,
                                   MPI_BYTE, g, grid);
    int *a = NULL;
    if (grid->rank == g && (a = permuted(grid, counts, displs)) == NULL)
        return MPI_ERR_NO_MEM;
    err = ortho__scatterv_run(sendbuf, a, a != NULL ? a + grid->size : NULL, MPI_BYTE, recvbuf,
                              recvcount, MPI_BYTE, g, grid);
    free(a);
    return err;
}

int ortho__variant_scatterv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                            const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            const struct ortho_grid *grid)
{
    struct ortho__as_bytes b;
    int me = caller_rank(grid);
    (void)run;
    int err = ortho__as_bytes_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                       recvtype, me == root, grid->size, me, root, comm, &b);
    if (!err && b.native)
        err = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                            root, comm);
    else if (!err)
        err = scatterv_bytes(b.sendbuf, b.counts, b.displs, b.recvbuf, b.recvbytes, root, grid);
    return ortho__as_bytes_finish(&b, err);
}
