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
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
            "                         also allgatherv, gatherv, scatterv\n"
            "      --sizes LIST       sizes to tune on, K/M = 1024 (default 1K,8K,64K,512K)\n"
            "      --check-sizes LIST sizes to check the selection on (not tuned on)\n"
            "      --dims N           grids of 2 to N dimensions (default 2)\n"
            "      --variants LIST    phases,rsag,scag (default all); native is always timed\n"
            "      --candidates LIST  only these candidates, e.g. phases:8x12:rows,rsag:4x24:cols\n"
            "      --no-node          no node-aware candidates\n"
            "      --max-aspect R     only grids whose largest extent is at most R times the\n"
            "                         smallest (e.g. 6: 4x24 ... 24x4 of 96, not 2x48)\n"
            "      --margin X         a candidate replaces native when at least X faster\n"
            "                         (default 0.03)\n"
            "      --threshold X      the model's threshold in --check-sizes (default 0.03)\n"
            "      --extrapolate      in --check-sizes, the model decides outside the tuned\n"
            "                         range too (ORTHO_SELECT_EXTRAPOLATE=1; default native)\n"
            "      --min-reps N, --max-reps N, --rse X, --point-seconds S\n"
            "                         repetitions per point (default 3, 10, 0.05, 0.5)\n"
            "      --max-seconds S    stop measuring after S seconds of wall time\n"
            "      --csv FILE         every measured point; --check-csv FILE: every checked one\n"
            "      --shared/--no-shared  SMPI_SHARED_MALLOC buffers (default: on under SMPI)\n"
            "      --dry-run          list the candidates and the points, measure nothing\n"
            "      --lookup-bench     time the decision lookup (of --profile) and exit;\n"
            "                         --procs N: the selector's process count (default P)\n"
            "      --evaluate CSV     check the selection of --profile on the sizes of an\n"
            "                         earlier run's --csv that it did not tune on; measures\n"
            "                         nothing (one process is enough); --redecide: take the\n"
            "                         decisions again from its tuned sizes (written to -o\n"
            "                         when given)\n"
            "  -q, --quiet            no progress on stderr\n"
            "  -h, --help\n");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int parse_sizes(const char *text, double out[], int *n)
{
    char buf[1024];
    char *save = NULL;
    *n = 0;
    if (strlen(text) >= sizeof buf)
        return -1;
    strcpy(buf, text);
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        double v;
        if (*n == TUNE_MAX_SIZES || ortho_model_parse_bytes(t, &v) != MPI_SUCCESS || v < 8.0
            || v > 1e9)
            return -1;
        out[(*n)++] = floor(v);
    }
    qsort(out, (size_t)*n, sizeof out[0], cmp_double);
    for (int i = 1; i < *n; i++)
        if (out[i] == out[i - 1])
            return -1;
    return *n > 0 ? 0 : -1;
}

static unsigned parse_ops(const char *text)
{
    char buf[256];
    char *save = NULL;
    unsigned ops = 0;
    if (strlen(text) >= sizeof buf)
        return 0;
    strcpy(buf, text);
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        int found = 0;
        if (strcmp(t, "all") == 0) {
            ops |= ALL_OPS;
            continue;
        }
        for (int op = 0; op < ORTHO_OP_COUNT; op++)
            if (strcmp(t, ortho_op_word((ortho_op)op)) == 0) {
                ops |= 1u << op;
                found = 1;
            }
        if (!found)
            return 0;
    }
    return ops;
}

static unsigned parse_variants(const char *text)
{
    char buf[128];
    char *save = NULL;
    unsigned v = 1u << ORTHO_VARIANT_NATIVE;
    if (strlen(text) >= sizeof buf)
        return 0;
    strcpy(buf, text);
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        int found = 0;
        for (int i = 0; i < ORTHO_VARIANT_COUNT; i++)
            if (strcmp(t, ortho_variant_name((ortho_variant)i)) == 0) {
                v |= 1u << i;
                found = 1;
            }
        if (!found)
            return 0;
    }
    return v;
}

static double parse_fraction(const char *text)
{
    char *end = NULL;
    double v = strtod(text, &end);
    if (end != text && *end == '%') {
        v /= 100.0;
        end++;
    }
    return end != text && *end == '\0' && v >= 0.0 && v < 1.0 ? v : -1.0;
}

