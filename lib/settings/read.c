/* Every read of an ORTHO_* variable, and the messages about settings: an
 * invalid value (once per process and setting: the default is used), a
 * setting that does not apply to a communicator (once per communicator
 * size, setting and case). The messages' memory has its own mutex, so
 * callers may hold the library's lock or not. */
#include "settings/settings_private.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The notices printed: (setting, size, hash of the key); when full,
 * nothing more is printed. */
enum { MAX_NOTICES = 256 };

static pthread_mutex_t messages_lock = PTHREAD_MUTEX_INITIALIZER;
static int invalid_reported[ORTHO__SETTING_COUNT];
static struct notice {
    int setting, size;
    unsigned long long key;
} notices[MAX_NOTICES];
static int nnotices;

const char *ortho__setting_text(enum ortho__setting s)
{
    const char *text = getenv(ortho__setting_def(s)->name);
    return text != NULL && text[0] != '\0' ? text : NULL;
}

void ortho__setting_invalid(enum ortho__setting s, int rank, const char *text, const char *why,
                            const char *instead)
{
    if (rank != 0)
        return;
    pthread_mutex_lock(&messages_lock);
    int first = !invalid_reported[s];
    invalid_reported[s] = 1;
    pthread_mutex_unlock(&messages_lock);
    if (first)
        fprintf(stderr, "ortho: %s=\"%s\" %s; %s\n", ortho__setting_def(s)->name, text, why,
                instead);
}

int ortho__setting_bool(enum ortho__setting s, int rank)
{
    const struct ortho__setting_def *d = ortho__setting_def(s);
    const char *text = ortho__setting_text(s);
    int v = d->fallback != 0.0;
    if (text == NULL || ortho__parse_bool(text, &v) == 0)
        return v;
    if (d->kind == ORTHO_SETTING_REPORT)
        return 1; /* a file */
    char why[160], instead[96];
    snprintf(why, sizeof why, "is not a boolean (%s)", d->accepted);
    snprintf(instead, sizeof instead, "the default %s is used", d->default_text);
    ortho__setting_invalid(s, rank, text, why, instead);
    return d->fallback != 0.0;
}

double ortho__setting_number(enum ortho__setting s, int rank)
{
    const struct ortho__setting_def *d = ortho__setting_def(s);
    const char *text = ortho__setting_text(s);
    double v = d->fallback;
    char why[160], instead[96];
    if (text == NULL || ortho__parse_setting_number(d, text, &v, why, sizeof why) == 0)
        return v;
    snprintf(instead, sizeof instead, "the default %s is used", d->default_text);
    ortho__setting_invalid(s, rank, text, why, instead);
    return d->fallback;
}

static unsigned long long key_hash(const char *key)
{
    unsigned long long h = 1469598103934665603ULL; /* FNV-1a */
    for (const char *c = key != NULL ? key : ""; *c != '\0'; c++) {
        h ^= (unsigned char)*c;
        h *= 1099511628211ULL;
    }
    return h;
}

int ortho__setting_first_notice(enum ortho__setting s, int size, const char *key)
{
    unsigned long long h = key_hash(key);
    int first = 1;
    pthread_mutex_lock(&messages_lock);
    for (int i = 0; i < nnotices && first; i++)
        first = !(notices[i].setting == (int)s && notices[i].size == size && notices[i].key == h);
    if (first && nnotices < MAX_NOTICES)
        notices[nnotices++] = (struct notice){(int)s, size, h};
    else
        first = 0;
    pthread_mutex_unlock(&messages_lock);
    return first;
}

void ortho__setting_messages_reset(void)
{
    pthread_mutex_lock(&messages_lock);
    memset(invalid_reported, 0, sizeof invalid_reported);
    nnotices = 0;
    pthread_mutex_unlock(&messages_lock);
}
