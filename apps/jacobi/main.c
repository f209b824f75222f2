/* ortho-jacobi: the Jacobi iteration of the paper's sec. 5.1 on a generated dense
 * system, in three data-parallel variants with native, orthogonal or
 * automatic communication; times per iteration split into computation and
 * communication, optionally beside the model's prediction (eqs. (3)-(5)).
 *
 *   mpiexec -n 4 ortho-jacobi --check
 *   jacobi -n 9600 --variant row --comm native,ortho --grid 4x12 --predict P
 *
 * See docs/jacobi.md. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/cli.h"
#include "jacobi.h"

#define MAX_LAYOUTS 64
#define CHECK_MAX_N 4096

struct options {
    int n;
    unsigned variants;      /* bit per enum jacobi_variant */
    unsigned modes;         /* bit per enum jacobi_mode */
    int nlayouts;           /* --grid: 0 = balanced */
    ortho_model_layout layouts[MAX_LAYOUTS];
    int all_layouts;
    struct jacobi_run_opts run;
    const char *profile;
    double t_op;            /* given; < 0: measured in the run */
    int t_op_profile;       /* 1: the profile's param t_op */
    int check;
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ortho-jacobi [options]   (run under mpiexec)\n"
            "  -n N               system size, P to 100000000 (default 2000)\n"
            "  --variant LIST     row, col-mb, col-sb or all (default all)\n"
            "  --comm LIST        native (MPI_*), ortho (ortho_2d_/ortho_nd_ on --grid), auto\n"
            "                     (ortho_allgather, ...: the library's layout, e.g. ORTHO_GRID)\n"
            "                     or all (default native,ortho,auto)\n"
            "  --grid LIST        layouts for ortho: 4x6, 2x24,4x12, 2x4x6 (N-D), or all (every\n"
            "                     2D layout); default a balanced 2D one. A layout that does not\n"
            "                     divide p gives an uneven grid (marked *)\n"
            "  --tol T            stop when max |x_k - x_{k-1}| <= T, T >= 0 (default 1e-10)\n"
            "  --maxit K          at most K iterations, 1 to %d (default 200)\n"
            "  --predict PROFILE  the model's prediction beside each run (eqs. (3)-(5))\n"
            "  --t-op T           time of one arithmetic operation for the prediction (2ns),\n"
            "                     or 'profile' (its param t_op); default measured in the run\n"
            "  --check            compare with a sequential Jacobi on rank 0 (n <= %d)\n"
            "  --sim-t-op T       SimGrid builds: charge each arithmetic operation T seconds\n"
            "                     of simulated time (1.25ns: one flop at 800 Mflop/s)\n"
            "  -h, --help         this text; --version: the library's version\n"
            "Times per iteration in ms; speedup = t_native / t of the same variant (above\n"
            "1x faster than native).\n",
            CLI_INT_MAX, CHECK_MAX_N);
}

static int parse_layouts(const char *option, const char *text, struct options *o)
{
    char buf[512];
    if (strcmp(text, "all") == 0) {
        o->all_layouts = 1;
        return 0;
    }
    if (strlen(text) >= sizeof buf)
        return cli_bad(option, "(a long list)", "at most %zu characters", sizeof buf - 1);
    strcpy(buf, text);
    o->nlayouts = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save)) {
        if (o->nlayouts == MAX_LAYOUTS || jacobi_parse_layout(tok, &o->layouts[o->nlayouts]) != 0)
            return cli_bad(option, text, "layouts such as 4x6,2x24 or 2x4x6, or all (at most %d)",
                           MAX_LAYOUTS);
        o->nlayouts++;
    }
    return o->nlayouts > 0 ? 0 : cli_bad(option, text, "layouts such as 4x6,2x24, or all");
}

