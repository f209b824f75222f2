/* spread through nodes (lib/variants/spread_*.c): on a node-aware grid the
 * pieces travel the root's column, one process a node, and each node's
 * row broadcasts every segment (bcast) or reduces it first (reduce).
 *
 *  - which path: a node-aware 2D grid whose root's column reaches every
 *    row, commutative operations only for reduce; the window and the
 *    segment the model gives it (hand values);
 *  - bcast and reduce against closed forms, under real MPI, from every
 *    root, at 0, 1, 5 and 33 ints in segments of 8 bytes (pieces of 0
 *    ints among them), 1000 in segments of 400 (more than the slots a
 *    process keeps), 5 and 1000 in the model's, in place at the root;
 *    a non-commutative operation
 *    (flat spread). The grids are plain ones (rows of 2, the last one
 *    short at odd counts) marked node-aware, as ortho_grid_create_nodes()
 *    makes them on a cluster: here every process shares one node, where
 *    the real call would fall back to a plain grid. At 5 processes the
 *    roots of the short column take the flat path, the others go through
 *    nodes.
 *
 * Run at np 4 and 5 (tests/run_tests.sh). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "grid/grid_private.h"
#include "model/variants.h"
#include "variants/impl.h"
#include "variants/segments.h"
#include "variants/spread_pieces.h"
#include "ortho.h"
#include "support/mpi_cunit.h"

enum { MAXN = 1000 };

static int value(int q, int count, int i)
{
    return (q * 7919 + count * 101 + i) % 1000;
}

/* Rows of 2 over MPI_COMM_WORLD (a short last row at odd counts), the rows
 * marked as nodes; NULL when the grid could not be made (alike
 * everywhere). */
static ortho_grid_t node_grid(void)
{
    ortho_grid_t grid = NULL;
    int dims[2] = {0, 2};
    if (ortho_grid_create_uneven(MPI_COMM_WORLD, 2, dims, &grid) != MPI_SUCCESS)
        return NULL;
    grid->node_aware = 1;
    return grid;
}

static void test_path(void)
{
    ortho_grid_t grid = node_grid();
    int p = ortho_test_world_size(), ok = grid != NULL;
    for (int root = 0; ok && root < p; root++) {
        /* the root's column reaches every row: column 0 always, column 1
         * where the last row is full */
        int full = root % 2 == 0 || p % 2 == 0;
        ok &= ortho__spread_through_nodes(grid, root) == (p >= 3 && full);
        grid->node_aware = 0;
        ok &= !ortho__spread_through_nodes(grid, root);
        grid->node_aware = 1;
    }
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
    ortho_grid_free(&grid);

    /* the window, and the segment: 2 alpha / ((3 - 1) beta) of the default
     * machine (5 us, 1.25 GB/s): 6250 B; of a profile's hop between nodes
     * (1 us, 0.08 ns/B): 12500 B; never above the message; the flat
     * spread's sqrt(n alpha / beta) (500 KB: 56569 B); a named one */
    CU_ASSERT_EQUAL(ortho__model_spread_window(1), 3);
    CU_ASSERT_EQUAL(ortho__model_spread_window(0), 1);
    CU_ASSERT_EQUAL(ortho__model_spread_segment(NULL, ORTHO_MODEL_BCAST, 512000, 16, 1, 0), 6250);
    CU_ASSERT_EQUAL(ortho__model_spread_segment(NULL, ORTHO_MODEL_BCAST, 4000, 16, 1, 0), 4000);
    CU_ASSERT_EQUAL(ortho__model_spread_segment(NULL, ORTHO_MODEL_BCAST, 512000, 16, 0, 0), 56569);
    CU_ASSERT_EQUAL(ortho__model_spread_segment(NULL, ORTHO_MODEL_REDUCE, 512000, 16, 1, 8), 8);
    char text[] = "ortho-profile 1\n"
                  "param node_size 8\n"
                  "param hop_net_alpha 1us\n"
                  "param hop_net_beta 0.08ns\n"
                  "bcast     binomial alpha=2us beta=1ns\n";
    char msg[ORTHO_MODEL_MSG_MAX] = "";
    ortho_model_profile_t prof = NULL;
    FILE *in = fmemopen(text, strlen(text), "r");
    CU_ASSERT_FATAL(in != NULL &&
                    ortho_model_profile_read_stream(in, "hand", &prof, msg) == MPI_SUCCESS);
    fclose(in);
    CU_ASSERT_EQUAL(ortho__model_spread_segment(prof, ORTHO_MODEL_BCAST, 512000, 16, 1, 0), 12500);
    ortho_model_profile_free(&prof);
}

/* The calls: a named segment (0: the model's) and a count of ints. */
static const struct call {
    int named, count;
} calls[] = {{8, 0}, {8, 1}, {8, 5}, {8, 33}, {400, MAXN}, {0, 5}, {0, MAXN}};
enum { NCALLS = sizeof calls / sizeof calls[0] };

