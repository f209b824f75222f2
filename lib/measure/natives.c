/* Timing native collectives on concurrent sub-communicators: the samples
 * that the fits are made from.
 *
 * For a group size g the communicator is split into size/g groups of g
 * consecutive ranks, the shape of the row groups of a grid, and all groups
 * run the operation at once. One repetition: barrier, time the call on
 * every rank, maximum over the ranks. A point is repeated until the
 * relative standard error of the mean of those maxima is below rel_se (after
 * min_reps, at most max_reps, at most max_seconds); its sample is the median.
 * Every stopping decision uses values reduced over the communicator, so all
 * ranks take the same path. */
#include "model/model_private.h"
#include "common/errors.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

ortho_model_measure_opts ortho_model_measure_opts_default(void)
{
    static const double sizes[] = { 256, 2048, 16384, 131072 };
    ortho_model_measure_opts o;
    memset(&o, 0, sizeof o);
    o.ops = (1u << ORTHO_MODEL_NOPS) - 1u;
    o.sizes = sizes;
    o.nsizes = (int)(sizeof sizes / sizeof sizes[0]);
    o.min_reps = 3;
    o.max_reps = 10;
    o.rel_se = 0.05;
    o.max_seconds = 0.1;
    return o;
}

int ortho_model_samples_free(ortho_model_sample **samples)
{
    if (samples != NULL) {
        free(*samples);
        *samples = NULL;
    }
    return MPI_SUCCESS;
}

