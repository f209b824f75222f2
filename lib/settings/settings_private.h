/* The ORTHO_* environment settings (ortho_settings.h). Private.
 *
 *   registry.c     the one table of settings: name, kind, range, default,
 *                  meaning
 *   query.c        the public queries (ortho_settings.h)
 *   read.c         every read of an ORTHO_* variable: the raw text, a
 *                  boolean or a number with its fallback, the messages
 *                  (an invalid value once per process, a setting that
 *                  does not apply once per communicator size)
 *   check.c        the checks of a value, one per kind, and the boolean
 *                  parser
 *   variant_env.c  the parser of ORTHO_VARIANT's list
 *
 * lib/settings sits beside lib/grid: it uses lib/model (a profile is read
 * to check it), lib/candidate and lib/common; lib/select and lib/dropin
 * read their settings through it. No getenv("ORTHO_...") elsewhere. */
#ifndef ORTHO_SETTINGS_PRIVATE_H_INCLUDED
#define ORTHO_SETTINGS_PRIVATE_H_INCLUDED

#include <stddef.h>

#include "candidate/candidate_private.h"
#include "ortho_settings.h"

/* The settings, in the registry's order (the public index). */
enum ortho__setting {
    ORTHO__SETTING_VERBOSE = 0,
    ORTHO__SETTING_GRID,
    ORTHO__SETTING_VARIANT,
    ORTHO__SETTING_PROFILE,
    ORTHO__SETTING_SELECT_THRESHOLD,
    ORTHO__SETTING_SELECT_EXTRAPOLATE,
    ORTHO__SETTING_ADAPT,
    ORTHO__SETTING_ADAPT_CANDIDATES,
    ORTHO__SETTING_ADAPT_MARGIN,
    ORTHO__SETTING_ADAPT_OVERHEAD,
    ORTHO__SETTING_ADAPT_RECHECK,
    ORTHO__SETTING_ADAPT_LAG,
    ORTHO__SETTING_PROFILE_SAVE,
    ORTHO__SETTING_MAX_COMMS,
    ORTHO__SETTING_REPORT,
    ORTHO__SETTING_COUNT
};

/* One entry of the registry. */
struct ortho__setting_def {
    const char *name;
    ortho_setting_kind kind;
    double lo, hi;              /* INTEGER, FRACTION: the range */
    double fallback;            /* BOOLEAN, INTEGER, FRACTION: the default */
    const char *default_text;
    const char *accepted;
    const char *meaning;
};

/* ---- registry.c ---------------------------------------------------------- */

/* The entry of setting s. */
const struct ortho__setting_def *ortho__setting_def(enum ortho__setting s);

/* ---- read.c -------------------------------------------------------------- */

/* The variable's text, NULL when unset or empty. */
const char *ortho__setting_text(enum ortho__setting s);

/* A BOOLEAN setting (REPORT: 1 when on, whatever the file). An invalid
 * value gives the default, reported once per process where rank is 0. */
int ortho__setting_bool(enum ortho__setting s, int rank);

/* An INTEGER or FRACTION setting, or its default (an invalid value
 * reported as for ortho__setting_bool). */
double ortho__setting_number(enum ortho__setting s, int rank);

/* Prints "ortho: NAME="TEXT" WHY; INSTEAD" on stderr, once per process
 * and setting, where rank is 0. Thread-safe. */
void ortho__setting_invalid(enum ortho__setting s, int rank, const char *text, const char *why,
                            const char *instead);

/* 1 the first time this process meets (size, s, key) (key: NULL or a
 * text that tells cases of one setting apart, e.g. an operation), else
 * 0: a line about a setting that does not apply to a communicator of
 * `size` processes is printed once per size. Thread-safe. */
int ortho__setting_first_notice(enum ortho__setting s, int size, const char *key);

/* Tests: forget the messages printed. */
void ortho__setting_messages_reset(void);

/* ---- check.c ------------------------------------------------------------- */

/* 0 when text (not NULL, not empty) is a valid value of s, else -1 with
 * why (a phrase after the value, e.g. "is not a layout (...)"). */
int ortho__setting_check(enum ortho__setting s, const char *text, char *why, size_t len);

/* The boolean parser (ortho_setting_parse_bool): 0, or -1 when text is
 * not a boolean. */
int ortho__parse_bool(const char *text, int *value);

/* A number of an INTEGER or FRACTION setting: 0 with *value, or -1 with
 * why. */
int ortho__parse_setting_number(const struct ortho__setting_def *d, const char *text,
                                double *value, char *why, size_t len);

/* ---- variant_env.c ------------------------------------------------------- */

/* Parses ORTHO_VARIANT: "NAME" (every operation) and/or "op=NAME" entries
 * separated by ',' (op: bcast, reduce, ...): the candidate forced for each
 * op (set[op] = 1). ORTHO_ENV_UNSET, ORTHO_ENV_LAYOUT (something set) or
 * ORTHO_ENV_MALFORMED; why (may be NULL) then says what is wrong, e.g.
 * "names allgather twice". */
enum ortho_env_grid ortho__parse_variant_env_why(const char *text,
                                                 ortho_candidate cands[ORTHO_OP_COUNT],
                                                 int set[ORTHO_OP_COUNT], char *why,
                                                 size_t len);

/* The same without why. */
enum ortho_env_grid ortho__parse_variant_env(const char *text,
                                             ortho_candidate cands[ORTHO_OP_COUNT],
                                             int set[ORTHO_OP_COUNT]);

#endif /* ORTHO_SETTINGS_PRIVATE_H_INCLUDED */
