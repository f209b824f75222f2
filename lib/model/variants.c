/* The variants' costs as compositions of native runtime functions: one
 * table entry per variant and order, the same formula as the header of the
 * variant's file in lib/variants/ (variants.h).
 *
 * Notation: a grid of p1 rows of p2 (node-aware: p1 nodes of p2
 * processes), b the operation's size (whole message for bcast, reduce,
 * allreduce; one process's block for gather, scatter, allgather),
 * t_op(g, s) the profile's function of the native operation on g
 * processes with size s. On grids of three or more dimensions the column
 * phase is the prediction on the leader grid d[0] x ... x d[k-2]: the
 * paper's phases (ortho_model_predict_grid), or the same variant for rsag
 * and scag in the rows order, which recurse.
 *
 *   phases, paper order     ortho_model_predict_grid (formulas (1), (2))
 *   phases, other order     bcast:     t_bc(p2, b) + t_bc(p1, b)
 *                           reduce:    t_red(p1, b) + t_red(p2, b)
 *                           allreduce: t_ar(p1, b) + t_ar(p2, b)
 *                           gather:    t_ga(p1, b) + t_ga(p2, p1 b) + copy(p b)
 *                           scatter:   copy(p b) + t_sc(p2, p1 b) + t_sc(p1, b)
 *                           allgather: t_ag(p1, b) + p1 t_ag(p2, b)
 *   rsag, rows              allreduce: t_rs(p2, b) + t_ar(p1, b/p2) + t_ag(p2, b/p2)
 *                           reduce:    t_rs(p2, b) + t_red(p1, b/p2) + t_ga(p2, b/p2)
 *   rsag, cols              the same with p1 and p2 exchanged
 *   scag, rows              bcast: t_sc(p2, b/p2) + t_bc(p1, b/p2) + t_ag(p2, b/p2)
 *   scag, cols              the same with p1 and p2 exchanged
 * (scatter and allgather sizes are one process's block: b/p2).
 *   pipe, cols              (p1 - 1) max(t_ag(2, b), t_ag(p2, b)) + t_ag(p2, b)
 *   pipe, rows              (p2 - 1) max(t_ag(2, b), t_ag(p1, b)) + t_ag(p1, b)
 *
 * The segmented pipelines (s the segment: the candidate's, else
 * ortho__model_segment() of the message, the depth and the profile's hop;
 * k = ceil(b / s)
 * segments; every stage of every segment in flight at once, so a step
 * lasts as long as its slowest stage; t_p2p(s) = t_bc(2, s)):
 *   pipe, rows   bcast:     (k + p1) max(t_p2p(s), t_bc(p2, s))
 *                reduce:    (k + p1 + 1) max(t_red(p2, s), t_red(2, s))
 *                allreduce: (k + 2 p1 - 1) max(t_red(p2, s), t_bc(p2, s), t_red(2, s))
 *   pipe, cols   the same with p1 and p2 exchanged
 *   chain        bcast:     (k + p - 2) t_bc(2, s)
 *                reduce:    (k + p - 2) t_red(2, s)
 *   spread       bcast:     (k + 1) m t_bc(2, s / m)
 *                reduce:    (k + 1) m t_red(2, s / m)
 *                (m: ortho__model_spread_latencies(p), the latencies of a
 *                stage's p - 1 messages that add up: 1 where they overlap)
 * (depth p1 + 1, p1 + 2 and 2 p1 for pipe, which crosses the columns
 * along a chain: down, up, up and down; p - 1 hops for chain; 2 for
 * spread, root to owner and owner onwards). The phases list the stages;
 * the slowest carries the whole time, the others hide behind it (0 s).
 *
 * with t_rs(g, n) = t_ag(g, n/g) + (g - 1)/g n gamma, the pairwise
 * reduce-scatter (lib/variants/reduce_scatter.c: the messages of an
 * allgather of n/g blocks plus the local reductions; gamma is the
 * profile's param "gamma", 0 when absent), and copy(s) = s * t_copy (the
 * profile's param "t_copy" in seconds per byte, 0 when absent).
 *
 * Every phase is placed on the grid (structure.c): which of its groups run
 * at once (all, or only those holding data: the root's row or column),
 * and, given the node size, whether they lie inside a node or cross
 * nodes and how many processes of a node cross its link at once. On a
 * node-aware grid the p2 lanes of a column phase all cross the network
 * together: a profile with where=net functions and share_OP charges them
 * for it; one without (fitted on consecutive ranks only) predicts them as
 * before, optimistic there. */
