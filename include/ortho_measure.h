/**
 * \file ortho_measure.h
 * \brief Measuring: timing native collectives on concurrent groups (the
 * samples the model is fitted to) and timing any collective call the
 * same way (lib/measure).
 *
 * Unlike the model (ortho_model.h), which is pure computation, these
 * functions communicate: each is collective over the communicator it is
 * given, all arguments must match on all its ranks, and errors are raised
 * on that communicator (the convention of ortho_grid.h). Every stopping
 * decision uses values reduced over the communicator, so all ranks take
 * the same path.
 *
 * \par Older names
 * In release 0.1 these functions were part of the model (ortho_model.h);
 * their old names stay for one more release: ortho_model_measure_opts,
 * ortho_model_measure_opts_default(), ortho_model_measure(),
 * ortho_model_samples_free() and ortho_model_time_call() are the
 * functions below under their new names.
 */
#ifndef ORTHO_MEASURE_H_INCLUDED
#define ORTHO_MEASURE_H_INCLUDED

#include <stdio.h>

#include <mpi.h>

#include "ortho_model_fit.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Options of ortho_measure_natives() and ortho_measure_call(). */
typedef struct ortho_measure_opts {
    unsigned ops;            /**< bit (1u << op) per operation to time */
    const double *sizes;     /**< message sizes b in bytes */
    int nsizes;
    const int *groups;       /**< group sizes; NULL: every divisor >= 2 of p (p == 1: {1}) */
    int ngroups;
    int min_reps, max_reps;  /**< repetitions per point */
    double rel_se;           /**< stop when the relative standard error of the mean is below this */
    double max_seconds;      /**< and stop a point after this much time (0: no limit) */
    FILE *progress;          /**< rank 0 writes a line per point here; NULL: silent */
} ortho_measure_opts;

/**
 * \brief Defaults: all ops, sizes 256, 2K, 16K, 128K, reps 3..10, rel_se 0.05,
 * at most 0.1 s a point (seconds at np 4 even on an oversubscribed laptop;
 * use more sizes and repetitions for a real profile). Not collective.
 */
ortho_measure_opts ortho_measure_opts_default(void);

/**
 * \brief Time native collectives (through PMPI_) on sub-communicators of
 * \p comm: for every group size g, comm is split into size/g concurrent
 * groups of g consecutive ranks (g must divide the size), which run the
 * operation at the same time, as the phases of an orthogonal operation do.
 * Each repetition starts after a barrier; the sample is the median over the
 * repetitions of the call's time over all ranks of \p comm: from the first
 * start to the last end where MPI_WTIME_IS_GLOBAL holds on every process,
 * else the longest of the ranks' own durations (as ortho_measure_call()). bcast, reduce,
 * gather and scatter use root 0; reduce and allreduce sum doubles (b is
 * rounded down to a multiple of 8, at least 8).
 * Collective over \p comm; all arguments must match on all ranks.
 * \param[out] samples  allocated; release with ortho_measure_samples_free()
 * \param[out] n        number of samples (the same on every rank)
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options;
 *         MPI_ERR_NO_MEM; the code of a failed MPI call.
 */
int ortho_measure_natives(MPI_Comm comm, const ortho_measure_opts *opts,
                          ortho_model_sample **samples, int *n);

/**
 * \brief Time native collectives on groups spread over nodes, for the
 * where=net runtime functions and the sharing factor of a profile
 * (ortho_model_fit_share()). The ranks of \p comm lie on nodes of
 * \p node_size processes, blocks of consecutive ranks (as
 * ortho_grid_nodes_query() reports them when consecutive is set). A group
 * of g nodes holds one process of each of nodes 0..g-1. For every g >= 2
 * dividing the number of nodes, one such group runs alone (samples with
 * where ORTHO_MODEL_WHERE_NET, flows 1); for the smallest and the largest
 * g, all node_size groups of those nodes run at once (flows node_size), as
 * the lanes of a node-aware grid do. Ops, sizes and repetitions as
 * ortho_measure_natives() (opts->groups is not used); the other processes
 * only take part in the timing. Collective over \p comm.
 * \param[out] samples  allocated; release with ortho_measure_samples_free()
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options, a
 *         node_size below 2 or one that does not divide the size into two or
 *         more nodes; MPI_ERR_NO_MEM; the code of a failed MPI call.
 */
