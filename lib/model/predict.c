/* Prediction: a profile entry (a composite form as the sum of its terms),
 * the native operation from the first matching profile entry, and a grid
 * realization as the sum of its phases (formulas (1), (2) of the
 * paper and their N-D generalization; see ortho_model.h).
 *
 *   bcast    d[0], d[1], ..., d[k-1]        each phase b
 *   scatter  d[0], d[1], ..., d[k-1]        phase over d[i]: b * d[i+1]*...*d[k-1]
 *   reduce, allreduce  d[k-1], ..., d[0]    each phase b
 *   gather, allgather  d[k-1], ..., d[0]    phase over d[i]: b * d[i+1]*...*d[k-1]
 *
 * 2D: t_sb(p1,b) + t_sb(p2,b) (1); t_ga(p2,b) + t_ga(p1,b*p2);
 * t_mb(p2,b) + t_mb(p1,b*p2) (2); allreduce t_macc(p2,b) + t_macc(p1,b):
 * the reduced vector keeps its size in both phases. */
#include "model/model_private.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* A composite form: the sum of its terms, each a native prediction. */
static int compose(ortho_model_profile_t prof, const struct ortho__form *f, int p, double b,
                   double *t)
{
    int err = MPI_SUCCESS;
    double sum = 0.0;
    for (int k = 0; k < 2 && err == MPI_SUCCESS; k++) {
        double x = 0.0;
        err = ortho__predict(prof, f->terms[k].op, p, f->terms[k].times_p ? p * b : b, &x);
        sum += x;
    }
    *t = sum;
    return err;
}

int ortho__entry_eval(ortho_model_profile_t prof, const ortho_model_entry *e, int p, double b,
                      double *t)
{
    const struct ortho__form *f = &ortho__forms[e->form];
    int err = MPI_SUCCESS;
    if (!f->info.composite)
        *t = ortho__form_basis_eval(e->form, e->coefs, p, b);
    else if (prof == NULL)
        err = MPI_ERR_ARG;
    else
        err = compose(prof, f, p, b, t);
    return err;
}

int ortho__predict(ortho_model_profile_t prof, ortho_model_op op, int p, double b, double *t)
{
    return ortho__predict_at(prof, op, p, b, ORTHO_MODEL_WHERE_ANY, 0, t, NULL, NULL);
}

int ortho_model_predict(ortho_model_profile_t prof, ortho_model_op op, int p, double bytes,
                        double *seconds)
{
    int err = MPI_ERR_ARG;
    if (prof != NULL && seconds != NULL && (int)op >= 0 && op < ORTHO_MODEL_NOPS && p >= 1
        && bytes >= 0.0 && isfinite(bytes))
        err = ortho__predict(prof, op, p, bytes, seconds);
    return err;
}

static int grows(ortho_model_op op)
{
    return op == ORTHO_MODEL_GATHER || op == ORTHO_MODEL_SCATTER || op == ORTHO_MODEL_ALLGATHER;
}

static int leader_first(ortho_model_op op)
{
    return op == ORTHO_MODEL_BCAST || op == ORTHO_MODEL_SCATTER;
}

static int rooted(ortho_model_op op)
{
    return op != ORTHO_MODEL_ALLREDUCE && op != ORTHO_MODEL_ALLGATHER;
}

int ortho__grid_phases(ortho_model_profile_t prof, const struct ortho__frame *fr, int nsub,
                       unsigned mask, ortho_model_op op, double bytes, ortho_model_prediction *pred)
{
    int err = MPI_SUCCESS;
    double block[ORTHO_GRID_MAX_DIMS];
    const int *dims = fr->dims;
    /* block[i]: the size moved by the phase over d[i] */
    for (int i = nsub - 1; i >= 0; i--)
        block[i] = !grows(op) ? bytes : (i == nsub - 1 ? bytes : block[i + 1] * dims[i + 1]);
    for (int k = 0; k < nsub && err == MPI_SUCCESS; k++) {
        int i = leader_first(op) ? k : nsub - 1 - k;
        /* a rooted operation's phase over d[i] runs in the groups that
         * hold data: coordinates 0 in the sub-grid's dims after i */
        unsigned held = 0;
        for (int j = i + 1; j < nsub && rooted(op); j++)
            held |= 1u << j;
        ortho_model_phase ph;
        err = ortho__phase_predict(prof, fr, i, i, mask | held, op, dims[i], block[i], &ph);
        if (pred->nphases < ORTHO_GRID_MAX_DIMS)
            pred->phase[pred->nphases++] = ph;
        pred->total += ph.seconds;
    }
    return err;
}

