/* Phases placed on nodes (lib/model/structure.c): each placement, the
 * sharing factor and the composition of every variant against values
 * computed by hand in the comments; a profile without the structure terms
 * predicts exactly as without a node size; where= and share_OP survive a
 * write and a read. Pure computation: this program never initializes MPI
 * (as test_model_pure). Runs at np 1.
 *
 * The profile (ring: (p-1) alpha + (p-1) b beta; binomial bcast:
 * cl alpha + cl b beta; rd allreduce: cl alpha + cl b beta + cl b gamma,
 * cl = ceil(log2 p)):
 *   allgather where=node         ring alpha=1us  beta=1ns
 *   allgather where=net p=2-16   ring alpha=10us beta=4ns   share_allgather 0.5
 *   allgather                    ring alpha=5us  beta=2ns
 *   bcast     where=net          binomial alpha=10us beta=4ns  share_bcast 0.5
 *   bcast                        binomial alpha=5us beta=2ns
 *   allreduce where=net          rd alpha=10us beta=4ns gamma=0 (share 0.25, the global one)
 *   allreduce                    rd alpha=5us beta=2ns gamma=0
 * A where=net phase with F processes of a node at once takes
 * A + (1 + share (F - 1)) B, A = f(g, 0), B = f(g, b) - A; a group with
 * m > 1 members on each of n nodes is split: inside over m, across over n.
 * The segmented pipelines have a profile of their own (pipe_text). */
#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/torus_trees.h"
#include "ortho_model.h"
#include "support/profiles.h"

static const char *const text =
    "ortho-profile 2\n"
    "machine hand-made: 4 nodes of 8\n"
    "param node_size 8\n"
    "param share_allgather 0.5\n"
    "param share_bcast 0.5\n"
    "param share 0.25\n"
    "allgather where=node ring alpha=1us beta=1ns\n"
    "allgather where=net p=2-16 ring alpha=10us beta=4ns\n"
    "allgather ring alpha=5us beta=2ns\n"
    "bcast     where=net binomial alpha=10us beta=4ns\n"
    "bcast     binomial alpha=5us beta=2ns\n"
    "allreduce where=net rd alpha=10us beta=4ns gamma=0\n"
    "allreduce rd alpha=5us beta=2ns gamma=0\n";

static ortho_model_profile_t hand_profile(void)
{
    ortho_model_profile_t prof = NULL;
    char msg[ORTHO_MODEL_MSG_MAX] = "", *copy = strdup(text);
    FILE *in = copy != NULL ? fmemopen(copy, strlen(copy), "r") : NULL;
    if (in == NULL || ortho_model_profile_read_stream(in, "hand", &prof, msg) != MPI_SUCCESS)
        printf("\n  hand profile: %s\n", msg);
    if (in != NULL)
        fclose(in);
    free(copy);
    return prof;
}

static int near(double got, double want)
{
    int ok = fabs(got - want) <= 1e-9 * fabs(want);
    if (!ok)
        printf("\n  got %.10g, want %.10g\n", got, want);
    return ok;
}

static ortho_candidate cand(ortho_variant v, ortho_order order, int node_aware, int d0, int d1)
{
    ortho_candidate c;
    memset(&c, 0, sizeof c);
    c.variant = v;
    c.order = order;
    c.node_aware = node_aware;
    c.ndims = d0 > 0 ? 2 : 0;
    c.dims[0] = d0;
    c.dims[1] = d1;
    return c;
}

/* allgather on 4 x 8, nodes of 8, b = 1000. Rows (8 consecutive ranks)
 * are nodes: where=node, 7 * 1us + 7 * 1000 * 1ns = 14 us. Columns (4
 * ranks of stride 8, blocks of 8000 B) span 4 nodes with 1 process on
 * each, all 8 columns at once: F = 8, A = 3 * 10us = 30 us, B = 3 * 8000
 * * 4ns = 96 us, 30 + (1 + 0.5 * 7) * 96 = 462 us. Total 476 us. Without
 * the node size: 7 * 5 + 7 * 1000 * 0.002 = 49 us and 3 * 5 + 3 * 8000 *
 * 0.002 = 63 us, 112 us. */
static void test_rows_are_nodes(void)
{
    ortho_model_profile_t prof = hand_profile();
    ortho_model_prediction pred, plain;
    int dims[2] = { 4, 8 };
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT_EQUAL(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, dims, 1000.0,
                                                   8, &pred), MPI_SUCCESS);
    CU_ASSERT(pred.nphases == 2 && near(pred.phase[0].seconds, 14e-6)
              && near(pred.phase[1].seconds, 462e-6) && near(pred.total, 476e-6));
    CU_ASSERT(pred.phase[0].where == ORTHO_MODEL_WHERE_NODE && pred.phase[0].nodes == 1
              && pred.phase[0].per_node == 8 && near(pred.phase[0].share, 1.0));
    CU_ASSERT(pred.phase[1].where == ORTHO_MODEL_WHERE_NET && pred.phase[1].nodes == 4
              && pred.phase[1].per_node == 1 && pred.phase[1].flows == 8
              && near(pred.phase[1].share, 4.5) && pred.phase[1].entry == 1);
    CU_ASSERT_EQUAL(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, dims, 1000.0,
                                                   0, &plain), MPI_SUCCESS);
    CU_ASSERT(near(plain.total, 112e-6) && plain.phase[1].where == ORTHO_MODEL_WHERE_ANY
              && plain.phase[1].entry == 2);
    /* the node-aware candidate without dims is the same grid */
    ortho_candidate na = cand(ORTHO_VARIANT_PHASES, ORTHO_ORDER_PAPER, 1, 0, 0);
    na.ndims = 0;
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_ALLGATHER, 32, 8, 1000.0, &na, &pred)
                  == MPI_SUCCESS
              && near(pred.total, 476e-6));
    CU_ASSERT_EQUAL(ortho_model_predict_candidate(prof, ORTHO_OP_ALLGATHER, 32, 0, 1000.0, &na,
                                                  &pred), MPI_ERR_UNSUPPORTED_OPERATION);
    ortho_model_profile_free(&prof);
}

