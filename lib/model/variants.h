/* The predicted time of a drop-in candidate (ortho_dropin.h): the native
 * operation, or a variant on a grid in a phase order, composed from the
 * profile's runtime functions of the native operations. Private to the
 * library (lib/select calls it).
 *
 * Each variant's composition is the formula that opens its file in
 * lib/variants/ ("As phases: ..."); lib/model/variants.c lists them in one
 * table. */
#ifndef ORTHO_MODEL_VARIANTS_H_INCLUDED
#define ORTHO_MODEL_VARIANTS_H_INCLUDED

#include "ortho_candidate.h"
#include "ortho_model_predict.h"

/* The prediction of cand for op on p processes with message size bytes
 * (the size of ortho_model.h; allgatherv: the mean block), each phase in
 * pred (op, group size, bytes, seconds; a phase repeated k times counts k
 * times in its seconds) and the total. node_size: processes per node,
 * nodes holding blocks of consecutive ranks (0: unknown): the layout of a
 * node-aware candidate whose dims are not given, and the placement of
 * every phase (structure.c; a profile without where= entries predicts the
 * same at every node size). Uneven grids are predicted as the box that
 * holds them.
 * MPI_ERR_UNSUPPORTED_OPERATION for gatherv and scatterv (only the root
 * knows their sizes) and a node-aware candidate without dims when
 * node_size does not divide p; MPI_ERR_ARG when the profile lacks a
 * function a phase needs. */
int ortho__model_predict_candidate(ortho_model_profile_t prof, ortho_op op, int p,
                                   int node_size, double bytes, const ortho_candidate *cand,
                                   ortho_model_prediction *pred);

/* The segments a chain's process keeps in flight to its successor
 * (lib/variants/chain_bcast.c, chain_reduce.c), as the model times them. */
enum { ORTHO__CHAIN_WINDOW = 2 };

/* segment.c: the s that minimizes (bytes / s + depth - 1) (alpha + s beta),
 * the cost of a pipeline of depth stages over segments of s bytes:
 * sqrt(bytes alpha / ((depth - 1) beta)), within 1 .. bytes (bytes when
 * depth < 2). */
double ortho__model_segment_best(double bytes, int depth, double alpha, double beta);

/* alpha (seconds per message) and beta (seconds per byte) of one hop of a
 * pipeline that moves `bytes` with op (ORTHO_MODEL_BCAST or
 * ORTHO_MODEL_REDUCE): the chord of prof's t_op(2, s) over s in
 * [bytes / 2, bytes], or the default machine (5 us, 1.25 GB/s) when prof
 * is NULL, lacks the function or gives no positive alpha and beta. */
void ortho__model_segment_machine(ortho_model_profile_t prof, ortho_model_op op, double bytes,
                                  double *alpha, double *beta);

/* The segment size in bytes a pipelined variant runs with for a message of
 * `bytes` through `depth` stages whose every stage pays the latencies of
 * `latencies` messages one after another (1: they overlap), with `lanes`
 * chains side by side through each link (1: one; segment.c): `named` (a
 * candidate's segment) when it is not 0, else ortho__model_segment_best()
 * with latencies x alpha and lanes x beta of
 * ortho__model_segment_machine(). Equal on every process for equal
 * arguments and profile. */
int ortho__model_segment(ortho_model_profile_t prof, ortho_model_op op, double bytes, int depth,
                         int latencies, int lanes, int named);

/* The lanes through one node's link of `chains` chains that run down
 * the columns of a grid placed on nodes of node_size consecutive
 * processes (a row's members on one node are in different chains): the
 * smaller of the two, 1 when the node size is unknown (0) or 1. */
int ortho__model_segment_lanes(int chains, int node_size);

/* The hops from the root's row to the deepest member of a column of len
 * down pipe bcast's trees (lib/variants/lane_trees.h): 1 +
 * floor(log2(len - 1)) (0 for len 1; a chain's are len - 1). */
int ortho__model_pipe_tree_hops(int len);

/* Whether pipe's bcast sends its segments down the two trees (reduce:
 * climbs them) rather than along chains: an even number of leaders
 * (`pieces`), trees that save at least 2 of a chain's hops (columns of
 * len >= 6), and, where a tree enters a node through one edge at most,
 * either one lane per link (lanes <= 1) or hops saved at least a quarter
 * of the chains' segments (chain_segments: the count of segments the
 * chains would cut, ortho__model_segment at depth len + 1); where it
 * enters one through several, only for chains of at most 2 segments.
 * The column's members lie `stride` processes apart on nodes of
 * node_size consecutive processes (0 or 1: one member a node). Equal on
 * every process for equal arguments. */
int ortho__model_pipe_trees(int pieces, int len, int lanes, double chain_segments, int stride,
                            int node_size);

/* The most edges of one of the two trees of a column of len (members
 * stride processes apart, nodes of node_size consecutive processes; 0 or
 * 1: a member a node) that enter one node from another: 1 where no node
 * holds two members, up to a node's members otherwise. */
int ortho__model_tree_node_entries(int len, int stride, int node_size);

/* Of the hops from the root's row down to the deepest member of either
 * tree, the most that cross from one node to another (the same
 * placement). */
int ortho__model_tree_path_across(int len, int stride, int node_size);

/* spread (lib/variants/spread_*.c) on p processes: the messages of one
 * of its stages whose latencies follow one another (segment.c's m). */
int ortho__model_spread_latencies(int p);

/* spread through nodes (ortho__spread_through_nodes: the pieces travel the
 * root's column of a node-aware grid, one process a node, and each node's
 * row passes every segment on): the segments a sender keeps in flight
 * (1 for the flat spread, which waits for each segment's sends). */
int ortho__model_spread_window(int through_nodes);

/* spread's segment in bytes for a message of `bytes` on p processes
 * (through nodes: p nodes): `named` when not 0; flat,
 * ortho__model_segment at depth 2 with ortho__model_spread_latencies(p);
 * through nodes, 2 alpha / ((W - 1) beta) of ortho__model_segment_machine,
 * W the window (segment.c), within 1 .. bytes. Equal on every process for
 * equal arguments and profile. */
int ortho__model_spread_segment(ortho_model_profile_t prof, ortho_model_op op, double bytes,
                                int p, int through_nodes, int named);

/* trees (lib/variants/trees_bcast.c) on p processes, nodes of
 * node_size consecutive ranks (0 or 1: unknown): where its hops are
 * timed (ORTHO_MODEL_WHERE_...). */
int ortho__model_trees_where(int p, int node_size);

/* trees' segment in bytes for parts of `bytes` down `trees` trees
 * `depth` hops deep (their mean depth: the parts are balanced so that
 * every tree's pipeline is as long): `named` when not 0, else the minimum of
 * (bytes / s + depth - 1) (alpha + (1 + fan (trees - 1)) s beta), alpha
 * and beta of the profile's measured hop at where between two ranks
 * stride apart (hop_alpha ...: ortho__measured_hop), else of its t_bc(2,
 * s) or the default machine (ortho__model_segment_machine), fan its
 * hop_fan. Equal on every process for equal arguments and profile. */
int ortho__model_trees_segment(ortho_model_profile_t prof, double bytes, int depth, int trees,
                               int where, long long stride, int named);

/* rsag's direct exchanges (lib/variants/direct_exchange.c) post the
 * messages to and from this many partners at a time, as MPICH throttles
 * its alltoall; the model charges one latency per window. */
enum { ORTHO__DIRECT_WINDOW = 32 };

#endif /* ORTHO_MODEL_VARIANTS_H_INCLUDED */
