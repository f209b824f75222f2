/* Times MPI_Allgather against ortho_2d_allgather on a balanced 2D grid for a
 * few block sizes, checks that both give the same result, and prints both
 * times and the speedup t_native / t_ortho. Run: make demo-allgather
 * (MPI=openmpi for Open MPI), which runs scripts/mpirun.sh -n 4
 * build/bin/ortho-demo; ortho-demo --help for its options. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"

/* An example a user builds alone (pkg-config --cflags --libs ortho), so its
 * command line is read here rather than by the tools' shared parser. */
enum { MAX_SIZES = 16, MAX_REPEATS = 1000, MAX_BLOCK = 16 * 1024 * 1024 };
enum { RUN, BAD, HELP, VERSION };

struct options {
    int sizes[MAX_SIZES];
    int nsizes, repeats;
};

static int say_rank0;

static void usage(void)
{
    printf("usage: mpiexec -n P ortho-demo [options]\n"
           "MPI_Allgather against ortho_2d_allgather on a balanced 2D grid: both times (the\n"
           "median over the repetitions of the slowest rank's time), the speedup\n"
           "t_native / t_ortho (above 1x the two-phase version is faster), and whether both\n"
           "gave the same result (exit 1 when not).\n"
           "  --sizes LIST   block sizes per process, 1 to 16M each, K/M = 1024, at most %d,\n"
           "                 no size twice (default 64,1K,16K,128K)\n"
           "  --reps N       timed calls per size and version, 1 to %d (default 20)\n"
           "  -h, --help     this text; --version: the library's version\n",
           MAX_SIZES, MAX_REPEATS);
}

