/**
 * \file ortho_select.h
 * \brief Choosing what a drop-in call runs: measured decisions first, the
 * model where none covers the call, native where neither can say.
 *
 * A selector is built from a profile (ortho_model.h) that may hold
 *  - decisions, measured by ortho-tune: for an operation and a process
 *    count, message-size intervals mapped to a candidate (or to native
 *    where no candidate won by the tuning margin);
 *  - runtime functions of the native collectives (fitted by ortho-fit, or
 *    published ones), from which each candidate's time is predicted.
 *
 * For (op, p, bytes) ortho_select_choose() answers, in this order:
 *  1. the decision of the profile whose (op, p) and interval hold the call;
 *  2. for an (op, p) that has decisions, at a size outside their range:
 *     native (ortho_select_opts.extrapolate: the model);
 *  3. the model: the candidates predicted with ortho_select_predict(),
 *     the cheapest taken when it beats the predicted native time by at
 *     least the threshold (ortho_select_opts.threshold, 3% by default),
 *     else native. The candidates: those the profile has measured curves
 *     of for (op, p) (ortho_model_curve: ortho-tune writes them), else
 *     every candidate of ortho_candidates(), predicted on the
 *     communicator's nodes; the node-aware ones only when the profile
 *     charges phases across nodes for sharing a node's link (where=net
 *     functions, ortho_model_profile_knows_nodes()): without those terms
 *     their composed predictions are optimistic;
 *  4. native, when the profile has no decision for the call and cannot
 *     predict native (p or the size not covered, or a size only the root
 *     knows: gatherv, scatterv).
 *
 * At run time the drop-in functions and libortho_mpi read the profile
 * named by the environment variable ORTHO_PROFILE, once, at their first
 * decision, unless a program installed its own candidate chooser
 * (ortho_set_candidate_chooser()); ORTHO_VARIANT and ORTHO_GRID still come
 * first. Every process reads the file; on each communicator the processes
 * compare what they read with the other settings (one allreduce when the
 * communicator is first used) and run the native operations there when
 * they differ. A profile that is missing or malformed gives the native
 * operations, with one message on stderr. ORTHO_SELECT_THRESHOLD (e.g.
 * 0.05 or 5%) sets the model's threshold. With ORTHO_VERBOSE=1 each
 * decision names its rule: the profile line, or the prediction.
 *
 * Errors follow ortho_model.h: the functions here involve no communicator
 * and return MPI error codes without raising them.
 */
#ifndef ORTHO_SELECT_H_INCLUDED
#define ORTHO_SELECT_H_INCLUDED

#include <mpi.h>

#include "ortho_candidate.h"
#include "ortho_model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- choosers: a program's own decisions for the drop-ins ---------------- */

/**
 * \brief A layout chooser: the grid for \p op on \p p processes with
 * message size \p bytes (the size of ortho_model.h: the whole message for
 * bcast, reduce, allreduce; one process's block for gather, scatter,
 * allgather; the mean block for allgatherv; -1 for gatherv and scatterv,
 * whose sizes only the root knows).
 * \param[out] ndims  1 to ORTHO_GRID_MAX_DIMS; 1 means the native operation
 * \param[out] dims   the extents (ortho_grid_create_uneven() rules)
 * \return 1 when it decided, 0 for "no decision" (online selection is
 *         used). It must answer the same on every process.
 */
typedef int (*ortho_layout_chooser)(ortho_op op, int p, double bytes, void *ctx, int *ndims,
                                    int dims[ORTHO_GRID_MAX_DIMS]);

/**
 * \brief Install \p chooser (NULL: none) with its context, for the
 * decisions taken from now on; decisions already cached on a communicator
 * stay. ORTHO_GRID still comes first. Not collective, but every process
 * must install the same chooser. \return MPI_SUCCESS.
 */
int ortho_set_layout_chooser(ortho_layout_chooser chooser, void *ctx);