/* The spread of the processes' starts, paid once per candidate. Every
 * function of the profile was timed after a barrier from the first start
 * to the last end, so each holds the spread with which the barrier let
 * the processes go (the profile's param "spread": ortho-fit times a call
 * that does nothing the same way; under SMPI 1.06 us on the multi-core
 * platform, 121 us on the star), and so does a candidate timed so; but
 * its phases follow one another without a barrier between them. So every
 * phase after the first loses the spread, down to no less than one
 * message's latency (hop_alpha, hop_net_alpha across nodes, the reach of
 * its group where longer: a phase sends at least one), which keeps
 * a phase whose function the spread overlapped (a late process receiving
 * what was sent while it waited) from going below a message. Phases of
 * measured hops, or held at one message (ORTHO_MODEL_ENTRY_FLOOR), hold
 * no spread. Nothing without the param (a profile
 * measured without a global clock, or before it existed). */
void ortho__spread_once(ortho_model_profile_t prof, ortho_model_prediction *pred)
{
    double spread = ortho__param_or_0(prof, "spread"), beta = 0.0;
    for (int i = 1; spread > 0.0 && i < pred->nphases; i++) {
        ortho_model_phase *ph = &pred->phase[i];
        if (ph->entry == ORTHO_MODEL_ENTRY_HOP || ph->entry == ORTHO_MODEL_ENTRY_FLOOR)
            continue;
        /* a message where its groups lie, to the farthest of group
         * consecutive ranks (a strided group's reach is not known here) */
        double least = ortho__param_or_0(prof, "hop_alpha");
        if (ph->group >= 2)
            ortho__measured_hop(prof, ph->where, ph->group, 1, &least, &beta);
        double room = ph->seconds - least > 0.0 ? ph->seconds - least : 0.0;
        double cut = spread < room ? spread : room;
        ph->seconds -= cut;
        pred->total -= cut;
    }
}

int ortho_model_predict_grid_nodes(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                                   const int dims[], double bytes, int node_size,
                                   ortho_model_prediction *pred)
{
    int err = MPI_SUCCESS;
    struct ortho__frame fr;
    if (prof == NULL || dims == NULL || pred == NULL || (int)op < 0 || op >= ORTHO_MODEL_NOPS
        || !(bytes >= 0.0) || !isfinite(bytes) || node_size < 0)
        return MPI_ERR_ARG;
    if (ndims < 1 || ndims > ORTHO_GRID_MAX_DIMS)
        return MPI_ERR_DIMS;
    for (int i = 0; i < ndims; i++)
        if (dims[i] < 1)
            err = MPI_ERR_ARG;
    if (err != MPI_SUCCESS)
        return err;
    memset(&fr, 0, sizeof fr);
    fr.node_size = node_size;
    fr.ndims = ndims;
    memcpy(fr.dims, dims, (size_t)ndims * sizeof dims[0]);
    memset(pred, 0, sizeof *pred);
    err = ortho__grid_phases(prof, &fr, ndims, 0u, op, bytes, pred);
    if (err == MPI_SUCCESS)
        ortho__spread_once(prof, pred);
    return err;
}

int ortho_model_predict_grid(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                             const int dims[], double bytes, ortho_model_prediction *pred)
{
    return ortho_model_predict_grid_nodes(prof, op, ndims, dims, bytes, 0, pred);
}
