/* ortho-fit: measure the native collectives on groups of every size the
 * layouts of p need, fit runtime functions, write a machine profile.
 *
 *   mpiexec -n 8 ortho-fit -o machine.profile [--plot DIR] [options]
 *
 * Progress goes to stderr (rank 0), the profile to the -o file. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tools/cli.h"
#include "tools.h"

#define MAX_LIST 64

/* Pieces of one native's function at most (its algorithm switches). */
#define FIT_MAX_PIECES 4

struct options {
    const char *out, *plot, *samples, *machine;
    const char *native_priors;          /* mpich, ompi, none or auto */
    ortho_model_native_lib priors_lib;  /* what auto found, or the name */
    double sizes[MAX_LIST];
    int nsizes, groups[MAX_LIST], ngroups, quiet, node_size, no_nodes;
    int eager_limit; /* measured (ortho_measure_eager): a breakpoint in b */
    ortho_measure_opts measure;
    ortho_model_fit_opts fit;
};

/* A fitted function is poor, and ortho-fit says so, when a coefficient
 * is negative, R2 is below this, or the held-out error above that. */
#define POOR_R2 0.9
#define POOR_HELD_OUT 0.25

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpiexec -n P ortho-fit [options]\n"
            "Times MPI_Bcast, _Reduce, _Gather, _Scatter, _Allreduce, _Allgather on concurrent\n"
            "groups of every divisor of P, fits runtime functions, writes a profile.\n"
            "  -o, --output FILE     profile to write (default ortho.profile; --out is the same)\n"
            "      --sizes LIST      message sizes b, 1 to 1G each, e.g. 256,1K,64K\n"
            "                        (default 256,2K,16K,128K)\n"
            "      --groups LIST     group sizes that divide P (default: every divisor >= 2)\n"
            "      --ops LIST        bcast,reduce,gather,scatter,allreduce,allgather or all\n"
            "                        (default all)\n"
            "      --reps N|MIN..MAX repetitions per point, 1 to %d (default 3..10; also\n"
            "                        --min-reps N, --max-reps N)\n"
            "      --rse X           stop a point when the relative standard error is below X,\n"
            "                        0 to 1 (default 0.05)\n"
            "      --point-seconds S seconds per point at most, 0 = no limit (default 0.1;\n"
            "                        --max-time is the same)\n"
            "      --folds N         held-out folds for choosing a form, 2 to 100 (default 5)\n"
            "      --no-splits       one function per operation (no breakpoints in p or b)\n"
            "      --native-priors L mpich, ompi, none or auto: the native library's known\n"
            "                        algorithm switches offered as breakpoints (default auto:\n"
            "                        the library MPI_Get_library_version names; none under SMPI)\n"
            "      --node-size C     processes per node, blocks of consecutive ranks, 1 to %d\n"
            "                        (default: as MPI_Comm_split_type finds the nodes)\n"
            "      --no-nodes        do not time groups spread over nodes (no where=node,\n"
            "                        where=net functions, no sharing factors)\n"
            "      --absolute        plain least squares (default: relative, weights 1/t^2)\n"
            "      --machine TEXT    machine description for the profile\n"
            "      --samples FILE    also write the measured samples (op p bytes seconds)\n"
            "      --plot DIR        draw measured vs fitted as DIR/OP.png with gnuplot\n"
            "  -q, --quiet           no progress lines (warnings still)\n"
            "  -h, --help            this text; --version: the library's version\n"
            "The output files are checked before anything is measured. A function whose fit\n"
            "is poor (a negative coefficient, R2 below %.2f or held-out error above %.0f%%) gets\n"
            "a warning; nothing fitted at all: exit 1 and no profile written.\n",
            CLI_INT_MAX, CLI_INT_MAX, POOR_R2, 100.0 * POOR_HELD_OUT);
}

