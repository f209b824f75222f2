/* The measure module's private declarations. */
#ifndef ORTHO_MEASURE_PRIVATE_H_INCLUDED
#define ORTHO_MEASURE_PRIVATE_H_INCLUDED

#include "ortho_measure.h"

/* One point (repeat.c): one untimed warm-up call, then repetitions of
 * barrier, call, maximum of its time over the ranks of comm, stopped by
 * o's rules; *median of those maxima, *nrep of them, *rse the relative
 * standard error of their mean. reps: room for o->max_reps. Returns the
 * first failed code without raising it. Collective over comm. */
int ortho__measure_point(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                         const ortho_measure_opts *o, double reps[], double *median, int *nrep,
                         double *rse);

/* natives.c: one call of native op with size bytes (b rounded as
 * ortho_measure_natives() does) on sub, root 0, through PMPI_. */
int ortho__measure_run_op(ortho_model_op op, int bytes, void *sbuf, void *rbuf, MPI_Comm sub);

#endif /* ORTHO_MEASURE_PRIVATE_H_INCLUDED */
