/* The profile's measured messages between two processes (what ortho-fit
 * times by ping pong, lib/measure/hops.c): the hop between consecutive
 * ranks and between nodes, and the reach, the farthest member of a group.
 * The pipelines and direct exchanges are timed by them (variants.c), and
 * no phase of a collective on two or more processes is predicted below
 * one message to its farthest member (structure.c). */
#include "model/model_private.h"

#include <limits.h>
#include <stdio.h>

/* The profile's reach for a stage among g members stride ranks apart
 * (lib/measure/hops.c, fit/ortho_fit.c): the param of the smallest power
 * of two G >= g at that stride (hop_reach_G_S; hop_reach_G for stride
 * 1), where ortho-fit wrote one; else, for a stride that is no power of
 * two, that of the consecutive ranks the members cover; else hop_reach,
 * the farthest of all the ranks it measured. 0 when absent, or for two
 * consecutive ranks (the hop between ranks 0 and 1). */
double ortho__reach(ortho_model_profile_t prof, int g, long long stride)
{
    char name[48];
    long long q = 2;
    if (g < 2 || (g == 2 && stride == 1))
        return 0.0;
    if (stride < 1 || (stride & (stride - 1)) != 0) {
        long long span = (g - 1) * stride + 1; /* the consecutive ranks covered */
        return ortho__reach(prof, span > INT_MAX ? INT_MAX : (int)span, 1);
    }
    while (q < g)
        q *= 2;
    if (stride == 1)
        snprintf(name, sizeof name, "hop_reach_%lld", q < 4 ? 4 : q);
    else
        snprintf(name, sizeof name, "hop_reach_%lld_%lld", q, stride);
    double r = ortho__param_or_0(prof, name);
    return r > 0.0 ? r : ortho__param_or_0(prof, "hop_reach");
}

/* The profile's own time of one message at where, when ortho-fit
 * measured it by ping pong (params hop_alpha, hop_beta between consecutive
 * ranks, hop_net_alpha, hop_net_beta between nodes; lib/measure/hops.c):
 * 1 and its alpha and beta, else 0. Unlike t_op(2, s), timed after a
 * barrier from the first start to the last end, it holds no spread of the
 * processes' starts, which a pipeline's hops, following one another, do
 * not pay each (under SMPI on the multi-core platform: a hop inside a node
 * 0.35 us for 2 KiB, t_bc(2, 2 KiB) inside a node 1.59 us). Consecutive
 * ranks lie inside a node where the profile's node_size is 2 or more,
 * else on two nodes. A stage whose messages go to many processes at once
 * ends with its farthest message: with the profile's reach (params
 * hop_reach...) the latency is that of the farthest of its g members,
 * stride ranks apart, where it is longer. */
int ortho__measured_hop(ortho_model_profile_t prof, int where, int g, long long stride,
                        double *alpha, double *beta)
{
    double c = ortho__param_or_0(prof, "node_size");
    int across = where == ORTHO_MODEL_WHERE_NET;
    if (across && ortho__param_or_0(prof, "hop_net_alpha") > 0.0
        && ortho__param_or_0(prof, "hop_net_beta") > 0.0) {
        *alpha = ortho__param_or_0(prof, "hop_net_alpha");
        *beta = ortho__param_or_0(prof, "hop_net_beta");
    } else if ((across && c >= 2.0) || (where == ORTHO_MODEL_WHERE_NODE && c < 2.0)) {
        return 0;
    } else {
        *alpha = ortho__param_or_0(prof, "hop_alpha");
        *beta = ortho__param_or_0(prof, "hop_beta");
        if (!(*alpha > 0.0 && *beta > 0.0))
            return 0;
    }
    double far = ortho__reach(prof, g, stride);
    *alpha = far > *alpha ? far : *alpha;
    return 1;
}

/* How many ranks apart the members of a group over dims lo..hi of fr
 * (row-major) are: those dims together number their members in steps of
 * the product of the dims after hi; 1 (consecutive) when the frame is
 * unknown. */
long long ortho__frame_stride(const struct ortho__frame *fr, int hi)
{
    long long stride = 1;
    for (int i = fr != NULL ? fr->ndims - 1 : -1; i > hi; i--)
        stride *= fr->dims[i];
    return stride;
}