static int parse(int argc, char **argv, struct options *o)
{
    enum { O_SIZES = 256, O_GROUPS, O_OPS, O_REPS, O_MIN_REPS, O_MAX_REPS, O_RSE, O_POINT,
           O_FOLDS, O_NO_SPLITS, O_ABSOLUTE, O_MACHINE, O_SAMPLES, O_PLOT, O_VERSION,
           O_NODE_SIZE, O_NO_NODES, O_NATIVE_PRIORS };
    static const struct option longopts[] = {
        { "output", required_argument, NULL, 'o' },    { "out", required_argument, NULL, 'o' },
        { "sizes", required_argument, NULL, O_SIZES }, { "groups", required_argument, NULL, O_GROUPS },
        { "ops", required_argument, NULL, O_OPS },     { "reps", required_argument, NULL, O_REPS },
        { "min-reps", required_argument, NULL, O_MIN_REPS },
        { "max-reps", required_argument, NULL, O_MAX_REPS },
        { "rse", required_argument, NULL, O_RSE },
        { "point-seconds", required_argument, NULL, O_POINT },
        { "max-time", required_argument, NULL, O_POINT },
        { "folds", required_argument, NULL, O_FOLDS }, { "no-splits", no_argument, NULL, O_NO_SPLITS },
        { "absolute", no_argument, NULL, O_ABSOLUTE }, { "machine", required_argument, NULL, O_MACHINE },
        { "samples", required_argument, NULL, O_SAMPLES }, { "plot", required_argument, NULL, O_PLOT },
        { "quiet", no_argument, NULL, 'q' },           { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, O_VERSION },
        { "node-size", required_argument, NULL, O_NODE_SIZE },
        { "no-nodes", no_argument, NULL, O_NO_NODES },
        { "native-priors", required_argument, NULL, O_NATIVE_PRIORS }, { NULL, 0, NULL, 0 }
    };
    int c, rc = 0, li = -1;
    o->out = "ortho.profile";
    o->native_priors = "auto";
    o->measure = ortho_measure_opts_default();
    o->fit = ortho_model_fit_opts_default();
    o->nsizes = o->measure.nsizes;
    memcpy(o->sizes, o->measure.sizes, (size_t)o->nsizes * sizeof o->sizes[0]);
    opterr = 0;
    while (rc == 0 && (c = getopt_long(argc, argv, ":o:qh", longopts, &li)) != -1) {
        const char *opt = cli_option(longopts, li, c);
        li = -1;
        switch (c) {
        case 'o': o->out = optarg; break;
        case O_SIZES:
            rc = cli_sizes(opt, optarg, 1.0, 1073741824.0, o->sizes, MAX_LIST, &o->nsizes) != 0;
            break;
        case O_GROUPS:
            rc = cli_ints(opt, optarg, 1, CLI_INT_MAX, o->groups, MAX_LIST, &o->ngroups) != 0;
            break;
        case O_OPS: rc = cli_ops(opt, optarg, ORTHO_MODEL_NOPS, &o->measure.ops) != 0; break;
        case O_REPS:
            rc = cli_reps(opt, optarg, &o->measure.min_reps, &o->measure.max_reps) != 0;
            break;
        case O_MIN_REPS:
            rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->measure.min_reps) != 0;
            break;
        case O_MAX_REPS:
            rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->measure.max_reps) != 0;
            break;
        case O_FOLDS: rc = cli_int(opt, optarg, 2, 100, &o->fit.nfolds) != 0; break;
        case O_RSE: rc = cli_number(opt, optarg, 0.0, 1.0, &o->measure.rel_se) != 0; break;
        case O_POINT:
            rc = cli_seconds(opt, optarg, 0.0, INFINITY, &o->measure.max_seconds) != 0;
            break;
        case O_NO_SPLITS: o->fit.splits = 0; break;
        case O_NODE_SIZE: rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->node_size) != 0; break;
        case O_NO_NODES: o->no_nodes = 1; break;
        case O_NATIVE_PRIORS:
            if (strcmp(optarg, "auto") != 0
                && ortho_model_native_lib_from_name(optarg, &o->priors_lib) != MPI_SUCCESS)
                rc = cli_bad(opt, optarg, "mpich, ompi, none or auto") != 0;
            o->native_priors = optarg;
            break;
        case O_ABSOLUTE: o->fit.relative = 0; break;
        case O_MACHINE: o->machine = optarg; break;
        case O_SAMPLES: o->samples = optarg; break;
        case O_PLOT: o->plot = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'h': return CLI_HELP;
        case O_VERSION: return CLI_VERSION;
        default: return cli_getopt_error(c, argv);
        }
    }
    if (rc != 0)
        return CLI_BAD;
    if (optind < argc)
        return cli_extra_argument(argv[optind]);
    if (o->measure.max_reps < o->measure.min_reps) {
        char text[64];
        snprintf(text, sizeof text, "%d", o->measure.max_reps);
        return cli_bad("--max-reps", text, "at least --min-reps (%d)", o->measure.min_reps) != 0
                   ? CLI_BAD : CLI_RUN;
    }
    o->measure.sizes = o->sizes;
    o->measure.nsizes = o->nsizes;
    o->measure.groups = o->ngroups > 0 ? o->groups : NULL;
    o->measure.ngroups = o->ngroups;
    return CLI_RUN;
}

