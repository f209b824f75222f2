/**
 * \file ortho_model.h
 * \brief The performance model: runtime functions, least-squares fitting,
 * machine profiles, and the prediction of native and orthogonal
 * (multi-phase) collective operations.
 *
 * \par Quantities
 * Times are in seconds, message sizes in bytes (a double, so that sizes such
 * as n/p elements need no rounding). The size \p b of an operation is the one
 * of the source paper (Kühnemann, Rauber, Rünger, sec. 3): the whole message
 * for bcast, reduce and allreduce; the block that each process contributes
 * (gather, allgather) or receives (scatter) for the other three.
 *
 * \par Runtime functions ("forms")
 * All forms live in one table (lib/model/forms.c). A form is either linear in
 * its coefficients, t(p, b) = sum_j c_j * phi_j(p, b), which is what makes
 * least-squares fitting linear, or a composite of other operations' functions
 * (the paper's Table I: allreduce = reduce + bcast, allgather = gather +
 * bcast(p*b)). ortho_model_form_info() describes each form.
 *
 * \par Composition (formulas (1) and (2) of the paper, generalized)
 * A grid d[0] x ... x d[k-1] (row-major, rows are the last dimension, as in
 * ortho_grid.h) runs one phase per dimension. Rows first for reduce, gather,
 * allreduce and allgather (d[k-1], then d[k-2], ..., d[0]); the leader group
 * first for bcast and scatter (d[0], ..., d[k-1]). Gather, scatter and
 * allgather phases carry the blocks collected so far: the phase over d[i]
 * moves blocks of b * d[i+1] * ... * d[k-1] bytes. Bcast, reduce and
 * allreduce phases move b bytes. A 1-dimensional grid {p} is the native
 * operation.
 *
 * \par Errors
 * The convention of ortho_grid.h: MPI error codes. The functions of this
 * module except ortho_model_measure() involve no communicator and do not
 * need MPI to be initialized; when MPI is initialized (and not finalized)
 * they raise their errors on MPI_COMM_SELF, otherwise they only return them.
 * MPI_ERR_ARG for bad arguments, MPI_ERR_NO_MEM for a failed allocation,
 * MPI_ERR_FILE for a file that cannot be read or written or a malformed
 * profile, MPI_ERR_OTHER when a fit fails numerically.
 */
#ifndef ORTHO_MODEL_H_INCLUDED
#define ORTHO_MODEL_H_INCLUDED

#include <stdio.h>

#include <mpi.h>

#include "ortho_candidate.h"
#include "ortho_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Newest version of the profile text format, the one this library writes.
 *  It reads versions 1 to 3: version 2 added decisions and measured curves
 *  (see ortho_model_decision, ortho_model_curve), version 3 the end line
 *  (the number of lines and their checksum) by which a cut file is told
 *  from a whole one (docs/profile-format.md). */
#define ORTHO_MODEL_PROFILE_VERSION 3

/** Most coefficients of one form. */
#define ORTHO_MODEL_MAX_COEFS 4

/** Size of the message buffer of ortho_model_profile_read(). */
#define ORTHO_MODEL_MSG_MAX 256

/** Largest number of pieces ortho_model_select() returns. */
#define ORTHO_MODEL_MAX_PIECES 2

/** The modelled collective operations: the first ORTHO_MODEL_NOPS values
 *  of ortho_op (ortho_candidate.h), the one enum of the library. The
 *  ORTHO_MODEL_ names are the same values under their older names. */
typedef ortho_op ortho_model_op;
#define ORTHO_MODEL_BCAST ORTHO_OP_BCAST
#define ORTHO_MODEL_REDUCE ORTHO_OP_REDUCE
#define ORTHO_MODEL_GATHER ORTHO_OP_GATHER
#define ORTHO_MODEL_SCATTER ORTHO_OP_SCATTER
#define ORTHO_MODEL_ALLREDUCE ORTHO_OP_ALLREDUCE
#define ORTHO_MODEL_ALLGATHER ORTHO_OP_ALLGATHER
/** The modelled operations are those below this value. */
#define ORTHO_MODEL_NOPS 6

/** \brief "bcast", "reduce", ...; NULL for an invalid op. Not collective. */
const char *ortho_model_op_name(ortho_model_op op);

/**
 * \brief The op called \p name ("bcast", "reduce", "gather", "scatter",
 * "allreduce", "allgather"). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for an unknown name or NULL argument.
 */
