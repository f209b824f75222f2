/* ORTHO_PROFILE: the selector the drop-in functions use when the program
 * installed no candidate chooser of its own.
 *
 * Read once per process, lazily, when the drop-ins first meet a
 * communicator: every process reads the file itself; the drop-ins compare
 * a hash of the bytes read with the other settings over each
 * communicator (dropin/cache.c), so that all processes take the same
 * decisions or all run native. A missing, unreadable or
 * malformed profile gives the native operations, reported once on stderr.
 *
 * Reasons (for ORTHO_VERBOSE and ortho_comm_candidate) are kept in a
 * process-wide list of distinct texts that lives as long as the process:
 * the drop-ins' cached decisions point into it. */
#include "select/select_private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/lock.h"
#include "model/model_private.h"
#include "settings/settings_private.h"

#define MAX_PROFILE_BYTES (64L << 20)
#define MAX_REASONS 4096

static struct {
    int loaded;
    enum ortho__select_state state;
    ortho_model_profile_t prof;
    ortho_select_t sel;
    unsigned long long hash;   /* FNV-1a of the bytes read; 0 when none */
    char why[ORTHO_MODEL_MSG_MAX + 160];
    int reported;
} env;

struct reason {
    struct reason *next;
    char text[];
};
static struct reason *reasons;
static int nreasons;

static unsigned long long fnv1a(const char *s, size_t n)
{
    unsigned long long h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h != 0 ? h : 1;
}

/* The whole file, or NULL with env.why set. */
static char *slurp(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (in == NULL) {
        snprintf(env.why, sizeof env.why, "ORTHO_PROFILE=%s: cannot open: %s", path,
                 strerror(errno));
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            char *b = cap < (size_t)MAX_PROFILE_BYTES ? realloc(buf, cap ? 2 * cap : 4096) : NULL;
            if (b == NULL) {
                snprintf(env.why, sizeof env.why, "ORTHO_PROFILE=%s: too large or out of memory",
                         path);
                free(buf);
                fclose(in);
                return NULL;
            }
            buf = b;
            cap = cap ? 2 * cap : 4096;
        }
        size_t got = fread(buf + n, 1, cap - n, in);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(in)) {
        snprintf(env.why, sizeof env.why, "ORTHO_PROFILE=%s: read error", path);
        free(buf);
        buf = NULL;
    }
    fclose(in);
    *len = n;
    return buf;
}

/* Reads ORTHO_PROFILE and the selector's settings; rank: for the
 * messages about an invalid threshold or extrapolation setting, which
 * keep their defaults (the profile is used all the same). */
static void load(int rank)
{
    const char *path = ortho__setting_text(ORTHO__SETTING_PROFILE);
    char msg[ORTHO_MODEL_MSG_MAX];
    size_t len = 0;
    char *text = NULL;
    FILE *in = NULL;
    ortho_select_opts o = ortho_select_opts_default();
    env.loaded = 1;
    env.state = ORTHO__SELECT_UNSET;
    if (path == NULL)
        return;
    env.state = ORTHO__SELECT_NATIVE;
    text = slurp(path, &len);
    if (text == NULL)
        return;
    env.hash = fnv1a(text, len);
    in = len > 0 ? fmemopen(text, len, "r") : NULL;
    if (len == 0) {
        snprintf(env.why, sizeof env.why, "ORTHO_PROFILE=%s: empty file", path);
    } else if (in == NULL) {
        snprintf(env.why, sizeof env.why, "ORTHO_PROFILE=%s: cannot read", path);
    } else if (ortho_model_profile_read_stream(in, path, &env.prof, msg) != MPI_SUCCESS) {
        snprintf(env.why, sizeof env.why, "ORTHO_PROFILE: %s", msg);
    } else {
        o.label = path;
        o.threshold = ortho__setting_number(ORTHO__SETTING_SELECT_THRESHOLD, rank);
        o.extrapolate = ortho__setting_bool(ORTHO__SETTING_SELECT_EXTRAPOLATE, rank);
        if (ortho_select_create(env.prof, &o, &env.sel) == MPI_SUCCESS)
            env.state = ORTHO__SELECT_ACTIVE;
        else
            snprintf(env.why, sizeof env.why, "ORTHO_PROFILE=%s: out of memory", path);
    }
    if (in != NULL)
        fclose(in);
    free(text);
    if (env.state != ORTHO__SELECT_ACTIVE) {
        ortho_model_profile_free(&env.prof);
        if (strlen(env.why) + 8 < sizeof env.why)
            strcat(env.why, ": native");
    }
}

/* text, kept for the life of the process (one copy of each). */
static const char *intern(const char *text)
{
    for (struct reason *r = reasons; r != NULL; r = r->next)
        if (strcmp(r->text, text) == 0)
            return r->text;
    if (nreasons == MAX_REASONS)
        return "ORTHO_PROFILE selection";
    struct reason *r = malloc(sizeof *r + strlen(text) + 1);
    if (r == NULL)
        return "ORTHO_PROFILE selection";
    strcpy(r->text, text);
    r->next = reasons;
    reasons = r;
    nreasons++;
    return r->text;
}

enum ortho__select_state ortho__select_env_state(int rank, const char **why,
                                                unsigned long long *hash)
{
    enum ortho__select_state state;
    ortho__lock();
    if (!env.loaded)
        load(rank);
    *why = intern(env.why); /* outlives a reset of env (tests) */
    *hash = env.state == ORTHO__SELECT_UNSET ? 0 : env.hash;
    state = env.state;
    if (state == ORTHO__SELECT_NATIVE && rank == 0 && !env.reported) {
        fprintf(stderr, "ortho: %s\n", env.why);
        env.reported = 1;
    }
    ortho__unlock();
    return state;
}

ortho_select_t ortho__select_env(void)
{
    return env.state == ORTHO__SELECT_ACTIVE ? env.sel : NULL;
}

ortho_model_profile_t ortho__select_env_profile(void)
{
    return env.state == ORTHO__SELECT_ACTIVE ? env.prof : NULL;
}

const char *ortho__select_reason(ortho_candidate_chooser fn, void *ctx)
{
    struct ortho_select *sel = ctx;
    char text[600];
    if (fn != ortho_select_chooser || sel == NULL)
        return NULL;
    ortho_select_info_text(sel, sel->last_op, sel->last_p, &sel->last_info, text, (int)sizeof text);
    return intern(text);
}

void ortho__select_env_reset(void)
{
    ortho_select_free(&env.sel);
    ortho_model_profile_free(&env.prof);
    memset(&env, 0, sizeof env);
}