/* The group sizes must divide p; the output files must be writable
 * (rank 0 looks, every rank learns). Before anything is measured. */
static int check_before_measuring(const struct options *o, int rank, int size)
{
    int bad = 0;
    for (int i = 0; i < o->ngroups && !bad; i++)
        if (size % o->groups[i] != 0) {
            char text[32];
            snprintf(text, sizeof text, "%d", o->groups[i]);
            bad = cli_bad("--groups", text, "group sizes that divide the %d processes", size) != 0;
        }
    if (!bad && rank == 0)
        bad = cli_output_check(o->out) != 0
              || (o->samples != NULL && cli_output_check(o->samples) != 0);
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return bad;
}

/* Fit every measured op (all forms that apply are candidates) into prof,
 * each entry marked for groups at where (ORTHO_MODEL_WHERE_ANY: every
 * group). quiet_few: no message when an op has too few samples. */
static int fit_all(const struct options *o, const ortho_model_sample s[], int n, int where,
                   int quiet_few, ortho_model_profile_t prof)
{
    int err = MPI_SUCCESS, forms[64], nforms = 0;
    for (int op = 0; op < ORTHO_MODEL_NOPS && err == MPI_SUCCESS; op++) {
        ortho_model_entry pieces[FIT_MAX_PIECES];
        ortho_model_breakpoint priors[16];
        ortho_model_fit_opts fo = o->fit;
        int np = 0, m = 0, npriors = 0;
        for (int i = 0; i < n; i++)
            m += (int)s[i].op == op;
        if (m == 0)
            continue;
        nforms = 0;
        for (int f = 0; f < ortho_model_form_count() && nforms < 64; f++) {
            ortho_model_form_info info;
            ortho_model_form_info_get(f, &info);
            if (info.ops & (1u << op))
                forms[nforms++] = f;
        }
        fo.nfolds = m < fo.nfolds ? m : fo.nfolds;
        /* the measured eager limit first: where it and a library's
         * threshold cut the samples alike, the measured one is kept */
        if (o->eager_limit > 1) {
            priors[0].op = (ortho_model_op)op;
            priors[0].key = ORTHO_MODEL_SPLIT_BYTES;
            priors[0].at = o->eager_limit;
            npriors = 1;
        }
        int nlib = 0;
        ortho_model_native_priors(o->priors_lib, (ortho_model_op)op, priors + npriors,
                                  16 - npriors, &nlib);
        npriors += nlib < 16 - npriors ? nlib : 16 - npriors;
        if (fo.nfolds < 2
            || ortho_model_select_pieces((ortho_model_op)op, forms, nforms, s, n, &fo, priors,
                                         npriors, FIT_MAX_PIECES, prof, pieces, &np)
                   != MPI_SUCCESS) {
            if (!quiet_few)
                fprintf(stderr, "ortho-fit: %s: too few samples to fit a function (use more "
                                "--sizes)\n", ortho_model_op_name((ortho_model_op)op));
            continue;
        }
        /* a function for one placement holds only over the group sizes
         * measured there; elsewhere the function for every group applies */
        int plo = ORTHO_MODEL_P_ANY, phi = 1;
        for (int i = 0; i < n; i++)
            if ((int)s[i].op == op) {
                plo = s[i].p < plo ? s[i].p : plo;
                phi = s[i].p > phi ? s[i].p : phi;
            }
        for (int k = 0; k < np && err == MPI_SUCCESS; k++) {
            pieces[k].range.where = where;
            if (where != ORTHO_MODEL_WHERE_ANY) {
                pieces[k].range.p_lo = pieces[k].range.p_lo > plo ? pieces[k].range.p_lo : plo;
                pieces[k].range.p_hi = pieces[k].range.p_hi < phi ? pieces[k].range.p_hi : phi;
            }
            err = ortho_model_profile_add(prof, &pieces[k]);
        }
    }
    return err;
}