int ortho_model_op_from_name(const char *name, ortho_model_op *op);

/* ---- forms ---------------------------------------------------------------- */

/** Description of a runtime-function form (a row of the form table). */
typedef struct ortho_model_form_info {
    const char *name;      /**< name used in profiles, e.g. "log", "binomial" */
    const char *formula;   /**< the formula in words, e.g. "(tau + tc*log2(p))*b" */
    const char *source;    /**< where it comes from, e.g. "paper Table I, t_sb_log" */
    unsigned ops;          /**< bit (1u << op) for every op it applies to */
    int ncoefs;            /**< number of coefficients (0 for a composite) */
    const char *coef_names[ORTHO_MODEL_MAX_COEFS]; /**< e.g. "tau", "tc" */
    int composite;         /**< 1: built from other ops' functions in the profile */
} ortho_model_form_info;

/** \brief Number of forms in the table. Not collective. */
int ortho_model_form_count(void);

/**
 * \brief Describe form \p form (0 <= form < ortho_model_form_count()).
 * Not collective. \return MPI_SUCCESS; MPI_ERR_ARG for a bad index or NULL.
 */
int ortho_model_form_info_get(int form, ortho_model_form_info *info);

/**
 * \brief The index of the form called \p name that applies to \p op.
 * Not collective. \return MPI_SUCCESS; MPI_ERR_ARG when there is none.
 */
int ortho_model_form_find(ortho_model_op op, const char *name, int *form);

/**
 * \brief Evaluate a non-composite form: t = sum_j coefs[j] * phi_j(p, b).
 * Not collective.
 * \param[in] p      number of processes, >= 1
 * \param[in] bytes  message size b, >= 0
 * \return MPI_SUCCESS; MPI_ERR_ARG for a composite form or bad arguments.
 */
int ortho_model_form_eval(int form, const double coefs[], int p, double bytes, double *seconds);

/* ---- profiles -------------------------------------------------------------- */

/** Opaque handle of a machine profile: runtime functions per operation. */
typedef struct ortho_model_profile *ortho_model_profile_t;

/**
 * Where an entry applies: p_lo <= p <= p_hi and size_lo <= s <= size_hi,
 * where s is b, or the root's message p*b when size_is_root is set (the
 * paper's Table IV ranges). Use ORTHO_MODEL_P_ANY / INFINITY for no bound.
 */
typedef struct ortho_model_range {
    int p_lo, p_hi;
    int size_is_root;
    double size_lo, size_hi;
} ortho_model_range;

/** Largest p: "no upper bound" for ortho_model_range.p_hi. */
#define ORTHO_MODEL_P_ANY 2147483647

/** Quality of a fitted entry (all zero when unknown, e.g. published coefficients). */
typedef struct ortho_model_stats {
    int nsamples;       /**< samples the fit used (0: no statistics) */
    double r2;          /**< coefficient of determination, 1 - SSE/SST */
    double rse;         /**< residual standard error [s], sqrt(SSE / (n - k)) */
    double mean_rel;    /**< mean |relative error| over the samples */
    double max_rel;     /**< largest |relative error| */
    double cv_rel;      /**< RMS relative error on held-out samples (0: not computed) */
} ortho_model_stats;

/** One runtime function of a profile: op, range, form and coefficients. */
typedef struct ortho_model_entry {
    ortho_model_op op;
    ortho_model_range range;
    int form;                              /**< index into the form table */
    double coefs[ORTHO_MODEL_MAX_COEFS];   /**< SI units: s, s/byte */
    ortho_model_stats stats;
} ortho_model_entry;

/**
 * \brief A range that covers every p and every size. Not collective.
 */
ortho_model_range ortho_model_range_all(void);

/**
 * \brief Create an empty profile. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for NULL; MPI_ERR_NO_MEM.
 * \note On failure *prof is NULL.
 */
int ortho_model_profile_create(ortho_model_profile_t *prof);

/**
 * \brief Release a profile and set *prof to NULL. NULL or *prof == NULL is a
 * harmless no-op. Not collective.
 */
int ortho_model_profile_free(ortho_model_profile_t *prof);

/**
 * \brief Set the profile's machine description (one line of text; a copy
 * is kept). Not collective. \return MPI_SUCCESS; MPI_ERR_ARG for NULL or a
 * text with a newline; MPI_ERR_NO_MEM.
 */