/* 0: run; 1: bad usage; 2: help. */
static int parse(int argc, char **argv, struct tune_opts *o)
{
    enum { O_PROFILE = 256, O_OPS, O_SIZES, O_CHECK, O_DIMS, O_VARIANTS, O_CANDS, O_NO_NODE,
           O_MARGIN, O_THRESHOLD, O_MIN_REPS, O_MAX_REPS, O_RSE, O_POINT, O_MAX_SECONDS, O_CSV,
           O_CHECK_CSV, O_SHARED, O_NO_SHARED, O_DRY, O_LOOKUP, O_PROCS, O_EVALUATE,
           O_ASPECT, O_REDECIDE, O_EXTRAPOLATE };
    static const struct option longs[] = {
        { "output", required_argument, NULL, 'o' },
        { "profile", required_argument, NULL, O_PROFILE },
        { "ops", required_argument, NULL, O_OPS },
        { "sizes", required_argument, NULL, O_SIZES },
        { "check-sizes", required_argument, NULL, O_CHECK },
        { "dims", required_argument, NULL, O_DIMS },
        { "variants", required_argument, NULL, O_VARIANTS },
        { "candidates", required_argument, NULL, O_CANDS },
        { "no-node", no_argument, NULL, O_NO_NODE },
        { "margin", required_argument, NULL, O_MARGIN },
        { "threshold", required_argument, NULL, O_THRESHOLD },
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
        { NULL, 0, NULL, 0 },
    };
    int c, bad = 0;
    char *end = NULL;
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
    parse_sizes("1K,8K,64K,512K", o->sizes, &o->nsizes);
    while (!bad && (c = getopt_long(argc, argv, "o:qh", longs, NULL)) != -1) {
        switch (c) {
        case 'o':
            o->output = optarg;
            o->output_given = 1;
            break;
        case O_PROFILE:
            o->profile_in = optarg;
            break;
        case O_OPS:
            bad = (o->ops = parse_ops(optarg)) == 0;
            break;
        case O_SIZES:
            bad = parse_sizes(optarg, o->sizes, &o->nsizes) != 0;
            break;
        case O_CHECK:
            bad = parse_sizes(optarg, o->check, &o->ncheck) != 0;
            break;
        case O_DIMS:
            o->maxdims = (int)strtol(optarg, &end, 10);
            bad = *end != '\0' || o->maxdims < 1 || o->maxdims > ORTHO_GRID_MAX_DIMS;
            break;
        case O_VARIANTS:
            bad = (o->variants = parse_variants(optarg)) == 0;
            break;
        case O_CANDS:
            o->candidates = optarg;
            break;
        case O_NO_NODE:
            o->node = 0;
            break;
        case O_MARGIN:
            bad = (o->margin = parse_fraction(optarg)) < 0.0;
            break;
        case O_THRESHOLD:
            bad = (o->threshold = parse_fraction(optarg)) < 0.0;
            break;
        case O_MIN_REPS:
            o->timing.min_reps = (int)strtol(optarg, &end, 10);
            bad = *end != '\0' || o->timing.min_reps < 1;
            break;
        case O_MAX_REPS:
            o->timing.max_reps = (int)strtol(optarg, &end, 10);
            bad = *end != '\0' || o->timing.max_reps < 1;
            break;
        case O_RSE:
            o->timing.rel_se = strtod(optarg, &end);
            bad = *end != '\0' || !(o->timing.rel_se >= 0.0);
            break;
        case O_POINT:
            o->timing.max_seconds = strtod(optarg, &end);
            bad = *end != '\0' || !(o->timing.max_seconds >= 0.0);
            break;
        case O_MAX_SECONDS:
            o->max_seconds = strtod(optarg, &end);
            bad = *end != '\0' || !(o->max_seconds >= 0.0);
            break;
        case O_CSV:
            o->csv = optarg;
            break;
        case O_CHECK_CSV:
            o->check_csv = optarg;
            break;
        case O_SHARED:
            o->shared = 1;
            break;
        case O_NO_SHARED:
            o->shared = 0;
            break;
        case O_DRY:
            o->dry_run = 1;
            break;
        case O_LOOKUP:
            o->lookup_bench = 1;
            break;
        case O_REDECIDE:
            o->redecide = 1;
            break;
        case O_EXTRAPOLATE:
            o->extrapolate = 1;
            break;
        case O_ASPECT:
            o->max_aspect = strtod(optarg, &end);
            bad = *end != '\0' || !(o->max_aspect >= 1.0);
            break;
        case O_EVALUATE:
            o->evaluate = optarg;
            break;
        case O_PROCS:
            o->procs = (int)strtol(optarg, &end, 10);
            bad = *end != '\0' || o->procs < 1;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 'h':
            return 2;
        default:
            bad = 1;
        }
    }
    if (!bad && o->timing.max_reps < o->timing.min_reps)
        o->timing.max_reps = o->timing.min_reps;
    for (int i = 0; !bad && i < o->ncheck; i++)
        for (int k = 0; k < o->nsizes; k++)
            if (o->check[i] == o->sizes[k])
                bad = 1; /* checked on a tuned size: not a check */
    return bad || optind != argc ? 1 : 0;
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
            fprintf(stderr, " %s %.3e", sz, tb->t[c * tb->nall + s]);
        else
            fprintf(stderr, " %s x%.3g", sz, tb->t[s] / tb->t[c * tb->nall + s]);
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
        fprintf(stderr, "ortho-tune: cannot write %s\n", o->csv);
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
    opterr = rank == 0;
    rc = parse(argc, argv, &o);
    if (rc != 0) {
        if (rank == 0)
            usage(rc == 2 ? stdout : stderr);
        MPI_Finalize();
        return rc == 2 ? 0 : 2;
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
        if (!o.output_given)
            o.output = NULL; /* --evaluate writes a profile only when asked */
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
        if (ortho_model_profile_write(prof, o.output) != MPI_SUCCESS) {
            fprintf(stderr, "ortho-tune: cannot write %s\n", o.output);
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
