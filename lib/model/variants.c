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
 *   rsag, rows              allreduce: x_rs(p2, b) + x_rs(p1, b/p2) + x(p1, b/p2) + x(p2, b)
 *                           reduce:    x_rs(p2, b) + t_red(p1, b/p2) + t_ga(p2, b/p2)
 *                                      (x: direct exchanges, below)
 *   rsag, cols              the same with p1 and p2 exchanged
 *   scag, rows              bcast: t_sc(p2, b/p2) + t_bc(p1, b/p2) + t_ag(p2, b/p2)
 *   scag, cols              the same with p1 and p2 exchanged
 * (scatter and allgather sizes are one process's block: b/p2).
 *   pipe, cols              (p1 - 1) max(t_ag(2, b), t_ag(p2, b)) + t_ag(p2, b)
 *   pipe, rows              (p2 - 1) max(t_ag(2, b), t_ag(p1, b)) + t_ag(p1, b)
 * (a ring step, t_ag(2, b), shares a node's link with the other rings
 * that span it, one edge each; where both the step and the allgather
 * leave the node, each step also pays hop_fan times the shorter one:
 * one link sends both).
 *
 * The segmented pipelines (s the segment: the candidate's, else
 * ortho__model_segment() of the message, the depth and the profile's hop
 * (segment.c); k = ceil(b / s)
 * segments). Each stage is placed as the variant runs it: a hop
 * h(s) = t_op(2, s) (t_bc for bcast, t_red otherwise) inside a node
 * (where=node) or between two nodes (where=net, one process of a node
 * crossing at a time), the groups' op as a phase with every group at once
 * (structure.c); ~t(s) = t(s) - t(0) is a stage's transfer part. The
 * pipe variants and chain run free (eager sends, receives posted ahead: a
 * stage's latency overlaps the next segment's transfer): the first
 * segment's way through every stage, then one segment per period P: the
 * slowest stage's transfer max ~t, or, by the profile's hop_fan, what a
 * leader sends through its node's link for each segment (pipeline_time),
 *   pipe, rows   bcast:     h_r(s) + sum_col h(s) + t_bc(p2, s) + (k - 1) P
 *                reduce:    t_red(p2, s) + sum_col h(s) + h_r(s) + (k - 1) P
 *                allreduce: t_red(p2, s) + 2 sum_col h(s) + t_bc(p2, s) + (k - 1) P
 *   pipe, cols   the same with p1 and p2 exchanged
 *   chain        bcast, reduce: sum_all (h(s) + q ~h) + (k - 1 - q) P, its
 *                window of 2 segments a pair where routes share (q = 1)
 * (sum_col: the p1 - 1 hops down a column, each inside a node or between
 * two; down pipe's trees, the hops to the deepest member, those between
 * nodes sharing the link with the tree's other edges into the node; h_r:
 * the root's hop to the column's member, placed as its row; sum_all: the
 * p - 1 hops through the ranks).
 *   rings        allreduce, bcast, reduce, allgather, gather, scatter: m + fan (X - x_m),
 *                the slowest part, then the other parts' transfers
 *                (rings() below)
 * spread waits for each segment's synchronous sends before the next, so
 * each of its k + 1 steps takes a whole hop:
 *   spread       bcast, reduce: (k + 1) h(s), h between nodes with every
 *                process of a node at once (p > node size), else inside one;
 *                through nodes (node-aware grids), three segments in
 *                flight: free, 2 h_net(s) + t_op(p2, s) + (k - 1) P
 * The phases list the stages (hops of one placement as one phase), each
 * with its share of the fill, the slowest with the k - 1 transfers too.
 *
 * with x(g, n) the direct exchange of blocks of n/g among g
 * (lib/variants/direct_exchange.c, direct_time() below: one hop inside a
 * node, the bytes through a node's link after one fixed part across),
 * x_rs(g, n) = x(g, n) + (g - 1)/g n gamma (the local reductions; gamma
 * is the profile's param "gamma", 0 when absent); and copy(s) = s * t_copy
 * (the profile's param "t_copy" in seconds per byte, 0 when absent).
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
#include "model/torus_trees.h"

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
    double copy = (double)p1 * p2 * b * ortho__param_or_0(prof, "t_copy");
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

/* One hop (a message of s bytes between two processes at where, in a
 * group of g members stride ranks apart all sending at once): its time
 * and its fixed part (the message of 0 bytes), from the profile's
 * measured hops, else its `via` on 2 processes (a bcast's; an allgather's
 * where both send). */
static int hop_via(ortho_model_profile_t prof, ortho_model_op via, int where, int g,
                   long long stride, double s, double *t, double *t0, int *entry)
{
    double alpha, beta;
    if (ortho__measured_hop(prof, where, g, stride, &alpha, &beta)) {
        *t = alpha + s * beta;
        *t0 = alpha;
        if (entry != NULL)
            *entry = ORTHO_MODEL_ENTRY_HOP;
        return MPI_SUCCESS;
    }
    int err = ortho__predict_at(prof, via, 2, s, where, 1, t, NULL, entry);
    if (!err)
        err = ortho__predict_at(prof, via, 2, 0.0, where, 1, t0, NULL, NULL);
    return err;
}

static int hop(ortho_model_profile_t prof, int where, int g, long long stride, double s,
               double *t, double *t0, int *entry)
{
    return hop_via(prof, ORTHO_MODEL_BCAST, where, g, stride, s, t, t0, entry);
}

/* A direct exchange among the groups over dims lo..hi (g members, every
 * group at once): each member sends a block of s bytes to every other,
 * ORTHO__DIRECT_WINDOW partners at a time (direct_exchange.c). Placed by
 * structure.c: inside a node the messages run side by side (one hop, as
 * the variant's header says); across nodes the F processes of a node in
 * spanning groups send g - m messages each through its link (m members of
 * a group on one node; one process per node when the node size is
 * unknown or the profile has no where=net bcast), whose bytes add up:
 *   t = w h(0) + (1 + share (F (g - m) - 1)) (h(s) - h(0)),
 * w windows, h = t_bc(2, .) between nodes, share the profile's share_bcast
 * (1 when absent: one link carries the bytes one after another); with
 * m > 1 the members inside the node in parallel, the slower counting. */
static int direct_time(ortho_model_profile_t prof, const struct ortho__frame *fr, int lo, int hi,
                       unsigned mask, int g, double s, ortho_model_phase *ph)
{
    struct ortho__structure st;
    double t = 0.0, t0 = 0.0, inside = 0.0, inside0 = 0.0;
    int windows = (g - 2) / ORTHO__DIRECT_WINDOW + 1, err;
    memset(&st, 0, sizeof st);
    if (fr != NULL && ortho_model_profile_knows_nodes(prof, ORTHO_MODEL_BCAST))
        ortho__structure_of(fr, lo, hi, mask, &st);
    ph->where = st.where;
    ph->per_node = st.per_node;
    ph->nodes = st.nodes;
    long long stride = ortho__frame_stride(fr, hi);
    if (st.where == ORTHO_MODEL_WHERE_NODE) {
        err = hop(prof, ORTHO_MODEL_WHERE_NODE, g, stride, s, &t, &t0, &ph->entry);
        ph->seconds = t + (windows - 1) * t0;
        return err;
    }
    int m = st.nodes > 0 ? st.per_node : 1, procs = st.flows > 0 ? st.flows : 1;
    int flows = procs * (g - m);
    double share = ortho__share_param(prof, ORTHO_MODEL_BCAST);
    share = share > 0.0 ? share : 1.0;
    /* a spanning group's bytes cross between nodes, whatever its ranks */
    err = hop(prof, st.nodes > 1 ? ORTHO_MODEL_WHERE_NET : ORTHO_MODEL_WHERE_ANY, g, stride, s,
              &t, &t0, &ph->entry);
    ph->flows = procs;
    ph->share = 1.0 + share * (flows - 1); /* flows: messages through the link */
    ph->seconds = windows * t0 + ph->share * (t - t0);
    if (!err && m > 1)
        err = hop(prof, ORTHO_MODEL_WHERE_NODE, m, stride, s, &inside, &inside0, NULL);
    if (!err && inside + (windows - 1) * inside0 > ph->seconds)
        ph->seconds = inside + (windows - 1) * inside0;
    return err;
}

/* rsag's direct reduce-scatter (reduces: its reductions added,
 * (g - 1) / g n gamma) or allgather of a vector of n over the rows
 * (over_rows) or the leading dims, listed as an allgather of n / g. */
static int direct(ortho_model_profile_t prof, const struct sub *sg, int over_rows, double n,
                  int reduces, ortho_model_prediction *pred)
{
    int d = last_dim(sg), lo = over_rows ? d : 0, hi = over_rows ? d : d - 1, g = 1, err = 0;
    ortho_model_phase ph;
    for (int i = lo; i <= hi; i++)
        g *= sg->fr->dims[i];
    memset(&ph, 0, sizeof ph);
    ph.op = ORTHO_MODEL_ALLGATHER;
    ph.dim = lo;
    ph.group = g;
    ph.bytes = n / g;
    ph.share = 1.0;
    ph.entry = -1;
    ph.direct = reduces ? ORTHO_MODEL_DIRECT_REDUCE_SCATTER : ORTHO_MODEL_DIRECT_ALLGATHER;
    if (g > 1)
        err = direct_time(prof, sg->fr, lo, hi, sg->lanes, g, n / g, &ph);
    if (err)
        return err;
    append(pred, &ph);
    if (reduces)
        pred->total += (g - 1) / (double)g * n * ortho__param_or_0(prof, "gamma");
    return MPI_SUCCESS;
}

/* rsag allreduce's middle phase on a 2D grid: the reduce-scatter of the
 * piece s across the other groups, then the allgather of its parts, both
 * direct (lib/variants/allreduce_rsag.c); over_rows: across the rows. */
static int across_direct(ortho_model_profile_t prof, const struct sub *sg, int over_rows,
                         double s, ortho_model_prediction *pred)
{
    int err = direct(prof, sg, over_rows, s, 1, pred);
    return err ? err : direct(prof, sg, over_rows, s, 0, pred);
}

/* rsag: a direct reduce-scatter over p2 (rows) or p1; then allreduce
 * reduce-scatters and allgathers each piece across (the same variant on
 * an N-D leader grid) and allgathers the pieces, all direct; reduce
 * reduces each piece across and gathers the pieces in the root's group. */
static int rsag_rows(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    int err = direct(prof, sg, 1, b, 1, pred);
    if (!err && op == ORTHO_MODEL_ALLREDUCE && sg->nsub <= 2)
        err = across_direct(prof, sg, 0, b / p2, pred);
    else if (!err)
        err = across(prof, sg, sg->lanes, op, ORTHO_VARIANT_RSAG, p1, b / p2, pred);
    if (!err && op == ORTHO_MODEL_ALLREDUCE)
        return direct(prof, sg, 1, b, 0, pred);
    return err ? err : rows(prof, sg, root_row(sg), ORTHO_MODEL_GATHER, b / p2, 1.0, pred);
}

static int rsag_cols(ortho_model_profile_t prof, const struct sub *sg, ortho_model_op op, int p1,
                     int p2, double b, ortho_model_prediction *pred)
{
    (void)p2;
    int err = direct(prof, sg, 0, b, 1, pred);
    if (!err && op == ORTHO_MODEL_ALLREDUCE)
        err = across_direct(prof, sg, 1, b / p1, pred);
    else if (!err)
        err = rows(prof, sg, sg->lanes, op, b / p1, 1.0, pred);
    if (!err && op == ORTHO_MODEL_ALLREDUCE)
        return direct(prof, sg, 0, b, 0, pred);
    return err ? err : cols(prof, sg, root_col(sg), ORTHO_MODEL_GATHER, b / p1, pred);
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

/* The flows a ring phase puts on a node's link: a ring's members on one
 * node are next to each other on it, so each ring leaves a node by one
 * edge a direction and the link carries one flow per ring that spans it,
 * not one per member (st->flows). */
static int ring_flows(const struct ortho__structure *st)
{
    return st->per_node > 1 ? st->flows / st->per_node : st->flows;
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
    int rings = ring_flows(&st);
    int err = ortho__predict_at(prof, ORTHO_MODEL_ALLGATHER, 2, b, st.where, rings, &step,
                                NULL, NULL);
    memset(&other, 0, sizeof other);
    if (!err)
        err = ring_is_p1 ? rows(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, b, 1.0, &other)
                         : cols(prof, sg, sg->lanes, ORTHO_MODEL_ALLGATHER, b, &other);
    if (err)
        return err;
    /* each process sends its ring step and its part of the allgather at
     * once: through one link where neither stays inside a node and the
     * profile's hop_fan is 1 (pipeline_time's period) */
    double ag = other.total, per_step = step > ag ? step : ag;
    if (st.where != ORTHO_MODEL_WHERE_NODE && other.phase[0].where != ORTHO_MODEL_WHERE_NODE)
        per_step += ortho__param_or_0(prof, "hop_fan") * (step > ag ? ag : step);
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

/* A segmented pipeline: its stages, each placed on the nodes as the
 * variant runs it and timed on one segment of s bytes (ph.seconds, and
 * fixed: the same at 0 bytes, the part that does not grow with s), how
 * many times one segment's way goes through it (on_path; they add up
 * to the depth), and how many times a lane's member (a leader: in its
 * first group and on the chain) runs it for each segment (load).
 * pipeline_time() composes them. */
#define PIPE_MAX_STAGES 6

struct pipeline {
    int n;
    ortho_model_phase ph[PIPE_MAX_STAGES];
    int on_path[PIPE_MAX_STAGES];
    double fixed[PIPE_MAX_STAGES]; /* the stage's time at 0 bytes */
    int load[PIPE_MAX_STAGES];
};

/* Appends a stage; one timed by the same entry as a stage already there,
 * at the same time, is counted with it (a profile without where= terms
 * times every hop alike, and then predicts what it predicts without the
 * node size, to the last bit), its placement then unknown. */
static void pipeline_add(struct pipeline *pl, const ortho_model_phase *ph, double fixed,
                         int on_path, int load)
{
    if (on_path < 1)
        return;
    for (int i = 0; i < pl->n; i++) {
        ortho_model_phase *x = &pl->ph[i];
        if (x->op == ph->op && x->group == ph->group && x->entry == ph->entry
            && x->seconds == ph->seconds && pl->fixed[i] == fixed) {
            if (x->where != ph->where) {
                x->where = ORTHO_MODEL_WHERE_ANY;
                x->per_node = x->nodes = x->flows = 0;
            }
            pl->on_path[i] += on_path;
            pl->load[i] += load;
            return;
        }
    }
    if (pl->n < PIPE_MAX_STAGES) {
        pl->ph[pl->n] = *ph;
        pl->fixed[pl->n] = fixed;
        pl->load[pl->n] = load;
        pl->on_path[pl->n++] = on_path;
    }
}

/* A stage of op over groups of g on dims lo..hi of fr (every group at
 * once: each works on its own segment), placed as a phase. */
static int group_stage(ortho_model_profile_t prof, const struct ortho__frame *fr, int lo, int hi,
                       ortho_model_op op, int g, double s, int on_path, struct pipeline *pl)
{
    ortho_model_phase ph, zero;
    if (g < 2)
        return MPI_SUCCESS;
    int err = ortho__phase_predict(prof, fr, lo, hi, 0u, op, g, s, &ph);
    if (!err)
        err = ortho__phase_predict(prof, fr, lo, hi, 0u, op, g, 0.0, &zero);
    if (!err)
        pipeline_add(pl, &ph, zero.seconds, on_path, 1);
    return err;
}

/* One hop (op on 2 processes, one segment) at where, flows processes of
 * a node sending across at a time, each stage sending among `members`
 * consecutive ranks at once (2: to the next one); on_path hops of this
 * kind, `load` of them a leader's for each segment. */
static int hop_stage(ortho_model_profile_t prof, ortho_model_op op, int where, int flows,
                     int members, double s, int on_path, int load, struct pipeline *pl)
{
    ortho_model_phase ph;
    double zero = 0.0;
    if (on_path < 1)
        return MPI_SUCCESS;
    memset(&ph, 0, sizeof ph);
    ph.op = op;
    ph.group = 2;
    ph.bytes = s;
    ph.where = where;
    ph.per_node = where == ORTHO_MODEL_WHERE_NODE ? 2 : where == ORTHO_MODEL_WHERE_NET ? 1 : 0;
    ph.nodes = where == ORTHO_MODEL_WHERE_NODE ? 1 : where == ORTHO_MODEL_WHERE_NET ? 2 : 0;
    ph.flows = where == ORTHO_MODEL_WHERE_NET ? flows : 0;
    double alpha, beta;
    int err = MPI_SUCCESS;
    if (ortho__measured_hop(prof, where, members, 1, &alpha, &beta)) {
        /* a reduction's hop also combines the segment; processes of a node
         * crossing at once share its link as in ortho__predict_at */
        double share = where == ORTHO_MODEL_WHERE_NET && flows > 1
                           ? 1.0 + ortho__share_param(prof, op) * (flows - 1)
                           : 1.0;
        zero = alpha;
        ph.share = share;
        ph.entry = ORTHO_MODEL_ENTRY_HOP;
        ph.seconds = alpha + share * s * beta
                     + (op == ORTHO_MODEL_BCAST ? 0.0 : s * ortho__param_or_0(prof, "gamma"));
    } else {
        err = ortho__predict_at(prof, op, 2, s, where, flows, &ph.seconds, &ph.share, &ph.entry);
        if (!err)
            err = ortho__predict_at(prof, op, 2, 0.0, where, flows, &zero, NULL, NULL);
    }
    if (!err)
        pipeline_add(pl, &ph, zero, on_path, load);
    return err;
}

/* The hops of a chain through the ranks first, first + stride, ...
 * (members of them), times `times` (a chain run twice): those inside a
 * node and those between nodes, as two stages; one stage of every
 * placement when the node size is unknown. dim: the grid dimension the
 * chain runs over, for the phases' record. */
static int chain_stages(ortho_model_profile_t prof, const struct ortho__frame *fr, ortho_model_op op,
                        int stride, int members, int times, int dim, double s,
                        struct pipeline *pl)
{
    int c = fr->node_size, across = 0, from = pl->n, err;
    if (members < 2)
        return MPI_SUCCESS;
    if (c < 2) {
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_ANY, 1, 2, s, times * (members - 1), times,
                        pl);
    } else {
        for (long long i = 0; i + 1 < members; i++)
            across += (i * stride) / c != ((i + 1) * stride) / c;
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NODE, 1, 2, s, times * (members - 1 - across),
                        times, pl);
        if (!err)
            err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NET, 1, 2, s, times * across, times, pl);
    }
    for (int i = from; i < pl->n; i++)
        pl->ph[i].dim = dim;
    return err;
}

/* The hops down (reduce: up) the deeper of pipe's two trees over a
 * column of len members stride apart: those inside a node and those
 * between nodes, each of the latter sharing the node's link with the
 * other edges of its tree that enter the node (every edge carries a
 * segment at each step). dim as for chain_stages. */
static int tree_stages(ortho_model_profile_t prof, const struct ortho__frame *fr,
                       ortho_model_op op, int stride, int len, int dim, double s,
                       struct pipeline *pl)
{
    int c = fr->node_size, hops = ortho__model_pipe_tree_hops(len), from = pl->n, err;
    if (c < 2) {
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_ANY, 1, 2, s, hops, 1, pl);
    } else {
        int across = ortho__model_tree_path_across(len, stride, c);
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NODE, 1, 2, s, hops - across, 1, pl);
        if (!err)
            err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NET,
                            ortho__model_tree_node_entries(len, stride, c), 2, s, across, 1,
                            pl);
    }
    for (int i = from; i < pl->n; i++)
        pl->ph[i].dim = dim;
    return err;
}

