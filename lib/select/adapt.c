/* Online selection's settings, short list, clock, agreement and report
 * (adapt.h). */
#include "select/adapt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "common/lock.h"
#include "grid/grid_private.h"
#include "ortho_model.h"
#include "select/select_private.h"

static struct {
    int read;
    struct ortho__adapt_params params;
    ortho__adapt_clock clock;
    void *clock_ctx;
} adapt;

const struct ortho__adapt_params *ortho__adapt_params(int rank)
{
    ortho__lock();
    if (!adapt.read) {
        struct ortho__adapt_params *p = &adapt.params;
        p->enabled = ortho__setting_bool(ORTHO__SETTING_ADAPT, rank);
        p->candidates = (int)ortho__setting_number(ORTHO__SETTING_ADAPT_CANDIDATES, rank);
        p->margin = ortho__setting_number(ORTHO__SETTING_ADAPT_MARGIN, rank);
        p->overhead = ortho__setting_number(ORTHO__SETTING_ADAPT_OVERHEAD, rank);
        p->recheck = (long)ortho__setting_number(ORTHO__SETTING_ADAPT_RECHECK, rank);
        p->lag = (long)ortho__setting_number(ORTHO__SETTING_ADAPT_LAG, rank);
        p->watch = ORTHO__ADAPT_WATCH;
        p->far = 1.5;
        p->prior_risk = 1.0;
        adapt.read = 1;
    }
    ortho__unlock();
    return &adapt.params;
}

void ortho__adapt_settings_text(char *text, int len)
{
    static const enum ortho__setting names[] = {
        ORTHO__SETTING_ADAPT, ORTHO__SETTING_ADAPT_CANDIDATES, ORTHO__SETTING_ADAPT_MARGIN,
        ORTHO__SETTING_ADAPT_OVERHEAD, ORTHO__SETTING_ADAPT_RECHECK, ORTHO__SETTING_ADAPT_LAG};
    int at = 0;
    text[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0] && at < len; i++) {
        const char *v = ortho__setting_text(names[i]);
        at += snprintf(text + at, (size_t)(len - at), "%s=%s;",
                       ortho__setting_def(names[i])->name, v != NULL ? v : "");
    }
}

/* ---- the short list -------------------------------------------------------- */

/* The variant that suits op where nothing was measured (the winners of
 * the committed tuning sweeps: docs/selection.md), and its first order. */
static ortho_variant suited_variant(ortho_op op, ortho_order *first)
{
    *first = ORTHO_ORDER_ROWS;
    switch (op) {
    case ORTHO_OP_BCAST:
        return ORTHO_VARIANT_SCAG;
    case ORTHO_OP_REDUCE:
    case ORTHO_OP_ALLREDUCE:
        return ORTHO_VARIANT_RSAG;
    case ORTHO_OP_ALLGATHER:
    case ORTHO_OP_ALLGATHERV:
        *first = ORTHO_ORDER_COLS;
        return ORTHO_VARIANT_PIPE;
    case ORTHO_OP_GATHER:
        *first = ORTHO_ORDER_COLS;
        return ORTHO_VARIANT_PHASES;
    case ORTHO_OP_SCATTER:
        return ORTHO_VARIANT_PHASES;
    default:
        return ORTHO_VARIANT_NATIVE; /* gatherv, scatterv: one class for every size */
    }
}

static ortho_candidate make(ortho_variant v, ortho_order order, int node_aware, int d0, int d1)
{
    ortho_candidate c;
    memset(&c, 0, sizeof c);
    c.variant = v;
    c.order = order;
    c.node_aware = node_aware;
    c.ndims = 2;
    c.dims[0] = d0;
    c.dims[1] = d1;
    return c;
}

static int same(const ortho_candidate *a, const ortho_candidate *b)
{
    if (a->variant != b->variant || a->order != b->order || a->node_aware != b->node_aware ||
        a->ndims != b->ndims)
        return 0;
    for (int i = 0; i < a->ndims; i++)
        if (a->dims[i] != b->dims[i])
            return 0;
    return 1;
}

static int add(ortho_candidate out[], int n, int cap, const ortho_candidate *c)
{
    for (int i = 0; i < n; i++)
        if (same(&out[i], c))
            return n;
    if (n < cap)
        out[n++] = *c;
    return n;
}

