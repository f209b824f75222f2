/* ortho-predict: predicted times from a machine profile, before running.
 *
 *   ortho-predict --profile P --op allgather --procs 96 --bytes 64K
 *       the native operation and every layout's phases and total, ranked
 *   ortho-predict --profile P --app jacobi-row --procs 96 --n 9600
 *   ortho-predict --profile P --app pabm --procs 96 --n 9600 --K 8 --I 2 --t-eval 1us
 *       the paper's application formulas, native and on every layout
 *   ortho-predict --profile P --op allgather --p 128 --node-size 8 --bytes 64K --candidates
 *       every drop-in candidate's predicted time on nodes of 8 processes
 *   ... --explain: under each row, each phase's group, bytes, placement on
 *       the nodes, sharing factor and the profile function that timed it
 *
 * Needs no MPI start (no mpiexec). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tools/cli.h"
#include "tools.h"

struct options {
    const char *profile, *op_name, *app_name;
    ortho_model_op op;
    ortho_model_app app;
    int procs, maxdims, top, K, I, have_t_op, have_t_eval, node_size, candidates, explain;
    double bytes, n, t_op, t_eval, elem;
};

#define MAX_BYTES 1073741824.0 /* 1G */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ortho-predict --profile FILE --procs P (--op OP --bytes B | --app APP --n N)"
            " [options]\n"
            "Predicted times of the native operation and of every layout, ranked; the\n"
            "speedup is t_native / t_layout (above 1x the layout is faster).\n");
    fprintf(f, "  --profile FILE   machine profile (ortho-fit or ortho-tune output, or one of\n"
               "                   %s/*.profile)\n",
            tool_profiles_dir());
    fprintf(f,
            "  --procs P        number of processes, 1 to %d (--p is the same)\n"
            "  --node-size C    processes per node, 0 to %d: nodes hold blocks of C\n"
            "                   consecutive ranks; phases are placed on them (default: the\n"
            "                   profile's node_size, else 0 = unknown, as before)\n"
            "  --candidates     rank every drop-in candidate (ortho_candidates: both orders,\n"
            "                   rsag, scag, pipe, node-aware grids) instead of the layouts\n"
            "  --explain        under each row, one line per phase: group size, bytes, where\n"
            "                   its groups lie (inside a node, or across nodes with how many\n"
            "                   processes of a node at once), the sharing factor, the profile\n"
            "                   function used and its time\n"
            "  --op OP          bcast, reduce, gather, scatter, allreduce, allgather\n"
            "  --bytes B        message size b, 0 to 1G: a number with an optional K, M, G\n"
            "                   (1024-based; 64K = 65536): the whole message for bcast, reduce,\n"
            "                   allreduce; each process's block for gather, scatter, allgather\n"
            "  --app APP        jacobi-row, jacobi-col-mb, jacobi-col-sb, pab, pabm (paper sec. 5)\n"
            "  --n N            system size, at least 1\n"
            "  --K K, --I I     stages and corrector iterations, 1 to 1024 (pab: K; pabm: K, I)\n"
            "  --t-op T         time of one arithmetic operation, e.g. 2ns (default: the\n"
            "                   profile's t_op)\n"
            "  --t-eval T       time to evaluate one component of f (pab, pabm; default: the\n"
            "                   profile's t_eval)\n"
            "  --elem-bytes E   bytes per vector element in messages, 1 to 1K (default 8)\n"
            "  --max-dims D     also N-D layouts up to D dimensions, 1 to %d (default 2; --dims\n"
            "                   is the same, as in ortho-tune and ortho-bench)\n"
            "  --top K          print only the K best layouts, 1 to %d (default all)\n"
            "  -h, --help       this text; --version: the library's version\n",
            CLI_INT_MAX, CLI_INT_MAX, ORTHO_GRID_MAX_DIMS, CLI_INT_MAX);
}

