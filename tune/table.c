/* The measurement table of one operation (struct tune_table, tune.h):
 * its candidates in the order they are measured, their names and sizes;
 * finding a candidate in it. Below the files that fill and read tables
 * (ortho_tune.c, check.c), which share it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int tune_find(const struct tune_table *tb, const ortho_candidate *c)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    if (ortho_candidate_name(c, name, (int)sizeof name) != MPI_SUCCESS)
        return -1;
    for (int i = 0; i < tb->ncand; i++)
        if (strcmp(tb->name[i], name) == 0)
            return i;
    return -1;
}

/* Balanced and low-dimensional candidates first, so that a run cut short
 * by --max-seconds has measured the likeliest winners. */
static double imbalance(const ortho_candidate *c)
{
    if (c->ndims < 2)
        return 0.0;
    return fabs(log((double)c->dims[0]) - log((double)c->dims[c->ndims - 1]));
}

static int cand_key_cmp(const void *a, const void *b)
{
    const ortho_candidate *x = a, *y = b;
    if (x->variant == ORTHO_VARIANT_NATIVE || y->variant == ORTHO_VARIANT_NATIVE)
        return (y->variant == ORTHO_VARIANT_NATIVE) - (x->variant == ORTHO_VARIANT_NATIVE);
    if (x->ndims != y->ndims)
        return x->ndims < y->ndims ? -1 : 1;
    double dx = imbalance(x), dy = imbalance(y);
    if (fabs(dx - dy) > 1e-9)
        return dx < dy ? -1 : 1;
    if (x->variant != y->variant)
        return x->variant < y->variant ? -1 : 1;
    if (x->node_aware != y->node_aware)
        return x->node_aware - y->node_aware;
    for (int i = 0; i < x->ndims; i++)
        if (x->dims[i] != y->dims[i])
            return x->dims[i] < y->dims[i] ? -1 : 1;
    return (int)x->order - (int)y->order;
}

/* Text that grows: the lines of tb->dropped. */
struct text {
    char *buf;
    size_t len, cap;
};

static void text_add(struct text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        size_t cap = 2 * (t->len + n + 1);
        char *b = realloc(t->buf, cap);
        if (b == NULL)
            return; /* the report is shortened, nothing else */
        t->buf = b;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, s, n + 1);
    t->len += n;
}

/* One line of names left out for one reason: at most 8 names, then a count. */
struct reason {
    char head[128];
    int count;
    struct text names;
};

static void reason_add(struct reason *r, const char *name)
{
    if (r->count < 8) {
        text_add(&r->names, " ");
        text_add(&r->names, name);
    }
    r->count++;
}

static void reason_flush(struct reason *r, struct text *out)
{
    char tail[64];
    if (r->count == 0)
        return;
    text_add(out, r->head);
    text_add(out, r->names.buf != NULL ? r->names.buf : "");
    if (r->count > 8) {
        snprintf(tail, sizeof tail, " ... (%d in all)", r->count);
        text_add(out, tail);
    }
    text_add(out, "\n");
    free(r->names.buf);
}

/* The extent ratio of a grid's largest to its smallest dimension. */
static int too_thin(const ortho_candidate *c, double max_aspect)
{
    int lo = c->dims[0], hi = c->dims[0];
    if (max_aspect <= 0.0 || c->ndims < 2)
        return 0;
    for (int d = 1; d < c->ndims; d++) {
        lo = c->dims[d] < lo ? c->dims[d] : lo;
        hi = c->dims[d] > hi ? c->dims[d] : hi;
    }
    return lo > 0 && hi > max_aspect * lo;
}

/* Is the candidate `name` in the --candidates list? */
static int asked_for(const char *list_text, const char *name)
{
    char list[1024], *save = NULL;
    snprintf(list, sizeof list, "%s", list_text);
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        ortho_candidate want;
        char wname[ORTHO_CANDIDATE_NAME_MAX];
        if (ortho_candidate_parse(t, &want) == MPI_SUCCESS
            && ortho_candidate_name(&want, wname, (int)sizeof wname) == MPI_SUCCESS
            && strcmp(wname, name) == 0)
            return 1;
    }
    return 0;
}

/* The names of --candidates that are no candidate of op on p processes,
 * and the variants of --variants that op has none of. */
