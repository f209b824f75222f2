/* Segments of a message and the step loop of the pipelined variants
 * (bcast_pipe.c, reduce_pipe.c, allreduce_pipe.c, chain_bcast.c,
 * chain_reduce.c). Private. */
#ifndef ORTHO_VARIANTS_SEGMENTS_H_INCLUDED
#define ORTHO_VARIANTS_SEGMENTS_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"
#include "ortho_model.h"

/* How a call's segment is chosen: the candidate's size in bytes (named,
 * 0 for the model's), the profile the drop-ins run with (NULL: none;
 * lib/model/segment.c takes its hop's alpha and beta from it) and the
 * communicator's node size (0: unknown or unequal nodes), equal on every
 * process. */
struct ortho__segment_choice {
    int named;
    ortho_model_profile_t prof;
    int node_size;
};

/* n elements cut into `count` segments of `per` elements (the last one
 * shorter): whole elements of the datatype, never a piece of one. */
struct ortho__segments {
    int n, per, count;
};

/* The segments of n elements of `elem` bytes each for a pipeline of
 * `depth` stages, each hop an op of the model (ORTHO_MODEL_BCAST or
 * ORTHO_MODEL_REDUCE), each stage paying `latencies` message latencies one
 * after another, with `lanes` chains side by side through a link: the
 * size the model chooses (model/variants.h: ortho__model_segment), or the
 * choice's named bytes, rounded down to whole elements (at least one).
 * Equal on every process for equal arguments and profile. */
void ortho__segments_of(int n, int elem, int depth, ortho_model_op hop, int latencies, int lanes,
                        const struct ortho__segment_choice *choice, struct ortho__segments *sg);

/* n elements of `elem` bytes each cut into segments of seg bytes, rounded
 * down to whole elements (at least one). */
void ortho__segments_cut(int n, int elem, int seg, struct ortho__segments *sg);

/* The lanes of `chains` chains down the columns of grid (pipe's rows
 * order): by the choice's node size, else, on a node-aware grid (whose
 * rows are its nodes), every chain (model/variants.h:
 * ortho__model_segment_lanes). */
int ortho__segments_lanes(const struct ortho__segment_choice *choice,
                          const struct ortho_grid *grid, int chains);

/* Whether pipe's lanes go down (reduce: up) the two trees rather than
 * along chains (model/variants.h: ortho__model_pipe_trees), for `pieces`
 * lanes of a column of len members whose chains would cut chain_segments
 * segments: the rows order's column holds members a row (`pieces`
 * processes of the grid's order) apart, the columns order's "column" is
 * a row, its members next to each other; the nodes are the choice's,
 * else, on a node-aware grid, its rows. */
int ortho__segments_trees(const struct ortho__segment_choice *choice,
                          const struct ortho_grid *grid, int rows_first, int pieces, int len,
                          int lanes, int chain_segments);

/* Segment k: its first element and its length. */
static inline int ortho__segment_at(const struct ortho__segments *sg, int k)
{
    return k * sg->per;
}

static inline int ortho__segment_len(const struct ortho__segments *sg, int k)
{
    int left = sg->n - k * sg->per;
    return left < sg->per ? left : sg->per;
}

/* The most requests a step may post to wait at its end, and to wait
 * `lag` steps later. */
#define ORTHO_PIPELINE_MAX_REQ 6
#define ORTHO_PIPELINE_MAX_LATER 3

/* What a step posts: n requests in now[] (waited at the end of step t)
 * and nlater in later[] (waited at the end of step t + lag, before its
 * `after`; with lag 0 at the end of step t, after now[]). */
struct ortho__step_out {
    MPI_Request now[ORTHO_PIPELINE_MAX_REQ];
    MPI_Request later[ORTHO_PIPELINE_MAX_LATER];
    int n, nlater;
};

/* Posts what this process does at step t into out (both counts 0 when it
 * has nothing to do). */
typedef int (*ortho__step_fn)(void *ctx, int t, struct ortho__step_out *out);

/* Local work once step t's requests are done (NULL: none). */
typedef int (*ortho__after_fn)(void *ctx, int t);

/* The most steps a send may stay in flight (ortho__pipeline's lag). */
#define ORTHO_PIPELINE_MAX_LAG 4

/* The software pipeline: steps 0 .. nsteps - 1, each posting its requests
 * (every process posts the collectives of one communicator in the same
 * order) and waiting for those of now[], then running `after`. A variant
 * schedules segment j's stage i at step j + i (a stage that waits on the
 * previous one is a step later), so a step carries every stage of
 * different segments at once and lasts as long as the slowest. The
 * requests of later[] (the synchronous sends that pace a chain) are
 * waited `lag` steps on (0 to ORTHO_PIPELINE_MAX_LAG): a sender keeps at
 * most lag + 1 segments in flight per later[] slot, and a latency of
 * each send overlaps the next steps. Every request is complete when it
 * returns, an error included. */
int ortho__pipeline(int nsteps, int lag, ortho__step_fn step, ortho__after_fn after, void *ctx);

#endif /* ORTHO_VARIANTS_SEGMENTS_H_INCLUDED */
