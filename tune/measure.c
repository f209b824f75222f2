/* Timing one candidate through the drop-in functions: the candidate is
 * installed as the candidate chooser and the calls go to a fresh duplicate
 * of the communicator, so that no decision cached by an earlier candidate
 * is reused. The first call at each size (untimed) creates the grid. Times
 * come from ortho_measure_call(): the median over repetitions of the
 * call's time over the ranks (first start to last end on a global clock). */
#include <stdlib.h>
#include <string.h>

#include "tune.h"

static struct {
    char *sbuf, *rbuf;
    int *counts, *displs;
    int p, shared;
} bufs;

static void *alloc_bytes(size_t n, int shared)
{
#ifdef SMPI_SHARED_MALLOC
    if (shared)
        return SMPI_SHARED_MALLOC(n);
#endif
    (void)shared;
    return calloc(n, 1);
}

static void free_bytes(void *ptr, int shared)
{
    if (ptr == NULL)
        return;
#ifdef SMPI_SHARED_FREE
    if (shared) {
        SMPI_SHARED_FREE(ptr);
        return;
    }
#endif
    (void)shared;
    free(ptr);
}

int tune_buffers_create(int p, double max_bytes, int shared)
{
    size_t n = (size_t)p * ((size_t)max_bytes + 8);
    bufs.p = p;
    bufs.shared = shared;
    bufs.sbuf = alloc_bytes(n, shared);
    bufs.rbuf = alloc_bytes(n, shared);
    bufs.counts = calloc((size_t)p, sizeof(int));
    bufs.displs = calloc((size_t)p, sizeof(int));
    if (bufs.sbuf == NULL || bufs.rbuf == NULL || bufs.counts == NULL || bufs.displs == NULL) {
        tune_buffers_free();
        return MPI_ERR_NO_MEM;
    }
    return MPI_SUCCESS;
}

void tune_buffers_free(void)
{
    free_bytes(bufs.sbuf, bufs.shared);
    free_bytes(bufs.rbuf, bufs.shared);
    free(bufs.counts);
    free(bufs.displs);
    memset(&bufs, 0, sizeof bufs);
}

static int is_reduction(ortho_op op)
{
    return op == ORTHO_OP_REDUCE || op == ORTHO_OP_ALLREDUCE;
}

/* The size the drop-ins decide on: -1 for gatherv and scatterv (only the
 * root knows theirs). */
static double seen_bytes(ortho_op op, double b)
{
    return op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV ? -1.0 : tune_bytes(op, b);
}

double tune_bytes(ortho_op op, double b)
{
    if (!is_reduction(op))
        return (double)(long)b;
    long n = (long)b / 8;
    return 8.0 * (double)(n > 0 ? n : 1);
}

struct call {
    ortho_op op;
    int count;
    MPI_Comm comm;
};

static int run_call(void *ctx)
{
    const struct call *c = ctx;
    void *s = bufs.sbuf, *r = bufs.rbuf;
    switch (c->op) {
    case ORTHO_OP_BCAST:
        return ortho_bcast(s, c->count, MPI_BYTE, 0, c->comm);
    case ORTHO_OP_REDUCE:
        return ortho_reduce(s, r, c->count, MPI_DOUBLE, MPI_SUM, 0, c->comm);
    case ORTHO_OP_GATHER:
        return ortho_gather(s, c->count, MPI_BYTE, r, c->count, MPI_BYTE, 0, c->comm);
    case ORTHO_OP_SCATTER:
        return ortho_scatter(s, c->count, MPI_BYTE, r, c->count, MPI_BYTE, 0, c->comm);
    case ORTHO_OP_ALLREDUCE:
        return ortho_allreduce(s, r, c->count, MPI_DOUBLE, MPI_SUM, c->comm);
    case ORTHO_OP_ALLGATHER:
        return ortho_allgather(s, c->count, MPI_BYTE, r, c->count, MPI_BYTE, c->comm);
    case ORTHO_OP_ALLGATHERV:
        return ortho_allgatherv(s, c->count, MPI_BYTE, r, bufs.counts, bufs.displs, MPI_BYTE,
                                c->comm);
    case ORTHO_OP_GATHERV:
        return ortho_gatherv(s, c->count, MPI_BYTE, r, bufs.counts, bufs.displs, MPI_BYTE, 0,
                             c->comm);
    default:
        return ortho_scatterv(s, bufs.counts, bufs.displs, MPI_BYTE, r, c->count, MPI_BYTE, 0,
                              c->comm);
    }
}

static void set_call(struct call *c, ortho_op op, double b, MPI_Comm comm)
{
    double bytes = tune_bytes(op, b);
    c->op = op;
    c->comm = comm;
    c->count = is_reduction(op) ? (int)(bytes / 8) : (int)bytes;
    for (int i = 0; i < bufs.p; i++) {
        bufs.counts[i] = c->count;
        bufs.displs[i] = i * c->count;
    }
}

int tune_measure(MPI_Comm comm, ortho_op op, const ortho_candidate *cand, const double sizes[],
                 int nsizes, const ortho_measure_opts *timing, double t[],
                 const char **ran_as)
{
    MPI_Comm dup = MPI_COMM_NULL;
    ortho_candidate want = *cand;
    int err = MPI_Comm_dup(comm, &dup);
    *ran_as = NULL;
    ortho_set_candidate_chooser(ortho_fixed_chooser, &want);
    for (int i = 0; i < nsizes && err == MPI_SUCCESS; i++) {
        struct call c;
        ortho_candidate ran;
        set_call(&c, op, sizes[i], dup);
        err = ortho_measure_call(comm, run_call, &c, timing, &t[i], NULL, NULL);
        if (err == MPI_SUCCESS && *ran_as == NULL
            && ortho_comm_candidate(dup, op, seen_bytes(op, sizes[i]), &ran, NULL) == MPI_SUCCESS) {
            if (want.variant != ORTHO_VARIANT_NATIVE && ran.variant == ORTHO_VARIANT_NATIVE)
                *ran_as = "ran native (the grid could not be made)";
            else if (want.node_aware && !ran.node_aware)
                *ran_as = "ran on a plain grid (the nodes do not form rows)";
        }
    }
    ortho_set_candidate_chooser(NULL, NULL);
    if (dup != MPI_COMM_NULL)
        MPI_Comm_free(&dup);
    return err;
}

int tune_measure_selected(MPI_Comm comm, ortho_op op, ortho_select_t sel, double size,
                          const ortho_measure_opts *timing, double *t,
                          ortho_candidate *ran)
{
    MPI_Comm dup = MPI_COMM_NULL;
    struct call c;
    int err = MPI_Comm_dup(comm, &dup);
    ortho_select_install(sel);
    set_call(&c, op, size, dup);
    if (err == MPI_SUCCESS)
        err = ortho_measure_call(comm, run_call, &c, timing, t, NULL, NULL);
    if (err == MPI_SUCCESS)
        err = ortho_comm_candidate(dup, op, seen_bytes(op, size), ran, NULL);
    ortho_select_install(NULL);
    if (dup != MPI_COMM_NULL)
        MPI_Comm_free(&dup);
    return err;
}
