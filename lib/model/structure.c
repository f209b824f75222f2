/* Where a phase's groups lie on the nodes, and the function that predicts
 * such a phase.
 *
 * The machine: nodes of c processes holding blocks of c consecutive ranks
 * (node of rank r = r / c, as lib/grid/nodes.c lays out a node-aware
 * grid). A phase runs over one dimension of a row-major grid (or over
 * its leading dimensions taken together), and only some of its groups run
 * at once: those whose coordinates in the masked dimensions are 0 (the
 * groups that hold data at that point of a rooted operation). Walking the
 * active groups gives, for the phase:
 *   per_node  the most members of one group on one node,
 *   nodes     the most nodes one group spans,
 *   flows     the most processes of one node that are in groups spanning
 *             nodes (they send through that node's link at the same time),
 *   where     NODE when every active group lies inside a node; else NET
 *             when the groups are not blocks of consecutive ranks, ANY
 *             when they are (the groups ortho-fit times by default).
 *
 * The time of a phase: the first entry of the profile whose op and range
 * hold and whose where= is absent or equal to the phase's; an entry with
 * where=net is charged for sharing the link:
 *   t = A + (1 + share_op (flows - 1)) B,  A = f(g, 0), B = f(g, b) - A,
 * f fitted on one group with one process per node (flows 1), share_op the
 * profile's param (share, then 0 when absent). A net group with m > 1
 * members on each of its n nodes, and an allgather group of consecutive
 * ranks alike (splits()), is taken as two phases (split_phase): inside the
 * node over m, then across over n. A profile without where=
 * entries finds the entries it found before: the same times as without
 * the node size. */
#include "model/model_private.h"

#include <stdlib.h>
#include <string.h>

/* Above this many grid positions the walk is not made and the phase is
 * taken as ANY (the prediction without the node size). */
#define WALK_MAX (1 << 22)

double ortho__share_param(ortho_model_profile_t prof, ortho_model_op op)
{
    char name[ORTHO__PARAM_NAME_MAX];
    double v = 0.0;
    int found = 0;
    snprintf(name, sizeof name, "share_%s", ortho_model_op_name(op));
    ortho_model_profile_param(prof, name, &v, &found);
    if (!found)
        ortho_model_profile_param(prof, "share", &v, &found);
    return found && v > 0.0 ? v : 0.0;
}

void ortho__structure_of(const struct ortho__frame *fr, int lo, int hi, unsigned mask,
                         struct ortho__structure *st)
{
    long long total = 1, stride = 1, g = 1;
    int *count = NULL, c = fr->node_size;
    memset(st, 0, sizeof *st);
    for (int i = 0; i < fr->ndims; i++)
        total *= fr->dims[i];
    for (int i = hi + 1; i < fr->ndims; i++)
        stride *= fr->dims[i];
    for (int i = lo; i <= hi; i++)
        g *= fr->dims[i];
    if (c < 2 || total > WALK_MAX || lo < 0 || hi >= fr->ndims || lo > hi)
        return;
    if (total <= c) { /* one node holds the grid */
        st->where = ORTHO_MODEL_WHERE_NODE;
        st->per_node = (int)g;
        st->nodes = 1;
        return;
    }
    long long nnodes = (total + c - 1) / c;
    if ((count = calloc((size_t)nnodes, sizeof *count)) == NULL)
        return;
    int spans = 0;
    for (long long r = 0; r < total; r++) {
        /* r leads an active group: its coordinates in lo..hi and in the mask are 0 */
        long long rest = r;
        int leads = 1;
        for (int i = fr->ndims - 1; i >= 0 && leads; i--) {
            long long x = rest % fr->dims[i];
            rest /= fr->dims[i];
            if (x != 0 && ((i >= lo && i <= hi) || ((mask >> i) & 1u)))
                leads = 0;
        }
        if (!leads)
            continue;
        int run = 0, nodes = 0;
        long long prev = -1;
        for (long long j = 0; j < g; j++) {
            long long node = (r + j * stride) / c;
            run = node == prev ? run + 1 : 1;
            nodes += node != prev;
            prev = node;
            st->per_node = run > st->per_node ? run : st->per_node;
        }
        st->nodes = nodes > st->nodes ? nodes : st->nodes;
        if (nodes > 1) {
            spans = 1;
            for (long long j = 0; j < g; j++)
                count[(r + j * stride) / c]++;
        }
    }
    for (long long n = 0; n < nnodes; n++)
        st->flows = count[n] > st->flows ? count[n] : st->flows;
    st->where = !spans ? ORTHO_MODEL_WHERE_NODE
                       : stride == 1 ? ORTHO_MODEL_WHERE_ANY : ORTHO_MODEL_WHERE_NET;
    free(count);
}

