/* ortho-pab: the parallel Adams methods PAB and PABM on two ODE systems, data- or
 * task-parallel, with native, orthogonal or automatic multi-broadcasts; the
 * time per step, and with --predict the paper's formulas beside it.
 *
 *   mpiexec -n 8 ortho-pab --method pabm --K 4 --I 2 --system bruss --n 8192 \
 *       --comm ortho --grid 2x4
 *   mpiexec -n 8 ortho-pab ... --predict profiles/paper-t3e-1200.profile
 *   ortho-pab --convergence         the observed orders (spectral system, exact solution)
 *   mpiexec -n 4 ortho-pab --check  every mode against a serial run
 *   ortho-pab --coeffs --K 4        abscissae, coefficients, residuals, stability
 *
 * docs/pab.md. */
#include "pab.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/cli.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ortho-pab [options]\n"
            "  --method pab|pabm     explicit PAB, or PAB + I corrector iterations (default pab)\n"
            "  --K K                 stages, 1 to %d (default 4); --I I corrector iterations,\n"
            "                        1 to %d (default 2)\n"
            "  --system bruss|spectral  sparse 2D Brusselator or dense Fourier-spectral\n"
            "                        (default bruss)\n"
            "  --n N                 system size, 1 to %d (default 8192 bruss, 1024 spectral)\n"
            "  --impl data|task      stages one after another on all processes, or on K groups\n"
            "                        (default data)\n"
            "  --comm native|ortho|auto  multi-broadcast: MPI_Allgather(v), ortho_2d_allgather(v),\n"
            "                        or the library's drop-in (default native)\n"
            "  --grid PxQ            ortho layout (task: of each group); default balanced\n"
            "  --h H                 step size, above 0 (default from the stability boundary)\n"
            "  --steps S             timed steps, 0 to %d (default 10); --warmup W untimed steps\n"
            "                        first (default 1)\n"
            "  --exact-start         starting values from the exact solution (spectral)\n"
            "  --predict PROFILE     the paper's formulas beside the measurement\n"
            "  --t-op T --t-eval T   for --predict, e.g. 2ns (default: measured by the program)\n"
            "  -o, --output FILE     the final step point, one value per line (checked first)\n"
            "  --flops               SMPI build: charge the computation as flops at the node\n"
            "                        speed\n"
            "  --check               every implementation and mode against a serial run\n"
            "  --convergence         observed orders on the spectral system (--n, default 16)\n"
            "  --coeffs              abscissae, coefficients, residuals, stability boundaries\n"
            "  -h, --help            this text; --version: the library's version\n",
            PAB_MAX_K, CLI_INT_MAX, INT_MAX, CLI_INT_MAX);
}

static int parse_grid(const char *option, const char *text, int dims[2])
{
    int a = 0, b = 0;
    if (strspn(text, "0123456789x") != strlen(text) || sscanf(text, "%dx%d", &a, &b) != 2
        || a < 1 || b < 1)
        return cli_bad(option, text, "a layout PxQ, e.g. 4x6");
    dims[0] = a;
    dims[1] = b;
    return 0;
}

