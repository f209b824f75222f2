/* Segments and the step loop of the pipelined variants (segments.h). */
#include "variants/segments.h"

#include "model/variants.h"

void ortho__segments_of(int n, int elem, int depth, int named, struct ortho__segments *sg)
{
    double bytes = (double)n * (elem > 0 ? elem : 1);
    int seg = ortho__model_segment(bytes, depth, named);
    int per = elem > 0 ? seg / elem : seg;
    sg->n = n;
    sg->per = per < 1 ? 1 : per;
    sg->count = n > 0 ? (int)(((long long)n + sg->per - 1) / sg->per) : 0;
}

int ortho__pipeline(int nstages, int nsegs, ortho__stage_fn stage, void *ctx)
{
    enum { MAX_STAGES = 4 };
    MPI_Request req[MAX_STAGES];
    MPI_Status sts[MAX_STAGES];
    if (nstages < 1 || nstages > MAX_STAGES)
        return MPI_ERR_INTERN;
    int err = MPI_SUCCESS;
    for (int t = 0; t < nsegs + nstages - 1 && !err; t++) {
        for (int j = nstages - 1; j >= 0; j--) {
            int k = t - j;
            req[j] = MPI_REQUEST_NULL;
            if (!err && k >= 0 && k < nsegs)
                err = stage(ctx, j, k, &req[j]);
        }
        /* posted requests complete before anything is freed, even after
         * an error (a collective's request cannot be cancelled) */
        int werr = PMPI_Waitall(nstages, req, sts);
        err = err ? err : werr;
    }
    return err;
}
