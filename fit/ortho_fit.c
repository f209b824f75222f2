/* ortho-fit: measure the native collectives on groups of every size the
 * layouts of p need, fit runtime functions, write a machine profile.
 *
 *   mpiexec -n 8 ortho-fit -o machine.profile [--plot DIR] [options]
 *
 * Progress goes to stderr (rank 0), the profile to the --out file. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools.h"

#define MAX_LIST 64

struct options {
    const char *out, *plot, *samples, *machine;
    double sizes[MAX_LIST];
    int nsizes, groups[MAX_LIST], ngroups, quiet;
    ortho_measure_opts measure;
    ortho_model_fit_opts fit;
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpiexec -n P ortho-fit [options]\n"
            "Times MPI_Bcast, _Reduce, _Gather, _Scatter, _Allreduce, _Allgather on concurrent\n"
            "groups of every divisor of P, fits runtime functions, writes a profile.\n"
            "  -o, --out FILE      profile to write (default ortho.profile)\n"
            "      --sizes LIST    message sizes b, e.g. 256,1K,64K (default 256,2K,16K,128K)\n"
            "      --groups LIST   group sizes (default: every divisor >= 2 of P)\n"
            "      --ops LIST      operations, e.g. bcast,allgather (default all)\n"
            "      --min-reps N    repetitions per point, at least (default 3)\n"
            "      --max-reps N    and at most (default 10)\n"
            "      --rse X         stop when the relative standard error is below X (default 0.05)\n"
            "      --max-time S    seconds per point at most (default 0.1; 0: no limit)\n"
            "      --folds N       held-out folds for choosing a form (default 5)\n"
            "      --no-splits     one function per operation (no breakpoints in p or b)\n"
            "      --absolute      plain least squares (default: relative, weights 1/t^2)\n"
            "      --machine TEXT  machine description for the profile\n"
            "      --samples FILE  also write the measured samples (op p bytes seconds)\n"
            "      --plot DIR      draw measured vs fitted as DIR/OP.png with gnuplot\n"
            "  -q, --quiet         no progress lines\n"
            "  -h, --help\n");
}

/* 0 ok, 1 bad usage, 2 help. */
static int parse(int argc, char **argv, struct options *o)
{
    static const struct option longopts[] = {
        { "out", required_argument, NULL, 'o' },     { "sizes", required_argument, NULL, 's' },
        { "groups", required_argument, NULL, 'g' },  { "ops", required_argument, NULL, 'O' },
        { "min-reps", required_argument, NULL, 'm' }, { "max-reps", required_argument, NULL, 'M' },
        { "rse", required_argument, NULL, 'r' },     { "max-time", required_argument, NULL, 't' },
        { "folds", required_argument, NULL, 'f' },   { "no-splits", no_argument, NULL, 'n' },
        { "absolute", no_argument, NULL, 'a' },      { "machine", required_argument, NULL, 'c' },
        { "samples", required_argument, NULL, 'S' }, { "plot", required_argument, NULL, 'p' },
        { "quiet", no_argument, NULL, 'q' },         { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 }
    };
    int c, rc = 0, one[1];
    char *end = NULL;
    o->out = "ortho.profile";
    o->measure = ortho_measure_opts_default();
    o->fit = ortho_model_fit_opts_default();
    o->nsizes = o->measure.nsizes;
    memcpy(o->sizes, o->measure.sizes, (size_t)o->nsizes * sizeof o->sizes[0]);
    while (rc == 0 && (c = getopt_long(argc, argv, "o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': o->out = optarg; break;
        case 's': rc = (o->nsizes = tool_parse_sizes(optarg, o->sizes, MAX_LIST)) < 1; break;
        case 'g': rc = (o->ngroups = tool_parse_ints(optarg, o->groups, MAX_LIST)) < 1; break;
        case 'O': rc = (o->measure.ops = tool_parse_ops(optarg)) == 0; break;
        case 'm': rc = tool_parse_ints(optarg, one, 1) != 1; o->measure.min_reps = one[0]; break;
        case 'M': rc = tool_parse_ints(optarg, one, 1) != 1; o->measure.max_reps = one[0]; break;
        case 'f': rc = tool_parse_ints(optarg, one, 1) != 1 || one[0] < 2; o->fit.nfolds = one[0]; break;
        case 'r':
            o->measure.rel_se = strtod(optarg, &end);
            rc = *end != '\0' || !(o->measure.rel_se >= 0.0);
            break;
        case 't':
            o->measure.max_seconds = strtod(optarg, &end);
            rc = *end != '\0' || !(o->measure.max_seconds >= 0.0);
            break;
        case 'n': o->fit.splits = 0; break;
        case 'a': o->fit.relative = 0; break;
        case 'c': o->machine = optarg; break;
        case 'S': o->samples = optarg; break;
        case 'p': o->plot = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'h': rc = 2; break;
        default: rc = 1; break;
        }
    }
    if (rc == 0 && (optind < argc || o->measure.max_reps < o->measure.min_reps))
        rc = 1;
    o->measure.sizes = o->sizes;
    o->measure.nsizes = o->nsizes;
    o->measure.groups = o->ngroups > 0 ? o->groups : NULL;
    o->measure.ngroups = o->ngroups;
    return rc;
}

/* Fit every measured op (all forms that apply are candidates) into prof. */
static int fit_all(const struct options *o, const ortho_model_sample s[], int n,
                   ortho_model_profile_t prof)
{
    int err = MPI_SUCCESS, forms[64], nforms = 0;
    for (int op = 0; op < ORTHO_MODEL_NOPS && err == MPI_SUCCESS; op++) {
        ortho_model_entry pieces[ORTHO_MODEL_MAX_PIECES];
        ortho_model_fit_opts fo = o->fit;
        int np = 0, m = 0;
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
        if (fo.nfolds < 2 || ortho_model_select((ortho_model_op)op, forms, nforms, s, n, &fo, prof,
                                                pieces, &np) != MPI_SUCCESS) {
            fprintf(stderr, "ortho-fit: %s: too few samples to fit a function (use more --sizes)\n",
                    ortho_model_op_name((ortho_model_op)op));
            continue;
        }
        for (int k = 0; k < np && err == MPI_SUCCESS; k++)
            err = ortho_model_profile_add(prof, &pieces[k]);
    }
    return err;
}

static void summary(ortho_model_profile_t prof)
{
    int n = 0;
    ortho_model_profile_nentries(prof, &n);
    for (int i = 0; i < n; i++) {
        ortho_model_entry e;
        ortho_model_form_info info;
        char range[64] = "";
        ortho_model_profile_entry(prof, i, &e);
        ortho_model_form_info_get(e.form, &info);
        if (e.range.p_hi != ORTHO_MODEL_P_ANY)
            snprintf(range, sizeof range, "p<=%d", e.range.p_hi);
        else if (e.range.p_lo > 1)
            snprintf(range, sizeof range, "p>=%d", e.range.p_lo);
        else if (e.range.size_hi < INFINITY)
            snprintf(range, sizeof range, "b<=%g", e.range.size_hi);
        else if (e.range.size_lo > 0.0)
            snprintf(range, sizeof range, "b>%g", nextafter(e.range.size_lo, 0.0));
        fprintf(stderr, "  %-9s %-7s %-13s", ortho_model_op_name(e.op), range, info.name);
        for (int j = 0; j < info.ncoefs; j++)
            fprintf(stderr, " %s=%.3g", info.coef_names[j], e.coefs[j]);
        fprintf(stderr, "  (R2 %.3f, held-out error %.1f%%)\n", e.stats.r2, 100.0 * e.stats.cv_rel);
    }
}

static int finish(const struct options *o, const ortho_model_sample s[], int n, int size, double t_op,
                  double gamma)
{
    int rc = 0;
    char machine[256], msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL, check = NULL;
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
    fo.fit.nfixed = 1;
    fo.fit.fixed_names[0] = "gamma";
    fo.fit.fixed_values[0] = gamma;
    if (!o->quiet)
        fprintf(stderr, "ortho-fit: t_op %.3g s, gamma %.3g s/byte; fitting %d samples\n", t_op, gamma, n);
    rc = fit_all(&fo, s, n, prof) != MPI_SUCCESS;
    if (rc == 0 && ortho_model_profile_write(prof, o->out) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-fit: cannot write %s\n", o->out);
        rc = 1;
    }
    if (rc == 0 && ortho_model_profile_read(o->out, &check, msg) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-fit: the profile written does not read back: %s\n", msg);
        rc = 1;
    }
    if (rc == 0 && o->samples != NULL) {
        FILE *f = fopen(o->samples, "w");
        if (f == NULL) {
            fprintf(stderr, "ortho-fit: cannot write %s\n", o->samples);
            rc = 1;
        } else {
            fprintf(f, "# op p bytes seconds (median over repetitions of the max over ranks)\n");
            for (int i = 0; i < n; i++)
                fprintf(f, "%s %d %.17g %.17g\n", ortho_model_op_name(s[i].op), s[i].p, s[i].bytes,
                        s[i].seconds);
            fclose(f);
        }
    }
    if (rc == 0 && !o->quiet) {
        summary(prof);
        fprintf(stderr, "ortho-fit: wrote %s\n", o->out);
    }
    if (rc == 0 && o->plot != NULL) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "mkdir -p '%s'", o->plot);
        if (system(cmd) != 0 || tool_plot(o->plot, prof, s, n) != 0) {
            fprintf(stderr, "ortho-fit: plotting into %s failed (is gnuplot installed?)\n", o->plot);
            rc = 1;
        } else if (!o->quiet) {
            fprintf(stderr, "ortho-fit: plots in %s/\n", o->plot);
        }
    }
