/* The measure module's private declarations. */
#ifndef ORTHO_MEASURE_PRIVATE_H_INCLUDED
#define ORTHO_MEASURE_PRIVATE_H_INCLUDED

#include "ortho_measure.h"

/* One point (repeat.c): one untimed warm-up call, then repetitions of
 * barrier, call, its time over the ranks of comm (first start to last end
 * on a global clock, else the longest own duration), stopped by o's
 * rules; *median of those times, *nrep of them, *rse the relative
 * standard error of their mean. reps: room for o->max_reps. Returns the
 * first failed code without raising it. Collective over comm. */
int ortho__measure_point(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                         const ortho_measure_opts *o, double reps[], double *median, int *nrep,
                         double *rse);

/* hops.c: after each process's allocation (ok on it): MPI_ERR_NO_MEM on
 * every process where one failed, else *own, a communicator of the
 * messages' own (never one the caller's receives could match). Returns
 * the code without raising it. Collective over comm. */
int ortho__measure_own_comm(MPI_Comm comm, int ok, MPI_Comm *own);

/* natives.c: one call of native op with size bytes (b rounded as
 * ortho_measure_natives() does) on sub, root 0, through PMPI_. */
int ortho__measure_run_op(ortho_model_op op, int bytes, void *sbuf, void *rbuf, MPI_Comm sub);

/* What a sweep of points fills: room for `total` samples in out, *done
 * of them filled; buffers for the largest size of opts on every process
 * of the communicator; reps for opts->max_reps. */
struct ortho__sweep {
    const ortho_measure_opts *opts;
    void *sbuf, *rbuf;
    double *reps;
    MPI_Comm sub; /* the groups' communicator; MPI_COMM_NULL outside them */
    ortho_model_sample *out;
    int *done;
    int total;
};

/* natives.c: room in s for nshapes group shapes' samples (every
 * operation and size of opts each) and send and receive buffers of
 * `blocks` blocks of opts' largest size; s->done points at *done (0).
 * MPI_ERR_NO_MEM, not raised, with nothing held. Not collective. */
int ortho__sweep_open(struct ortho__sweep *s, const ortho_measure_opts *opts, int nshapes,
                      int blocks, int *done);

/* Releases what s holds (s->out too: take it first to keep it). */
void ortho__sweep_close(struct ortho__sweep *s);

/* natives.c: every operation of opts at every size, natively on s->sub
 * (a process outside the groups takes part in the barriers and timing
 * only), each point timed over comm and appended to s->out as a sample
 * of g processes with the given where and flows; rank 0 prints a line per
 * point on opts->progress, `shape` (may be "") before its median. Returns
 * the first failed code without raising it. Collective over comm. */
int ortho__measure_sweep(MPI_Comm comm, const struct ortho__sweep *s, int g, int where, int flows,
                         const char *shape);

#endif /* ORTHO_MEASURE_PRIVATE_H_INCLUDED */
