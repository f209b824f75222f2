/* Checking the selection on sizes that were not tuned on.
 *
 * For every operation and checked size:
 *  - native: its measured time;
 *  - best: the fastest candidate measured (native included);
 *  - auto: what the drop-ins run under the new profile (decisions, then
 *    the model, then native), with the measured time of that candidate;
 *  - model: what the model alone chooses (decisions switched off) among
 *    the measured candidates, with the measured time of that candidate:
 *    the selector's model, which predicts from the measured curves of the
 *    tuned sizes (so never from the checked size itself);
 *  - composed: the same from the runtime functions alone (curves removed
 *    from a copy of the profile), what a process count that was never
 *    tuned gets.
 * In a tuning run (tune_check) the auto path is also measured through the
 * run-time path itself: the selector installed as the candidate chooser
 * on a fresh communicator; the drop-in must run the chosen candidate, in
 * the chosen candidate's time. tune_evaluate does the same from a CSV of
 * an earlier run, without measuring (so that a better model can be judged
 * on the same measurements).
 *
 * Summary: (a) auto against native, worst case and the points more than
 * 2% slower; (b) the geometric-mean and the best speedup of auto over
 * native; (c) how often the model's choice is the measured best (or ties
 * with it: within 0.1%), how often it is within 3% of it, and the mean and
 * worst loss when it is not the best; (c') the same for the composed model. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

struct point {
    const struct tune_table *tb;
    int p;
    double bytes, t_native, t_best, t_auto, t_model, t_comp, t_live;
    int best;                     /* table index */
    ortho_candidate autoc, model, comp;
    ortho_select_info ai, mi, ci;
};

static const char *source_word(ortho_select_source s)
{
    switch (s) {
    case ORTHO_SELECT_DECISION:
        return "decision";
    case ORTHO_SELECT_MODEL:
        return "model";
    case ORTHO_SELECT_MODEL_NATIVE:
        return "model-native";
    case ORTHO_SELECT_OUTSIDE:
        return "outside";
    default:
        return "uncovered";
    }
}

/* Same candidate as run? Compares what the selector named (explicit
 * fields) with what the drop-in reports having run. */
static int same_run(const ortho_candidate *want, const ortho_candidate *ran)
{
    if (want->variant == ORTHO_VARIANT_NATIVE || ran->variant == ORTHO_VARIANT_NATIVE)
        return want->variant == ran->variant;
    if (want->variant != ran->variant || (want->order != ORTHO_ORDER_PAPER && want->order != ran->order))
        return 0;
    if (want->ndims >= 2) {
        if (want->ndims != ran->ndims)
            return 0;
        for (int i = 0; i < want->ndims; i++)
            if (want->dims[i] != 0 && want->dims[i] != ran->dims[i])
                return 0;
    }
    return 1;
}

/* The measured time of candidate c at size index s; 0 when not measured. */
static double table_time(const struct tune_table *tb, const ortho_candidate *c, int s)
{
    int i = tune_find(tb, c);
    return i >= 0 && tb->valid[i] ? tb->t[i * tb->nall + s] : 0.0;
}

/* Ties between candidates the model cannot tell apart go to the paper's
 * phases, then the other order, then the other variants (as in
 * lib/select). */
static int preference(ortho_op op, const ortho_candidate *c)
{
    if (c->variant != ORTHO_VARIANT_PHASES)
        return 2;
    ortho_order paper = op == ORTHO_OP_BCAST || op == ORTHO_OP_SCATTER ? ORTHO_ORDER_COLS
                                                                       : ORTHO_ORDER_ROWS;
    return c->order == ORTHO_ORDER_PAPER || c->order == paper ? 0 : 1;
}

/* The predicted time of cand: its measured curve where prof has one for
 * (op, p), else composed from the runtime functions on nodes of node_size
 * processes, as the selector predicts at run time (lib/select/predict.c).
 * A node-aware candidate is composed only where the node size is known
 * and prof has the structure terms that place its phases on the nodes
 * (ortho_model_profile_knows_nodes()): without them it would be priced as
 * if every phase ran inside one node. */