struct ranked {
    ortho_candidate c;
    double t;
};

static int by_time(const void *a, const void *b)
{
    double x = ((const struct ranked *)a)->t, y = ((const struct ranked *)b)->t;
    return x < y ? -1 : x > y;
}

/* The model's best candidates (plain grids; at most cap), those predicted
 * at twice native's time or more left out; -1 when it cannot predict. */
static int by_model(ortho_op op, int p, double bytes, ortho_model_profile_t prof,
                    ortho_candidate out[], int cap)
{
    ortho_candidate native;
    double t_native = 0.0;
    int m = 0, n = 0;
    memset(&native, 0, sizeof native);
    if (prof == NULL || bytes < 0.0 ||
        ortho__select_predict(prof, op, p, 0, bytes, &native, &t_native) != MPI_SUCCESS ||
        !(t_native > 0.0) || ortho_candidates(op, p, 0, 3, NULL, 0, &m) != MPI_SUCCESS || m < 2)
        return -1;
    ortho_candidate *all = malloc((size_t)m * sizeof *all);
    struct ranked *r = malloc((size_t)m * sizeof *r);
    if (all == NULL || r == NULL) {
        free(all);
        free(r);
        return -1;
    }
    ortho_candidates(op, p, 0, 3, all, m, &m);
    for (int i = 0; i < m; i++) {
        double t = 0.0;
        /* 2D layouts, and rings and trees also on 3D ones: on a torus
         * whose dims a 3D grid matches, every link at once (SMPI, 4x4x8
         * torus, 128 processes, 500 KB allreduce: rings:8x4x4 0.39 ms,
         * rings:4x32 1.37 ms) */
        if (all[i].ndims > 2 && !ortho__variant_torus(all[i].variant))
            continue;
        if (all[i].variant != ORTHO_VARIANT_NATIVE &&
            ortho__select_predict(prof, op, p, 0, bytes, &all[i], &t) == MPI_SUCCESS &&
            t < 2.0 * t_native) {
            r[n].c = all[i];
            r[n++].t = t;
        }
    }
    qsort(r, (size_t)n, sizeof *r, by_time);
    int k = 0;
    for (int i = 0; i < n && k < cap; i++)
        out[k++] = r[i].c;
    free(all);
    free(r);
    return k;
}

/* The measured ratio of candidate c in the nearest class that ran it, or 0. */
static double measured_ratio(const struct ortho__explore *const near[], int n_near,
                             const ortho_candidate *c)
{
    for (int i = 0; i < n_near; i++) {
        if (near[i] == NULL)
            continue;
        for (int a = 1; a < near[i]->narms; a++) {
            double r = ortho__explore_ratio(near[i], a);
            if (r > 0.0 && same(&near[i]->arm[a].cand, c))
                return r;
        }
    }
    return 0.0;
}

