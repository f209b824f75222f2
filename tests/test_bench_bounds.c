/* ortho-bench's lower bounds (bench/bounds.c) against values worked out
 * by hand from the formulas of docs/bench.md, on small platform files
 * written here: a star of 4 nodes, 3 multi-core nodes holding 4, 4 and 2
 * ranks, a 4 x 4 x 2 torus; platforms the bounds do not cover are
 * refused with a reason. Runs at np 1 (the placement of a torus on a real
 * host is the one collective call). */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bench/bench.h"
#include "support/mpi_cunit.h"

/* Relative agreement to 1e-9: the formulas are a few operations each. */
#define NEAR(x, want) (fabs((x) - (want)) <= 1e-9 * fabs(want) + 1e-15)

/* Read a platform file holding `cluster` (one <cluster .../> element). */
static int read_platform(const char *cluster, struct bench_platform *pf)
{
    char path[] = "/tmp/ortho_bounds_XXXXXX";
    int fd = mkstemp(path), rc = -1;
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL)
        return -1;
    fprintf(f, "<?xml version='1.0'?>\n<!-- <cluster id=\"commented out\"/> -->\n"
               "<platform version=\"4.1\">\n  %s\n</platform>\n", cluster);
    fclose(f);
    rc = bench_platform_read(path, pf);
    unlink(path);
    return rc;
}

static void place(struct bench_platform *pf, int nodes, int min_per_node, int root_per_node,
                  int root_reach, int reach)
{
    pf->nodes = nodes;
    pf->min_per_node = min_per_node;
    pf->root_per_node = root_per_node;
    pf->root_reach = root_reach;
    pf->reach = reach;
}

/* 4 single-rank nodes, B = 80 Mbit/s = 1e7 B/s, h = 2 x 25 us;
 * b = 1000 bytes: b / B = 100 us. */
static void test_star(void)
{
    struct bench_platform pf;
    double b = 1000;
    CU_ASSERT(read_platform("<cluster id=\"c\" prefix=\"c-\" suffix=\"\" radical=\"0-3\" "
                            "speed=\"1Gf\" bw=\"80Mbps\" lat=\"25us\" "
                            "sharing_policy=\"SPLITDUPLEX\"/>", &pf) == 0);
    CU_ASSERT(pf.known && pf.links == 1 && NEAR(pf.bw, 1e7) && NEAR(pf.hop_lat, 50e-6));
    place(&pf, 4, 1, 1, 1, 1);
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_BCAST, 4, b), 150e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_REDUCE, 4, b), 150e-6));
    /* 50 us + 2 (3/4) 100 us */
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLREDUCE, 4, b), 200e-6));
    /* 50 us + 3 x 100 us */
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_GATHER, 4, b), 350e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_SCATTER, 4, b), 350e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLGATHER, 4, b), 350e-6));
    /* two nodes: allreduce's volume is b, as reduce's */
    place(&pf, 2, 1, 1, 1, 1);
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLREDUCE, 2, b), 150e-6));
    /* nothing to move, or one process: no bound */
    place(&pf, 4, 1, 1, 1, 1);
    CU_ASSERT(bench_bound(&pf, BENCH_BCAST, 4, 0) == 0);
    CU_ASSERT(bench_bound(&pf, BENCH_ALLGATHER, 1, b) == 0);
}

/* 3 nodes of 4, 4 and 2 ranks (the root's node holds 4), NIC 100 Gbit/s =
 * 12.5e9 B/s, h = 1 us, loopback 0.25 us; b = 125000: b / B = 10 us. */
static void test_multicore(void)
{
    struct bench_platform pf;
    double b = 125000;
    CU_ASSERT(read_platform("<cluster id=\"n\" prefix=\"n-\" suffix=\"\" radical=\"0-2\" "
                            "speed=\"1Gf\" core=\"4\" bw=\"100Gbps\" lat=\"0.5us\" "
                            "sharing_policy=\"SPLITDUPLEX\" loopback_bw=\"20GBps\" "
                            "loopback_lat=\"0.25us\"/>", &pf) == 0);
    CU_ASSERT(pf.known && NEAR(pf.intra_lat, 0.25e-6) && NEAR(pf.intra_bw, 20e9));
    place(&pf, 3, 2, 4, 1, 1);
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_BCAST, 10, b), 11e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_REDUCE, 10, b), 11e-6));
    /* 1 us + 2 (2/3) 10 us */
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLREDUCE, 10, b), 1e-6 + 40e-6 / 3));
    /* the root's node receives the blocks of 6 ranks; the 2-rank node 8 */
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_GATHER, 10, b), 61e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_SCATTER, 10, b), 61e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLGATHER, 10, b), 81e-6));
    /* one node: the loopback gives every flow its bandwidth, only its
     * latency bounds anything */
    place(&pf, 1, 4, 4, 0, 0);
    for (int op = 0; op < BENCH_NOPS; op++)
        CU_ASSERT(NEAR(bench_bound(&pf, (enum bench_op)op, 4, b), 0.25e-6));
}

