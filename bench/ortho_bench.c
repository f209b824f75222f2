/* ortho-bench: each MPI collective against its orthogonal realizations, on
 * every layout, over a range of message sizes.
 *
 *   mpiexec -n P ortho-bench [options]
 *   smpirun -np P -platform X.xml ... ortho-bench --platform X.xml [options]
 *
 * For each operation and size it times the native call and the orthogonal
 * one on every layout (one untimed warm-up, then --reps calls, each after
 * a barrier; a call lasts from the first rank's start to the last rank's
 * end on a global clock, else the longest rank's own duration; the median
 * of the repetitions is reported), checks every result against the expected
 * data, and prints one line per point: time, speedup t_native / t, time
 * over the platform's lower bound. Then, per layout, the minimum,
 * geometric mean and maximum speedup over the sizes (the paper's Figures
 * 14-23 show the same as improvement 1 - t/t_native), and per operation
 * and size the fastest implementation over the bound. --csv, --summary
 * and --best write them as CSV. --impls candidates times every candidate
 * the library lists for the communicator (ortho_candidates()), each
 * through the drop-ins with a chooser that names it. docs/bench.md. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../tools/cli.h"
#include "bench.h"

#define MAX_SIZES 64
#define MAX_LAYOUTS 256
#define MAX_CANDS 4096

struct options {
    unsigned ops;
    double sizes[MAX_SIZES];
    int nsizes;
    char impls[256];
    int maxdims, max_nd, reps, calls, root, shared, check, quiet;
    int nlayouts, ndims[MAX_LAYOUTS], dims[MAX_LAYOUTS][ORTHO_GRID_MAX_DIMS];
    const char *platform, *label, *csv, *summary, *best;
    const char *only;   /* --candidates: the patterns of the candidates timed; NULL: all */
};

/* One implementation on one layout, or (--impls candidates) one
 * candidate of the library for one operation, run by the drop-ins with a
 * chooser that names it. */
struct cand {
    const struct bench_impl *impl;
    int ndims, dims[ORTHO_GRID_MAX_DIMS];
    char layout[64];
    ortho_grid_t grid;
    int op;                    /* the one operation it runs; -1: every one */
    int fixed;                 /* 1: the library candidate `want` */
    ortho_candidate want;
    char name[ORTHO_CANDIDATE_NAME_MAX];   /* impl->name, or want's name */
};

/* One measured orthogonal point (kept on rank 0 for the summary). */
struct point {
    int op, cand;
    double bytes, time, native;
    int status;
};

enum { ST_OK, ST_UNCHECKED, ST_WRONG, ST_ERROR, ST_BELOW };
static const char *const status_names[] = { "ok", "unchecked", "WRONG", "ERROR", "BELOW_BOUND" };

struct timing {
    double median, min, max;
    int err, wrong;
    int ran_other;   /* a fixed candidate ran as something else (native, a plain grid) */
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: mpiexec -n P ortho-bench [options]\n"
            "Times each collective natively and on every orthogonal layout, checks the results.\n"
            "Speedup = t_native / t_ortho (above 1x the orthogonal version is faster).\n"
            "      --ops LIST       bcast,reduce,allreduce,gather,scatter,allgather or all\n"
            "                       (default all)\n"
            "      --sizes LIST     message sizes b per process, 1 to 1G each, K/M/G = 1024\n"
            "                       (default 1K,16K,128K)\n"
            "      --impls LIST     orthogonal implementations: 2d, nd, dropin, candidates\n"
            "                       (every candidate of ortho_candidates() for the\n"
            "                       communicator, by its name) (default 2d,nd); the native\n"
            "                       operation is always timed\n"
            "      --candidates LIST  with --impls candidates: only those matching one of\n"
            "                       these patterns (a variant, then fields its names must\n"
            "                       hold: pipe:node, rsag:rows, rsag:32x32:rows; OP=pattern\n"
            "                       for one operation: allgather=pipe:node:cols)\n"
            "      --dims N         layouts of 2 to N dimensions, N from 1 to %d (default 3;\n"
            "                       --max-dims is the same)\n"
            "      --max-nd N       at most N layouts of 3 or more dimensions, the most\n"
            "                       balanced ones, 0 to %d (default 4)\n"
            "      --layouts LIST   exactly these layouts, e.g. 4x24,2x6x8 (extents multiply\n"
            "                       to P)\n"
            "      --reps N         timed calls per point after one warm-up, 1 to %d (default 5)\n"
            "      --calls N        instead: N consecutive calls per point on a fresh duplicate\n"
            "                       of the communicator, timed together from the first one\n"
            "                       (online selection's exploring included; untimed before,\n"
            "                       except under SMPI: N native calls on another duplicate);\n"
            "                       time and speedup are those of the N calls' total; 1 to %d\n"
            "      --root R         root of bcast, reduce, gather, scatter, 0 to P-1 (default 0)\n"
            "      --platform FILE  SimGrid platform file: print each time over its lower bound\n"
            "      --label TEXT     name of the native setting, for the CSV (e.g. mpich)\n"
            "      --csv FILE       every point as CSV\n"
            "      --summary FILE   min/geometric mean/max speedup per layout as CSV\n"
            "      --best FILE      per operation and size the fastest implementation, its\n"
            "                       time over the bound and native's, as CSV\n"
            "      --shared         SMPI_SHARED_MALLOC buffers (SMPI only; results unchecked)\n"
            "      --no-check       do not check the results\n"
            "  -q, --quiet          summary only\n"
            "  -h, --help           this text; --version: the library's version\n"
            "The output files are checked before anything is measured.\n",
            ORTHO_GRID_MAX_DIMS, CLI_INT_MAX, CLI_INT_MAX, CLI_INT_MAX);
}

/* --candidates: each pattern a candidate name (ortho_candidate_parse()),
 * after "OP=" an operation's, at most 64 of them; 0, or 1 when said. */