/* CLI_RUN, CLI_BAD (said), CLI_HELP, CLI_VERSION. */
static int parse(int argc, char **argv, pab_opts *o)
{
    enum { O_VERSION = 256 };
    static const struct option longopts[] = {
        { "method", required_argument, NULL, 'm' }, { "K", required_argument, NULL, 'K' },
        { "I", required_argument, NULL, 'I' },      { "system", required_argument, NULL, 's' },
        { "n", required_argument, NULL, 'n' },      { "impl", required_argument, NULL, 'i' },
        { "comm", required_argument, NULL, 'c' },   { "grid", required_argument, NULL, 'g' },
        { "h", required_argument, NULL, 'H' },      { "steps", required_argument, NULL, 'S' },
        { "warmup", required_argument, NULL, 'W' }, { "exact-start", no_argument, NULL, 'x' },
        { "predict", required_argument, NULL, 'p' }, { "t-op", required_argument, NULL, 't' },
        { "t-eval", required_argument, NULL, 'e' }, { "output", required_argument, NULL, 'o' },
        { "check", no_argument, NULL, 'C' },        { "convergence", no_argument, NULL, 'V' },
        { "coeffs", no_argument, NULL, 'F' },       { "flops", no_argument, NULL, 'f' },
        { "help", no_argument, NULL, 'h' },         { "version", no_argument, NULL, O_VERSION },
        { NULL, 0, NULL, 0 }
    };
    static const char *const methods[] = { "pab", "pabm" };
    static const char *const impls[] = { "data", "task" };
    static const char *const systems[] = { "bruss", "spectral" };
    static const char *const comms[] = { "native", "ortho", "auto" };
    int c, rc = 0, li = -1, index = 0;
    memset(o, 0, sizeof *o);
    o->cfg.K = 4;
    o->cfg.I = 2;
    o->cfg.steps = 10;
    o->cfg.warmup = 1;
    o->t_op = o->t_eval = -1.0;
    opterr = 0;
    while (rc == 0 && (c = getopt_long(argc, argv, ":o:h", longopts, &li)) != -1) {
        const char *opt = cli_option(longopts, li, c);
        li = -1;
        switch (c) {
        case 'm':
            rc = cli_word(opt, optarg, methods, 2, &index) != 0;
            o->cfg.method = index == 1 ? PAB_METHOD_PABM : PAB_METHOD_PAB;
            break;
        case 'K': rc = cli_int(opt, optarg, 1, PAB_MAX_K, &o->cfg.K) != 0; break;
        case 'I': rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->cfg.I) != 0; break;
        case 's':
            rc = cli_word(opt, optarg, systems, 2, &index) != 0
                 || pab_system_from_name(optarg, &o->sys) != 0;
            break;
        case 'n': rc = cli_int(opt, optarg, 1, INT_MAX, &o->n) != 0; break;
        case 'i':
            rc = cli_word(opt, optarg, impls, 2, &index) != 0;
            o->cfg.impl = index == 1 ? PAB_IMPL_TASK : PAB_IMPL_DATA;
            break;
        case 'c':
            rc = cli_word(opt, optarg, comms, 3, &index) != 0
                 || pab_comm_from_name(optarg, &o->cfg.comm) != 0;
            break;
        case 'g': rc = parse_grid(opt, optarg, o->cfg.dims) != 0; break;
        case 'H':
            rc = cli_number(opt, optarg, 0.0, INFINITY, &o->cfg.h) != 0;
            if (rc == 0 && !(o->cfg.h > 0.0))
                rc = cli_bad(opt, optarg, "a step size above 0") != 0;
            break;
        case 'S': rc = cli_int(opt, optarg, 0, CLI_INT_MAX, &o->cfg.steps) != 0; break;
        case 'W': rc = cli_int(opt, optarg, 0, CLI_INT_MAX, &o->cfg.warmup) != 0; break;
        case 'x': o->cfg.exact_start = 1; break;
        case 'p': o->profile = optarg; break;
        case 't': rc = cli_seconds(opt, optarg, 0.0, INFINITY, &o->t_op) != 0; break;
        case 'e': rc = cli_seconds(opt, optarg, 0.0, INFINITY, &o->t_eval) != 0; break;
        case 'o': o->output = optarg; break;
        case 'C': o->check = 1; break;
        case 'V': o->convergence = 1; break;
        case 'F': o->coeffs = 1; break;
        case 'f': o->cfg.charge_flops = 1; break;
        case 'h': return CLI_HELP;
        case O_VERSION: return CLI_VERSION;
        default: return cli_getopt_error(c, argv);
        }
    }
    if (rc != 0)
        return CLI_BAD;
    if (optind < argc)
        return cli_extra_argument(argv[optind]);
    if (o->cfg.charge_flops && !pab_charge_available())
        return cli_missing("--flops needs the SMPI build (make SMPI=1)");
    if (o->n == 0)
        o->n = o->convergence ? 16 : o->sys == PAB_SYS_BRUSS ? 8192 : 1024;
    o->cfg.calibrate = o->profile != NULL;
    return CLI_RUN;
}

static void print_coeffs(const pab_coefs *co, int I)
{
    int K = co->K;
    printf("K = %d, Radau IIA abscissae c:", K);
    for (int i = 0; i < K; i++)
        printf(" %.15g", co->c[i]);
    printf("\nPAB  y_{n+1,i} = y_{n,K} + h sum_j bp_ij f_{n,j}   (order K = %d)\n", K);
    for (int i = 0; i < K; i++) {
        printf("  bp[%d]:", i);
        for (int j = 0; j < K; j++)
            printf(" %12.6g", co->bp[i][j]);
        printf("\n");
    }
    printf("PAM  y_{n+1,i} = y_{n,K} + h sum_j bc_ij f_{n,j} + h d_i f_{n+1,i}   (order K+1 = %d)\n", K + 1);
    for (int i = 0; i < K; i++) {
        printf("  bc[%d]:", i);
        for (int j = 0; j < K; j++)
            printf(" %12.6g", co->bc[i][j]);
        printf("   d = %.6g\n", co->d[i]);
    }
    printf("order conditions, largest relative residual: PAB %.1e, PAM %.1e\n", co->res_pab, co->res_pam);
    printf("real stability boundary (h*lambda): PAB %.3f, PABM I=%d %.3f\n",
           pab_coefs_stability(co, 0, I), I, pab_coefs_stability(co, 1, I));
}

