/* Known collective calls, for tests/test_report.sh (ORTHO_REPORT).
 *
 * A plain MPI program: run it with libortho_mpi.so preloaded, or build it
 * with -DREPORT_DROPINS to call the drop-ins by name (ortho_allreduce ...)
 * and link it with libortho. On p processes it makes:
 *   - on MPI_COMM_WORLD: 10 MPI_Allreduce of one int ([4 B, 8 B)), 5
 *     MPI_Bcast of 1000 doubles ([4 KiB, 8 KiB)), 3 MPI_Allgather of 256
 *     ints per process ([1 KiB, 2 KiB); the first argument, when given,
 *     sets how many), 2 MPI_Gatherv (size unknown);
 *   - for p >= 3, on ranks 1 .. p-1 only (world rank 0 is not in it): 7
 *     MPI_Allreduce of two doubles ([16 B, 32 B)) on a communicator of
 *     p - 1 processes and 4 on its duplicate, both freed before
 *     MPI_Finalize;
 *   - on MPI_COMM_SELF: 2 MPI_Reduce of one int ([4 B, 8 B)) per process.
 * With the argument "rank0-only", only rank 0 makes one call (an
 * MPI_Reduce on MPI_COMM_SELF): the others never call a collective, so
 * they have no finalize hook of the drop-ins (the report must not wait
 * for them).
 * Every result is checked; the exit status is non-zero on a wrong one. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef REPORT_DROPINS
#include "ortho_dropin.h"
#define MPI_Allreduce ortho_allreduce
#define MPI_Bcast ortho_bcast
#define MPI_Allgather ortho_allgather
#define MPI_Gatherv ortho_gatherv
#define MPI_Reduce ortho_reduce
#endif

enum { BCAST_N = 1000, GATHER_N = 256 };

/* 1 when the calls on the communicator of ranks 1 .. p-1 gave the right sums. */
static int subset_calls(int rank, int p)
{
    MPI_Comm sub, dup;
    int ok = 1;
    MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? MPI_UNDEFINED : 1, rank, &sub);
    if (sub == MPI_COMM_NULL)
        return 1;
    MPI_Comm_dup(sub, &dup);
    double mine[2] = {rank, 1.0}, sum[2];
    for (int i = 0; i < 11; i++) {
        MPI_Allreduce(mine, sum, 2, MPI_DOUBLE, MPI_SUM, i < 7 ? sub : dup);
        ok &= sum[0] == (double)p * (p - 1) / 2 && sum[1] == p - 1;
    }
    MPI_Comm_free(&dup);
    MPI_Comm_free(&sub);
    return ok;
}

int main(int argc, char **argv)
{
    int rank, p, ok = 1, all_ok = 0;
    MPI_Init(&argc, &argv);
    int allgathers = argc > 1 ? atoi(argv[1]) : 3;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc > 1 && strcmp(argv[1], "rank0-only") == 0) {
        int one = 1, sum = 0;
        if (rank == 0)
            MPI_Reduce(&one, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_SELF);
        if (rank == 0)
            printf("report calls: %s\n", sum == 1 ? "correct" : "WRONG");
        MPI_Finalize();
        return rank == 0 && sum != 1;
    }
    double *block = malloc(BCAST_N * sizeof *block);
    int *mine = malloc(GATHER_N * sizeof *mine);
    int *all = malloc((size_t)p * GATHER_N * sizeof *all);
    int *counts = malloc((size_t)p * sizeof *counts), *displs = malloc((size_t)p * sizeof *displs);

    for (int i = 0; i < 10; i++) {
        int one = 1, sum = 0;
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        ok &= sum == p;
    }
    for (int i = 0; i < 5; i++) {
        for (int k = 0; k < BCAST_N; k++)
            block[k] = rank == 0 ? k + i : -1.0;
        MPI_Bcast(block, BCAST_N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        for (int k = 0; k < BCAST_N; k++)
            ok &= block[k] == k + i;
    }
    for (int i = 0; i < allgathers; i++) {
        for (int k = 0; k < GATHER_N; k++)
            mine[k] = rank * GATHER_N + k + i;
        MPI_Allgather(mine, GATHER_N, MPI_INT, all, GATHER_N, MPI_INT, MPI_COMM_WORLD);
        for (int k = 0; k < p * GATHER_N; k++)
            ok &= all[k] == k + i;
    }
    for (int i = 0; i < 2; i++) {
        for (int r = 0; r < p; r++) {
            counts[r] = r + 1;
            displs[r] = r * (r + 1) / 2;
        }
        for (int k = 0; k <= rank; k++)
            mine[k] = rank + i;
        MPI_Gatherv(mine, rank + 1, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
        for (int r = 0; rank == 0 && r < p; r++)
            for (int k = 0; k <= r; k++)
                ok &= all[displs[r] + k] == r + i;
    }
    if (p >= 3)
        ok &= subset_calls(rank, p);
    for (int i = 0; i < 2; i++) {
        int one = rank + i, got = -1;
        MPI_Reduce(&one, &got, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_SELF);
        ok &= got == rank + i;
    }

    PMPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("report calls: %s\n", all_ok ? "correct" : "WRONG");
    free(block);
    free(mine);
    free(all);
    free(counts);
    free(displs);
    MPI_Finalize();
    return all_ok ? 0 : 1;
}
