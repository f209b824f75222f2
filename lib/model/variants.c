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
 * ortho__model_segment() of the message and the depth; k = ceil(b / s)
 * segments; every stage of every segment in flight at once, so a step
 * lasts as long as its slowest stage; t_p2p(s) = t_bc(2, s)):
 *   pipe, rows   bcast:     (k + p1) max(t_p2p(s), t_bc(p2, s))
 *                reduce:    (k + p1 + 1) max(t_red(p2, s), t_red(2, s))
 *                allreduce: (k + 2 p1 - 1) max(t_red(p2, s), t_bc(p2, s), t_red(2, s))
 *   pipe, cols   the same with p1 and p2 exchanged
 *   chain        bcast:     (k + p - 2) t_bc(2, s)
 *                reduce:    (k + p - 2) t_red(2, s)
 * (depth p1 + 1, p1 + 2 and 2 p1 for pipe, which crosses the columns
 * along a chain: down, up, up and down; p - 1 hops for chain). The phases list the stages;
 * the slowest carries the whole time, the others hide behind it (0 s).
 *
 * with t_rs(g, n) = t_ag(g, n/g) + (g - 1)/g n gamma, the pairwise
 * reduce-scatter (lib/variants/reduce_scatter.c: the messages of an
 * allgather of n/g blocks plus the local reductions; gamma is the
 * profile's param "gamma", 0 when absent), and copy(s) = s * t_copy (the
 * profile's param "t_copy" in seconds per byte, 0 when absent).
 *
 * Known limit: on a node-aware grid the p2 lanes cross the network at the
 * same time and share each node's link; a profile fitted on groups of
 * consecutive ranks (ortho-fit) does not see that sharing, so lane phases
 * come out optimistic there unless the profile was measured on lanes. */
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

/* A phase: op on g processes with size s, times k; appended to pred. */
static int phase(ortho_model_profile_t prof, ortho_model_op op, int dim, int g, double s,
                 double k, ortho_model_prediction *pred)
{
    double t = 0.0;
    int err = g > 1 ? ortho__predict(prof, op, g, s, &t) : MPI_SUCCESS;
    if (err)
        return err;
    if (pred->nphases < ORTHO_GRID_MAX_DIMS) {
        ortho_model_phase *ph = &pred->phase[pred->nphases++];
        ph->op = op;
        ph->dim = dim;
        ph->group = g;
        ph->bytes = s;
        ph->seconds = k * t;
    }
    pred->total += k * t;
    return MPI_SUCCESS;
}

/* t_rs(g, n): listed as an allgather of n/g blocks; gamma added to the total. */
static int reduce_scatter(ortho_model_profile_t prof, int dim, int g, double n,
                          ortho_model_prediction *pred)
{
    int err = phase(prof, ORTHO_MODEL_ALLGATHER, dim, g, n / g, 1.0, pred);
    pred->total += (g - 1) / (double)g * n * param(prof, "gamma");
    return err;
}

/* The leader grid's prediction (dims d[0..k-2]) appended as one phase. */
static int leader(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                  double s, ortho_model_prediction *pred)
{
    ortho_model_prediction sub;
    if (ndims == 2)
        return phase(prof, op, 0, dims[0], s, 1.0, pred);
    int err = ortho_model_predict_grid(prof, op, ndims - 1, dims, s, &sub);
    if (err)
        return err;
    int g = 1;
    for (int i = 0; i < ndims - 1; i++)
        g *= dims[i];
    if (pred->nphases < ORTHO_GRID_MAX_DIMS) {
        ortho_model_phase *ph = &pred->phase[pred->nphases++];
        ph->op = op;
        ph->dim = 0;
        ph->group = g;
        ph->bytes = s;
        ph->seconds = sub.total;
    }
    pred->total += sub.total;
    return MPI_SUCCESS;
}

/* One table entry: the composition of a variant in one order. */
typedef int (*compose_fn)(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                          const int dims[], int p1, int p2, double b,
                          ortho_model_prediction *pred);

static int other_order(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                       const int dims[], int p1, int p2, double b, ortho_model_prediction *pred)
{
    int last = ndims - 1, err = MPI_SUCCESS;
    double copy = (double)p1 * p2 * b * param(prof, "t_copy");
    switch (op) {
    case ORTHO_MODEL_BCAST:
        err = phase(prof, op, last, p2, b, 1.0, pred);
        return err ? err : leader(prof, op, ndims, dims, b, pred);
    case ORTHO_MODEL_REDUCE:
    case ORTHO_MODEL_ALLREDUCE:
        err = leader(prof, op, ndims, dims, b, pred);
        return err ? err : phase(prof, op, last, p2, b, 1.0, pred);
    case ORTHO_MODEL_GATHER:
        err = leader(prof, op, ndims, dims, b, pred);
        if (!err)
            err = phase(prof, op, last, p2, p1 * b, 1.0, pred);
        pred->total += copy;
        return err;
    case ORTHO_MODEL_SCATTER:
        pred->total += copy;
        err = phase(prof, op, last, p2, p1 * b, 1.0, pred);
        return err ? err : leader(prof, op, ndims, dims, b, pred);
    case ORTHO_MODEL_ALLGATHER:
        err = leader(prof, op, ndims, dims, b, pred);
        return err ? err : phase(prof, op, last, p2, b, (double)p1, pred);
    default:
        return MPI_ERR_ARG;
    }
}

/* The column phase of rsag / scag in the rows order: the native op over
 * p1 on a 2D grid, the same variant on the leader grid otherwise. */
static int across(ortho_model_profile_t prof, ortho_model_op op, ortho_variant v, int ndims,
                  const int dims[], int p1, double s, ortho_model_prediction *pred)
{
    if (ndims <= 2)
        return phase(prof, op, 0, p1, s, 1.0, pred);
    ortho_candidate sub;
    ortho_model_prediction inner;
    memset(&sub, 0, sizeof sub);
    sub.variant = v;
    sub.order = ORTHO_ORDER_ROWS;
    sub.ndims = ndims - 1;
    memcpy(sub.dims, dims, (size_t)(ndims - 1) * sizeof dims[0]);
    int err = ortho__model_predict_candidate(prof, (ortho_op)op, p1, 0, s, &sub, &inner);
    if (err)
        return err;
    if (pred->nphases < ORTHO_GRID_MAX_DIMS) {
        ortho_model_phase *ph = &pred->phase[pred->nphases++];
        ph->op = op;
        ph->dim = 0;
        ph->group = p1;
        ph->bytes = s;
        ph->seconds = inner.total;
    }
    pred->total += inner.total;
    return MPI_SUCCESS;
}

static int rsag_rows(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                     int p1, int p2, double b, ortho_model_prediction *pred)
{
    int err = reduce_scatter(prof, ndims - 1, p2, b, pred);
    if (!err)
        err = across(prof, op, ORTHO_VARIANT_RSAG, ndims, dims, p1, b / p2, pred);
    if (!err)
        err = phase(prof, op == ORTHO_MODEL_REDUCE ? ORTHO_MODEL_GATHER : ORTHO_MODEL_ALLGATHER,
                    ndims - 1, p2, b / p2, 1.0, pred);
    return err;
}

static int rsag_cols(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                     int p1, int p2, double b, ortho_model_prediction *pred)
{
    (void)dims;
    int err = reduce_scatter(prof, 0, p1, b, pred);
    if (!err)
        err = phase(prof, op, ndims - 1, p2, b / p1, 1.0, pred);
    if (!err)
        err = phase(prof, op == ORTHO_MODEL_REDUCE ? ORTHO_MODEL_GATHER : ORTHO_MODEL_ALLGATHER,
                    0, p1, b / p1, 1.0, pred);
    return err;
}

static int scag_rows(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                     int p1, int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    int err = phase(prof, ORTHO_MODEL_SCATTER, ndims - 1, p2, b / p2, 1.0, pred);
    if (!err)
        err = across(prof, ORTHO_MODEL_BCAST, ORTHO_VARIANT_SCAG, ndims, dims, p1, b / p2, pred);
    if (!err)
        err = phase(prof, ORTHO_MODEL_ALLGATHER, ndims - 1, p2, b / p2, 1.0, pred);
    return err;
}

static int scag_cols(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                     int p1, int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    (void)dims;
    int err = phase(prof, ORTHO_MODEL_SCATTER, 0, p1, b / p1, 1.0, pred);
    if (!err)
        err = phase(prof, ORTHO_MODEL_BCAST, ndims - 1, p2, b / p1, 1.0, pred);
    if (!err)
        err = phase(prof, ORTHO_MODEL_ALLGATHER, 0, p1, b / p1, 1.0, pred);
    return err;
}

static int pipe_cost(ortho_model_profile_t prof, int ring, int other, double b, int dim_ring,
                int dim_other, ortho_model_prediction *pred)
{
    double step = 0.0, ag = 0.0;
    int err = ortho__predict(prof, ORTHO_MODEL_ALLGATHER, 2, b, &step);
    if (!err && other > 1)
        err = ortho__predict(prof, ORTHO_MODEL_ALLGATHER, other, b, &ag);
    if (err)
        return err;
    double per_step = step > ag ? step : ag;
    if (pred->nphases + 2 <= ORTHO_GRID_MAX_DIMS) {
        ortho_model_phase *ph = &pred->phase[pred->nphases++];
        ph->op = ORTHO_MODEL_ALLGATHER;
        ph->dim = dim_ring;
        ph->group = ring;
        ph->bytes = b;
        ph->seconds = (ring - 1) * per_step;
        ph = &pred->phase[pred->nphases++];
        ph->op = ORTHO_MODEL_ALLGATHER;
        ph->dim = dim_other;
        ph->group = other;
        ph->bytes = b;
        ph->seconds = ag;
    }
    pred->total += (ring - 1) * per_step + ag;
    return MPI_SUCCESS;
}

static int pipe_cols(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                     int p1, int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    (void)dims;
    return pipe_cost(prof, p1, p2, b, 0, ndims - 1, pred);
}

static int pipe_rows(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                     int p1, int p2, double b, ortho_model_prediction *pred)
{
    (void)op;
    (void)dims;
    return pipe_cost(prof, p2, p1, b, ndims - 1, 0, pred);
}

/* A segmented pipeline of `depth` stages: stage i is op[i] on g[i]
 * processes with one segment; (k + depth - 1) times the slowest. */
struct stages {
    int depth, n;
    ortho_model_op op[3];
    int g[3], dim[3];
};

static int pipeline(ortho_model_profile_t prof, const struct stages *st, double b, int named,
                    ortho_model_prediction *pred)
{
    int seg = ortho__model_segment(b, st->depth, named), slowest = 0;
    double k = b > 0.0 ? ceil(b / seg) : 0.0, t[3] = {0.0, 0.0, 0.0};
    double s = b < seg ? b : (double)seg;
    for (int i = 0; i < st->n; i++) {
        int err = st->g[i] > 1 ? ortho__predict(prof, st->op[i], st->g[i], s, &t[i])
                               : MPI_SUCCESS;
        if (err)
            return err;
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
                        {ds, df}};
    if (op == ORTHO_MODEL_REDUCE) {
        st.depth = second + 2;
        st.op[0] = st.op[1] = ORTHO_MODEL_REDUCE;
    } else if (op == ORTHO_MODEL_ALLREDUCE) {
        struct stages ar = {2 * second, 3, {ORTHO_MODEL_REDUCE, ORTHO_MODEL_BCAST,
                            ORTHO_MODEL_REDUCE}, {first, first, 2}, {df, df, ds}};
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
    struct stages st = {p - 1, 1, {op}, {2}, {ndims - 1}};
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
};

int ortho__model_predict_candidate(ortho_model_profile_t prof, ortho_op op, int p,
                                   int node_size, double bytes, const ortho_candidate *cand,
                                   ortho_model_prediction *pred)
{
    int dims[ORTHO_GRID_MAX_DIMS], ndims;
    if (prof == NULL || cand == NULL || pred == NULL || p < 1 || !(bytes >= 0.0) ||
        !isfinite(bytes))
        return MPI_ERR_ARG;
    if (op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV)
        return MPI_ERR_UNSUPPORTED_OPERATION;
    if ((int)op < 0 || op >= ORTHO_OP_COUNT)
        return MPI_ERR_ARG;
    ortho_model_op mop = op == ORTHO_OP_ALLGATHERV ? ORTHO_MODEL_ALLGATHER : (ortho_model_op)op;
    memset(pred, 0, sizeof *pred);
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
        /* zeros and the leading extent as the box that holds p */
        long long rest = 1;
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
        pred->nphases = 1;
        pred->phase[0].op = mop;
        pred->phase[0].group = p;
        pred->phase[0].bytes = bytes;
        int err = ortho__predict(prof, mop, p, bytes, &pred->phase[0].seconds);
        pred->total = pred->phase[0].seconds;
        return err;
    }
    ortho_order order = ortho__order_resolve(v, op, cand->order);
    if (v == ORTHO_VARIANT_PHASES && order == ortho__order_resolve(v, op, ORTHO_ORDER_PAPER))
        return ortho_model_predict_grid(prof, mop, ndims, dims, bytes, pred);
    int p2 = dims[ndims - 1], p1 = 1;
    for (int i = 0; i < ndims - 1; i++)
        p1 *= dims[i];
    for (size_t i = 0; i < sizeof segmented_forms / sizeof segmented_forms[0]; i++) {
        const struct segmented_form *f = &segmented_forms[i];
        if (f->variant == v && f->order == order && (f->ops & (1u << mop)))
            return f->fn(prof, mop, ndims, p1, p2, bytes, cand->segment, pred);
    }
    for (size_t i = 0; i < sizeof variant_forms / sizeof variant_forms[0]; i++) {
        const struct variant_form *f = &variant_forms[i];
        if (f->variant == v && f->order == order && (f->ops & (1u << mop)))
            return f->fn(prof, mop, ndims, dims, p1, p2, bytes, pred);
    }
    return MPI_ERR_UNSUPPORTED_OPERATION;
}