#include "model/variants.h"

#include <math.h>
#include <string.h>

#include "candidate/candidate_private.h"
#include "model/model_private.h"

/* The profile's parameter name; 0 when absent. */
static double param(ortho_model_profile_t prof, const char *name)
{
    double value = 0.0;
    int found = 0;
    ortho_model_profile_param(prof, name, &value, &found);
    return found ? value : 0.0;
}

/* The sub-grid a composition works on: dims 0..nsub-1 of fr (the whole
 * grid, or its leader grid in a recursion), lanes: the mask of fr's other
 * dims held to 0 (0: every copy of the sub-grid runs at once). The phases
 * over p2 run over dim nsub-1, those over p1 over dims 0..nsub-2 together. */
struct sub {
    const struct ortho__frame *fr;
    int nsub;
    unsigned lanes;
};

static int last_dim(const struct sub *sg)
{
    return sg->nsub - 1;
}

/* Masks of the active groups: only the root's row (a phase over p2), only
 * the root's column (a phase over p1), every group. */
static unsigned root_row(const struct sub *sg)
{
    return ((1u << (sg->nsub - 1)) - 1u) | sg->lanes;
}

static unsigned root_col(const struct sub *sg)
{
    return (1u << (sg->nsub - 1)) | sg->lanes;
}

static void append(ortho_model_prediction *pred, const ortho_model_phase *ph)
{
    if (pred->nphases < ORTHO_GRID_MAX_DIMS)
        pred->phase[pred->nphases++] = *ph;
    pred->total += ph->seconds;
}

/* A phase: op on groups of g over dims lo..hi (active groups by mask)
 * with size s, times k; appended to pred. */
static int phase(ortho_model_profile_t prof, const struct sub *sg, int lo, int hi, unsigned mask,
                 ortho_model_op op, int g, double s, double k, ortho_model_prediction *pred)
{
    ortho_model_phase ph;
    int err = MPI_SUCCESS;
    memset(&ph, 0, sizeof ph);
    ph.op = op;
    ph.dim = lo;
    ph.group = g;
    ph.bytes = s;
    ph.share = 1.0;
    ph.entry = -1;
    if (g > 1)
        err = ortho__phase_predict(prof, sg->fr, lo, hi, mask, op, g, s, &ph);
    if (err)
        return err;
    ph.seconds *= k;
    append(pred, &ph);
    return MPI_SUCCESS;
}

/* The phase over p2 (the rows) and over p1 (the leading dims together). */
static int rows(ortho_model_profile_t prof, const struct sub *sg, unsigned mask,
                ortho_model_op op, double s, double k, ortho_model_prediction *pred)
{
    int d = last_dim(sg);
    return phase(prof, sg, d, d, mask, op, sg->fr->dims[d], s, k, pred);
}

static int cols(ortho_model_profile_t prof, const struct sub *sg, unsigned mask,
                ortho_model_op op, double s, ortho_model_prediction *pred)
{
    int p1 = 1;
    for (int i = 0; i < sg->nsub - 1; i++)
        p1 *= sg->fr->dims[i];
    return phase(prof, sg, 0, sg->nsub - 2, mask, op, p1, s, 1.0, pred);
}

/* Several phases summed up as one (a leader grid of 2 or more dims): the
 * largest of their structures, no single entry. */