static int predict_on_nodes(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                            double bytes, const ortho_candidate *cand, double *t)
{
    ortho_model_prediction pred;
    int err = ortho_model_curve_predict(prof, op, p, bytes, cand, t);
    if (err != MPI_ERR_UNSUPPORTED_OPERATION)
        return err;
    ortho_model_op mop = op == ORTHO_OP_ALLGATHERV ? ORTHO_MODEL_ALLGATHER : (ortho_model_op)op;
    if (cand->node_aware && (node_size < 2 || op >= ORTHO_OP_GATHERV
                             || !ortho_model_profile_knows_nodes(prof, mop)))
        return MPI_ERR_UNSUPPORTED_OPERATION;
    err = ortho_model_predict_candidate(prof, op, p, node_size, bytes, cand, &pred);
    if (err == MPI_SUCCESS)
        *t = pred.total;
    return err;
}

/* The model alone among the candidates of the table (those measured):
 * the cheapest prediction from prof when it gains the threshold, else
 * native. The selector considers every candidate of ortho_candidates(); a
 * run that measured fewer (--max-aspect, --variants) cannot judge a choice
 * outside them, so (c) is taken among what was measured. */
static void model_among_measured(const struct tune_table *tb, int s, ortho_model_profile_t prof,
                                 int p, int node_size, double bytes, double threshold,
                                 ortho_candidate *cand, ortho_select_info *info)
{
    double tn = 0.0, best = 0.0;
    memset(info, 0, sizeof *info);
    memset(cand, 0, sizeof *cand);
    info->source = ORTHO_SELECT_UNCOVERED;
    if (bytes < 0.0 || predict_on_nodes(prof, tb->op, p, node_size, bytes, cand, &tn) != MPI_SUCCESS)
        return;
    info->source = ORTHO_SELECT_MODEL_NATIVE;
    info->t_native = tn;
    for (int c = 1; c < tb->ncand; c++) {
        double t = 0.0;
        if (!tb->valid[c] || tb->t[c * tb->nall + s] <= 0.0
            || predict_on_nodes(prof, tb->op, p, node_size, bytes, &tb->cand[c], &t)
                   != MPI_SUCCESS)
            continue;
        if (best == 0.0 || t < best * (1.0 - 1e-9)
            || (t <= best * (1.0 + 1e-9)
                && preference(tb->op, &tb->cand[c]) < preference(tb->op, &info->best))) {
            best = t;
            info->best = tb->cand[c];
        }
    }
    info->t_best = best;
    if (best > 0.0 && tn > 0.0 && 1.0 - best / tn >= threshold && best < tn) {
        info->source = ORTHO_SELECT_MODEL;
        info->gain = 1.0 - best / tn;
        *cand = info->best;
    }
}

/* A copy of prof without its measured curves: the composed model. */
static int without_curves(ortho_model_profile_t prof, ortho_model_profile_t *copy)
{
    char *text = NULL, msg[ORTHO_MODEL_MSG_MAX];
    size_t len = 0;
    int err = MPI_ERR_NO_MEM;
    FILE *f = open_memstream(&text, &len);
    *copy = NULL;
    if (f == NULL)
        return err;
    err = ortho_model_profile_write_stream(prof, f);
    fclose(f);
    if (err == MPI_SUCCESS && (f = fmemopen(text, len, "r")) != NULL) {
        err = ortho_model_profile_read_stream(f, "(copy)", copy, msg);
        fclose(f);
    }
    if (err == MPI_SUCCESS)
        err = ortho_model_profile_remove_curves(*copy, ORTHO_OP_COUNT, 0, NULL);
    free(text);
    return err;
}