/* allgather on 8 x 4, nodes of 8, b = 1000: rows of 4 lie two to a node
 * (where=node, 3 + 3 = 6 us); a column of 8 (stride 4, blocks of 4000 B)
 * has 2 members on each of 4 nodes, every process of a node in one: F = 8.
 * It is taken as two phases: allgather(2, 4000 B) inside the node, 1 + 4 =
 * 5 us, then allgather(4 nodes, 8000 B) across with all 8 processes of a
 * node (blocks: each member needs them): 30 + 4.5 * 96 = 462 us; 467 us.
 * On 32 x 4 (p = 128, 16 nodes): 5 us + allgather(16, 8000 B) across,
 * 15 * 10 = 150 us + 4.5 * 15 * 8000 * 4ns = 2160 us: 2315 us.
 * On 32 x 8 (p = 256, 32 nodes) a column of 32, one per node, lies outside
 * the where=net function's p=2-16: the function for every group applies,
 * without a sharing factor: 31 * 5us + 31 * 8000 * 2ns = 651 us.
 * allreduce on 8 x 4, b = 8000 (no where=node allreduce: rd for every
 * group): rows 2 * 5 + 2 * 8000 * 2ns = 42 us; a column as allreduce(2)
 * inside, 5 + 16 = 21 us, then allreduce(4 nodes, 8000 B) across with
 * F / m = 4 processes of a node (one vector per group and node): 20 us +
 * (1 + 0.25 * 3) * 64 us = 132 us; 195 us in all.
 * gather on 8 x 4, b = 1000, with gather's functions added (binomial:
 * cl alpha + (p - 1) b beta; where=net 10us, 4ns, else 5us, 2ns): the rows
 * (4 in a node) 10 + 3 * 1000 * 2ns = 16 us; then the root's column
 * (blocks of 4000 B) as gather(2) inside, 5 + 4000 * 2ns = 13 us, and
 * gather(4 nodes, 8000 B) across, where only the group's root takes the
 * node's blocks: F / m = 1 at once (F = 2, as allgather would count):
 * 20 + 3 * 8000 * 4ns = 116 us; 145 us.
 * pipe allgather, columns order, on 8 x 4, b = 1000: a ring down each
 * column (2 members a node) leaves a node by one edge, so its steps share
 * the link with the 3 other columns' rings, not with all 8 members: a
 * step allgather(2, 1000 B) across, 10 + (1 + 0.5 * 3) * 4 = 20 us; the
 * rows' allgather(4) inside 3 + 3 = 6 us; 7 * 20 + 6 = 146 us. */
static void test_columns_share(void)
{
    ortho_model_profile_t prof = hand_profile();
    ortho_model_prediction pred;
    int dims[2] = { 8, 4 }, wide[2] = { 32, 4 }, far[2] = { 32, 8 };
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, dims, 1000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.phase[0].seconds, 6e-6) && near(pred.phase[1].seconds, 467e-6));
    CU_ASSERT(pred.phase[1].per_node == 2 && pred.phase[1].nodes == 4
              && pred.phase[1].flows == 8 && pred.phase[1].entry == 1
              && near(pred.phase[1].share, 4.5));
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, wide, 1000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.phase[1].seconds, 2315e-6));
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, far, 1000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.phase[1].seconds, 651e-6) && near(pred.phase[1].share, 1.0)
              && pred.phase[1].entry == 2);
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLREDUCE, 2, dims, 8000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.phase[0].seconds, 42e-6) && near(pred.phase[1].seconds, 153e-6)
              && near(pred.total, 195e-6) && near(pred.phase[1].share, 1.75));
    ortho_candidate ring = cand(ORTHO_VARIANT_PIPE, ORTHO_ORDER_COLS, 0, 8, 4);
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_ALLGATHER, 32, 8, 1000.0, &ring, &pred)
                  == MPI_SUCCESS
              && near(pred.total, 146e-6) && near(pred.phase[0].seconds, 140e-6));
    ortho_model_profile_free(&prof);
    static const char *const gathers = "gather where=net p=2-16 binomial alpha=10us beta=4ns\n"
                                       "gather binomial alpha=5us beta=2ns\n";
    char *joined = malloc(strlen(text) + strlen(gathers) + 1), msg[ORTHO_MODEL_MSG_MAX] = "";
    CU_ASSERT_PTR_NOT_NULL_FATAL(joined);
    strcpy(joined, text);
    strcat(joined, gathers);
    FILE *in = fmemopen(joined, strlen(joined), "r");
    CU_ASSERT_FATAL(in != NULL
                    && ortho_model_profile_read_stream(in, "gathers", &prof, msg) == MPI_SUCCESS);
    fclose(in);
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_GATHER, 2, dims, 1000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.phase[0].seconds, 16e-6) && near(pred.phase[1].seconds, 129e-6)
              && near(pred.total, 145e-6) && near(pred.phase[1].share, 1.0));
    ortho_model_profile_free(&prof);
    free(joined);
}

/* rings bcast on 8 x 4, nodes of 8, b = 6400: parts of 1600 B (no hop
 * measured: each hop is t_bc(2, s), latency and transfer apart). A ring
 * over 8 (stride 4, 2 members a node) leaves each node by one edge, so a
 * node's link carries the 4 rings of its 8 processes, not 8 flows: share
 * 1 + 0.5 * 3. The part over 8 first: 14 steps of 10 us + 2.5 * 200 * 4ns
 * = 140 + 28, then over 4 inside a node on 50 B: 6 steps of 5 us + 0.1 us
 * = 30.6; 198.6 us (the part over 4 first: 34.8 + 147 = 181.8). On
 * 2 x 16 a ring over 16 consecutive ranks spans 2 nodes: its steps go at
 * its edges between them (where=net, 10 us + 4 ns/B), one flow a node; a
 * ring of 2 (stride 16) crosses with the node's 8 others (share 4.5) and
 * carries both directions' parts side by side (fan 0): its transfer
 * counts twice. The part over 2 first: 2 * 10 + 2 * 2 * 4.5 * 3.2 = 77.6,
 * then 30 steps of 10 us + 0.2 us = 306; 383.6 us. */
static void test_rings_on_nodes(void)
{
    ortho_model_profile_t prof = hand_profile();
    ortho_model_prediction pred;
    ortho_candidate rings = cand(ORTHO_VARIANT_RINGS, ORTHO_ORDER_ROWS, 0, 8, 4);
    ortho_candidate wide = cand(ORTHO_VARIANT_RINGS, ORTHO_ORDER_ROWS, 0, 2, 16);
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 32, 8, 6400.0, &rings, &pred)
                  == MPI_SUCCESS
              && near(pred.total, 198.6e-6) && pred.phase[0].flows == 4
              && near(pred.phase[0].share, 2.5));
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 32, 8, 6400.0, &wide, &pred)
                  == MPI_SUCCESS
              && near(pred.total, 383.6e-6) && pred.phase[1].flows == 1);
    ortho_model_profile_free(&prof);
}

/* allgather on 2 x 16, nodes of 8, b = 1000: a row is 16 consecutive
 * ranks, 8 on each of 2 nodes, every process of a node in one (F = 8).
 * Split as a column of two per node is: allgather(8, 1000 B) inside, 7 *
 * 1us + 7 * 1000 * 1ns = 14 us, then allgather(2 nodes, 8000 B) across:
 * 10 + (1 + 0.5 * 7) * 8000 * 4ns = 154 us; 168 us (the function for
 * every group would say 15 * 5 + 15 * 1000 * 2ns = 105 us). A column
 * (stride 16, blocks of 16000 B) spans 2 nodes, one process on each, F =
 * 8: 10 + 4.5 * 64 = 298 us. Native allgather on 32 (4 nodes of 8): 14 us
 * + 30 + 4.5 * 3 * 8000 * 4ns = 476 us. bcast on those rows is not split
 * (the function for every group: 4 * 5 + 4 * 1000 * 2ns = 28 us). */