int ortho__adapt_shortlist(ortho_op op, int p, int node_size, int nodes_in_blocks, double bytes,
                           ortho_model_profile_t prof, const struct ortho__adapt_params *params,
                           const struct ortho__explore *const near[], int n_near,
                           ortho_candidate out[], double risk[])
{
    int cap = params->candidates, n = 0, dims[2];
    ortho_order first;
    ortho_variant v = suited_variant(op, &first);
    if (cap <= 0 || v == ORTHO_VARIANT_NATIVE || p < 4)
        return 0;
    ortho__balanced_2d(p, dims);
    if (dims[0] < 2)
        return 0;
    ortho_order second = first == ORTHO_ORDER_ROWS ? ORTHO_ORDER_COLS : ORTHO_ORDER_ROWS;
    int nodes_form_rows = node_size >= 2 && node_size < p && p % node_size == 0;
    ortho_candidate node = make(v, ORTHO_ORDER_ROWS, 1, p / (nodes_form_rows ? node_size : 1),
                                nodes_form_rows ? node_size : 1);
    if (v == ORTHO_VARIANT_PIPE)
        node.order = ORTHO_ORDER_COLS; /* the ring over the lanes */
    /* bcast and reduce through the nodes: one process a node carries the
     * pieces, the rows pass them on (SMPI, multi-core cluster, 128
     * processes, one call: bcast 2.57x native over 2 KiB to 100 KiB,
     * where scag:node gave 0.96x; reduce 2.17x, rsag:node 1.38x;
     * docs/selection.md, "The short list") */
    if (op == ORTHO_OP_BCAST || op == ORTHO_OP_REDUCE)
        node.variant = ORTHO_VARIANT_SPREAD;
    int modelled = by_model(op, p, bytes, prof, out, nodes_form_rows ? cap - 1 : cap);
    if (modelled >= 0) {
        n = modelled;
    } else {
        ortho_candidate c = make(v, first, 0, dims[0], dims[1]);
        n = add(out, n, cap, &c);
    }
    if (nodes_form_rows)
        n = add(out, n, cap, &node);
    if (modelled < 0) {
        ortho_candidate c = make(v, second, 0, dims[0], dims[1]);
        n = add(out, n, cap, &c);
    }
    /* where the nodes are blocks of consecutive ranks, the node-aware grid
     * is a plain grid of rows of nodes: a plain candidate the same but for
     * that would run the same calls again (SMPI, multi-core, 128
     * processes: rsag:16x8:rows and rsag:16x8:node:rows both 42.7 us for
     * 100 KB reduces); the node-aware one stays, as it follows the nodes
     * wherever a saved decision is used (not spread: its plain form
     * spreads over every process) */
    if (nodes_form_rows && nodes_in_blocks && node.variant != ORTHO_VARIANT_SPREAD) {
        ortho_candidate plain = node;
        plain.node_aware = 0;
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (!same(&out[i], &plain))
                out[kept++] = out[i];
        n = kept;
    }
    /* All in one node: reduce's chain too, on the layout ortho_candidates()
     * names it by (the same chain on every layout). Measured on 16
     * processes of one 16-core machine (--reps 10, results checked), it
     * reduced 1 MiB 2.29x faster than native under MPICH 4.0.2 and 3.55x
     * under Open MPI 4.1.6, where the best rsag gave 1.28x and 1.91x, and
     * 100 KiB 1.37x and 1.02x; it lost at 10 KiB (0.41x and 0.40x: a
     * first sample that far slower stops it). Between nodes its fill
     * grows with the processes, and it is left to the model. */
    if (op == ORTHO_OP_REDUCE && node_size == p) {
        int p1 = 2;
        while (p % p1 != 0)
            p1++;
        if (p1 < p) {
            ortho_candidate c = make(ORTHO_VARIANT_CHAIN, ORTHO_ORDER_ROWS, 0, p1, p / p1);
            n = add(out, n, cap, &c);
        }
    }
    /* measured elsewhere: the measured ratio is the risk, winners first */
    struct { ortho_candidate c; double ratio, risk; } l[ORTHO__ADAPT_MAX_CANDIDATES], t;
    for (int i = 0; i < n; i++) {
        l[i].c = out[i];
        l[i].ratio = measured_ratio(near, n_near, &out[i]);
        l[i].risk = l[i].ratio > 0.0 ? fmax(0.05, l[i].ratio - 1.0) : params->prior_risk;
    }
    /* stable: measured winners, unmeasured (as 1), measured losers */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (l[j].ratio > 0.0 ? l[j].ratio : 1.0) <
                                     (l[j - 1].ratio > 0.0 ? l[j - 1].ratio : 1.0); j--) {
            t = l[j];
            l[j] = l[j - 1];
            l[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        out[i] = l[i].c;
        risk[i] = l[i].risk;
    }
    return n;
}

/* ---- the clock and the agreement ------------------------------------------- */

void ortho__adapt_set_clock(ortho__adapt_clock fn, void *ctx)
{
    ortho__lock();
    adapt.clock = fn;
    adapt.clock_ctx = ctx;
    ortho__unlock();
}

double ortho__adapt_now(void)
{
    return PMPI_Wtime();
}

double ortho__adapt_elapsed(double start, ortho_op op, double bytes, const ortho_candidate *c)
{
    double now = PMPI_Wtime();
    ortho__lock();
    ortho__adapt_clock fn = adapt.clock;
    void *ctx = adapt.clock_ctx;
    ortho__unlock();
    return fn != NULL ? fn(op, bytes, c, ctx) : now - start;
}