int ortho_measure_spread(MPI_Comm comm, const ortho_measure_opts *opts, int node_size,
                         ortho_model_sample **samples, int *n);

/** A message between two processes: alpha + s beta for s bytes. */
typedef struct ortho_measure_hop {
    double alpha;  /**< seconds per message */
    double beta;   /**< seconds per byte */
    int measured;  /**< 1: fitted, alpha and beta positive; 0: not measured or no line */
} ortho_measure_hop;

/**
 * \brief Time one message between two processes at each of opts->sizes
 * (at least two) by ping pong on the first one's own clock, so that the
 * time holds no skew between processes (a call timed after a barrier from
 * the first start to the last end holds the spread with which the barrier
 * let the processes go), and fit alpha + s beta by least squares: between
 * ranks 0 and 1 (\p next), and, when \p node_size >= 2 and \p comm holds
 * more than one node, between rank 0 and rank \p node_size, the first of
 * the next node (\p across). A point: one round trip untimed, then round
 * trips until opts->max_seconds / 10 have passed (at least opts->min_reps,
 * at most 64 opts->max_reps; opts->max_reps round trips when max_seconds
 * is 0); the hop is half the mean round trip. The other processes only
 * wait. Collective over \p comm.
 * \return MPI_SUCCESS (both unmeasured on one process); MPI_ERR_ARG (raised
 *         on \p comm) for bad options, fewer than two sizes, a size above
 *         1 GiB or a negative \p node_size; MPI_ERR_NO_MEM; the code of a
 *         failed MPI call.
 */
int ortho_measure_hops(MPI_Comm comm, const ortho_measure_opts *opts, int node_size,
                       ortho_measure_hop *next, ortho_measure_hop *across);

/**
 * \brief The reach: how long an empty message takes from rank 0 to each
 * other rank of \p comm, each timed in turn by ping pong on rank 0's
 * clock as ortho_measure_hops() times a point (one round trip untimed,
 * then at least opts->min_reps; all of them together in about
 * opts->max_seconds / 10). A stage that sends to many processes at once
 * ends with its farthest message, which the hop between ranks 0 and 1
 * does not see where the network has distances (a torus, the levels of a
 * fat tree). Collective over \p comm.
 * \param[out] reach  room for the size of \p comm: reach[j] is the one-way
 *                    time from rank 0 to rank j (seconds; reach[0] = 0),
 *                    on every process
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options or
 *         a NULL argument; the code of a failed MPI call.
 */
int ortho_measure_reach(MPI_Comm comm, const ortho_measure_opts *opts, double *reach);

/**
 * \brief The fan: whether one process sending to two others at once sends
 * through one link (its node's network link, shared by both messages) or
 * through two (the links of a torus, one per direction). Rank 0 sends the
 * largest of opts->sizes to one of two ranks, to the other, then to both
 * at once, each answering with an empty message, timed on rank 0's clock
 * as ortho_measure_hops() times a point; the fan is the time to both over
 * the slower single one, less 1, within 0 and 1: 1 where the two
 * messages take twice as long as one, 0 where as long. The two ranks are
 * on other nodes than rank 0 and each other where \p node_size >= 2 and
 * \p comm holds at least three nodes (ranks node_size and the first of
 * the middle node, or of the third where the middle is the second), else ranks 1 and size / 2. A pipeline's stage that
 * sends into its row while it passes a segment on pays both on one link
 * where the fan is 1 (the model's param hop_fan, lib/model/variants.c).
 * Collective over \p comm.
 * \param[out] fan  the fan on every process; -1 where not measured (fewer
 *                  than four processes, or nodes too few to place both)
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options, a
 *         size above 1 GiB, a negative \p node_size or a NULL \p fan;
 *         MPI_ERR_NO_MEM; the code of a failed MPI call.
 */
int ortho_measure_fan(MPI_Comm comm, const ortho_measure_opts *opts, int node_size, double *fan);