static void summed(const ortho_model_prediction *sub, ortho_model_op op, int g, double s,
                   ortho_model_prediction *pred)
{
    ortho_model_phase ph;
    memset(&ph, 0, sizeof ph);
    ph.op = op;
    ph.group = g;
    ph.bytes = s;
    ph.seconds = sub->total;
    ph.share = 1.0;
    ph.entry = -1;
    for (int i = 0; i < sub->nphases; i++) {
        const ortho_model_phase *x = &sub->phase[i];
        ph.where = x->where > ph.where ? x->where : ph.where;
        ph.per_node = x->per_node > ph.per_node ? x->per_node : ph.per_node;
        ph.nodes = x->nodes > ph.nodes ? x->nodes : ph.nodes;
        ph.flows = x->flows > ph.flows ? x->flows : ph.flows;
        ph.share = x->share > ph.share ? x->share : ph.share;
    }
    append(pred, &ph);
}

/* t_rs(g, n) over p2 or p1: listed as an allgather of n/g blocks; gamma
 * added to the total. */
static int reduce_scatter(ortho_model_profile_t prof, const struct sub *sg, int over_rows,
                          double n, ortho_model_prediction *pred)
{
    int d = last_dim(sg), g = sg->fr->dims[d], err;
    if (over_rows) {
        err = rows(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, n / g, 1.0, pred);
    } else {
        g = 1;
        for (int i = 0; i < d; i++)
            g *= sg->fr->dims[i];
        err = cols(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, n / g, pred);
    }
    pred->total += (g - 1) / (double)g * n * param(prof, "gamma");
    return err;
}

/* The leader grid's prediction (dims 0..nsub-2, in the paper's order, every
 * lane at once) appended: one phase in 2D, their sum above. */
static int leader(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, double s,
                  ortho_model_prediction *pred)
{
    ortho_model_prediction inner;
    memset(&inner, 0, sizeof inner);
    int err = ortho__grid_phases(prof, sg->fr, sg->nsub - 1, sg->lanes, op, s, &inner);
    if (err)
        return err;
    if (sg->nsub == 2) {
        append(pred, &inner.phase[0]);
        return MPI_SUCCESS;
    }
    int g = 1;
    for (int i = 0; i < sg->nsub - 1; i++)
        g *= sg->fr->dims[i];
    summed(&inner, op, g, s, pred);
    return MPI_SUCCESS;
}

/* One table entry: the composition of a variant in one order on sub-grid
 * sg with p1 = d[0] x ... x d[nsub-2], p2 = d[nsub-1]. */
typedef int (*compose_fn)(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op,
                          int p1, int p2, double b, ortho_model_prediction *pred);

static int other_order(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op,
                       int p1, int p2, double b, ortho_model_prediction *pred)
{
    int err = MPI_SUCCESS;
    double copy = (double)p1 * p2 * b * param(prof, "t_copy");
    switch (op) {
    case ORTHO_MODEL_BCAST:
        err = rows(prof, sg, root_row(sg), op, b, 1.0, pred);
        return err ? err : leader(prof, sg, op, b, pred);
    case ORTHO_MODEL_REDUCE:
        err = leader(prof, sg, op, b, pred);
        return err ? err : rows(prof, sg, root_row(sg), op, b, 1.0, pred);
    case ORTHO_MODEL_ALLREDUCE:
        err = leader(prof, sg, op, b, pred);
        return err ? err : rows(prof, sg, sg->lanes, op, b, 1.0, pred);
    case ORTHO_MODEL_GATHER:
        err = leader(prof, sg, op, b, pred);
        if (!err)
            err = rows(prof, sg, root_row(sg), op, p1 * b, 1.0, pred);
        pred->total += copy;
        return err;
    case ORTHO_MODEL_SCATTER:
        pred->total += copy;
        err = rows(prof, sg, root_row(sg), op, p1 * b, 1.0, pred);
        return err ? err : leader(prof, sg, op, b, pred);
    case ORTHO_MODEL_ALLGATHER:
        err = leader(prof, sg, op, b, pred);
        return err ? err : rows(prof, sg, sg->lanes, op, b, (double)p1, pred);
    default:
        return MPI_ERR_ARG;
    }
}