/* A sender's window: `size` segments in flight to its successor (chain:
 * ORTHO__CHAIN_WINDOW), which arrive one after another where the route
 * sends a process's messages in order and together where it shares it
 * between them: the profile's hop_pair, hop_net_pair between nodes
 * (ortho_measure_pair(): 1 under SimGrid, where a star's chain of 16 at
 * 528-byte segments moved them two by two, each pair 147 us a hop against
 * 103.5 us for one; 0 inside a multi-core node, whose loopback gives each
 * flow its full speed). */
struct window {
    int size;
    double pair, net_pair; /* inside a node or unplaced; between nodes */
};

static double window_pair(const struct window *w, int where)
{
    return w == NULL ? 0.0 : where == ORTHO_MODEL_WHERE_NET ? w->net_pair : w->pair;
}

/* The time of pipeline pl for a message of b bytes in k = ceil(b / s)
 * segments of s, its stages appended to pred as phases. Free running (the
 * pipe variants and chain: sends below the eager limit complete at once,
 * receives are posted ahead, so a stage's latency overlaps the transfer of
 * the next segment): the first segment's way through every stage of the
 * path, then one segment per period,
 *   T = sum_i on_path_i t_i(s) + (k - 1) P,
 *   P = m + fan max(0, L - m),  m = max_i ~t_i,
 *   L = sum_{i not inside a node} load_i ~t_i,
 * ~t_i = t_i(s) - t_i(0): the slowest stage's transfer, or, where one
 * process's messages to several others share its link (the profile's
 * hop_fan, ortho_measure_fan(): 1 on a node's network link, 0 with a
 * link per direction, 0 when absent), what one leader sends through it
 * for each segment (its hops on the chain and its first group's op, one
 * after another: a leader of pipe's allreduce sends every segment up,
 * down and into its row; stages inside a node do not use the link).
 * Measured by bench/model_evidence.sh on the star (fan 1), pipe's
 * allreduce took 2.5 to 4 times the slowest stage's period. The slowest
 * stage's phase carries the k - 1 periods, every phase its share of the
 * fill. stepped
 * (spread: each segment's synchronous sends wait for their receivers
 * before the next segment leaves): every one of the k + depth - 1 steps
 * lasts as long as the slowest stage,
 *   T = (k + depth - 1) max_i t_i(s),  depth = sum_i on_path_i,
 * all on the slowest stage's phase. */
