/* Candidate names, as profiles, ORTHO_VARIANT and ORTHO_VERBOSE write
 * them ("rsag:4x4x8:rows", "pipe:node:rows:seg=64K"), and layout texts
 * ("8x12", "native"). */
#include "candidate/candidate_private.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const variant_names[ORTHO_VARIANT_COUNT] = {"native", "phases", "rsag",
                                                               "scag", "pipe", "chain",
                                                               "spread", "rings", "trees"};
static const char *const order_names[] = {"paper", "rows", "cols"};

/* The largest segment a name gives (bytes). */
enum { SEGMENT_MAX = 1 << 30 };

const char *ortho_variant_name(ortho_variant variant)
{
    return (int)variant >= 0 && variant < ORTHO_VARIANT_COUNT ? variant_names[variant] : NULL;
}

static int candidate_ok(const ortho_candidate *c)
{
    if ((int)c->variant < 0 || c->variant >= ORTHO_VARIANT_COUNT)
        return 0;
    if (c->variant == ORTHO_VARIANT_NATIVE)
        return 1;
    if ((int)c->order < 0 || c->order > ORTHO_ORDER_COLS || c->ndims < 0 ||
        c->ndims > ORTHO_GRID_MAX_DIMS)
        return 0;
    for (int i = 0; i < c->ndims; i++)
        if (c->dims[i] < 0)
            return 0;
    if (c->segment < 0 || c->segment > SEGMENT_MAX)
        return 0;
    return c->segment == 0 || ortho__variant_segments(c->variant);
}

/* "seg=" and the size: K or M where it divides exactly. */
static int segment_text(int segment, char *buf, size_t len)
{
    if (segment % (1 << 20) == 0)
        return snprintf(buf, len, ":seg=%dM", segment >> 20);
    if (segment % (1 << 10) == 0)
        return snprintf(buf, len, ":seg=%dK", segment >> 10);
    return snprintf(buf, len, ":seg=%d", segment);
}

/* The size of a "seg=" field's value [s, e): digits, then K or M; -1 when
 * malformed or outside 1 .. SEGMENT_MAX. */
static int segment_parse(const char *s, const char *e)
{
    long long v = 0;
    const char *d = s;
    for (; d < e && isdigit((unsigned char)*d) && v <= SEGMENT_MAX; d++)
        v = 10 * v + (*d - '0');
    if (d == s)
        return -1;
    if (d < e && (*d == 'K' || *d == 'k'))
        v <<= 10, d++;
    else if (d < e && (*d == 'M' || *d == 'm'))
        v <<= 20, d++;
    return d == e && v >= 1 && v <= SEGMENT_MAX ? (int)v : -1;
}

int ortho_candidate_name(const ortho_candidate *cand, char *text, int len)
{
    if (cand == NULL || text == NULL || len < 1 || !candidate_ok(cand))
        return MPI_ERR_ARG;
    char buf[ORTHO_CANDIDATE_NAME_MAX];
    size_t at = (size_t)snprintf(buf, sizeof buf, "%s", variant_names[cand->variant]);
    if (cand->variant != ORTHO_VARIANT_NATIVE) {
        for (int i = 0; i < cand->ndims && at < sizeof buf; i++)
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%d", i ? "x" : ":",
                                   cand->dims[i]);
        if (cand->node_aware && at < sizeof buf)
            at += (size_t)snprintf(buf + at, sizeof buf - at, ":node");
        if (cand->order != ORTHO_ORDER_PAPER && at < sizeof buf)
            at += (size_t)snprintf(buf + at, sizeof buf - at, ":%s", order_names[cand->order]);
        if (cand->segment > 0 && at < sizeof buf)
            at += (size_t)segment_text(cand->segment, buf + at, sizeof buf - at);
    }
    if (at >= (size_t)len)
        return MPI_ERR_TRUNCATE;
    memcpy(text, buf, at + 1);
    return MPI_SUCCESS;
}

