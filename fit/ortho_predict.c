/* ortho-predict: predicted times from a machine profile, before running.
 *
 *   ortho-predict --profile P --op allgather --procs 96 --bytes 64K
 *       the native operation and every layout's phases and total, ranked
 *   ortho-predict --profile P --app jacobi-row --procs 96 --n 9600
 *   ortho-predict --profile P --app pabm --procs 96 --n 9600 --K 8 --I 2 --t-eval 1us
 *       the paper's application formulas, native and on every layout
 *
 * Needs no MPI start (no mpiexec). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools.h"

struct options {
    const char *profile, *op_name, *app_name;
    int procs, maxdims, top, K, I, have_t_op, have_t_eval;
    double bytes, n, t_op, t_eval, elem;
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ortho-predict --profile FILE --procs P (--op OP --bytes B | --app APP --n N) [options]\n");
    fprintf(f, "  --profile FILE   machine profile (ortho-fit output, or the paper's: %s/*.profile)\n",
            tool_profiles_dir());
    fprintf(f,
            "  --procs P        number of processes\n"
            "  --op OP          bcast, reduce, gather, scatter, allreduce, allgather\n"
            "  --bytes B        message size b (64K = 65536): the whole message for bcast, reduce,\n"
            "                   allreduce; each process's block for gather, scatter, allgather\n"
            "  --app APP        jacobi-row, jacobi-col-mb, jacobi-col-sb, pab, pabm (paper sec. 5)\n"
            "  --n N            system size; --K K stages, --I I corrector iterations (pab, pabm)\n"
            "  --t-op T         time of one arithmetic operation (e.g. 2ns; default: the profile's t_op)\n"
            "  --t-eval T       time to evaluate one component of f (pab, pabm; default: profile's t_eval)\n"
            "  --elem-bytes E   bytes per vector element in messages (default 8)\n"
            "  --max-dims D     also N-D layouts up to D dimensions (default 2)\n"
            "  --top K          print only the K best layouts (default all)\n");
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
        { "top", required_argument, NULL, 'T' },     { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 }
    };
    int c, rc = 0, one[1];
    o->maxdims = 2;
    o->elem = 8.0;
    o->bytes = -1.0;
    while (rc == 0 && (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'p': o->profile = optarg; break;
        case 'o': o->op_name = optarg; break;
        case 'a': o->app_name = optarg; break;
        case 'P': rc = tool_parse_ints(optarg, one, 1) != 1; o->procs = one[0]; break;
        case 'K': rc = tool_parse_ints(optarg, one, 1) != 1; o->K = one[0]; break;
        case 'I': rc = tool_parse_ints(optarg, one, 1) != 1; o->I = one[0]; break;
        case 'd': rc = tool_parse_ints(optarg, one, 1) != 1 || one[0] > ORTHO_GRID_MAX_DIMS; o->maxdims = one[0]; break;
        case 'T': rc = tool_parse_ints(optarg, one, 1) != 1; o->top = one[0]; break;
        case 'b': rc = ortho_model_parse_bytes(optarg, &o->bytes) != MPI_SUCCESS; break;
        case 'n': rc = ortho_model_parse_bytes(optarg, &o->n) != MPI_SUCCESS; break;
        case 'E': rc = ortho_model_parse_bytes(optarg, &o->elem) != MPI_SUCCESS; break;
        case 't': rc = ortho_model_parse_seconds(optarg, &o->t_op) != MPI_SUCCESS; o->have_t_op = 1; break;
        case 'e': rc = ortho_model_parse_seconds(optarg, &o->t_eval) != MPI_SUCCESS; o->have_t_eval = 1; break;
        case 'h': rc = 2; break;
        default: rc = 1; break;
        }
    }
    if (rc == 0 && (optind < argc || o->profile == NULL || o->procs < 1
                    || (o->op_name == NULL) == (o->app_name == NULL)
                    || (o->op_name != NULL && o->bytes < 0.0) || (o->app_name != NULL && !(o->n > 0.0))))
        rc = 1;
    return rc;
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

static void print_phases(const ortho_model_prediction *pr, double mult)
{
    for (int k = 0; k < pr->nphases; k++)
        printf("%s%s(%d, %.6gB) %.4g", k ? " + " : "", ortho_model_op_name(pr->phase[k].op),
               pr->phase[k].group, pr->phase[k].bytes, mult * pr->phase[k].seconds);
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
        int err = app == NULL
                      ? ortho_model_predict_grid(prof, op, all[i].ndims, all[i].dims, o->bytes, &pr)
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
    printf("%-4s %-12s %12s %8s  %s\n", "rank", "layout", "total [s]", "vs native",
           app == NULL ? "phases [s]" : "compute + communication [s]");
    for (int r = 0; r < n && (o->top == 0 || shown < o->top); r++, shown++) {
        const ortho_model_layout *l = &rows[r].layout;
        layout_name(l, name, sizeof name);
        printf("%-4d %-12s %12.6g %8.3f  ", r + 1, l->ndims == 1 ? "native" : name, rows[r].total,
               native / rows[r].total);
        if (app == NULL) {
            ortho_model_prediction pr;
            ortho_model_predict_grid(prof, op, l->ndims, l->dims, o->bytes, &pr);
            print_phases(&pr, 1.0);
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
    rc = parse(argc, argv, &o);
    if (rc != 0) {
        usage(rc == 2 ? stdout : stderr);
        rc = rc == 2 ? 0 : 2;
        goto fn_exit;
    }
    if ((o.op_name != NULL && ortho_model_op_from_name(o.op_name, &op) != MPI_SUCCESS)
        || (o.app_name != NULL && ortho_model_app_from_name(o.app_name, &app) != MPI_SUCCESS)) {
        fprintf(stderr, "ortho-predict: unknown %s '%s'\n", o.op_name ? "operation" : "application",
                o.op_name ? o.op_name : o.app_name);
        rc = 2;
        goto fn_exit;
    }
    if (ortho_model_profile_read(o.profile, &prof, msg) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-predict: %s\n", msg);
        rc = 1;
        goto fn_exit;
    }
    printf("profile: %s (%s)\n", o.profile, ortho_model_profile_machine(prof));
    if (o.op_name != NULL) {
        printf("%s on %d processes, b = %.6g bytes\n", o.op_name, o.procs, o.bytes);
        rc = run(&o, prof, op, NULL, NULL);
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