static void pipeline_time(const struct pipeline *pl, int stepped, double b, double s,
                          double fan, const struct window *w, ortho_model_prediction *pred)
{
    double k = b > 0.0 ? ceil(b / s) : 0.0, step[PIPE_MAX_STAGES], link = 0.0;
    int slowest = 0, depth = 0;
    for (int i = 0; i < pl->n; i++) {
        step[i] = stepped ? pl->ph[i].seconds : pl->ph[i].seconds - pl->fixed[i];
        slowest = step[i] > step[slowest] ? i : slowest;
        depth += pl->on_path[i];
        if (pl->ph[i].where != ORTHO_MODEL_WHERE_NODE)
            link += pl->load[i] * step[i];
    }
    double period = pl->n > 0 ? step[slowest] : 0.0, group = 1.0, pair = 0.0;
    int windowed = !stepped && w != NULL && w->size >= 2 && pl->n > 0;
    if (windowed) {
        /* a window: the first `group` segments travel together where the
         * route shares them; after them, a group a window's round trip
         * (pair 1) or a segment a transfer, at most `size` latencies
         * overlapping (pair 0) */
        double m0 = pl->fixed[slowest], m = step[slowest];
        group = k < w->size ? k : w->size;
        pair = window_pair(w, pl->ph[slowest].where);
        period = pair * (m0 / group + m) + (1.0 - pair) * fmax(m, (m0 + m) / w->size);
    }
    if (!stepped && link > period)
        period += fan * (link - period);
    for (int i = 0; i < pl->n; i++) {
        ortho_model_phase ph = pl->ph[i];
        if (k <= 0.0)
            ph.seconds = 0.0;
        else if (stepped)
            ph.seconds = i == slowest ? (k + depth - 1.0) * period : 0.0;
        else
            ph.seconds = pl->on_path[i]
                             * (ph.seconds
                                + (windowed ? window_pair(w, ph.where) : 0.0) * (group - 1.0)
                                      * step[i])
                         + (i == slowest ? (k - 1.0 - pair * (group - 1.0)) * period : 0.0);
        append(pred, &ph);
    }
}

