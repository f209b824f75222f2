/* The checks of a setting's value, one per kind, and the one boolean
 * parser of every boolean setting. A check says why a value is refused
 * as a phrase that follows the value in a message:
 * ORTHO_ADAPT_CANDIDATES="12" "is not an integer in [0, 8]". */
#include "settings/settings_private.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "ortho_model_profile.h"

int ortho__parse_bool(const char *text, int *value)
{
    static const char *const words[][2] = {
        {"1", "0"}, {"yes", "no"}, {"true", "false"}, {"on", "off"}};
    while (isspace((unsigned char)*text))
        text++;
    size_t n = strlen(text);
    while (n > 0 && isspace((unsigned char)text[n - 1]))
        n--;
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
        for (int v = 0; v < 2; v++)
            if (strlen(words[w][v]) == n && strncasecmp(text, words[w][v], n) == 0) {
                *value = v == 0;
                return 0;
            }
    return -1;
}

int ortho__parse_setting_number(const struct ortho__setting_def *d, const char *text,
                                double *value, char *why, size_t len)
{
    char *end = NULL;
    errno = 0;
    double v = strtod(text, &end);
    if (end != text && d->kind == ORTHO_SETTING_FRACTION && *end == '%') {
        v /= 100.0;
        end++;
    }
    while (end != NULL && isspace((unsigned char)*end))
        end++;
    int whole = d->kind != ORTHO_SETTING_INTEGER || v == floor(v);
    if (end == text || *end != '\0' || errno != 0 || !whole || !(v >= d->lo && v <= d->hi)) {
        snprintf(why, len, "is not %s", d->accepted);
        return -1;
    }
    *value = v;
    return 0;
}

static int check_layout(const char *text, char *why, size_t len)
{
    int ndims = 0, dims[ORTHO_GRID_MAX_DIMS];
    if (ortho__parse_grid(text, &ndims, dims) != ORTHO_ENV_MALFORMED)
        return 0;
    snprintf(why, len, "is not a layout (examples: 8x12, 4x4x6, native)");
    return -1;
}

/* A profile: read as the library reads it. */
static int check_profile(const char *text, char *why, size_t len)
{
    char msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL;
    if (ortho_model_profile_read(text, &prof, msg) != MPI_SUCCESS) {
        snprintf(why, len, "cannot be used: %s", msg);
        return -1;
    }
    ortho_model_profile_free(&prof);
    return 0;
}

/* A file to write: writable if it exists, else its folder writable. */
static int check_output(const char *text, char *why, size_t len)
{
    char dir[4096];
    if (access(text, F_OK) == 0) {
        if (access(text, W_OK) == 0)
            return 0;
        snprintf(why, len, "cannot be written: %s", strerror(errno));
        return -1;
    }
    const char *slash = strrchr(text, '/');
    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == text ? 1 : (int)(slash - text), text);
    if (access(dir, W_OK | X_OK) == 0)
        return 0;
    snprintf(why, len, "cannot be written: folder %s: %s", dir, strerror(errno));
    return -1;
}

int ortho__setting_check(enum ortho__setting s, const char *text, char *why, size_t len)
{
    const struct ortho__setting_def *d = ortho__setting_def(s);
    ortho_candidate cands[ORTHO_OP_COUNT];
    int set[ORTHO_OP_COUNT], b;
    double v;
    char detail[160];
    why[0] = '\0';
    switch (d->kind) {
    case ORTHO_SETTING_BOOLEAN:
        if (ortho__parse_bool(text, &b) == 0)
            return 0;
        snprintf(why, len, "is not a boolean (%s)", d->accepted);
        return -1;
    case ORTHO_SETTING_INTEGER:
    case ORTHO_SETTING_FRACTION:
        return ortho__parse_setting_number(d, text, &v, why, len);
    case ORTHO_SETTING_LAYOUT:
        return check_layout(text, why, len);
    case ORTHO_SETTING_CANDIDATES:
        if (ortho__parse_variant_env_why(text, cands, set, detail, sizeof detail) !=
            ORTHO_ENV_MALFORMED)
            return 0;
        snprintf(why, len, "%s", detail);
        return -1;
    case ORTHO_SETTING_PROFILE:
        return check_profile(text, why, len);
    case ORTHO_SETTING_OUTPUT:
        return check_output(text, why, len);
    case ORTHO_SETTING_REPORT:
        return ortho__parse_bool(text, &b) == 0 ? 0 : check_output(text, why, len);
    }
    return 0;
}
