/* How many communicators an application can hold, with and without the
 * library (run by tests/test_comm_budget.sh). A plain MPI program: built
 * natively (comm_budget) and linked with libortho_mpi.a (comm_budget_ortho),
 * where its MPI_Allgather calls go through the library.
 *
 *   comm_budget [--reserve] [--max N] [--left]
 *
 * MPI_ERRORS_RETURN on MPI_COMM_WORLD, so that a failed MPI_Comm_dup
 * returns (its duplicates inherit that handler).
 *
 * Default: duplicates MPI_COMM_WORLD, keeps every duplicate and calls
 * MPI_Allgather of 1024 ints per process (4 KiB: the library runs it on a
 * grid) on each, until MPI_Comm_dup fails (or N were made), saying how far
 * it got every 20 s. With --left, while they are all kept, MPI_COMM_SELF is
 * duplicated until that fails (each process alone: fast) and freed again:
 * how many more communicators the application could still make ("L more
 * could be made", the least over the processes), so that C + L is what it
 * can hold in all even where N stops it early (Open MPI's 65532 context
 * ids would take minutes to spend with MPI_COMM_WORLD's duplicates). Then
 * MPI_Allgather on MPI_COMM_WORLD (its first: with MPI's context ids
 * spent, the library cannot make a grid). Prints "comm_budget: C
 * communicators created, ..." first.
 *
 * --reserve: the communicators run out while the library makes a grid.
 * Duplicates MPI_COMM_WORLD 18 times (calling nothing on them), then
 * spends MPI's context ids by duplicating MPI_COMM_SELF until that fails
 * (each process alone: fast; the same ids on every process). Then, with
 * 0, 1, ... 8 ids free (one MPI_COMM_SELF duplicate freed per step), calls
 * MPI_Allgather on two of those duplicates that the library has not seen,
 * the first with MPI_ERRORS_RETURN, the second with MPI_ERRORS_ARE_FATAL
 * (an application's default: a library that raises its own failure there
 * aborts the program). The library cannot finish its grids in the first
 * steps and must run the native MPI_Allgather, and give back what it took.
 *
 * At the end, in both modes, all is freed; then MPI_COMM_SELF is
 * duplicated until that fails: at most LOST_MAX (4) fewer than the
 * communicators made at first (what the library may keep for
 * MPI_COMM_WORLD; more means context ids lost with failed grids), and one
 * more duplicate of MPI_COMM_WORLD is used.
 *
 * Every MPI_Allgather result is checked. The last line on rank 0:
 * "comm_budget: ... W wrong or failed MPI_Allgather results"; exit status
 * 0 when W is 0, else 1; 2 for a bad argument. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1024, MAX_COMMS = 100000, RESERVE_STEPS = 8, LOST_MAX = 4 };

/* MPI_Allgather of N ints per process on comm, checked: 1 when right. */
static int allgather_ok(MPI_Comm comm, int salt)
{
    int rank, p, ok = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int *mine = malloc(N * sizeof(int)), *all = malloc((size_t)p * N * sizeof(int));
    for (int k = 0; k < N; k++)
        mine[k] = rank * 100003 + k * 7 + salt;
    for (long k = 0; k < (long)p * N; k++)
        all[k] = -1;
    int err = MPI_Allgather(mine, N, MPI_INT, all, N, MPI_INT, comm);
    for (int r = 0; r < p; r++)
        for (int k = 0; k < N; k++)
            ok &= all[(long)r * N + k] == r * 100003 + k * 7 + salt;
    free(mine);
    free(all);
    if (err != MPI_SUCCESS) {
        char text[MPI_MAX_ERROR_STRING];
        int len = 0;
        MPI_Error_string(err, text, &len);
        fprintf(stderr, "comm_budget: MPI_Allgather failed: %s\n", text);
    }
    return ok && err == MPI_SUCCESS;
}

/* The verdict over MPI_COMM_WORLD, natively (not through the library). */
static int sum_world(int mine)
{
    int all = 0;
    PMPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    return all;
}