/* The segment of a pipeline of depth stages over b bytes whose hops are
 * hop, each stage paying `latencies` latencies one after another (the
 * named one, else the best for the profile's hop or the default machine,
 * segment.c), and its size in bytes: what the variant runs
 * (lib/variants/segments.c). */
static double segment_of(ortho_model_profile_t prof, ortho_model_op hop, double b, int depth,
                         int latencies, int lanes, int named)
{
    int seg = ortho__model_segment(prof, hop, b, depth, latencies, lanes, named);
    return b < seg ? b : (double)seg;
}

/* pipe for bcast, reduce, allreduce on fr: the groups of `first` (dims
 * flo..fhi) run the op on segments while a chain of `second` members
 * (stride cstride, one member per first group) carries them across:
 *   bcast:     the root's hop to the chain's member, (second - 1) hops
 *              down the chain, the first groups' bcast (depth second + 1)
 *   reduce:    the first groups' reduce, (second - 1) hops up, the hop to
 *              the root (the segment's depth is second + 2, with the
 *              combine step; the root's row reduces a segment in the step
 *              its last hop arrives, so that reduce is off the path: on
 *              it, the evidence's pipe reduce rows came out 1.26x to 1.38x
 *              too slow where the hops set the pace)
 *   allreduce: reduce, (second - 1) hops up, (second - 1) down, bcast
 *              (depth 2 second)
 * The hops are t_bc(2, s) for bcast, t_red(2, s) otherwise, each placed
 * inside a node or across nodes; the first groups' op is placed as a
 * phase with every group at once. */
