/* What a decision costs at run time (ortho-tune --lookup-bench).
 *
 *  1. the selector's lookup of a measured decision (ortho_select_choose on
 *     sizes its decisions cover): the table search alone;
 *  2. the model's selection where no decision covers the size: every
 *     candidate predicted (outside the tuned range of a tuned (op, p) the
 *     selector runs native by default; the bench times the model there as
 *     ORTHO_SELECT_EXTRAPOLATE=1 would, the dearer answer);
 *  3. the drop-ins' per-call path once a size class is decided
 *     (ortho_comm_candidate on a decided class: the communicator's cached
 *     decision, which every drop-in call reads).
 * The drop-ins ask the selector (1 or 2) once per communicator, operation
 * and size class; every call pays 3. Timed with clock_gettime over many
 * calls; meaningful under real MPI only (SMPI simulates the clock). */
#include <math.h>
#include <string.h>
#include <time.h>

#include "tune.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Seconds per call of ortho_select_choose over the given sizes. */
static double time_choose(ortho_select_t sel, ortho_op op, int p, const double sizes[], int n,
                          long calls, ortho_select_info *info)
{
    ortho_candidate c;
    double t0 = now();
    for (long i = 0; i < calls; i++)
        ortho_select_choose(sel, op, p, 0, sizes[i % n], &c, info);
    return (now() - t0) / (double)calls;
}

int tune_lookup_bench(MPI_Comm comm, ortho_model_profile_t prof, const struct tune_opts *o)
{
    int p, rank, nd = 0, err = MPI_SUCCESS;
    ortho_select_t sel = NULL;
    ortho_select_opts so = ortho_select_opts_default();
    double in[64], out[64];
    int nin = 0, nout = 0;
    ortho_op op = ORTHO_OP_ALLGATHER;
    int size;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    p = o->procs > 0 ? o->procs : size;
    so.threshold = o->threshold;
    so.maxdims = o->maxdims;
    so.extrapolate = 1;
    if ((err = ortho_select_create(prof, &so, &sel)) != MPI_SUCCESS)
        return err;
    /* sizes inside the decisions of (op, p) for some op, and sizes outside */
    ortho_model_profile_ndecisions(prof, &nd);
    for (int i = 0; i < nd && nin < 64; i++) {
        ortho_model_decision d;
        ortho_model_profile_decision(prof, i, &d);
        if (d.p != p || d.op == ORTHO_OP_GATHERV || d.op == ORTHO_OP_SCATTERV)
            continue;
        if (nin == 0)
            op = d.op;
        if (d.op == op)
            in[nin++] = isinf(d.size_hi) ? d.size_lo + 1.0 : 0.5 * (d.size_lo + d.size_hi);
    }
    for (double b = 8.0; b < 1e9 && nout < 64; b *= 2.0) {
        ortho_candidate c;
        ortho_select_info info;
        ortho_select_choose(sel, op, p, 0, b, &c, &info);
        if (info.source != ORTHO_SELECT_DECISION)
            out[nout++] = b;
    }
    if (rank == 0) {
        ortho_select_info info;
        printf("lookup bench: %s on %d processes, %d decisions in the profile\n",
               ortho_model_dropin_op_name(op), p, nd);
        if (nin > 0) {
            double t = time_choose(sel, op, p, in, nin, 2000000, &info);
            printf("  measured decision (table lookup):   %8.1f ns per call (%d intervals)\n",
                   1e9 * t, nin);
        } else {
            printf("  measured decision: the profile has none for p=%d\n", p);
        }
        if (nout > 0) {
            double t = time_choose(sel, op, p, out, nout, 2000, &info);
            if (info.source == ORTHO_SELECT_UNCOVERED)
                printf("  model selection (no decision):      %8.1f ns per call (not covered: "
                       "native)\n", 1e9 * t);
            else
                printf("  model selection (no decision):      %8.1f ns per call (%d of %d "
                       "candidates predicted)\n", 1e9 * t, info.npredicted, info.ncandidates);
        }
        printf("  (the drop-ins ask once per communicator, operation and size class)\n");
        fflush(stdout);
    }
    /* the per-call path: a decided class on a communicator */
    if (size > 1) {
        MPI_Comm dup;
        ortho_candidate c;
        double bytes = nin > 0 ? in[0] : 1024.0, t0, t = 0.0;
        long calls = 1000000;
        MPI_Comm_dup(comm, &dup);
        ortho_select_install(sel);
        err = ortho_comm_candidate(dup, op, bytes, &c, NULL); /* decides: collective */
        t0 = now();
        for (long i = 0; i < calls && err == MPI_SUCCESS; i++)
            err = ortho_comm_candidate(dup, op, bytes, &c, NULL);
        t = (now() - t0) / (double)calls;
        ortho_select_install(NULL);
        MPI_Comm_free(&dup);
        if (rank == 0)
            printf("  drop-in per call, class decided:    %8.1f ns per call "
                   "(ortho_comm_candidate on %d processes: the cached decision)\n", 1e9 * t, size);
    }
    ortho_select_free(&sel);
    return err;
}