static void print_run(const pab_opts *o, const pab_ode *ode, int p, const pab_result *res)
{
    const pab_cfg *c = &o->cfg;
    char lay[64];
    double err = -1.0;
    double *ex = malloc((size_t)ode->n * sizeof *ex);
    if (ex != NULL && res->y != NULL && pab_ode_exact(ode, res->t_end, 0, ode->n, ex))
        for (int i = 0; i < ode->n; i++)
            err = fmax(err, fabs(res->y[i] - ex[i]));
    free(ex);
    printf("pab: %s K=%d", c->method == PAB_METHOD_PAB ? "PAB" : "PABM", c->K);
    if (c->method == PAB_METHOD_PABM)
        printf(" I=%d", c->I);
    printf(", %s n=%d", pab_system_name(o->sys), ode->n);
    if (o->sys == PAB_SYS_BRUSS)
        printf(" (%dx%d points)", ode->nx, ode->ny);
    printf(", h=%.3g, %d processes, ", c->h, p);
    if (c->impl == PAB_IMPL_TASK)
        printf("task-parallel (%d groups of %d), ", res->groups, p / res->groups);
    else
        printf("data-parallel, ");
    printf("%s (%s", pab_comm_name(c->comm), pab_layout_text(res->ndims, res->dims, lay, sizeof lay));
    if (res->why != NULL)
        printf(": %s", res->why);
    printf(")");
    printf("\nsteps %d (+%d warm-up): %.6g s per step, communication %.6g s (%.0f%%)\n", c->steps,
           c->warmup, res->step_s, res->comm_s, res->step_s > 0.0 ? 100.0 * res->comm_s / res->step_s : 0.0);
    if (err >= 0.0)
        printf("final value at t = %.6g: max error against the exact solution %.3e\n", res->t_end, err);
    else if (res->y != NULL)
        printf("final value at t = %.6g: y[0] = %.15g, y[n-1] = %.15g\n", res->t_end, res->y[0],
               res->y[ode->n - 1]);
}

static int write_output(const char *path, const double *y, int n)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        fprintf(f, "%.17g\n", y[i]);
    return fclose(f) == 0 ? 0 : -1;
}

static int run(const pab_opts *o, int rank, int p)
{
    int err, rc = 0;
    char msg[PAB_MSG_MAX];
    pab_coefs co;
    pab_ode ode;
    pab_opts oo = *o;
    pab_result res;
    if (pab_coefs_compute(o->cfg.K, &co, msg) != 0 || pab_ode_init(o->sys, o->n, &ode, msg) != 0) {
        if (rank == 0)
            fprintf(stderr, "ortho-pab: %s\n", msg);
        return 1;
    }
    if (oo.cfg.h == 0.0)
        oo.cfg.h = pab_default_h(&ode, &co, &oo.cfg);
    err = pab_solve(MPI_COMM_WORLD, &ode, &co, &oo.cfg, &res, msg);
    if (err != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-pab: %s\n", msg);
        rc = 1;
    } else if (rank == 0) {
        print_run(&oo, &ode, p, &res);
        if (o->profile != NULL && pab_predict_print(&oo, p, &res) != 0)
            rc = 1;
        if (o->output != NULL && write_output(o->output, res.y, ode.n) != 0) {
            fprintf(stderr, "ortho-pab: cannot write %s: %s\n", o->output, strerror(errno));
            rc = 1;
        }
    }
    free(res.y);
    pab_ode_free(&ode);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return rc;
}

int main(int argc, char **argv)
{
    int rank, p, rc;
    pab_opts o;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    /* errors come back as codes, also those the library raises on
     * MPI_COMM_SELF (the model only returns its own) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    cli_init("ortho-pab", rank == 0);
    rc = parse(argc, argv, &o);
    if (rc == CLI_RUN && o.output != NULL) {
        int bad = rank == 0 && cli_output_check(o.output) != 0;
        MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
        rc = bad ? CLI_BAD : CLI_RUN;
    }
    if (rc != CLI_RUN) {
        rc = cli_stop(rc, usage);
    } else if (o.coeffs) {
        pab_coefs co;
        char msg[PAB_MSG_MAX];
        rc = pab_coefs_compute(o.cfg.K, &co, msg) != 0;
        if (rank == 0) {
            if (rc)
                fprintf(stderr, "ortho-pab: %s\n", msg);
            else
                print_coeffs(&co, o.cfg.I);
        }
    } else if (o.check) {
        rc = pab_check(MPI_COMM_WORLD) != 0;
    } else if (o.convergence) {
        rc = pab_convergence(MPI_COMM_WORLD, &o) != 0;
    } else {
        rc = run(&o, rank, p);
    }
    MPI_Finalize();
    return rc;
}