static void test_consecutive_allgather_split(void)
{
    ortho_model_profile_t prof = hand_profile();
    ortho_model_prediction pred;
    int dims[2] = { 2, 16 }, all[1] = { 32 };
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, dims, 1000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.phase[0].seconds, 168e-6) && near(pred.phase[1].seconds, 298e-6)
              && near(pred.total, 466e-6));
    CU_ASSERT(pred.phase[0].where == ORTHO_MODEL_WHERE_ANY && pred.phase[0].per_node == 8
              && pred.phase[0].nodes == 2 && pred.phase[0].flows == 8
              && pred.phase[0].entry == 1 && near(pred.phase[0].share, 4.5));
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 1, all, 1000.0, 8,
                                             &pred) == MPI_SUCCESS
              && near(pred.total, 476e-6));
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_BCAST, 2, dims, 1000.0, 8, &pred)
                  == MPI_SUCCESS
              && pred.phase[1].where == ORTHO_MODEL_WHERE_ANY && pred.phase[1].group == 16
              && pred.phase[1].entry == 4 && near(pred.phase[1].seconds, 28e-6));
    ortho_model_profile_free(&prof);
}

/* bcast on 4 x 8, nodes of 8, b = 1000. Paper order: the root's column
 * alone first (F = 1: no sharing), 2 * 10 + 2 * 1000 * 4ns = 28 us; then
 * all rows inside their nodes (no where=node bcast: the general function)
 * 3 * 5 + 3 * 1000 * 2ns = 21 us; 49 us. The other order: the root's row
 * 21 us, then every column at once (F = 8): 20 + (1 + 0.5 * 7) * 8 = 56 us;
 * 77 us. */
static void test_rooted_phases(void)
{
    ortho_model_profile_t prof = hand_profile();
    ortho_model_prediction pred;
    ortho_candidate paper = cand(ORTHO_VARIANT_PHASES, ORTHO_ORDER_PAPER, 0, 4, 8);
    ortho_candidate rows = cand(ORTHO_VARIANT_PHASES, ORTHO_ORDER_ROWS, 0, 4, 8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 32, 8, 1000.0, &paper, &pred)
                  == MPI_SUCCESS
              && near(pred.phase[0].seconds, 28e-6) && pred.phase[0].flows == 1
              && near(pred.phase[1].seconds, 21e-6) && near(pred.total, 49e-6));
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 32, 8, 1000.0, &rows, &pred)
                  == MPI_SUCCESS
              && near(pred.phase[0].seconds, 21e-6) && near(pred.phase[1].seconds, 56e-6)
              && pred.phase[1].flows == 8 && near(pred.total, 77e-6));
    ortho_model_profile_free(&prof);
}

/* rsag (rows) allreduce on 4 x 8, nodes of 8, b = 8000, gamma absent (0),
 * its four phases direct exchanges placed from a hop, bcast on 2
 * (cl = 1): the reduce-scatter in the rows, inside a node, one hop of the
 * 1000 B blocks (the bcast entry without where=: 5 + 1000 * 2ns = 7 us);
 * across the columns, every lane at once, the 1000 B piece
 * reduce-scattered in blocks of 250 B and its parts allgathered, each with
 * the 8 processes of a node sending 3 messages through its link: A = 10
 * us, B = 250 * 4ns = 1 us, share_bcast 0.5: 10 + (1 + 0.5 * 23) * 1 =
 * 22.5 us; the allgather in the rows 7 us. 59 us.
 * pipe (cols) allgather on 4 x 8, b = 1000: the ring over the columns,
 * each step the longer of a pairwise exchange placed as the columns
 * (F = 8: 10 + 4.5 * 4 = 28 us) and the rows' allgather (14 us): 3 * 28 +
 * 14 = 98 us. */
static void test_variants_compose(void)
{
    ortho_model_profile_t prof = hand_profile();
    ortho_model_prediction pred;
    ortho_candidate rsag = cand(ORTHO_VARIANT_RSAG, ORTHO_ORDER_ROWS, 0, 4, 8);
    ortho_candidate pipe = cand(ORTHO_VARIANT_PIPE, ORTHO_ORDER_COLS, 1, 4, 8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_ALLREDUCE, 32, 8, 8000.0, &rsag, &pred)
                  == MPI_SUCCESS
              && pred.nphases == 4 && near(pred.phase[0].seconds, 7e-6)
              && near(pred.phase[1].seconds, 22.5e-6) && near(pred.phase[2].seconds, 22.5e-6)
              && pred.phase[1].flows == 8 && near(pred.phase[1].share, 12.5)
              && near(pred.phase[3].seconds, 7e-6)
              && near(pred.total, 59e-6));
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_ALLGATHER, 32, 8, 1000.0, &pipe, &pred)
                  == MPI_SUCCESS
              && near(pred.total, 98e-6));
    ortho_model_profile_free(&prof);
}

