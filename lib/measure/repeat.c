/* Timing one collective call: repeated until its mean is known well
 * enough, the median of the repetitions.
 *
 * One repetition: barrier, time the call on every rank, maximum over the
 * ranks. A point is repeated until the relative standard error of the
 * mean of those maxima is below rel_se (after min_reps, at most max_reps,
 * at most max_seconds); its time is the median. Every stopping decision
 * uses values reduced over the communicator, so all ranks take the same
 * path. */
#include "measure/measure_private.h"
#include "common/errors.h"

#include <math.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int ortho__measure_point(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                         const ortho_measure_opts *o, double reps[], double *median, int *nrep,
                         double *rse)
{
    int err = call(ctx); /* warm-up */
    double start = PMPI_Wtime();
    *nrep = 0;
    *rse = INFINITY;
    while (err == MPI_SUCCESS && *nrep < o->max_reps) {
        double mine[2], all[2], t0, t1, mean = 0.0, var = 0.0;
        int k = *nrep;
        err = PMPI_Barrier(comm);
        t0 = PMPI_Wtime();
        if (err == MPI_SUCCESS)
            err = call(ctx);
        t1 = PMPI_Wtime();
        mine[0] = t1 - t0;    /* this call */
        mine[1] = t1 - start; /* this point so far */
        if (err == MPI_SUCCESS)
            err = PMPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, comm);
        if (err != MPI_SUCCESS)
            break;
        reps[k] = all[0];
        *nrep = k + 1;
        for (int i = 0; i <= k; i++)
            mean += reps[i] / (k + 1);
        for (int i = 0; i <= k; i++)
            var += (reps[i] - mean) * (reps[i] - mean) / (k > 0 ? k : 1);
        *rse = mean > 0.0 ? sqrt(var / (k + 1)) / mean : 0.0;
        if (*nrep >= o->min_reps
            && (*rse < o->rel_se || (o->max_seconds > 0.0 && all[1] > o->max_seconds)))
            break;
    }
    if (err == MPI_SUCCESS) {
        qsort(reps, (size_t)*nrep, sizeof reps[0], cmp_double);
        *median = *nrep % 2 ? reps[*nrep / 2] : 0.5 * (reps[*nrep / 2 - 1] + reps[*nrep / 2]);
    }
    return err;
}

int ortho_measure_call(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                       const ortho_measure_opts *opts, double *median, int *nreps, double *rse)
{
    int err = MPI_SUCCESS, n = 0;
    double *reps = NULL, r = 0.0;
    if (comm == MPI_COMM_NULL || call == NULL || opts == NULL || median == NULL
        || opts->min_reps < 1 || opts->max_reps < opts->min_reps || !(opts->rel_se >= 0.0)
        || !(opts->max_seconds >= 0.0)) {
        err = ortho__raise(comm, MPI_ERR_ARG);
        goto fn_exit;
    }
    reps = malloc((size_t)opts->max_reps * sizeof *reps);
    if (reps == NULL) {
        err = ortho__raise(comm, MPI_ERR_NO_MEM);
        goto fn_exit;
    }
    err = ortho__measure_point(comm, call, ctx, opts, reps, median, &n, &r);
    if (nreps != NULL)
        *nreps = n;
    if (rse != NULL)
        *rse = r;
fn_exit:
    free(reps);
    return err;
}
