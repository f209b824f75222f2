/* Gather as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, binomial trees, n bytes per process):
 *   T = (lg p2 + lg p1) * alpha + ((p2 - 1) + (p1 - 1) * p2) * n * beta
 *     = (lg p2 + lg p1) * alpha + (p - 1) * n * beta
 * Paper: t_ga_2d(p, b) = t_ga(p2, b) + t_ga(p1, p2 * b).
 *
 * Phase 1 gathers every row at its member of the root's column; phase 2
 * gathers the row blocks (p2 blocks each) inside the root's column (on an
 * N-D grid: the same step on the leader grid). The root receives its own
 * row straight into the final buffer and phase 2 runs in place there. The
 * other row leaders do not know the root's datatype, so they hold their
 * row as MPI_PACKED bytes (MPI_PACKED matches any type). A root whose
 * datatype is not contiguous gathers MPI_PACKED bytes too and unpacks them
 * once at the end.
 *
 * Uneven grid: the short last row brings fewer blocks, so the phase that
 * meets it is MPI_Gatherv (the root knows every count). When the root's
 * column lacks the last row, that row gathers at its partner, which sends
 * it straight to its place at the root (one message, overlapped with
 * phase 2). In the recursion a grid's members hold `unit` blocks each
 * except the last, which holds `tail`. */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

/* One level of the gather. At the root, (recvbuf, n, type) holds n
 * elements of type per block (the user's datatype, or MPI_PACKED with n the
 * block's bytes); everybody knows block_bytes, the bytes of one block. */
struct gather_level {
    void *recvbuf;
    int n;
    MPI_Datatype type;
    int root;
    int block_bytes;
    int unit, tail;   /* blocks per member, and of the grid's last member */
};

static int gather_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       const struct gather_level *lv, const struct ortho_grid *grid);

/* Gather over comm at root of members holding unit blocks each, the last
 * one tail blocks, as (per_block, type) per block at the root. */
static int gather_blocks(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         void *recvbuf, int per_block, MPI_Datatype type, int unit, int tail,
                         int root, MPI_Comm comm)
{
    int members, rank, err;
    int *counts = NULL;
    if (unit == tail)
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, unit * per_block, type, root,
                           comm);
    PMPI_Comm_size(comm, &members);
    PMPI_Comm_rank(comm, &rank);
    if (rank == root) {
        counts = malloc(2 * (size_t)members * sizeof(int));
        if (counts == NULL)
            return MPI_ERR_NO_MEM;
        ortho__unit_layout(members, unit * per_block, tail * per_block, counts,
                           counts + members);
    }
    err = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, counts,
                       counts == NULL ? NULL : counts + members, type, root, comm);
    free(counts);
    return err;
}

/* Phase 2 in the root's column, whose members hold `unit` blocks each and
 * the last one `tail`. */
static int gather_column(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                         const struct gather_level *lv, int unit, int tail,
                         const struct ortho_grid *grid)
{
    struct gather_level up = *lv;
    up.root = ortho__row_of(grid, lv->root);
    up.unit = unit;
    up.tail = tail;
    if (grid->leader_grid != NULL)
        return gather_step(sendbuf, sendcount, sendtype, &up, grid->leader_grid);
    return gather_blocks(sendbuf, sendcount, sendtype, lv->recvbuf, lv->n, lv->type, unit, tail,
                         up.root, grid->col_comm);
}