/* The segmented pipelines placed on nodes of 4, b = 4000 in segments of
 * 1000 (k = 4), from a profile of binomial bcast and reduce (cl alpha +
 * cl b beta, cl = ceil(log2 g); gamma 0):
 *   where=node  alpha 1us  beta 1ns:  a hop (g = 2) 1 + 1 = 2 us (1 us fixed)
 *   where=net   alpha 10us beta 4ns:  a hop 10 + 4 = 14 us (10 us fixed),
 *               share_bcast 0.5 (reduce: none, 0)
 *   every group alpha 5us beta 2ns:   a hop 5 + 2 = 7 us
 * Free running: sum_i on_path_i t_i(s) + (k - 1) max_i (t_i(s) - t_i(0)).
 * chain bcast on 16: 15 hops through the ranks, 3 of them between nodes
 * (3 -> 4, 7 -> 8, 11 -> 12): 12 * 2 + 3 * 14 = 66 us, then 3 periods of
 * the slowest; its window of two segments overlaps two latencies at most,
 * so a period is max(4, (10 + 4) / 2) = 7 us: 87 us (phases: 24 us
 * inside, 63 us across; 78 us when every latency overlapped). Without the
 * node size: 15 * 7 + 3 * max(2, 7 / 2) = 115.5 us (the form before
 * placing, (k + p - 2) * 7 = 126 us). Where the route shares a window's
 * two segments (param hop_pair 1, as SimGrid), they travel as a pair:
 * each hop carries the second's transfer too, 12 * 3 + 3 * 18 = 90 us,
 * then the other 2 segments at 10 / 2 + 4 = 9 us each: 108 us (36 us
 * inside, 72 us across). Shared between nodes only (hop_pair 0,
 * hop_net_pair 1, a multi-core cluster under SimGrid): 24 us inside, 72 us
 * across, 96 us.
 * pipe bcast rows on 4 x 4 (rows are nodes): 3 hops down a column, all
 * between nodes, 42 us; the root's hop inside its row 2 us; the rows'
 * bcast of 4 inside their nodes, 2 * 1 + 2 * 1000 * 1ns = 4 us (2 fixed);
 * fill 48 us, then 3 * 4 us (a hop's transfer across): 60 us.
 * pipe bcast cols on 4 x 4: 3 hops along the root's row, inside node 0,
 * 6 us; the root's hop in its column, between nodes, 14 us; the columns'
 * bcast of 4, across 4 nodes, all 4 columns at once: A = 2 * 10 = 20 us,
 * B = 2 * 1000 * 4ns = 8 us, (1 + 0.5 * 3) * 8 = 20 us: 40 us; fill 60
 * us, then 3 * 20 us: 120 us.
 * pipe bcast rows on 8 x 4 (32 processes, rows are nodes): down two
 * trees (4 leaders, 8 rows: 3 hops where a chain has 7; 4 x 4 hops saved
 * >= 4 segments of the chains), a chain of 3 hops whose every step
 * carries two segments (2000 B, 2 steps): the hops between nodes 3 * 18
 * = 54 us, the root's hop 3 us, the rows' bcast 2 * 3 = 6 us (2 fixed),
 * fill 63 us, then 1 * 8 us: 71 us (a chain's 7 hops: 98 + 6 + 3 * 4 =
 * 116 us). reduce up the same trees: the rows' reduce once on the way
 * (the root's row reduces as the last hop arrives), 6 us, 3 hops 54 us,
 * the hop to the root 3 us, fill 63 us, then 1 * 8 us: 71 us.
 * pipe allreduce rows on 4 x 4: the rows' reduce 4 us, 3 hops up and 3
 * down between nodes (reduce where=net, no sharing) 6 * 14 = 84 us, the
 * rows' bcast 4 us: 92 us, then 3 * 4 us: 104 us.
 * spread (each segment's sends wait for the receivers: k + 1 steps of a
 * whole hop) bcast on 16: a hop between nodes with all 4 processes of a
 * node at once, 10 + (1 + 0.5 * 3) * 4 = 20 us, 5 * 20 = 100 us; on 4
 * processes, one node: 5 * 2 = 10 us. Through nodes (spread:node, 4
 * nodes of 4, three segments in flight: free): two hops between nodes,
 * one process of a node crossing, 2 * 14 = 28 us, the rows' bcast 4 us (2
 * fixed): 32 us, then 3 periods of the slowest transfer, the hop's 4 us:
 * 44 us; reduce the same with the rows' reduce first. */
static const char *const pipe_text =
    "ortho-profile 2\n"
    "param node_size 4\n"
    "param share_bcast 0.5\n"
    "bcast     where=node binomial alpha=1us beta=1ns\n"
    "bcast     where=net  binomial alpha=10us beta=4ns\n"
    "bcast     binomial alpha=5us beta=2ns\n"
    "reduce    where=node binomial alpha=1us beta=1ns gamma=0\n"
    "reduce    where=net  binomial alpha=10us beta=4ns gamma=0\n"
    "reduce    binomial alpha=5us beta=2ns gamma=0\n";

/* pipe_text and the lines of more (params) after it; NULL on failure. */
static ortho_model_profile_t pipe_profile(const char *more)
{
    ortho_model_profile_t prof = NULL;
    char msg[ORTHO_MODEL_MSG_MAX] = "";
    char *copy = malloc(strlen(pipe_text) + strlen(more) + 1);
    if (copy != NULL) {
        strcpy(copy, pipe_text);
        strcat(copy, more);
    }
    FILE *in = copy != NULL ? fmemopen(copy, strlen(copy), "r") : NULL;
    if (in == NULL || ortho_model_profile_read_stream(in, "pipe", &prof, msg) != MPI_SUCCESS)
        printf("\n  pipe profile: %s\n", msg);
    if (in != NULL)
        fclose(in);
    free(copy);
    return prof;
}

static int segmented(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                     const char *name, double want, ortho_model_prediction *pred)
{
    ortho_candidate c;
    if (ortho_candidate_parse(name, &c) != MPI_SUCCESS
        || ortho_model_predict_candidate(prof, op, p, node_size, 4000.0, &c, pred)
               != MPI_SUCCESS) {
        printf("\n  %s: no prediction\n", name);
        return 0;
    }
    return near(pred->total, want);
}