static int check_patterns(const char *opt, const char *list)
{
    int n = 0;
    for (const char *s = list;; n++) {
        char item[ORTHO_CANDIDATE_NAME_MAX];
        ortho_candidate cand;
        size_t len = strcspn(s, ","), head = strcspn(s, ":=");
        int known = 0;
        if (head < len && s[head] == '=') {   /* OP=name */
            for (int op = 0; op < BENCH_NOPS; op++) {
                const char *word = bench_op_name((enum bench_op)op);
                known |= strlen(word) == head && strncmp(s, word, head) == 0;
            }
            if (!known)
                return cli_bad(opt, list, "OP=name with OP one of bcast, reduce, allreduce, "
                               "gather, scatter, allgather") != 0;
            s += head + 1;
            len -= head + 1;
        }
        if (len == 0 || len >= sizeof item || n >= 64)
            return cli_bad(opt, list, "at most 64 candidate names such as pipe:node,rsag:rows") != 0;
        memcpy(item, s, len);
        item[len] = '\0';
        if (ortho_candidate_parse(item, &cand) != MPI_SUCCESS)
            return cli_bad(opt, item, "a candidate name such as pipe:node or rsag:16x8:rows") != 0;
        s += len;
        if (*s == '\0')
            return 0;
        s++;
    }
}

/* CLI_RUN, CLI_BAD (said), CLI_HELP, CLI_VERSION. */
static int parse(int argc, char **argv, struct options *o)
{
    enum { O_VERSION = 256 };
    static const struct option longopts[] = {
        { "ops", required_argument, NULL, 'O' },      { "sizes", required_argument, NULL, 's' },
        { "impls", required_argument, NULL, 'i' },    { "dims", required_argument, NULL, 'd' },
        { "max-nd", required_argument, NULL, 'n' },   { "layouts", required_argument, NULL, 'l' },
        { "reps", required_argument, NULL, 'r' },     { "root", required_argument, NULL, 'R' },
        { "platform", required_argument, NULL, 'P' }, { "label", required_argument, NULL, 'L' },
        { "csv", required_argument, NULL, 'c' },      { "summary", required_argument, NULL, 'S' },
        { "shared", no_argument, NULL, 'H' },         { "no-check", no_argument, NULL, 'N' },
        { "quiet", no_argument, NULL, 'q' },          { "help", no_argument, NULL, 'h' },
        { "calls", required_argument, NULL, 'C' },    { "version", no_argument, NULL, O_VERSION },
        { "max-dims", required_argument, NULL, 'd' }, { "best", required_argument, NULL, 'B' },
        { "candidates", required_argument, NULL, 'K' }, { NULL, 0, NULL, 0 }
    };
    static const char *const impl_words[] = { "2d", "nd", "dropin", "candidates" };
    const char *op_words[BENCH_NOPS];
    int c, rc = 0, li = -1;
    unsigned impls = 0;
    memset(o, 0, sizeof *o);
    for (int op = 0; op < BENCH_NOPS; op++)
        op_words[op] = bench_op_name((enum bench_op)op);
    o->ops = (1u << BENCH_NOPS) - 1u;
    cli_sizes("--sizes", "1K,16K,128K", 1.0, 1073741824.0, o->sizes, MAX_SIZES, &o->nsizes);
    snprintf(o->impls, sizeof o->impls, "2d,nd");
    o->maxdims = 3;
    o->max_nd = 4;
    o->reps = 5;
    o->check = 1;
    o->label = "";
    opterr = 0;
    while (rc == 0 && (c = getopt_long(argc, argv, ":qh", longopts, &li)) != -1) {
        const char *opt = cli_option(longopts, li, c);
        li = -1;
        switch (c) {
        case 'O':
            rc = cli_words(opt, optarg, op_words, BENCH_NOPS, "all", (1u << BENCH_NOPS) - 1u,
                           &o->ops) != 0;
            break;
        case 's':
            rc = cli_sizes(opt, optarg, 1.0, 1073741824.0, o->sizes, MAX_SIZES, &o->nsizes) != 0;
            break;
        case 'i':
            rc = cli_words(opt, optarg, impl_words, 4, NULL, 0, &impls) != 0;
            snprintf(o->impls, sizeof o->impls, "%s", optarg);
            break;
        case 'd': rc = cli_int(opt, optarg, 1, ORTHO_GRID_MAX_DIMS, &o->maxdims) != 0; break;
        case 'n': rc = cli_int(opt, optarg, 0, CLI_INT_MAX, &o->max_nd) != 0; break;
        case 'l':
            o->nlayouts = bench_parse_layouts(optarg, o->ndims, o->dims, MAX_LAYOUTS);
            if (o->nlayouts < 1)
                rc = cli_bad(opt, optarg, "layouts such as 4x24,2x6x8 (at most %d)",
                             MAX_LAYOUTS) != 0;
            break;
        case 'r': rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->reps) != 0; break;
        case 'C': rc = cli_int(opt, optarg, 1, CLI_INT_MAX, &o->calls) != 0; break;
        case 'R': rc = cli_int(opt, optarg, 0, CLI_INT_MAX, &o->root) != 0; break;
        case 'P': o->platform = optarg; break;
        case 'L': o->label = optarg; break;
        case 'c': o->csv = optarg; break;
        case 'S': o->summary = optarg; break;
        case 'B': o->best = optarg; break;
        case 'K':
            o->only = optarg;
            rc = check_patterns(opt, optarg);
            break;
        case 'H': o->shared = 1; break;
        case 'N': o->check = 0; break;
        case 'q': o->quiet = 1; break;
        case 'h': return CLI_HELP;
        case O_VERSION: return CLI_VERSION;
        default: return cli_getopt_error(c, argv);
        }
    }
    if (rc == 0 && o->only != NULL && strstr(o->impls, "candidates") == NULL)
        rc = cli_bad("--candidates", o->only, "patterns of the library's candidates, timed "
                     "only with --impls candidates") != 0;
    if (rc != 0)
        return CLI_BAD;
    if (optind < argc)
        return cli_extra_argument(argv[optind]);
    return CLI_RUN;
}