static int pipe_segments(ortho_model_profile_t prof, const struct ortho__frame *fr,
                         ortho_model_op op, int flo, int fhi, int first, int cstride, int second,
                         int cdim, double b, int named, ortho_model_prediction *pred)
{
    struct pipeline pl;
    int depth = op == ORTHO_MODEL_BCAST ? second + 1
                : op == ORTHO_MODEL_REDUCE ? second + 2 : 2 * second;
    ortho_model_op hop = op == ORTHO_MODEL_BCAST ? ORTHO_MODEL_BCAST : ORTHO_MODEL_REDUCE;
    /* the chains of the rows order (cdim 0) share the nodes' links; not
     * allreduce's, whose segments each cost every process two collectives
     * of its first group: shorter segments measured slower there
     * (bcast_pipe.c, reduce_pipe.c, allreduce_pipe.c) */
    int lanes = cdim == 0 && op != ORTHO_MODEL_ALLREDUCE
                    ? ortho__model_segment_lanes(first, fr->node_size)
                    : 1;
    double s = segment_of(prof, hop, b, depth, 1, lanes, named);
    /* bcast down, reduce up the two trees: a chain of the trees' hops
     * whose every step carries two segments, one per tree (an inner
     * member sends, or receives, its tree's segment twice; the row works
     * on both) */
    int trees = op != ORTHO_MODEL_ALLREDUCE && s > 0.0 &&
                ortho__model_pipe_trees(first, second, lanes, ceil(b / s), cstride, fr->node_size);
    if (trees) {
        int hops = ortho__model_pipe_tree_hops(second);
        depth += hops + 1 - second;
        s = 2.0 * segment_of(prof, hop, b, depth, 1, lanes, named);
        s = s < b ? s : b;
    }
    int err = MPI_SUCCESS;
    memset(&pl, 0, sizeof pl);
    if (op != ORTHO_MODEL_BCAST)
        err = group_stage(prof, fr, flo, fhi, ORTHO_MODEL_REDUCE, first, s, 1, &pl);
    if (!err)
        err = trees ? tree_stages(prof, fr, hop, cstride, second, cdim, s, &pl)
                    : chain_stages(prof, fr, hop, cstride, second,
                                   op == ORTHO_MODEL_ALLREDUCE ? 2 : 1, cdim, s, &pl);
    if (!err && op != ORTHO_MODEL_ALLREDUCE) {
        /* the root's hop, inside the root's first group */
        ortho_model_phase ph;
        int n = pl.n;
        err = ortho__phase_predict(prof, fr, flo, fhi, 0u, hop, first, 0.0, &ph);
        if (!err)
            err = hop_stage(prof, hop, ph.where == ORTHO_MODEL_WHERE_NET && ph.per_node > 1
                                           ? ORTHO_MODEL_WHERE_NODE : ph.where,
                            1, 2, s, 1, 0, &pl);
        if (pl.n > n)
            pl.ph[n].dim = flo;
    }
    if (!err && op != ORTHO_MODEL_REDUCE)
        err = group_stage(prof, fr, flo, fhi, ORTHO_MODEL_BCAST, first, s, 1, &pl);
    if (!err)
        pipeline_time(&pl, 0, b, s, ortho__param_or_0(prof, "hop_fan"), NULL, pred);
    return err;
}

static int pipe_seg_rows(ortho_model_profile_t prof, ortho_model_op op,
                         const struct ortho__frame *fr, int p1, int p2, double b, int named,
                         ortho_model_prediction *pred)
{
    int d = fr->ndims - 1;
    return pipe_segments(prof, fr, op, d, d, p2, p2, p1, 0, b, named, pred);
}