/* Choices and their measured times at size index s. */
static void evaluate_point(const struct tune_table *tb, int s, ortho_select_t autosel,
                           ortho_model_profile_t prof, ortho_model_profile_t composed,
                           double threshold, int p, int node_size, struct point *pt)
{
    memset(pt, 0, sizeof *pt);
    pt->tb = tb;
    pt->p = p;
    pt->bytes = tune_bytes(tb->op, tb->all[s]);
    pt->t_native = tb->t[s];
    pt->t_best = pt->t_native;
    for (int c = 1; c < tb->ncand; c++) {
        double t = tb->t[c * tb->nall + s];
        if (tb->valid[c] && t > 0.0 && t < pt->t_best) {
            pt->t_best = t;
            pt->best = c;
        }
    }
    double seen = tb->op == ORTHO_OP_GATHERV || tb->op == ORTHO_OP_SCATTERV ? -1.0 : pt->bytes;
    ortho_select_choose(autosel, tb->op, p, node_size, seen, &pt->autoc, &pt->ai);
    model_among_measured(tb, s, prof, p, node_size, seen, threshold, &pt->model, &pt->mi);
    model_among_measured(tb, s, composed, p, node_size, seen, threshold, &pt->comp, &pt->ci);
    pt->t_auto = table_time(tb, &pt->autoc, s);
    pt->t_model = table_time(tb, &pt->model, s);
    pt->t_comp = table_time(tb, &pt->comp, s);
}

static void print_point(const struct point *pt)
{
    char sz[32], a[ORTHO_CANDIDATE_NAME_MAX], m[ORTHO_CANDIDATE_NAME_MAX], live[48] = "";
    ortho_model_size_text(pt->bytes, sz, (int)sizeof sz);
    ortho_candidate_name(&pt->autoc, a, (int)sizeof a);
    ortho_candidate_name(&pt->model, m, (int)sizeof m);
    if (pt->t_live > 0.0)
        snprintf(live, sizeof live, ", run %.4e", pt->t_live);
    printf("check %-10s p=%-4d b=%-6s native %.4e  auto %-22s %.4e %.2fx (%s%s)  best %-22s "
           "%.4e  model %s %.4e (%s, loss %.1f%%)\n",
           ortho_op_word(pt->tb->op), pt->p, sz, pt->t_native, a, pt->t_auto,
           pt->t_auto > 0.0 ? pt->t_native / pt->t_auto : 0.0, source_word(pt->ai.source), live,
           pt->tb->name[pt->best], pt->t_best, m, pt->t_model, source_word(pt->mi.source),
           pt->t_model > 0.0 ? 100.0 * (pt->t_model / pt->t_best - 1.0) : 0.0);
}

static void csv_point(FILE *csv, const struct point *pt)
{
    char a[ORTHO_CANDIDATE_NAME_MAX], m[ORTHO_CANDIDATE_NAME_MAX], k[ORTHO_CANDIDATE_NAME_MAX];
    ortho_candidate_name(&pt->autoc, a, (int)sizeof a);
    ortho_candidate_name(&pt->model, m, (int)sizeof m);
    ortho_candidate_name(&pt->comp, k, (int)sizeof k);
    fprintf(csv, "%s,%d,%.0f,%.6e,%s,%s,%.6e,%s,%.6e,%s,%s,%.6e,%.6e,%s,%s,%.6e\n",
            ortho_op_word(pt->tb->op), pt->p, pt->bytes, pt->t_native, a,
            source_word(pt->ai.source), pt->t_auto, pt->tb->name[pt->best], pt->t_best, m,
            source_word(pt->mi.source), pt->t_model, pt->t_live, k, source_word(pt->ci.source),
            pt->t_comp);
}

/* (c) of one model: how often its choice is the measured best (or within
 * 0.1% of it: layouts often tie), within 3% of it, its loss otherwise. */
struct model_score {
    int n, covered, is_best, within, notbest;
    double loss_sum, loss_max;
};

