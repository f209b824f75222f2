/* Drop-in calls from several threads at once, each on its own
 * communicator (run by tests/test_threads.sh):
 *
 *   threads [--threads T] [--rounds R] [--profile]
 *
 * MPI_Init_thread(MPI_THREAD_MULTIPLE); where MPI provides less, rank 0
 * says "skipped" and every rank exits 0. The main thread duplicates
 * MPI_COMM_WORLD R times (3 unless given) for each of T threads (4 unless
 * given), naming the duplicates of even threads "thread T.R", so that
 * ORTHO_VERBOSE shows both named and numbered communicators, then starts
 * the threads. Thread t runs R rounds, round r on its r-th communicator:
 * the nine drop-in functions at three sizes (1, 37 and 1100 ints per
 * process: three size classes), 27 calls in an order rotated by thread,
 * with the results checked (tests/support/dropin_calls.h). The threads
 * start each round together (a barrier), so they make their caches and
 * take their decisions (grids, node detection, verbose lines) at the same
 * time, every round on fresh communicators; each thread frees its
 * communicator at the end of the round (the library's cache with it)
 * while the others may still call.
 *
 * Which candidate a decision takes:
 *  - by default one candidate chooser, installed before the threads start
 *    (it is process-wide), answers from a thread-local variable that each
 *    thread sets before each call: even threads "no decision" (the
 *    library's default), odd threads a candidate of
 *    ortho_test_candidates() that depends on the thread, the operation and
 *    the size, so different variants and grids are made at once;
 *  - --profile: no chooser; the caller sets ORTHO_PROFILE, whose file the
 *    library loads on the first decision, from whichever thread.
 *
 * Rank 0 prints the decisions each communicator takes ("threads: T x R
 * communicators, D decisions each", for the verbose check of the script)
 * and, last, "threads: ... N wrong results". Exit status 0 when every
 * result on every rank was right, 1 otherwise, 2 for a bad argument. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/dropin_calls.h"

enum { MAX_THREADS = 16, MAX_ROUNDS = 8, NSIZES = 3, MAX_CANDS = 64 };

static const int sizes[NSIZES] = {1, 37, 1100};

/* What this thread's next decision takes: decide 0 is "no decision". */
struct forced {
    int decide;
    ortho_candidate cand;
};

static _Thread_local struct forced next;

static int chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                   ortho_candidate *cand)
{
    (void)op;
    (void)p;
    (void)node_size;
    (void)bytes;
    (void)ctx;
    if (!next.decide)
        return 0;
    *cand = next.cand;
    return 1;
}

struct work {
    pthread_barrier_t *start; /* all threads start each round at once */
    int index;     /* the thread's number */
    int rounds;
    int forcing;   /* 1: odd threads force candidates */
    MPI_Comm comm[MAX_ROUNDS]; /* this thread's own, one per round */
    int node_size;
    int wrong;     /* results found wrong on this rank */
};

