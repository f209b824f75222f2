/* Segments of a message and the step loop of the pipelined variants
 * (bcast_pipe.c, reduce_pipe.c, allreduce_pipe.c, chain_bcast.c,
 * chain_reduce.c). Private. */
#ifndef ORTHO_VARIANTS_SEGMENTS_H_INCLUDED
#define ORTHO_VARIANTS_SEGMENTS_H_INCLUDED

#include <mpi.h>

/* n elements cut into `count` segments of `per` elements (the last one
 * shorter): whole elements of the datatype, never a piece of one. */
struct ortho__segments {
    int n, per, count;
};

/* The segments of n elements of `elem` bytes each for a pipeline of
 * `depth` stages: the size the model chooses (model/variants.h:
 * ortho__model_segment), or `named` bytes, rounded down to whole elements
 * (at least one). Equal on every process for equal arguments. */
void ortho__segments_of(int n, int elem, int depth, int named, struct ortho__segments *sg);

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

/* Posts what this process does in `stage` for segment k: at most one
 * request in *req (left MPI_REQUEST_NULL when it has nothing to do). */
typedef int (*ortho__stage_fn)(void *ctx, int stage, int k, MPI_Request *req);

/* The software pipeline: at step t, stage j runs for segment t - j, every
 * stage posted (the last stage first, alike on every process, so each
 * communicator sees its collectives in the same order everywhere) before
 * the step waits for all of them. A segment thus enters stage j + 1 only
 * once stage j is done, at most `nstages` segments are in flight, and a
 * step lasts as long as its slowest stage. nstages <= 4. */
int ortho__pipeline(int nstages, int nsegs, ortho__stage_fn stage, void *ctx);

#endif /* ORTHO_VARIANTS_SEGMENTS_H_INCLUDED */