static void score(struct model_score *sc, const struct point *pt, const ortho_candidate *choice,
                  const ortho_select_info *info, double t)
{
    char m[ORTHO_CANDIDATE_NAME_MAX];
    if (t <= 0.0)
        return;
    double loss = t / pt->t_best - 1.0;
    sc->n++;
    sc->covered += info->source != ORTHO_SELECT_UNCOVERED;
    ortho_candidate_name(choice, m, (int)sizeof m);
    if (strcmp(m, pt->tb->name[pt->best]) == 0 || loss <= 1e-3) {
        sc->is_best++;
        sc->within++;
    } else {
        sc->notbest++;
        sc->within += loss <= 0.03;
        sc->loss_sum += loss;
        sc->loss_max = fmax(sc->loss_max, loss);
    }
}

static void print_score(const char *label, const struct model_score *sc)
{
    printf("%s (covers %d of %d): its choice is the measured best (or within 0.1%%) in %d "
           "(%.0f%%), within 3%% of it in %d (%.0f%%), loss when not the best: mean %.1f%%, "
           "worst %.1f%%",
           label, sc->covered, sc->n, sc->is_best, sc->n ? 100.0 * sc->is_best / sc->n : 0.0,
           sc->within, sc->n ? 100.0 * sc->within / sc->n : 0.0,
           sc->notbest ? 100.0 * sc->loss_sum / sc->notbest : 0.0, 100.0 * sc->loss_max);
}

static void summary(const struct point pts[], int npts)
{
    int slower = 0, n = 0, live = 0;
    double worst = -INFINITY, logsum = 0.0, top = 0.0, live_dev = 0.0;
    struct model_score model, comp;
    memset(&model, 0, sizeof model);
    memset(&comp, 0, sizeof comp);
    for (int i = 0; i < npts; i++) {
        const struct point *pt = &pts[i];
        if (pt->t_auto > 0.0) {
            double r = pt->t_auto / pt->t_native - 1.0;
            n++;
            worst = fmax(worst, r);
            slower += r > 0.02;
            logsum += log(pt->t_native / pt->t_auto);
            top = fmax(top, pt->t_native / pt->t_auto);
        }
        if (pt->t_live > 0.0 && pt->t_auto > 0.0) {
            live++;
            live_dev = fmax(live_dev, fabs(pt->t_live / pt->t_auto - 1.0));
        }
        score(&model, pt, &pt->model, &pt->mi, pt->t_model);
        score(&comp, pt, &pt->comp, &pt->ci, pt->t_comp);
    }
    printf("summary p=%d: %d points; (a) auto vs native: worst speedup %.2fx, %d points more "
           "than 2%% slower; (b) speedup of auto over native: geometric mean %.2fx, best %.2fx; ",
           npts > 0 ? pts[0].p : 0, n, n ? 1.0 / (1.0 + worst) : 0.0, slower,
           n ? exp(logsum / n) : 0.0, top);
    print_score("(c) model", &model);
    printf("; (c') composed model ");
    print_score("", &comp);
    printf("\n");
    if (live > 0)
        printf("  the auto path run through the drop-ins: %d points, at most %.1f%% from the "
               "chosen candidate's measured time\n", live, 100.0 * live_dev);
    if (n < npts || model.n < npts)
        printf("  (auto %d, model %d points: a choice that was not measured counts in neither)\n", n,
               model.n);
    fflush(stdout);
}

static int selector(ortho_model_profile_t prof, const struct tune_opts *o, ortho_select_t *a)
{
    ortho_select_opts so = ortho_select_opts_default();
    so.threshold = o->threshold;
    so.maxdims = o->maxdims;
    so.extrapolate = o->extrapolate;
    so.label = o->output != NULL ? o->output : o->profile_in;
    return ortho_select_create(prof, &so, a);
}