/* CLI_RUN, CLI_BAD (said), CLI_HELP, CLI_VERSION. */
static int parse(int argc, char **argv, struct options *o)
{
    enum { O_VERSION = 256 };
    static const char *const variants[] = { "row", "col-mb", "col-sb" };
    static const char *const modes[] = { "native", "ortho", "auto" };
    static const struct option longopts[] = {
        { "variant", required_argument, NULL, 'v' }, { "comm", required_argument, NULL, 'c' },
        { "grid", required_argument, NULL, 'g' },    { "tol", required_argument, NULL, 't' },
        { "maxit", required_argument, NULL, 'k' },   { "predict", required_argument, NULL, 'p' },
        { "t-op", required_argument, NULL, 'o' },    { "check", no_argument, NULL, 'C' },
        { "sim-t-op", required_argument, NULL, 'S' }, { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, O_VERSION }, { NULL, 0, NULL, 0 }
    };
    int ch, rc = 0, li = -1;
    memset(o, 0, sizeof *o);
    o->n = 2000;
    o->variants = 7;
    o->modes = 7;
    o->run.tol = 1e-10;
    o->run.maxit = 200;
    o->t_op = -1.0;
    opterr = 0;
    while (rc == 0 && (ch = getopt_long(argc, argv, ":n:h", longopts, &li)) != -1) {
        const char *opt = cli_option(longopts, li, ch);
        li = -1;
        switch (ch) {
        case 'n': rc = cli_int(opt, optarg, 1, 100000000, &o->n) != 0; break;
        case 'v': rc = cli_words(opt, optarg, variants, 3, "all", 7, &o->variants) != 0; break;
        case 'c': rc = cli_words(opt, optarg, modes, 3, "all", 7, &o->modes) != 0; break;
        case 'g': rc = parse_layouts(opt, optarg, o) != 0; break;
        case 't': rc = cli_number(opt, optarg, 0.0, INFINITY, &o->run.tol) != 0; break;
        case 'k': rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->run.maxit) != 0; break;
        case 'p': o->profile = optarg; break;
        case 'o':
            o->t_op_profile = strcmp(optarg, "profile") == 0;
            if (!o->t_op_profile && ortho_model_parse_seconds(optarg, &o->t_op) != MPI_SUCCESS)
                rc = cli_bad(opt, optarg, "a time such as 2ns (s, ms, us, ns), or 'profile'") != 0;
            else if (!o->t_op_profile)
                rc = cli_seconds(opt, optarg, 0.0, INFINITY, &o->t_op) != 0;
            break;
        case 'C': o->check = 1; break;
        case 'S':
            if (!jacobi_simulated())
                rc = cli_missing("--sim-t-op needs a SimGrid build (make SMPI=1)") != 0;
            else
                rc = cli_seconds(opt, optarg, 1e-15, INFINITY, &o->run.sim_t_op) != 0;
            break;
        case 'h': return CLI_HELP;
        case O_VERSION: return CLI_VERSION;
        default: return cli_getopt_error(ch, argv);
        }
    }
    if (rc != 0)
        return CLI_BAD;
    return optind < argc ? cli_extra_argument(argv[optind]) : CLI_RUN;
}

/* The layouts the ortho mode runs: --grid, every 2D layout, or balanced. */
static int ortho_layouts(const struct options *o, int p, ortho_model_layout out[])
{
    int count = 0;
    if (o->all_layouts) {
        for (int d = 1; d <= p && count < MAX_LAYOUTS; d++)
            if (p % d == 0 && d > 1 && d < p) {
                out[count].ndims = 2;
                out[count].dims[0] = d;
                out[count++].dims[1] = p / d;
            }
        return count;
    }
    if (o->nlayouts > 0) {
        memcpy(out, o->layouts, (size_t)o->nlayouts * sizeof out[0]);
        return o->nlayouts;
    }
    out[0].ndims = 2;
    out[0].dims[0] = out[0].dims[1] = 0;
    MPI_Dims_create(p, 2, out[0].dims);
    return 1;
}

/* What rank 0 keeps across runs: the last sequential solution (--check),
 * the failed checks, whether an uneven grid was shown. */
struct checker {
    double *x;
    int iters;      /* iterations of x; -1: none yet */
    int failures;
    int uneven;
};

static double check_against(struct checker *ck, int n, int iters, const double x[])
{
    double diff = 0.0, scale = 1.0;
    if (ck->iters != iters) {
        if (jacobi_sequential(n, iters, ck->x) != 0)
            return INFINITY;
        ck->iters = iters;
    }
    for (int i = 0; i < n; i++) {
        diff = fmax(diff, fabs(x[i] - ck->x[i]));
        scale = fmax(scale, fabs(ck->x[i]));
    }
    return diff / scale;
}

