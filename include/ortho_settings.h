/**
 * \file ortho_settings.h
 * \brief The ORTHO_* environment settings: one registry of every variable
 * the library reads, with its meaning, default, accepted values and a
 * check of a value. ortho-info lists them; README.md's settings table is
 * printed from the same registry (ortho-info --settings-markdown).
 *
 * A setting is read when the library first needs it. An invalid value is
 * reported once on stderr (rank 0) and the default is used instead,
 * except for ORTHO_GRID and ORTHO_VARIANT, where the native collectives
 * run. No call here communicates; all are Not collective. Errors are
 * returned, never raised.
 */
#ifndef ORTHO_SETTINGS_H_INCLUDED
#define ORTHO_SETTINGS_H_INCLUDED

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What a setting's value is. */
typedef enum ortho_setting_kind {
    ORTHO_SETTING_BOOLEAN = 0,  /**< 1/0, yes/no, true/false, on/off (any case) */
    ORTHO_SETTING_INTEGER,      /**< a whole number in a range */
    ORTHO_SETTING_FRACTION,     /**< a number in a range; "5%" is 0.05 */
    ORTHO_SETTING_LAYOUT,       /**< extents such as 8x12 or 4x4x6 (0: choose), or native */
    ORTHO_SETTING_CANDIDATES,   /**< a candidate name and/or op=candidate items */
    ORTHO_SETTING_PROFILE,      /**< a profile file to read */
    ORTHO_SETTING_OUTPUT,       /**< a file to write */
    ORTHO_SETTING_REPORT        /**< a boolean, or else a file to write */
} ortho_setting_kind;

/** One setting of the registry; the texts live as long as the program. */
typedef struct ortho_setting_info {
    const char *name;           /**< "ORTHO_VERBOSE" */
    ortho_setting_kind kind;
    const char *default_text;   /**< the default, e.g. "0 (off)", "96", "unset" */
    const char *accepted;       /**< the values accepted, e.g. "an integer in [0, 8]" */
    const char *meaning;        /**< what it does, one or two sentences */
} ortho_setting_info;

/** \brief The number of settings (indices 0 .. count - 1, in the
 *  registry's order). */
int ortho_setting_count(void);

/**
 * \brief The description of setting \p index.
 * \return MPI_SUCCESS; MPI_ERR_ARG for an index out of range or a NULL
 *         \p info.
 */
int ortho_setting_get_info(int index, ortho_setting_info *info);

/** \brief The index of the setting named \p name ("ORTHO_GRID"), or -1. */
int ortho_setting_find(const char *name);

/** \brief The current value of setting \p index in this process's
 *  environment; NULL when it is unset or empty (the default applies). */
const char *ortho_setting_value(int index);

/**
 * \brief Whether \p value is valid for setting \p index (NULL or "":
 * unset, valid). A profile is read to check it; a file to write is
 * checked for a folder that exists and is writable.
 * \param[out] valid  1 or 0
 * \param[out] why    may be NULL; when invalid, why, as a phrase after the
 *                    value (e.g. "is not an integer in [0, 8]"); else ""
 * \return MPI_SUCCESS; MPI_ERR_ARG for an index out of range or a NULL
 *         \p valid.
 */
int ortho_setting_check(int index, const char *value, int *valid, char *why, int len);

/**
 * \brief The one boolean parser of the settings: 1, yes, true, on give 1;
 * 0, no, false, off give 0; any case, spaces around ignored.
 * \return MPI_SUCCESS; MPI_ERR_ARG for anything else (\p value untouched)
 *         or NULL arguments.
 */
int ortho_setting_parse_bool(const char *text, int *value);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_SETTINGS_H_INCLUDED */
