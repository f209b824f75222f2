/* Scatter as two phases on a p1 x p2 grid.
 *
 * Cost (alpha-beta, binomial trees, n bytes per process):
 *   T = (lg p1 + lg p2) * alpha + ((p1 - 1) * p2 + (p2 - 1)) * n * beta
 *     = (lg p1 + lg p2) * alpha + (p - 1) * n * beta
 * Paper: t_sc_2d(p, b) = t_sc(p1, p2 * b) + t_sc(p2, b).
 *
 * Phase 1 scatters row slices (p2 blocks each) inside the root's column (on
 * an N-D grid: the same step on the leader grid); phase 2 scatters every
 * slice inside its row. The root keeps its own row slice in place and
 * scatters it from the send buffer. The other row leaders do not know the
 * root's datatype, so they hold their slice as MPI_PACKED bytes (MPI_PACKED
 * matches any type). A process whose datatype is not contiguous receives
 * its block as MPI_PACKED and unpacks it.
 *
 * Uneven grid: the short last row gets fewer blocks, so the phase that
 * meets it is MPI_Scatterv. When the root's column lacks the last row, the
 * root sends that row's slice straight to its partner (one message,
 * overlapped with phase 1). In the recursion a grid's members hold `unit`
 * blocks each except the last, which holds `tail`. */
#include "ortho_2d.h"

#include <stdlib.h>

#include "common/buffers.h"
#include "common/errors.h"
#include "grid/grid_private.h"
#include "ortho2d/steps.h"
#include "ortho2d/uneven.h"

/* One level of the scatter. At the root, (sendbuf, n, type) holds n
 * elements of type per block; everybody knows block_bytes. */
struct scatter_level {
    const void *sendbuf;
    int n;
    MPI_Datatype type;
    int root;
    int block_bytes;
    int unit, tail;   /* blocks per member, and of the grid's last member */
};

static int scatter_step(void *recvbuf, int recvcount, MPI_Datatype recvtype,
                        const struct scatter_level *lv, const struct ortho_grid *grid);

/* Scatter over comm from root to members of unit blocks each, the last one
 * tail blocks, (per_block, type) per block at the root. A member whose
 * datatype is not contiguous receives MPI_PACKED bytes and unpacks them. */
static int scatter_blocks(const void *sendbuf, int per_block, MPI_Datatype type, int unit,
                          int tail, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          int root, MPI_Comm comm)
{
    int members, rank, my_bytes = 0, err = MPI_SUCCESS;
    int *counts = NULL;
    void *packed = NULL, *dst = recvbuf;
    int dst_count = recvcount;
    MPI_Datatype dst_type = recvtype;
    PMPI_Comm_size(comm, &members);
    PMPI_Comm_rank(comm, &rank);
    if (recvbuf != MPI_IN_PLACE && !ortho__type_is_contiguous(recvtype)) {
        err = ortho__bytes(recvcount, recvtype, &my_bytes);
        packed = err ? NULL : malloc((size_t)my_bytes + 1);
        if (!err && packed == NULL)
            err = MPI_ERR_NO_MEM;
        dst = packed;
        dst_count = my_bytes;
        dst_type = MPI_PACKED;
    }
    if (!err && unit != tail && rank == root) {
        counts = malloc(2 * (size_t)members * sizeof(int));
        if (counts == NULL)
            err = MPI_ERR_NO_MEM;
        else
            ortho__unit_layout(members, unit * per_block, tail * per_block, counts,
                               counts + members);
    }
    if (!err && unit == tail)
        err = PMPI_Scatter(sendbuf, unit * per_block, type, dst, dst_count, dst_type, root,
                           comm);
    else if (!err)
        err = PMPI_Scatterv(sendbuf, counts, counts == NULL ? NULL : counts + members, type, dst,
                            dst_count, dst_type, root, comm);
    if (!err && packed != NULL)
        err = ortho__unpack(packed, my_bytes, recvbuf, recvcount, recvtype, comm);
    free(counts);
    free(packed);
    return err;
}

