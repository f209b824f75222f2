/* run_ahead: what SMPI's simulation costs in real time when senders run
 * ahead of their receiver by many calls (docs/simulation.md, "Known SMPI
 * 3.32 problems met here").
 *
 *   smpirun -np P ... run_ahead [-i ITER] [-k K] [-g G] [-s] [-b | -n]
 *
 * The processes form groups of G consecutive ranks (default 8); each
 * iteration starts K (default 4) MPI_Ireduce of 800 doubles to the group's
 * first member (-b: MPI_Ibcast from it) and waits for them (-n: K
 * blocking MPI_Reduce in turn), ITER iterations (default 100). A member other than the first only sends, in
 * eager mode, and so may start its next iteration at once: its messages
 * wait unmatched at the first member. With -s every iteration ends with
 * a barrier of the group, which keeps everyone on the same iteration.
 * Time the run from outside (`time smpirun ...`): under SMPI the
 * program's own clock is the simulated one. Rank 0 prints that. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { LEN = 800, MAX_K = 64 };

int main(int argc, char **argv)
{
    int iterations = 100, k = 4, group = 8, sync = 0, bcast = 0, blocking = 0, opt;
    MPI_Init(&argc, &argv);
    while ((opt = getopt(argc, argv, "i:k:g:sbn")) != -1) {
        switch (opt) {
        case 'i': iterations = atoi(optarg); break;
        case 'k': k = atoi(optarg); break;
        case 'g': group = atoi(optarg); break;
        case 's': sync = 1; break;
        case 'b': bcast = 1; break;
        case 'n': blocking = 1; break;
        default: MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    if (k < 1 || k > MAX_K || group < 1 || iterations < 0)
        MPI_Abort(MPI_COMM_WORLD, 2);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double *in = calloc(LEN, sizeof(double)), *out = calloc((size_t)LEN * MAX_K, sizeof(double));
    MPI_Comm comm;
    MPI_Comm_split(MPI_COMM_WORLD, rank / group, rank, &comm);
    double start = MPI_Wtime();
    for (int it = 0; it < iterations; it++) {
        MPI_Request req[MAX_K];
        for (int j = 0; j < k; j++) {
            req[j] = MPI_REQUEST_NULL;
            if (blocking)
                MPI_Reduce(in, out + (size_t)j * LEN, LEN, MPI_DOUBLE, MPI_SUM, 0, comm);
            else if (bcast)
                MPI_Ibcast(out + (size_t)j * LEN, LEN, MPI_DOUBLE, 0, comm, &req[j]);
            else
                MPI_Ireduce(in, out + (size_t)j * LEN, LEN, MPI_DOUBLE, MPI_SUM, 0, comm, &req[j]);
        }
        for (int j = 0; j < k; j++)
            MPI_Wait(&req[j], MPI_STATUS_IGNORE);
        if (sync)
            MPI_Barrier(comm);
    }
    double took = MPI_Wtime() - start;
    if (rank == 0)
        printf("run_ahead: %d iterations of %d %s in groups of %d%s: %.1f us simulated\n",
               iterations, k,
               blocking ? "MPI_Reduce" : bcast ? "MPI_Ibcast" : "MPI_Ireduce", group,
               sync ? ", a barrier each" : "", took * 1e6);
    MPI_Comm_free(&comm);
    free(in);
    free(out);
    MPI_Finalize();
    return 0;
}
