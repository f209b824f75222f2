/* The segment size of the pipelined variants (lib/variants/bcast_pipe.c,
 * reduce_pipe.c, allreduce_pipe.c, chain_*.c, spread_*.c): the minimum of
 * their cost form.
 *
 * A pipeline of d stages that cuts n bytes into k = n / s segments of s
 * bytes, each stage of a segment costing m alpha + s beta (m: the
 * messages of a stage whose latencies follow one another; 1 when a
 * stage's messages overlap), takes
 *   T(s) = (n / s + d - 1) (m alpha + s beta)
 *        = n beta + (d - 1) m alpha + n m alpha / s + (d - 1) beta s,
 * whose minimum is at
 *   s* = sqrt(n m alpha / ((d - 1) beta))
 * (one segment, s = n, when d = 1).
 *
 * Lanes: where L chains of a pipeline run side by side through every
 * node's link (pipe's chains on a grid whose rows lie on nodes: one chain
 * per member of a row, the leaders taking turns), each hop of the fill
 * shares that link with the L - 1 others, so the fill moves L s bytes a
 * stage, while the latencies stay one per segment:
 *   T(s) = n beta + (d - 1) m alpha + n m alpha / s + (d - 1) L beta s,
 *   s* = sqrt(n m alpha / ((d - 1) L beta)),
 * sqrt(L) times shorter, but not below m alpha / beta (nor above one
 * lane's s*): sharing stretches only the transfer, so a segment whose
 * transfer is already shorter than its latency gains little from being
 * cut further and pays one more latency per piece. Measured (SMPI,
 * multi-core cluster, 8 lanes, pipe bcast of 500 KiB, time over the
 * bound; docs/variants.md, "Lanes"): 16 processes 1.12 at one lane's
 * 40 000 B, 1.06 at 14 142 B; 48 processes 1.78 at 23 094 B, 1.35 at
 * 8 000 B; 128 processes 2.46 at 14 142 B, 1.71 at 6 KiB, 2.73 at 2 KiB;
 * 1024 processes (128 nodes) 5.61 at 5 000 B, 6.12 at 1 768 B.
 *
 * alpha and beta: where the drop-ins run with a profile (ORTHO_PROFILE),
 * the profile's own time of one hop, t_op(2, s) (bcast for a broadcast's
 * hop, reduce for a reduction's), read as the chord over the upper half of
 * the message, s in [n / 2, n]: alpha = t(n) - n beta, beta = (t(n) -
 * t(n / 2)) / (n / 2). For a profile whose hop is alpha + s beta (the
 * alpha-beta forms) these are its alpha and beta; a piecewise profile is
 * read on the piece that holds the large segments. Without a profile, or
 * when the chord gives no positive alpha and beta, the constants below: a
 * network of 10 Gb/s with 5 us per message. A candidate name's "seg="
 * replaces the choice. The same function gives the segment to the run
 * (lib/variants) and to the prediction (variants.c), so what is ranked is
 * what runs; it depends only on the message size, the depth, m, the
 * lanes and the profile, which are equal on every process. */
#include "model/variants.h"

#include <math.h>

#include "model/model_private.h"

/* The default machine of the segment choice: seconds per message and per
 * byte. */
#define SEGMENT_ALPHA 5e-6
#define SEGMENT_BETA (1.0 / 1.25e9)

double ortho__model_segment_best(double bytes, int depth, double alpha, double beta)
{
    if (!(bytes > 1.0) || depth < 2 || !(alpha > 0.0) || !(beta > 0.0))
        return bytes > 1.0 ? bytes : 1.0;
    double s = sqrt(bytes * alpha / ((depth - 1) * beta));
    return s < 1.0 ? 1.0 : s > bytes ? bytes : s;
}

void ortho__model_segment_machine(ortho_model_profile_t prof, ortho_model_op op, double bytes,
                                  double *alpha, double *beta)
{
    double lo = 0.0, hi = 0.0, half = bytes / 2.0;
    *alpha = SEGMENT_ALPHA;
    *beta = SEGMENT_BETA;
    if (prof == NULL || !(half >= 1.0) || ortho__predict(prof, op, 2, half, &lo) != MPI_SUCCESS ||
        ortho__predict(prof, op, 2, bytes, &hi) != MPI_SUCCESS)
        return;
    double b = (hi - lo) / half, a = hi - bytes * b;
    /* a latency below a millionth of the message's time is rounding (a
     * hop of s beta alone): no latency to weigh */
    if (a > 1e-6 * hi && b > 0.0 && isfinite(a) && isfinite(b)) {
        *alpha = a;
        *beta = b;
    }
}

/* A segment of s bytes as the whole bytes a variant cuts: s rounded up,
 * at most 1 GiB. */
static int whole_bytes(double s)
{
    return s >= (double)(1 << 30) ? 1 << 30 : (int)ceil(s);
}