/**
 * \brief The pair: whether two messages from one process to one other at
 * once arrive one after the other (0: the first as fast as alone) or
 * together (1: they share the route, as SimGrid's flows do). Rank 0 sends
 * the largest of opts->sizes to rank 1 (\p next) and, when \p node_size
 * >= 2 and \p comm holds more than one node, to rank \p node_size, the
 * first of the next node (\p across): an empty message, the size alone,
 * then twice at once, the receiver answering with an empty message when
 * the first has arrived, timed on rank 0's clock as ortho_measure_hops()
 * times a point; the pair is how much the second delays the first, over
 * one message's transfer (its time less the empty one's), within 0 and 1
 * (0 where noise hides the transfer). A chain whose sender keeps two
 * segments in flight moves them as a pair where it is 1 (the model's
 * params hop_pair and hop_net_pair, lib/model/variants.c). Collective
 * over \p comm.
 * \param[out] next    the pair between ranks 0 and 1 on every process; -1
 *                     on one process
 * \param[out] across  between nodes; -1 where not measured
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options, a
 *         size above 1 GiB, a negative \p node_size or a NULL result;
 *         MPI_ERR_NO_MEM; the code of a failed MPI call.
 */
int ortho_measure_pair(MPI_Comm comm, const ortho_measure_opts *opts, int node_size,
                       double *next, double *across);

/**
 * \brief The eager limit: the smallest message, in bytes, whose send waits
 * for its receive to be posted. Below it a process's sends to several
 * others leave together and share its link where the network shares a
 * link among flows (a binomial tree then costs the sum of the child counts
 * along its deepest path, not its depth); natives change behaviour there
 * whatever their own thresholds. Rank 0 sends to rank \p node_size (the
 * first of the next node) when \p node_size >= 2 and \p comm holds more
 * than one node, else to rank 1: a message the receiver has not asked for
 * yet, then up to 16 empty round trips, testing the send after each; done
 * means it left without its receive. A bisection of 1 byte to 4 MiB, about
 * 23 such probes. An eager send that needs longer than the round trips to
 * leave counts as waiting, so the limit found is never above the true
 * one. Collective over \p comm.
 * \param[out] limit  on every process: the limit in bytes; 1 where every
 *                    message waits, 0 where none of up to 4 MiB did, -1 on
 *                    one process
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for a NULL \p limit
 *         or a negative \p node_size; MPI_ERR_NO_MEM; the code of a failed
 *         MPI call.
 */
int ortho_measure_eager(MPI_Comm comm, int node_size, int *limit);

/** \brief Release samples from ortho_measure_natives(); sets *samples to
 *  NULL (NULL is a harmless no-op). Not collective. */
int ortho_measure_samples_free(ortho_model_sample **samples);

/**
 * \brief Time any collective call the way ortho_measure_natives() times a
 * point: one untimed warm-up call, then repetitions, each a barrier on
 * \p comm, the call, and its time over the ranks of \p comm (from the
 * first rank's start to the last rank's end where MPI_WTIME_IS_GLOBAL is
 * true on every process, as under SMPI and as ortho-bench measures; else
 * the longest of the ranks' own durations), until the relative standard error of their mean is below
 * opts->rel_se (after opts->min_reps, at most opts->max_reps, and no more
 * once opts->max_seconds have passed); the result is their median.
 * Collective over \p comm: every rank calls it with the same options, and
 * \p call runs one collective operation over \p comm or a communicator
 * of the same processes.
 * \param[in]  opts   only min_reps, max_reps, rel_se, max_seconds are used
 * \param[out] median the median over the repetitions [s]
 * \param[out] nreps  may be NULL; the repetitions timed
 * \param[out] rse    may be NULL; the relative standard error of their mean
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options;
 *         the first non-zero code \p call returned.
 */
int ortho_measure_call(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                       const ortho_measure_opts *opts, double *median, int *nreps, double *rse);

/* ---- the older names, kept for one release (lib/measure/old_names.c) ---- */

/** \brief The older name of ortho_measure_opts. */
typedef ortho_measure_opts ortho_model_measure_opts;

/** \brief The older name of ortho_measure_opts_default(). Not collective. */
ortho_measure_opts ortho_model_measure_opts_default(void);

/** \brief The older name of ortho_measure_natives(). Collective over \p comm. */
int ortho_model_measure(MPI_Comm comm, const ortho_measure_opts *opts,
                        ortho_model_sample **samples, int *n);

/** \brief The older name of ortho_measure_samples_free(). Not collective. */
int ortho_model_samples_free(ortho_model_sample **samples);

/** \brief The older name of ortho_measure_call(). Collective over \p comm. */
int ortho_model_time_call(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                          const ortho_measure_opts *opts, double *median, int *nreps,
                          double *rse);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MEASURE_H_INCLUDED */
