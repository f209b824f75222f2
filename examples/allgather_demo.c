/* Times MPI_Allgather against ortho_2d_allgather on a balanced 2D grid for a
 * few block sizes, checks that both give the same result, and prints both
 * times and their ratio. Run: make demo-allgather (MPI=openmpi for Open
 * MPI), which runs scripts/mpirun.sh -n 4 build/bin/ortho-demo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"

enum { REPEATS = 20 };

/* Median over repetitions of the slowest rank's time. */
static double time_allgather(int use_grid, const char *send, char *recv, int bytes,
                             ortho_grid_t grid)
{
    double samples[REPEATS];
    for (int r = 0; r < REPEATS; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double start = MPI_Wtime();
        if (use_grid)
            ortho_2d_allgather(send, bytes, MPI_BYTE, recv, bytes, MPI_BYTE, grid);
        else
            MPI_Allgather(send, bytes, MPI_BYTE, recv, bytes, MPI_BYTE, MPI_COMM_WORLD);
        double local = MPI_Wtime() - start;
        MPI_Allreduce(&local, &samples[r], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    for (int i = 1; i < REPEATS; i++) /* insertion sort: REPEATS is small */
        for (int j = i; j > 0 && samples[j] < samples[j - 1]; j--) {
            double t = samples[j];
            samples[j] = samples[j - 1];
            samples[j - 1] = t;
        }
    return samples[REPEATS / 2];
}

int main(int argc, char **argv)
{
    int rank, size, dims[2] = {0, 0}, failures = 0;
    ortho_grid_t grid = NULL;
    const int sizes[] = {64, 1024, 16 * 1024, 128 * 1024};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (ortho_grid_create(MPI_COMM_WORLD, 2, dims, &grid) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, 1);
    ortho_grid_dims(grid, dims, NULL);
    if (rank == 0)
        printf("MPI_Allgather vs ortho_2d_allgather on %d processes, grid %d x %d\n"
               "%10s %14s %14s %8s %s\n",
               size, dims[0], dims[1], "bytes", "native [us]", "ortho [us]", "ratio", "result");
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int bytes = sizes[s];
        char *send = malloc((size_t)bytes);
        char *native = malloc((size_t)bytes * size), *ortho = malloc((size_t)bytes * size);
        for (int i = 0; i < bytes; i++)
            send[i] = (char)(rank * 31 + i);
        double t_native = time_allgather(0, send, native, bytes, grid);
        double t_ortho = time_allgather(1, send, ortho, bytes, grid);
        int same = memcmp(native, ortho, (size_t)bytes * size) == 0, all_same;
        MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
        failures += !all_same;
        if (rank == 0)
            printf("%10d %14.1f %14.1f %8.2f %s\n", bytes, t_native * 1e6, t_ortho * 1e6,
                   t_ortho / t_native, all_same ? "same" : "DIFFERENT");
        free(send);
        free(native);
        free(ortho);
    }
    if (rank == 0)
        printf("ratio = ortho / native: below 1 the two-phase version is faster.\n");
    ortho_grid_free(&grid);
    MPI_Finalize();
    return failures == 0 ? 0 : 1;
}