static void report_unknown(const struct tune_opts *o, ortho_op op, int p,
                           const ortho_candidate all[], int n, struct text *out)
{
    char line[512];
    unsigned seen = 0;
    for (int i = 0; i < n; i++)
        seen |= 1u << all[i].variant;
    if (o->variants != ~0u)
        for (int v = 0; v < ORTHO_VARIANT_COUNT; v++)
            if (((o->variants >> v) & 1u) && !((seen >> v) & 1u)) {
                snprintf(line, sizeof line, "  %-10s left out (--variants): %s: no candidate of "
                         "%s on %d processes (does not apply, or no grid of %d fits it)\n",
                         ortho_op_word(op), ortho_variant_name((ortho_variant)v),
                         ortho_op_word(op), p, p);
                text_add(out, line);
            }
    if (o->candidates != NULL) {
        char list[1024], *save = NULL;
        snprintf(list, sizeof list, "%s", o->candidates);
        for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
            int found = 0;
            for (int i = 0; i < n && !found; i++) {
                char name[ORTHO_CANDIDATE_NAME_MAX];
                ortho_candidate_name(&all[i], name, (int)sizeof name);
                found = asked_for(t, name);
            }
            if (!found) {
                snprintf(line, sizeof line, "  %-10s left out (--candidates): %s: not a candidate "
                         "of %s on %d processes (its grid does not fit %d, or its variant does "
                         "not apply)\n", ortho_op_word(op), t, ortho_op_word(op), p, p);
                text_add(out, line);
            }
        }
    }
}

int tune_table_create(struct tune_table *tb, ortho_op op, int p, int node_size,
                      const struct tune_opts *o)
{
    int n = 0, kept = 0;
    ortho_candidate *all = NULL;
    struct reason by_variant, by_aspect;
    struct text dropped = { NULL, 0, 0 };
    memset(tb, 0, sizeof *tb);
    memset(&by_variant, 0, sizeof by_variant);
    memset(&by_aspect, 0, sizeof by_aspect);
    tb->op = op;
    ortho_candidates(op, p, o->node ? node_size : 0, o->maxdims, NULL, 0, &n);
    all = calloc((size_t)n + 64, sizeof *all);
    if (all == NULL)
        return -1;
    ortho_candidates(op, p, o->node ? node_size : 0, o->maxdims, all, n, &n);
    report_unknown(o, op, p, all, n, &dropped);
    snprintf(by_variant.head, sizeof by_variant.head, "  %-10s left out (--variants):",
             ortho_op_word(op));
    snprintf(by_aspect.head, sizeof by_aspect.head, "  %-10s left out (--max-aspect %g):",
             ortho_op_word(op), o->max_aspect);
    for (int i = 0; i < n; i++) {
        ortho_candidate *c = &all[i];
        char name[ORTHO_CANDIDATE_NAME_MAX];
        ortho_candidate_name(c, name, (int)sizeof name);
        if (i > 0 && o->candidates != NULL && !asked_for(o->candidates, name))
            continue; /* not asked for: not worth a line each */
        if (i > 0 && !((o->variants >> c->variant) & 1u)) {
            reason_add(&by_variant, name);
            continue;
        }
        if (i > 0 && too_thin(c, o->max_aspect)) {
            reason_add(&by_aspect, name);
            continue;
        }
        all[kept++] = *c;
    }
    reason_flush(&by_variant, &dropped);
    reason_flush(&by_aspect, &dropped);
    tb->dropped = dropped.buf;
    qsort(all + 1, (size_t)(kept - 1), sizeof *all, cand_key_cmp);
    tb->ncand = kept;
    tb->cand = all;
    tb->name = calloc((size_t)kept, sizeof *tb->name);
    tb->valid = calloc((size_t)kept, sizeof *tb->valid);
    tb->note = calloc((size_t)kept, sizeof *tb->note);
    tb->nall = o->nsizes + o->ncheck;
    tb->all = calloc((size_t)tb->nall, sizeof *tb->all);
    tb->t = calloc((size_t)kept * (size_t)tb->nall, sizeof *tb->t);
    if (tb->name == NULL || tb->valid == NULL || tb->note == NULL || tb->all == NULL
        || tb->t == NULL)
        return -1;
    for (int i = 0; i < kept; i++)
        ortho_candidate_name(&all[i], tb->name[i], ORTHO_CANDIDATE_NAME_MAX);
    memcpy(tb->all, o->sizes, (size_t)o->nsizes * sizeof tb->all[0]);
    memcpy(tb->all + o->nsizes, o->check, (size_t)o->ncheck * sizeof tb->all[0]);
    qsort(tb->all, (size_t)tb->nall, sizeof tb->all[0], cmp_double);
    return 0;
}

void tune_table_free(struct tune_table *tb)
{
    free(tb->dropped);
    free(tb->cand);
    free(tb->name);
    free(tb->valid);
    free(tb->note);
    free(tb->all);
    free(tb->t);
}