static void *thread_main(void *arg)
{
    struct work *w = arg;
    int p, calls = ORTHO_OP_COUNT * NSIZES;
    MPI_Comm_size(w->comm[0], &p);
    ortho_candidate *cands = malloc(ORTHO_OP_COUNT * MAX_CANDS * sizeof *cands);
    int ncands[ORTHO_OP_COUNT];
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        ncands[op] = ortho_test_candidates((ortho_op)op, p, w->node_size,
                                           cands + op * MAX_CANDS, MAX_CANDS);
    for (int r = 0; r < w->rounds; r++) {
        pthread_barrier_wait(w->start);
        for (int j = 0; j < calls; j++) {
            int k = (j + 5 * w->index) % calls, op = k % ORTHO_OP_COUNT,
                s = k / ORTHO_OP_COUNT;
            memset(&next, 0, sizeof next);
            if (w->forcing && w->index % 2 == 1 && ncands[op] > 0) {
                next.decide = 1;
                next.cand = cands[op * MAX_CANDS + (w->index / 2 + 3 * s + r) % ncands[op]];
            }
            int root = (j + r + w->index) % p;
            w->wrong += !ortho_test_dropin_call((ortho_op)op, sizes[s], (r + j) % 2, root,
                                                w->comm[r]);
        }
        MPI_Comm_free(&w->comm[r]); /* its cache goes while other threads call */
    }
    free(cands);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided = MPI_THREAD_SINGLE, rank, p, nthreads = 4, rounds = 3, profile = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            nthreads = atoi(argv[++i]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--profile") == 0)
            profile = 1;
        else
            nthreads = 0;
    }
    if (nthreads < 1 || nthreads > MAX_THREADS || rounds < 1 || rounds > MAX_ROUNDS) {
        if (rank == 0)
            fprintf(stderr, "usage: threads [--threads 1..%d] [--rounds 1..%d] [--profile]\n",
                    MAX_THREADS, MAX_ROUNDS);
        MPI_Finalize();
        return 2;
    }
    if (provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            printf("threads: skipped: MPI provides thread level %d, not MPI_THREAD_MULTIPLE "
                   "(%d)\n",
                   provided, MPI_THREAD_MULTIPLE);
        MPI_Finalize();
        return 0;
    }

    /* the node size, as the library's chooser is told it (equal nodes) */
    MPI_Comm node;
    int local = 0, min_local = 0, max_local = 0;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local);
    MPI_Comm_free(&node);
    MPI_Allreduce(&local, &min_local, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&local, &max_local, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);

    struct work w[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)nthreads);
    for (int t = 0; t < nthreads; t++) {
        memset(&w[t], 0, sizeof w[t]);
        w[t].start = &start;
        w[t].index = t;
        w[t].rounds = rounds;
        w[t].forcing = !profile;
        w[t].node_size = min_local == max_local ? local : 0;
        for (int r = 0; r < rounds; r++) {
            MPI_Comm_dup(MPI_COMM_WORLD, &w[t].comm[r]);
            if (t % 2 == 0) {
                char name[MPI_MAX_OBJECT_NAME];
                snprintf(name, sizeof name, "thread %d.%d", t, r);
                MPI_Comm_set_name(w[t].comm[r], name);
            }
        }
    }
    if (!profile)
        ortho_set_candidate_chooser(chooser, NULL);
    /* 7 operations in 3 size classes, gatherv and scatterv in one (-1) */
    int decisions = (ORTHO_OP_COUNT - 2) * NSIZES + 2;
    if (rank == 0) {
        printf("threads: %d processes, %d threads each (%s), %d rounds of %d calls per thread\n",
               p, nthreads, profile ? "ORTHO_PROFILE" : "even: default, odd: forced", rounds,
               ORTHO_OP_COUNT * NSIZES);
        printf("threads: %d communicators, %d decisions each\n", nthreads * rounds, decisions);
        fflush(stdout);
    }
    double t0 = MPI_Wtime();
    for (int t = 0; t < nthreads; t++) {
        if (pthread_create(&tid[t], NULL, thread_main, &w[t]) != 0) {
            fprintf(stderr, "threads: cannot start thread %d\n", t);
            MPI_Abort(MPI_COMM_WORLD, 1); /* the others wait at the barrier */
        }
    }
    for (int t = 0; t < nthreads; t++)
        pthread_join(tid[t], NULL);
    double secs = MPI_Wtime() - t0;
    pthread_barrier_destroy(&start);
    ortho_set_candidate_chooser(NULL, NULL);

    int wrong = 0, all_wrong = 0;
    for (int t = 0; t < nthreads; t++)
        wrong += w[t].wrong;
    MPI_Allreduce(&wrong, &all_wrong, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("threads: %d calls per process in %.1f s, %d wrong results\n",
               nthreads * rounds * ORTHO_OP_COUNT * NSIZES, secs, all_wrong);
    MPI_Finalize();
    return all_wrong == 0 ? 0 : 1;
}