/* What needs p, and the output files (rank 0 looks, every rank learns):
 * before anything is measured. */
static int check_before_measuring(const struct options *o, int rank, int p)
{
    int bad = 0;
    char text[64];
    if (o->shared && !bench_shared_available())
        bad = cli_missing("--shared needs the SMPI build (make SMPI=1)");
    if (!bad && o->root >= p) {
        snprintf(text, sizeof text, "%d", o->root);
        bad = cli_bad("--root", text, "a rank of the %d processes, 0 to %d", p, p - 1) != 0;
    }
    for (int i = 0; i < o->nlayouts && !bad; i++) {
        long prod = 1;
        for (int k = 0; k < o->ndims[i]; k++)
            prod *= o->dims[i][k];
        if (prod != p || o->ndims[i] < 2) {
            bench_layout_name(o->ndims[i], o->dims[i], text, sizeof text);
            bad = cli_bad("--layouts", text, "layouts of 2 or more extents whose product is the "
                          "%d processes", p) != 0;
        }
    }
    if (!bad && rank == 0)
        bad = (o->csv != NULL && cli_output_check(o->csv) != 0)
              || (o->summary != NULL && cli_output_check(o->summary) != 0)
              || (o->best != NULL && cli_output_check(o->best) != 0);
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return bad;
}

/* Is `name` in the comma-separated list? */
static int listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *s = list; *s != '\0';) {
        size_t item = strcspn(s, ",");
        if (item == len && strncmp(s, name, len) == 0)
            return 1;
        s += item;
        if (*s == ',')
            s++;
    }
    return 0;
}

/* max(d) / min(d): how far a layout is from a cube. */
static double imbalance(int ndims, const int dims[])
{
    int lo = dims[0], hi = dims[0];
    for (int i = 1; i < ndims; i++) {
        lo = dims[i] < lo ? dims[i] : lo;
        hi = dims[i] > hi ? dims[i] : hi;
    }
    return (double)hi / lo;
}

/* The layouts to time: --layouts, or every 2D layout of p plus the max_nd
 * most balanced ones of 3..maxdims dimensions, in ortho_model_layouts'
 * order (by dimensions, then extents). */
static int choose_layouts(const struct options *o, int p, int ndims[],
                          int dims[][ORTHO_GRID_MAX_DIMS])
{
    ortho_model_layout *all = NULL;
    int n = 0, total = 0, *keep = NULL;
    if (o->nlayouts > 0) {
        for (int i = 0; i < o->nlayouts; i++) {
            long prod = 1;
            for (int k = 0; k < o->ndims[i]; k++)
                prod *= o->dims[i][k];
            if (prod != p || o->ndims[i] < 2)
                continue; /* refused up front (check_before_measuring) */
            ndims[n] = o->ndims[i];
            memcpy(dims[n], o->dims[i], sizeof dims[n]);
            n++;
        }
        return n;
    }
    ortho_model_layouts(p, o->maxdims, NULL, 0, &total);
    all = malloc((size_t)(total > 0 ? total : 1) * sizeof *all);
    keep = calloc((size_t)(total > 0 ? total : 1), sizeof *keep);
    if (all == NULL || keep == NULL || ortho_model_layouts(p, o->maxdims, all, total, &total))
        total = 0;
    for (int i = 0; i < total; i++)
        keep[i] = all[i].ndims == 2;
    for (int chosen = 0; chosen < o->max_nd; chosen++) {
        int best = -1;
        for (int i = 0; i < total; i++)
            if (all[i].ndims >= 3 && !keep[i]
                && (best < 0 || imbalance(all[i].ndims, all[i].dims)
                                    < imbalance(all[best].ndims, all[best].dims)))
                best = i;
        if (best < 0)
            break;
        keep[best] = 1;
    }
    for (int i = 0; i < total && n < MAX_LAYOUTS; i++)
        if (keep[i]) {
            ndims[n] = all[i].ndims;
            memcpy(dims[n], all[i].dims, sizeof dims[n]);
            n++;
        }
    free(all);
    free(keep);
    return n;
}

/* --impls candidates: every candidate ortho_candidates() lists for each
 * timed operation on p processes with node_size per node (native apart:
 * it is the first row already), run through the drop-in functions; with
 * --candidates only those matching a pattern: the bits of the patterns
 * that matched are set in *matched, of those whose variant was listed in
 * *applies. Appended to cands[n..cap); returns the new count. */
static int add_library_candidates(const struct options *o, int p, int node_size,
                                  const struct bench_impl *dropin, struct cand cands[], int n,
                                  int cap, unsigned long long *matched,
                                  unsigned long long *applies)
{
    for (int op = 0; op < BENCH_NOPS; op++) {
        ortho_candidate *list = NULL;
        int total = 0;
        if (!(o->ops & (1u << op)))
            continue;
        ortho_op oop = bench_ortho_op((enum bench_op)op);
        if (ortho_candidates(oop, p, node_size, o->maxdims, NULL, 0, &total) != MPI_SUCCESS
            || total < 1 || (list = malloc((size_t)total * sizeof *list)) == NULL
            || ortho_candidates(oop, p, node_size, o->maxdims, list, total, &total)
                   != MPI_SUCCESS)
            total = 0;
        for (int i = 0; i < total && n < cap; i++) {
            struct cand *c = &cands[n];
            if (list[i].variant == ORTHO_VARIANT_NATIVE)
                continue;
            *c = (struct cand){ .impl = dropin, .op = op, .fixed = 1, .want = list[i] };
            c->ndims = list[i].ndims;
            memcpy(c->dims, list[i].dims, sizeof c->dims);
            bench_layout_name(c->ndims, c->dims, c->layout, sizeof c->layout);
            if (list[i].node_aware)
                strncat(c->layout, ":node", sizeof c->layout - strlen(c->layout) - 1);
            if (ortho_candidate_name(&list[i], c->name, (int)sizeof c->name) != MPI_SUCCESS)
                continue;   /* not a valid candidate: never listed */
            if (o->only != NULL) {
                const char *name = bench_op_name((enum bench_op)op);
                unsigned long long bits = bench_candidate_match(o->only, name, c->name);
                *applies |= bench_candidate_variant(o->only, name, c->name);
                if (bits == 0)
                    continue;
                *matched |= bits;
            }
            n++;
        }
        free(list);
    }
    return n;
}