int ortho_model_profile_set_machine(ortho_model_profile_t prof, const char *machine);

/** \brief The machine description ("" when none); owned by the profile. Not collective. */
const char *ortho_model_profile_machine(ortho_model_profile_t prof);

/**
 * \brief Append an entry. Entries are looked up in the order they were
 * added: the first whose op and range match wins. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG when the form does not apply to the op,
 *         the range is empty or an argument is NULL; MPI_ERR_NO_MEM.
 */
int ortho_model_profile_add(ortho_model_profile_t prof, const ortho_model_entry *entry);

/** \brief Number of entries. Not collective. */
int ortho_model_profile_nentries(ortho_model_profile_t prof, int *n);

/** \brief A copy of entry \p i (0-based, in lookup order). Not collective. */
int ortho_model_profile_entry(ortho_model_profile_t prof, int i, ortho_model_entry *entry);

/**
 * \brief Set a named scalar parameter (e.g. "t_op", "t_eval", "gamma") in
 * seconds. Names are identifiers of at most 31 characters. Not collective.
 */
int ortho_model_profile_set_param(ortho_model_profile_t prof, const char *name, double value);

/**
 * \brief Get a named parameter. Not collective.
 * \param[out] found  1 when the profile has it (then *value is set), else 0
 */
int ortho_model_profile_param(ortho_model_profile_t prof, const char *name, double *value, int *found);

/**
 * \brief Read a profile from a file (format: docs/profile-format.md). Not collective.
 * \param[in]  path  file name
 * \param[out] prof  the new profile
 * \param[out] msg   may be NULL; else ORTHO_MODEL_MSG_MAX chars that receive
 *                   "path:LINE: what is wrong" on failure, "" on success
 * \return MPI_SUCCESS; MPI_ERR_FILE for an unreadable or malformed file,
 *         a cut one included (a last line without its newline; in version 3
 *         a missing or wrong end line); MPI_ERR_ARG; MPI_ERR_NO_MEM.
 * \note On failure *prof is NULL.
 */
int ortho_model_profile_read(const char *path, ortho_model_profile_t *prof, char *msg);

/**
 * \brief Read a profile from an open stream; \p name labels messages.
 * Same as ortho_model_profile_read() otherwise. Not collective.
 */
int ortho_model_profile_read_stream(FILE *in, const char *name, ortho_model_profile_t *prof, char *msg);

/**
 * \brief Write a profile (format version ORTHO_MODEL_PROFILE_VERSION) to a
 * file; reading it back gives the same entries: coefficients, ranges and
 * parameters exactly, fit statistics to 4 significant digits. Not collective.
 * The text goes to a new file next to \p path (PATH.tmp.PID.K), flushed to
 * the disk and renamed to \p path: an existing profile is replaced whole or
 * not at all (a symbolic link stays a link, the file it names is replaced;
 * an existing \p path that is no regular file, /dev/stdout, is written in
 * place).
 * \return MPI_SUCCESS; MPI_ERR_FILE when the file cannot be written; MPI_ERR_ARG.
 * \note On failure \p path is as it was and no temporary file is left.
 */
int ortho_model_profile_write(ortho_model_profile_t prof, const char *path);

/** \brief Write a profile to an open stream. Not collective. */
int ortho_model_profile_write_stream(ortho_model_profile_t prof, FILE *out);

/* ---- measured decisions (profile format version 2) ------------------------ */

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

/** \brief The older name of ortho_op_from_word(), kept for one release;
 *  unlike it, raises MPI_ERR_ARG on MPI_COMM_SELF. Not collective. */
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

/* ---- measured runtimes of candidates (profile format version 2) ---------- */

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
 * \return MPI_SUCCESS; MPI_ERR_UNSUPPORTED_OPERATION (returned, not
 *         raised) when the profile has no such curve; MPI_ERR_ARG.
 */
int ortho_model_curve_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                              const ortho_candidate *cand, double *seconds);

/* ---- prediction ------------------------------------------------------------ */

/** The predicted time of one phase. */
typedef struct ortho_model_phase {
    ortho_model_op op;   /**< the native operation the phase calls */
    int dim;             /**< grid dimension it runs over */
    int group;           /**< group size d[dim] */
    double bytes;        /**< message size b of that call */
    double seconds;      /**< predicted time */
} ortho_model_phase;