/* One ':'-separated field of a name: [s, e). */
static int parse_field(const char *s, const char *e, ortho_candidate *c, int *seen)
{
    size_t n = (size_t)(e - s);
    for (int o = 0; o <= ORTHO_ORDER_COLS; o++)
        if (n == strlen(order_names[o]) && strncmp(s, order_names[o], n) == 0) {
            if (*seen & 1)
                return -1;
            *seen |= 1;
            c->order = (ortho_order)o;
            return 0;
        }
    if (n > 4 && strncmp(s, "seg=", 4) == 0) {
        if (*seen & 8 || (c->segment = segment_parse(s + 4, e)) < 0)
            return -1;
        *seen |= 8;
        return 0;
    }
    if (n == 4 && strncmp(s, "node", 4) == 0) {
        if (*seen & 2)
            return -1;
        *seen |= 2;
        c->node_aware = 1;
        return 0;
    }
    if (*seen & 4)
        return -1;
    *seen |= 4;
    char layout[ORTHO_CANDIDATE_NAME_MAX]; /* room for the layout of any name */
    int nd = 0;
    if (n == 0 || n >= sizeof layout)
        return -1;
    memcpy(layout, s, n);
    layout[n] = '\0';
    if (ortho__parse_grid(layout, &nd, c->dims) != ORTHO_ENV_LAYOUT)
        return -1;
    c->ndims = nd;
    return 0;
}

int ortho_candidate_parse(const char *text, ortho_candidate *cand)
{
    if (text == NULL || cand == NULL)
        return MPI_ERR_ARG;
    ortho_candidate c;
    memset(&c, 0, sizeof c);
    while (isspace((unsigned char)*text))
        text++;
    const char *end = text + strlen(text);
    while (end > text && isspace((unsigned char)end[-1]))
        end--;
    const char *colon = memchr(text, ':', (size_t)(end - text));
    const char *vend = colon != NULL ? colon : end;
    int v;
    for (v = 0; v < ORTHO_VARIANT_COUNT; v++)
        if ((size_t)(vend - text) == strlen(variant_names[v]) &&
            strncmp(text, variant_names[v], (size_t)(vend - text)) == 0)
            break;
    if (v == ORTHO_VARIANT_COUNT)
        return MPI_ERR_ARG;
    c.variant = (ortho_variant)v;
    int seen = 0;
    for (const char *s = vend; s < end;) {
        s++; /* the ':' */
        const char *e = memchr(s, ':', (size_t)(end - s));
        if (e == NULL)
            e = end;
        if (c.variant == ORTHO_VARIANT_NATIVE || parse_field(s, e, &c, &seen) != 0)
            return MPI_ERR_ARG;
        s = e;
    }
    char name[ORTHO_CANDIDATE_NAME_MAX];
    if (ortho_candidate_name(&c, name, (int)sizeof name) != MPI_SUCCESS)
        return MPI_ERR_ARG; /* what parses has a name */
    *cand = c;
    return MPI_SUCCESS;
}

enum ortho_env_grid ortho__parse_grid(const char *text, int *ndims, int dims[])
{
    if (text == NULL)
        return ORTHO_ENV_UNSET;
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len > 0 && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return ORTHO_ENV_UNSET;
    if (len == 6 && strncmp(text, "native", 6) == 0)
        return ORTHO_ENV_NATIVE;
    const char *s = text, *end = text + len;
    int n = 0;
    for (;;) {
        if (s >= end || !isdigit((unsigned char)*s) || n == ORTHO_GRID_MAX_DIMS)
            return ORTHO_ENV_MALFORMED;
        char *after;
        errno = 0;
        long v = strtol(s, &after, 10);
        if (errno != 0 || v > (1L << 24) || after > end)
            return ORTHO_ENV_MALFORMED;
        dims[n++] = (int)v;
        s = after;
        if (s == end)
            break;
        if (*s != 'x' && *s != 'X')
            return ORTHO_ENV_MALFORMED;
        s++;
    }
    *ndims = n;
    return ORTHO_ENV_LAYOUT;
}
