/**
 * \file ortho_model_profile.h
 * \brief Machine profiles: the runtime functions of a machine per operation
 * (entries), named parameters, and reading and writing the profile text
 * format (docs/profile-format.md). Decisions and measured curves, which
 * profiles also hold, are ortho_model_decisions.h.
 *
 * Errors are returned, never raised (ortho_model_forms.h).
 */
#ifndef ORTHO_MODEL_PROFILE_H_INCLUDED
#define ORTHO_MODEL_PROFILE_H_INCLUDED

#include <stdio.h>

#include <mpi.h>

#include "ortho_model_forms.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Newest version of the profile text format, the one this library writes.
 *  It reads versions 1 to 3: version 2 added decisions and measured curves
 *  (see ortho_model_decision, ortho_model_curve), version 3 the end line
 *  (the number of lines and their checksum) by which a cut file is told
 *  from a whole one (docs/profile-format.md). */
#define ORTHO_MODEL_PROFILE_VERSION 3

/** Size of the message buffer of ortho_model_profile_read(). */
#define ORTHO_MODEL_MSG_MAX 256

/** Opaque handle of a machine profile: runtime functions per operation. */
typedef struct ortho_model_profile *ortho_model_profile_t;

/**
 * Where the groups of a phase lie on the machine's nodes (node size c,
 * nodes holding blocks of c consecutive ranks, as ortho_grid_nodes sees
 * them): the condition `where=node` or `where=net` of a profile entry.
 */
typedef enum ortho_model_where {
    ORTHO_MODEL_WHERE_ANY = 0,  /**< unknown, or a block of consecutive ranks (what ortho-fit's
                                     concurrent groups are): every entry without where= */
    ORTHO_MODEL_WHERE_NODE = 1, /**< the whole group inside one node (shared memory) */
    ORTHO_MODEL_WHERE_NET = 2   /**< members on several nodes, not a block of consecutive ranks
                                     (the lanes of a node-aware grid, columns of a grid) */
} ortho_model_where;

/**
 * Where an entry applies: p_lo <= p <= p_hi and size_lo <= s <= size_hi,
 * where s is b, or the root's message p*b when size_is_root is set (the
 * paper's Table IV ranges). Use ORTHO_MODEL_P_ANY / INFINITY for no bound.
 * where: ORTHO_MODEL_WHERE_ANY (0) applies to every group; NODE or NET
 * only to the phases whose groups lie so (a prediction that knows the node
 * size; ortho_model_predict_grid_nodes()).
 */
typedef struct ortho_model_range {
    int p_lo, p_hi;
    int size_is_root;
    double size_lo, size_hi;
    int where;                  /**< an ortho_model_where */
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

/** Room for the text of ortho_model_range_text(): always enough. */
#define ORTHO_MODEL_RANGE_TEXT_MAX 160

/**
 * \brief A range as the conditions of a profile line: "p>=8 b>=12K b<512K
 * where=net" (docs/profile-format.md; "" for every p and size anywhere),
 * read back by ortho_model_profile_read() as the same range. Not collective.
 * \param[out] text  room for \p len characters
 * \return MPI_SUCCESS; MPI_ERR_ARG for NULL or \p len < 1; MPI_ERR_TRUNCATE
 *         when \p len is too small.
 */
int ortho_model_range_text(const ortho_model_range *r, char *text, int len);

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

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_PROFILE_H_INCLUDED */