/* The samples of s that keep(): copied to out (room for n); their number. */
static int pick(const ortho_model_sample s[], int n, int node_size,
                int (*keep)(const ortho_model_sample *x, int node_size), ortho_model_sample out[])
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (keep(&s[i], node_size))
            out[m++] = s[i];
    return m;
}

static int consecutive(const ortho_model_sample *x, int node_size)
{
    (void)node_size;
    return x->where == ORTHO_MODEL_WHERE_ANY;
}

/* groups of consecutive ranks that fit a node exactly (c % g == 0) */
static int inside_node(const ortho_model_sample *x, int node_size)
{
    return x->where == ORTHO_MODEL_WHERE_ANY && x->p <= node_size && node_size % x->p == 0;
}

static int spread_alone(const ortho_model_sample *x, int node_size)
{
    (void)node_size;
    return x->where == ORTHO_MODEL_WHERE_NET && x->flows <= 1;
}

/* The functions for groups inside a node and spread over nodes, and the
 * sharing factors, first (lookup takes the first entry that holds), when
 * the samples have groups spread over nodes. */
static int fit_nodes(const struct options *o, const ortho_model_sample s[], int n, int node_size,
                     ortho_model_sample tmp[], ortho_model_profile_t prof)
{
    int err = MPI_SUCCESS, m = pick(s, n, node_size, spread_alone, tmp);
    if (m == 0)
        return MPI_SUCCESS;
    ortho_model_profile_set_param(prof, "node_size", node_size);
    m = pick(s, n, node_size, inside_node, tmp);
    err = fit_all(o, tmp, m, ORTHO_MODEL_WHERE_NODE, 1, prof);
    m = pick(s, n, node_size, spread_alone, tmp);
    if (err == MPI_SUCCESS)
        err = fit_all(o, tmp, m, ORTHO_MODEL_WHERE_NET, 1, prof);
    for (int op = 0; op < ORTHO_MODEL_NOPS && err == MPI_SUCCESS; op++) {
        double share = 0.0;
        char name[32];
        if (!ortho_model_profile_knows_nodes(prof, (ortho_model_op)op)
            || ortho_model_fit_share(prof, (ortho_model_op)op, s, n, &o->fit, &share)
                   != MPI_SUCCESS)
            continue;
        snprintf(name, sizeof name, "share_%s", ortho_model_op_name((ortho_model_op)op));
        err = ortho_model_profile_set_param(prof, name, share);
    }
    return err;
}

/* Where a piece applies, as the profile writes it: "b>=12K b<512K where=net". */
static void range_text(const ortho_model_entry *e, char *range, size_t len)
{
    ortho_model_range_text(&e->range, range, (int)len);
}

static void summary(ortho_model_profile_t prof)
{
    int n = 0;
    ortho_model_profile_nentries(prof, &n);
    for (int i = 0; i < n; i++) {
        ortho_model_entry e;
        ortho_model_form_info info;
        char range[ORTHO_MODEL_RANGE_TEXT_MAX];
        ortho_model_profile_entry(prof, i, &e);
        ortho_model_form_info_get(e.form, &info);
        range_text(&e, range, sizeof range);
        fprintf(stderr, "  %-9s %-7s %-13s", ortho_model_op_name(e.op), range, info.name);
        for (int j = 0; j < info.ncoefs; j++)
            fprintf(stderr, " %s=%.3g", info.coef_names[j], e.coefs[j]);
        fprintf(stderr, "  (R2 %.3f, held-out error %.1f%%)\n", e.stats.r2, 100.0 * e.stats.cv_rel);
    }
}

/* One warning per poor function (POOR_R2, POOR_HELD_OUT, a negative
 * coefficient), with what to do; returns how many. */
