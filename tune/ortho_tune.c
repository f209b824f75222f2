/* ortho-tune: for each operation and the job's process count, time native
 * and every candidate (ortho_candidates(): layouts, dimensions, phase
 * orders, variants, node-aware grids) over a range of message sizes, and
 * write decision intervals into a profile (the paper's sec. 4.7).
 *
 *   mpiexec -n P ortho-tune [options] -o machine.profile
 *   smpirun -np P -platform X.xml ... ortho-tune [options] -o machine.profile
 *
 * Then ORTHO_PROFILE=machine.profile makes the drop-in functions and
 * libortho_mpi run what was measured fastest. --check-sizes measures the
 * selection on sizes it did not tune on. docs/selection.md. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../tools/cli.h"
#include "tune.h"

#define ALL_OPS ((1u << ORTHO_OP_ALLGATHERV) - 1u) /* the six of the model */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpiexec -n P ortho-tune [options]\n"
            "Times native and every candidate per operation and size, writes decision\n"
            "intervals (size ranges -> candidate, or native) into a profile.\n"
            "  -o, --output FILE      the profile to write (default ortho-tune.profile)\n"
            "      --profile FILE     start from this profile (its runtime functions and other\n"
            "                         decisions are kept; those of the tuned ops and P replaced)\n"
            "      --ops LIST         bcast,reduce,gather,scatter,allreduce,allgather (default),\n"
            "                         also allgatherv, gatherv, scatterv, or all (the first six)\n"
            "      --sizes LIST       sizes to tune on, 8 to 1G each, K/M/G = 1024\n"
            "                         (default 1K,8K,64K,512K)\n"
            "      --check-sizes LIST sizes to check the selection on (not tuned on)\n"
            "      --dims N           grids of 2 to N dimensions, N from 1 to %d (default 2;\n"
            "                         --max-dims is the same)\n"
            "      --variants LIST    phases,rsag,scag,pipe (default all); native is always timed\n"
            "      --candidates LIST  only these candidates, e.g. phases:8x12:rows,rsag:4x24:cols\n"
            "      --no-node          no node-aware candidates\n"
            "      --max-aspect R     only grids whose largest extent is at most R (>= 1) times\n"
            "                         the smallest (e.g. 6: 4x24 ... 24x4 of 96, not 2x48)\n"
            "      --margin X         a candidate replaces native when at least X faster, 0 to\n"
            "                         below 1, e.g. 0.03 or 3%% (default 0.03)\n"
            "      --threshold X      the model's threshold in --check-sizes (default 0.03)\n"
            "      --extrapolate      in --check-sizes, the model decides outside the tuned\n"
            "                         range too (ORTHO_SELECT_EXTRAPOLATE=1; default native)\n"
            "      --reps N|MIN..MAX  repetitions per point, 1 to %d (default 3..10; also\n"
            "                         --min-reps N, --max-reps N)\n"
            "      --rse X            stop a point at this relative standard error, 0 to 1\n"
            "                         (default 0.05)\n"
            "      --point-seconds S  seconds per point at most, 0 = no limit (default 0.5)\n"
            "      --max-seconds S    stop measuring after S seconds of wall time (default 0:\n"
            "                         no limit)\n"
            "      --csv FILE         every measured point; --check-csv FILE: every checked one\n"
            "      --shared/--no-shared  SMPI_SHARED_MALLOC buffers (default: on under SMPI)\n"
            "      --dry-run          list the candidates and the points, measure nothing\n"
            "      --lookup-bench     time the decision lookup (of --profile) and exit;\n"
            "                         --procs N: the selector's process count, 1 to %d\n"
            "                         (default P)\n"
            "      --evaluate CSV     check the selection of --profile on the sizes of an\n"
            "                         earlier run's --csv that it did not tune on; measures\n"
            "                         nothing (one process is enough); --redecide: take the\n"
            "                         decisions again from its tuned sizes (written to -o\n"
            "                         when given)\n"
            "  -q, --quiet            no progress on stderr\n"
            "  -h, --help             this text; --version: the library's version\n"
            "The progress lines give each candidate's speedup t_native / t_candidate per\n"
            "size (e.g. 1.24x: 24%% faster than native). The output files are checked before\n"
            "anything is measured.\n",
            ORTHO_GRID_MAX_DIMS, CLI_INT_MAX, CLI_INT_MAX);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sizes of --sizes or --check-sizes: whole bytes, ascending. */