static void test_pipelines_placed(void)
{
    ortho_model_profile_t prof = pipe_profile("");
    ortho_model_prediction pred;
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "chain:4x4:seg=1000", 87e-6, &pred)
              && pred.nphases == 2 && near(pred.phase[0].seconds, 24e-6)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NODE && pred.phase[0].entry == 0
              && near(pred.phase[1].seconds, 63e-6)
              && pred.phase[1].where == ORTHO_MODEL_WHERE_NET && pred.phase[1].entry == 1
              && pred.phase[1].flows == 1 && near(pred.phase[1].share, 1.0));
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 0, "chain:4x4:seg=1000", 115.5e-6, &pred)
              && pred.nphases == 1 && pred.phase[0].entry == 2);
    {
        ortho_model_profile_t paired = pipe_profile("param hop_pair 1\n");
        CU_ASSERT(paired != NULL
                  && segmented(paired, ORTHO_OP_BCAST, 16, 4, "chain:4x4:seg=1000", 108e-6, &pred)
                  && pred.nphases == 2 && near(pred.phase[0].seconds, 36e-6)
                  && near(pred.phase[1].seconds, 72e-6));
        ortho_model_profile_free(&paired);
        paired = pipe_profile("param hop_pair 0\nparam hop_net_pair 1\n");
        CU_ASSERT(paired != NULL
                  && segmented(paired, ORTHO_OP_BCAST, 16, 4, "chain:4x4:seg=1000", 96e-6, &pred)
                  && near(pred.phase[0].seconds, 24e-6) && near(pred.phase[1].seconds, 72e-6));
        ortho_model_profile_free(&paired);
    }
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "pipe:4x4:rows:seg=1000", 60e-6, &pred)
              && pred.nphases == 3 && near(pred.phase[0].seconds, 54e-6)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NET
              && near(pred.phase[1].seconds, 2e-6) && near(pred.phase[2].seconds, 4e-6)
              && pred.phase[2].group == 4 && pred.phase[2].where == ORTHO_MODEL_WHERE_NODE);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 32, 4, "pipe:8x4:rows:seg=1000", 71e-6, &pred)
              && pred.nphases == 3 && near(pred.phase[0].seconds, 62e-6)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NET
              && near(pred.phase[1].seconds, 3e-6) && near(pred.phase[2].seconds, 6e-6));
    CU_ASSERT(segmented(prof, ORTHO_OP_REDUCE, 32, 4, "pipe:8x4:rows:seg=1000", 71e-6, &pred));
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "pipe:4x4:cols:seg=1000", 120e-6, &pred)
              && pred.nphases == 3 && near(pred.phase[0].seconds, 6e-6)
              && near(pred.phase[1].seconds, 14e-6) && near(pred.phase[2].seconds, 100e-6)
              && pred.phase[2].flows == 4 && near(pred.phase[2].share, 2.5)
              && pred.phase[2].entry == 1);
    CU_ASSERT(segmented(prof, ORTHO_OP_ALLREDUCE, 16, 4, "pipe:4x4:rows:seg=1000", 104e-6,
                        &pred)
              && pred.nphases == 3 && near(pred.phase[0].seconds, 4e-6)
              && near(pred.phase[1].seconds, 96e-6) && pred.phase[1].entry == 4
              && near(pred.phase[2].seconds, 4e-6));
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "spread:4x4:seg=1000", 100e-6, &pred)
              && pred.nphases == 1 && pred.phase[0].flows == 4
              && near(pred.phase[0].share, 2.5));
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 4, 4, "spread:2x2:seg=1000", 10e-6, &pred)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NODE);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "spread:node:seg=1000", 44e-6, &pred)
              && pred.nphases == 2 && pred.phase[0].where == ORTHO_MODEL_WHERE_NET
              && pred.phase[0].flows == 1 && near(pred.phase[0].seconds, 40e-6)
              && pred.phase[1].where == ORTHO_MODEL_WHERE_NODE
              && near(pred.phase[1].seconds, 4e-6));
    CU_ASSERT(segmented(prof, ORTHO_OP_REDUCE, 16, 4, "spread:node:seg=1000", 44e-6, &pred)
              && pred.nphases == 2);
    ortho_model_profile_free(&prof);
}

/* A profile without where= entries (the paper's) predicts every candidate
 * of 96 processes (3-D layouts and node-aware ones included) exactly as
 * without a node size, at every node size. */
/* The same profile with the hops ortho-fit measures by ping pong
 * (hop_alpha 0.5us, hop_beta 0.5ns between consecutive ranks, inside a
 * node here; hop_net_alpha 3us, hop_net_beta 2ns between nodes): a hop
 * inside 0.5 + 0.5 = 1 us (0.5 fixed), across 3 + 2 = 5 us (3 fixed).
 * chain bcast on 16: 12 * 1 + 3 * 5 = 27 us, then 3 periods of the
 * slowest, max(2, (3 + 2) / 2) = 2.5 us each: 34.5 us (12 us inside, 22.5
 * us across). Without the
 * node size every hop is the consecutive ranks' one: 15 * 1 + 3 * 0.5 =
 * 16.5 us. pipe bcast cols on 4 x 4: 3 hops inside node 0, 3 us; the
 * root's hop between nodes, 5 us; the columns' bcast of 4 as before
 * (a group's call, not a hop), 40 us, 20 fixed; 48 us, then 3 * 20 us:
 * 108 us. chain reduce adds the combine of each segment, gamma 1ns: 12 *
 * 2 + 3 * 6 = 42 us, then 3 * 3 us: 51 us. */
static void test_measured_hops(void)
{
    static const char *const hops = "param hop_alpha 0.5us\nparam hop_beta 0.5ns\n"
                                    "param hop_net_alpha 3us\nparam hop_net_beta 2ns\n"
                                    "param gamma 1ns\n";
    ortho_model_profile_t prof = pipe_profile(hops);
    ortho_model_prediction pred;
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "chain:4x4:seg=1000", 34.5e-6, &pred)
              && pred.nphases == 2 && near(pred.phase[0].seconds, 12e-6)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NODE
              && pred.phase[0].entry == ORTHO_MODEL_ENTRY_HOP
              && near(pred.phase[1].seconds, 22.5e-6)
              && pred.phase[1].where == ORTHO_MODEL_WHERE_NET);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 0, "chain:4x4:seg=1000", 16.5e-6, &pred));
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "pipe:4x4:cols:seg=1000", 108e-6, &pred)
              && pred.nphases == 3 && near(pred.phase[2].seconds, 100e-6));
    CU_ASSERT(segmented(prof, ORTHO_OP_REDUCE, 16, 4, "chain:4x4:seg=1000", 51e-6, &pred));
    ortho_model_profile_free(&prof);
}

/* The trees of a torus (lib/model/torus_trees.c): k = 2 per dim longer
 * than 2, 1 per dim of 2; every tree spans the torus from vertex 0, each
 * parent a neighbour by one arc, no arc in two trees, the depths as
 * returned. A ring has two trees and no choice: its two chains (depth
 * p - 1). */
static int trees_ok(int ndims, const int dims[])
{
    int k = 0, *parent = NULL, depth[ORTHO__TREES_MAX], p = 1, want = 0, ok = 1;
    for (int d = 0; d < ndims; d++) {
        p *= dims[d];
        want += dims[d] > 2 ? 2 : dims[d] == 2;
    }
    if (ortho__torus_trees_make(ndims, dims, &k, &parent, depth) != MPI_SUCCESS || k != want)
        return 0;
    char *arc = calloc((size_t)p * (size_t)p, 1);
    for (int t = 0; t < k && ok; t++) {
        const int *par = parent + (size_t)t * (size_t)p;
        int deepest = 0;
        ok &= par[0] == -1;
        for (int v = 1; v < p && ok; v++) {
            int u = par[v], steps = 0, x = v, nbr = 0;
            ok &= u >= 0 && u < p && !arc[u * p + v];
            if (!ok)
                break;
            arc[u * p + v] = 1;
            /* u and v differ by +-1 (mod d) in exactly one coordinate */
            for (int d = ndims - 1, a = u, b = v; d >= 0; d--) {
                int ca = a % dims[d], cb = b % dims[d];
                nbr += ca != cb && ((ca + 1) % dims[d] == cb || (cb + 1) % dims[d] == ca);
                ok &= ca == cb || (ca + 1) % dims[d] == cb || (cb + 1) % dims[d] == ca;
                a /= dims[d];
                b /= dims[d];
            }
            ok &= nbr == 1;
            for (; x != 0 && steps <= p; steps++)
                x = par[x];
            ok &= x == 0;
            deepest = steps > deepest ? steps : deepest;
        }
        ok &= deepest == depth[t];
    }
    free(arc);
    free(parent);
    return ok;
}