static int warn_poor_fits(ortho_model_profile_t prof)
{
    int n = 0, poor = 0;
    ortho_model_profile_nentries(prof, &n);
    for (int i = 0; i < n; i++) {
        ortho_model_entry e;
        ortho_model_form_info info;
        char range[ORTHO_MODEL_RANGE_TEXT_MAX], why[256] = "";
        size_t used = 0;
        ortho_model_profile_entry(prof, i, &e);
        ortho_model_form_info_get(e.form, &info);
        range_text(&e, range, sizeof range);
        for (int j = 0; j < info.ncoefs && used < sizeof why; j++)
            if (e.coefs[j] < 0.0)
                used += (size_t)snprintf(why + used, sizeof why - used, "%s%s = %.3g < 0",
                                         used ? ", " : "", info.coef_names[j], e.coefs[j]);
        if (e.stats.r2 < POOR_R2 && used < sizeof why)
            used += (size_t)snprintf(why + used, sizeof why - used, "%sR2 %.3f < %.2f",
                                     used ? ", " : "", e.stats.r2, POOR_R2);
        if (e.stats.cv_rel > POOR_HELD_OUT && used < sizeof why)
            used += (size_t)snprintf(why + used, sizeof why - used,
                                     "%sheld-out error %.0f%% > %.0f%%", used ? ", " : "",
                                     100.0 * e.stats.cv_rel, 100.0 * POOR_HELD_OUT);
        if (used == 0)
            continue;
        poor++;
        fprintf(stderr, "ortho-fit: warning: %s%s%s (%s) fits poorly: %s; measure more "
                        "--sizes, more --reps or a longer --point-seconds\n",
                ortho_model_op_name(e.op), range[0] ? " " : "", range, info.name, why);
    }
    return poor;
}

/* A call that does nothing: timed as every point, the spread of the
 * processes' starts. */
static int nothing(void *ctx)
{
    (void)ctx;
    return MPI_SUCCESS;
}

/* The hops (ortho_measure_hops) as the profile's params: hop_alpha and
 * hop_beta between consecutive ranks, hop_net_alpha and hop_net_beta
 * between nodes; each only when measured. */
static void set_hops(ortho_model_profile_t prof, const ortho_measure_hop *next,
                     const ortho_measure_hop *across)
{
    if (next->measured) {
        ortho_model_profile_set_param(prof, "hop_alpha", next->alpha);
        ortho_model_profile_set_param(prof, "hop_beta", next->beta);
    }
    if (across->measured) {
        ortho_model_profile_set_param(prof, "hop_net_alpha", across->alpha);
        ortho_model_profile_set_param(prof, "hop_net_beta", across->beta);
    }
}

/* The reach (ortho_measure_reach: the time from rank 0 to each rank) as
 * params, for the groups of a grid: hop_reach_G_S, the farthest of ranks
 * 0, S, ..., (G - 1) S (a column of G members, S apart), for G and S
 * powers of two (hop_reach_G for S = 1 and G >= 4: G consecutive ranks),
 * and hop_reach, the farthest of all. Nothing on fewer than three
 * processes. */
static void set_reach(ortho_model_profile_t prof, const double *reach, int size)
{
    char name[64];
    double all = 0.0;
    if (reach == NULL || size < 3)
        return;
    for (long long stride = 1; stride < size; stride *= 2)
        for (long long g = stride == 1 ? 4 : 2; (g - 1) * stride < size; g *= 2) {
            double far = 0.0;
            for (long long k = 1; k < g; k++)
                far = reach[k * stride] > far ? reach[k * stride] : far;
            if (stride == 1)
                snprintf(name, sizeof name, "hop_reach_%lld", g);
            else
                snprintf(name, sizeof name, "hop_reach_%lld_%lld", g, stride);
            if (far > 0.0)
                ortho_model_profile_set_param(prof, name, far);
        }
    for (int j = 1; j < size; j++)
        all = reach[j] > all ? reach[j] : all;
    if (all > 0.0)
        ortho_model_profile_set_param(prof, "hop_reach", all);
}