/* The entry for (op, p, b) at where: its index, or -1. */
static int lookup(ortho_model_profile_t prof, ortho_model_op op, int p, double b, int where)
{
    for (int i = 0; i < prof->nentries; i++) {
        const ortho_model_entry *e = &prof->entries[i];
        if (e->op == op && ortho__range_contains(&e->range, p, b)
            && (e->range.where == ORTHO_MODEL_WHERE_ANY || e->range.where == where))
            return i;
    }
    return -1;
}

int ortho__predict_at(ortho_model_profile_t prof, ortho_model_op op, int p, double b, int where,
                      int flows, double *t, double *share, int *entry)
{
    int i = lookup(prof, op, p, b, where);
    if (i < 0)
        return MPI_ERR_ARG;
    const ortho_model_entry *e = &prof->entries[i];
    const struct ortho__form *f = &ortho__forms[e->form];
    double factor = 1.0;
    if (entry != NULL)
        *entry = i;
    if (f->info.composite) {
        double sum = 0.0;
        int err = MPI_SUCCESS;
        for (int k = 0; k < 2 && err == MPI_SUCCESS; k++) {
            double x = 0.0;
            err = ortho__predict_at(prof, f->terms[k].op, p, f->terms[k].times_p ? p * b : b,
                                    where, flows, &x, k == 0 ? &factor : NULL, NULL);
            sum += x;
        }
        *t = sum;
        if (share != NULL)
            *share = factor;
        return err;
    }
    *t = ortho__form_basis_eval(e->form, e->coefs, p, b);
    if (e->range.where == ORTHO_MODEL_WHERE_NET && flows > 1) {
        double base = ortho__form_basis_eval(e->form, e->coefs, p, 0.0);
        factor = 1.0 + ortho__share_param(prof, op) * (flows - 1);
        *t = base + factor * (*t - base);
    }
    if (share != NULL)
        *share = factor;
    return MPI_SUCCESS;
}

static int grows(ortho_model_op op)
{
    return op == ORTHO_MODEL_GATHER || op == ORTHO_MODEL_SCATTER || op == ORTHO_MODEL_ALLGATHER;
}

/* A group spread m per node over n nodes (a column of a grid whose rows
 * are shorter than a node) as its own two phases, as the paper composes a
 * grid: op among the m members of a node (where=node), then among the n
 * nodes (where=net, sharing the link), the blocks grown m times for
 * gather, scatter and allgather. The functions across nodes were fitted on
 * one process per node, so they are used at n, not at g. The processes of
 * a node at once: all F of them for allgather (every member needs every
 * other node's blocks), F / m for the others: a vector of one size
 * crosses once per group and node for bcast, reduce and allreduce (under
 * SMPI on 16 nodes of 8, 32x4 against 16x8, that is what the measured
 * allreduce does, docs/model.md), and gather's and scatter's grown blocks
 * go to or come from the group's root alone, once per group and node
 * (counted F, the scatter of 100 KiB blocks down a column of 8 with 4 on
 * each of 2 nodes of the multi-core cluster was predicted 289 us, and the
 * whole of phases:8x2:cols took 73 us; docs/model.md "A leader's link"). */