static int compose(ortho_model_profile_t prof, const struct sub *sg, ortho_variant v,
                   ortho_order order, ortho_model_op op, double b, ortho_model_prediction *pred);

/* The column phase of rsag / scag in the rows order: the native op over
 * p1 on a 2D grid (groups held to 0 by mask), the same variant on the
 * leader grid otherwise (every lane at once). */
static int across(ortho_model_profile_t prof, const struct sub *sg, unsigned mask,
                  ortho_model_op op, ortho_variant v, int p1, double s,
                  ortho_model_prediction *pred)
{
    if (sg->nsub <= 2)
        return cols(prof, sg, mask, op, s, pred);
    struct sub inner = { sg->fr, sg->nsub - 1, sg->lanes };
    ortho_model_prediction sub;
    memset(&sub, 0, sizeof sub);
    int err = compose(prof, &inner, v, ORTHO_ORDER_ROWS, op, s, &sub);
    if (err)
        return err;
    summed(&sub, op, p1, s, pred);
    return MPI_SUCCESS;
}

static ortho_model_op final_gather(ortho_model_op op)
{
    return op == ORTHO_MODEL_REDUCE ? ORTHO_MODEL_GATHER : ORTHO_MODEL_ALLGATHER;
}

static int rsag_rows(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    int err = reduce_scatter(prof, sg, 1, b, pred);
    if (!err)
        err = across(prof, sg, sg->lanes, op, ORTHO_VARIANT_RSAG, p1, b / p2, pred);
    if (!err)
        err = rows(prof, sg, op == ORTHO_MODEL_REDUCE ? root_row(sg) : sg->lanes,
                   final_gather(op), b / p2, 1.0, pred);
    return err;
}

static int rsag_cols(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    (void)p2;
    int err = reduce_scatter(prof, sg, 0, b, pred);
    if (!err)
        err = rows(prof, sg, sg->lanes, op, b / p1, 1.0, pred);
    if (!err)
        err = cols(prof, sg, op == ORTHO_MODEL_REDUCE ? root_col(sg) : sg->lanes,
                   final_gather(op), b / p1, pred);
    return err;
}

static int scag_rows(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    int err = rows(prof, sg, root_row(sg), ORTHO_MODEL_SCATTER, b / p2, 1.0, pred);
    if (!err)
        err = across(prof, sg, sg->lanes, ORTHO_MODEL_BCAST, ORTHO_VARIANT_SCAG, p1, b / p2,
                     pred);
    if (!err)
        err = rows(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, b / p2, 1.0, pred);
    return err;
}

static int scag_cols(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    (void)p2;
    int err = cols(prof, sg, root_col(sg), ORTHO_MODEL_SCATTER, b / p1, pred);
    if (!err)
        err = rows(prof, sg, sg->lanes, ORTHO_MODEL_BCAST, b / p1, 1.0, pred);
    if (!err)
        err = cols(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, b / p1, pred);
    return err;
}

/* The pipelined allgather: ring - 1 steps, each the longer of a pairwise
 * exchange along the ring (placed as the ring's groups) and the other
 * dimension's allgather, then that allgather once more. */