static int finish(const struct options *o, const ortho_model_sample s[], int n, int size,
                  int node_size, double t_op, double gamma, const ortho_measure_hop hops[2],
                  const double *reach, double fan, const double pair[2], double spread)
{
    int rc = 0, nentries = 0;
    char machine[256], msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL, check = NULL;
    ortho_model_sample *tmp = NULL;
    int nbase = 0;
    struct options fo = *o;
    rc = ortho_model_profile_create(&prof) != MPI_SUCCESS;
    if (rc != 0)
        goto fn_exit;
    snprintf(machine, sizeof machine, "%s", o->machine != NULL ? o->machine : "");
    if (o->machine == NULL)
        snprintf(machine, sizeof machine, "measured by ortho-fit on %d processes", size);
    ortho_model_profile_set_machine(prof, machine);
    ortho_model_profile_set_param(prof, "t_op", t_op);
    ortho_model_profile_set_param(prof, "gamma", gamma);
    set_hops(prof, &hops[0], &hops[1]);
    set_reach(prof, reach, size);
    if (fan >= 0.0)
        ortho_model_profile_set_param(prof, "hop_fan", fan);
    if (pair[0] >= 0.0)
        ortho_model_profile_set_param(prof, "hop_pair", pair[0]);
    if (pair[1] >= 0.0)
        ortho_model_profile_set_param(prof, "hop_net_pair", pair[1]);
    if (o->eager_limit >= 1)
        ortho_model_profile_set_param(prof, "eager_limit", o->eager_limit);
    if (spread > 0.0)
        ortho_model_profile_set_param(prof, "spread", spread);
    fo.fit.nfixed = 1;
    fo.fit.fixed_names[0] = "gamma";
    fo.fit.fixed_values[0] = gamma;
    if (!o->quiet)
        fprintf(stderr, "ortho-fit: t_op %.3g s, gamma %.3g s/byte; fitting %d samples\n", t_op, gamma, n);
    tmp = malloc((size_t)(n > 0 ? n : 1) * sizeof *tmp);
    rc = tmp == NULL;
    if (rc == 0 && node_size >= 2)
        rc = fit_nodes(&fo, s, n, node_size, tmp, prof) != MPI_SUCCESS;
    if (rc == 0) {
        nbase = pick(s, n, node_size, consecutive, tmp);
        rc = fit_all(&fo, tmp, nbase, ORTHO_MODEL_WHERE_ANY, 0, prof) != MPI_SUCCESS;
    }
    ortho_model_profile_nentries(prof, &nentries);
    if (rc == 0 && nentries == 0) {
        fprintf(stderr, "ortho-fit: nothing could be fitted, %s not written: measure more "
                        "--sizes (or run on more processes)\n", o->out);
        rc = 1;
    }
    errno = 0;
    if (rc == 0 && ortho_model_profile_write(prof, o->out) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-fit: cannot write %s: %s\n", o->out,
                errno != 0 ? strerror(errno) : "write failed");
        rc = 1;
    }
    if (rc == 0 && ortho_model_profile_read(o->out, &check, msg) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-fit: the profile written does not read back: %s\n", msg);
        rc = 1;
    }
    if (rc == 0 && o->samples != NULL) {
        FILE *f = fopen(o->samples, "w");
        if (f == NULL) {
            fprintf(stderr, "ortho-fit: cannot write %s: %s\n", o->samples, strerror(errno));
            rc = 1;
        } else {
            fprintf(f, "# op p bytes seconds (median over repetitions of the time over all "
                       "ranks); groups spread one per node: net FLOWS (processes of a node at once)\n");
            for (int i = 0; i < n; i++) {
                fprintf(f, "%s %d %.17g %.17g", ortho_model_op_name(s[i].op), s[i].p, s[i].bytes,
                        s[i].seconds);
                if (s[i].where == ORTHO_MODEL_WHERE_NET)
                    fprintf(f, " net %d", s[i].flows);
                fprintf(f, "\n");
            }
            fclose(f);
        }
    }
    if (rc == 0 && !o->quiet) {
        summary(prof);
        fprintf(stderr, "ortho-fit: wrote %s\n", o->out);
    }
    if (rc == 0)
        warn_poor_fits(prof);
    if (rc == 0 && o->plot != NULL) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "mkdir -p '%s'", o->plot);
        if (system(cmd) != 0 || tool_plot(o->plot, prof, tmp, nbase) != 0) {
            fprintf(stderr, "ortho-fit: plotting into %s failed (is gnuplot installed?)\n", o->plot);
            rc = 1;
        } else if (!o->quiet) {
            fprintf(stderr, "ortho-fit: plots in %s/\n", o->plot);
        }
    }
