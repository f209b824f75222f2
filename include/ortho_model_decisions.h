/**
 * \file ortho_model_decisions.h
 * \brief What ortho-tune measured, as a profile holds it (format version
 * 2): decisions (per operation, process count and size interval, the
 * candidate to run) and measured curves (a candidate's time at a few
 * sizes), and the prediction of a candidate from its curve.
 *
 * Errors are returned, never raised (ortho_model_forms.h).
 */
#ifndef ORTHO_MODEL_DECISIONS_H_INCLUDED
#define ORTHO_MODEL_DECISIONS_H_INCLUDED

#include <mpi.h>

#include "ortho_candidate.h"
#include "ortho_model_profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A measured decision: what the drop-in functions run for \p op on \p p
 * processes when the message size b (the size of ortho_layout_chooser)
 * lies in [size_lo, size_hi). ortho-tune writes them; lib/select uses them
 * before the model (ortho_select.h). In a profile the intervals of one
 * (op, p) are sorted and disjoint; gaps are allowed (the model decides
 * there).
 */
typedef struct ortho_model_decision {
    ortho_op op;            /**< any drop-in operation, allgatherv, gatherv, scatterv included */
    int p;                  /**< the process count it was measured for */
    double size_lo;         /**< first size covered, >= 0 */
    double size_hi;         /**< first size above the interval; INFINITY: no bound */
    ortho_candidate cand;   /**< native where no candidate won by the tuning margin */
    double gain;            /**< smallest measured 1 - t_cand / t_native over the sizes
                                 tuned in the interval (0: unknown, or native) */
    int line;               /**< the profile line it was read from; 0 when added by a program */
} ortho_model_decision;

/** \brief The older name of ortho_op_word() (ortho_candidate.h), kept for
 *  one release. Not collective. */
const char *ortho_model_dropin_op_name(ortho_op op);

/** \brief The older name of ortho_op_from_word(), kept for one release.
 *  Not collective. */
int ortho_model_dropin_op_from_name(const char *name, ortho_op *op);

/**
 * \brief Append a decision. Decisions of one (op, p) must come in
 * increasing order of size without overlap: \p d must start at or after
 * the end of the last decision added for the same op and p. Not collective.
 * \param[out] conflict  may be NULL; on MPI_ERR_ARG because of the order,
 *                       the index of the decision it conflicts with, else -1
 * \return MPI_SUCCESS; MPI_ERR_ARG for an invalid op, p < 1, an empty or
 *         negative interval, an invalid candidate, or an interval that
 *         overlaps or precedes the last one of its (op, p); MPI_ERR_NO_MEM.
 */
int ortho_model_profile_add_decision(ortho_model_profile_t prof, const ortho_model_decision *d,
                                     int *conflict);

/** \brief Number of decisions. Not collective. */
int ortho_model_profile_ndecisions(ortho_model_profile_t prof, int *n);

/** \brief A copy of decision \p i (0-based, in the order added). Not collective. */
int ortho_model_profile_decision(ortho_model_profile_t prof, int i, ortho_model_decision *d);

/**
 * \brief Remove the decisions of \p op (ORTHO_OP_COUNT: every op) and
 * \p p (0: every p), e.g. before tuning them again. Not collective.
 * \param[out] removed  may be NULL; how many were removed
 */
int ortho_model_profile_remove_decisions(ortho_model_profile_t prof, ortho_op op, int p,
                                         int *removed);

/* ---- measured runtimes of candidates ------------------------------------- */

/** Most sizes of one measured curve. */
#define ORTHO_MODEL_CURVE_MAX 32

/**
 * The measured runtime of one candidate for \p op on \p p processes at a
 * few message sizes (ortho-tune writes one per candidate it measured, at
 * the sizes it tuned on). Between two measured sizes the time is the
 * power law through both points, t = t_i (b / b_i)^a_i; below the first
 * and above the last size, the law of the nearest pair. lib/select
 * predicts a candidate from its curve when the profile has one for the
 * call's (op, p), before composing runtime functions (ortho_select.h).
 */
typedef struct ortho_model_curve {
    ortho_op op;            /**< any drop-in operation */
    int p;                  /**< the process count it was measured on */
    ortho_candidate cand;   /**< native included */
    int n;                  /**< sizes, 2 to ORTHO_MODEL_CURVE_MAX */
    double size[ORTHO_MODEL_CURVE_MAX];     /**< bytes (the model's size), increasing, > 0 */
    double seconds[ORTHO_MODEL_CURVE_MAX];  /**< measured time at each size, > 0 */
    int line;               /**< the profile line it was read from; 0 when added by a program */
} ortho_model_curve;

/**
 * \brief Add a curve (a copy). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for an invalid op, p < 1, an invalid
 *         candidate, fewer than 2 or more than ORTHO_MODEL_CURVE_MAX sizes,
 *         sizes not increasing, a size or time not positive and finite, or
 *         a second curve for the same op, p and candidate; MPI_ERR_NO_MEM.
 */
int ortho_model_profile_add_curve(ortho_model_profile_t prof, const ortho_model_curve *c);

/** \brief Number of curves. Not collective. */
int ortho_model_profile_ncurves(ortho_model_profile_t prof, int *n);

/** \brief A copy of curve \p i (0-based, in the order added). Not collective. */
int ortho_model_profile_curve(ortho_model_profile_t prof, int i, ortho_model_curve *c);

/**
 * \brief Remove the curves of \p op (ORTHO_OP_COUNT: every op) and \p p
 * (0: every p). Not collective.
 * \param[out] removed  may be NULL; how many were removed
 */
int ortho_model_profile_remove_curves(ortho_model_profile_t prof, ortho_op op, int p,
                                      int *removed);

/**
 * \brief The time of \p cand for \p op on \p p processes at \p bytes
 * from the profile's curve of that (op, p, candidate). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_UNSUPPORTED_OPERATION when the profile
 *         has no such curve; MPI_ERR_ARG.
 */
int ortho_model_curve_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                              const ortho_candidate *cand, double *seconds);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_DECISIONS_H_INCLUDED */