static int gather_step(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       const struct gather_level *lv, const struct ortho_grid *grid)
{
    int unit = lv->unit, tail = lv->tail;
    if (ortho__is_flat(grid))
        return gather_blocks(sendbuf, sendcount, sendtype, lv->recvbuf, lv->n, lv->type, unit,
                             tail, lv->root, grid->comm);

    int p2 = ortho__row_size(grid), r = grid->last_len, last = grid->nrows - 1;
    int root_col = ortho__col_of(grid, lv->root);
    int row = ortho__row_of(grid, grid->rank), col = ortho__col_of(grid, grid->rank);
    int detached = root_col >= r;
    int partner = ortho__short_partner(grid, root_col);
    int row_root = detached && row == last ? partner : root_col;
    int row_tail = row == last ? tail : unit;
    int short_blocks = (r - 1) * unit + tail;
    int column_tail = root_col < r ? short_blocks : p2 * unit;
    void *packed = NULL;
    int err = MPI_SUCCESS;

    if (grid->rank == lv->root) {
        void *slice = ortho__offset(lv->recvbuf, (MPI_Aint)row * p2 * unit * lv->n, lv->type);
        err = gather_blocks(sendbuf, sendcount, sendtype, slice, lv->n, lv->type, unit, row_tail,
                            root_col, grid->row_comm);
        if (!err)
            err = gather_column(MPI_IN_PLACE, 0, MPI_BYTE, lv, p2 * unit, column_tail, grid);
        if (!err && detached)
            err = PMPI_Recv(ortho__offset(lv->recvbuf, (MPI_Aint)last * p2 * unit * lv->n,
                                          lv->type),
                            short_blocks * lv->n, lv->type, last * p2 + partner, ORTHO_TAG,
                            grid->comm, MPI_STATUS_IGNORE);
    } else if (col == row_root) {
        /* A row leader: the row as packed bytes, then phase 2 or the root. */
        int row_bytes = ((ortho__row_len(grid, row) - 1) * unit + row_tail) * lv->block_bytes;
        packed = malloc((size_t)row_bytes + 1);
        if (packed == NULL)
            err = MPI_ERR_NO_MEM;
        if (!err)
            err = gather_blocks(sendbuf, sendcount, sendtype, packed, lv->block_bytes,
                                MPI_PACKED, unit, row_tail, row_root, grid->row_comm);
        if (!err && col == root_col)
            err = gather_column(packed, row_bytes, MPI_PACKED, lv, p2 * unit, column_tail, grid);
        else if (!err)
            err = PMPI_Send(packed, row_bytes, MPI_PACKED, lv->root, ORTHO_TAG, grid->comm);
    } else {
        err = gather_blocks(sendbuf, sendcount, sendtype, NULL, 0, MPI_BYTE, unit, row_tail,
                            row_root, grid->row_comm);
    }
    free(packed);
    return err;
}

/* The root, when its datatype is not contiguous: every phase into one
 * packed buffer in rank order, then one unpack (around its own block if in
 * place). */
static int gather_root_packed(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype,
                              int block_bytes, const struct ortho_grid *grid)
{
    int p = grid->size, me = grid->rank;
    char *packed = malloc((size_t)p * (size_t)block_bytes);
    if (packed == NULL)
        return MPI_ERR_NO_MEM;
    struct gather_level lv = {packed, block_bytes, MPI_PACKED, me, block_bytes, 1, 1};
    int err = gather_step(sendbuf, sendcount, sendtype, &lv, grid);
    if (!err && sendbuf != MPI_IN_PLACE) {
        err = ortho__unpack(packed, p * block_bytes, recvbuf, p * recvcount, recvtype,
                            grid->comm);
    } else if (!err) {
        size_t after = (size_t)(me + 1) * block_bytes;
        err = ortho__unpack(packed, me * block_bytes, recvbuf, me * recvcount, recvtype,
                            grid->comm);
        if (!err)
            err = ortho__unpack(packed + after, (p - me - 1) * block_bytes,
                                ortho__offset(recvbuf, (MPI_Aint)(me + 1) * recvcount, recvtype),
                                (p - me - 1) * recvcount, recvtype, grid->comm);
    }
    free(packed);
    return err;
}

int ortho__gather_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      const struct ortho_grid *grid)
{
    int block_bytes = 0;
    int is_root = grid->rank == root;
    /* Every process derives the same block size (matching signatures), so
     * every process takes the same branch below; p blocks fit an int
     * (steps.h). */
    if (is_root)
        ortho__bytes(recvcount, recvtype, &block_bytes);
    else
        ortho__bytes(sendcount, sendtype, &block_bytes);
    if (block_bytes == 0)
        return MPI_SUCCESS;
    if (is_root && !ortho__type_is_contiguous(recvtype))
        return gather_root_packed(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                  block_bytes, grid);
    struct gather_level lv = {recvbuf, recvcount, recvtype, root, block_bytes, 1, 1};
    return gather_step(sendbuf, sendcount, sendtype, &lv, grid);
}
