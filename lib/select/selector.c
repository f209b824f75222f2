/* Selection: the profile's measured decisions first (a table compiled per
 * (op, p), looked up by binary search), then the model (the cheapest
 * predicted candidate when it gains at least the threshold), then native.
 *
 * Lookup cost: a binary search over the (op, p) groups of the operation,
 * then over the group's intervals; no allocation, no I/O. The drop-ins ask
 * once per communicator, operation and size class and cache the answer. */
#include "select/select_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidate/candidate_private.h"
#include "model/model_private.h"

ortho_select_opts ortho_select_opts_default(void)
{
    ortho_select_opts o;
    memset(&o, 0, sizeof o);
    o.threshold = 0.03;
    o.maxdims = 3;
    o.use_decisions = 1;
    o.use_model = 1;
    return o;
}

static int cmp_group(const void *a, const void *b)
{
    const struct ortho__group *x = a, *y = b;
    if (x->op != y->op)
        return x->op < y->op ? -1 : 1;
    return (x->p > y->p) - (x->p < y->p);
}

/* Groups of (op, p) over the profile's decisions, each group's intervals
 * contiguous and sorted (the profile keeps them sorted per group). */
static int compile(struct ortho_select *s)
{
    int n = s->prof->ndecisions, at = 0;
    const ortho_model_decision *d = s->prof->decisions;
    s->iv = n > 0 ? malloc((size_t)n * sizeof *s->iv) : NULL;
    s->groups = n > 0 ? malloc((size_t)n * sizeof *s->groups) : NULL;
    if (n > 0 && (s->iv == NULL || s->groups == NULL))
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n; i++) {
        int g;
        for (g = 0; g < s->ngroups; g++)
            if (s->groups[g].op == (int)d[i].op && s->groups[g].p == d[i].p)
                break;
        if (g == s->ngroups) {
            s->groups[g].op = (int)d[i].op;
            s->groups[g].p = d[i].p;
            s->groups[g].n = 0;
            s->ngroups++;
        }
        s->groups[g].n++;
    }
    qsort(s->groups, (size_t)s->ngroups, sizeof *s->groups, cmp_group);
    for (int g = 0; g < s->ngroups; g++) {
        s->groups[g].first = at;
        for (int i = 0; i < n; i++)
            if ((int)d[i].op == s->groups[g].op && d[i].p == s->groups[g].p) {
                struct ortho__interval *v = &s->iv[at++];
                v->lo = d[i].size_lo;
                v->hi = d[i].size_hi;
                v->cand = d[i].cand;
                v->index = i;
            }
    }
    s->niv = at;
    for (int op = 0, g = 0; op <= ORTHO_OP_COUNT; op++) {
        while (g < s->ngroups && s->groups[g].op < op)
            g++;
        s->op_first[op] = g;
    }
    return MPI_SUCCESS;
}

int ortho_select_create(ortho_model_profile_t prof, const ortho_select_opts *opts,
                        ortho_select_t *sel)
{
    int err = MPI_SUCCESS;
    struct ortho_select *s = NULL;
    ortho_select_opts o = opts != NULL ? *opts : ortho_select_opts_default();
    if (sel == NULL || prof == NULL || !(o.threshold >= 0.0 && o.threshold < 1.0)
        || o.maxdims < 1) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    *sel = NULL;
    s = calloc(1, sizeof *s);
    if (s == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_fail;
    }
    s->prof = prof;
    s->opts = o;
    snprintf(s->label, sizeof s->label, "%s", o.label != NULL ? o.label : "profile");
    s->opts.label = s->label;
    err = compile(s);
    if (err != MPI_SUCCESS)
        goto fn_fail;
    *sel = s;
fn_exit:
    return err;
fn_fail:
    ortho_select_free(&s);
    goto fn_exit;
}

int ortho_select_free(ortho_select_t *sel)
{
    if (sel != NULL && *sel != NULL) {
        free((*sel)->groups);
        free((*sel)->iv);
        free(*sel);
        *sel = NULL;
    }
    return MPI_SUCCESS;
}

