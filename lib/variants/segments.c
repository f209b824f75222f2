/* Segments and the step loop of the pipelined variants (segments.h). */
#include "variants/segments.h"

#include "model/variants.h"

void ortho__segments_of(int n, int elem, int depth, ortho_model_op hop, int latencies,
                        const struct ortho__segment_choice *choice, struct ortho__segments *sg)
{
    double bytes = (double)n * (elem > 0 ? elem : 1);
    int seg = ortho__model_segment(choice->prof, hop, bytes, depth, latencies, choice->named);
    int per = elem > 0 ? seg / elem : seg;
    sg->n = n;
    sg->per = per < 1 ? 1 : per;
    sg->count = n > 0 ? (int)(((long long)n + sg->per - 1) / sg->per) : 0;
}

int ortho__pipeline(int nsteps, ortho__step_fn step, ortho__after_fn after, void *ctx)
{
    MPI_Request req[ORTHO_PIPELINE_MAX_REQ];
    MPI_Status sts[ORTHO_PIPELINE_MAX_REQ];
    int err = MPI_SUCCESS;
    for (int t = 0; t < nsteps && !err; t++) {
        int n = 0;
        for (int i = 0; i < ORTHO_PIPELINE_MAX_REQ; i++)
            req[i] = MPI_REQUEST_NULL;
        err = step(ctx, t, req, &n);
        /* posted requests complete before anything is freed, even after
         * an error (a collective's request cannot be cancelled) */
        int werr = PMPI_Waitall(ORTHO_PIPELINE_MAX_REQ, req, sts);
        err = err ? err : werr;
        if (!err && after != NULL)
            err = after(ctx, t);
    }
    return err;
}