static int pipe_seg_cols(ortho_model_profile_t prof, ortho_model_op op,
                         const struct ortho__frame *fr, int p1, int p2, double b, int named,
                         ortho_model_prediction *pred)
{
    int d = fr->ndims - 1;
    return pipe_segments(prof, fr, op, 0, d - 1, p1, 1, p2, d, b, named, pred);
}

/* chain: p - 1 hops through the ranks in order (depth p - 1). */
static int chain(ortho_model_profile_t prof, ortho_model_op op, const struct ortho__frame *fr,
                 int p1, int p2, double b, int named, ortho_model_prediction *pred)
{
    struct pipeline pl;
    int p = p1 * p2;
    double s = segment_of(prof, op, b, p - 1, 1, 1, named);
    memset(&pl, 0, sizeof pl);
    int err = chain_stages(prof, fr, op, 1, p, 1, fr->ndims - 1, s, &pl);
    struct window w = { ORTHO__CHAIN_WINDOW, ortho__param_or_0(prof, "hop_pair"), 0.0 };
    int net_found = 0;
    ortho_model_profile_param(prof, "hop_net_pair", &w.net_pair, &net_found);
    w.net_pair = net_found ? w.net_pair : w.pair; /* measured on one node: the same */
    if (!err)
        pipeline_time(&pl, 0, b, s, ortho__param_or_0(prof, "hop_fan"), &w, pred);
    return err;
}

/* spread: two hops, root to owner and owner onwards (depth 2), with
 * every process of a node sending at once (the root's pieces leave
 * together, then every owner forwards): across nodes with all c of a
 * node when p > c, else inside one node; each step waits for the one
 * before. Through nodes (a node-aware grid of p1 nodes of p2): the two
 * hops between nodes, one process of each crossing, and the rows' op
 * (reduce before, bcast after), the window's segments in flight
 * overlapping the latencies: free, as the pipes. */
static int spread(ortho_model_profile_t prof, ortho_model_op op, const struct ortho__frame *fr,
                  int p1, int p2, double b, int named, ortho_model_prediction *pred)
{
    struct pipeline pl;
    int p = p1 * p2, c = fr->node_size, err;
    int through = fr->node_aware && fr->ndims == 2 && p1 >= 2 && p2 >= 2;
    double s = ortho__model_spread_segment(prof, op, b, through ? p1 : p, through, named);
    s = b < s ? b : s;
    memset(&pl, 0, sizeof pl);
    if (through) {
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NET, 1, p, s, 2, 0, &pl);
        if (!err)
            err = group_stage(prof, fr, 1, 1, op, p2, s, 1, &pl);
        if (!err)
            pipeline_time(&pl, 0, b, s, 0.0, NULL, pred);
        return err;
    }
    if (c < 2)
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_ANY, 1, p, s, 2, 0, &pl);
    else if (p <= c)
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NODE, 1, p, s, 2, 0, &pl);
    else
        err = hop_stage(prof, op, ORTHO_MODEL_WHERE_NET, c, p, s, 2, 0, &pl);
    if (!err)
        pipeline_time(&pl, 1, b, s, 0.0, NULL, pred);
    return err;
}

/* The segmented table: as variant_forms, with the candidate's segment. */
/* rings (rings.c): 2 k' parts of b / (2 k'), k' the dims longer than 1;
 * the part that starts at dim j crosses the dims j, j + 1, ...
 * (cyclically), each as a ring of d - 1 steps to a neighbour on the
 * part's block there (b_i = b / (2 k') / the extents crossed before),
 * reduce-scatter (bcast: the scatter, d - 1 steps from the ring's holder,
 * and no gamma) then allgather (reduce: the gather to the holder, d - 1
 * steps as the scatter's; allgather, gather, scatter: the allgather, the
 * gather or the scatter alone, on the vector of the p blocks of b, ways 1
 * below, each hop the op's own on two). A hop to a neighbour d apart in
 * ranks, inside a node or across, is h(s) = h0 + x(s): its fixed part h0
 * and its transfer x(s), the bytes shared with the node's other processes
 * crossing at once, as a direct exchange's. A step pays h0 once: its send
 * is synchronous (MPI_Issend), which SimGrid completes with the transfer
 * (a network that acknowledges synchronous sends adds one h0 a step, not
 * modelled: docs/model.md, "rings in the evidence"):
 *   t_part(j) = sum_i ways (d_i - 1) (h0 + c_i x(b_i / d_i))
 *               + (d_i - 1) / d_i b_i gamma,
 * c_i = 2 - fan on a dim of 2 (both directions' parts send to the one
 * neighbour at once, side by side on its link where each neighbour has a
 * link of its own), else 1. All parts at once: their latencies overlap,
 * their transfers share a link by the profile's hop_fan (0 where each
 * neighbour has a link of its own, 1 where one link carries every
 * message):
 *   T = m + fan (X - x_m),  m = max_j t_part(j),
 * X the transfers of all 2 k' parts (c_i = 1), x_m the slowest part's.
 * The phases are the slowest part's dims, scaled to T. */