/**
 * \brief A candidate chooser: what the drop-ins run for \p op on \p p
 * processes with message size \p bytes (the size of ortho_layout_chooser),
 * where \p node_size is the processes per shared-memory node (0 when the
 * nodes differ in size or are unknown).
 * \param[out] cand  the candidate (ortho_candidates() lists them)
 * \return 1 when it decided, 0 for "no decision" (the layout chooser, then
 *         online selection are asked). It must answer the same on every
 *         process.
 */
typedef int (*ortho_candidate_chooser)(ortho_op op, int p, int node_size, double bytes,
                                       void *ctx, ortho_candidate *cand);

/**
 * \brief Install \p chooser (NULL: none) with its context, for decisions
 * taken from now on. It is asked before the layout chooser; ORTHO_VARIANT
 * and ORTHO_GRID still come first. Not collective, but every process must
 * install the same chooser. \return MPI_SUCCESS.
 */
int ortho_set_candidate_chooser(ortho_candidate_chooser chooser, void *ctx);

/**
 * \brief The candidate chooser of one fixed candidate: \p ctx points to an
 * ortho_candidate, decided for every operation, process count and size.
 * The way to time or force one candidate from C (ORTHO_VARIANT does it
 * from the environment): install it with
 * ortho_set_candidate_chooser(ortho_fixed_chooser, &cand) and call on a
 * communicator the drop-ins have not yet decided for (they keep a
 * decision per communicator and size class), e.g. a fresh duplicate;
 * ortho_comm_candidate() then says whether it ran as named (a grid that
 * could not be made runs native). \p cand must outlive the installation.
 * \return 1 (it always decides).
 */
int ortho_fixed_chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                        ortho_candidate *cand);

/* ---- selectors: decisions from a profile ----------------------------------- */

/** Opaque handle of a selector. */
typedef struct ortho_select *ortho_select_t;

/** Options of a selector. */
typedef struct ortho_select_opts {
    /** Model: a candidate replaces native when its predicted time is below
     *  (1 - threshold) x native's (default 0.03). */
    double threshold;
    /** Model: candidates on grids of 2 to maxdims dimensions (default 3). */
    int maxdims;
    /** 1: use the profile's decisions (default). */
    int use_decisions;
    /** 1: predict where no decision covers a call (default). */
    int use_model;
    /** 0 (default): for an (op, p) that has decisions, a size outside
     *  the tuned range (below the smallest tuned size's class, above the
     *  largest's) runs native: measurements say nothing there, and a
     *  native algorithm that switches below the smallest tuned size made
     *  the extrapolated winners slower than native at 6 of 144 checked
     *  points (docs/selection.md). 1: the model decides there too
     *  (ORTHO_SELECT_EXTRAPOLATE=1). */
    int extrapolate;
    /** Names the profile in reasons ("machine.profile"); NULL: "profile". Copied. */
    const char *label;
} ortho_select_opts;

/** \brief The defaults above. Not collective. */
ortho_select_opts ortho_select_opts_default(void);

/**
 * \brief Build a selector from \p prof: its decisions are compiled into a
 * lookup table, and its runtime functions are used for predictions. The
 * selector keeps \p prof (it does not copy it): free the selector first.
 * Not collective.
 * \param[in] opts  NULL for the defaults
 * \return MPI_SUCCESS; MPI_ERR_ARG for a NULL profile or bad options;
 *         MPI_ERR_NO_MEM.
 * \note On failure *sel is NULL.
 */
int ortho_select_create(ortho_model_profile_t prof, const ortho_select_opts *opts,
                        ortho_select_t *sel);

/** \brief Release a selector; NULL or *sel == NULL is a no-op; sets *sel
 *  to NULL. Uninstall it first if it is installed. Not collective. */
int ortho_select_free(ortho_select_t *sel);

