/* Shared-memory nodes and node-aware grids.
 *
 * A node-aware grid's rows are the processes of one shared-memory node
 * (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED; under SimGrid SMPI one
 * host) and its columns are the lanes: one process per node, the same
 * local rank on each. The grid's communicator lists the processes node by
 * node, local ranks in order, so the row-major machinery of every
 * operation applies unchanged; where the placement is not consecutive
 * (e.g. round-robin) that order differs from the caller's and grid->perm
 * maps it back. Nodes of different sizes fit when all but one have the
 * same size and that one is smaller: it becomes the short last row of an
 * uneven grid. Other placements get a plain grid (the fallback). */
#include "grid/grid_private.h"

#include <stdlib.h>
#include <string.h>

#include "common/errors.h"

void ortho__nodes_free(struct ortho__nodes **nodes)
{
    if (nodes == NULL || *nodes == NULL)
        return;
    free((*nodes)->node_of);
    free(*nodes);
    *nodes = NULL;
}

int ortho__nodes_detect(MPI_Comm comm, struct ortho__nodes **out)
{
    int err, rank, size, local = 0, leader = 0;
    MPI_Comm node_comm = MPI_COMM_NULL;
    int *pairs = NULL;
    struct ortho__nodes *nodes = NULL;
    *out = NULL;
    PMPI_Comm_rank(comm, &rank);
    PMPI_Comm_size(comm, &size);
    err = ortho__comm_make_failed(comm, PMPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank,
                                                             MPI_INFO_NULL, &node_comm));
    if (!err) {
        PMPI_Comm_rank(node_comm, &local);
        err = PMPI_Allreduce(&rank, &leader, 1, MPI_INT, MPI_MIN, node_comm);
        PMPI_Comm_free(&node_comm);
    }
    nodes = calloc(1, sizeof *nodes);
    pairs = malloc(2 * (size_t)size * sizeof(int));
    if (!err && (nodes == NULL || pairs == NULL))
        err = MPI_ERR_NO_MEM;
    /* node_of, local_of and sizes in one block */
    if (!err && (nodes->node_of = malloc(3 * (size_t)size * sizeof(int))) == NULL)
        err = MPI_ERR_NO_MEM;
    int mine[2] = {leader, local};
    if (!err)
        err = PMPI_Allgather(mine, 2, MPI_INT, pairs, 2, MPI_INT, comm);
    if (err)
        goto fn_fail;

    nodes->size = size;
    nodes->local_of = nodes->node_of + size;
    nodes->sizes = nodes->node_of + 2 * size;
    /* Nodes numbered by their lowest rank: a rank that is its own leader
     * starts the next node. index[] reuses sizes[] as scratch first. */
    int *index = nodes->sizes, n = 0;
    for (int r = 0; r < size; r++)
        index[r] = pairs[2 * r] == r ? n++ : -1;
    nodes->nnodes = n;
    for (int r = 0; r < size; r++) {
        nodes->node_of[r] = index[pairs[2 * r]];
        nodes->local_of[r] = pairs[2 * r + 1];
    }
    memset(nodes->sizes, 0, (size_t)size * sizeof(int));
    for (int r = 0; r < size; r++)
        nodes->sizes[nodes->node_of[r]]++;
    nodes->min_size = size;
    nodes->max_size = 0;
    for (int i = 0; i < n; i++) {
        nodes->min_size = nodes->sizes[i] < nodes->min_size ? nodes->sizes[i] : nodes->min_size;
        nodes->max_size = nodes->sizes[i] > nodes->max_size ? nodes->sizes[i] : nodes->max_size;
    }
    nodes->node_size = nodes->min_size == nodes->max_size ? nodes->max_size : 0;
    nodes->consecutive = 1;
    for (int r = 0; r < size; r++)
        if (nodes->node_of[r] != r / nodes->max_size || nodes->local_of[r] != r % nodes->max_size)
            nodes->consecutive = 0;
    *out = nodes;

fn_exit:
    free(pairs);
    return err;
fn_fail:
    ortho__nodes_free(&nodes);
    goto fn_exit;
}

int ortho__nodes_order(const struct ortho__nodes *nodes, int perm[])
{
    int q = nodes->max_size, smaller = 0, short_node = -1;
    for (int i = 0; i < nodes->nnodes; i++)
        if (nodes->sizes[i] < q) {
            smaller++;
            short_node = i;
        }
    if (nodes->nnodes < 2 || q < 2 || smaller > 1)
        return -1;
    for (int r = 0; r < nodes->size; r++) {
        int node = nodes->node_of[r];
        /* the short node moves to the end */
        int pos = node == short_node ? nodes->nnodes - 1
                                     : (short_node >= 0 && node > short_node ? node - 1 : node);
        perm[pos * q + nodes->local_of[r]] = r;
    }
    return 0;
}