/* Native first, then every (implementation, layout) pair that fits, then
 * the library's candidates. Collective (the node size of comm). -1 (rank 0
 * said why) when a --candidates pattern whose variant applies to a timed
 * operation matches none of its candidates (a layout that does not fit p,
 * an order or "node" the variant is not listed with); a variant that
 * applies to none of them (rsag with --ops bcast) just adds nothing. */
static int make_cands(const struct options *o, int p, MPI_Comm comm, struct cand cands[],
                      int cap)
{
    int ndims[MAX_LAYOUTS], dims[MAX_LAYOUTS][ORTHO_GRID_MAX_DIMS];
    int nimpls, n = 0, nl = choose_layouts(o, p, ndims, dims), node_size = 0;
    const struct bench_impl *impls = bench_impls(&nimpls), *dropin = NULL;
    for (int k = 0; k < nimpls; k++) {
        const struct bench_impl *im = &impls[k];
        if (im->min_dims == 0)
            dropin = im;
        if (k > 0 && !listed(o->impls, im->name))
            continue;
        if (im->min_dims <= 1) {   /* native, or a layout of the library's choice */
            if (n < cap) {
                cands[n] = (struct cand){ .impl = im, .ndims = 1, .dims = { p }, .op = -1 };
                snprintf(cands[n].layout, sizeof cands[n].layout, "%s",
                         im->min_dims == 1 ? "native" : "auto");
                snprintf(cands[n].name, sizeof cands[n].name, "%s", im->name);
                n++;
            }
            continue;
        }
        for (int l = 0; l < nl && n < cap; l++) {
            if (ndims[l] < im->min_dims || ndims[l] > im->max_dims)
                continue;
            cands[n] = (struct cand){ .impl = im, .ndims = ndims[l], .op = -1 };
            memcpy(cands[n].dims, dims[l], sizeof cands[n].dims);
            bench_layout_name(ndims[l], dims[l], cands[n].layout, sizeof cands[n].layout);
            snprintf(cands[n].name, sizeof cands[n].name, "%s", im->name);
            n++;
        }
    }
    if (listed(o->impls, "candidates") && dropin != NULL) {
        unsigned long long matched = 0, applies = 0;
        int rank, index = 0;
        ortho_comm_node_size(comm, &node_size);
        n = add_library_candidates(o, p, node_size, dropin, cands, n, cap, &matched, &applies);
        MPI_Comm_rank(comm, &rank);
        for (const char *s = o->only; s != NULL && *s != '\0'; index++) {
            int len = (int)strcspn(s, ",");
            if ((applies & ~matched) & (1ull << index)) {
                if (rank == 0)
                    fprintf(stderr, "ortho-bench: --candidates: %.*s matches no candidate of "
                            "the operations timed on %d processes\n", len, s, p);
                n = -1;
            }
            s += len + (s[len] == ',');
        }
    }
    return n;
}

/* The candidate a fixed run names (the chooser's context). */
static ortho_candidate fixed_want;

/* A fixed candidate runs on a fresh duplicate of the communicator (the
 * drop-ins cache their decisions per communicator) with the chooser that
 * names it. Collective; returns MPI_SUCCESS or the dup's error. */
static int fixed_begin(const struct cand *c, struct bench_args *a, MPI_Comm *world)
{
    MPI_Comm dup;
    *world = a->comm;
    if (!c->fixed)
        return MPI_SUCCESS;
    if (MPI_Comm_dup(*world, &dup) != MPI_SUCCESS)
        return MPI_ERR_OTHER;
    fixed_want = c->want;
    ortho_set_candidate_chooser(ortho_fixed_chooser, &fixed_want);
    a->comm = dup;
    return MPI_SUCCESS;
}

/* After a fixed candidate's calls: did it run as named (not native, not on
 * a plain grid instead of a node-aware one)? Frees the duplicate. */
static void fixed_end(const struct cand *c, struct bench_args *a, MPI_Comm world,
                      struct timing *t)
{
    ortho_candidate ran;
    int size = 0;
    if (!c->fixed)
        return;
    MPI_Type_size(a->type, &size);
    if (ortho_comm_candidate(a->comm, bench_ortho_op(a->op), (double)a->count * size, &ran,
                             NULL) != MPI_SUCCESS
        || ran.variant == ORTHO_VARIANT_NATIVE || (c->want.node_aware && !ran.node_aware))
        t->ran_other = 1;
    ortho_set_candidate_chooser(NULL, NULL);
    MPI_Comm_free(&a->comm);
    a->comm = world;
}