static int parse_sizes(const char *option, const char *text, double out[], int *n)
{
    if (cli_sizes(option, text, 8.0, 1073741824.0, out, TUNE_MAX_SIZES, n) != 0)
        return -1;
    for (int i = 0; i < *n; i++)
        out[i] = floor(out[i]);
    qsort(out, (size_t)*n, sizeof out[0], cmp_double);
    for (int i = 1; i < *n; i++)
        if (out[i] == out[i - 1])
            return cli_bad(option, text, "sizes that differ in whole bytes (%.0f twice)", out[i]);
    return 0;
}

static int parse_variants(const char *option, const char *text, unsigned *bits)
{
    const char *names[ORTHO_VARIANT_COUNT];
    for (int i = 0; i < ORTHO_VARIANT_COUNT; i++)
        names[i] = ortho_variant_name((ortho_variant)i);
    if (cli_words(option, text, names, ORTHO_VARIANT_COUNT, NULL, 0, bits) != 0)
        return -1;
    *bits |= 1u << ORTHO_VARIANT_NATIVE;
    return 0;
}

/* Every name of --candidates must be a candidate's name. */
static int parse_candidates(const char *option, const char *text)
{
    char list[1024], *save = NULL;
    if (strlen(text) >= sizeof list)
        return cli_bad(option, "(a long list)", "at most %zu characters", sizeof list - 1);
    strcpy(list, text);
    for (char *t = strtok_r(list, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        ortho_candidate c;
        if (ortho_candidate_parse(t, &c) != MPI_SUCCESS)
            return cli_bad(option, text, "candidate names such as phases:8x12:rows or "
                           "rsag:4x24:cols ('%s' is not one)", t);
    }
    return 0;
}

/* CLI_RUN, CLI_BAD (said), CLI_HELP, CLI_VERSION. */
static int parse(int argc, char **argv, struct tune_opts *o)
{
    enum { O_PROFILE = 256, O_OPS, O_SIZES, O_CHECK, O_DIMS, O_VARIANTS, O_CANDS, O_NO_NODE,
           O_MARGIN, O_THRESHOLD, O_REPS, O_MIN_REPS, O_MAX_REPS, O_RSE, O_POINT, O_MAX_SECONDS,
           O_CSV, O_CHECK_CSV, O_SHARED, O_NO_SHARED, O_DRY, O_LOOKUP, O_PROCS, O_EVALUATE,
           O_ASPECT, O_REDECIDE, O_EXTRAPOLATE, O_VERSION };
    static const struct option longs[] = {
        { "output", required_argument, NULL, 'o' },
        { "profile", required_argument, NULL, O_PROFILE },
        { "ops", required_argument, NULL, O_OPS },
        { "sizes", required_argument, NULL, O_SIZES },
        { "check-sizes", required_argument, NULL, O_CHECK },
        { "dims", required_argument, NULL, O_DIMS },
        { "max-dims", required_argument, NULL, O_DIMS },
        { "variants", required_argument, NULL, O_VARIANTS },
        { "candidates", required_argument, NULL, O_CANDS },
        { "no-node", no_argument, NULL, O_NO_NODE },
        { "margin", required_argument, NULL, O_MARGIN },
        { "threshold", required_argument, NULL, O_THRESHOLD },
        { "reps", required_argument, NULL, O_REPS },
        { "min-reps", required_argument, NULL, O_MIN_REPS },
        { "max-reps", required_argument, NULL, O_MAX_REPS },
        { "rse", required_argument, NULL, O_RSE },
        { "point-seconds", required_argument, NULL, O_POINT },
        { "max-seconds", required_argument, NULL, O_MAX_SECONDS },
        { "csv", required_argument, NULL, O_CSV },
        { "check-csv", required_argument, NULL, O_CHECK_CSV },
        { "shared", no_argument, NULL, O_SHARED },
        { "no-shared", no_argument, NULL, O_NO_SHARED },
        { "dry-run", no_argument, NULL, O_DRY },
        { "lookup-bench", no_argument, NULL, O_LOOKUP },
        { "procs", required_argument, NULL, O_PROCS },
        { "evaluate", required_argument, NULL, O_EVALUATE },
        { "max-aspect", required_argument, NULL, O_ASPECT },
        { "redecide", no_argument, NULL, O_REDECIDE },
        { "extrapolate", no_argument, NULL, O_EXTRAPOLATE },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, O_VERSION },
        { NULL, 0, NULL, 0 },
    };
    int c, bad = 0, li = -1;
    memset(o, 0, sizeof *o);
    o->ops = ALL_OPS;
    o->variants = ~0u;
    o->maxdims = 2;
    o->node = 1;
    o->margin = 0.03;
    o->threshold = 0.03;
    o->timing = ortho_measure_opts_default();
    o->timing.max_seconds = 0.5;
    o->output = "ortho-tune.profile";
#ifdef SMPI_SHARED_MALLOC
    o->shared = 1;
#endif
    parse_sizes("--sizes", "1K,8K,64K,512K", o->sizes, &o->nsizes);
    opterr = 0;
    while (!bad && (c = getopt_long(argc, argv, ":o:qh", longs, &li)) != -1) {
        const char *opt = cli_option(longs, li, c);
        li = -1;
        switch (c) {
        case 'o':
            o->output = optarg;
            o->output_given = 1;
            break;
        case O_PROFILE: o->profile_in = optarg; break;
        case O_OPS: bad = cli_ops(opt, optarg, ORTHO_OP_COUNT, &o->ops) != 0; break;
        case O_SIZES: bad = parse_sizes(opt, optarg, o->sizes, &o->nsizes) != 0; break;
        case O_CHECK: bad = parse_sizes(opt, optarg, o->check, &o->ncheck) != 0; break;
        case O_DIMS: bad = cli_int(opt, optarg, 1, ORTHO_GRID_MAX_DIMS, &o->maxdims) != 0; break;
        case O_VARIANTS: bad = parse_variants(opt, optarg, &o->variants) != 0; break;
        case O_CANDS:
            bad = parse_candidates(opt, optarg) != 0;
            o->candidates = optarg;
            break;
        case O_NO_NODE: o->node = 0; break;
        case O_MARGIN: bad = cli_fraction(opt, optarg, &o->margin) != 0; break;
        case O_THRESHOLD: bad = cli_fraction(opt, optarg, &o->threshold) != 0; break;
        case O_REPS:
            bad = cli_reps(opt, optarg, &o->timing.min_reps, &o->timing.max_reps) != 0;
            break;
        case O_MIN_REPS:
            bad = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->timing.min_reps) != 0;
            break;
        case O_MAX_REPS:
            bad = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->timing.max_reps) != 0;
            break;
        case O_RSE: bad = cli_number(opt, optarg, 0.0, 1.0, &o->timing.rel_se) != 0; break;
        case O_POINT:
            bad = cli_seconds(opt, optarg, 0.0, INFINITY, &o->timing.max_seconds) != 0;
            break;
        case O_MAX_SECONDS:
            bad = cli_seconds(opt, optarg, 0.0, INFINITY, &o->max_seconds) != 0;
            break;
        case O_CSV: o->csv = optarg; break;
        case O_CHECK_CSV: o->check_csv = optarg; break;
        case O_SHARED: o->shared = 1; break;
        case O_NO_SHARED: o->shared = 0; break;
        case O_DRY: o->dry_run = 1; break;
        case O_LOOKUP: o->lookup_bench = 1; break;
        case O_REDECIDE: o->redecide = 1; break;
        case O_EXTRAPOLATE: o->extrapolate = 1; break;
        case O_ASPECT: bad = cli_number(opt, optarg, 1.0, INFINITY, &o->max_aspect) != 0; break;
        case O_EVALUATE: o->evaluate = optarg; break;
        case O_PROCS: bad = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->procs) != 0; break;
        case 'q': o->quiet = 1; break;
        case 'h': return CLI_HELP;
        case O_VERSION: return CLI_VERSION;
        default: return cli_getopt_error(c, argv);
        }
    }
    if (bad)
        return CLI_BAD;
    if (optind != argc)
        return cli_extra_argument(argv[optind]);
    if (o->timing.max_reps < o->timing.min_reps)
        o->timing.max_reps = o->timing.min_reps;
    for (int i = 0; i < o->ncheck; i++)
        for (int k = 0; k < o->nsizes; k++)
            if (o->check[i] == o->sizes[k]) { /* checked on a tuned size: not a check */
                char text[ORTHO_MODEL_TEXT_MAX];
                ortho_model_size_text(o->check[i], text, (int)sizeof text);
                return cli_bad("--check-sizes", text, "sizes not in --sizes") != 0 ? CLI_BAD
                                                                                     : CLI_RUN;
            }
    return CLI_RUN;
}