static int create_nodes(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid,
                        int *fell_back)
{
    int err, size, rank, is_inter = 0;
    int d[ORTHO_GRID_MAX_DIMS];
    struct ortho__nodes *nodes = NULL;
    int *perm = NULL, *inv = NULL;
    MPI_Comm ordered = MPI_COMM_NULL;

    *fell_back = 0;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if (grid == NULL)
        return MPI_ERR_ARG;
    *grid = NULL;
    err = PMPI_Comm_test_inter(comm, &is_inter);
    if (!err && is_inter)
        return MPI_ERR_COMM;
    if (ndims < 2 || ndims > ORTHO_GRID_MAX_DIMS)
        return MPI_ERR_DIMS;
    if (dims == NULL)
        return MPI_ERR_ARG;
    for (int i = 0; i < ndims; i++)
        if (dims[i] < 0)
            return MPI_ERR_ARG;
    PMPI_Comm_size(comm, &size);
    PMPI_Comm_rank(comm, &rank);

    err = ortho__nodes_detect(comm, &nodes);
    perm = err ? NULL : malloc(2 * (size_t)size * sizeof(int));
    if (!err && perm == NULL)
        err = MPI_ERR_NO_MEM;
    if (err)
        goto fn_fail;
    if (ortho__nodes_order(nodes, perm) != 0) {
        /* No rows of nodes: the plain grid of these dims. */
        free(perm);
        ortho__nodes_free(&nodes);
        *fell_back = 1;
        return ortho__grid_create_quiet(comm, ndims, dims, grid);
    }
    int q = nodes->max_size;
    if (dims[ndims - 1] != 0 && dims[ndims - 1] != q) {
        err = MPI_ERR_DIMS;
        goto fn_fail;
    }
    memcpy(d, dims, (size_t)ndims * sizeof d[0]);
    d[ndims - 1] = q;
    inv = perm + size;
    int identity = 1;
    for (int g = 0; g < size; g++) {
        inv[perm[g]] = g;
        identity &= perm[g] == g;
    }
    err = ortho__comm_make_failed(comm, identity ? ortho__comm_copy(comm, &ordered)
                                                 : PMPI_Comm_split(comm, 0, inv[rank], &ordered));
    if (err)
        goto fn_fail;
    err = ortho__grid_build_owned(ordered, ndims, d, grid);
    if (err)
        goto fn_fail;
    (*grid)->node_aware = 1;
    if (!identity) {
        /* perm and inv as two blocks the grid owns */
        (*grid)->inv = malloc((size_t)size * sizeof(int));
        if ((*grid)->inv == NULL) {
            err = MPI_ERR_NO_MEM;
            ortho_grid_free(grid);
            goto fn_fail;
        }
        memcpy((*grid)->inv, inv, (size_t)size * sizeof(int));
        (*grid)->perm = perm;
        perm = NULL;
    }

fn_exit:
    free(perm);
    ortho__nodes_free(&nodes);
    return err;
fn_fail:
    *grid = NULL;
    goto fn_exit;
}

int ortho__grid_create_nodes_quiet(MPI_Comm comm, int ndims, const int dims[],
                                   ortho_grid_t *grid, int *fell_back)
{
    return create_nodes(comm, ndims, dims, grid, fell_back);
}

int ortho_grid_create_nodes(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid)
{
    int fell_back;
    int err = create_nodes(comm, ndims, dims, grid, &fell_back);
    return ortho__raise(comm, err);
}

int ortho_grid_node_aware(ortho_grid_t grid, int *node_aware)
{
    int err = ortho__check_grid(grid, 0);
    if (err)
        return err;
    if (node_aware == NULL)
        return ortho__raise(grid->comm, MPI_ERR_ARG);
    *node_aware = grid->node_aware;
    return MPI_SUCCESS;
}

int ortho_grid_comm_rank(ortho_grid_t grid, int grid_rank, int *comm_rank)
{
    int err = ortho__check_grid(grid, 0);
    if (err)
        return err;
    if (comm_rank == NULL || grid_rank < 0 || grid_rank >= grid->size)
        return ortho__raise(grid->comm, MPI_ERR_ARG);
    *comm_rank = grid->perm != NULL ? grid->perm[grid_rank] : grid_rank;
    return MPI_SUCCESS;
}

int ortho_grid_nodes_query(MPI_Comm comm, ortho_grid_nodes *nodes)
{
    int inter = 1, err;
    struct ortho__nodes *found = NULL;
    int *perm = NULL;
    if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
        return ortho__raise(comm, MPI_ERR_COMM);
    if (nodes == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    err = ortho__nodes_detect(comm, &found);
    if (!err && (perm = malloc((size_t)found->size * sizeof *perm)) == NULL)
        err = MPI_ERR_NO_MEM;
    if (!err) {
        nodes->nnodes = found->nnodes;
        nodes->min_size = found->min_size;
        nodes->max_size = found->max_size;
        nodes->consecutive = found->consecutive;
        nodes->rows_of_nodes = ortho__nodes_order(found, perm) == 0;
    }
    free(perm);
    ortho__nodes_free(&found);
    return ortho__raise(comm, err);
}