/** Prediction of an operation on a grid: the phases in execution order and their sum. */
typedef struct ortho_model_prediction {
    int nphases;
    ortho_model_phase phase[ORTHO_GRID_MAX_DIMS];
    double total;
} ortho_model_prediction;

/**
 * \brief Predicted time of the native operation on \p p processes with
 * message size \p bytes. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for bad arguments or when no entry of the
 *         profile covers (op, p, bytes).
 */
int ortho_model_predict(ortho_model_profile_t prof, ortho_model_op op, int p, double bytes,
                        double *seconds);

/**
 * \brief Predicted time of \p op on the grid dims[0] x ... x dims[ndims-1]:
 * each phase and the total (see Composition above). Not collective.
 * \param[in] ndims  1 to ORTHO_GRID_MAX_DIMS; 1 is the native operation
 * \param[in] dims   every entry >= 1
 * \return MPI_SUCCESS; MPI_ERR_ARG, MPI_ERR_DIMS for a bad ndims.
 */
int ortho_model_predict_grid(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                             const int dims[], double bytes, ortho_model_prediction *pred);

/** A grid layout. */
typedef struct ortho_model_layout {
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];
} ortho_model_layout;

/**
 * \brief All layouts of \p p processes with 1 to \p maxdims dimensions: the
 * native {p} first, then every ordered factorization p = d[0] x ... x d[k-1]
 * with all d[i] >= 2 (2D: 2 x p/2, ..., p/2 x 2), by ndims then d[0], d[1], ...
 * Not collective.
 * \param[out] out  room for \p cap layouts (may be NULL when cap is 0)
 * \param[out] n    the number of layouts (may exceed cap; only cap are stored)
 */
int ortho_model_layouts(int p, int maxdims, ortho_model_layout out[], int cap, int *n);

/**
 * \brief The layout with the smallest predicted time for (op, p, bytes)
 * among ortho_model_layouts(p, maxdims); ties go to the earlier layout
 * (the native operation first). Not collective.
 * \param[out] pred  may be NULL; the prediction of the chosen layout
 */
int ortho_model_choose(ortho_model_profile_t prof, ortho_model_op op, int p, double bytes,
                       int maxdims, ortho_model_layout *best, ortho_model_prediction *pred);

/* ---- applications (paper sec. 5) ------------------------------------------- */

/** The application formulas of sec. 5 of the paper. */
typedef enum ortho_model_app {
    ORTHO_MODEL_JACOBI_ROW = 0,   /**< (3): 2 n^2/p t_op + t_mb(p, n/p) */
    ORTHO_MODEL_JACOBI_COL_MB,    /**< (4): 2 n^2/p t_op + t_macc(p, n) + t_mb(p, n/p) */
    ORTHO_MODEL_JACOBI_COL_SB,    /**< (5): 2 n/p (n-1) t_op + t_acc(p, n) + t_sb(p, n) */
    ORTHO_MODEL_PAB,              /**< C_PAB = K t_mb(p, n/p); T_PAB = K (n/p T_eval + (2K+1) n/p t_op) */
    ORTHO_MODEL_PABM,             /**< C_PABM = K I t_mb(p, n/p); T_PABM = K I n/p T_eval + K(2K+1) n/p t_op + 3 K I n/p t_op */
    ORTHO_MODEL_NAPPS
} ortho_model_app;

/** \brief "jacobi-row", "jacobi-col-mb", "jacobi-col-sb", "pab", "pabm". Not collective. */
const char *ortho_model_app_name(ortho_model_app app);

/** \brief The app called \p name. Not collective. \return MPI_ERR_ARG for an unknown name. */
int ortho_model_app_from_name(const char *name, ortho_model_app *app);

/** Parameters of an application formula. */
typedef struct ortho_model_app_params {
    double n;          /**< system size (number of equations / ODE components) */
    int K;             /**< stages (PAB, PABM) */
    int I;             /**< corrector iterations (PABM) */
    double t_op;       /**< time of one arithmetic operation [s] */
    double t_eval;     /**< time to evaluate one component of f [s] (PAB, PABM) */
    double elem_bytes; /**< bytes of one vector element in messages (8 for double) */
} ortho_model_app_params;