/* The decisions of (op, p), or NULL. */
static const struct ortho__group *find_group(const struct ortho_select *sel, ortho_op op, int p)
{
    int lo = sel->op_first[op], hi = sel->op_first[op + 1] - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (sel->groups[mid].p == p)
            return &sel->groups[mid];
        if (sel->groups[mid].p < p)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

const struct ortho__interval *ortho__select_lookup(const struct ortho_select *sel, ortho_op op,
                                                   int p, double bytes)
{
    const struct ortho__group *g = find_group(sel, op, p);
    int lo, hi;
    if (g == NULL)
        return NULL;
    if (bytes < 0.0) /* only the root knows the size: a decision for every size */
        return g->n == 1 && sel->iv[g->first].lo == 0.0 && isinf(sel->iv[g->first].hi)
                   ? &sel->iv[g->first]
                   : NULL;
    lo = g->first;
    hi = g->first + g->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const struct ortho__interval *v = &sel->iv[mid];
        if (bytes < v->lo)
            hi = mid - 1;
        else if (bytes >= v->hi)
            lo = mid + 1;
        else
            return v;
    }
    return NULL;
}

/* Among candidates the model cannot tell apart (the same formula: the
 * phases of bcast in either order cost t(p1) + t(p2)), the paper's phases
 * first, then the other order, then the other variants. */
static int preference(ortho_op op, const ortho_candidate *c)
{
    if (c->variant != ORTHO_VARIANT_PHASES)
        return 2;
    return ortho__order_resolve(c->variant, op, c->order) ==
                   ortho__order_resolve(c->variant, op, ORTHO_ORDER_PAPER)
               ? 0
               : 1;
}

/* The tuned range of group g: [first interval's lo, last interval's hi). */
static void tuned_range(const struct ortho_select *sel, const struct ortho__group *g, double *lo,
                        double *hi)
{
    *lo = sel->iv[g->first].lo;
    *hi = sel->iv[g->first + g->n - 1].hi;
}

/* The candidates the model ranks for (op, p) at this size, native left
 * out: for a tuned (op, p) (decisions g), the winners of the intervals
 * next to the size; else every candidate of ortho_candidates() on nodes
 * of node_size, the node-aware ones only where the profile charges the
 * phases that cross nodes for sharing a node's link (without those terms
 * their composed lane phases would be optimistic). (Those with measured
 * curves are ranked by rank_curves().) Returns the number, or -1 when
 * out of memory. */
static int model_candidates(const struct ortho_select *sel, ortho_op op, int p, int node_size,
                            double bytes, const struct ortho__group *g, ortho_candidate **list)
{
    int n = 0, m = 0;
    *list = NULL;
    if (g != NULL) {
        int above = 0;
        while (above < g->n && sel->iv[g->first + above].lo <= bytes)
            above++;
        if ((*list = malloc(2 * sizeof **list)) == NULL)
            return -1;
        for (int i = above - 1; i <= above; i++)
            if (i >= 0 && i < g->n && sel->iv[g->first + i].cand.variant != ORTHO_VARIANT_NATIVE)
                (*list)[n++] = sel->iv[g->first + i].cand;
        return n;
    }
    ortho_model_op mop = op == ORTHO_OP_ALLGATHERV ? ORTHO_MODEL_ALLGATHER : (ortho_model_op)op;
    int nodes = op < ORTHO_OP_GATHERV && ortho_model_profile_knows_nodes(sel->prof, mop)
                    ? node_size : 0;
    if (ortho_candidates(op, p, nodes, sel->opts.maxdims, NULL, 0, &m) != MPI_SUCCESS || m < 2)
        return 0;
    if ((*list = malloc((size_t)m * sizeof **list)) == NULL)
        return -1;
    ortho_candidates(op, p, nodes, sel->opts.maxdims, *list, m, &m);
    for (int i = 0; i < m; i++)
        if ((*list)[i].variant != ORTHO_VARIANT_NATIVE && (!(*list)[i].node_aware || nodes >= 2))
            (*list)[n++] = (*list)[i];
    return n;
}

/* Keep candidate c of time t in info when it is the cheapest so far. */
static void consider(ortho_op op, const ortho_candidate *c, double t, ortho_select_info *info)
{
    info->npredicted++;
    if (info->t_best == 0.0 || t < info->t_best * (1.0 - 1e-9)
        || (t <= info->t_best * (1.0 + 1e-9) && preference(op, c) < preference(op, &info->best))) {
        info->t_best = t;
        info->best = *c;
    }
}