static void print_header(const struct options *o, int p, ortho_model_profile_t prof)
{
    printf("jacobi: n = %d on %d processes, tol %g, at most %d iterations\n", o->n, p,
           o->run.tol, o->run.maxit);
    printf("A: a_ij in [0,1), a_ii = 2n; b_i in [n,2n); x_0 = 0; times per iteration [ms]; "
           "speedup = t_native / t (above 1x faster than native)\n");
    if (o->run.sim_t_op > 0.0)
        printf("simulated computation: %g ns per arithmetic operation\n", 1e9 * o->run.sim_t_op);
    if (prof != NULL && o->t_op_profile) {
        double t_op;
        int found = 0;
        ortho_model_profile_param(prof, "t_op", &t_op, &found);
        if (!found)
            printf("model: the profile has no t_op: no predictions\n");
    }
    if (prof != NULL)
        printf("model: %s (%s); t_op %s\n", o->profile, ortho_model_profile_machine(prof),
               o->t_op_profile ? "from the profile"
               : o->t_op >= 0  ? "given"
                               : "measured in each run (its first, untimed product)");
    printf("%-7s %-12s %5s %9s %10s %9s %9s %8s", "variant", "comm", "iters", "rel.res",
           "total", "compute", "comm", "speedup");
    if (prof != NULL)
        printf(" | %10s %9s %9s %7s %8s", "predicted", "compute", "comm", "dev", "t_op[ns]");
    if (o->check)
        printf(" | check");
    printf("\n");
}

/* The model's layout for a grid's: extents of 1 dropped (p x 1 is native p). */
static ortho_model_layout model_layout(const ortho_model_layout *grid)
{
    ortho_model_layout l;
    memset(&l, 0, sizeof l);
    for (int i = 0; i < grid->ndims; i++)
        if (grid->dims[i] > 1)
            l.dims[l.ndims++] = grid->dims[i];
    if (l.ndims == 0)
        l.dims[l.ndims++] = 1;
    return l;
}

/* Predicted time of run r (rank 0): formula (3), (4) or (5) with each
 * collective on its layout. Returns MPI_SUCCESS or an error code (also for
 * uneven grids, which the model does not cover). */
static int predict(ortho_model_profile_t prof, const struct options *o, enum jacobi_variant v,
                   const struct jacobi_comm *c, const struct jacobi_result *r,
                   ortho_model_app_prediction *pred, double *t_op)
{
    ortho_model_app_params a;
    ortho_model_layout l0 = model_layout(&c->layout[0]), l1 = model_layout(&c->layout[1]);
    int found = 1, err = MPI_SUCCESS;
    memset(&a, 0, sizeof a);
    a.n = o->n;
    a.elem_bytes = sizeof(double);
    a.t_op = o->t_op >= 0.0 ? o->t_op : r->t_op;
    if (o->t_op_profile)
        err = ortho_model_profile_param(prof, "t_op", &a.t_op, &found);
    *t_op = a.t_op;
    if (err == MPI_SUCCESS && (!found || c->uneven))
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = ortho_model_app_predict(prof, jacobi_variant_app(v), &a, &l0, pred);
    if (err == MPI_SUCCESS && pred->ncolls == 2 && memcmp(&l0, &l1, sizeof l0) != 0) {
        ortho_model_app_prediction second; /* the second collective on its own layout */
        err = ortho_model_app_predict(prof, jacobi_variant_app(v), &a, &l1, &second);
        pred->coll[1] = second.coll[1];
        pred->comm = pred->coll[0].total + pred->coll[1].total;
        pred->total = pred->compute + pred->comm;
    }
    return err;
}

static void print_run(const struct options *o, ortho_model_profile_t prof, enum jacobi_variant v,
                      const struct jacobi_comm *c, const struct jacobi_result *r,
                      double t_native, double check_err)
{
    char vs[32] = "-";
    if (c->mode != JACOBI_NATIVE)
        cli_speedup_text(t_native, r->t_iter, vs, sizeof vs);
    printf("%-7s %-12s %5d %9.2e %10.4g %9.4g %9.4g %8s", jacobi_variant_name(v), c->name,
           r->iters, r->residual, 1e3 * r->t_iter, 1e3 * r->t_comp, 1e3 * r->t_comm, vs);
    if (prof != NULL) {
        ortho_model_app_prediction pred;
        double t_op;
        if (predict(prof, o, v, c, r, &pred, &t_op) == MPI_SUCCESS)
            printf(" | %10.4g %9.4g %9.4g %+6.1f%% %8.3g", 1e3 * pred.total, 1e3 * pred.compute,
                   1e3 * pred.comm, 100.0 * (r->t_iter - pred.total) / pred.total, 1e9 * t_op);
        else
            printf(" | %10s %9s %9s %7s %8s", "-", "-", "-", "-", "-");
    }
    if (o->check)
        printf(" | %s %.1e", check_err <= 1e-12 ? "ok" : "FAILED", check_err);
    printf("\n");
    fflush(stdout);
}