static int pipe_cost(ortho_model_profile_t prof, const struct sub *sg, int ring_is_p1, double b,
                     ortho_model_prediction *pred)
{
    int d = last_dim(sg), lo = ring_is_p1 ? 0 : d, hi = ring_is_p1 ? d - 1 : d;
    struct ortho__structure st;
    ortho_model_prediction other;
    double step = 0.0;
    int ring = 1;
    for (int i = lo; i <= hi; i++)
        ring *= sg->fr->dims[i];
    ortho__structure_of(sg->fr, lo, hi, sg->lanes, &st);
    int err = ortho__predict_at(prof, ORTHO_MODEL_ALLGATHER, 2, b, st.where, st.flows, &step,
                                NULL, NULL);
    memset(&other, 0, sizeof other);
    if (!err)
        err = ring_is_p1 ? rows(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, b, 1.0, &other)
                         : cols(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, b, &other);
    if (err)
        return err;
    double ag = other.total, per_step = step > ag ? step : ag;
    ortho_model_phase ph;
    memset(&ph, 0, sizeof ph);
    ph.op = ORTHO_MODEL_ALLGATHER;
    ph.dim = lo;
    ph.group = ring;
    ph.bytes = b;
    ph.seconds = (ring - 1) * per_step;
    ph.where = st.where;
    ph.per_node = st.per_node;
    ph.nodes = st.nodes;
    ph.flows = st.flows;
    ph.share = 1.0;
    ph.entry = -1;
    append(pred, &ph);
    append(pred, &other.phase[0]);
    return MPI_SUCCESS;
}

static int pipe_cols(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    (void)p1;
    (void)p2;
    return pipe_cost(prof, sg, 1, b, pred);
}

static int pipe_rows(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    (void)p1;
    (void)p2;
    return pipe_cost(prof, sg, 0, b, pred);
}

/* A segmented pipeline of `depth` stages: stage i is op[i] on g[i]
 * processes with one segment; (k + depth - 1) times the slowest. hop: the
 * operation whose 2-process time is one hop (the segment's machine,
 * segment.c); latencies: the messages of a stage whose latencies follow
 * one another, each with s / latencies bytes (1: the stage is one message
 * or its messages overlap). */
struct stages {
    int depth, n;
    ortho_model_op op[3];
    int g[3], dim[3];
    ortho_model_op hop;
    int latencies;
};

static int pipeline(ortho_model_profile_t prof, const struct stages *st, double b, int named,
                    ortho_model_prediction *pred)
{
    int m = st->latencies > 1 ? st->latencies : 1, slowest = 0;
    int seg = ortho__model_segment(prof, st->hop, b, st->depth, m, named);
    double k = b > 0.0 ? ceil(b / seg) : 0.0, t[3] = {0.0, 0.0, 0.0};
    double s = b < seg ? b : (double)seg;
    for (int i = 0; i < st->n; i++) {
        int err = st->g[i] > 1 ? ortho__predict(prof, st->op[i], st->g[i], s / m, &t[i])
                               : MPI_SUCCESS;
        if (err)
            return err;
        t[i] *= m;
        slowest = t[i] > t[slowest] ? i : slowest;
    }
    double total = k > 0.0 ? (k + st->depth - 1) * t[slowest] : 0.0;
    for (int i = 0; i < st->n && pred->nphases < ORTHO_GRID_MAX_DIMS; i++) {
        ortho_model_phase *ph = &pred->phase[pred->nphases++];
        ph->op = st->op[i];
        ph->dim = st->dim[i];
        ph->group = st->g[i];
        ph->bytes = s;
        ph->seconds = i == slowest ? total : 0.0;
    }
    pred->total += total;
    return MPI_SUCCESS;
}

/* pipe for bcast, reduce, allreduce: the first groups of `first`
 * processes (dimension df), the second of `second` (ds). */