/* The files this run will write, checked on rank 0 before anything is
 * measured; every rank learns the answer. */
static int outputs_writable(const struct tune_opts *o, int rank)
{
    int bad = 0;
    if (rank == 0 && !o->dry_run && !o->lookup_bench) {
        bad = o->output != NULL && cli_output_check(o->output) != 0;
        bad = bad || (o->csv != NULL && cli_output_check(o->csv) != 0);
        bad = bad || (o->check_csv != NULL && cli_output_check(o->check_csv) != 0);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return !bad;
}

/* Wall-clock seconds: time(), which SMPI does not simulate, so that the
 * estimates and --max-seconds mean the same under smpirun. */
static double wall_since(time_t start)
{
    return difftime(time(NULL), start);
}

static void progress(const struct tune_table *tb, int c, int done, int total, double elapsed,
                     double left)
{
    fprintf(stderr, "[%3d/%d] %-10s %-24s", done, total, ortho_op_word(tb->op),
            tb->name[c]);
    for (int s = 0; s < tb->nall; s++) {
        char sz[32];
        ortho_model_size_text(tb->all[s], sz, (int)sizeof sz);
        if (c == 0 || !tb->valid[c])
            fprintf(stderr, " %s %.3e s", sz, tb->t[c * tb->nall + s]);
        else
            fprintf(stderr, " %s %.2fx", sz, tb->t[s] / tb->t[c * tb->nall + s]);
    }
    if (tb->note[c] != NULL)
        fprintf(stderr, "  (%s)", tb->note[c]);
    fprintf(stderr, "  %.0f s, about %.0f s left\n", elapsed, left);
    fflush(stderr);
}

/* Measures every table; returns an MPI error code. */
static int measure_all(MPI_Comm comm, struct tune_table tb[], int nt, const struct tune_opts *o,
                       int rank)
{
    int total = 0, done = 0, err = MPI_SUCCESS, stop = 0, skipped = 0;
    double spent_all = 0.0;
    time_t start = time(NULL);
    for (int k = 0; k < nt; k++)
        total += tb[k].ncand;
    for (int k = 0; k < nt && err == MPI_SUCCESS; k++) {
        double op_start = wall_since(start);
        for (int c = 0; c < tb[k].ncand && err == MPI_SUCCESS; c++) {
            double elapsed = wall_since(start), per = done > 0 ? spent_all / done : 0.0;
            /* every rank follows rank 0's clock */
            stop = o->max_seconds > 0.0 && c > 0 && elapsed + per > o->max_seconds;
            MPI_Bcast(&stop, 1, MPI_INT, 0, comm);
            if (stop) {
                tb[k].note[c] = "skipped: --max-seconds";
                skipped++;
                continue;
            }
            err = tune_measure(comm, tb[k].op, &tb[k].cand[c], tb[k].all, tb[k].nall, &o->timing,
                               &tb[k].t[c * tb[k].nall], &tb[k].note[c]);
            tb[k].valid[c] = err == MPI_SUCCESS && tb[k].note[c] == NULL;
            done++;
            elapsed = wall_since(start);
            spent_all = elapsed;
            /* what is left: this op's candidates at this op's pace, the
             * others at the pace of everything so far */
            double op_pace = (elapsed - op_start) / (c + 1), left = 0.0;
            left += (tb[k].ncand - c - 1) * op_pace;
            for (int j = k + 1; j < nt; j++)
                left += tb[j].ncand * (spent_all / done);
            if (o->max_seconds > 0.0)
                left = fmin(left, fmax(0.0, o->max_seconds - elapsed));
            if (rank == 0 && !o->quiet && err == MPI_SUCCESS)
                progress(&tb[k], c, done + skipped, total, elapsed, left);
        }
    }
    if (rank == 0 && skipped > 0)
        fprintf(stderr, "ortho-tune: --max-seconds %.0f: %d of %d candidates not measured\n",
                o->max_seconds, skipped, total);
    return err;
}

static void write_csv(const struct tune_opts *o, const struct tune_table tb[], int nt, int p)
{
    FILE *f = fopen(o->csv, "w");
    if (f == NULL) {
        fprintf(stderr, "ortho-tune: cannot write %s: %s\n", o->csv, strerror(errno));
        return;
    }
    fprintf(f, "op,p,bytes,candidate,seconds,tuned,valid\n");
    for (int k = 0; k < nt; k++)
        for (int c = 0; c < tb[k].ncand; c++)
            for (int s = 0; s < tb[k].nall; s++) {
                int tuned = 0;
                for (int i = 0; i < o->nsizes; i++)
                    tuned |= o->sizes[i] == tb[k].all[s];
                if (tb[k].note[c] != NULL && tb[k].t[c * tb[k].nall + s] == 0.0)
                    continue;
                fprintf(f, "%s,%d,%.0f,%s,%.6e,%d,%d\n", ortho_op_word(tb[k].op), p,
                        tune_bytes(tb[k].op, tb[k].all[s]), tb[k].name[c],
                        tb[k].t[c * tb[k].nall + s], tuned, tb[k].valid[c]);
            }
    fclose(f);
}

int main(int argc, char **argv)
{
    int rank = 0, p = 1, rc, err = MPI_SUCCESS, node_size = 0, nt = 0;
    struct tune_opts o;
    struct tune_table tb[ORTHO_OP_COUNT];
    ortho_model_profile_t prof = NULL;
    char msg[ORTHO_MODEL_MSG_MAX];
    double maxb = 0.0;

    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    cli_init("ortho-tune", rank == 0);
    rc = parse(argc, argv, &o);
    if (rc != CLI_RUN) {
        rc = cli_stop(rc, usage);
        MPI_Finalize();
        return rc;
    }
    /* the tool decides what runs: settings that would override it go */
    for (const char *const *v = (const char *const[]){ "ORTHO_GRID", "ORTHO_VARIANT",
                                                        "ORTHO_PROFILE", NULL };
         *v != NULL; v++)
        if (getenv(*v) != NULL) {
            if (rank == 0)
                fprintf(stderr, "ortho-tune: ignoring %s\n", *v);
            unsetenv(*v);
        }
    if (o.evaluate != NULL && !o.output_given)
        o.output = NULL; /* --evaluate writes a profile only when asked */
    if (!outputs_writable(&o, rank)) {
        MPI_Finalize();
        return CLI_EXIT_USAGE;
    }
    if (o.profile_in != NULL) {
        if (ortho_model_profile_read(o.profile_in, &prof, msg) != MPI_SUCCESS) {
            if (rank == 0)
                fprintf(stderr, "ortho-tune: %s\n", msg);
            MPI_Finalize();
            return 1;
        }
    } else if (ortho_model_profile_create(&prof) != MPI_SUCCESS) {
        MPI_Finalize();
        return 1;
    }
    if (o.evaluate != NULL) {
        err = rank == 0 ? tune_evaluate(o.evaluate, prof, &o) : MPI_SUCCESS;
        ortho_model_profile_free(&prof);
        MPI_Finalize();
        return err == MPI_SUCCESS ? 0 : 1;
    }
    if (o.lookup_bench) {
        err = tune_lookup_bench(MPI_COMM_WORLD, prof, &o);
        ortho_model_profile_free(&prof);
        MPI_Finalize();
        return err == MPI_SUCCESS ? 0 : 1;
    }
    ortho_comm_node_size(MPI_COMM_WORLD, &node_size);
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        if (!((o.ops >> op) & 1u))
            continue;
        if (tune_table_create(&tb[nt], (ortho_op)op, p, node_size, &o) != 0) {
            if (rank == 0)
                fprintf(stderr, "ortho-tune: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        nt++;
    }
    for (int i = 0; i < o.nsizes; i++)
        maxb = fmax(maxb, o.sizes[i]);
    for (int i = 0; i < o.ncheck; i++)
        maxb = fmax(maxb, o.check[i]);
    if (rank == 0) {
        int total = 0, pts = 0;
        printf("ortho-tune: %d processes (%d per node), %d sizes tuned, %d checked, margin %.0f%%, "
               "%d to %d reps per point\n",
               p, node_size, o.nsizes, o.ncheck, 100.0 * o.margin, o.timing.min_reps,
               o.timing.max_reps);
        for (int k = 0; k < nt; k++) {
            total += tb[k].ncand;
            pts += tb[k].ncand * tb[k].nall;
            printf("  %-10s %3d candidates:", ortho_op_word(tb[k].op), tb[k].ncand);
            for (int c = 0; c < tb[k].ncand && (o.dry_run || c < 8); c++)
                printf(" %s", tb[k].name[c]);
            printf("%s\n", !o.dry_run && tb[k].ncand > 8 ? " ..." : "");
        }
        for (int k = 0; k < nt; k++)
            if (tb[k].dropped != NULL)
                printf("%s", tb[k].dropped);
        printf("  %d candidates, %d points\n", total, pts);
        fflush(stdout);
    }
    if (o.dry_run)
        goto fn_exit;
    if (tune_buffers_create(p, maxb, o.shared) != MPI_SUCCESS) {
        if (rank == 0)
            fprintf(stderr, "ortho-tune: cannot allocate buffers for %.0f bytes x %d "
                            "(--shared under SMPI)\n", maxb, p);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    err = measure_all(MPI_COMM_WORLD, tb, nt, &o, rank);
    if (err != MPI_SUCCESS) {
        char text[MPI_MAX_ERROR_STRING];
        int len = 0;
        MPI_Error_string(err, text, &len);
        if (rank == 0)
            fprintf(stderr, "ortho-tune: a measurement failed: %s\n", text);
        goto fn_exit;
    }
    if (rank == 0)
        printf("decisions (margin %.0f%%):\n", 100.0 * o.margin);
    for (int k = 0; k < nt; k++)
        if (tune_decide(&tb[k], &o, p, prof, rank == 0 ? stdout : NULL) < 0) {
            if (rank == 0)
                fprintf(stderr, "ortho-tune: cannot add the decisions of %s\n",
                        ortho_op_word(tb[k].op));
            err = MPI_ERR_OTHER;
        }
    if (rank == 0) {
        errno = 0;
        if (ortho_model_profile_write(prof, o.output) != MPI_SUCCESS) {
            fprintf(stderr, "ortho-tune: cannot write %s: %s\n", o.output,
                    errno != 0 ? strerror(errno) : "write failed");
            err = MPI_ERR_FILE;
        } else {
            printf("ortho-tune: wrote %s\n", o.output);
        }
        if (o.csv != NULL)
            write_csv(&o, tb, nt, p);
        fflush(stdout);
    }
    MPI_Bcast(&err, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (err == MPI_SUCCESS && o.ncheck > 0)
        err = tune_check(MPI_COMM_WORLD, tb, nt, &o, prof, node_size);
    tune_buffers_free();
fn_exit:
    for (int k = 0; k < nt; k++)
        tune_table_free(&tb[k]);
    ortho_model_profile_free(&prof);
    MPI_Finalize();
    return err == MPI_SUCCESS ? 0 : 1;
}
