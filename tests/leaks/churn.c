/* Communicator churn for the leak check (tests/leaks/check.sh, make
 * check-leaks): creates, uses and frees many communicators (1000 unless
 * given), each with candidates forced through the candidate chooser, so
 * that valgrind can tell whether the library loses memory on any path.
 *
 *   churn [NCOMMS [CALLS]]
 *
 * Every communicator is a duplicate (of MPI_COMM_WORLD or of a live one,
 * whose cache MPI must not copy); three stay alive at a time and are freed
 * oldest first. Each receives CALLS calls (1 unless given); call t (counted
 * over the whole run) is operation t % 9, and the u-th call of an operation
 * (u = t / 9) runs, on a fresh decision, the candidate u % n of that
 * operation's list, at the size (u / n) % 3, in place on the second pass
 * of each list (where MPI allows it), with root u % p. The list of an
 * operation: the default (the chooser answers "no decision"), then
 * ortho_test_candidates() (tests/support/dropin_calls.h: native, every 2D
 * layout in both orders, every variant, uneven and 3D layouts, node-aware
 * ones: run with MPIR_CVAR_ODD_EVEN_CLIQUES=1 for two nodes of 2 at 4
 * processes, reordered). The first line on rank 0 says how often each
 * (operation, candidate, size) runs at least (once with 1000
 * communicators at 4 processes). A few calls on MPI_COMM_WORLD leave a
 * cache for MPI_Finalize to release.
 *
 * Results are checked; the last line on rank 0 says how many communicators
 * and calls ran and how many results were wrong (exit status 1 then). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/dropin_calls.h"

enum { ALIVE = 3, NSIZES = 3, MAX_CANDS = 64, MAX_P = 64 };

/* elements per process (per block for the gather family) */
static const int sizes[NSIZES] = {1, 37, 1100};

struct forced {
    int decide;            /* 0: "no decision" (the default path) */
    ortho_candidate cand;  /* the candidate of the next decision */
};

struct op_list {
    int n;
    struct forced list[MAX_CANDS];
};

static int chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                   ortho_candidate *cand)
{
    const struct forced *f = ctx;
    (void)op;
    (void)p;
    (void)node_size;
    (void)bytes;
    if (!f->decide)
        return 0;
    *cand = f->cand;
    return 1;
}

static void list_make(ortho_op op, int p, int node_size, struct op_list *l)
{
    ortho_candidate c[MAX_CANDS];
    int n = ortho_test_candidates(op, p, node_size, c, MAX_CANDS - 1);
    memset(l, 0, sizeof *l);
    l->n = n + 1; /* list[0]: the default */
    for (int i = 0; i < n; i++) {
        l->list[i + 1].decide = 1;
        l->list[i + 1].cand = c[i];
    }
}

int main(int argc, char **argv)
{
    int rank, p, node_size = 0, wrong = 0, all_wrong = 0;
    long calls = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int ncomms = argc > 1 ? atoi(argv[1]) : 1000, calls_per_comm = argc > 2 ? atoi(argv[2]) : 1;
    if (ncomms < 1 || calls_per_comm < 1 || p > MAX_P) {
        if (rank == 0)
            fprintf(stderr, "usage: churn [NCOMMS >= 1 [CALLS >= 1]], at most %d processes\n",
                    MAX_P);
        MPI_Finalize();
        return 2;
    }
    ortho_comm_node_size(MPI_COMM_WORLD, &node_size);
    struct op_list *lists = malloc(ORTHO_OP_COUNT * sizeof *lists);
    int pairs = 0;
    long runs = -1, ncalls = (long)ncomms * calls_per_comm;
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        list_make((ortho_op)op, p, node_size, &lists[op]);
        pairs += lists[op].n;
        /* the calls of op, over its list times the sizes */
        long of_op = (ncalls - op + ORTHO_OP_COUNT - 1) / ORTHO_OP_COUNT;
        long k = of_op / ((long)lists[op].n * NSIZES);
        runs = runs < 0 || k < runs ? k : runs;
    }
    if (rank == 0)
        printf("churn: %d communicators on %d processes (node size %d), %d calls each; "
               "%d (operation, candidate) pairs x %d sizes, each run at least %ld times\n",
               ncomms, p, node_size, calls_per_comm, pairs, NSIZES, runs);
    fflush(stdout);

    struct forced next;
    memset(&next, 0, sizeof next);
    ortho_set_candidate_chooser(chooser, &next);
    MPI_Comm alive[ALIVE];
    for (int a = 0; a < ALIVE; a++)
        alive[a] = MPI_COMM_NULL;
    long t = 0;
    for (int i = 0; i < ncomms; i++) {
        MPI_Comm comm, *slot = &alive[i % ALIVE];
        MPI_Comm parent = i % 2 == 1 && alive[(i + ALIVE - 1) % ALIVE] != MPI_COMM_NULL
                              ? alive[(i + ALIVE - 1) % ALIVE]
                              : MPI_COMM_WORLD;
        if (MPI_Comm_dup(parent, &comm) != MPI_SUCCESS) {
            wrong++;
            break;
        }
        if (*slot != MPI_COMM_NULL)
            MPI_Comm_free(slot);
        *slot = comm;
        for (int j = 0; j < calls_per_comm; j++, t++) {
            int op = (int)(t % ORTHO_OP_COUNT);
            long u = t / ORTHO_OP_COUNT;
            const struct op_list *l = &lists[op];
            long pass = u / ((long)l->n * NSIZES);
            next = l->list[u % l->n];
            wrong += !ortho_test_dropin_call((ortho_op)op, sizes[(u / l->n) % NSIZES],
                                             (int)(pass % 2), (int)(u % p), comm);
            calls++;
        }
    }
    for (int a = 0; a < ALIVE; a++)
        if (alive[a] != MPI_COMM_NULL)
            MPI_Comm_free(&alive[a]);
    ortho_set_candidate_chooser(NULL, NULL);
    /* the default path on MPI_COMM_WORLD: its cache goes at MPI_Finalize */
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        wrong += !ortho_test_dropin_call((ortho_op)op, sizes[op % NSIZES], 0, p - 1,
                                         MPI_COMM_WORLD);
    free(lists);
    MPI_Allreduce(&wrong, &all_wrong, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("churn: %d communicators created, used and freed, %ld calls per process, "
               "%d wrong results\n",
               ncomms, calls, all_wrong);
    MPI_Finalize();
    return all_wrong == 0 ? 0 : 1;
}
