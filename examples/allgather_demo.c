/* Times MPI_Allgather against ortho_2d_allgather on a balanced 2D grid for a
 * few block sizes, checks that both give the same result, and prints both
 * times and the speedup t_native / t_ortho. Run: make demo-allgather
 * (MPI=openmpi for Open MPI), which runs scripts/mpirun.sh -n 4
 * build/bin/ortho-demo; ortho-demo --help for its options. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "../tools/cli.h"

enum { MAX_SIZES = 16, MAX_REPEATS = 1000 };

struct options {
    double sizes[MAX_SIZES];
    int nsizes, repeats;
};

static void usage(void)
{
    printf("usage: mpiexec -n P ortho-demo [options]\n"
           "MPI_Allgather against ortho_2d_allgather on a balanced 2D grid: both times (the\n"
           "median over the repetitions of the slowest rank's time), the speedup\n"
           "t_native / t_ortho (above 1x the two-phase version is faster), and whether both\n"
           "gave the same result (exit 1 when not).\n"
           "  --sizes LIST   block sizes per process, 1 to 16M each, K/M = 1024, at most %d\n"
           "                 (default 64,1K,16K,128K)\n"
           "  --reps N       timed calls per size and version, 1 to %d (default 20)\n"
           "  -h, --help     this text; --version: the library's version\n",
           MAX_SIZES, MAX_REPEATS);
}

/* CLI_RUN, CLI_BAD (said), CLI_HELP, CLI_VERSION. */
static int parse(int argc, char **argv, struct options *o)
{
    enum { O_SIZES = 256, O_REPS, O_VERSION };
    static const struct option longopts[] = {
        { "sizes", required_argument, NULL, O_SIZES }, { "reps", required_argument, NULL, O_REPS },
        { "help", no_argument, NULL, 'h' },            { "version", no_argument, NULL, O_VERSION },
        { NULL, 0, NULL, 0 }
    };
    int c, li = -1, bad = 0;
    cli_sizes("--sizes", "64,1K,16K,128K", 1.0, 16777216.0, o->sizes, MAX_SIZES, &o->nsizes);
    o->repeats = 20;
    opterr = 0;
    while (!bad && (c = getopt_long(argc, argv, ":h", longopts, &li)) != -1) {
        const char *opt = cli_option(longopts, li, c);
        li = -1;
        switch (c) {
        case O_SIZES:
            bad = cli_sizes(opt, optarg, 1.0, 16777216.0, o->sizes, MAX_SIZES, &o->nsizes) != 0;
            break;
        case O_REPS: bad = cli_int(opt, optarg, 1, MAX_REPEATS, &o->repeats) != 0; break;
        case 'h': return CLI_HELP;
        case O_VERSION: return CLI_VERSION;
        default: return cli_getopt_error(c, argv);
        }
    }
    if (bad)
        return CLI_BAD;
    return optind < argc ? cli_extra_argument(argv[optind]) : CLI_RUN;
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
    cli_init("ortho-demo", rank == 0);
    rc = parse(argc, argv, &o);
    if (rc != CLI_RUN) {
        if (rank == 0 && rc == CLI_HELP)
            usage();
        else if (rank == 0 && rc == CLI_VERSION)
            cli_print_version();
        MPI_Finalize();
        return rc == CLI_BAD ? CLI_EXIT_USAGE : 0;
    }
    if (ortho_grid_create(MPI_COMM_WORLD, 2, dims, &grid) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    ortho_grid_dims(grid, dims, NULL);
    if (rank == 0)
        printf("MPI_Allgather vs ortho_2d_allgather on %d processes, grid %d x %d\n"
               "%10s %14s %14s %8s %s\n",
               size, dims[0], dims[1], "bytes", "native [us]", "ortho [us]", "speedup", "result");
    for (int s = 0; s < o.nsizes; s++) {
        int bytes = (int)o.sizes[s];
        char *send = malloc((size_t)bytes);
        char *native = malloc((size_t)bytes * size), *ortho = malloc((size_t)bytes * size);
        char speedup[32];
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
            printf("%10d %14.1f %14.1f %8s %s\n", bytes, t_native * 1e6, t_ortho * 1e6,
                   cli_speedup_text(t_native, t_ortho, speedup, sizeof speedup),
                   all_same ? "same" : "DIFFERENT");
        free(send);
        free(native);
        free(ortho);
    }
    if (rank == 0)
        printf("%s.\n", CLI_SPEEDUP_LEGEND);
    ortho_grid_free(&grid);
    MPI_Finalize();
    return failures == 0 ? 0 : 1;
}