/* Wrong elements over every root and call. */
static int bcast_all(ortho_grid_t grid)
{
    static int buf[MAXN];
    int p = ortho_test_world_size(), me = ortho_test_world_rank(), wrong = 0;
    for (int root = 0; root < p; root++)
        for (int c = 0; c < NCALLS; c++) {
            int n = calls[c].count;
            struct ortho__segment_choice choice = {calls[c].named, NULL, 2};
            for (int i = 0; i < MAXN; i++)
                buf[i] = me == root && i < n ? value(root, n, i) : -1;
            wrong += ortho__bcast_spread(buf, n, MPI_INT, root, &choice, grid) != MPI_SUCCESS;
            for (int i = 0; i < MAXN; i++)
                wrong += buf[i] != (i < n ? value(root, n, i) : -1);
        }
    return wrong;
}

static void test_bcast(void)
{
    ortho_grid_t grid = node_grid();
    int wrong = grid == NULL ? 1 : bcast_all(grid);
    CU_ASSERT(ORTHO_TEST_ALL(wrong == 0, MPI_COMM_WORLD));
    ortho_grid_free(&grid);
}

/* a op b = a: the reduction in rank order gives rank 0's operand */
static void first_of(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    memcpy(inout, in, (size_t)*len * sizeof(int));
}

/* Wrong elements over every root and count: the sum (in place at the root
 * at 5 ints), and the first operand by a non-commutative op. */
static int reduce_all(ortho_grid_t grid, MPI_Op first)
{
    static int in[MAXN], out[MAXN];
    int p = ortho_test_world_size(), me = ortho_test_world_rank(), wrong = 0;
    for (int root = 0; root < p; root++)
        for (int c = 0; c < NCALLS; c++)
            for (int commute = 1; commute >= 0; commute--) {
                int n = calls[c].count, in_place = commute && n == 5 && me == root;
                struct ortho__segment_choice choice = {calls[c].named, NULL, 2};
                for (int i = 0; i < MAXN; i++) {
                    in[i] = value(me, n, i);
                    out[i] = in_place && i < n ? in[i] : -1;
                }
                const void *input = in_place ? out : in;
                wrong += ortho__reduce_spread(input, out, n, MPI_INT, commute ? MPI_SUM : first,
                                              root, &choice, grid) != MPI_SUCCESS;
                for (int i = 0; me == root && i < MAXN; i++) {
                    int want = i < n ? 0 : -1;
                    for (int q = 0; i < n && q < p; q++)
                        want += commute ? value(q, n, i) : 0;
                    want = !commute && i < n ? value(0, n, i) : want;
                    wrong += out[i] != want;
                }
            }
    return wrong;
}

static void test_reduce(void)
{
    ortho_grid_t grid = node_grid();
    MPI_Op first;
    MPI_Op_create(first_of, 0, &first);
    int wrong = grid == NULL ? 1 : reduce_all(grid, first);
    CU_ASSERT(ORTHO_TEST_ALL(wrong == 0, MPI_COMM_WORLD));
    MPI_Op_free(&first);
    ortho_grid_free(&grid);
}

/* {int; double} with a hole between them, summed field by field */
struct pair {
    int a;
    double b;
};

static void add_pairs(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const struct pair *x = in;
    struct pair *y = inout;
    for (int i = 0; i < *len; i++) {
        y[i].a += x[i].a;
        y[i].b += x[i].b;
    }
}

static void test_reduce_struct(void)
{
    static struct pair in[MAXN], out[MAXN];
    int p = ortho_test_world_size(), me = ortho_test_world_rank(), wrong = 0;
    int lens[2] = {1, 1};
    MPI_Aint displs[2] = {offsetof(struct pair, a), offsetof(struct pair, b)};
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, pair_type;
    MPI_Op add;
    MPI_Type_create_struct(2, lens, displs, types, &pair_type);
    MPI_Type_commit(&pair_type);
    MPI_Op_create(add_pairs, 1, &add);
    ortho_grid_t grid = node_grid();
    wrong += grid == NULL;
    /* the calls above: segments of one pair (8 bytes is less than one), of
     * 33 pairs (400 bytes) and the model's */
    for (int root = 0; grid != NULL && root < p; root++)
        for (int c = 0; c < NCALLS; c++) {
            int n = calls[c].count;
            struct ortho__segment_choice choice = {calls[c].named, NULL, 2};
            for (int i = 0; i < MAXN; i++) {
                in[i].a = value(me, n, i);
                in[i].b = 0.5 * value(me, n, i);
                out[i].a = -1;
                out[i].b = -1.0;
            }
            wrong += ortho__reduce_spread(in, out, n, pair_type, add, root, &choice, grid) !=
                     MPI_SUCCESS;
            for (int i = 0; me == root && i < MAXN; i++) {
                int sum = 0;
                for (int q = 0; i < n && q < p; q++)
                    sum += value(q, n, i);
                wrong += i < n ? out[i].a != sum || out[i].b != 0.5 * sum
                               : out[i].a != -1 || out[i].b != -1.0;
            }
        }
    CU_ASSERT(ORTHO_TEST_ALL(wrong == 0, MPI_COMM_WORLD));
    ortho_grid_free(&grid);
    MPI_Op_free(&add);
    MPI_Type_free(&pair_type);
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("spread through nodes", NULL, NULL);
    CU_add_test(s, "which path, window and segment", test_path);
    CU_add_test(s, "bcast", test_bcast);
    CU_add_test(s, "reduce", test_reduce);
    CU_add_test(s, "reduce of a struct with a hole", test_reduce_struct);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
