/* chains_into_root: k chains of L processes each pass blocks to rank 0
 * at once, as the gathers of `rings` do; rank 0 prints the simulated time
 * over the volume bound of its one inbound link (docs/simulation.md,
 * "Known SMPI 3.32 problems met here").
 *
 *   smpirun -np 1+K*L ... chains_into_root BYTES K [LINK_BYTES_PER_S]
 *
 * Chain c holds ranks 1 + c L .. (c + 1) L, its first member next to
 * rank 0. Each member sends its own block (MPI_Issend), then passes on,
 * one per step, the blocks of the members beyond it; rank 0 takes one
 * block of every chain per step. Rank 0 receives k L blocks, so its link
 * (default 12.5e6 B/s, the star's 100 Mbit/s) needs k L BYTES / bandwidth
 * at least. Measured on clic_star.xml with scripts/smpi_settings.sh: with
 * SimGrid's cross traffic on (its default) k = 6 chains of 5 took 0.67
 * of that; with --cfg=network/crosstraffic:0, 1.00. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int me, p;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int n = argc > 1 ? atoi(argv[1]) : 102400, k = argc > 2 ? atoi(argv[2]) : 1;
    double bw = argc > 3 ? atof(argv[3]) : 12.5e6;
    int len = k > 0 ? (p - 1) / k : 0;
    char *buf = malloc(n > 0 ? (size_t)n : 1);
    MPI_Request *req = malloc((k > 0 ? (size_t)k : 1) * sizeof *req);
    /* statuses, not MPI_STATUSES_IGNORE: MPICH's header declares the
     * array's size, which GCC checks against the null pointer */
    MPI_Status *sts = malloc((k > 2 ? (size_t)k : 2) * sizeof *sts);
    if (n < 1 || k < 1 || len < 1 || buf == NULL || req == NULL || sts == NULL) {
        if (me == 0)
            fprintf(stderr, "usage: chains_into_root BYTES K [BW], with 1 + K L processes\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    double worst = 0.0;
    for (int round = 0; round < 2; round++) { /* the first warms up */
        MPI_Barrier(MPI_COMM_WORLD);
        double start = MPI_Wtime();
        if (me == 0) {
            for (int step = 0; step < len; step++) {
                for (int c = 0; c < k; c++)
                    MPI_Irecv(buf, n, MPI_BYTE, 1 + c * len, c, MPI_COMM_WORLD, &req[c]);
                MPI_Waitall(k, req, sts);
            }
        } else if (me <= k * len) {
            int c = (me - 1) / len, pos = (me - 1) % len, steps = len - pos;
            int to = pos == 0 ? 0 : me - 1;
            for (int step = 0; step < steps; step++) {
                MPI_Request two[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
                if (step < steps - 1)
                    MPI_Irecv(buf, n, MPI_BYTE, me + 1, c, MPI_COMM_WORLD, &two[0]);
                MPI_Issend(buf, n, MPI_BYTE, to, c, MPI_COMM_WORLD, &two[1]);
                MPI_Waitall(2, two, sts);
            }
        }
        double took = MPI_Wtime() - start;
        MPI_Reduce(&took, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    }
    if (me == 0) {
        double bound = (double)k * len * n / bw;
        printf("chains_into_root: %d chains of %d, %d bytes: %.6e s, bound %.6e s, ratio %.3f\n",
               k, len, n, worst, bound, worst / bound);
    }
    free(sts);
    free(req);
    free(buf);
    MPI_Finalize();
    return 0;
}