static int pipe_segments(ortho_model_profile_t prof, ortho_model_op op, int first, int second,
                         int df, int ds, double b, int named, ortho_model_prediction *pred)
{
    /* bcast: a hop of the chain across, the first groups' bcast */
    struct stages st = {second + 1, 2, {ORTHO_MODEL_BCAST, ORTHO_MODEL_BCAST}, {2, first},
                        {ds, df}, ORTHO_MODEL_BCAST, 1};
    if (op == ORTHO_MODEL_REDUCE) {
        st.depth = second + 2;
        st.op[0] = st.op[1] = st.hop = ORTHO_MODEL_REDUCE;
    } else if (op == ORTHO_MODEL_ALLREDUCE) {
        struct stages ar = {2 * second, 3, {ORTHO_MODEL_REDUCE, ORTHO_MODEL_BCAST,
                            ORTHO_MODEL_REDUCE}, {first, first, 2}, {df, df, ds},
                            ORTHO_MODEL_REDUCE, 1};
        st = ar;
    }
    return pipeline(prof, &st, b, named, pred);
}

static int pipe_seg_rows(ortho_model_profile_t prof, ortho_model_op op, int ndims, int p1,
                         int p2, double b, int named, ortho_model_prediction *pred)
{
    return pipe_segments(prof, op, p2, p1, ndims - 1, 0, b, named, pred);
}

static int pipe_seg_cols(ortho_model_profile_t prof, ortho_model_op op, int ndims, int p1,
                         int p2, double b, int named, ortho_model_prediction *pred)
{
    return pipe_segments(prof, op, p1, p2, 0, ndims - 1, b, named, pred);
}

static int chain(ortho_model_profile_t prof, ortho_model_op op, int ndims, int p1, int p2,
                 double b, int named, ortho_model_prediction *pred)
{
    int p = p1 * p2;
    struct stages st = {p - 1, 1, {op}, {2}, {ndims - 1}, op, 1};
    return pipeline(prof, &st, b, named, pred);
}

static int spread(ortho_model_profile_t prof, ortho_model_op op, int ndims, int p1, int p2,
                  double b, int named, ortho_model_prediction *pred)
{
    struct stages st = {2, 1, {op}, {2}, {ndims - 1}, op,
                        ortho__model_spread_latencies(p1 * p2)};
    return pipeline(prof, &st, b, named, pred);
}

/* The segmented table: as variant_forms, with the candidate's segment. */
typedef int (*segmented_fn)(ortho_model_profile_t prof, ortho_model_op op, int ndims, int p1,
                            int p2, double b, int named, ortho_model_prediction *pred);

/* The table: variant, order (ROWS / COLS), the ops it applies to, the
 * formula in words (as in the variant's file), the composition. The
 * paper's order of "phases" is ortho_model_predict_grid. */
#define MOP(x) (1u << ORTHO_MODEL_##x)
static const struct variant_form {
    ortho_variant variant;
    ortho_order order;
    unsigned ops;
    const char *formula;
    compose_fn fn;
} variant_forms[] = {
    {ORTHO_VARIANT_PHASES, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(SCATTER),
     "bcast t_bc(p2,b) + t_bc(p1,b); scatter copy(p b) + t_sc(p2,p1 b) + t_sc(p1,b)",
     other_order},
    {ORTHO_VARIANT_PHASES, ORTHO_ORDER_COLS,
     MOP(REDUCE) | MOP(ALLREDUCE) | MOP(GATHER) | MOP(ALLGATHER),
     "t_op(p1,b) + t_op(p2,b); gather t_ga(p1,b) + t_ga(p2,p1 b) + copy(p b); "
     "allgather t_ag(p1,b) + p1 t_ag(p2,b)",
     other_order},
    {ORTHO_VARIANT_RSAG, ORTHO_ORDER_ROWS, MOP(REDUCE) | MOP(ALLREDUCE),
     "t_rs(p2,b) + t_op(p1,b/p2) + t_(all)gather(p2,b/p2)", rsag_rows},
    {ORTHO_VARIANT_RSAG, ORTHO_ORDER_COLS, MOP(REDUCE) | MOP(ALLREDUCE),
     "t_rs(p1,b) + t_op(p2,b/p1) + t_(all)gather(p1,b/p1)", rsag_cols},
    {ORTHO_VARIANT_SCAG, ORTHO_ORDER_ROWS, MOP(BCAST),
     "t_sc(p2,b/p2) + t_bc(p1,b/p2) + t_ag(p2,b/p2)", scag_rows},
    {ORTHO_VARIANT_SCAG, ORTHO_ORDER_COLS, MOP(BCAST),
     "t_sc(p1,b/p1) + t_bc(p2,b/p1) + t_ag(p1,b/p1)", scag_cols},
    {ORTHO_VARIANT_PIPE, ORTHO_ORDER_COLS, MOP(ALLGATHER),
     "(p1-1) max(t_ag(2,b), t_ag(p2,b)) + t_ag(p2,b)", pipe_cols},
    {ORTHO_VARIANT_PIPE, ORTHO_ORDER_ROWS, MOP(ALLGATHER),
     "(p2-1) max(t_ag(2,b), t_ag(p1,b)) + t_ag(p1,b)", pipe_rows},
};

