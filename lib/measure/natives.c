/* Timing native collectives on concurrent sub-communicators: the samples
 * that the fits are made from.
 *
 * For a group size g the communicator is split into size/g groups of g
 * consecutive ranks, the shape of the row groups of a grid, and all groups
 * run the operation at once. Each (op, g, size) is one point timed by
 * repeat.c: the median over repetitions of the call's time over the ranks. */
#include "measure/measure_private.h"
#include "common/errors.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

ortho_measure_opts ortho_measure_opts_default(void)
{
    static const double sizes[] = { 256, 2048, 16384, 131072 };
    ortho_measure_opts o;
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

int ortho_measure_samples_free(ortho_model_sample **samples)
{
    if (samples != NULL) {
        free(*samples);
        *samples = NULL;
    }
    return MPI_SUCCESS;
}

int ortho__measure_run_op(ortho_model_op op, int bytes, void *sbuf, void *rbuf, MPI_Comm sub)
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

/* One native call of a point: on sub, or nothing on a process outside
 * the groups (MPI_COMM_NULL). */
struct native_call {
    ortho_model_op op;
    int bytes;
    void *sbuf, *rbuf;
    MPI_Comm sub;
};

static int native_call(void *ctx)
{
    const struct native_call *c = ctx;
    return c->sub == MPI_COMM_NULL
               ? MPI_SUCCESS
               : ortho__measure_run_op(c->op, c->bytes, c->sbuf, c->rbuf, c->sub);
}

int ortho__sweep_open(struct ortho__sweep *s, const ortho_measure_opts *opts, int nshapes,
                      int blocks, int *done)
{
    double maxsize = 0.0;
    int nops = 0;
    for (int i = 0; i < opts->nsizes; i++)
        maxsize = fmax(maxsize, opts->sizes[i]);
    for (int op = 0; op < ORTHO_MODEL_NOPS; op++)
        nops += (opts->ops >> op) & 1u;
    memset(s, 0, sizeof *s);
    s->opts = opts;
    s->sub = MPI_COMM_NULL;
    s->done = done;
    *done = 0;
    s->total = nops * nshapes * opts->nsizes;
    s->out = malloc((size_t)s->total * sizeof *s->out);
    s->reps = malloc((size_t)opts->max_reps * sizeof *s->reps);
    s->sbuf = calloc((size_t)(maxsize + 8.0) * (size_t)blocks, 1);
    s->rbuf = calloc((size_t)(maxsize + 8.0) * (size_t)blocks, 1);
    if (s->out == NULL || s->reps == NULL || s->sbuf == NULL || s->rbuf == NULL) {
        ortho__sweep_close(s);
        return MPI_ERR_NO_MEM;
    }
    return MPI_SUCCESS;
}

void ortho__sweep_close(struct ortho__sweep *s)
{
    free(s->out);
    free(s->reps);
    free(s->sbuf);
    free(s->rbuf);
    s->out = NULL;
    s->reps = NULL;
    s->sbuf = s->rbuf = NULL;
}

int ortho__measure_sweep(MPI_Comm comm, const struct ortho__sweep *s, int g, int where, int flows,
                         const char *shape)
{
    int err = MPI_SUCCESS, rank = 0;
    const ortho_measure_opts *o = s->opts;
    PMPI_Comm_rank(comm, &rank);
    for (int op = 0; op < ORTHO_MODEL_NOPS && err == MPI_SUCCESS; op++) {
        if (!((o->ops >> op) & 1u))
            continue;
        for (int si = 0; si < o->nsizes && err == MPI_SUCCESS; si++) {
            int bytes = (int)o->sizes[si], nrep = 0;
            double median = 0.0, rse = 0.0;
            if (op == ORTHO_MODEL_REDUCE || op == ORTHO_MODEL_ALLREDUCE)
                bytes = bytes < 8 ? 8 : bytes - bytes % 8;
            struct native_call nc = { (ortho_model_op)op, bytes, s->sbuf, s->rbuf, s->sub };
            err = ortho__measure_point(comm, native_call, &nc, o, s->reps, &median, &nrep, &rse);
            if (err != MPI_SUCCESS)
                break;
            ortho_model_sample *out = &s->out[(*s->done)++];
            out->op = (ortho_model_op)op;
            out->p = g;
            out->bytes = bytes;
            out->seconds = median;
            out->where = where;
            out->flows = flows;
            if (o->progress != NULL && rank == 0) {
                fprintf(o->progress, "[%3d/%d] %-9s p=%-4d b=%-8d %.3e s  (%smedian of %d, rse %.3f)\n",
                        *s->done, s->total, ortho_model_op_name((ortho_model_op)op), g, bytes,
                        median, shape, nrep, rse);
                fflush(o->progress);
            }
        }
    }
    return err;
}

static int opts_ok(const ortho_measure_opts *o, int size, int groups[], int *ngroups)
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

int ortho_measure_natives(MPI_Comm comm, const ortho_measure_opts *o,
                          ortho_model_sample **samples, int *n)
{
    int err = MPI_SUCCESS, size = 0, rank = 0, ngroups = 0, done = 0;
    int *groups = NULL;
    struct ortho__sweep sweep = { NULL, NULL, NULL, NULL, MPI_COMM_NULL, NULL, &done, 0 };
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
    if (ortho__sweep_open(&sweep, o, ngroups, size, &done) != MPI_SUCCESS) {
        err = ortho__raise(comm, MPI_ERR_NO_MEM);
        goto fn_fail;
    }
    for (int gi = 0; gi < ngroups && err == MPI_SUCCESS; gi++) {
        int g = groups[gi];
        err = PMPI_Comm_split(comm, rank / g, rank, &sub);
        sweep.sub = sub;
        if (err == MPI_SUCCESS)
            err = ortho__measure_sweep(comm, &sweep, g, ORTHO_MODEL_WHERE_ANY, 0, "");
        if (sub != MPI_COMM_NULL)
            PMPI_Comm_free(&sub);
    }
    if (err != MPI_SUCCESS)
        goto fn_fail;
    *samples = sweep.out;
    *n = done;
    sweep.out = NULL;
fn_exit:
    if (sub != MPI_COMM_NULL)
        PMPI_Comm_free(&sub);
    ortho__sweep_close(&sweep);
    free(groups);
    return err;
fn_fail:
    goto fn_exit;
}