/* The model from the measured curves of (op, p), each evaluated directly
 * (no lookup by name); 0 when the profile has none for (op, p). */
static int rank_curves(const struct ortho_select *sel, ortho_op op, int p, double bytes,
                       ortho_select_info *info)
{
    const ortho_model_profile_t prof = sel->prof;
    int found = 0, native = 0;
    for (int i = 0; i < prof->ncurves; i++) {
        const ortho_model_curve *c = &prof->curves[i].c;
        if (c->op != op || c->p != p)
            continue;
        found++;
        if (c->cand.variant == ORTHO_VARIANT_NATIVE) {
            info->t_native = ortho__curve_eval(c, bytes);
            native = 1;
        } else {
            consider(op, &c->cand, ortho__curve_eval(c, bytes), info);
        }
    }
    if (found > 0 && !native) { /* native from the runtime functions */
        ortho_candidate nat;
        memset(&nat, 0, sizeof nat);
        if (ortho__select_predict(prof, op, p, 0, bytes, &nat, &info->t_native) != MPI_SUCCESS)
            info->t_native = 0.0;
    }
    info->ncandidates = found + !native;
    info->npredicted += info->t_native > 0.0;
    return found;
}

/* The model's answer: the cheapest predicted candidate, or native. */
static void by_model(const struct ortho_select *sel, ortho_op op, int p, int node_size,
                     double bytes, ortho_candidate *cand, ortho_select_info *info)
{
    ortho_candidate native, *list = NULL;
    const struct ortho__group *g = NULL;
    int n;
    memset(&native, 0, sizeof native);
    *cand = native;
    info->source = ORTHO_SELECT_UNCOVERED;
    if (sel->opts.use_decisions)
        g = find_group(sel, op, p);
    if (g != NULL && !sel->opts.extrapolate && bytes >= 0.0) {
        /* a tuned (op, p) at a size outside its tuned range */
        info->source = ORTHO_SELECT_OUTSIDE;
        return;
    }
    if (!sel->opts.use_model || bytes < 0.0)
        return;
    if (rank_curves(sel, op, p, bytes, info) > 0) {
        if (info->t_native <= 0.0) { /* no native time to compare with */
            memset(info, 0, sizeof *info);
            info->source = ORTHO_SELECT_UNCOVERED;
            return;
        }
        info->source = ORTHO_SELECT_MODEL_NATIVE;
    } else {
        if (ortho__select_predict(sel->prof, op, p, node_size, bytes, &native, &info->t_native)
            != MPI_SUCCESS)
            return;
        info->source = ORTHO_SELECT_MODEL_NATIVE;
        info->npredicted = 1;
        if ((n = model_candidates(sel, op, p, node_size, bytes, g, &list)) < 0)
            return;
        info->ncandidates = 1 + n; /* native, counted as ortho_candidates() lists it */
        for (int i = 0; i < n; i++) {
            double t = 0.0;
            if (ortho__select_predict(sel->prof, op, p, node_size, bytes, &list[i], &t)
                == MPI_SUCCESS)
                consider(op, &list[i], t, info);
        }
        free(list);
    }
    if (info->t_best > 0.0 && info->t_native > 0.0)
        info->gain = 1.0 - info->t_best / info->t_native;
    if (info->t_best > 0.0 && info->gain > 0.0 && info->gain >= sel->opts.threshold) {
        info->source = ORTHO_SELECT_MODEL;
        *cand = info->best;
    }
}

int ortho_select_choose(ortho_select_t sel, ortho_op op, int p, int node_size, double bytes,
                        ortho_candidate *cand, ortho_select_info *info)
{
    ortho_select_info local;
    const struct ortho__interval *v = NULL;
    if (sel == NULL || cand == NULL || (int)op < 0 || op >= ORTHO_OP_COUNT || p < 1
        || isnan(bytes))
        return MPI_ERR_ARG;
    if (info == NULL)
        info = &local;
    memset(info, 0, sizeof *info);
    if (sel->opts.use_decisions)
        v = ortho__select_lookup(sel, op, p, bytes);
    if (v != NULL) {
        const ortho_model_decision *d = &sel->prof->decisions[v->index];
        *cand = v->cand;
        info->source = ORTHO_SELECT_DECISION;
        info->decision = v->index;
        info->line = d->line;
        info->gain = d->gain;
        return MPI_SUCCESS;
    }
    by_model(sel, op, p, node_size, bytes, cand, info);
    return MPI_SUCCESS;
}