fn_exit:
    free(tmp);
    ortho_model_profile_free(&check);
    ortho_model_profile_free(&prof);
    return rc;
}

/* A native changes behaviour at the eager limit (ortho_measure_eager), a
 * breakpoint the fit is offered; between two measured sizes the data
 * cannot tell on which side of it a size in between behaves, so the
 * largest eager size, limit - 1, is measured too where it lies between
 * the smallest and the largest of --sizes (said when say is set). */
static void add_eager_size(struct options *o, int say)
{
    double add = o->eager_limit - 1.0, lo = o->sizes[0], hi = o->sizes[0];
    int at = 0;
    for (int i = 0; i < o->nsizes; i++) {
        lo = o->sizes[i] < lo ? o->sizes[i] : lo;
        hi = o->sizes[i] > hi ? o->sizes[i] : hi;
        if (o->sizes[i] == add)
            return;
        at += o->sizes[i] < add;
    }
    if (o->eager_limit < 2 || !(add > lo && add < hi) || o->nsizes >= MAX_LIST)
        return;
    /* keep the list's order where it is ascending */
    memmove(&o->sizes[at + 1], &o->sizes[at], (size_t)(o->nsizes - at) * sizeof o->sizes[0]);
    o->sizes[at] = add;
    o->measure.nsizes = ++o->nsizes;
    if (say)
        fprintf(stderr, "ortho-fit: eager limit %d bytes: measuring %.0f bytes too\n",
                o->eager_limit, add);
}

/* --native-priors auto: the library MPI_Get_library_version names (its
 * first line is printed with the choice when say is set). */
static void choose_priors(struct options *o, int say)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING + 1] = "";
    int len = 0;
    const char *how = "--native-priors";
    if (strcmp(o->native_priors, "auto") == 0) {
        MPI_Get_library_version(version, &len);
        version[len > 0 && len <= MPI_MAX_LIBRARY_VERSION_STRING ? len : 0] = '\0';
        version[strcspn(version, "\n")] = '\0';
        ortho_model_native_lib_from_version(version, &o->priors_lib);
        how = version;
    }
    if (say)
        fprintf(stderr, "ortho-fit: native algorithm switches: %s priors (%s)\n",
                ortho_model_native_lib_name(o->priors_lib), how);
}

/* The node size whose groups across nodes are timed: --node-size, else
 * the nodes MPI_Comm_split_type finds when they are blocks of consecutive
 * ranks of one size; 0 (nothing to time) on one node. Collective. */
static int nodes_to_measure(const struct options *o, int size)
{
    ortho_grid_nodes nodes;
    int c = o->node_size;
    if (c == 0 && ortho_grid_nodes_query(MPI_COMM_WORLD, &nodes) == MPI_SUCCESS
        && nodes.consecutive && nodes.min_size == nodes.max_size)
        c = nodes.max_size;
    return c >= 2 && size % c == 0 && size / c >= 2 ? c : 0;
}

/* The groups spread over nodes (ortho_measure_spread), appended to *s. */
static int measure_spread(const struct options *o, int node_size, ortho_model_sample **s, int *n)
{
    ortho_model_sample *more = NULL, *all = NULL;
    int m = 0, err = ortho_measure_spread(MPI_COMM_WORLD, &o->measure, node_size, &more, &m);
    if (err == MPI_SUCCESS && (all = realloc(*s, (size_t)(*n + m) * sizeof *all)) == NULL)
        err = MPI_ERR_NO_MEM;
    if (err == MPI_SUCCESS) {
        memcpy(all + *n, more, (size_t)m * sizeof *all);
        *s = all;
        *n += m;
    }
    ortho_measure_samples_free(&more);
    return err;
}