static int parse(int argc, char **argv, struct options *o)
{
    static const struct option longopts[] = {
        { "profile", required_argument, NULL, 'p' }, { "op", required_argument, NULL, 'o' },
        { "procs", required_argument, NULL, 'P' },   { "bytes", required_argument, NULL, 'b' },
        { "app", required_argument, NULL, 'a' },     { "n", required_argument, NULL, 'n' },
        { "K", required_argument, NULL, 'K' },       { "I", required_argument, NULL, 'I' },
        { "t-op", required_argument, NULL, 't' },    { "t-eval", required_argument, NULL, 'e' },
        { "elem-bytes", required_argument, NULL, 'E' }, { "max-dims", required_argument, NULL, 'd' },
        { "dims", required_argument, NULL, 'd' },
        { "top", required_argument, NULL, 'T' },     { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },       { "p", required_argument, NULL, 'P' },
        { "node-size", required_argument, NULL, 'N' }, { "candidates", no_argument, NULL, 'C' },
        { "explain", no_argument, NULL, 'X' },       { NULL, 0, NULL, 0 }
    };
    static const char *ops[ORTHO_MODEL_NOPS], *apps[ORTHO_MODEL_NAPPS];
    int c, rc = 0, index = 0, li = -1;
    for (int i = 0; i < ORTHO_MODEL_NOPS; i++)
        ops[i] = ortho_model_op_name((ortho_model_op)i);
    for (int i = 0; i < ORTHO_MODEL_NAPPS; i++)
        apps[i] = ortho_model_app_name((ortho_model_app)i);
    o->maxdims = 2;
    o->elem = 8.0;
    o->bytes = -1.0;
    o->node_size = -1;
    opterr = 0;
    while (rc == 0 && (c = getopt_long(argc, argv, ":h", longopts, &li)) != -1) {
        const char *opt = cli_option(longopts, li, c);
        li = -1;
        switch (c) {
        case 'p': o->profile = optarg; break;
        case 'o':
            rc = cli_word(opt, optarg, ops, ORTHO_MODEL_NOPS, &index) != 0;
            o->op = (ortho_model_op)index;
            o->op_name = optarg;
            break;
        case 'a':
            rc = cli_word(opt, optarg, apps, ORTHO_MODEL_NAPPS, &index) != 0;
            o->app = (ortho_model_app)index;
            o->app_name = optarg;
            break;
        case 'P': rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->procs) != 0; break;
        case 'N': rc = cli_int(opt, optarg, 0, CLI_INT_MAX, &o->node_size) != 0; break;
        case 'C': o->candidates = 1; break;
        case 'X': o->explain = 1; break;
        case 'K': rc = cli_int(opt, optarg, 1, 1024, &o->K) != 0; break;
        case 'I': rc = cli_int(opt, optarg, 1, 1024, &o->I) != 0; break;
        case 'd': rc = cli_int(opt, optarg, 1, ORTHO_GRID_MAX_DIMS, &o->maxdims) != 0; break;
        case 'T': rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->top) != 0; break;
        case 'b': rc = cli_bytes(opt, optarg, 0.0, MAX_BYTES, &o->bytes) != 0; break;
        case 'n': rc = cli_number(opt, optarg, 1.0, INFINITY, &o->n) != 0; break;
        case 'E': rc = cli_bytes(opt, optarg, 1.0, 1024.0, &o->elem) != 0; break;
        case 't':
            rc = cli_seconds(opt, optarg, 0.0, INFINITY, &o->t_op) != 0;
            o->have_t_op = 1;
            break;
        case 'e':
            rc = cli_seconds(opt, optarg, 0.0, INFINITY, &o->t_eval) != 0;
            o->have_t_eval = 1;
            break;
        case 'h': return CLI_HELP;
        case 'V': return CLI_VERSION;
        default: return cli_getopt_error(c, argv);
        }
    }
    if (rc != 0)
        return CLI_BAD;
    if (optind < argc)
        return cli_extra_argument(argv[optind]);
    if (o->profile == NULL)
        return cli_missing("--profile FILE is required");
    if (o->procs < 1)
        return cli_missing("--procs P is required");
    if ((o->op_name == NULL) == (o->app_name == NULL))
        return cli_missing("give either --op (with --bytes) or --app (with --n)");
    if (o->op_name != NULL && o->bytes < 0.0)
        return cli_missing("--op needs --bytes B");
    if (o->app_name != NULL && !(o->n > 0.0))
        return cli_missing("--app needs --n N");
    if (o->candidates && o->app_name != NULL)
        return cli_missing("--candidates goes with --op, not --app");
    return CLI_RUN;
}