fn_exit:
    ortho_model_profile_free(&check);
    ortho_model_profile_free(&prof);
    return rc;
}

int main(int argc, char **argv)
{
    struct options o;
    int rank = 0, size = 1, rc, n = 0, measured = 0;
    double t_op = 0.0, gamma = 0.0;
    ortho_model_sample *s = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    memset(&o, 0, sizeof o);
    rc = parse(argc, argv, &o);
    if (rc != 0) {
        if (rank == 0)
            usage(rc == 2 ? stdout : stderr);
        rc = rc == 2 ? 0 : 2;
        goto fn_exit;
    }
    o.measure.progress = o.quiet || rank != 0 ? NULL : stderr;
    if (rank == 0 && !o.quiet)
        fprintf(stderr, "ortho-fit: %d processes, %d sizes, reps %d..%d, rse %.3g, at most %.3g s a point\n",
                size, o.nsizes, o.measure.min_reps, o.measure.max_reps, o.measure.rel_se,
                o.measure.max_seconds);
    rc = ortho_measure_natives(MPI_COMM_WORLD, &o.measure, &s, &n);
    if (rc != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-fit: measuring failed (MPI error %d; do the --groups divide %d?)\n",
                    rc, size);
        rc = 1;
        goto fn_exit;
    }
    measured = 1;
    if (rank == 0)
        tool_local_costs(&t_op, &gamma);
fn_exit:
    MPI_Finalize();
    if (measured && rc == 0 && rank == 0)
        rc = finish(&o, s, n, size, t_op, gamma);
    ortho_measure_samples_free(&s);
    return rc;
}