int main(int argc, char **argv)
{
    struct options o;
    int rank = 0, size = 1, rc, n = 0, measured = 0, node_size = 0;
    double t_op = 0.0, gamma = 0.0;
    ortho_measure_hop hops[2];
    double spread = 0.0, fan = -1.0, pair[2] = { -1.0, -1.0 }, *reach = NULL;
    ortho_model_sample *s = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    memset(&o, 0, sizeof o);
    cli_init("ortho-fit", rank == 0);
    rc = parse(argc, argv, &o);
    if (rc != CLI_RUN) {
        rc = cli_stop(rc, usage);
        goto fn_exit;
    }
    if (check_before_measuring(&o, rank, size)) {
        rc = CLI_EXIT_USAGE;
        goto fn_exit;
    }
    choose_priors(&o, rank == 0 && !o.quiet);
    o.measure.progress = o.quiet || rank != 0 ? NULL : stderr;
    if (rank == 0 && !o.quiet)
        fprintf(stderr, "ortho-fit: %d processes, %d sizes, reps %d..%d, rse %.3g, at most %.3g s a point\n",
                size, o.nsizes, o.measure.min_reps, o.measure.max_reps, o.measure.rel_se,
                o.measure.max_seconds);
    node_size = o.no_nodes ? 0 : nodes_to_measure(&o, size);
    /* the smallest message whose send waits for its receive, before the
     * sweep: the largest one that does not joins the sizes */
    if ((rc = ortho_measure_eager(MPI_COMM_WORLD, node_size, &o.eager_limit)) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: finding the eager limit failed (MPI error %d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    add_eager_size(&o, rank == 0 && !o.quiet);
    rc = ortho_measure_natives(MPI_COMM_WORLD, &o.measure, &s, &n);
    if (rc != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: measuring failed (MPI error %d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    if (rank == 0 && !o.no_nodes && o.node_size > 0 && node_size == 0)
        fprintf(stderr, "ortho-fit: warning: --node-size %d does not make two or more nodes of "
                        "%d processes: no groups across nodes timed\n", o.node_size, size);
    else if (rank == 0 && !o.quiet && node_size >= 2)
        fprintf(stderr, "ortho-fit: %d nodes of %d: timing groups across nodes too\n",
                size / node_size, node_size);
    if (node_size >= 2 && (rc = measure_spread(&o, node_size, &s, &n)) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: measuring groups across nodes failed (MPI error %d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    /* one message alone, without a barrier's spread: the pipelines' hops
     * (a line: two sizes at least, else none) */
    memset(hops, 0, sizeof hops);
    if (o.measure.nsizes >= 2
        && (rc = ortho_measure_hops(MPI_COMM_WORLD, &o.measure, node_size, &hops[0], &hops[1]))
               != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: timing one message between two processes failed (MPI "
                            "error %d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    /* an empty message from rank 0 to each rank */
    reach = calloc((size_t)size, sizeof *reach);
    int have = reach != NULL, all_have = 0;
    rc = MPI_Allreduce(&have, &all_have, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS && !all_have)
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS && size >= 3)
        rc = ortho_measure_reach(MPI_COMM_WORLD, &o.measure, reach);
    if (rc != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: timing a message to each process failed (MPI error %d)\n",
                    rc);
        rc = 1;
        goto fn_exit;
    }
    /* the largest size from rank 0 to two processes at once, against one */
    if ((rc = ortho_measure_fan(MPI_COMM_WORLD, &o.measure, node_size, &fan)) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: timing messages to two processes at once failed (MPI "
                            "error %d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    /* the largest size twice to one process at once, against once */
    if ((rc = ortho_measure_pair(MPI_COMM_WORLD, &o.measure, node_size, &pair[0], &pair[1]))
        != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: timing two messages to one process failed (MPI error "
                            "%d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    /* a call that does nothing, timed as every point: the spread of the
     * processes' starts that each point holds (0 without a global clock) */
    if ((rc = ortho_measure_call(MPI_COMM_WORLD, nothing, NULL, &o.measure, &spread, NULL, NULL))
        != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: timing the start's spread failed (MPI error %d)\n", rc);
        rc = 1;
        goto fn_exit;
    }
    measured = 1;
    if (rank == 0)
        tool_local_costs(&t_op, &gamma);
fn_exit:
    MPI_Finalize();
    if (measured && rc == 0 && rank == 0)
        rc = finish(&o, s, n, size, node_size, t_op, gamma, hops, reach, fan, pair, spread);
    ortho_measure_samples_free(&s);
    free(reach);
    return rc;
}
