/* Segments and the step loop of the pipelined variants (segments.h). */
#include "variants/segments.h"

#include "model/variants.h"

void ortho__segments_of(int n, int elem, int depth, ortho_model_op hop, int latencies, int lanes,
                        const struct ortho__segment_choice *choice, struct ortho__segments *sg)
{
    double bytes = (double)n * (elem > 0 ? elem : 1);
    ortho__segments_cut(n, elem,
                        ortho__model_segment(choice->prof, hop, bytes, depth, latencies, lanes,
                                             choice->named),
                        sg);
}

void ortho__segments_cut(int n, int elem, int seg, struct ortho__segments *sg)
{
    int per = elem > 0 ? seg / elem : seg;
    sg->n = n;
    sg->per = per < 1 ? 1 : per;
    sg->count = n > 0 ? (int)(((long long)n + sg->per - 1) / sg->per) : 0;
}

/* The node size: the choice's, else, on a node-aware grid (whose rows
 * are its nodes), its rows' length `row`; 0 when unknown. */
static int node_size_of(const struct ortho__segment_choice *choice,
                        const struct ortho_grid *grid, int row)
{
    return choice->node_size >= 2 ? choice->node_size : grid->node_aware ? row : 0;
}

int ortho__segments_lanes(const struct ortho__segment_choice *choice,
                          const struct ortho_grid *grid, int chains)
{
    return ortho__model_segment_lanes(chains, node_size_of(choice, grid, chains));
}

int ortho__segments_trees(const struct ortho__segment_choice *choice,
                          const struct ortho_grid *grid, int rows_first, int pieces, int len,
                          int lanes, int chain_segments)
{
    /* a row: the rows order's leaders (its column's members a row apart),
     * the columns order's "column" itself */
    int row = rows_first ? pieces : len;
    return ortho__model_pipe_trees(pieces, len, lanes, chain_segments, rows_first ? row : 1,
                                   node_size_of(choice, grid, row));
}

int ortho__pipeline(int nsteps, int lag, ortho__step_fn step, ortho__after_fn after, void *ctx)
{
    enum { SLOTS = ORTHO_PIPELINE_MAX_LAG + 1 };
    MPI_Request later[SLOTS][ORTHO_PIPELINE_MAX_LATER];
    /* statuses, not MPI_STATUSES_IGNORE: MPICH's header declares the
     * array's size, which GCC checks against the null pointer */
    MPI_Status sts[ORTHO_PIPELINE_MAX_REQ];
    struct ortho__step_out out;
    int err = MPI_SUCCESS;
    lag = lag < 0 ? 0 : lag > ORTHO_PIPELINE_MAX_LAG ? ORTHO_PIPELINE_MAX_LAG : lag;
    for (int s = 0; s < SLOTS; s++)
        for (int i = 0; i < ORTHO_PIPELINE_MAX_LATER; i++)
            later[s][i] = MPI_REQUEST_NULL;
    for (int t = 0; t < nsteps && !err; t++) {
        /* this slot's sends, of step t - lag - 1, were waited at the end
         * of step t - 1 */
        MPI_Request *mine = later[t % SLOTS];
        for (int i = 0; i < ORTHO_PIPELINE_MAX_REQ; i++)
            out.now[i] = MPI_REQUEST_NULL;
        for (int i = 0; i < ORTHO_PIPELINE_MAX_LATER; i++)
            out.later[i] = MPI_REQUEST_NULL;
        out.n = out.nlater = 0;
        err = step(ctx, t, &out);
        for (int i = 0; i < ORTHO_PIPELINE_MAX_LATER; i++)
            mine[i] = out.later[i];
        /* posted requests complete before anything is freed, even after
         * an error (a collective's request cannot be cancelled) */
        int werr = PMPI_Waitall(ORTHO_PIPELINE_MAX_REQ, out.now, sts);
        err = err ? err : werr;
        /* the sends of step t - lag: waited now, before step t + 1 */
        if (!err && t - lag >= 0)
            err = PMPI_Waitall(ORTHO_PIPELINE_MAX_LATER, later[(t - lag) % SLOTS], sts);
        if (!err && after != NULL)
            err = after(ctx, t);
    }
    for (int s = 0; s < SLOTS; s++) {
        int werr = PMPI_Waitall(ORTHO_PIPELINE_MAX_LATER, later[s], sts);
        err = err ? err : werr;
    }
    return err;
}