int tune_check(MPI_Comm comm, struct tune_table tables[], int ntables, const struct tune_opts *o,
               ortho_model_profile_t prof, int node_size)
{
    int p, rank, err = MPI_SUCCESS, npts = 0;
    ortho_select_t autosel = NULL;
    ortho_model_profile_t composed = NULL;
    struct point *pts = NULL;
    FILE *csv = NULL;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    if ((err = selector(prof, o, &autosel)) != MPI_SUCCESS
        || (err = without_curves(prof, &composed)) != MPI_SUCCESS)
        goto fn_exit;
    pts = calloc((size_t)(ntables * o->ncheck + 1), sizeof *pts);
    if (pts == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    if (rank == 0 && o->check_csv != NULL && (csv = fopen(o->check_csv, "w")) != NULL)
        fprintf(csv, "op,p,bytes,t_native,auto,auto_rule,t_auto,best,t_best,model,model_rule,"
                     "t_model,t_run,composed,composed_rule,t_composed\n");
    if (rank == 0 && !o->quiet)
        printf("checked on sizes not tuned on (auto: decisions, then the model; model: the model "
               "alone, threshold %.0f%%)\n", 100.0 * o->threshold);
    for (int k = 0; k < ntables && err == MPI_SUCCESS; k++) {
        const struct tune_table *tb = &tables[k];
        if (!tb->valid[0])
            continue;
        for (int c = 0; c < o->ncheck && err == MPI_SUCCESS; c++) {
            int s;
            ortho_candidate ran;
            for (s = 0; s < tb->nall && tb->all[s] != o->check[c]; s++)
                ;
            struct point *pt = &pts[npts];
            evaluate_point(tb, s, autosel, prof, composed, o->threshold, p, node_size, pt);
            err = tune_measure_selected(comm, tb->op, autosel, tb->all[s], &o->timing, &pt->t_live,
                                        &ran);
            if (err == MPI_SUCCESS && !same_run(&pt->autoc, &ran) && rank == 0) {
                char a[ORTHO_CANDIDATE_NAME_MAX], r[ORTHO_CANDIDATE_NAME_MAX];
                ortho_candidate_name(&pt->autoc, a, (int)sizeof a);
                ortho_candidate_name(&ran, r, (int)sizeof r);
                fprintf(stderr, "ortho-tune: warning: the selector chose %s, the drop-in ran %s\n",
                        a, r);
            }
            if (err != MPI_SUCCESS)
                break;
            if (pt->t_auto == 0.0)
                pt->t_auto = pt->t_live;
            npts++;
            if (rank == 0 && !o->quiet)
                print_point(pt);
            if (csv != NULL)
                csv_point(csv, pt);
        }
    }
    if (rank == 0 && npts > 0)
        summary(pts, npts);
fn_exit:
    if (csv != NULL)
        fclose(csv);
    free(pts);
    ortho_select_free(&autosel);
    ortho_model_profile_free(&composed);
    return err;
}

/* ---- from a CSV of an earlier run ------------------------------------------ */

struct row {
    ortho_op op;
    int p, tuned, valid;
    double bytes, seconds;
    char name[ORTHO_CANDIDATE_NAME_MAX];
};

static int read_rows(const char *path, struct row **rows, int *n)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int cap = 0;
    *rows = NULL;
    *n = 0;
    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL) {
        char op[32], name[ORTHO_CANDIDATE_NAME_MAX];
        struct row r;
        memset(&r, 0, sizeof r);
        if (sscanf(line, "%31[^,],%d,%lf,%95[^,],%lf,%d,%d", op, &r.p, &r.bytes, name, &r.seconds,
                   &r.tuned, &r.valid) != 7)
            continue; /* the header */
        if (ortho_op_from_word(op, &r.op) != MPI_SUCCESS)
            continue;
        snprintf(r.name, sizeof r.name, "%s", name);
        if (*n == cap) {
            struct row *a = realloc(*rows, (size_t)(cap = cap ? 2 * cap : 256) * sizeof *a);
            if (a == NULL) {
                fclose(f);
                return -1;
            }
            *rows = a;
        }
        (*rows)[(*n)++] = r;
    }
    fclose(f);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The table of (op, p) from the rows; its checked sizes in check[], its
 * tuned sizes in tuned[]. */