static void layout_name(const ortho_model_layout *l, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < l->ndims && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%d", i ? "x" : "", l->dims[i]);
}

struct row {
    ortho_model_layout layout;
    double total;
    int index;
};

static int cmp_row(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    return x->total < y->total ? -1 : x->total > y->total ? 1 : x->index - y->index;
}

/* What a phase runs: the native operation it calls, or rsag's direct exchange. */
static const char *phase_name(const ortho_model_phase *ph)
{
    if (ph->direct == ORTHO_MODEL_DIRECT_REDUCE_SCATTER)
        return "direct-reduce-scatter";
    if (ph->direct == ORTHO_MODEL_DIRECT_ALLGATHER)
        return "direct-allgather";
    return ortho_model_op_name(ph->op);
}

static void print_phases(const ortho_model_prediction *pr, double mult)
{
    for (int k = 0; k < pr->nphases; k++)
        printf("%s%s(%d, %.6gB) %.4g", k ? " + " : "", phase_name(&pr->phase[k]),
               pr->phase[k].group, pr->phase[k].bytes, mult * pr->phase[k].seconds);
}

/* Which piece of its function entry e (index i) is: *k of *n, counting
 * the entries of the same operation and placement. */
static void piece_of(ortho_model_profile_t prof, int i, const ortho_model_entry *e, int *k, int *n)
{
    int count = 0;
    *k = *n = 0;
    ortho_model_profile_nentries(prof, &count);
    for (int j = 0; j < count; j++) {
        ortho_model_entry x;
        if (ortho_model_profile_entry(prof, j, &x) != MPI_SUCCESS || x.op != e->op
            || x.range.where != e->range.where)
            continue;
        (*n)++;
        if (j <= i)
            *k = *n;
    }
}

/* The profile entry as its line reads: "allgather where=net p>=2 p<=16 ring";
 * a piece of a function in several pieces (the native's algorithm
 * switches) as "bcast, piece b>=12K b<512K (2 of 3): scatter_rd". */
static void entry_text(ortho_model_profile_t prof, int index, char *buf, size_t len)
{
    ortho_model_entry e;
    ortho_model_form_info info;
    size_t used = 0;
    int k = 0, n = 0;
    buf[0] = '\0';
    if (index == ORTHO_MODEL_ENTRY_FLOOR) {
        snprintf(buf, len, "one message to the farthest member (the profile's measured hop, or "
                           "its hop_reach): the fitted function predicted less");
        return;
    }
    if (index == ORTHO_MODEL_ENTRY_HOP) {
        snprintf(buf, len, "the profile's measured hop (hop_alpha + s hop_beta; between nodes "
                           "hop_net_alpha + s hop_net_beta)");
        return;
    }
    if (index < 0 || ortho_model_profile_entry(prof, index, &e) != MPI_SUCCESS
        || ortho_model_form_info_get(e.form, &info) != MPI_SUCCESS) {
        snprintf(buf, len, "several calls composed (the variant's formula, docs/model.md)");
        return;
    }
    piece_of(prof, index, &e, &k, &n);
    used += (size_t)snprintf(buf, len, "entry %d: %s", index + 1, ortho_model_op_name(e.op));
    if (n > 1) {
        char range[ORTHO_MODEL_RANGE_TEXT_MAX];
        ortho_model_range_text(&e.range, range, (int)sizeof range);
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, ", piece %s (%d of %d):", range, k, n);
        if (used < len)
            used += (size_t)snprintf(buf + used, len - used, " %s = %s", info.name, info.formula);
        return;
    }
    if (e.range.where != ORTHO_MODEL_WHERE_ANY && used < len)
        used += (size_t)snprintf(buf + used, len - used, " where=%s",
                                 e.range.where == ORTHO_MODEL_WHERE_NODE ? "node" : "net");
    if (e.range.p_lo > 1 && used < len)
        used += (size_t)snprintf(buf + used, len - used, " p>=%d", e.range.p_lo);
    if (e.range.p_hi < ORTHO_MODEL_P_ANY && used < len)
        used += (size_t)snprintf(buf + used, len - used, " p<=%d", e.range.p_hi);
    if (e.range.size_lo > 0.0 && used < len)
        used += (size_t)snprintf(buf + used, len - used, " %c>=%.6g", e.range.size_is_root ? 'n' : 'b',
                                 e.range.size_lo);
    if (isfinite(e.range.size_hi) && used < len)
        used += (size_t)snprintf(buf + used, len - used, " %c<=%.6g", e.range.size_is_root ? 'n' : 'b',
                                 e.range.size_hi);
    if (used < len)
        used += (size_t)snprintf(buf + used, len - used, " %s = %s", info.name, info.formula);
}