/* 4 x 4 x 2 torus, 1 GB/s per link and direction, 1 us per hop: 6 links
 * out of a node (a dimension of 2 still has two), kB = 6e9 B/s; from node
 * 0 the farthest is 2 + 2 + 1 = 5 hops away. */
static void test_torus(void)
{
    struct bench_platform pf;
    CU_ASSERT(read_platform("<cluster id=\"t\" prefix=\"t-\" suffix=\"\" radical=\"0-31\" "
                            "speed=\"1Gf\" bw=\"1GBps\" lat=\"1us\" sharing_policy=\"SPLITDUPLEX\" "
                            "topology=\"TORUS\" topo_parameters=\"4,4,2\"/>", &pf) == 0);
    CU_ASSERT(pf.known && pf.torus_ndims == 3 && pf.links == 6 && NEAR(pf.hop_lat, 1e-6));
    /* node r: x = r % 4, y = (r / 4) % 4, z = r / 16 */
    CU_ASSERT(bench_platform_hops(&pf, 5, 5) == 0);
    CU_ASSERT(bench_platform_hops(&pf, 0, 31) == 3);   /* (3,3,1): 1 + 1 + 1 */
    CU_ASSERT(bench_platform_hops(&pf, 0, 10) == 4);   /* (2,2,0) */
    CU_ASSERT(bench_platform_hops(&pf, 0, 26) == 5);   /* (2,2,1): 2 + 2 + 1 */
    CU_ASSERT(bench_platform_hops(&pf, 1, 26) == 4);   /* (1,0,0) to (2,2,1): 1 + 2 + 1 */
    place(&pf, 32, 1, 1, 5, 5);
    /* b = 600000: b / kB = 100 us, the volume terms dominate */
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_BCAST, 32, 600000), 105e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLREDUCE, 32, 600000), 1e-6 + 2 * 31.0 / 32 * 100e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_GATHER, 32, 600000), 1e-6 + 31 * 100e-6));
    /* b = 6000: b / kB = 1 us; allreduce's distance term (5 hops) wins */
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_BCAST, 32, 6000), 6e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLREDUCE, 32, 6000), 6e-6));
    CU_ASSERT(NEAR(bench_bound(&pf, BENCH_ALLGATHER, 32, 6000), 32e-6));
}

/* Platforms without a derived bound, and the placement of a torus on
 * hosts that are not its nodes (this machine). */
static void test_refused(void)
{
    struct bench_platform pf;
    CU_ASSERT(read_platform("<cluster id=\"f\" prefix=\"f-\" radical=\"0-3\" speed=\"1Gf\" "
                            "bw=\"1GBps\" lat=\"1us\" sharing_policy=\"FATPIPE\"/>", &pf) == 0);
    CU_ASSERT(!pf.known && strstr(pf.why, "FATPIPE") != NULL);
    CU_ASSERT(read_platform("<cluster id=\"b\" prefix=\"b-\" radical=\"0-3\" speed=\"1Gf\" "
                            "bw=\"1GBps\" lat=\"1us\" bb_bw=\"2GBps\" bb_lat=\"1us\"/>", &pf) == 0);
    CU_ASSERT(!pf.known && strstr(pf.why, "backbone") != NULL);
    CU_ASSERT(read_platform("<cluster id=\"ft\" prefix=\"ft-\" radical=\"0-3\" speed=\"1Gf\" "
                            "bw=\"1GBps\" lat=\"1us\" topology=\"FAT_TREE\" "
                            "topo_parameters=\"2;2,2;1,2;1,1\"/>", &pf) == 0);
    CU_ASSERT(!pf.known);
    CU_ASSERT(bench_bound(&pf, BENCH_BCAST, 4, 1000) == 0);
    CU_ASSERT(read_platform("<cluster id=\"t\" prefix=\"t-\" radical=\"0-7\" speed=\"1Gf\" "
                            "bw=\"1GBps\" lat=\"1us\" topology=\"TORUS\" "
                            "topo_parameters=\"2,4\"/>", &pf) == 0);
    CU_ASSERT(pf.known && pf.links == 4);
    CU_ASSERT(bench_platform_placement(&pf, MPI_COMM_SELF, 0) == MPI_SUCCESS);
    CU_ASSERT(!pf.known && strstr(pf.why, "host name") != NULL);
    CU_ASSERT(bench_platform_read("/nonexistent/platform.xml", &pf) == -1);
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("bench_bounds", NULL, NULL);
    CU_add_test(s, "star", test_star);
    CU_add_test(s, "multi-core nodes", test_multicore);
    CU_add_test(s, "torus", test_torus);
    CU_add_test(s, "platforms without a bound", test_refused);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