static double median(double *v, int n)
{
    for (int i = 1; i < n; i++)   /* insertion sort: a handful of values */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One point: a warm-up, then reps calls each after a barrier. With a
 * global clock (MPI_WTIME_IS_GLOBAL, as under SMPI) a call lasts from the
 * first rank's start to the last rank's end; otherwise the time of a call
 * is the longest of the ranks' own durations, which misses the part of
 * the operation that runs before a late rank leaves the barrier. Collective. */
static int measure(const struct cand *c, struct bench_args *a, struct bench_bufs *b,
                   const struct options *o, int global_clock, int rank, int p,
                   struct timing *t)
{
    int reps = o->reps;
    double *v = malloc(4 * (size_t)reps * sizeof *v), *all = v + 2 * reps;
    int flags[2] = { 0, 0 }, any[2];
    MPI_Comm world;
    if (v == NULL)
        return MPI_ERR_NO_MEM;
    if (fixed_begin(c, a, &world) != MPI_SUCCESS) {
        free(v);
        return MPI_ERR_OTHER;
    }
    a->grid = c->grid;
    t->ran_other = 0;
    for (int r = -1; r < reps; r++) {
        bench_bufs_reset(b, a, rank);
        MPI_Barrier(a->comm);
        double t0 = MPI_Wtime();
        int err = c->impl->fn[a->op](a);
        double t1 = MPI_Wtime();
        if (err != MPI_SUCCESS)
            flags[0] = 1;
        if (r < 0)
            continue;
        if (global_clock) {
            v[r] = t1;           /* the maximum of the ends ... */
            v[reps + r] = -t0;   /* ... and of minus the starts */
        } else {
            v[r] = t1 - t0;
            v[reps + r] = 0;
        }
    }
    if (o->check && !flags[0] && !bench_bufs_check(b, a, rank, p))
        flags[1] = 1;
    MPI_Allreduce(v, all, 2 * reps, MPI_DOUBLE, MPI_MAX, a->comm);
    MPI_Allreduce(flags, any, 2, MPI_INT, MPI_MAX, a->comm);
    for (int r = 0; r < reps; r++)
        all[r] += all[reps + r];
    t->err = any[0];
    t->wrong = any[1];
    t->min = t->max = all[0];
    for (int r = 1; r < reps; r++) {
        t->min = fmin(t->min, all[r]);
        t->max = fmax(t->max, all[r]);
    }
    t->median = median(all, reps);
    fixed_end(c, a, world, t);
    free(v);
    return MPI_SUCCESS;
}

/* Before a point of --calls N on a real MPI: N untimed native calls on a
 * fresh duplicate, back to back like the timed ones. An MPI grows its
 * pools (unexpected messages, requests) the first time a pattern runs
 * ahead, and without this whichever candidate came first paid for it:
 * 1000 broadcasts of 2 KB on 2 processes took 0.64-0.98 ms on a process's
 * first duplicate and 0.44-0.67 ms on each later one (MPICH 4.0); with
 * the library passing every call through (ORTHO_ADAPT=0) on 16 real
 * processes, reduce and gather of 2 KB measured 1.1x to 1.6x "faster"
 * than native. Not under SMPI, where time is the simulation's. */
static void warm_up(const struct cand *native, struct bench_args *a, struct bench_bufs *b,
                    const struct options *o, int rank)
{
    MPI_Comm world = a->comm, fresh;
    if (bench_shared_available() || MPI_Comm_dup(world, &fresh) != MPI_SUCCESS)
        return;
    a->comm = fresh;
    a->grid = native->grid;
    bench_bufs_reset(b, a, rank);
    for (int i = 0; i < o->calls; i++)
        native->impl->fn[a->op](a);
    MPI_Comm_free(&fresh);
    a->comm = world;
}

/* One point of --calls N: N consecutive calls on a fresh duplicate of the
 * communicator (what the library learned on another point is not there),
 * after one barrier, the candidate itself not warmed up (the duplicate's
 * first collective and the drop-ins' set-up run before the barrier, see
 * below): the time from the first rank's
 * start to the last rank's end (global clock), else the longest rank's
 * own duration. The result of the last call is checked. Collective. */
static int measure_calls(const struct cand *c, struct bench_args *a, struct bench_bufs *b,
                         const struct options *o, int global_clock, int rank, int p,
                         struct timing *t)
{
    MPI_Comm world = a->comm, fresh;
    int flags[2] = { 0, 0 }, any[2];
    double v[2], all[2];
    if (MPI_Comm_dup(world, &fresh) != MPI_SUCCESS)
        return MPI_ERR_OTHER;
    a->comm = fresh;
    a->grid = c->grid;
    t->ran_other = 0;
    if (c->fixed) {
        fixed_want = c->want;
        ortho_set_candidate_chooser(ortho_fixed_chooser, &fixed_want);
    }
    /* Every candidate's communicator sees one collective before the
     * barrier: an MPI sets a communicator up at its first collective
     * (MPICH its shared-memory structures), and the drop-ins' own set-up
     * below would otherwise give them alone that cost outside the timing.
     * Fair, though not enough on its own (warm_up() above). */
    int one = 1;
    MPI_Allreduce(MPI_IN_PLACE, &one, 1, MPI_INT, MPI_MAX, fresh);
    if (c->impl->min_dims == 0) {
        /* the library's one-time set-up of a communicator (one small
         * allreduce comparing the settings) runs before the barrier: under
         * SMPI any collective between the barrier and a loop of calls
         * changes the skew the loop runs with (one 144-byte allreduce made
         * 100 back-to-back 2 KB allgathers on 128 processes 27% slower) */
        int size = 0;
        ortho_candidate cand;
        MPI_Type_size(a->type, &size);
        ortho_comm_candidate(fresh, bench_ortho_op(a->op), (double)a->count * size, &cand, NULL);
    }
    MPI_Barrier(fresh);
    double t0 = MPI_Wtime();
    for (int i = 0; i < o->calls; i++) {
        if (i == o->calls - 1) {
            double s = MPI_Wtime(); /* the reset of the checked call is not timed */
            bench_bufs_reset(b, a, rank);
            t0 += MPI_Wtime() - s;
        }
        if (c->impl->fn[a->op](a) != MPI_SUCCESS)
            flags[0] = 1;
    }
    double t1 = MPI_Wtime();
    if (o->check && !flags[0] && !bench_bufs_check(b, a, rank, p))
        flags[1] = 1;
    v[0] = global_clock ? t1 : t1 - t0;
    v[1] = global_clock ? -t0 : 0.0;
    MPI_Allreduce(v, all, 2, MPI_DOUBLE, MPI_MAX, world);
    MPI_Allreduce(flags, any, 2, MPI_INT, MPI_MAX, world);
    if (c->fixed) {
        fixed_end(c, a, world, t);   /* frees fresh */
    } else {
        MPI_Comm_free(&fresh);
        a->comm = world;
    }
    t->err = any[0];
    t->wrong = any[1];
    t->median = t->min = t->max = all[0] + all[1];
    return MPI_SUCCESS;
}

static int status_of(const struct timing *t, const struct options *o, double bound)
{
    if (t->err || t->ran_other)
        return ST_ERROR;
    if (t->wrong)
        return ST_WRONG;
    if (bound > 0 && t->min < bound)   /* any repetition */
        return ST_BELOW;
    return o->check && !o->shared ? ST_OK : ST_UNCHECKED;
}

static void print_point(FILE *csv, const struct options *o, const struct bench_platform *pf,
                        const struct cand *c, int op, int p, double bytes,
                        const struct timing *t, double native, double bound, int status)
{
    double speedup = t->median > 0.0 ? native / t->median : 0.0;
    char ratio[32] = "-", speed[32] = "";
    if (bound > 0)
        snprintf(ratio, sizeof ratio, "%.2f", t->median / bound);
    if (c->impl->min_dims != 1)
        cli_speedup_text(native, t->median, speed, sizeof speed);
    if (!o->quiet)
        printf("%-10s %5d %9.0f  %-10s %-16s %11.4e %9s %7s  %s\n", bench_op_name((enum bench_op)op),
               p, bytes, c->layout, c->name, t->median, speed, ratio, status_names[status]);
    if (csv != NULL) {
        fprintf(csv, "%s,%s,%s,%d,%.0f,%s,%s,%d,%.6e,%.6e,%.6e,%.6e,%.4f,", pf->name, o->label,
                bench_op_name((enum bench_op)op), p, bytes, c->name, c->layout, c->ndims,
                t->median, t->min, t->max, native, speedup);
        if (bound > 0)
            fprintf(csv, "%.6e,%.4f,", bound, t->median / bound);
        else
            fprintf(csv, ",,");
        fprintf(csv, "%s\n", status_names[status]);
        fflush(csv);   /* a run cut short keeps what it measured */
    }
}

/* Per operation and candidate: min / geometric mean / max speedup over the sizes. */
static void summarize(FILE *csv, const struct options *o, const struct bench_platform *pf,
                      const struct cand cands[], int ncands, const struct point pts[], int npts,
                      int p)
{
    printf("\nspeedup t_native / t_ortho per layout over %d size%s (min / geometric mean / max); "
           "below 1x: the orthogonal version is slower\n",
           o->nsizes, o->nsizes == 1 ? "" : "s");
    printf("%-10s %5s  %-10s %-16s %8s %8s %8s\n", "op", "p", "layout", "impl", "min", "mean",
           "max");
    for (int op = 0; op < BENCH_NOPS; op++) {
        for (int c = 0; c < ncands; c++) {
            double lo = INFINITY, hi = -INFINITY, logsum = 0;
            int n = 0, bad = 0;
            if (cands[c].impl->min_dims == 1 || (cands[c].op >= 0 && cands[c].op != op))
                continue;
            for (int i = 0; i < npts; i++) {
                if (pts[i].op != op || pts[i].cand != c || !(pts[i].time > 0.0))
                    continue;
                double speedup = pts[i].native / pts[i].time;
                lo = fmin(lo, speedup);
                hi = fmax(hi, speedup);
                logsum += log(speedup);
                n++;
                bad |= pts[i].status == ST_WRONG || pts[i].status == ST_ERROR;
            }
            if (n == 0)
                continue;
            printf("%-10s %5d  %-10s %-16s %7.2fx %7.2fx %7.2fx%s\n",
                   bench_op_name((enum bench_op)op), p, cands[c].layout, cands[c].name,
                   lo, exp(logsum / n), hi, bad ? "  (some results wrong)" : "");
            if (csv != NULL)
                fprintf(csv, "%s,%s,%s,%d,%s,%s,%d,%d,%.4f,%.4f,%.4f\n", pf->name, o->label,
                        bench_op_name((enum bench_op)op), p, cands[c].name,
                        cands[c].layout, cands[c].ndims, n, lo, exp(logsum / n), hi);
        }
    }
}

/* The fastest implementation of one (op, size), among the points whose
 * results are right (ok or unchecked). */
struct best {
    int op, cand, ncands;   /* cand -1: no point qualified */
    double bytes, time, native, bound;
};

/* Per operation and size: the fastest implementation (native included),
 * its time over the bound and native's. */
static void print_best(FILE *csv, const struct options *o, const struct bench_platform *pf,
                       const struct cand cands[], const struct best bests[], int nbests, int p)
{
    printf("\nfastest per operation and size (of the implementations timed, native included; "
           "right results only)\n");
    printf("%-10s %5s %9s  %-24s %11s %7s %11s %7s %6s\n", "op", "p", "bytes", "fastest",
           "time [s]", "/bound", "native [s]", "/bound", "timed");
    for (int i = 0; i < nbests; i++) {
        const struct best *b = &bests[i];
        char ratio[32] = "-", nratio[32] = "-";
        const char *name = b->cand >= 0 ? cands[b->cand].name : "(none right)";
        if (b->bound > 0 && b->cand >= 0)
            snprintf(ratio, sizeof ratio, "%.2f", b->time / b->bound);
        if (b->bound > 0)
            snprintf(nratio, sizeof nratio, "%.2f", b->native / b->bound);
        printf("%-10s %5d %9.0f  %-24s %11.4e %7s %11.4e %7s %6d\n",
               bench_op_name((enum bench_op)b->op), p, b->bytes, name,
               b->cand >= 0 ? b->time : 0.0, ratio, b->native, nratio, b->ncands);
        if (csv == NULL)
            continue;
        fprintf(csv, "%s,%s,%s,%d,%.0f,%s,%s,", pf->name, o->label,
                bench_op_name((enum bench_op)b->op), p, b->bytes, name,
                b->cand >= 0 ? cands[b->cand].layout : "");
        if (b->cand >= 0)
            fprintf(csv, "%.6e,", b->time);
        else
            fprintf(csv, ",");
        fprintf(csv, "%.6e,", b->native);
        if (b->bound > 0)
            fprintf(csv, "%.6e,%s,%.4f,%d\n", b->bound, b->cand >= 0 ? ratio : "",
                    b->native / b->bound, b->ncands);
        else
            fprintf(csv, ",,,%d\n", b->ncands);
    }
}

static FILE *open_csv(const char *path, const char *header)
{
    FILE *f = path != NULL ? fopen(path, "w") : NULL;
    if (f != NULL)
        fprintf(f, "%s\n", header);
    else if (path != NULL)
        fprintf(stderr, "ortho-bench: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

int main(int argc, char **argv)
{
    static struct options o;
    static struct cand cands[MAX_CANDS];
    struct bench_platform pf;
    struct point *pts = NULL;
    struct best *bests = NULL;
    int nbests = 0;
    FILE *csv = NULL, *sum = NULL, *best = NULL;
    struct bench_bufs bufs;
    int rank, p, rc, ncands, npts = 0, counts[5] = { 0 }, *wtime_global = NULL, flag = 0;
    size_t scap = 0, rcap = 0, block = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    cli_init("ortho-bench", rank == 0);
    rc = parse(argc, argv, &o);
    if (rc == CLI_RUN && check_before_measuring(&o, rank, p))
        rc = CLI_BAD;
    if (rc != CLI_RUN) {
        rc = cli_stop(rc, usage);
        MPI_Finalize();
        return rc;
    }

    memset(&pf, 0, sizeof pf);
    snprintf(pf.name, sizeof pf.name, "%s", o.platform != NULL ? "?" : "mpi");
    snprintf(pf.why, sizeof pf.why, "no --platform");
    if (o.platform != NULL && bench_platform_read(o.platform, &pf) != 0) {
        if (rank == 0)
            fprintf(stderr, "ortho-bench: cannot read %s\n", o.platform);
        MPI_Finalize();
        return 2;
    }
    bench_platform_placement(&pf, MPI_COMM_WORLD, o.root);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &wtime_global, &flag);
    int global_clock = flag && *wtime_global;

    /* One pair of buffers for the whole run, as large as its largest point. */
    for (int op = 0; op < BENCH_NOPS; op++)
        for (int s = 0; s < o.nsizes && (o.ops & (1u << op)); s++) {
            size_t sb, rb;
            bench_bufs_need((enum bench_op)op, bench_count((enum bench_op)op, o.sizes[s], NULL),
                            o.root, rank, p, &sb, &rb);
            scap = sb > scap ? sb : scap;
            rcap = rb > rcap ? rb : rcap;
            block = o.sizes[s] > (double)block ? (size_t)o.sizes[s] : block;
        }
    int fail = bench_bufs_create(&bufs, scap, rcap, block, o.shared) != 0, any_fail;
    MPI_Allreduce(&fail, &any_fail, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (any_fail) {
        if (rank == 0)
            fprintf(stderr, "ortho-bench: no memory for the buffers (%zu + %zu bytes)\n", scap,
                    rcap);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    ncands = make_cands(&o, p, MPI_COMM_WORLD, cands, MAX_CANDS);
    if (ncands < 0) {
        bench_bufs_free(&bufs);
        MPI_Finalize();
        return 2;
    }
    for (int c = 0; c < ncands; c++) {
        if (cands[c].impl->min_dims <= 1)
            continue;
        if (ortho_grid_create(MPI_COMM_WORLD, cands[c].ndims, cands[c].dims, &cands[c].grid)
            != MPI_SUCCESS) {
            if (rank == 0)
                fprintf(stderr, "ortho-bench: cannot build the grid %s\n", cands[c].layout);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }

    if (rank == 0) {
        pts = calloc((size_t)BENCH_NOPS * (size_t)o.nsizes * (size_t)ncands, sizeof *pts);
        csv = open_csv(o.csv, "platform,natives,op,p,bytes,impl,layout,ndims,time_s,min_s,max_s,"
                              "native_s,speedup,bound_s,ratio,status");
        sum = open_csv(o.summary, "platform,natives,op,p,impl,layout,ndims,nsizes,speedup_min,"
                                  "speedup_gmean,speedup_max");
        best = open_csv(o.best, "platform,natives,op,p,bytes,fastest,layout,time_s,native_s,"
                                "bound_s,ratio,native_ratio,timed");
        bests = calloc((size_t)BENCH_NOPS * (size_t)o.nsizes, sizeof *bests);
        if (bests == NULL) {
            free(pts);
            pts = NULL;
        }
        if (pts == NULL)
            fprintf(stderr, "ortho-bench: out of memory for %d candidates\n", ncands);
    }
    /* the files were checked before (check_before_measuring); they can
     * still fail (a full disk): every rank stops with the same status */
    int open_failed = rank == 0 && (pts == NULL || (o.csv != NULL && csv == NULL)
                                    || (o.summary != NULL && sum == NULL)
                                    || (o.best != NULL && best == NULL));
    MPI_Bcast(&open_failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (open_failed) {
        if (csv != NULL)
            fclose(csv);
        if (sum != NULL)
            fclose(sum);
        if (best != NULL)
            fclose(best);
        free(pts);
        free(bests);
        bench_bufs_free(&bufs);
        for (int c = 0; c < ncands; c++)
            ortho_grid_free(&cands[c].grid);
        MPI_Finalize();
        return 1;
    }
    if (rank == 0) {
        printf("ortho-bench: %d processes on %d node%s (%s build), platform %s%s%s, natives %s\n",
               p, pf.nodes, pf.nodes == 1 ? "" : "s", bench_build_name(), pf.name,
               pf.known ? "" : ": no bounds, ", pf.known ? "" : pf.why,
               o.label[0] != '\0' ? o.label : "(not named)");
        if (pf.known)
            printf("bounds from: %d link%s of %.4g B/s per direction per node, %.4g s per hop "
                   "(%s), the root's farthest node %d hop%s away, any two at most %d; inside a "
                   "node latency %.4g s; %d..%d ranks per node\n",
                   pf.links, pf.links == 1 ? "" : "s", pf.bw, pf.hop_lat,
                   pf.torus_ndims > 0 ? "torus" : "star: node to node", pf.root_reach,
                   pf.root_reach == 1 ? "" : "s", pf.reach, pf.intra_lat, pf.min_per_node,
                   pf.root_per_node > pf.min_per_node ? pf.root_per_node : pf.min_per_node);
        if (o.calls > 0)
            printf("time: %d consecutive calls together, from one barrier, on a fresh "
                   "communicator, after as many untimed native calls (none under SMPI); ", o.calls);
        else
            printf("time: median of %d call%s after one warm-up and a barrier each; ", o.reps,
                   o.reps == 1 ? "" : "s");
        printf("a call: %s; root %d; %s\n",
               global_clock ? "first start to last end (global clock)"
                            : "the longest of the ranks' durations",
               o.root,
               o.shared ? "shared buffers (results not checked)"
                        : o.check ? "results checked" : "results not checked");
        if (!o.quiet)
            printf("%-10s %5s %9s  %-10s %-16s %11s %9s %7s  %s\n", "op", "p", "bytes", "layout",
                   "impl", "time [s]", "speedup", "/bound", "result");
        fflush(stdout);
    }

    for (int op = 0; op < BENCH_NOPS; op++) {
        if (!(o.ops & (1u << op)))
            continue;
        for (int s = 0; s < o.nsizes; s++) {
            struct bench_args args;
            struct timing t, native;
            double bytes;
            int count = bench_count((enum bench_op)op, o.sizes[s], &bytes);
            bench_bufs_prepare(&bufs, &args, (enum bench_op)op, count, o.root, rank, p);
            args.comm = MPI_COMM_WORLD;
            double bound = rank == 0 ? bench_bound(&pf, (enum bench_op)op, p, bytes) : 0;
            if (o.calls > 0)
                bound *= o.calls; /* the times are those of all the calls */
            struct best *bp = rank == 0 ? &bests[nbests++] : NULL;
            if (bp != NULL)
                *bp = (struct best){ .op = op, .cand = -1, .bytes = bytes, .bound = bound };
            for (int c = 0; c < ncands; c++) {
                struct timing *tc = c == 0 ? &native : &t;
                if (cands[c].impl->fn[op] == NULL || (cands[c].op >= 0 && cands[c].op != op))
                    continue;
                if (o.calls > 0 && c == 0)
                    warm_up(&cands[c], &args, &bufs, &o, rank);
                if (o.calls > 0)
                    measure_calls(&cands[c], &args, &bufs, &o, global_clock, rank, p, tc);
                else
                    measure(&cands[c], &args, &bufs, &o, global_clock, rank, p, tc);
                if (rank != 0)
                    continue;
                int st = status_of(tc, &o, bound);
                counts[st]++;
                if (tc->ran_other)
                    printf("ortho-bench: %s did not run as named (native, or a plain grid "
                           "instead of a node-aware one; ORTHO_VARIANT or ORTHO_GRID set?)\n",
                           cands[c].name);
                print_point(csv, &o, &pf, &cands[c], op, p, bytes, tc, native.median, bound, st);
                bp->ncands++;
                bp->native = native.median;
                if ((st == ST_OK || st == ST_UNCHECKED) && (bp->cand < 0 || tc->median < bp->time)) {
                    bp->cand = c;
                    bp->time = tc->median;
                }
                if (c > 0)
                    pts[npts++] = (struct point){ op, c, bytes, tc->median, native.median, st };
                fflush(stdout);
            }
        }
    }

    if (rank == 0) {
        summarize(sum, &o, &pf, cands, ncands, pts, npts, p);
        print_best(best, &o, &pf, cands, bests, nbests, p);
        printf("\npoints: %d ok, %d unchecked, %d wrong, %d with errors, %d below their bound\n",
               counts[ST_OK], counts[ST_UNCHECKED], counts[ST_WRONG], counts[ST_ERROR],
               counts[ST_BELOW]);
        if (counts[ST_BELOW] > 0)
            printf("ortho-bench: a time below its lower bound means the simulation or the code "
                   "is wrong (docs/bench.md)\n");
        if (csv != NULL)
            fclose(csv);
        if (sum != NULL)
            fclose(sum);
        if (best != NULL)
            fclose(best);
        free(pts);
        free(bests);
    }
    rc = counts[ST_WRONG] + counts[ST_ERROR] + counts[ST_BELOW] > 0;
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    bench_bufs_free(&bufs);
    for (int c = 0; c < ncands; c++)
        ortho_grid_free(&cands[c].grid);
    MPI_Finalize();
    return rc;
}
