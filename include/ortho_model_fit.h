/**
 * \file ortho_model_fit.h
 * \brief Fitting: least-squares fits of a form to measured samples (GSL),
 * and the choice among forms by their error on held-out samples, with at
 * breakpoints where the native changes algorithm (ortho_model_switches.h).
 * The samples come from ortho_measure.h or a file.
 *
 * Errors are returned, never raised (ortho_model_forms.h).
 */
#ifndef ORTHO_MODEL_FIT_H_INCLUDED
#define ORTHO_MODEL_FIT_H_INCLUDED

#include <mpi.h>

#include "ortho_model_profile.h"
#include "ortho_model_switches.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest number of pieces ortho_model_select() returns. */
#define ORTHO_MODEL_MAX_PIECES 2

/** Largest number of pieces ortho_model_select_pieces() returns. */
#define ORTHO_MODEL_MAX_SWITCH_PIECES 8

/** A measured time: op on a group of p processes with message size b.
 *  where and flows say how the groups lay on the nodes (0 for both: blocks
 *  of consecutive ranks, the groups of ortho_measure_natives()). */
typedef struct ortho_model_sample {
    ortho_model_op op;
    int p;
    double bytes;
    double seconds;
    int where;   /**< an ortho_model_where: NET for groups of one process per node */
    int flows;   /**< NET: the processes of each node that ran a group at once (0 or 1: one) */
} ortho_model_sample;

/** Options of ortho_model_fit() and ortho_model_select(). */
typedef struct ortho_model_fit_opts {
    int relative;       /**< 1: weights 1/t^2 (minimize relative error); 0: plain least squares */
    int nfolds;         /**< held-out folds of ortho_model_select() (>= 2; sample i is in fold i % nfolds) */
    int splits;         /**< 1: ortho_model_select() also tries one breakpoint in p and one in b */
    double split_gain;  /**< a split is kept when its held-out error is below split_gain x the unsplit one */
    int nfixed;         /**< coefficients held at known values, by name (e.g. "gamma") */
    const char *fixed_names[ORTHO_MODEL_MAX_COEFS];
    double fixed_values[ORTHO_MODEL_MAX_COEFS];
} ortho_model_fit_opts;

/** \brief Default options: relative, 5 folds, splits on, split_gain 0.8, nothing fixed. Not collective. */
ortho_model_fit_opts ortho_model_fit_opts_default(void);

/**
 * \brief Least-squares fit of a non-composite form to the samples of \p op
 * (others are ignored) with GSL (gsl_multifit_wlinear). GSL's error handler
 * is switched off during the call and the caller's is restored. Not collective.
 * \param[in]  opts     NULL for the defaults
 * \param[out] entry    op, form, coefficients and stats (range: everything)
 * \param[out] rel_err  NULL, or room for \p n values: the relative error
 *                      (predicted - measured) / measured of each sample
 *                      (0 for the samples of other ops)
 * \return MPI_SUCCESS; MPI_ERR_ARG for a composite form, a non-positive time
 *         (relative fits), or fewer samples than free coefficients;
 *         MPI_ERR_OTHER when GSL fails; MPI_ERR_NO_MEM.
 */
int ortho_model_fit(ortho_model_op op, int form, const ortho_model_sample samples[], int n,
                    const ortho_model_fit_opts *opts, ortho_model_entry *entry, double rel_err[]);

/**
 * \brief Choose among candidate forms for \p op by the RMS relative error on
 * held-out samples (cross-validation over opts->nfolds folds), optionally
 * with one breakpoint in p or in b (two pieces, each with its own best form).
 * The chosen pieces are refitted on all their samples. Composite candidates
 * are evaluated against \p prof (NULL: composite candidates are skipped).
 * Not collective.
 * \param[out] pieces    room for ORTHO_MODEL_MAX_PIECES entries, in lookup order
 * \param[out] npieces   1 or 2
 * \return MPI_SUCCESS; MPI_ERR_ARG when no candidate can be fitted.
 */
int ortho_model_select(ortho_model_op op, const int forms[], int nforms,
                       const ortho_model_sample samples[], int n, const ortho_model_fit_opts *opts,
                       ortho_model_profile_t prof, ortho_model_entry pieces[], int *npieces);

/**
 * \brief ortho_model_select() with up to \p max_pieces pieces: the
 * native's algorithm switches. Starting from one piece, the piece whose
 * best breakpoint lowers the total held-out error most is cut in two, as
 * long as its two sides' held-out error is below opts->split_gain times
 * the piece's own, and until \p max_pieces. Candidate breakpoints: between
 * two measured process counts, between two measured sizes b, and \p priors
 * (those of \p op; in p, b or p * b, e.g. ortho_model_native_priors()). A
 * prior that cuts the samples as a measured breakpoint would is preferred
 * to it (it says where between the two sizes the switch lies). A piece's
 * sizes are cut in b or in p * b, not both. With no priors and
 * max_pieces 2 it returns what ortho_model_select() returns. Not collective.
 * \param[in]  priors      may be NULL when npriors is 0
 * \param[in]  max_pieces  1 to ORTHO_MODEL_MAX_SWITCH_PIECES (1 also when opts->splits is 0)
 * \param[out] pieces      room for max_pieces entries, sorted by p, then size
 * \param[out] npieces     1 to max_pieces
 * \return MPI_SUCCESS; MPI_ERR_ARG when no candidate can be fitted or an
 *         argument is bad; MPI_ERR_NO_MEM.
 */
int ortho_model_select_pieces(ortho_model_op op, const int forms[], int nforms,
                              const ortho_model_sample samples[], int n,
                              const ortho_model_fit_opts *opts,
                              const ortho_model_breakpoint priors[], int npriors, int max_pieces,
                              ortho_model_profile_t prof, ortho_model_entry pieces[],
                              int *npieces);

/**
 * \brief The sharing factor of \p op on \p prof: the least-squares s >= 0
 * of t_i = A_i + (1 + s (flows_i - 1)) B_i over the samples of op with
 * where ORTHO_MODEL_WHERE_NET and flows >= 2 (ortho_measure_spread()), where
 * A_i is prof's function of op for groups across nodes (its where=net
 * entry, else the one for every group) at (p_i, 0) and B_i its growth to
 * b_i (weights 1/t_i^2 when opts->relative), clamped at 0. ortho-fit
 * stores it as the param share_OP. Not collective.
 * \param[in] opts  NULL for the defaults
 * \return MPI_SUCCESS; MPI_ERR_ARG when prof has no function of op for a
 *         sample or no sample constrains s.
 */
int ortho_model_fit_share(ortho_model_profile_t prof, ortho_model_op op,
                          const ortho_model_sample samples[], int n,
                          const ortho_model_fit_opts *opts, double *share);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_FIT_H_INCLUDED */
