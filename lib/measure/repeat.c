/* Timing one collective call: repeated until its mean is known well
 * enough, the median of the repetitions.
 *
 * One repetition: barrier, then the call timed from the first process's
 * start to the last one's end where every process's clock is the same one
 * (MPI_WTIME_IS_GLOBAL on every process, as under SMPI): what ortho-bench
 * measures, so that fits, decisions and the benchmark agree; elsewhere
 * the longest of the processes' own durations. Under SMPI a barrier lets
 * processes go at different times, and the two differ: on a simulated
 * tapered fat tree, a native scatter measured 0.985x its lower bound with
 * the longest own duration and 1.03x with the global form. A point is repeated until the relative standard error of the
 * mean of those maxima is below rel_se (after min_reps, at most max_reps,
 * at most max_seconds); its time is the median. Every stopping decision
 * uses values reduced over the communicator, so all ranks take the same
 * path. */
#include "measure/measure_private.h"
#include "common/errors.h"

#include <math.h>
#include <stdlib.h>

/* Whether MPI_Wtime is one clock for every process (the attribute of
 * MPI_COMM_WORLD, whichever communicator is measured). */
static int clock_is_global(void)
{
    int *value = NULL, flag = 0;
    if (PMPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &value, &flag) != MPI_SUCCESS)
        return 0;
    return flag && value != NULL && *value;
}

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
    /* agreed with the rest: a process without the global clock makes every
     * process use the own durations */
    double local_only = clock_is_global() ? 0.0 : 1.0;
    *nrep = 0;
    *rse = INFINITY;
    while (err == MPI_SUCCESS && *nrep < o->max_reps) {
        double mine[5], all[5], t0, t1, mean = 0.0, var = 0.0;
        int k = *nrep;
        err = PMPI_Barrier(comm);
        t0 = PMPI_Wtime();
        if (err == MPI_SUCCESS)
            err = call(ctx);
        t1 = PMPI_Wtime();
        mine[0] = t1 - t0;    /* this call, this process */
        mine[1] = t1 - start; /* this point so far */
        mine[2] = t1;         /* the last end, */
        mine[3] = -t0;        /* the first start (the max of -t0) */
        mine[4] = local_only;
        if (err == MPI_SUCCESS)
            err = PMPI_Allreduce(mine, all, 5, MPI_DOUBLE, MPI_MAX, comm);
        if (err != MPI_SUCCESS)
            break;
        reps[k] = all[4] > 0.0 ? all[0] : all[2] + all[3];
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
