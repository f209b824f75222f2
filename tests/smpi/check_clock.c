/* check_clock: ortho_measure_call() times a call on one global clock.
 *
 *   smpirun -np P ... check_clock
 *
 * Under SMPI, MPI_Wtime is one simulated clock for every process
 * (MPI_WTIME_IS_GLOBAL), and a point must be timed as ortho-bench times
 * it: from the first process's start to the last process's end, not as
 * the longest of the processes' own durations. Processes leave the
 * barrier before each repetition at different times (69 us apart on the
 * star at 8 processes), so a call that does nothing shows the difference:
 * its own durations are nearly 0, its global time is the spread of the
 * barrier's exits. With one repetition the point's time is that
 * repetition's, which must equal max(end) - min(start) over the processes
 * as recorded by the call (to SMPI's 10 ns per MPI_Wtime). The check fails
 * when the two forms agree, since it would then prove nothing.
 *
 *   smpirun -np P ... check_clock ALPHA BETA
 *
 * also checks ortho_measure_hops(): one message between ranks 0 and 1,
 * timed by ping pong on one process's clock, holds no such spread, so its
 * line must be the platform's own (ALPHA s per message within 5%, BETA s
 * per byte within 2%: the route's latency and bandwidth in the platform
 * file).
 *
 *   smpirun -np P ... check_clock ALPHA BETA REACH
 *
 * also checks ortho_measure_reach(): the farthest of the P processes from
 * rank 0 must take REACH s within 5% (on a torus: the links of the
 * longest route, times one link's latency); REACH "-" skips it.
 *
 *   smpirun -np P ... check_clock ALPHA BETA REACH FAN@NODES
 *
 * also checks ortho_measure_fan() with node size NODES: 1 where rank 0's
 * two messages share its link (the star, a multi-core node's network
 * link), 0 where they leave by two (the torus's x and y links), within
 * 0.1.
 *
 *   smpirun -np P ... check_clock ALPHA BETA REACH FAN@NODES EAGER
 *
 * also checks ortho_measure_eager(): the smallest send that waits for its
 * receive, EAGER bytes exactly (SimGrid's smpi/send-is-detached-thresh,
 * 65536 by default).
 *
 *   smpirun -np P ... check_clock ALPHA BETA REACH FAN@NODES EAGER PAIR[@NET]
 *
 * also checks ortho_measure_pair() at the node size of FAN@NODES: two
 * messages to the next rank at once arrive together, PAIR (1: SimGrid
 * shares the route between them; 0 on a node's loopback, which gives
 * every flow its full speed), and to the next node NET, each within 0.1.
 * Prints "check_clock: N passed, N failed (P processes)" last. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "ortho_measure.h"

struct stamps {
    double start, end;
};

static int nothing(void *ctx)
{
    struct stamps *s = ctx;
    s->start = PMPI_Wtime();
    s->end = PMPI_Wtime();
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, p, *global = NULL, flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global, &flag);
    if (!flag || global == NULL || !*global) {
        if (rank == 0)
            printf("check_clock: MPI_WTIME_IS_GLOBAL is not set: run it under SMPI\n");
        MPI_Finalize();
        return 2;
    }
    ortho_measure_opts o = ortho_measure_opts_default();
    o.min_reps = o.max_reps = 1;
    struct stamps s = {0.0, 0.0};
    double median = 0.0, mine[3], all[3];
    int err = ortho_measure_call(MPI_COMM_WORLD, nothing, &s, &o, &median, NULL, NULL);
    mine[0] = s.end;
    mine[1] = -s.start;
    mine[2] = s.end - s.start;
    MPI_Allreduce(mine, all, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double global_form = all[0] + all[1], own = all[2];
    int differ = global_form - own > 1e-7;
    int ok = err == MPI_SUCCESS && differ && fabs(median - global_form) <= 1e-7;
    int passed = ok, failed = !ok;
    if (rank == 0)
        printf("check_clock: measured %.9f s, first start to last end %.9f s, longest own "
               "duration %.9f s: %s%s\n",
               median, global_form, own, ok ? "ok" : "FAILED",
               differ ? "" : " (the two forms agree: no check)");
    if (argc >= 3) {
        double want_alpha = atof(argv[1]), want_beta = atof(argv[2]);
        static const double sizes[] = { 1024, 8192, 65536 };
        ortho_measure_hop next, across;
        o.sizes = sizes;
        o.nsizes = 3;
        o.max_reps = 3;
        err = ortho_measure_hops(MPI_COMM_WORLD, &o, 0, &next, &across);
        ok = err == MPI_SUCCESS && next.measured && !across.measured
             && fabs(next.alpha - want_alpha) <= 0.05 * want_alpha
             && fabs(next.beta - want_beta) <= 0.02 * want_beta;
        passed += ok;
        failed += !ok;
        if (rank == 0)
            printf("check_clock: a hop %.4g s + s x %.4g s/B (the platform: %.4g s, %.4g s/B; "
                   "the barrier's spread %.4g s): %s\n",
                   next.alpha, next.beta, want_alpha, want_beta, global_form,
                   ok ? "ok" : "FAILED");
    }
    if (argc >= 4 && strcmp(argv[3], "-") != 0) {
        double want = atof(argv[3]), *reach = calloc((size_t)p, sizeof *reach);
        o = ortho_measure_opts_default();
        o.min_reps = o.max_reps = 3;
        err = reach == NULL ? MPI_ERR_NO_MEM : ortho_measure_reach(MPI_COMM_WORLD, &o, reach);
        double far = 0.0;
        for (int j = 0; reach != NULL && j < p; j++)
            far = reach[j] > far ? reach[j] : far;
        ok = err == MPI_SUCCESS && fabs(far - want) <= 0.05 * want;
        passed += ok;
        failed += !ok;
        if (rank == 0)
            printf("check_clock: the farthest process %.4g s (the platform: %.4g s): %s\n",
                   far, want, ok ? "ok" : "FAILED");
        free(reach);
    }
    if (argc >= 5) {
        double want = atof(argv[4]), fan = -1.0;
        const char *at = strchr(argv[4], '@');
        static const double largest[] = { 262144 };
        o = ortho_measure_opts_default();
        o.min_reps = o.max_reps = 3;
        o.sizes = largest;
        o.nsizes = 1;
        err = ortho_measure_fan(MPI_COMM_WORLD, &o, at != NULL ? atoi(at + 1) : 0, &fan);
        ok = err == MPI_SUCCESS && fan >= 0.0 && fabs(fan - want) <= 0.1;
        passed += ok;
        failed += !ok;
        if (rank == 0)
            printf("check_clock: the fan %.3g (the platform: %.3g): %s\n", fan, want,
                   ok ? "ok" : "FAILED");
    }
    if (argc >= 6) {
        int want = atoi(argv[5]), limit = -1;
        const char *at = strchr(argv[4], '@');
        err = ortho_measure_eager(MPI_COMM_WORLD, at != NULL ? atoi(at + 1) : 0, &limit);
        ok = err == MPI_SUCCESS && limit == want;
        passed += ok;
        failed += !ok;
        if (rank == 0)
            printf("check_clock: the eager limit %d bytes (SimGrid's: %d): %s\n", limit, want,
                   ok ? "ok" : "FAILED");
    }
    if (argc >= 7) {
        const char *at = strchr(argv[4], '@'), *net = strchr(argv[6], '@');
        double want = atof(argv[6]), want_net = net != NULL ? atof(net + 1) : -1.0;
        double pair = -1.0, across = -1.0;
        static const double largest[] = { 262144 };
        o = ortho_measure_opts_default();
        o.min_reps = o.max_reps = 3;
        o.sizes = largest;
        o.nsizes = 1;
        err = ortho_measure_pair(MPI_COMM_WORLD, &o, at != NULL ? atoi(at + 1) : 0, &pair,
                                 &across);
        ok = err == MPI_SUCCESS && pair >= 0.0 && fabs(pair - want) <= 0.1
             && (net == NULL ? across == -1.0 : fabs(across - want_net) <= 0.1);
        passed += ok;
        failed += !ok;
        if (rank == 0)
            printf("check_clock: the pair %.3g, across nodes %.3g (SimGrid: %.3g, %.3g): %s\n",
                   pair, across, want, want_net, ok ? "ok" : "FAILED");
    }
    if (rank == 0)
        printf("check_clock: %d passed, %d failed (%d processes)\n", passed, failed, p);
    MPI_Finalize();
    return failed != 0;
}