/** The predicted time of one iteration / time step. */
typedef struct ortho_model_app_prediction {
    double compute;    /**< computation: the t_op and T_eval terms */
    double comm;       /**< communication: the sum of the collectives */
    double total;      /**< compute + comm */
    int ncolls;        /**< number of collective terms (1 or 2) */
    ortho_model_prediction coll[2]; /**< each collective term on the layout (times its multiplicity) */
    double mult[2];    /**< multiplicity of each term (K or K*I for PAB/PABM, else 1) */
} ortho_model_app_prediction;

/**
 * \brief Predicted time per iteration (Jacobi) or per time step (PAB, PABM)
 * with every collective realized on \p layout (ndims 1: native). The paper's
 * n/p elements become n/p * elem_bytes bytes. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for bad parameters.
 */
int ortho_model_app_predict(ortho_model_profile_t prof, ortho_model_app app,
                            const ortho_model_app_params *params,
                            const ortho_model_layout *layout, ortho_model_app_prediction *pred);

/* ---- fitting --------------------------------------------------------------- */

/** A measured time: op on a group of p processes with message size b. */
typedef struct ortho_model_sample {
    ortho_model_op op;
    int p;
    double bytes;
    double seconds;
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

/* ---- measuring ------------------------------------------------------------- */

/** Options of ortho_model_measure(). */
typedef struct ortho_model_measure_opts {
    unsigned ops;            /**< bit (1u << op) per operation to time */
    const double *sizes;     /**< message sizes b in bytes */
    int nsizes;
    const int *groups;       /**< group sizes; NULL: every divisor >= 2 of p (p == 1: {1}) */
    int ngroups;
    int min_reps, max_reps;  /**< repetitions per point */
    double rel_se;           /**< stop when the relative standard error of the mean is below this */
    double max_seconds;      /**< and stop a point after this much time (0: no limit) */
    FILE *progress;          /**< rank 0 writes a line per point here; NULL: silent */
} ortho_model_measure_opts;

/**
 * \brief Defaults: all ops, sizes 256, 2K, 16K, 128K, reps 3..10, rel_se 0.05,
 * at most 0.1 s a point (seconds at np 4 even on an oversubscribed laptop;
 * use more sizes and repetitions for a real profile). Not collective.
 */
ortho_model_measure_opts ortho_model_measure_opts_default(void);

/**
 * \brief Time native collectives (through PMPI_) on sub-communicators of
 * \p comm: for every group size g, comm is split into size/g concurrent
 * groups of g consecutive ranks (g must divide the size), which run the
 * operation at the same time, as the phases of an orthogonal operation do.
 * Each repetition is timed on every rank; the sample is the median over the
 * repetitions of the maximum over the ranks of \p comm. bcast, reduce,
 * gather and scatter use root 0; reduce and allreduce sum doubles (b is
 * rounded down to a multiple of 8, at least 8).
 * Collective over \p comm; all arguments must match on all ranks.
 * \param[out] samples  allocated; release with ortho_model_samples_free()
 * \param[out] n        number of samples (the same on every rank)
 * \return MPI_SUCCESS; MPI_ERR_ARG (raised on \p comm) for bad options;
 *         MPI_ERR_NO_MEM; the code of a failed MPI call.
 */
int ortho_model_measure(MPI_Comm comm, const ortho_model_measure_opts *opts,
                        ortho_model_sample **samples, int *n);

/** \brief Release samples from ortho_model_measure(); sets *samples to NULL. Not collective. */
int ortho_model_samples_free(ortho_model_sample **samples);

/**
 * \brief Time any collective call the way ortho_model_measure() times a
 * point: one untimed warm-up call, then repetitions, each a barrier on
 * \p comm, the call, and the maximum of its time over the ranks of
 * \p comm, until the relative standard error of their mean is below
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
int ortho_model_time_call(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                          const ortho_model_measure_opts *opts, double *median, int *nreps,
                          double *rse);

/* ---- text helpers -------------------------------------------------------- */

/**
 * \brief Parse a size: a number with an optional binary suffix K, M, G
 * (1024-based; "64K" = 65536, "1.5M"). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for a malformed or negative value.
 */
int ortho_model_parse_bytes(const char *text, double *bytes);

/**
 * \brief Parse a time: a number with an optional unit s, ms, us, ns
 * (no unit: seconds); "0.092us" = 9.2e-8. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for a malformed value.
 */
int ortho_model_parse_seconds(const char *text, double *seconds);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_H_INCLUDED */