/* Phase 1 in the root's column, whose members hold `unit` blocks each and
 * the last one `tail`. */
static int scatter_column(void *recvbuf, int recvcount, MPI_Datatype recvtype,
                          const struct scatter_level *lv, int unit, int tail,
                          const struct ortho_grid *grid)
{
    struct scatter_level up = *lv;
    up.root = ortho__row_of(grid, lv->root);
    up.unit = unit;
    up.tail = tail;
    if (grid->leader_grid != NULL)
        return scatter_step(recvbuf, recvcount, recvtype, &up, grid->leader_grid);
    return scatter_blocks(lv->sendbuf, lv->n, lv->type, unit, tail, recvbuf, recvcount,
                          recvtype, up.root, grid->col_comm);
}

static int scatter_step(void *recvbuf, int recvcount, MPI_Datatype recvtype,
                        const struct scatter_level *lv, const struct ortho_grid *grid)
{
    int unit = lv->unit, tail = lv->tail;
    if (ortho__is_flat(grid))
        return scatter_blocks(lv->sendbuf, lv->n, lv->type, unit, tail, recvbuf, recvcount,
                              recvtype, lv->root, grid->comm);

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
    MPI_Request req = MPI_REQUEST_NULL;
    int err = MPI_SUCCESS;

    if (grid->rank == lv->root) {
        if (detached)
            err = PMPI_Isend(ortho__offset(lv->sendbuf, (MPI_Aint)last * p2 * unit * lv->n,
                                           lv->type),
                             short_blocks * lv->n, lv->type, last * p2 + partner, ORTHO_TAG,
                             grid->comm, &req);
        if (!err)
            err = scatter_column(MPI_IN_PLACE, 0, MPI_BYTE, lv, p2 * unit, column_tail, grid);
        const void *slice = ortho__offset(lv->sendbuf, (MPI_Aint)row * p2 * unit * lv->n,
                                          lv->type);
        if (!err)
            err = scatter_blocks(slice, lv->n, lv->type, unit, row_tail, recvbuf, recvcount,
                                 recvtype, root_col, grid->row_comm);
        int wait_err = PMPI_Wait(&req, MPI_STATUS_IGNORE);
        err = err ? err : wait_err;
    } else if (col == row_root) {
        /* A row leader: its row's slice as packed bytes, from phase 1 or
         * from the root, then phase 2. */
        int row_bytes = ((ortho__row_len(grid, row) - 1) * unit + row_tail) * lv->block_bytes;
        packed = malloc((size_t)row_bytes + 1);
        if (packed == NULL)
            err = MPI_ERR_NO_MEM;
        if (!err && col == root_col)
            err = scatter_column(packed, row_bytes, MPI_PACKED, lv, p2 * unit, column_tail, grid);
        else if (!err)
            err = PMPI_Recv(packed, row_bytes, MPI_PACKED, lv->root, ORTHO_TAG, grid->comm,
                            MPI_STATUS_IGNORE);
        if (!err)
            err = scatter_blocks(packed, lv->block_bytes, MPI_PACKED, unit, row_tail, recvbuf,
                                 recvcount, recvtype, row_root, grid->row_comm);
    } else {
        err = scatter_blocks(NULL, 0, MPI_BYTE, unit, row_tail, recvbuf, recvcount, recvtype,
                             row_root, grid->row_comm);
    }
    free(packed);
    return err;
}

int ortho__scatter_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       const struct ortho_grid *grid)
{
    int block_bytes = 0;
    int is_root = grid->rank == root;
    /* the same block size everywhere; p blocks fit an int (steps.h) */
    if (is_root)
        ortho__bytes(sendcount, sendtype, &block_bytes);
    else
        ortho__bytes(recvcount, recvtype, &block_bytes);
    if (block_bytes == 0)
        return MPI_SUCCESS;
    struct scatter_level lv = {sendbuf, sendcount, sendtype, root, block_bytes, 1, 1};
    return scatter_step(recvbuf, recvcount, recvtype, &lv, grid);
}