static void test_torus_trees(void)
{
    static const int shapes[][4] = {{1, 2}, {1, 3}, {1, 8}, {2, 2, 2}, {2, 3, 3},
                                    {2, 4, 4}, {3, 2, 3, 4}, {3, 8, 4, 4}, {3, 4, 4, 2},
                                    {3, 5, 1, 3}, {2, 2, 16}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int ok = trees_ok(shapes[i][0], &shapes[i][1]);
        if (!ok)
            printf("\n  trees of shape %zu wrong\n", i);
        CU_ASSERT(ok);
    }
    int k = 0, depth[ORTHO__TREES_MAX], ring[1] = {8};
    CU_ASSERT(ortho__torus_trees_shape(1, ring, &k, depth) == MPI_SUCCESS && k == 2
              && depth[0] == 7 && depth[1] == 7);
    struct ortho__tree_links l;
    CU_ASSERT(ortho__torus_trees_links(1, ring, 3, &l) == MPI_SUCCESS && l.trees == 2
              && ((l.parent[0] == 2 && l.parent[1] == 4) || (l.parent[0] == 4 && l.parent[1] == 2))
              && l.nchildren[0] == 1 && l.nchildren[1] == 1);
    CU_ASSERT(ortho__torus_trees_links(1, ring, 8, &l) == MPI_ERR_ARG);
    /* above 512 positions: not made (about k^2 p^2 steps) */
    int big[2] = {64, 64};
    CU_ASSERT(ortho__torus_trees_shape(2, big, &k, depth) == MPI_ERR_UNSUPPORTED_OPERATION);
}

/* trees bcast on 2 x 2, b = 4000 (pipe_text, the node size unknown: a
 * hop is bcast on 2, 5 us + s 2 ns): 2 trees (one arc a dim of 2), each
 * a chain of 3 hops, the only trees there are; parts of 2000 B in
 * segments of 1000 B, 2 a part; a hop 5 + 2 = 7 us: (2 + 3 - 1) 7 = 28
 * us. With hop_fan 1 one link carries both parts: a step 5 + 2 * 2 = 9
 * us, 36 us. (A 1 x 8 grid is flat: native runs there.) */
static void test_trees_compose(void)
{
    ortho_model_profile_t prof = pipe_profile("");
    ortho_model_profile_t fan = pipe_profile("param hop_fan 1\n");
    ortho_model_prediction pred;
    CU_ASSERT_FATAL(prof != NULL && fan != NULL);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 4, 0, "trees:2x2:seg=1000", 28e-6, &pred)
              && pred.nphases == 1 && pred.phase[0].group == 2);
    CU_ASSERT(segmented(fan, ORTHO_OP_BCAST, 4, 0, "trees:2x2:seg=1000", 36e-6, &pred));
    ortho_model_profile_free(&prof);
    ortho_model_profile_free(&fan);
}

/* The fan (param hop_fan, ortho_measure_fan): where a process's messages
 * to several others share its link, a leader of a pipeline sends each
 * segment through it once per stage it runs outside its node. pipe
 * allreduce rows on 4 x 4 (pipe_text): the fill 92 us, then 3 periods:
 * without the param the slowest stage's transfer, a hop between nodes,
 * 4 us (104 us); with hop_fan 1 the leader's hop up and hop down, 8 us
 * (116 us); with 0.5 halfway, 6 us (110 us). The rows' ops inside a node
 * do not count: pipe bcast rows on 4 x 4, one hop across a leader's
 * link a segment, keeps 60 us at hop_fan 1. */
static void test_fan(void)
{
    ortho_model_profile_t whole = pipe_profile("param hop_fan 1\n");
    ortho_model_profile_t half = pipe_profile("param hop_fan 0.5\n");
    ortho_model_profile_t none = pipe_profile("");
    ortho_model_prediction pred;
    CU_ASSERT_FATAL(whole != NULL && half != NULL && none != NULL);
    CU_ASSERT(segmented(none, ORTHO_OP_ALLREDUCE, 16, 4, "pipe:4x4:rows:seg=1000", 104e-6, &pred));
    CU_ASSERT(segmented(whole, ORTHO_OP_ALLREDUCE, 16, 4, "pipe:4x4:rows:seg=1000", 116e-6, &pred));
    CU_ASSERT(segmented(half, ORTHO_OP_ALLREDUCE, 16, 4, "pipe:4x4:rows:seg=1000", 110e-6, &pred));
    CU_ASSERT(segmented(whole, ORTHO_OP_BCAST, 16, 4, "pipe:4x4:rows:seg=1000", 60e-6, &pred));
    ortho_model_profile_free(&whole);
    ortho_model_profile_free(&half);
    ortho_model_profile_free(&none);
}

/* The reach (params hop_reach_G: the farthest of the first G ranks;
 * hop_reach_G_S: of G ranks S apart; hop_reach: of all 16) added to the
 * measured hops above: hop_reach_4 2us, hop_reach_8 4us, hop_reach_4_4
 * 5us, hop_reach 6us. A stage that sends to many processes at once takes
 * the farthest one's latency where it is longer than its hop's:
 * spread bcast on 16, nodes of 4 (k = 4): a hop between nodes among 16
 * ranks (hop_reach_16 absent: hop_reach), 6 + (1 + 0.5 * 3) * 1000 * 2ns
 * = 11 us, 5 * 11 = 55 us (without the reach 5 * 8 = 40 us); on 8 (2
 * nodes): 4 + 5 = 9 us, 45 us; on 4 (one node): 2 + 0.5 = 2.5 us, 12.5 us.
 * rsag (rows) allreduce on 4 x 4, nodes of 4, b = 4000: the rows'
 * reduce-scatter inside a node (4 consecutive), 2 + 1000 * 0.5ns = 2.5
 * us; the columns' (ranks 0, 4, 8, 12: hop_reach_4_4) pieces of 250 B,
 * the 4 processes of a node sending 3 messages each, share 1 + 0.5 * 11:
 * 5 + 6.5 * 0.5 = 8.25 us. On 2 x 8 the columns of 2, 8 apart
 * (hop_reach_2_8 absent: hop_reach), pieces of 250 B, the 4 processes of
 * a node sending 1 message each: 6 + 2.5 * 0.5 = 7.25 us.
 * A chain's hops go to one process each: chain bcast keeps 34.5 us. */