static int run_op(ortho_model_op op, int bytes, void *sbuf, void *rbuf, MPI_Comm sub)
{
    int count = bytes / (int)sizeof(double);
    int err;
    switch (op) {
    case ORTHO_MODEL_BCAST:
        err = PMPI_Bcast(sbuf, bytes, MPI_BYTE, 0, sub);
        break;
    case ORTHO_MODEL_REDUCE:
        err = PMPI_Reduce(sbuf, rbuf, count, MPI_DOUBLE, MPI_SUM, 0, sub);
        break;
    case ORTHO_MODEL_GATHER:
        err = PMPI_Gather(sbuf, bytes, MPI_BYTE, rbuf, bytes, MPI_BYTE, 0, sub);
        break;
    case ORTHO_MODEL_SCATTER:
        err = PMPI_Scatter(sbuf, bytes, MPI_BYTE, rbuf, bytes, MPI_BYTE, 0, sub);
        break;
    case ORTHO_MODEL_ALLREDUCE:
        err = PMPI_Allreduce(sbuf, rbuf, count, MPI_DOUBLE, MPI_SUM, sub);
        break;
    default:
        err = PMPI_Allgather(sbuf, bytes, MPI_BYTE, rbuf, bytes, MPI_BYTE, sub);
        break;
    }
    return err;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One point: the median over repetitions of the maximum over ranks. */
static int time_point(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                      const ortho_model_measure_opts *o, double reps[], double *median, int *nrep,
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

/* One native call of ortho_model_measure(). */
struct native_call {
    ortho_model_op op;
    int bytes;
    void *sbuf, *rbuf;
    MPI_Comm sub;
};

static int native_call(void *ctx)
{
    const struct native_call *c = ctx;
    return run_op(c->op, c->bytes, c->sbuf, c->rbuf, c->sub);
}

int ortho_model_time_call(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                          const ortho_model_measure_opts *opts, double *median, int *nreps,
                          double *rse)
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
    err = time_point(comm, call, ctx, opts, reps, median, &n, &r);
    if (nreps != NULL)
        *nreps = n;
    if (rse != NULL)
        *rse = r;
fn_exit:
    free(reps);
    return err;
}

static int opts_ok(const ortho_model_measure_opts *o, int size, int groups[], int *ngroups)
{
    int ok = o != NULL && o->ops != 0 && (o->ops >> ORTHO_MODEL_NOPS) == 0 && o->sizes != NULL
             && o->nsizes > 0 && o->min_reps >= 1 && o->max_reps >= o->min_reps && o->rel_se >= 0.0
             && o->max_seconds >= 0.0 && (o->groups == NULL || o->ngroups > 0);
    *ngroups = 0;
    for (int i = 0; ok && i < o->nsizes; i++)
        ok = o->sizes[i] >= 0.0 && o->sizes[i] * size < (double)(INT_MAX / 2);
    if (ok && o->groups != NULL) {
        for (int i = 0; ok && i < o->ngroups; i++) {
            ok = o->groups[i] >= 1 && o->groups[i] <= size && size % o->groups[i] == 0;
            groups[(*ngroups)++] = o->groups[i];
        }
    } else if (ok) {
        for (int g = 2; g <= size; g++)
            if (size % g == 0)
                groups[(*ngroups)++] = g;
        if (size == 1)
            groups[(*ngroups)++] = 1;
    }
    return ok;
}

int ortho_model_measure(MPI_Comm comm, const ortho_model_measure_opts *o,
                        ortho_model_sample **samples, int *n)
{
    int err = MPI_SUCCESS, size = 0, rank = 0, ngroups = 0, nops = 0, total, done = 0;
    int *groups = NULL;
    double *reps = NULL, maxsize = 0.0;
    char *sbuf = NULL, *rbuf = NULL;
    ortho_model_sample *out = NULL;
    MPI_Comm sub = MPI_COMM_NULL;

    if (comm == MPI_COMM_NULL || samples == NULL || n == NULL) {
        err = ortho__raise(comm, MPI_ERR_ARG);
        goto fn_fail;
    }
    *samples = NULL;
    *n = 0;
    err = PMPI_Comm_size(comm, &size);
    if (err == MPI_SUCCESS)
        err = PMPI_Comm_rank(comm, &rank);
    if (err != MPI_SUCCESS)
        goto fn_fail;
    groups = malloc((size_t)(o != NULL && o->groups != NULL ? o->ngroups : size) * sizeof *groups);
    if (groups == NULL) {
        err = ortho__raise(comm, MPI_ERR_NO_MEM);
        goto fn_fail;
    }
    if (!opts_ok(o, size, groups, &ngroups)) {
        err = ortho__raise(comm, MPI_ERR_ARG);
        goto fn_fail;
    }
    for (int i = 0; i < o->nsizes; i++)
        maxsize = fmax(maxsize, o->sizes[i]);
    for (int op = 0; op < ORTHO_MODEL_NOPS; op++)
        nops += (o->ops >> op) & 1u;
    total = nops * ngroups * o->nsizes;
    out = malloc((size_t)total * sizeof *out);
    reps = malloc((size_t)o->max_reps * sizeof *reps);
    sbuf = calloc((size_t)(maxsize + 8.0) * (size_t)size, 1);
    rbuf = calloc((size_t)(maxsize + 8.0) * (size_t)size, 1);
    if (out == NULL || reps == NULL || sbuf == NULL || rbuf == NULL) {
        err = ortho__raise(comm, MPI_ERR_NO_MEM);
        goto fn_fail;
    }
    for (int gi = 0; gi < ngroups && err == MPI_SUCCESS; gi++) {
        int g = groups[gi];
        err = PMPI_Comm_split(comm, rank / g, rank, &sub);
        for (int op = 0; op < ORTHO_MODEL_NOPS && err == MPI_SUCCESS; op++) {
            if (!((o->ops >> op) & 1u))
                continue;
            for (int si = 0; si < o->nsizes && err == MPI_SUCCESS; si++) {
                int bytes = (int)o->sizes[si], nrep = 0;
                double median = 0.0, rse = 0.0;
                if (op == ORTHO_MODEL_REDUCE || op == ORTHO_MODEL_ALLREDUCE)
                    bytes = bytes < 8 ? 8 : bytes - bytes % 8;
                struct native_call nc = { (ortho_model_op)op, bytes, sbuf, rbuf, sub };
                err = time_point(comm, native_call, &nc, o, reps, &median, &nrep, &rse);
                if (err != MPI_SUCCESS)
                    break;
                out[done].op = (ortho_model_op)op;
                out[done].p = g;
                out[done].bytes = bytes;
                out[done].seconds = median;
                done++;
                if (o->progress != NULL && rank == 0) {
                    fprintf(o->progress, "[%3d/%d] %-9s p=%-4d b=%-8d %.3e s  (median of %d, rse %.3f)\n",
                            done, total, ortho_model_op_name((ortho_model_op)op), g, bytes, median,
                            nrep, rse);
                    fflush(o->progress);
                }
            }
        }
        if (sub != MPI_COMM_NULL)
            PMPI_Comm_free(&sub);
    }
    if (err != MPI_SUCCESS)
        goto fn_fail;
    *samples = out;
    *n = done;
    out = NULL;
fn_exit:
    if (sub != MPI_COMM_NULL)
        PMPI_Comm_free(&sub);
    free(rbuf);
    free(sbuf);
    free(reps);
    free(out);
    free(groups);
    return err;
fn_fail:
    goto fn_exit;
}