/* One line on rank 0: "ortho-demo: OPTION VALUE: expected ..."; returns BAD. */
static int bad(const char *option, const char *value, const char *expected, ...)
{
    if (say_rank0) {
        va_list ap;
        fprintf(stderr, "ortho-demo: %s %s: expected ", option, value);
        va_start(ap, expected);
        vfprintf(stderr, expected, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    return BAD;
}

/* "64,1K,2M": whole numbers with an optional K or M (1024-based). */
static int parse_sizes(const char *text, struct options *o)
{
    const char *expected = "a size list: up to %d sizes from 1 to 16M (K/M = 1024), "
                           "comma-separated, none twice";
    char *copy = strdup(text), *save = NULL;
    int n = 0, rc = RUN;
    for (char *item = strtok_r(copy, ",", &save); item != NULL && rc == RUN;
         item = strtok_r(NULL, ",", &save)) {
        char *end;
        errno = 0;
        long v = strtol(item, &end, 10);
        if (*end == 'K' || *end == 'M')
            v *= *end++ == 'K' ? 1024L : 1024L * 1024L;
        if (errno != 0 || end == item || *end != '\0' || v < 1 || v > MAX_BLOCK || n == MAX_SIZES)
            rc = bad("--sizes", text, expected, MAX_SIZES);
        for (int k = 0; rc == RUN && k < n; k++)
            if (o->sizes[k] == (int)v)
                rc = bad("--sizes", text, expected, MAX_SIZES);
        if (rc == RUN)
            o->sizes[n++] = (int)v;
    }
    free(copy);
    if (rc == RUN && n == 0)
        rc = bad("--sizes", text, expected, MAX_SIZES);
    o->nsizes = rc == RUN ? n : o->nsizes;
    return rc;
}

static int parse(int argc, char **argv, struct options *o)
{
    enum { O_SIZES = 256, O_REPS, O_VERSION };
    static const struct option longopts[] = {
        { "sizes", required_argument, NULL, O_SIZES }, { "reps", required_argument, NULL, O_REPS },
        { "help", no_argument, NULL, 'h' },            { "version", no_argument, NULL, O_VERSION },
        { NULL, 0, NULL, 0 }
    };
    static const int default_sizes[] = { 64, 1024, 16384, 131072 };
    int c;
    memcpy(o->sizes, default_sizes, sizeof default_sizes);
    o->nsizes = 4;
    o->repeats = 20;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        char *end;
        long v;
        switch (c) {
        case O_SIZES:
            if (parse_sizes(optarg, o) != RUN)
                return BAD;
            break;
        case O_REPS:
            errno = 0;
            v = strtol(optarg, &end, 10);
            if (errno != 0 || end == optarg || *end != '\0' || v < 1 || v > MAX_REPEATS)
                return bad("--reps", optarg, "an integer from 1 to %d", MAX_REPEATS);
            o->repeats = (int)v;
            break;
        case 'h': return HELP;
        case O_VERSION: return VERSION;
        case ':': return bad(argv[optind - 1], "", "a value");
        default:
            if (say_rank0)
                fprintf(stderr, "ortho-demo: %s: unknown option (ortho-demo --help lists them)\n",
                        argv[optind - 1]);
            return BAD;
        }
    }
    if (optind < argc) {
        if (say_rank0)
            fprintf(stderr, "ortho-demo: %s: unexpected argument\n", argv[optind]);
        return BAD;
    }
    return RUN;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median over repetitions of the slowest rank's time. */
static double time_allgather(int use_grid, const char *send, char *recv, int bytes,
                             ortho_grid_t grid, int repeats)
{
    double samples[MAX_REPEATS];
    for (int r = 0; r < repeats; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double start = MPI_Wtime();
        if (use_grid)
            ortho_2d_allgather(send, bytes, MPI_BYTE, recv, bytes, MPI_BYTE, grid);
        else
            MPI_Allgather(send, bytes, MPI_BYTE, recv, bytes, MPI_BYTE, MPI_COMM_WORLD);
        double local = MPI_Wtime() - start;
        MPI_Allreduce(&local, &samples[r], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    qsort(samples, (size_t)repeats, sizeof samples[0], cmp_double);
    return samples[repeats / 2];
}

int main(int argc, char **argv)
{
    int rank, size, dims[2] = {0, 0}, failures = 0, rc;
    ortho_grid_t grid = NULL;
    struct options o;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    say_rank0 = rank == 0;
    rc = parse(argc, argv, &o);
    if (rc != RUN) {
        if (rank == 0 && rc == HELP)
            usage();
        else if (rank == 0 && rc == VERSION)
            printf("ortho-demo (ortho) %s\n", ortho_version());
        MPI_Finalize();
        return rc == BAD ? 2 : 0;
    }
    if (ortho_grid_create(MPI_COMM_WORLD, 2, dims, &grid) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    ortho_grid_dims(grid, dims, NULL);
    if (rank == 0)
        printf("MPI_Allgather vs ortho_2d_allgather on %d processes, grid %d x %d\n"
               "%10s %14s %14s %8s %s\n",
               size, dims[0], dims[1], "bytes", "native [us]", "ortho [us]", "speedup", "result");
    for (int s = 0; s < o.nsizes; s++) {
        int bytes = o.sizes[s];
        char *send = malloc((size_t)bytes);
        char *native = malloc((size_t)bytes * size), *ortho = malloc((size_t)bytes * size);
        if (send == NULL || native == NULL || ortho == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        for (int i = 0; i < bytes; i++)
            send[i] = (char)(rank * 31 + i);
        double t_native = time_allgather(0, send, native, bytes, grid, o.repeats);
        double t_ortho = time_allgather(1, send, ortho, bytes, grid, o.repeats);
        int same = memcmp(native, ortho, (size_t)bytes * size) == 0, all_same;
        MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
        failures += !all_same;
        if (rank == 0)
            printf("%10d %14.1f %14.1f %7.2fx %s\n", bytes, t_native * 1e6, t_ortho * 1e6,
                   t_native / t_ortho, all_same ? "same" : "DIFFERENT");
        free(send);
        free(native);
        free(ortho);
    }
    if (rank == 0)
        printf("speedup = t_native / t_ortho: above 1x the orthogonal version is faster.\n");
    ortho_grid_free(&grid);
    MPI_Finalize();
    return failures == 0 ? 0 : 1;
}
