/* An entry's range as the profile format writes its conditions
 * (docs/profile-format.md): "p>=8 b>=12K b<512K where=net". A bound that
 * lies just above or below a whole number of bytes (a breakpoint between
 * two measured sizes, or a "key < at" one) is written with < or >, so
 * that it reads back as the same double. */
#include "model/model_private.h"

#include <math.h>
#include <stdio.h>

/* Appends one condition, after a space, as snprintf does: never past the end. */
static void append(char *buf, size_t n, size_t *used, const char *cond)
{
    int k;
    if (*used >= n)
        return;
    k = snprintf(buf + *used, n - *used, "%s%s", *used ? " " : "", cond);
    *used += k > 0 ? (size_t)k : 0;
}

int ortho_model_range_text(const ortho_model_range *r, char *text, int len)
{
    char a[48], t[64];
    char key;
    size_t used = 0, n;
    if (r == NULL || text == NULL || len < 1)
        return MPI_ERR_ARG;
    n = (size_t)len;
    text[0] = '\0';
    key = r->size_is_root ? 'n' : 'b';
    t[0] = '\0';
    if (r->p_lo == r->p_hi)
        snprintf(t, sizeof t, "p=%d", r->p_lo);
    else if (r->p_lo > 1 && r->p_hi < ORTHO_MODEL_P_ANY)
        snprintf(t, sizeof t, "p=%d-%d", r->p_lo, r->p_hi);
    else if (r->p_lo > 1)
        snprintf(t, sizeof t, "p>=%d", r->p_lo);
    else if (r->p_hi < ORTHO_MODEL_P_ANY)
        snprintf(t, sizeof t, "p<=%d", r->p_hi);
    if (t[0] != '\0')
        append(text, n, &used, t);
    if (r->size_lo > 0.0) {
        double below = nextafter(r->size_lo, 0.0);
        if (floor(below) == below && below >= 0.0) {
            ortho__size_text(a, sizeof a, below);
            snprintf(t, sizeof t, "%c>%s", key, a);
        } else {
            ortho__size_text(a, sizeof a, r->size_lo);
            snprintf(t, sizeof t, "%c>=%s", key, a);
        }
        append(text, n, &used, t);
    }
    if (isfinite(r->size_hi)) {
        double above = nextafter(r->size_hi, INFINITY);
        if (floor(above) == above && floor(r->size_hi) != r->size_hi) {
            ortho__size_text(a, sizeof a, above);
            snprintf(t, sizeof t, "%c<%s", key, a);
        } else {
            ortho__size_text(a, sizeof a, r->size_hi);
            snprintf(t, sizeof t, "%c<=%s", key, a);
        }
        append(text, n, &used, t);
    }
    if (r->size_is_root && r->size_lo <= 0.0 && !isfinite(r->size_hi))
        append(text, n, &used, "n>=0");
    if (r->where == ORTHO_MODEL_WHERE_NODE || r->where == ORTHO_MODEL_WHERE_NET)
        append(text, n, &used, r->where == ORTHO_MODEL_WHERE_NODE ? "where=node" : "where=net");
    return used < n ? MPI_SUCCESS : MPI_ERR_TRUNCATE;
}