static void test_reach(void)
{
    static const char *const more = "param hop_alpha 0.5us\nparam hop_beta 0.5ns\n"
                                    "param hop_net_alpha 3us\nparam hop_net_beta 2ns\n"
                                    "param gamma 1ns\nparam hop_reach_4 2us\n"
                                    "param hop_reach_8 4us\nparam hop_reach_4_4 5us\n"
                                    "param hop_reach 6us\n";
    ortho_model_profile_t prof = pipe_profile(more);
    ortho_model_prediction pred;
    ortho_candidate rsag = cand(ORTHO_VARIANT_RSAG, ORTHO_ORDER_ROWS, 0, 4, 4);
    ortho_candidate wide = cand(ORTHO_VARIANT_RSAG, ORTHO_ORDER_ROWS, 0, 2, 8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "spread:4x4:seg=1000", 55e-6, &pred)
              && pred.nphases == 1 && pred.phase[0].entry == ORTHO_MODEL_ENTRY_HOP);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 8, 4, "spread:2x4:seg=1000", 45e-6, &pred));
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 4, 4, "spread:2x2:seg=1000", 12.5e-6, &pred)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NODE);
    CU_ASSERT(segmented(prof, ORTHO_OP_BCAST, 16, 4, "chain:4x4:seg=1000", 34.5e-6, &pred));
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_ALLREDUCE, 16, 4, 4000.0, &rsag, &pred)
                  == MPI_SUCCESS
              && pred.nphases == 4 && near(pred.phase[0].seconds, 2.5e-6)
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NODE
              && near(pred.phase[1].seconds, 8.25e-6) && near(pred.phase[2].seconds, 8.25e-6)
              && near(pred.phase[3].seconds, 2.5e-6));
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_ALLREDUCE, 16, 4, 4000.0, &wide, &pred)
                  == MPI_SUCCESS
              && pred.nphases == 4 && near(pred.phase[1].seconds, 7.25e-6));
    ortho_model_profile_free(&prof);
}

/* No phase below one message to its farthest member: with hop_net_alpha
 * 30us, bcast of 0 bytes on 16 processes in nodes of 4: native (the
 * function for every group, 4 * 5 = 20 us) spans 4 nodes, so 30 us, entry
 * ORTHO_MODEL_ENTRY_FLOOR; on 4 x 4 the columns across 4 nodes (where=net,
 * 2 * 10 = 20 us) take 30 us, the rows inside a node keep their function
 * (2 * 1 = 2 us, above hop_alpha's 0.5 us): 32 us. */
static void test_floor(void)
{
    static const char *const floored = "ortho-profile 2\nparam node_size 4\n"
                                    "param hop_alpha 0.5us\nparam hop_beta 0.5ns\n"
                                    "param hop_net_alpha 30us\nparam hop_net_beta 2ns\n"
                                    "bcast where=node binomial alpha=1us beta=1ns\n"
                                    "bcast where=net  binomial alpha=10us beta=4ns\n"
                                    "bcast binomial alpha=5us beta=2ns\n";
    char *copy = strdup(floored), msg[ORTHO_MODEL_MSG_MAX] = "";
    ortho_model_profile_t prof = NULL;
    ortho_model_prediction pred;
    ortho_candidate native = cand(ORTHO_VARIANT_NATIVE, ORTHO_ORDER_PAPER, 0, 0, 0);
    const int dims[2] = { 4, 4 };
    FILE *in = copy != NULL ? fmemopen(copy, strlen(copy), "r") : NULL;
    CU_ASSERT_FATAL(in != NULL
                    && ortho_model_profile_read_stream(in, "floor", &prof, msg) == MPI_SUCCESS);
    fclose(in);
    CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 16, 4, 0.0, &native, &pred)
                  == MPI_SUCCESS
              && pred.nphases == 1 && near(pred.total, 30e-6)
              && pred.phase[0].entry == ORTHO_MODEL_ENTRY_FLOOR);
    CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_BCAST, 2, dims, 0.0, 4, &pred)
                  == MPI_SUCCESS
              && pred.nphases == 2 && near(pred.total, 32e-6)
              && pred.phase[0].entry == ORTHO_MODEL_ENTRY_FLOOR
              && pred.phase[0].where == ORTHO_MODEL_WHERE_NET
              && near(pred.phase[1].seconds, 2e-6) && pred.phase[1].entry >= 0);
    ortho_model_profile_free(&prof);
    free(copy);
}

/* The spread of the starts (param spread), paid once: with spread 5us
 * and hop_alpha 0.5us added to the hand profile, bcast on 4 x 8 in the
 * paper's order keeps its first phase, 28 us, and its second loses 5 us,
 * 21 - 5 = 16 us, 44 us; the other order 21 us + (56 - 5) = 72 us. With
 * spread 25us the second phase of the paper's order would go below a
 * message: it keeps hop_alpha, 0.5 us, 28.5 us in all. The same through
 * ortho_model_predict_grid_nodes; allgather on 4 x 8 (the first test's
 * 14 + 462 us) 14 + 457 = 471 us. */
static void test_spread_once(void)
{
    static const char *const more[] = { "param spread 5us\nparam hop_alpha 0.5us\n",
                                        "param spread 25us\nparam hop_alpha 0.5us\n" };
    static const double paper_total[] = { 44e-6, 28.5e-6 };
    ortho_candidate paper = cand(ORTHO_VARIANT_PHASES, ORTHO_ORDER_PAPER, 0, 4, 8);
    ortho_candidate rows = cand(ORTHO_VARIANT_PHASES, ORTHO_ORDER_ROWS, 0, 4, 8);
    int dims[2] = { 4, 8 };
    for (int k = 0; k < 2; k++) {
        char *joined = malloc(strlen(text) + strlen(more[k]) + 1), msg[ORTHO_MODEL_MSG_MAX] = "";
        ortho_model_profile_t prof = NULL;
        ortho_model_prediction pred;
        CU_ASSERT_PTR_NOT_NULL_FATAL(joined);
        strcpy(joined, text);
        strcat(joined, more[k]);
        FILE *in = fmemopen(joined, strlen(joined), "r");
        CU_ASSERT_FATAL(in != NULL && ortho_model_profile_read_stream(in, "spread", &prof, msg)
                                          == MPI_SUCCESS);
        fclose(in);
        CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 32, 8, 1000.0, &paper,
                                                &pred) == MPI_SUCCESS
                  && near(pred.phase[0].seconds, 28e-6) && near(pred.total, paper_total[k]));
        CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_BCAST, 2, dims, 1000.0, 8,
                                                 &pred) == MPI_SUCCESS
                  && near(pred.total, paper_total[k]));
        if (k == 0) {
            CU_ASSERT(ortho_model_predict_candidate(prof, ORTHO_OP_BCAST, 32, 8, 1000.0, &rows,
                                                    &pred) == MPI_SUCCESS
                      && near(pred.phase[0].seconds, 21e-6) && near(pred.total, 72e-6));
            CU_ASSERT(ortho_model_predict_grid_nodes(prof, ORTHO_MODEL_ALLGATHER, 2, dims,
                                                     1000.0, 8, &pred) == MPI_SUCCESS
                      && near(pred.total, 471e-6));
        }
        ortho_model_profile_free(&prof);
        free(joined);
    }
}