/** Which rule decided. */
typedef enum ortho_select_source {
    ORTHO_SELECT_DECISION = 0,  /**< a measured decision of the profile */
    ORTHO_SELECT_MODEL,         /**< the cheapest predicted candidate, gaining at least the threshold */
    ORTHO_SELECT_MODEL_NATIVE,  /**< predicted: no candidate gains the threshold */
    ORTHO_SELECT_UNCOVERED,     /**< no decision, no prediction: native */
    ORTHO_SELECT_OUTSIDE        /**< outside the tuned range of a tuned (op, p): native */
} ortho_select_source;

/** Why ortho_select_choose() answered as it did. */
typedef struct ortho_select_info {
    ortho_select_source source;
    int decision;         /**< DECISION: its index in the profile */
    int line;             /**< DECISION: its profile line (0 when added by a program) */
    double gain;          /**< DECISION: the measured gain it records; MODEL*: 1 - t_best / t_native */
    double t_native;      /**< MODEL*: predicted native time [s] */
    double t_best;        /**< MODEL*: predicted time of the best non-native candidate [s] (0: none) */
    ortho_candidate best; /**< MODEL*: that candidate */
    int npredicted;       /**< MODEL*: candidates predicted (native included) */
    int ncandidates;      /**< MODEL*: candidates considered (native included) */
} ortho_select_info;

/**
 * \brief What to run for \p op on \p p processes with message size
 * \p bytes (the size of ortho_layout_chooser; < 0: unknown), \p node_size
 * processes per node (0: unknown or unequal). Always decides: native at
 * worst. Not collective; deterministic, so every process gets the same
 * answer from the same profile.
 * \param[out] cand  the candidate
 * \param[out] info  may be NULL; the rule that decided
 * \return MPI_SUCCESS; MPI_ERR_ARG for a NULL selector or candidate, an
 *         invalid op or p < 1.
 */
int ortho_select_choose(ortho_select_t sel, ortho_op op, int p, int node_size, double bytes,
                        ortho_candidate *cand, ortho_select_info *info);

/**
 * \brief \p info in words, e.g. "machine.profile:14: measured decision for
 * allgather p=96 b>=2K b<64K (gain 31%)" or "model: phases:8x12:rows
 * 1.23 ms, native 1.71 ms (gain 28%; 11 of 23 candidates predicted)".
 * Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG; MPI_ERR_TRUNCATE when \p len is too small.
 */
int ortho_select_info_text(ortho_select_t sel, ortho_op op, int p, const ortho_select_info *info,
                           char *text, int len);

/**
 * \brief Predicted time of \p cand for \p op on \p p processes with
 * message size \p bytes: from the candidate's measured curve when \p prof
 * has one for (op, p) (ortho_model_curve_predict()), else composed from
 * the runtime functions of the native operations (the formula that opens
 * each variant's file in lib/variants/; lib/model/variants.c): native,
 * "phases" in either order, rsag, scag, pipe; allgatherv as allgather
 * with its mean block. Not composed: gatherv and scatterv (only the root
 * knows the size) and node-aware candidates without dims. The node size
 * is not known here: a grid is composed as on one node
 * (ortho_model_predict_candidate() takes the node size and charges
 * the phases that cross nodes for sharing a link where the profile has
 * those terms). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_UNSUPPORTED_OPERATION (returned, not
 *         raised) when the model has no form for the candidate or the
 *         operation; MPI_ERR_ARG for bad arguments or when the profile does
 *         not cover a phase.
 */
int ortho_select_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                         const ortho_candidate *cand, double *seconds);

/** \brief An ortho_candidate_chooser whose \p ctx is an ortho_select_t:
 *  ortho_select_choose(); always decides. */
int ortho_select_chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                         ortho_candidate *cand);

/**
 * \brief Install \p sel as the drop-ins' candidate chooser
 * (ortho_set_candidate_chooser(ortho_select_chooser, sel)); NULL
 * uninstalls. With ORTHO_VERBOSE=1 the drop-ins then report the rule of
 * each decision. Not collective, but every process must install the same.
 * \return MPI_SUCCESS.
 */
int ortho_select_install(ortho_select_t sel);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_SELECT_H_INCLUDED */