static int build_table(const struct row *rows, int n, ortho_op op, int p, struct tune_table *tb,
                       double check[], int *ncheck, double tuned[], int *ntuned)
{
    memset(tb, 0, sizeof *tb);
    tb->op = op;
    tb->cand = calloc((size_t)n + 1, sizeof *tb->cand);
    tb->name = calloc((size_t)n + 1, sizeof *tb->name);
    tb->valid = calloc((size_t)n + 1, sizeof *tb->valid);
    tb->all = calloc((size_t)n + 1, sizeof *tb->all);
    if (tb->cand == NULL || tb->name == NULL || tb->valid == NULL || tb->all == NULL)
        return -1;
    tb->ncand = 1; /* native first */
    snprintf(tb->name[0], ORTHO_CANDIDATE_NAME_MAX, "native");
    *ncheck = *ntuned = 0;
    for (int i = 0; i < n; i++) {
        const struct row *r = &rows[i];
        int c, s;
        if (r->op != op || r->p != p)
            continue;
        for (c = 0; c < tb->ncand && strcmp(tb->name[c], r->name) != 0; c++)
            ;
        if (c == tb->ncand) {
            if (ortho_candidate_parse(r->name, &tb->cand[c]) != MPI_SUCCESS)
                continue;
            snprintf(tb->name[c], ORTHO_CANDIDATE_NAME_MAX, "%s", r->name);
            tb->ncand++;
        }
        for (s = 0; s < tb->nall && tb->all[s] != r->bytes; s++)
            ;
        if (s == tb->nall) {
            tb->all[tb->nall++] = r->bytes;
            if (!r->tuned && *ncheck < TUNE_MAX_SIZES)
                check[(*ncheck)++] = r->bytes;
            if (r->tuned && *ntuned < TUNE_MAX_SIZES)
                tuned[(*ntuned)++] = r->bytes;
        }
    }
    qsort(tb->all, (size_t)tb->nall, sizeof tb->all[0], cmp_double);
    qsort(check, (size_t)*ncheck, sizeof check[0], cmp_double);
    qsort(tuned, (size_t)*ntuned, sizeof tuned[0], cmp_double);
    tb->t = calloc((size_t)tb->ncand * (size_t)tb->nall + 1, sizeof *tb->t);
    if (tb->t == NULL)
        return -1;
    for (int c = 0; c < tb->ncand; c++)
        tb->valid[c] = 1;
    for (int i = 0; i < n; i++) {
        const struct row *r = &rows[i];
        int c, s;
        if (r->op != op || r->p != p)
            continue;
        for (c = 0; c < tb->ncand && strcmp(tb->name[c], r->name) != 0; c++)
            ;
        for (s = 0; s < tb->nall && tb->all[s] != r->bytes; s++)
            ;
        if (c < tb->ncand) {
            tb->t[c * tb->nall + s] = r->seconds;
            tb->valid[c] &= r->valid && r->seconds > 0.0;
        }
    }
    return 0;
}

/* One (op, p) of the file: its table and sizes. */
struct evaluated {
    struct tune_table tb;
    int p, ncheck, ntuned;
    double check[TUNE_MAX_SIZES], tuned[TUNE_MAX_SIZES];
};

/* The node size a run measured on: the last extent of its node-aware
 * candidates (ortho_candidates() places a node's processes there); 0 when
 * it measured none (then no node-aware candidate is composed either). */
static int table_node_size(const struct tune_table *tb)
{
    for (int c = 1; c < tb->ncand; c++)
        if (tb->cand[c].node_aware && tb->cand[c].ndims >= 2)
            return tb->cand[c].dims[tb->cand[c].ndims - 1];
    return 0;
}