void ortho__adapt_agree_start(MPI_Comm comm, struct ortho__explore *e, int failed,
                              struct ortho__agreement *a)
{
    MPI_Errhandler saved;
    ortho__lock();
    int fake = adapt.clock != NULL; /* the test clock: agreements cost 0 */
    ortho__unlock();
    double start = PMPI_Wtime();
    e->span = fake ? 0.0 : start - e->since;
    a->n = ortho__explore_to_agree(e, fake ? 0.0 : e->local_agreement, failed, a->mine);
    ortho__errors_returned(comm, &saved);
    int err = PMPI_Iallreduce(a->mine, a->all, a->n, MPI_DOUBLE, MPI_MAX, comm, &a->req);
    ortho__errors_restore(comm, &saved);
    a->local = PMPI_Wtime() - start;
    a->failed = err != MPI_SUCCESS;
    if (a->failed)
        a->req = MPI_REQUEST_NULL;
    ortho__explore_agree_started(e);
}

void ortho__adapt_agree_finish(MPI_Comm comm, struct ortho__explore *e,
                               struct ortho__agreement *a)
{
    MPI_Errhandler saved;
    double start = PMPI_Wtime();
    ortho__errors_returned(comm, &saved);
    int err = a->failed ? MPI_ERR_OTHER : PMPI_Wait(&a->req, MPI_STATUS_IGNORE);
    ortho__errors_restore(comm, &saved);
    e->local_agreement = a->local + (PMPI_Wtime() - start);
    if (err != MPI_SUCCESS) { /* the class then runs native */
        memcpy(a->all, a->mine, (size_t)a->n * sizeof a->all[0]);
        a->all[a->n - 1] = 1.0;
    }
    ortho__explore_agreed(e, a->all);
}

/* ---- the report -------------------------------------------------------------- */

void ortho__adapt_report(const char *label, int size, ortho_op op, const char *range,
                         const struct ortho__explore *e)
{
    static const char *const state[] = {"not measured", "measuring", "measured",
                                        "stopped: far slower", "no room for its grid"};
    char line[2048], t[ORTHO_MODEL_TEXT_MAX], name[ORTHO_CANDIDATE_NAME_MAX];
    int at = snprintf(line, sizeof line, "ortho: %s on %s (%d processes), %s: online: ",
                      ortho_op_name(op), label, size, range);
    for (int a = 0; a < e->narms && at < (int)sizeof line; a++) {
        if (ortho_candidate_name(&e->arm[a].cand, name, (int)sizeof name) != MPI_SUCCESS)
            snprintf(name, sizeof name, "?");
        ortho_model_time_text(e->arm[a].best, t, (int)sizeof t);
        if (e->arm[a].nsamples > 0)
            at += snprintf(line + at, sizeof line - (size_t)at, "%s%s %s (%d samples%s%s)",
                           a ? ", " : "", name, t, e->arm[a].nsamples,
                           e->arm[a].state == ORTHO__ARM_SLOW ? ", " : "",
                           e->arm[a].state != ORTHO__ARM_SLOW ? ""
                           : e->arm[a].nsamples > 1 ? "not faster back to back"
                                                    : state[ORTHO__ARM_SLOW]);
        else
            at += snprintf(line + at, sizeof line - (size_t)at, "%s%s (%s)", a ? ", " : "",
                           name, state[e->arm[a].state]);
    }
    if (ortho_candidate_name(&e->arm[e->locked].cand, name, (int)sizeof name) != MPI_SUCCESS)
        snprintf(name, sizeof name, "?");
    ortho_model_time_text(fabs(e->excess), t, (int)sizeof t);
    if (at < (int)sizeof line)
        snprintf(line + at, sizeof line - (size_t)at,
                 "; %s %s (%s); exploring: %ld timed calls of %ld, %s%s than native\n",
                 e->phase == ORTHO__EXPLORE_LOCKED ? "locked to" : "running", name, e->why,
                 e->timed_calls, e->calls, t, e->excess >= 0.0 ? " slower" : " faster");
    fputs(line, stderr);
}
