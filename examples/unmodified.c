/* A plain MPI program with no trace of ortho in it, to show the
 * interposition library: run it as is, or with libortho_mpi.so preloaded,
 * or linked with libortho_mpi.a, and its collectives become orthogonal.
 *
 *   mpicc.mpich -o unmodified examples/unmodified.c
 *   mpiexec.mpich -n 6 ./unmodified
 *   ORTHO_VERBOSE=1 mpiexec.mpich -n 6 env LD_PRELOAD=$PWD/build/lib/libortho_mpi.so ./unmodified
 *   mpicc.mpich -o unmodified examples/unmodified.c build/lib/libortho_mpi.a -lm
 *
 * Under Open MPI: mpicc.openmpi, MPI=openmpi scripts/mpirun.sh (mpiexec.openmpi
 * with what it needs here) and build-openmpi/. unmodified.F90 is the same
 * in Fortran.
 *
 * It checks every result against what each rank can compute alone and
 * prints one line per collective; the exit status is non-zero on a wrong
 * result. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4096 };

int main(int argc, char **argv)
{
    int rank, p, ok = 1, all_ok;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int *mine = malloc(N * sizeof(int)), *all = malloc((size_t)p * N * sizeof(int));
    double t0, t;

    for (int i = 0; i < N; i++)
        mine[i] = rank * N + i;
    t0 = MPI_Wtime();
    MPI_Allgather(mine, N, MPI_INT, all, N, MPI_INT, MPI_COMM_WORLD);
    t = MPI_Wtime() - t0;
    for (long i = 0; i < (long)p * N; i++)
        ok &= all[i] == i;
    if (rank == 0)
        printf("MPI_Allgather of %d ints per process: %s (%.4f s)\n", N, ok ? "correct" : "WRONG",
               t);

    for (int i = 0; i < N; i++)
        mine[i] = rank == p - 1 ? 7 * i : -1;
    t0 = MPI_Wtime();
    MPI_Bcast(mine, N, MPI_INT, p - 1, MPI_COMM_WORLD);
    t = MPI_Wtime() - t0;
    int good = 1;
    for (int i = 0; i < N; i++)
        good &= mine[i] == 7 * i;
    ok &= good;
    if (rank == 0)
        printf("MPI_Bcast of %d ints from rank %d: %s (%.4f s)\n", N, p - 1,
               good ? "correct" : "WRONG", t);

    long local = rank + 1, sum = 0;
    t0 = MPI_Wtime();
    MPI_Allreduce(&local, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    t = MPI_Wtime() - t0;
    good = sum == (long)p * (p + 1) / 2;
    ok &= good;
    if (rank == 0)
        printf("MPI_Allreduce of one long: %s (%.4f s)\n", good ? "correct" : "WRONG", t);

    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    free(mine);
    free(all);
    MPI_Finalize();
    return all_ok ? 0 : 1;
}