int tune_evaluate(const char *csv_path, ortho_model_profile_t prof, const struct tune_opts *o)
{
    struct row *rows = NULL;
    struct evaluated *ev = NULL;
    int n = 0, err = MPI_SUCCESS, nev = 0;
    ortho_select_t autosel = NULL;
    ortho_model_profile_t composed = NULL;
    FILE *csv = NULL;
    if (read_rows(csv_path, &rows, &n) != 0 || n == 0) {
        fprintf(stderr, "ortho-tune: %s: no measurements (a file of ortho-tune --csv)\n", csv_path);
        free(rows);
        return MPI_ERR_FILE;
    }
    ev = calloc((size_t)n, sizeof *ev);
    if (ev == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    /* the tables, one per (op, p) in the order of the file */
    for (int i = 0; i < n && err == MPI_SUCCESS; i++) {
        int k;
        for (k = 0; k < nev && !(ev[k].tb.op == rows[i].op && ev[k].p == rows[i].p); k++)
            ;
        if (k < nev)
            continue;
        ev[nev].p = rows[i].p;
        if (build_table(rows, n, rows[i].op, rows[i].p, &ev[nev].tb, ev[nev].check,
                        &ev[nev].ncheck, ev[nev].tuned, &ev[nev].ntuned) != 0)
            err = MPI_ERR_NO_MEM;
        nev++;
    }
    /* the decisions again, from the tuned sizes, by this build's rules */
    for (int k = 0; k < nev && err == MPI_SUCCESS && o->redecide; k++) {
        struct tune_opts lo = *o;
        if (ev[k].ntuned == 0)
            continue;
        memcpy(lo.sizes, ev[k].tuned, (size_t)ev[k].ntuned * sizeof lo.sizes[0]);
        lo.nsizes = ev[k].ntuned;
        if (tune_decide(&ev[k].tb, &lo, ev[k].p, prof, o->quiet ? NULL : stdout) < 0)
            err = MPI_ERR_OTHER;
    }
    if (err == MPI_SUCCESS && o->redecide && o->output != NULL
        && ortho_model_profile_write(prof, o->output) != MPI_SUCCESS)
        err = MPI_ERR_FILE;
    if (err == MPI_SUCCESS)
        err = selector(prof, o, &autosel);
    if (err == MPI_SUCCESS)
        err = without_curves(prof, &composed);
    if (err == MPI_SUCCESS && o->check_csv != NULL && (csv = fopen(o->check_csv, "w")) != NULL)
        fprintf(csv, "op,p,bytes,t_native,auto,auto_rule,t_auto,best,t_best,model,model_rule,"
                     "t_model,t_run,composed,composed_rule,t_composed\n");
    for (int k = 0; k < nev && err == MPI_SUCCESS;) {
        struct point pts[ORTHO_OP_COUNT * TUNE_MAX_SIZES];
        int npts = 0, p = ev[k].p;
        for (; k < nev && ev[k].p == p; k++)
            for (int c = 0; c < ev[k].ncheck && npts < ORTHO_OP_COUNT * TUNE_MAX_SIZES; c++) {
                int s;
                for (s = 0; s < ev[k].tb.nall && ev[k].tb.all[s] != ev[k].check[c]; s++)
                    ;
                evaluate_point(&ev[k].tb, s, autosel, prof, composed, o->threshold, p,
                               table_node_size(&ev[k].tb), &pts[npts]);
                if (!o->quiet)
                    print_point(&pts[npts]);
                if (csv != NULL)
                    csv_point(csv, &pts[npts]);
                npts++;
            }
        if (npts > 0)
            summary(pts, npts);
    }
fn_exit:
    if (csv != NULL)
        fclose(csv);
    for (int k = 0; ev != NULL && k < nev; k++)
        tune_table_free(&ev[k].tb);
    free(ev);
    free(rows);
    ortho_select_free(&autosel);
    ortho_model_profile_free(&composed);
    return err;
}