/* --explain: one line per phase under a row. */
static void explain(ortho_model_profile_t prof, const ortho_model_prediction *pr)
{
    for (int k = 0; k < pr->nphases; k++) {
        const ortho_model_phase *ph = &pr->phase[k];
        char where[96], fn[512];
        if (ph->where == ORTHO_MODEL_WHERE_NODE)
            snprintf(where, sizeof where, "inside one node");
        else if (ph->nodes > 1)
            snprintf(where, sizeof where, "across %d nodes, %d per node, %d of a node at once%s",
                     ph->nodes, ph->per_node, ph->flows,
                     ph->where == ORTHO_MODEL_WHERE_ANY ? " (consecutive ranks)" : "");
        else
            snprintf(where, sizeof where, "placement unknown");
        entry_text(prof, ph->entry, fn, sizeof fn);
        printf("     phase %d: %s on groups of %d, %.6g bytes%s, %s, sharing x%.3g: %.4g s by %s%s\n",
               k + 1, phase_name(ph), ph->group, ph->bytes, ph->direct ? " per block" : "", where,
               ph->share, ph->seconds, ph->direct ? "hops of " : "", fn);
    }
}

/* Every layout, ranked by total; op mode when app is NULL. */
static int run(const struct options *o, ortho_model_profile_t prof, ortho_model_op op,
               const ortho_model_app *app, const ortho_model_app_params *ap)
{
    int rc = 0, n = 0, shown = 0;
    ortho_model_layout *all = NULL;
    struct row *rows = NULL;
    double native = 0.0;
    char name[128];
    ortho_model_layouts(o->procs, o->maxdims, NULL, 0, &n);
    all = malloc((size_t)n * sizeof *all);
    rows = malloc((size_t)n * sizeof *rows);
    if (all == NULL || rows == NULL) {
        rc = 1;
        goto fn_exit;
    }
    ortho_model_layouts(o->procs, o->maxdims, all, n, &n);
    for (int i = 0; i < n && rc == 0; i++) {
        ortho_model_prediction pr;
        ortho_model_app_prediction apr;
        int err = app == NULL ? ortho_model_predict_grid_nodes(prof, op, all[i].ndims, all[i].dims,
                                                               o->bytes, o->node_size, &pr)
                              : ortho_model_app_predict(prof, *app, ap, &all[i], &apr);
        if (err != MPI_SUCCESS) {
            layout_name(&all[i], name, sizeof name);
            fprintf(stderr, "ortho-predict: the profile has no function for layout %s "
                            "(every phase's p and size must be covered)\n", name);
            rc = 1;
        }
        rows[i].layout = all[i];
        rows[i].total = app == NULL ? pr.total : apr.total;
        rows[i].index = i;
        if (i == 0)
            native = rows[i].total;
    }
    if (rc != 0)
        goto fn_exit;
    qsort(rows, (size_t)n, sizeof *rows, cmp_row);
    printf("%-4s %-12s %12s %8s  %s\n", "rank", "layout", "total [s]", "speedup",
           app == NULL ? "phases [s]" : "compute + communication [s]");
    for (int r = 0; r < n && (o->top == 0 || shown < o->top); r++, shown++) {
        const ortho_model_layout *l = &rows[r].layout;
        char speedup[32];
        layout_name(l, name, sizeof name);
        printf("%-4d %-12s %12.6g %8s  ", r + 1, l->ndims == 1 ? "native" : name, rows[r].total,
               cli_speedup_text(native, rows[r].total, speedup, sizeof speedup));
        if (app == NULL) {
            ortho_model_prediction pr;
            ortho_model_predict_grid_nodes(prof, op, l->ndims, l->dims, o->bytes, o->node_size,
                                           &pr);
            print_phases(&pr, 1.0);
            if (o->explain) {
                printf("\n");
                explain(prof, &pr);
                continue;
            }
        } else {
            ortho_model_app_prediction apr;
            ortho_model_app_predict(prof, *app, ap, l, &apr);
            printf("%.4g + %.4g = ", apr.compute, apr.comm);
            for (int k = 0; k < apr.ncolls; k++) {
                printf("%s", k ? " + " : "");
                if (apr.mult[k] != 1.0)
                    printf("%g*", apr.mult[k]);
                printf("[");
                print_phases(&apr.coll[k], 1.0);
                printf("]");
            }
        }
        printf("\n");
    }
    printf("%s\n", CLI_SPEEDUP_LEGEND);
fn_exit:
    free(rows);
    free(all);
    return rc;
}

