/* Layouts and candidate patterns on ortho-bench's command line (the rest:
 * tools/cli.c). */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

int bench_parse_layouts(const char *text, int ndims[], int dims[][ORTHO_GRID_MAX_DIMS], int cap)
{
    int n = 0;
    const char *s = text;
    while (*s != '\0') {
        if (n >= cap)
            return -1;
        ndims[n] = 0;
        for (;;) {
            char *end = NULL;
            long d = strtol(s, &end, 10);
            if (end == s || d < 1 || d > 1 << 20 || ndims[n] >= ORTHO_GRID_MAX_DIMS)
                return -1;
            dims[n][ndims[n]++] = (int)d;
            s = end;
            if (*s != 'x')
                break;
            s++;
        }
        if (*s == ',')
            s++;
        else if (*s != '\0')
            return -1;
        n++;
    }
    return n > 0 ? n : -1;
}

void bench_layout_name(int ndims, const int dims[], char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < ndims && used < cap; i++) {
        int w = snprintf(out + used, cap - used, i == 0 ? "%d" : "x%d", dims[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}

/* Is the field [field, field + len) one of the ':'-separated fields of name? */
static int has_field(const char *name, const char *field, size_t len)
{
    for (const char *s = name;;) {
        size_t n = strcspn(s, ":");
        if (n == len && strncmp(s, field, len) == 0)
            return 1;
        if (s[n] == '\0')
            return 0;
        s += n + 1;
    }
}

/* Does one pattern [pat, pat + len) match name: its variant only
 * (whole = 0), or every field (whole = 1)? */
static int pattern_matches(const char *pat, size_t len, const char *name, int whole)
{
    size_t variant = strcspn(pat, ":");
    if (variant > len)
        variant = len;
    if (strncmp(pat, name, variant) != 0 || (name[variant] != ':' && name[variant] != '\0'))
        return 0;
    for (size_t at = variant; whole && at < len;) {
        size_t n = strcspn(pat + at + 1, ":");
        if (at + 1 + n > len)
            n = len - at - 1;
        if (n > 0 && !has_field(name, pat + at + 1, n))
            return 0;
        at += 1 + n;
    }
    return 1;
}

/* The bits of the patterns for operation op that match name (whole: every
 * field, else the variant); at most 64 patterns. A pattern "OP=rest"
 * applies to OP only (an '=' before the first ':'). */
static unsigned long long matches(const char *patterns, const char *op, const char *name,
                                  int whole)
{
    unsigned long long bits = 0;
    int index = 0;
    for (const char *s = patterns; *s != '\0' && index < 64; index++) {
        size_t len = strcspn(s, ","), head = strcspn(s, ":="), skip = 0;
        if (head < len && s[head] == '=') {   /* OP=pattern */
            if (strlen(op) != head || strncmp(s, op, head) != 0)
                head = len;                   /* another operation's */
            else
                skip = head + 1;
        } else {
            head = 0;
        }
        if (head < len && len > skip && pattern_matches(s + skip, len - skip, name, whole))
            bits |= 1ull << index;
        s += len;
        if (*s == ',')
            s++;
    }
    return bits;
}

unsigned long long bench_candidate_match(const char *patterns, const char *op, const char *name)
{
    return matches(patterns, op, name, 1);
}

unsigned long long bench_candidate_variant(const char *patterns, const char *op,
                                           const char *name)
{
    return matches(patterns, op, name, 0);
}