static const struct segmented_form {
    ortho_variant variant;
    ortho_order order;
    unsigned ops;
    const char *formula;
    segmented_fn fn;
} segmented_forms[] = {
    {ORTHO_VARIANT_PIPE, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(REDUCE) | MOP(ALLREDUCE),
     "bcast (k+p1) max(t_bc(2,s), t_bc(p2,s)); reduce (k+p1+1) max(t_red(p2,s), t_red(2,s)); "
     "allreduce (k+2p1-1) max(t_red(p2,s), t_bc(p2,s), t_red(2,s))",
     pipe_seg_rows},
    {ORTHO_VARIANT_PIPE, ORTHO_ORDER_COLS, MOP(BCAST) | MOP(REDUCE) | MOP(ALLREDUCE),
     "the rows order's form with p1 and p2 exchanged", pipe_seg_cols},
    {ORTHO_VARIANT_CHAIN, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(REDUCE),
     "(k+p-2) t_op(2,s)", chain},
    {ORTHO_VARIANT_CHAIN, ORTHO_ORDER_COLS, MOP(BCAST) | MOP(REDUCE),
     "(k+p-2) t_op(2,s)", chain},
    {ORTHO_VARIANT_SPREAD, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(REDUCE),
     "(k+1) t_op(2,s)", spread},
    {ORTHO_VARIANT_SPREAD, ORTHO_ORDER_COLS, MOP(BCAST) | MOP(REDUCE),
     "(k+1) t_op(2,s)", spread},
};

static int compose(ortho_model_profile_t prof, const struct sub *sg, ortho_variant v,
                   ortho_order order, ortho_model_op op, double b, ortho_model_prediction *pred)
{
    int p2 = sg->fr->dims[sg->nsub - 1], p1 = 1;
    for (int i = 0; i < sg->nsub - 1; i++)
        p1 *= sg->fr->dims[i];
    for (size_t i = 0; i < sizeof variant_forms / sizeof variant_forms[0]; i++) {
        const struct variant_form *f = &variant_forms[i];
        if (f->variant == v && f->order == order && (f->ops & (1u << op)))
            return f->fn(prof, sg, op, p1, p2, b, pred);
    }
    return MPI_ERR_UNSUPPORTED_OPERATION;
}