struct cand_row {
    ortho_candidate cand;
    ortho_model_prediction pred;
    int index;
};

static int cmp_cand(const void *a, const void *b)
{
    const struct cand_row *x = a, *y = b;
    return x->pred.total < y->pred.total ? -1 : x->pred.total > y->pred.total ? 1
                                                                              : x->index - y->index;
}

/* --candidates: every candidate of ortho_candidates() for the op on p
 * processes and the node size, ranked by predicted time. */
static int run_candidates(const struct options *o, ortho_model_profile_t prof, ortho_model_op op)
{
    int rc = 0, n = 0, m = 0, shown = 0, skipped = 0;
    ortho_candidate *all = NULL;
    struct cand_row *rows = NULL;
    double native = 0.0;
    char name[ORTHO_CANDIDATE_NAME_MAX], speedup[32];
    ortho_candidates((ortho_op)op, o->procs, o->node_size, o->maxdims, NULL, 0, &n);
    all = malloc((size_t)(n > 0 ? n : 1) * sizeof *all);
    rows = malloc((size_t)(n > 0 ? n : 1) * sizeof *rows);
    if (all == NULL || rows == NULL) {
        rc = 1;
        goto fn_exit;
    }
    ortho_candidates((ortho_op)op, o->procs, o->node_size, o->maxdims, all, n, &n);
    for (int i = 0; i < n; i++) {
        int err = ortho_model_predict_candidate(prof, (ortho_op)op, o->procs, o->node_size,
                                                o->bytes, &all[i], &rows[m].pred);
        if (err == MPI_ERR_UNSUPPORTED_OPERATION) {
            skipped++;
            continue;
        }
        if (err != MPI_SUCCESS) {
            ortho_candidate_name(&all[i], name, sizeof name);
            fprintf(stderr, "ortho-predict: the profile has no function for candidate %s "
                            "(every phase's p and size must be covered)\n", name);
            rc = 1;
            goto fn_exit;
        }
        rows[m].cand = all[i];
        rows[m].index = i;
        if (all[i].variant == ORTHO_VARIANT_NATIVE)
            native = rows[m].pred.total;
        m++;
    }
    qsort(rows, (size_t)m, sizeof *rows, cmp_cand);
    printf("%-4s %-24s %12s %8s  %s\n", "rank", "candidate", "total [s]", "speedup", "phases [s]");
    for (int r = 0; r < m && (o->top == 0 || shown < o->top); r++, shown++) {
        ortho_candidate_name(&rows[r].cand, name, sizeof name);
        printf("%-4d %-24s %12.6g %8s  ", r + 1, name, rows[r].pred.total,
               cli_speedup_text(native, rows[r].pred.total, speedup, sizeof speedup));
        print_phases(&rows[r].pred, 1.0);
        printf("\n");
        if (o->explain)
            explain(prof, &rows[r].pred);
    }
    if (skipped > 0)
        printf("(%d candidate%s not composed by the model)\n", skipped, skipped > 1 ? "s" : "");
    printf("%s\n", CLI_SPEEDUP_LEGEND);
fn_exit:
    free(rows);
    free(all);
    return rc;
}