int ortho__model_segment(ortho_model_profile_t prof, ortho_model_op op, double bytes, int depth,
                         int latencies, int lanes, int named)
{
    if (named > 0)
        return named;
    double alpha, beta;
    ortho__model_segment_machine(prof, op, bytes, &alpha, &beta);
    double m_alpha = (latencies > 1 ? latencies : 1) * alpha;
    double s = ortho__model_segment_best(bytes, depth, m_alpha, beta);
    if (lanes > 1) {
        /* sharing a link stretches a segment's transfer, not its
         * latency: the lanes shorten a segment only down to the size
         * whose transfer takes as long as its latency (alpha / beta) */
        double shared = ortho__model_segment_best(bytes, depth, m_alpha, lanes * beta);
        double lowest = m_alpha / beta < s ? m_alpha / beta : s;
        s = shared > lowest ? shared : lowest;
    }
    return whole_bytes(s);
}

int ortho__model_segment_lanes(int chains, int node_size)
{
    if (chains < 2 || node_size < 2)
        return 1;
    return chains < node_size ? chains : node_size;
}

int ortho__model_pipe_tree_hops(int len)
{
    int hops = len >= 2;
    for (int m = len - 1; m > 1; m >>= 1)
        hops++;
    return hops;
}

/* The choice between the chains and the trees of pipe's bcast and
 * reduce (docs/variants.md, "Trees"). Down a chain a segment crosses
 * len - 1 hops, down a tree 1 + floor(log2(len - 1)), but each step of
 * the trees carries two segments and an inner member sends (reduce:
 * receives) its segment twice. The rule was drawn from bcast, measured
 * under SMPI at 100 KiB to 1 MiB (reduce, measured after: faster
 * wherever the rule takes its trees): where one process per node leads a
 * lane (the star, the torus: no lanes share a link) the trees were 1.1 to
 * 1.7 times faster than the chains everywhere; on the multi-core cluster
 * (8 lanes a node) they won where the hops they save are many against the
 * chain's segments (1024 processes, 500 KiB: 120 hops saved, 103
 * segments, 2.3x faster; 256 processes, 100 KiB: 26 and 23, 2x) and lost
 * where few (128 processes, 1 MiB: 11 and 148, 1.35x slower; 48
 * processes: 2 hops saved), the two even near a quarter (128 processes,
 * 500 KiB: 11 and 82). A tree that saves one hop (columns of 4 or 5)
 * is not worth its inner members' second sends. */
int ortho__model_pipe_trees(int pieces, int len, int lanes, double chain_segments, int stride,
                            int node_size)
{
    int saved = len - 1 - ortho__model_pipe_tree_hops(len);
    if (pieces < 2 || pieces % 2 != 0 || saved < 2)
        return 0;
    /* Members of a column that share a node (a column of stride 2 on
     * nodes of 8 holds 4 of them a node): a chain enters each node once,
     * a tree through several edges, so the node's link carries each byte
     * several times. Measured under SMPI on the multi-core cluster (mpich
     * selector, bcast, chains against trees): 8x2 rows on 16 processes
     * (4 edges into a node) 0.76x at 2 KiB (2 segments of the chains),
     * 1.23x at 20 KiB (4), 1.95x at 100 KiB, 2.45x at 500 KiB; 16x2 rows
     * on 32 0.68x, 1.36x, 2.66x, 3.90x; 2x16 columns on 32 0.78x, 1.39x,
     * 2.01x, 2.07x. The trees then pay only where the chains' segments
     * are one or two (latency, not volume). */
    if (ortho__model_tree_node_entries(len, stride, node_size) > 1)
        return chain_segments <= 2.0;
    return lanes <= 1 || 4.0 * saved >= chain_segments;
}

/* The parent of position q >= 1 in tree e of a column of m + 1
 * (lane_trees.h: heap index i = q - 1 in tree 0, m - q in tree 1; the
 * heap's top hangs from position 0). */
static int tree_parent(int m, int e, int q)
{
    int i = e == 0 ? q - 1 : m - q;
    if (i == 0)
        return 0;
    int up = (i - 1) / 2;
    return e == 0 ? up + 1 : m - up;
}

/* node of position q: members q stride apart, nodes of node_size */
static long long node_of(int q, int stride, int node_size)
{
    return (long long)q * stride / node_size;
}

int ortho__model_tree_node_entries(int len, int stride, int node_size)
{
    int worst = 0;
    if (len < 2)
        return 0;
    if (node_size < 2 || stride < 1)
        return 1;
    for (int e = 0; e < 2; e++) {
        long long node = -1;
        int into = 0;
        for (int q = 1; q < len; q++) {
            long long at = node_of(q, stride, node_size);
            if (at != node) {
                node = at;
                into = 0;
            }
            into += node_of(tree_parent(len - 1, e, q), stride, node_size) != at;
            worst = into > worst ? into : worst;
        }
    }
    return worst;
}