static void test_old_profile_unchanged(void)
{
    static const char *const files[] = { "paper-clic-lam.profile", "paper-t3e-1200.profile" };
    static const int nodes[] = { 2, 4, 8, 12, 48 };
    int checked = 0, differ = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        ortho_model_profile_t prof = test_profile_load(files[f]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
        for (int op = 0; op < ORTHO_OP_ALLGATHERV; op++) {
            ortho_candidate list[512];
            int n = 0;
            ortho_candidates((ortho_op)op, 96, 8, 3, list, 512, &n);
            for (int i = 0; i < n && i < 512; i++)
                for (size_t k = 0; k < sizeof nodes / sizeof nodes[0]; k++) {
                    ortho_model_prediction with, without;
                    ortho_candidate c = list[i];
                    if (c.node_aware && c.ndims < 2)
                        continue; /* needs the node size: nothing to compare with */
                    if (c.node_aware && c.dims[c.ndims - 1] == 0)
                        c.dims[c.ndims - 1] = 8;
                    /* pipe's own segment weighs the chains through a
                     * node's link (segment.c): one size for both here */
                    if (c.variant == ORTHO_VARIANT_PIPE && op != ORTHO_OP_ALLGATHER)
                        c.segment = 8192;
                    /* pipe's bcast and reduce run down chains where a
                     * tree would enter a node through several edges, as
                     * the variant does (test_pipe_trees): another
                     * composition at every node size, not a term */
                    if (c.variant == ORTHO_VARIANT_PIPE
                        && (op == ORTHO_OP_BCAST || op == ORTHO_OP_REDUCE))
                        continue;
                    int e1 = ortho_model_predict_candidate(prof, (ortho_op)op, 96, nodes[k],
                                                           65536.0, &c, &with);
                    int e2 = ortho_model_predict_candidate(prof, (ortho_op)op, 96, 0, 65536.0,
                                                           &c, &without);
                    if (e1 != e2 || (e1 == MPI_SUCCESS && with.total != without.total))
                        differ++;
                    checked += e1 == MPI_SUCCESS;
                }
        }
        ortho_model_profile_free(&prof);
    }
    CU_ASSERT(checked > 100);
    CU_ASSERT_EQUAL(differ, 0);
}

/* where= and the plain-number params survive a write and a read. */
static void test_write_read(void)
{
    ortho_model_profile_t prof = hand_profile(), back = NULL;
    char *out = NULL, msg[ORTHO_MODEL_MSG_MAX];
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    double v = 0.0;
    int found = 0, n = 0;
    ortho_model_entry e;
    CU_ASSERT_PTR_NOT_NULL_FATAL(prof);
    CU_ASSERT_EQUAL(ortho_model_profile_write_stream(prof, f), MPI_SUCCESS);
    fclose(f);
    CU_ASSERT(strstr(out, "allgather where=net") == NULL); /* conditions come after p= */
    CU_ASSERT(strstr(out, " p=2-16 where=net ring") != NULL);
    CU_ASSERT(strstr(out, "param share_bcast 0.5\n") != NULL);
    CU_ASSERT(strstr(out, "param node_size 8\n") != NULL);
    f = fmemopen(out, len, "r");
    CU_ASSERT(f != NULL && ortho_model_profile_read_stream(f, "mem", &back, msg) == MPI_SUCCESS);
    if (f != NULL)
        fclose(f);
    CU_ASSERT(ortho_model_profile_nentries(back, &n) == MPI_SUCCESS && n == 7);
    CU_ASSERT(ortho_model_profile_entry(back, 1, &e) == MPI_SUCCESS
              && e.range.where == ORTHO_MODEL_WHERE_NET && e.range.p_hi == 16);
    CU_ASSERT(ortho_model_profile_param(back, "share_allgather", &v, &found) == MPI_SUCCESS
              && found && v == 0.5);
    CU_ASSERT(ortho_model_profile_knows_nodes(back, ORTHO_MODEL_ALLGATHER) == 1
              && ortho_model_profile_knows_nodes(back, ORTHO_MODEL_GATHER) == 0);
    free(out);
    ortho_model_profile_free(&back);
    ortho_model_profile_free(&prof);
}

/* A bad where= is refused with its line. */
static void test_bad_where(void)
{
    char bad[] = "ortho-profile 2\nbcast where=rack binomial alpha=1us beta=1ns\n";
    ortho_model_profile_t prof = NULL;
    char msg[ORTHO_MODEL_MSG_MAX] = "";
    FILE *in = fmemopen(bad, strlen(bad), "r");
    CU_ASSERT(in != NULL && ortho_model_profile_read_stream(in, "bad", &prof, msg) != MPI_SUCCESS);
    CU_ASSERT(strstr(msg, "bad:2:") != NULL && strstr(msg, "where=node or where=net") != NULL);
    if (in != NULL)
        fclose(in);
    ortho_model_profile_free(&prof);
}

int main(void)
{
    unsigned failures = 1;
    int init = 1;
    if (CU_initialize_registry() == CUE_SUCCESS) {
        CU_pSuite s = CU_add_suite("model_nodes", NULL, NULL);
        CU_add_test(s, "rows are nodes, columns share the links", test_rows_are_nodes);
        CU_add_test(s, "columns of two per node split, beyond the where=net range",
                    test_columns_share);
        CU_add_test(s, "allgather on consecutive ranks across nodes split",
                    test_consecutive_allgather_split);
        CU_add_test(s, "rooted phases: only the groups holding data", test_rooted_phases);
        CU_add_test(s, "rsag and pipe composed", test_variants_compose);
        CU_add_test(s, "rings: one flow a ring on a node's link", test_rings_on_nodes);
        CU_add_test(s, "segmented pipelines placed on the nodes", test_pipelines_placed);
        CU_add_test(s, "pipelines' hops from the measured ping pong", test_measured_hops);
        CU_add_test(s, "a stage to many processes ends with the farthest", test_reach);
        CU_add_test(s, "a leader's messages share its link by the fan", test_fan);
        CU_add_test(s, "the arc-disjoint trees of a torus", test_torus_trees);
        CU_add_test(s, "trees composed", test_trees_compose);
        CU_add_test(s, "no phase below one message to its farthest member", test_floor);
        CU_add_test(s, "the starts' spread paid once", test_spread_once);
        CU_add_test(s, "a profile without the terms is unchanged", test_old_profile_unchanged);
        CU_add_test(s, "where= and share params written and read", test_write_read);
        CU_add_test(s, "a bad where= refused", test_bad_where);
        printf("== test_model_nodes without MPI_Init\n");
        CU_basic_set_mode(CU_BRM_VERBOSE);
        CU_basic_run_tests();
        failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
        CU_cleanup_registry();
    }
    MPI_Initialized(&init);
    if (init) {
        printf("test_model_nodes: MPI was initialized\n");
        failures++;
    }
    return failures == 0 ? 0 : 1;
}
