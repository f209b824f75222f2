/* pipe's bcast down, and reduce up, its lanes' two trees
 * (lib/variants/lane_trees.h), which it takes on columns of 6 members or
 * more: the trees' geometry for every column length up to 64, and
 * broadcasts and sums through them on 12 processes (columns of 6: the
 * smallest that takes trees) from roots in the first, a middle and the
 * last place of both groups, 0, 1, 7, 33 and 1000 ints in segments of 16
 * bytes (the sum at 7 ints in place), against the root's data and the
 * sum worked out here. The columns order always takes the trees here
 * (one lane a link); the rows order (two lanes on this one node) takes
 * them up to 8 segments (7 ints: 2 segments) and the chains above (33
 * ints: 9), so both paths run. */
#include <CUnit/CUnit.h>

#include "model/variants.h"
#include "ortho.h"
#include "support/dropin_calls.h"
#include "support/mpi_cunit.h"
#include "variants/lane_trees.h"

static void test_geometry(void)
{
    int bad = 0;
    for (int len = 2; len <= 64; len++) {
        int inner[64] = {0};
        for (int e = 0; e < 2; e++) {
            int deepest = 0, children = 0;
            for (int q = 0; q < len; q++) {
                struct ortho__lane_place pl, up;
                ortho__lane_tree_place(len, e, q, &pl);
                deepest = pl.depth > deepest ? pl.depth : deepest;
                children += pl.nkids;
                if (q == 0) {
                    bad += pl.parent != -1 || pl.depth != 0 || pl.nkids != (len > 1);
                    continue;
                }
                /* a parent that lists q, one level up */
                ortho__lane_tree_place(len, e, pl.parent, &up);
                bad += up.depth + 1 != pl.depth;
                bad += !(up.nkids >= 1 && (up.kids[0] == q || (up.nkids == 2 && up.kids[1] == q)));
                inner[q] += pl.nkids > 0;
            }
            bad += children != len - 1; /* every position but 0 reached once */
            bad += deepest != ortho__model_pipe_tree_hops(len);
        }
        for (int q = 1; q < len; q++)
            bad += inner[q] > 1; /* no member sends twice in both trees */
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* The trees on nodes (ortho__model_tree_node_entries, _path_across)
 * against the geometry above, for members stride apart on nodes of c:
 * the most edges of one tree into one node from another, and the most
 * node crossings on the way to a deepest member; then by hand: a column
 * of 8 members 2 apart on nodes of 8 (positions 0-3 on one node, 4-7 on
 * the next) enters the second node through 4 edges of tree 0 (to 4 and 5
 * from 2, to 6 and 7 from 3), and tree 1's way to its deepest member 1
 * (0, 7, 5, 1) crosses twice. */
static void test_trees_on_nodes(void)
{
    int bad = 0;
    for (int len = 2; len <= 40; len++)
        for (int stride = 1; stride <= 9; stride++)
            for (int c = 2; c <= 8; c++) {
                int most = 0, crossings = 0;
                for (int e = 0; e < 2; e++) {
                    int into[400] = {0};
                    for (int q = 1; q < len; q++) {
                        struct ortho__lane_place pl, at;
                        ortho__lane_tree_place(len, e, q, &pl);
                        if (pl.parent * stride / c != q * stride / c)
                            into[q * stride / c]++;
                        if (pl.depth != ortho__model_pipe_tree_hops(len))
                            continue;
                        int cross = 0;
                        for (int x = q; x != 0; x = at.parent) {
                            ortho__lane_tree_place(len, e, x, &at);
                            cross += at.parent * stride / c != x * stride / c;
                        }
                        crossings = cross > crossings ? cross : crossings;
                    }
                    for (int n = 0; n < 400; n++)
                        most = into[n] > most ? into[n] : most;
                }
                bad += most != ortho__model_tree_node_entries(len, stride, c);
                bad += crossings != ortho__model_tree_path_across(len, stride, c);
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(ortho__model_tree_node_entries(8, 2, 8), 4);
    CU_ASSERT_EQUAL(ortho__model_tree_path_across(8, 2, 8), 2);
    /* one member a node: one edge into each, every hop across */
    CU_ASSERT_EQUAL(ortho__model_tree_node_entries(16, 8, 8), 1);
    CU_ASSERT_EQUAL(ortho__model_tree_path_across(16, 8, 8), 4);
    CU_ASSERT_EQUAL(ortho__model_tree_node_entries(16, 1, 0), 1);
    /* several edges into a node: the trees only for one or two segments
     * of the chains; one edge: the rule of one lane a link */
    CU_ASSERT(ortho__model_pipe_trees(2, 8, 2, 2.0, 2, 8));
    CU_ASSERT(!ortho__model_pipe_trees(2, 8, 2, 3.0, 2, 8));
    CU_ASSERT(ortho__model_pipe_trees(2, 16, 8, 40.0, 8, 8));
    CU_ASSERT(!ortho__model_pipe_trees(2, 16, 8, 50.0, 8, 8));
    /* all on one node: nothing crosses */
    CU_ASSERT_EQUAL(ortho__model_tree_node_entries(6, 2, 12), 0);
}

static int value(int root, int count, int i)
{
    return root * 100003 + count * 101 + i;
}

/* One call through the trees: the count of wrong elements (or 1 for an
 * error) this process saw. */
typedef int (*one_call)(int root, int count, MPI_Comm comm);

/* Every call of the tests below on both candidates, from roots in the
 * first, a middle and the last place of both groups (on 2 x 6: rows 0, 1,
 * 3, 5 in the rows order, columns 0, 3, 1, 5 in the columns order), at
 * 0, 1, 7, 33 and 1000 ints: the wrong elements over all of them. */
static int every_call(one_call call)
{
    static const char *const names[] = {"pipe:2x6:cols:seg=16", "pipe:6x2:rows:seg=16"};
    static const int counts[] = {0, 1, 7, 33, 1000};
    static const int roots[] = {0, 3, 7, 11};
    int wrong = 0;
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        ortho_candidate cand;
        MPI_Comm comm;
        if (ortho_candidate_parse(names[n], &cand) != MPI_SUCCESS) { /* alike everywhere */
            wrong++;
            continue;
        }
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        ortho_set_candidate_chooser(ortho_fixed_chooser, &cand);
        for (size_t r = 0; r < sizeof roots / sizeof roots[0]; r++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
                wrong += call(roots[r], counts[c], comm);
        ortho_set_candidate_chooser(NULL, NULL);
        MPI_Comm_free(&comm);
    }
    return wrong;
}

static int bcast_call(int root, int count, MPI_Comm comm)
{
    static int buf[1000];
    int me = ortho_test_world_rank(), wrong = 0;
    for (int i = 0; i < count; i++)
        buf[i] = me == root ? value(root, count, i) : -1;
    if (ortho_bcast(buf, count, MPI_INT, root, comm) != MPI_SUCCESS)
        wrong++;
    for (int i = 0; i < count; i++)
        wrong += buf[i] != value(root, count, i);
    return wrong;
}

/* the sum, in place at the root at 7 ints */
static int reduce_call(int root, int count, MPI_Comm comm)
{
    static int in[1000], out[1000];
    int p = ortho_test_world_size(), me = ortho_test_world_rank(), wrong = 0;
    int in_place = count == 7 && me == root;
    for (int i = 0; i < count; i++) {
        in[i] = value(me, count, i) % 1000;
        out[i] = in_place ? in[i] : -1;
    }
    if (ortho_reduce(in_place ? MPI_IN_PLACE : in, out, count, MPI_INT, MPI_SUM, root, comm)
        != MPI_SUCCESS)
        wrong++;
    for (int i = 0; me == root && i < count; i++) {
        int sum = 0;
        for (int q = 0; q < p; q++)
            sum += value(q, count, i) % 1000;
        wrong += out[i] != sum;
    }
    return wrong;
}

static void test_bcast_trees(void)
{
    if (ortho_test_world_size() != 12) {
        CU_PASS("runs on 12 processes");
        return;
    }
    /* the columns order takes the trees at every count here; the rows
     * order up to 8 segments of the chains */
    CU_ASSERT(ortho__model_pipe_trees(2, 6, 1, 1000 * 4 / 16.0, 1, 12));
    CU_ASSERT(ortho__model_pipe_trees(2, 6, 2, 2.0, 2, 12) &&
              !ortho__model_pipe_trees(2, 6, 2, 9.0, 2, 12));
    CU_ASSERT(ORTHO_TEST_ALL(every_call(bcast_call) == 0, MPI_COMM_WORLD));
}

static void test_reduce_trees(void)
{
    if (ortho_test_world_size() != 12) {
        CU_PASS("runs on 12 processes");
        return;
    }
    CU_ASSERT(ORTHO_TEST_ALL(every_call(reduce_call) == 0, MPI_COMM_WORLD));
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("pipe bcast and reduce through two trees", NULL, NULL);
    CU_add_test(s, "the trees' geometry", test_geometry);
    CU_add_test(s, "the trees on nodes", test_trees_on_nodes);
    CU_add_test(s, "bcast through the trees", test_bcast_trees);
    CU_add_test(s, "reduce through the trees", test_reduce_trees);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