int ortho__model_tree_path_across(int len, int stride, int node_size)
{
    int worst = 0, m = len - 1, hops = ortho__model_pipe_tree_hops(len);
    if (len < 2)
        return 0;
    if (node_size < 2 || stride < 1)
        return hops;
    /* every deepest member (heap indices from 2^(hops-1) - 1 on), up to
     * position 0 */
    for (int e = 0; e < 2; e++)
        for (int i = (1 << (hops - 1)) - 1; i < m; i++) {
            int q = e == 0 ? i + 1 : m - i, across = 0;
            while (q != 0) {
                int up = tree_parent(m, e, q);
                across += node_of(up, stride, node_size) != node_of(q, stride, node_size);
                q = up;
            }
            worst = across > worst ? across : worst;
        }
    return worst;
}

/* spread's stages post all their messages at once: the root its p - 1
 * pieces of a segment (MPI_Issend each), an owner its p - 2 forwards
 * (MPI_Isend). Whether their latencies add up is the network's (and the
 * MPI's) matter: where sending a message costs the sender CPU time of its
 * own, m = p - 1; where messages are flows that wait out their latencies
 * together and then share the link, as in SimGrid, m = 1. Measured on the
 * simulated star (docs/variants.md, "spread"), the overlapped form is the
 * one that fits: at 32 processes 8-12 KiB segments were best at 100 KiB,
 * where it gives 8.8 KiB and the serialized form 49 KiB; at 128 a bcast
 * of 100 KiB in 5 segments took 12.2 ms, where it predicts 10.6 ms and the
 * serialized form over 48 ms (127 x 60 us per stage). So the form takes
 * m = 1; a machine that serializes would need m = p - 1 here
 * (segments sqrt(p - 1) times longer). */
int ortho__model_spread_latencies(int p)
{
    (void)p;
    return 1;
}

/* Through nodes, spread's root keeps three segments in flight and each
 * owner forwards a segment once the one before it is complete (its row
 * broadcasts it then). With one in flight every segment waits out the
 * round trip of its synchronous sends, 2 alpha, on top of its transfer;
 * with W in flight the link stays busy once (W - 1) s beta >= 2 alpha, so
 * the segment is the shortest that does: s = 2 alpha / ((W - 1) beta)
 * (alpha / beta for W = 3), and shorter ones only add latencies. Measured
 * (SMPI, multi-core cluster, mpich selector, bcast, time over the bound,
 * docs/variants.md "spread through nodes"): on 16 nodes x 8, 500 KiB,
 * windows 1 / 2 / 3 at 16 KiB segments 1.87 / 1.56 / 1.24, at 32 KiB
 * 1.53 / 1.43 / 1.33; windows of 4 and 6 lost (1.61, 1.67 at 16 KiB): the
 * segments in flight share the links and arrive later. The flat spread
 * (one process a node, the star) keeps one: there a segment's transfer
 * is many latencies (8 KiB over 100 Mbit/s: 655 us against 60 us), and at
 * 32 processes of the star windows of 2 and 3 lost 3-7% at 100 KiB. */
enum { SPREAD_NODES_WINDOW = 3 };

int ortho__model_spread_window(int through_nodes)
{
    return through_nodes ? SPREAD_NODES_WINDOW : 1;
}

int ortho__model_trees_where(int p, int node_size)
{
    return node_size < 2 ? ORTHO_MODEL_WHERE_ANY
           : p <= node_size ? ORTHO_MODEL_WHERE_NODE
                            : ORTHO_MODEL_WHERE_NET;
}

int ortho__model_trees_segment(ortho_model_profile_t prof, double bytes, int depth, int trees,
                               int where, long long stride, int named)
{
    if (named > 0)
        return named;
    double fan = ortho__param_or_0(prof, "hop_fan"), lanes = 1.0 + fan * (trees - 1);
    double alpha, beta;
    /* a hop is one synchronous send: the measured ping pong where there
     * is one (t_bc(2, s) holds the spread of the starts a hop in a
     * pipeline does not pay: on the torus's profile 5127 B at 500 KB
     * where 2 to 3 KiB measured fastest), else the hop's chord */
    if (prof == NULL || !ortho__measured_hop(prof, where, 2, stride, &alpha, &beta))
        ortho__model_segment_machine(prof, ORTHO_MODEL_BCAST, bytes, &alpha, &beta);
    return whole_bytes(ortho__model_segment_best(bytes, depth, alpha, lanes * beta));
}

int ortho__model_spread_segment(ortho_model_profile_t prof, ortho_model_op op, double bytes,
                                int p, int through_nodes, int named)
{
    if (named > 0)
        return named;
    if (!through_nodes)
        return ortho__model_segment(prof, op, bytes, 2, ortho__model_spread_latencies(p), 1, 0);
    /* the column's hops cross nodes: the profile's hop between nodes
     * where ortho-fit measured one, else its hop's chord, else the
     * default machine */
    double alpha, beta;
    if (prof == NULL || !ortho__measured_hop(prof, ORTHO_MODEL_WHERE_NET, p, 1, &alpha, &beta))
        ortho__model_segment_machine(prof, op, bytes, &alpha, &beta);
    double s = 2.0 * alpha / ((SPREAD_NODES_WINDOW - 1) * beta);
    s = s < 1.0 ? 1.0 : s > bytes ? bytes : s;
    return whole_bytes(s);
}