static int rings(ortho_model_profile_t prof, ortho_model_op op, const struct ortho__frame *fr,
                 int p1, int p2, double b, int named, ortho_model_prediction *pred)
{
    int dim[ORTHO_GRID_MAX_DIMS], nd = 0, err = MPI_SUCCESS, slowest = 0;
    double gamma = ortho__param_or_0(prof, "gamma"), fan = ortho__param_or_0(prof, "hop_fan");
    double m = 0.0, transfers = 0.0;
    double part[ORTHO_GRID_MAX_DIMS], moved[ORTHO_GRID_MAX_DIMS];
    ortho_model_phase walk[ORTHO_GRID_MAX_DIMS][ORTHO_GRID_MAX_DIMS];
    double p = 1.0;
    (void)p1, (void)p2, (void)named;
    for (int d = 0; d < fr->ndims; d++) {
        p *= fr->dims[d];
        if (fr->dims[d] > 1)
            dim[nd++] = d;
    }
    /* allgather, gather, scatter: one half alone, on the p blocks of b */
    int blocks = op == ORTHO_MODEL_ALLGATHER || op == ORTHO_MODEL_GATHER ||
                 op == ORTHO_MODEL_SCATTER;
    int ways = blocks ? 1 : 2;
    double vector = blocks ? b * p : b;
    int reduces = op == ORTHO_MODEL_ALLREDUCE || op == ORTHO_MODEL_REDUCE;
    /* gather, scatter: only the root's rings carry the big blocks, one
     * member of a node among them at a time (its deeper rings carry
     * blocks d times smaller): no sharing of a node's link */
    int rooted = op == ORTHO_MODEL_GATHER || op == ORTHO_MODEL_SCATTER;
    /* a ring step's hop: a bcast's between two, the op's own on two for
     * those of blocks (a profile of allgathers alone predicts them) */
    ortho_model_op via = blocks ? op : ORTHO_MODEL_BCAST;
    for (int j = 0; j < nd && !err; j++) {
        double block = vector / (2.0 * nd);
        part[j] = 0.0;
        moved[j] = 0.0;
        for (int i = 0; i < nd && !err; i++) {
            int d = dim[(j + i) % nd], g = fr->dims[d];
            struct ortho__structure st;
            double t = 0.0, t0 = 0.0, s = block / g;
            ortho_model_phase *ph = &walk[j][i];
            memset(ph, 0, sizeof *ph);
            memset(&st, 0, sizeof st);
            if (ortho_model_profile_knows_nodes(prof, via))
                ortho__structure_of(fr, d, d, 0u, &st);
            /* a ring that spans nodes steps at the pace of its edges
             * between them, consecutive ranks or not */
            int across = st.where == ORTHO_MODEL_WHERE_NET || st.nodes > 1;
            err = hop_via(prof, via, across ? ORTHO_MODEL_WHERE_NET : st.where, 2,
                          ortho__frame_stride(fr, d), s, &t, &t0, &ph->entry);
            double share = across ? ortho__share_param(prof, via) : 0.0;
            int rings_out = ring_flows(&st);
            int flows = across && rings_out > 1 && !rooted ? rings_out : 1;
            /* gather, scatter: the root's rings alone, hop by hop */
            ph->op = rooted ? op : ORTHO_MODEL_ALLGATHER;
            ph->direct = rooted    ? 0
                         : reduces ? ORTHO_MODEL_DIRECT_REDUCE_SCATTER
                                   : ORTHO_MODEL_DIRECT_ALLGATHER;
            ph->dim = d;
            ph->group = g;
            ph->bytes = block;
            ph->where = st.where;
            ph->per_node = st.per_node;
            ph->nodes = st.nodes;
            ph->flows = flows;
            ph->share = 1.0 + (share > 0.0 ? share : 1.0) * (flows - 1);
            double x = ways * (g - 1) * ph->share * (t - t0);
            double pair = g == 2 && fan < 1.0 ? 2.0 - fan : 1.0;
            ph->seconds = ways * (g - 1) * t0 + pair * x +
                          (reduces ? (g - 1) / (double)g * block * gamma : 0.0);
            part[j] += ph->seconds;
            moved[j] += x;
            block /= g;
        }
        if (part[j] > m) {
            m = part[j];
            slowest = j;
        }
        transfers += 2.0 * moved[j];
    }
    if (err)
        return err;
    double total = m + fan * (transfers - moved[slowest]);
    pred->nphases = 0;
    pred->total = 0.0; /* append() adds the phases up to total */
    for (int i = 0; i < nd; i++) {
        walk[slowest][i].seconds *= m > 0.0 ? total / m : 1.0;
        append(pred, &walk[slowest][i]);
    }
    return MPI_SUCCESS;
}

/* trees (trees_bcast.c, trees_reduce.c): k parts, each down (reduce: up)
 * its own tree of the grid's torus in segments of s
 * (ortho__model_trees_segment, for b / k and the trees' mean depth), the
 * shallower trees' parts a segment longer per hop they lack
 * (ortho__torus_trees_parts), a hop h(s) each: one message to
 * a neighbour in the grid's first dim longer than 1, the farthest in
 * ranks (the profile's measured ping pong with its reach at that
 * distance where it has one, else t_bc(2, s)). Every hop is paced (the
 * next segment to a child leaves once the last was taken), so a step
 * lasts a whole hop:
 *   T = max_t (ceil(b_t / s) + D_t - 1) (h0 + (1 + fan (k - 1)) x(s)),
 * b_t and D_t tree t's part and depth (about b / (k s) + mean D - 1
 * steps),
 * h0 the hop's fixed part, x(s) its transfer, fan the profile's hop_fan:
 * 0 where each neighbour has a link of its own (a torus the grid
 * matches), 1 where one link carries the k parts of every process; a
 * reduction's hop t_red(2, s), or the measured one plus s gamma. One
 * phase: the hop, its group 2. */