int main(int argc, char **argv)
{
    int rank, reserve = 0, left = 0, max = MAX_COMMS, wrong = 0, n = 0, made = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reserve") == 0)
            reserve = 1;
        else if (strcmp(argv[i], "--left") == 0)
            left = 1;
        else if (strcmp(argv[i], "--max") == 0 && i + 1 < argc)
            max = atoi(argv[++i]);
        else
            max = 0;
    }
    if (max < 1 || max > MAX_COMMS) {
        if (rank == 0)
            fprintf(stderr, "usage: comm_budget [--reserve] [--max 1..%d] [--left]\n", MAX_COMMS);
        MPI_Finalize();
        return 2;
    }
    MPI_Comm *comms = malloc(MAX_COMMS * sizeof *comms);
    double t0 = MPI_Wtime();
    if (reserve) {
        /* fresh: comms[0 .. 2 steps + 2); then MPI_COMM_SELF duplicates */
        MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
        int nfresh = 2 * (RESERVE_STEPS + 1), next = 0;
        while (n < nfresh && MPI_Comm_dup(MPI_COMM_WORLD, &comms[n]) == MPI_SUCCESS)
            n++;
        wrong += n < nfresh;
        while (n < max && MPI_Comm_dup(MPI_COMM_SELF, &comms[n]) == MPI_SUCCESS)
            n++;
        made = n;
        if (rank == 0) {
            printf("comm_budget: reserve: %d duplicates of MPI_COMM_WORLD, then of "
                   "MPI_COMM_SELF until that failed: %d communicators\n",
                   nfresh, n);
            fflush(stdout);
        }
        for (int step = 0; step <= RESERVE_STEPS && n > nfresh && next + 1 < nfresh; step++) {
            if (step > 0)
                MPI_Comm_free(&comms[--n]);
            int bad = !allgather_ok(comms[next++], step);
            MPI_Comm_set_errhandler(comms[next], MPI_ERRORS_ARE_FATAL);
            bad += !allgather_ok(comms[next++], step + 100);
            if (sum_world(bad) > 0 && rank == 0)
                printf("comm_budget: wrong MPI_Allgather with %d context ids free\n", step);
            wrong += bad;
        }
    } else {
        /* duplicates until MPI_Comm_dup fails, MPI_Allgather on each */
        MPI_Comm c = MPI_COMM_NULL;
        double shown = t0;
        while (n < max && MPI_Comm_dup(MPI_COMM_WORLD, &c) == MPI_SUCCESS) {
            comms[n++] = c;
            wrong += !allgather_ok(c, n);
            if (rank == 0 && MPI_Wtime() - shown >= 20.0) { /* to tell slow from hung */
                shown = MPI_Wtime();
                printf("comm_budget: %d so far, %.0f s\n", n, shown - t0);
                fflush(stdout);
            }
        }
        made = n;
        if (rank == 0) {
            printf("comm_budget: %d communicators created, MPI_Allgather on each, in %.1f s; %s\n",
                   n, MPI_Wtime() - t0,
                   n == max ? "stopped there (--max)" : "then MPI_Comm_dup failed");
            fflush(stdout);
        }
        if (left) {
            int more = 0, least = 0;
            MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
            while (n + more < MAX_COMMS &&
                   MPI_Comm_dup(MPI_COMM_SELF, &comms[n + more]) == MPI_SUCCESS)
                more++;
            for (int i = n; i < n + more; i++)
                MPI_Comm_free(&comms[i]);
            PMPI_Allreduce(&more, &least, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
            if (rank == 0) {
                printf("comm_budget: %d more could be made then (duplicates of MPI_COMM_SELF)\n",
                       least);
                fflush(stdout);
            }
        }
        /* MPI's context ids spent: the first call on MPI_COMM_WORLD */
        wrong += !allgather_ok(MPI_COMM_WORLD, 7);
    }
    for (int i = 0; i < n; i++)
        MPI_Comm_free(&comms[i]);
    /* everything freed: the context ids are back, the communicators work */
    int again = 0;
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    while (again < made && MPI_Comm_dup(MPI_COMM_SELF, &comms[again]) == MPI_SUCCESS)
        again++;
    for (int i = 0; i < again; i++)
        MPI_Comm_free(&comms[i]);
    if (rank == 0)
        printf("comm_budget: all freed, %d communicators could be made again (%d at first)\n",
               again, made);
    wrong += again < made - LOST_MAX;
    MPI_Comm c;
    if (MPI_Comm_dup(MPI_COMM_WORLD, &c) == MPI_SUCCESS) {
        wrong += !allgather_ok(c, 11);
        MPI_Comm_free(&c);
    } else {
        wrong++;
    }
    free(comms);
    int all_wrong = sum_world(wrong);
    if (rank == 0)
        printf("comm_budget: %s%d wrong or failed MPI_Allgather results\n",
               reserve ? "reserve: " : "", all_wrong);
    MPI_Finalize();
    return all_wrong == 0 ? 0 : 1;
}