/* Every run of variant v; returns an MPI error code. */
static int run_variant(const struct options *o, enum jacobi_variant v, ortho_model_profile_t prof,
                       struct checker *ck)
{
    int p, rank, err = MPI_SUCCESS, nlay;
    struct jacobi_system sys;
    ortho_model_layout layouts[MAX_LAYOUTS];
    double *x = malloc((size_t)o->n * sizeof *x), t_native = 0.0;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (x == NULL || jacobi_system_create(&sys, v, o->n, MPI_COMM_WORLD) != 0) {
        free(x);
        return MPI_ERR_NO_MEM;
    }
    nlay = ortho_layouts(o, p, layouts);
    for (int m = JACOBI_NATIVE; m <= JACOBI_AUTO && err == MPI_SUCCESS; m++) {
        int runs = m == JACOBI_ORTHO ? nlay : 1;
        if (!(o->modes & (1u << m)))
            continue;
        for (int l = 0; l < runs && err == MPI_SUCCESS; l++) {
            struct jacobi_comm c;
            struct jacobi_result r;
            double check_err = 0.0;
            err = jacobi_comm_init(&c, (enum jacobi_mode)m, v, o->n, &layouts[l], MPI_COMM_WORLD);
            if (err != MPI_SUCCESS)
                break;
            err = jacobi_iterate(&sys, &c, &o->run, x, &r);
            if (m == JACOBI_NATIVE)
                t_native = r.t_iter;
            if (err == MPI_SUCCESS && rank == 0) {
                if (o->check) {
                    check_err = check_against(ck, o->n, r.iters, x);
                    ck->failures += !(check_err <= 1e-12);
                }
                print_run(o, prof, v, &c, &r, t_native, check_err);
                ck->uneven |= c.uneven;
            }
            jacobi_comm_free(&c);
        }
    }
    jacobi_system_free(&sys);
    free(x);
    return err;
}

int main(int argc, char **argv)
{
    struct options o;
    int rank, p, rc, err = MPI_SUCCESS, failures = 0;
    ortho_model_profile_t prof = NULL;
    struct checker ck = { NULL, -1, 0, 0 };
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    /* Errors without a communicator come back as codes (the library
     * raises them on MPI_COMM_SELF; the model only returns its own): a
     * prediction it cannot make prints "-", it does not abort the run. */
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    cli_init("ortho-jacobi", rank == 0);
    rc = parse(argc, argv, &o);
    if (rc != CLI_RUN) {
        rc = cli_stop(rc, usage);
        MPI_Finalize();
        return rc;
    }
    if (o.n < p || (o.check && o.n > CHECK_MAX_N)) {
        char text[32];
        snprintf(text, sizeof text, "%d", o.n);
        if (o.n < p)
            cli_bad("-n", text, "at least one equation per process (n >= %d)", p);
        else
            cli_bad("-n", text, "at most %d with --check (the sequential solve)", CHECK_MAX_N);
        MPI_Finalize();
        return CLI_EXIT_USAGE;
    }
    if (rc == 0 && rank == 0 && o.profile != NULL) {
        char msg[ORTHO_MODEL_MSG_MAX];
        if (ortho_model_profile_read(o.profile, &prof, msg) != MPI_SUCCESS) {
            fprintf(stderr, "ortho-jacobi: %s\n", msg);
            rc = 1;
        }
    }
    if (rc == 0 && rank == 0 && o.check) {
        ck.x = malloc((size_t)o.n * sizeof *ck.x);
        rc = ck.x == NULL;
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc != 0)
        goto fn_exit;
    if (rank == 0)
        print_header(&o, p, prof);
    for (int v = 0; v < JACOBI_NVARIANTS && err == MPI_SUCCESS; v++)
        if (o.variants & (1u << v))
            err = run_variant(&o, (enum jacobi_variant)v, prof, &ck);
    failures = ck.failures + (err != MPI_SUCCESS);
    MPI_Bcast(&failures, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0 && ck.uneven)
        printf("*: an uneven grid (the box has empty places: ortho_grid_create_uneven); "
               "the model does not cover it\n");
    if (rank == 0 && o.check)
        printf("check: %s (each x against a sequential Jacobi of as many iterations, "
               "max |x - x_seq| / max(1, |x_seq|) <= 1e-12)\n",
               failures == 0 ? "all runs agree" : "FAILED");
    rc = failures != 0;
fn_exit:
    free(ck.x);
    ortho_model_profile_free(&prof);
    MPI_Finalize();
    return rc;
}
