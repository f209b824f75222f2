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

int tune_table_create(struct tune_table *tb, ortho_op op, int p, int node_size,
                      const struct tune_opts *o)
{
    int n = 0, kept = 0;
    ortho_candidate *all = NULL;
    memset(tb, 0, sizeof *tb);
    tb->op = op;
    ortho_candidates(op, p, o->node ? node_size : 0, o->maxdims, NULL, 0, &n);
    all = calloc((size_t)n + 64, sizeof *all);
    if (all == NULL)
        return -1;
    ortho_candidates(op, p, o->node ? node_size : 0, o->maxdims, all, n, &n);
    for (int i = 0; i < n; i++) {
        ortho_candidate *c = &all[i];
        if (i > 0 && !((o->variants >> c->variant) & 1u))
            continue;
        if (i > 0 && o->max_aspect > 0.0 && c->ndims >= 2) {
            int lo = c->dims[0], hi = c->dims[0];
            for (int d = 1; d < c->ndims; d++) {
                lo = c->dims[d] < lo ? c->dims[d] : lo;
                hi = c->dims[d] > hi ? c->dims[d] : hi;
            }
            if (lo > 0 && hi > o->max_aspect * lo)
                continue;
        }
        if (i > 0 && o->candidates != NULL) {
            char name[ORTHO_CANDIDATE_NAME_MAX], list[1024];
            char *save = NULL;
            int hit = 0;
            ortho_candidate_name(c, name, (int)sizeof name);
            snprintf(list, sizeof list, "%s", o->candidates);
            for (char *t = strtok_r(list, ",", &save); t != NULL && !hit;
                 t = strtok_r(NULL, ",", &save)) {
                ortho_candidate want;
                char wname[ORTHO_CANDIDATE_NAME_MAX];
                hit = ortho_candidate_parse(t, &want) == MPI_SUCCESS
                      && ortho_candidate_name(&want, wname, (int)sizeof wname) == MPI_SUCCESS
                      && strcmp(wname, name) == 0;
            }
            if (!hit)
                continue;
        }
        all[kept++] = *c;
    }
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
    free(tb->cand);
    free(tb->name);
    free(tb->valid);
    free(tb->note);
    free(tb->all);
    free(tb->t);
}