int main(int argc, char **argv)
{
    struct options o;
    int rc, found = 0;
    char msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL;
    ortho_model_op op = ORTHO_MODEL_BCAST;
    ortho_model_app app = ORTHO_MODEL_JACOBI_ROW;
    ortho_model_app_params ap;
    memset(&o, 0, sizeof o);
    memset(&ap, 0, sizeof ap);
    cli_init("ortho-predict", 1);
    rc = parse(argc, argv, &o);
    if (rc != CLI_RUN) {
        rc = cli_stop(rc, usage);
        goto fn_exit;
    }
    op = o.op;
    app = o.app;
    if (ortho_model_profile_read(o.profile, &prof, msg) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-predict: %s\n", msg);
        rc = 1;
        goto fn_exit;
    }
    printf("profile: %s (%s)\n", o.profile, ortho_model_profile_machine(prof));
    if (o.node_size < 0) { /* the node size the profile was measured on, else unknown */
        double c = 0.0;
        found = 0;
        ortho_model_profile_param(prof, "node_size", &c, &found);
        o.node_size = found && c >= 1.0 && c <= CLI_INT_MAX ? (int)c : 0;
        found = 0;
    }
    if (o.op_name != NULL) {
        printf("%s on %d processes", o.op_name, o.procs);
        if (o.node_size > 0)
            printf(" (nodes of %d)", o.node_size);
        printf(", b = %.6g bytes\n", o.bytes);
        rc = o.candidates ? run_candidates(&o, prof, op) : run(&o, prof, op, NULL, NULL);
        goto fn_exit;
    }
    ap.n = o.n;
    ap.K = o.K;
    ap.I = o.I;
    ap.elem_bytes = o.elem;
    ap.t_op = o.t_op;
    ap.t_eval = o.t_eval;
    if (!o.have_t_op)
        ortho_model_profile_param(prof, "t_op", &ap.t_op, &found);
    if (!o.have_t_op && !found) {
        fprintf(stderr, "ortho-predict: the profile has no t_op: give --t-op\n");
        rc = 2;
        goto fn_exit;
    }
    found = 0;
    if ((app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM) && !o.have_t_eval)
        ortho_model_profile_param(prof, "t_eval", &ap.t_eval, &found);
    if ((app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM) && !o.have_t_eval && !found) {
        fprintf(stderr, "ortho-predict: the profile has no t_eval: give --t-eval\n");
        rc = 2;
        goto fn_exit;
    }
    if ((app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM) && (o.K < 1 || (app == ORTHO_MODEL_PABM && o.I < 1))) {
        fprintf(stderr, "ortho-predict: %s needs --K%s\n", o.app_name, app == ORTHO_MODEL_PABM ? " and --I" : "");
        rc = 2;
        goto fn_exit;
    }
    printf("%s, n = %.6g on %d processes, t_op = %.4g s%s", o.app_name, o.n, o.procs, ap.t_op,
           app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM ? "" : "\n");
    if (app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM)
        printf(", T_eval = %.4g s, K = %d%s%.0d\n", ap.t_eval, o.K, app == ORTHO_MODEL_PABM ? ", I = " : "",
               app == ORTHO_MODEL_PABM ? o.I : 0);
    printf("time per %s\n", app == ORTHO_MODEL_PAB || app == ORTHO_MODEL_PABM ? "time step" : "iteration");
    rc = run(&o, prof, op, &app, &ap);
fn_exit:
    ortho_model_profile_free(&prof);
    return rc;
}