static int split_phase(ortho_model_profile_t prof, ortho_model_op op,
                       const struct ortho__structure *st, double s, ortho_model_phase *ph)
{
    double inside = 0.0, across = 0.0;
    int err = ortho__predict_at(prof, op, st->per_node, s, ORTHO_MODEL_WHERE_NODE, 0, &inside,
                                NULL, NULL);
    if (!err)
        err = ortho__predict_at(prof, op, st->nodes, grows(op) ? s * st->per_node : s,
                                ORTHO_MODEL_WHERE_NET,
                                op == ORTHO_MODEL_ALLGATHER ? st->flows
                                                            : st->flows / st->per_node,
                                &across,
                                &ph->share, &ph->entry);
    ph->seconds = inside + across;
    return err;
}

/* Whether a phase's groups are taken as two phases (split_phase): groups
 * of m > 1 members on each node that are not blocks of consecutive ranks,
 * and allgather's blocks of consecutive ranks across nodes too. Those
 * are what ortho-fit times by default, but its one function for every
 * group size cannot see that a group's far steps (recursive doubling,
 * Bruck: the exchanges between nodes) load a node's link with all its
 * members at once: on 16 consecutive ranks of the multi-core platform
 * (two nodes of 8, Open MPI's selector under SMPI) the native allgather
 * of 100 KiB blocks measured 589 us, predicted 99 us by the function for
 * every group and 625 us split (docs/model.md). A ring or a neighbour
 * exchange loads the link once per step instead, and is then predicted
 * too slow. */
static int splits(const struct ortho__structure *st, ortho_model_op op)
{
    return st->per_node > 1
           && (st->where == ORTHO_MODEL_WHERE_NET
               || (st->where == ORTHO_MODEL_WHERE_ANY && op == ORTHO_MODEL_ALLGATHER));
}

int ortho__phase_predict(ortho_model_profile_t prof, const struct ortho__frame *fr, int lo,
                         int hi, unsigned mask, ortho_model_op op, int g, double s,
                         ortho_model_phase *ph)
{
    struct ortho__structure st;
    memset(ph, 0, sizeof *ph);
    ph->op = op;
    ph->dim = lo;
    ph->group = g;
    ph->bytes = s;
    ph->share = 1.0;
    ph->entry = -1;
    if (fr != NULL)
        ortho__structure_of(fr, lo, hi, mask, &st);
    else
        memset(&st, 0, sizeof st);
    ph->where = st.where;
    ph->per_node = st.per_node;
    ph->nodes = st.nodes;
    ph->flows = st.flows;
    int err;
    if (splits(&st, op) && st.per_node * st.nodes == g
        && ortho_model_profile_knows_nodes(prof, op))
        err = split_phase(prof, op, &st, s, ph);
    else
        err = ortho__predict_at(prof, op, g, s, st.where, st.flows, &ph->seconds, &ph->share,
                                &ph->entry);
    /* a fitted function can go below one message where it was fitted
     * without small groups or sizes (a piece without a latency term);
     * no collective on g >= 2 beats a message to its farthest member
     * (between nodes where its group spans them, consecutive or not) */
    double alpha = 0.0, beta = 0.0;
    int reach_where = st.nodes > 1 ? ORTHO_MODEL_WHERE_NET : st.where;
    if (!err && g >= 2
        && ortho__measured_hop(prof, reach_where, g, ortho__frame_stride(fr, hi), &alpha, &beta)
        && ph->seconds < alpha) {
        ph->seconds = alpha;
        ph->entry = ORTHO_MODEL_ENTRY_FLOOR;
    }
    return err;
}

int ortho_model_profile_knows_nodes(ortho_model_profile_t prof, ortho_model_op op)
{
    if (prof == NULL || (int)op < 0 || op >= ORTHO_MODEL_NOPS)
        return 0;
    for (int i = 0; i < prof->nentries; i++) {
        const ortho_model_entry *e = &prof->entries[i];
        if (e->op != op)
            continue;
        if (e->range.where == ORTHO_MODEL_WHERE_NET)
            return 1;
        const struct ortho__form *f = &ortho__forms[e->form];
        if (f->info.composite && e->range.where == ORTHO_MODEL_WHERE_ANY)
            return ortho_model_profile_knows_nodes(prof, f->terms[0].op)
                   && ortho_model_profile_knows_nodes(prof, f->terms[1].op);
    }
    return 0;
}
