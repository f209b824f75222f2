/* Timing native collectives on groups spread over nodes: the samples of
 * the where=net runtime functions and of the sharing factor
 * (lib/model/structure.c).
 *
 * The communicator's processes lie on nodes of node_size processes,
 * blocks of consecutive ranks. A group of g nodes has one process on each
 * of nodes 0..g-1 (ranks lane, lane + c, ..., lane + (g-1) c): the shape of
 * the columns of a node-aware grid. Each point is timed twice:
 *   alone     only lane 0 runs (flows 1: one process per node crosses
 *             its link), for every g >= 2 that divides the number of nodes;
 *   at once   all c lanes of those g nodes run their groups together
 *             (flows c, as the lane phase of a node-aware grid), for the
 *             smallest and the largest such g only (bounded time).
 * The other processes take part in the barriers and timing only. */
#include "measure/measure_private.h"
#include "common/errors.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The points: (g, lanes) pairs, lanes 1 (alone) or node_size (at once). */
static int plan(int nnodes, int node_size, int g_of[], int lanes_of[])
{
    int n = 0, smallest = 0;
    for (int g = 2; g <= nnodes; g++)
        if (nnodes % g == 0) {
            g_of[n] = g;
            lanes_of[n++] = 1;
            smallest = smallest == 0 ? g : smallest;
        }
    if (smallest > 0) {
        g_of[n] = smallest;
        lanes_of[n++] = node_size;
    }
    if (smallest > 0 && nnodes != smallest) {
        g_of[n] = nnodes;
        lanes_of[n++] = node_size;
    }
    return n;
}

int ortho_measure_spread(MPI_Comm comm, const ortho_measure_opts *o, int node_size,
                         ortho_model_sample **samples, int *n)
{
    int err = MPI_SUCCESS, size = 0, rank = 0, done = 0, npoints = 0;
    int *g_of = NULL, *lanes_of = NULL;
    struct ortho__sweep sweep = { NULL, NULL, NULL, NULL, MPI_COMM_NULL, NULL, &done, 0 };
    MPI_Comm sub = MPI_COMM_NULL;

    if (comm == MPI_COMM_NULL || samples == NULL || n == NULL || o == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    *samples = NULL;
    *n = 0;
    err = PMPI_Comm_size(comm, &size);
    if (err == MPI_SUCCESS)
        err = PMPI_Comm_rank(comm, &rank);
    if (err != MPI_SUCCESS)
        return ortho__raise(comm, err);
    if (node_size < 2 || size % node_size != 0 || size / node_size < 2 || o->ops == 0
        || (o->ops >> ORTHO_MODEL_NOPS) != 0 || o->sizes == NULL || o->nsizes < 1
        || o->min_reps < 1 || o->max_reps < o->min_reps || o->rel_se < 0.0
        || o->max_seconds < 0.0)
        return ortho__raise(comm, MPI_ERR_ARG);
    for (int i = 0; i < o->nsizes; i++)
        if (!(o->sizes[i] >= 0.0) || o->sizes[i] * size >= (double)(INT_MAX / 2))
            return ortho__raise(comm, MPI_ERR_ARG);
    int nnodes = size / node_size;
    g_of = malloc((size_t)(nnodes + 2) * sizeof *g_of);
    lanes_of = malloc((size_t)(nnodes + 2) * sizeof *lanes_of);
    if (g_of == NULL || lanes_of == NULL) {
        err = ortho__raise(comm, MPI_ERR_NO_MEM);
        goto fn_exit;
    }
    npoints = plan(nnodes, node_size, g_of, lanes_of);
    if (ortho__sweep_open(&sweep, o, npoints, nnodes, &done) != MPI_SUCCESS) {
        err = ortho__raise(comm, MPI_ERR_NO_MEM);
        goto fn_exit;
    }
    for (int k = 0; k < npoints && err == MPI_SUCCESS; k++) {
        int g = g_of[k], lanes = lanes_of[k], lane = rank % node_size;
        int in = rank / node_size < g && lane < lanes;
        char shape[64];
        snprintf(shape, sizeof shape, "one per node, %d at once; ", lanes);
        err = PMPI_Comm_split(comm, in ? lane : MPI_UNDEFINED, rank, &sub);
        sweep.sub = sub;
        if (err == MPI_SUCCESS)
            err = ortho__measure_sweep(comm, &sweep, g, ORTHO_MODEL_WHERE_NET, lanes, shape);
        if (sub != MPI_COMM_NULL)
            PMPI_Comm_free(&sub);
    }
    if (err != MPI_SUCCESS) {
        err = ortho__raise(comm, err);
        goto fn_exit;
    }
    *samples = sweep.out;
    *n = done;
    sweep.out = NULL;
fn_exit:
    if (sub != MPI_COMM_NULL)
        PMPI_Comm_free(&sub);
    ortho__sweep_close(&sweep);
    free(lanes_of);
    free(g_of);
    return err;
}