static int trees(ortho_model_profile_t prof, ortho_model_op op, const struct ortho__frame *fr,
                 int p1, int p2, double b, int named, ortho_model_prediction *pred)
{
    int k = 0, depth[ORTHO__TREES_MAX], len[ORTHO__TREES_MAX];
    (void)p1, (void)p2;
    int err = ortho__torus_trees_shape(fr->ndims, fr->dims, &k, depth);
    if (err || k == 0 || !(b > 0.0))
        return err;
    int p = 1;
    for (int d = 0; d < fr->ndims; d++)
        p *= fr->dims[d];
    long long stride = ortho__torus_trees_stride(fr->ndims, fr->dims);
    int where = ortho__model_trees_where(p, fr->node_size);
    double part = ceil(b / k);
    double s = ortho__model_trees_segment(prof, part, ortho__torus_trees_mean_depth(k, depth), k,
                                          where, stride, named);
    s = floor(s < part ? s : part);
    /* the longest part's pipeline: its segments and its tree's depth */
    double steps = 0.0;
    ortho__torus_trees_parts(b < 2147483647.0 ? (int)b : 2147483647, (int)s, k, depth, len);
    for (int t = 0; t < k; t++)
        steps = fmax(steps, ceil(len[t] / s) + depth[t] - 1.0);
    ortho_model_phase ph;
    double t = 0.0, t0 = 0.0, fan = ortho__param_or_0(prof, "hop_fan");
    memset(&ph, 0, sizeof ph);
    err = hop_via(prof, op, where, 2, stride, s, &t, &t0, &ph.entry);
    if (err)
        return err;
    ph.op = op;
    ph.group = 2;
    ph.bytes = s;
    ph.where = where;
    ph.dim = fr->ndims - 1;
    ph.share = 1.0 + fan * (k - 1);
    /* a reduction's hop also combines the segment (the measured ping
     * pong does not; t_red(2, s) does) */
    double combine = op != ORTHO_MODEL_BCAST && ph.entry == ORTHO_MODEL_ENTRY_HOP
                         ? s * ortho__param_or_0(prof, "gamma")
                         : 0.0;
    ph.seconds = steps * (t0 + ph.share * (t - t0) + combine);
    append(pred, &ph);
    return MPI_SUCCESS;
}

typedef int (*segmented_fn)(ortho_model_profile_t prof, ortho_model_op op,
                            const struct ortho__frame *fr, int p1, int p2, double b, int named,
                            ortho_model_prediction *pred);

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
    {ORTHO_VARIANT_RSAG, ORTHO_ORDER_ROWS, MOP(REDUCE),
     "x_rs(p2,b) + t_op(p1,b/p2) + t_gather(p2,b/p2)", rsag_rows},
    {ORTHO_VARIANT_RSAG, ORTHO_ORDER_ROWS, MOP(ALLREDUCE),
     "x_rs(p2,b) + x_rs(p1,b/p2) + x(p1,b/p2) + x(p2,b)", rsag_rows},
    {ORTHO_VARIANT_RSAG, ORTHO_ORDER_COLS, MOP(REDUCE),
     "x_rs(p1,b) + t_op(p2,b/p1) + t_gather(p1,b/p1)", rsag_cols},
    {ORTHO_VARIANT_RSAG, ORTHO_ORDER_COLS, MOP(ALLREDUCE),
     "x_rs(p1,b) + x_rs(p2,b/p1) + x(p2,b/p1) + x(p1,b)", rsag_cols},
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
     "bcast h_r(s) + sum_col h(s) + t_bc(p2,s); reduce t_red(p2,s) + sum_col h(s) + h_r(s); "
     "allreduce t_red(p2,s) + 2 sum_col h(s) + t_bc(p2,s); each + (k-1) max ~t",
     pipe_seg_rows},
    {ORTHO_VARIANT_PIPE, ORTHO_ORDER_COLS, MOP(BCAST) | MOP(REDUCE) | MOP(ALLREDUCE),
     "the rows order's form with p1 and p2 exchanged", pipe_seg_cols},
    {ORTHO_VARIANT_CHAIN, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(REDUCE),
     "sum_all h(s) + (k-1) max ~h", chain},
    {ORTHO_VARIANT_CHAIN, ORTHO_ORDER_COLS, MOP(BCAST) | MOP(REDUCE),
     "sum_all h(s) + (k-1) max ~h", chain},
    {ORTHO_VARIANT_SPREAD, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(REDUCE),
     "(k+1) h(s); through nodes 2 h_net(s) + t_op(p2,s) + (k-1) max ~t", spread},
    {ORTHO_VARIANT_SPREAD, ORTHO_ORDER_COLS, MOP(BCAST) | MOP(REDUCE),
     "(k+1) h(s); through nodes 2 h_net(s) + t_op(p2,s) + (k-1) max ~t", spread},
    {ORTHO_VARIANT_RINGS, ORTHO_ORDER_ROWS,
     MOP(ALLREDUCE) | MOP(BCAST) | MOP(REDUCE) | MOP(ALLGATHER) | MOP(GATHER) | MOP(SCATTER),
     "m + fan (X - x_m): m the slowest part's sum_i 2 (d_i-1) h(b_i/d_i) (allgather, gather, "
     "scatter: (d_i-1) h(b_i/d_i) on p b), X all 2k' parts' transfers, x_m its own",
     rings},
    {ORTHO_VARIANT_TREES, ORTHO_ORDER_ROWS, MOP(BCAST) | MOP(REDUCE),
     "max_t (ceil(b_t/s) + D_t - 1) (h0 + (1 + fan (k-1)) x(s)): k trees of the grid's "
     "torus, b_t and D_t tree t's part and depth (reduce: x(s) + s gamma, up the trees)",
     trees},
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
    fr.node_aware = cand->node_aware;
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
    /* the segmented pipelines: their stages placed on the whole grid */
    int p2 = dims[ndims - 1], p1 = 1;
    for (int i = 0; i < ndims - 1; i++)
        p1 *= dims[i];
    for (size_t i = 0; i < sizeof segmented_forms / sizeof segmented_forms[0]; i++) {
        const struct segmented_form *f = &segmented_forms[i];
        if (f->variant == v && f->order == order && (f->ops & (1u << mop)))
            return f->fn(prof, mop, &fr, p1, p2, bytes, cand->segment, pred);
    }
    struct sub sg = { &fr, ndims, 0u };
    return compose(prof, &sg, v, order, mop, bytes, pred);
}

int ortho_model_predict_candidate(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                                  double bytes, const ortho_candidate *cand,
                                  ortho_model_prediction *pred)
{
    int err = ortho__model_predict_candidate(prof, op, p, node_size, bytes, cand, pred);
    if (err == MPI_SUCCESS)
        ortho__spread_once(prof, pred);
    return err;
}