int ortho__model_predict_candidate(ortho_model_profile_t prof, ortho_op op, int p,
                                   int node_size, double bytes, const ortho_candidate *cand,
                                   ortho_model_prediction *pred)
{
    int dims[ORTHO_GRID_MAX_DIMS], ndims;
    struct ortho__frame fr;
    if (prof == NULL || cand == NULL || pred == NULL || p < 1 || !(bytes >= 0.0) ||
        !isfinite(bytes) || node_size < 0)
        return MPI_ERR_ARG;
    if (op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV)
        return MPI_ERR_UNSUPPORTED_OPERATION;
    if ((int)op < 0 || op >= ORTHO_OP_COUNT)
        return MPI_ERR_ARG;
    ortho_model_op mop = op == ORTHO_OP_ALLGATHERV ? ORTHO_MODEL_ALLGATHER : (ortho_model_op)op;
    memset(pred, 0, sizeof *pred);
    memset(&fr, 0, sizeof fr);
    fr.node_size = node_size;
    ortho_variant v = cand->variant;
    if (v != ORTHO_VARIANT_NATIVE && !ortho_variant_valid(v, op))
        v = ORTHO_VARIANT_PHASES;
    /* the layout: given, node-aware from the node size, or the balanced box */
    ndims = cand->ndims;
    memcpy(dims, cand->dims, sizeof dims);
    if (v != ORTHO_VARIANT_NATIVE && cand->node_aware && ndims < 2) {
        if (node_size < 2 || p % node_size != 0 || p / node_size < 2)
            return MPI_ERR_UNSUPPORTED_OPERATION;
        ndims = 2;
        dims[0] = p / node_size;
        dims[1] = node_size;
    } else if (v != ORTHO_VARIANT_NATIVE && ndims == 0) {
        /* the most balanced factor pair p1 >= p2 (no MPI call here) */
        int p2 = (int)sqrt((double)p);
        while (p2 > 1 && p % p2 != 0)
            p2--;
        if (p < 4 || p2 < 2)
            v = ORTHO_VARIANT_NATIVE;
        ndims = 2;
        dims[0] = p / (p2 > 0 ? p2 : 1);
        dims[1] = p2;
    }
    if (v != ORTHO_VARIANT_NATIVE) {
        /* zeros and the leading extent as the box that holds p; a
         * node-aware grid's last extent 0 is the node size */
        long long rest = 1;
        if (cand->node_aware && ndims >= 2 && dims[ndims - 1] == 0 && node_size >= 2)
            dims[ndims - 1] = node_size;
        for (int i = 1; i < ndims; i++) {
            if (dims[i] < 1)
                return MPI_ERR_UNSUPPORTED_OPERATION;
            rest *= dims[i];
        }
        dims[0] = (int)((p + rest - 1) / rest);
        if (ndims < 2 || dims[0] < 2 || dims[ndims - 1] < 2)
            v = ORTHO_VARIANT_NATIVE;
    }
    if (v == ORTHO_VARIANT_NATIVE) {
        fr.ndims = 1;
        fr.dims[0] = p;
        int err = ortho__phase_predict(prof, &fr, 0, 0, 0u, mop, p, bytes, &pred->phase[0]);
        pred->nphases = 1;
        pred->total = pred->phase[0].seconds;
        return err;
    }
    fr.ndims = ndims;
    memcpy(fr.dims, dims, (size_t)ndims * sizeof dims[0]);
    ortho_order order = ortho__order_resolve(v, op, cand->order);
    if (v == ORTHO_VARIANT_PHASES && order == ortho__order_resolve(v, op, ORTHO_ORDER_PAPER))
        return ortho__grid_phases(prof, &fr, ndims, 0u, mop, bytes, pred);
    /* the segmented pipelines: from the plain functions, placement not
     * counted (their stages overlap, which the node terms do not model) */
    int p2 = dims[ndims - 1], p1 = 1;
    for (int i = 0; i < ndims - 1; i++)
        p1 *= dims[i];
    for (size_t i = 0; i < sizeof segmented_forms / sizeof segmented_forms[0]; i++) {
        const struct segmented_form *f = &segmented_forms[i];
        if (f->variant == v && f->order == order && (f->ops & (1u << mop)))
            return f->fn(prof, mop, ndims, p1, p2, bytes, cand->segment, pred);
    }
    struct sub sg = { &fr, ndims, 0u };
    return compose(prof, &sg, v, order, mop, bytes, pred);
}

int ortho_model_predict_candidate(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                                  double bytes, const ortho_candidate *cand,
                                  ortho_model_prediction *pred)
{
    return ortho__model_predict_candidate(prof, op, p, node_size, bytes, cand, pred);
}