int ortho_select_chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                         ortho_candidate *cand)
{
    struct ortho_select *sel = ctx;
    if (sel == NULL || ortho_select_choose(sel, op, p, node_size, bytes, cand, &sel->last_info)
                           != MPI_SUCCESS)
        return 0;
    sel->last_op = op;
    sel->last_p = p;
    return 1;
}

int ortho_select_info_text(ortho_select_t sel, ortho_op op, int p, const ortho_select_info *info,
                           char *text, int len)
{
    char buf[512], name[ORTHO_CANDIDATE_NAME_MAX], range[100], tn[32], tb[32];
    if (sel == NULL || info == NULL || text == NULL || len < 1 || (int)op < 0
        || op >= ORTHO_OP_COUNT)
        return MPI_ERR_ARG;
    const char *opname = ortho_op_word(op);
    ortho_model_time_text(info->t_native, tn, (int)sizeof tn);
    ortho_model_time_text(info->t_best, tb, (int)sizeof tb);
    name[0] = '\0';
    switch (info->source) {
    case ORTHO_SELECT_DECISION: {
        const ortho_model_decision *d = &sel->prof->decisions[info->decision];
        ortho__decision_range_text(d, range, sizeof range);
        ortho_candidate_name(&d->cand, name, (int)sizeof name);
        if (info->line > 0)
            snprintf(buf, sizeof buf, "%s:%d: ", sel->label, info->line);
        else
            snprintf(buf, sizeof buf, "%s: ", sel->label);
        size_t at = strlen(buf);
        snprintf(buf + at, sizeof buf - at, "measured decision for %s p=%d%s%s", opname, d->p,
                 range[0] ? " " : ", every size", range);
        at = strlen(buf);
        if (d->gain != 0.0)
            snprintf(buf + at, sizeof buf - at, " (gain %.0f%%)", 100.0 * d->gain);
        break;
    }
    case ORTHO_SELECT_MODEL:
        ortho_candidate_name(&info->best, name, (int)sizeof name);
        snprintf(buf, sizeof buf,
                 "%s: model: %s %s, native %s (gain %.1f%% >= %.1f%%; %d of %d candidates "
                 "predicted)",
                 sel->label, name, tb, tn, 100.0 * info->gain, 100.0 * sel->opts.threshold,
                 info->npredicted, info->ncandidates);
        break;
    case ORTHO_SELECT_MODEL_NATIVE:
        if (info->t_best > 0.0) {
            ortho_candidate_name(&info->best, name, (int)sizeof name);
            snprintf(buf, sizeof buf,
                     "%s: model: native %s; best candidate %s %s gains %.1f%% < %.1f%%",
                     sel->label, tn, name, tb, 100.0 * info->gain, 100.0 * sel->opts.threshold);
        } else {
            snprintf(buf, sizeof buf, "%s: model: native %s; no other candidate predicted",
                     sel->label, tn);
        }
        break;
    case ORTHO_SELECT_OUTSIDE: {
        const struct ortho__group *g = find_group(sel, op, p);
        double lo = 0.0, hi = 0.0;
        char a[48], b[48];
        if (g != NULL)
            tuned_range(sel, g, &lo, &hi);
        ortho__size_text(a, sizeof a, lo);
        ortho__size_text(b, sizeof b, hi);
        snprintf(buf, sizeof buf,
                 "%s: %s p=%d was tuned on [%s, %s); outside it native "
                 "(ORTHO_SELECT_EXTRAPOLATE=1: the model)",
                 sel->label, opname, p, a, isinf(hi) ? "inf" : b);
        break;
    }
    default:
        snprintf(buf, sizeof buf, "%s: no decision for %s p=%d at this size, and %s: native",
                 sel->label, opname, p,
                 !sel->opts.use_model ? "no model selection"
                                      : "the model does not cover it");
        break;
    }
    size_t need = strlen(buf);
    if (need >= (size_t)len) {
        memcpy(text, buf, (size_t)len - 1);
        text[len - 1] = '\0';
        return MPI_ERR_TRUNCATE;
    }
    memcpy(text, buf, need + 1);
    return MPI_SUCCESS;
}
