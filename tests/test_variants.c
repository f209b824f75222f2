/* The candidates (ortho_dropin.h) and every variant against native MPI.
 *
 *  - names: every candidate ortho_candidates() lists names and parses back
 *    to itself; malformed names are rejected; which variant applies where;
 *    ORTHO_VARIANT is read per communicator (one value per process run:
 *    see tests/smpi/run_variants.sh for the forced runs under SMPI);
 *  - the model: each variant's composition (lib/model/variants.c) against
 *    values worked out by hand from a profile of linear functions;
 *  - every variant in every order, on every 2D layout of p, node-aware
 *    (here: one node, so the fallback to a plain grid) and on uneven
 *    layouts (rows of 2 and 3 with a short last row), forced through the
 *    candidate chooser on a fresh duplicate of MPI_COMM_WORLD, against
 *    the PMPI_ call: all nine operations; MPI_INT, a struct with holes
 *    ({int; double; char[4]}, above 8 KiB per block: MPICH 4.0.2's
 *    truncation bug), a non-commutative user operation (2x2 integer
 *    matrices multiplied) for reduce and allreduce, in place, the last
 *    rank as root, v-layouts in reverse order with gaps. Receive buffers
 *    start as 0xA5 bytes and are compared byte for byte. The segmented
 *    variants (pipe for bcast, reduce, allreduce; chain; spread) run also with
 *    20-byte segments, on counts 0, 1, odd and large, roots 0, 1, 2 and
 *    p - 1.
 *
 * Real MPI at np 4 and 5 (oversubscribed: few calls per case); SMPI runs
 * the node-aware grids on a multi-core platform (run_variants.sh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidate/candidate_private.h"
#include "select/select_private.h"
#include "model/variants.h"
#include "variants/impl.h"
#include "variants/segments.h"
#include "ortho.h"
#include "support/dropin_calls.h"
#include "support/mpi_cunit.h"

enum { SENTINEL = 0xA5, MAX_CANDS = 96 };

/* ---- names --------------------------------------------------------------- */

static void test_names(void)
{
    static ortho_candidate list[4096];
    char name[ORTHO_CANDIDATE_NAME_MAX];
    int ok = 1;
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        for (int p = 1; p <= 24; p += 7) {
            int n = -1, m = -1;
            ok &= ortho_candidates((ortho_op)op, p, 4, 3, NULL, 0, &n) == MPI_SUCCESS;
            ok &= ortho_candidates((ortho_op)op, p, 4, 3, list, 4096, &m) == MPI_SUCCESS;
            ok &= n == m && n >= 1 && list[0].variant == ORTHO_VARIANT_NATIVE;
            for (int i = 0; i < m && i < 4096; i++) {
                ortho_candidate back;
                ok &= ortho_candidate_name(&list[i], name, (int)sizeof name) == MPI_SUCCESS;
                ok &= ortho_candidate_parse(name, &back) == MPI_SUCCESS;
                ok &= memcmp(&back, &list[i], sizeof back) == 0;
                ok &= ortho_variant_valid(list[i].variant, (ortho_op)op);
                ok &= i == 0 || list[i].order != ORTHO_ORDER_PAPER || list[i].ndims >= 3;
                for (int j = 0; j < i; j++)
                    ok &= memcmp(&list[i], &list[j], sizeof list[i]) != 0;
            }
        }
    }
    /* p = 16, node size 4: three 2D layouts (2x8, 4x4, 8x2) and node-aware
     * 4x4, both orders, of phases, rsag and pipe; rsag only for reductions;
     * rings on the plain layouts, rows order */
    int n = 0;
    ortho_candidates(ORTHO_OP_ALLREDUCE, 16, 4, 2, list, 4096, &n);
    int node = 0, rsag = 0, pipe = 0, chain = 0, spread = 0, rings = 0;
    for (int i = 0; i < n; i++) {
        node += list[i].node_aware;
        rsag += list[i].variant == ORTHO_VARIANT_RSAG;
        pipe += list[i].variant == ORTHO_VARIANT_PIPE;
        if (list[i].variant == ORTHO_VARIANT_RINGS) {
            rings++;
            ok &= !list[i].node_aware && list[i].order == ORTHO_ORDER_ROWS;
        }
    }
    ok &= n == 1 + 3 * 3 * 2 + 3 * 2 + 3 && node == 6 && rsag == 3 * 2 + 2 &&
          pipe == 3 * 2 + 2 && rings == 3;
    /* with three dims: rings also on the N-D layouts, as phases */
    ortho_candidates(ORTHO_OP_ALLREDUCE, 16, 0, 3, list, 4096, &n);
    rings = 0;
    for (int i = 0; i < n; i++)
        rings += list[i].variant == ORTHO_VARIANT_RINGS && list[i].ndims == 3;
    ok &= rings == 3; /* 2x2x4, 2x4x2, 4x2x2 */
    /* reduce: chain and spread once each on a plain grid (2x8) and once
     * node-aware, rows order; rings and trees on the three plain layouts */
    ortho_candidates(ORTHO_OP_REDUCE, 16, 4, 2, list, 4096, &n);
    rings = 0;
    int trees = 0;
    for (int i = 0; i < n; i++) {
        if (list[i].variant == ORTHO_VARIANT_RINGS || list[i].variant == ORTHO_VARIANT_TREES) {
            rings += list[i].variant == ORTHO_VARIANT_RINGS;
            trees += list[i].variant == ORTHO_VARIANT_TREES;
            ok &= !list[i].node_aware && list[i].order == ORTHO_ORDER_ROWS;
        }
        if (list[i].variant == ORTHO_VARIANT_CHAIN || list[i].variant == ORTHO_VARIANT_SPREAD) {
            chain += list[i].variant == ORTHO_VARIANT_CHAIN;
            spread += list[i].variant == ORTHO_VARIANT_SPREAD;
            ok &= list[i].order == ORTHO_ORDER_ROWS && list[i].segment == 0 &&
                  (list[i].node_aware || (list[i].dims[0] == 2 && list[i].dims[1] == 8));
        }
    }
    ok &= chain == 2 && spread == 2 && rings == 3 && trees == 3 &&
          n == 1 + 3 * 3 * 2 + 3 * 2 + 2 + 2 + 3 + 3;
    /* trees: bcast and reduce only, by name, N-D layouts as rings */
    ok &= ortho_variant_valid(ORTHO_VARIANT_TREES, ORTHO_OP_BCAST) &&
          ortho_variant_valid(ORTHO_VARIANT_TREES, ORTHO_OP_REDUCE) &&
          !ortho_variant_valid(ORTHO_VARIANT_TREES, ORTHO_OP_ALLREDUCE) &&
          !ortho_variant_valid(ORTHO_VARIANT_TREES, ORTHO_OP_GATHER) &&
          strcmp(ortho_variant_name(ORTHO_VARIANT_TREES), "trees") == 0;
    ortho_candidates(ORTHO_OP_BCAST, 16, 0, 3, list, 4096, &n);
    trees = 0;
    for (int i = 0; i < n; i++)
        trees += list[i].variant == ORTHO_VARIANT_TREES && list[i].ndims == 3;
    ok &= trees == 3; /* 2x2x4, 2x4x2, 4x2x2 */
    /* above ORTHO__TREES_MAX_PROCS, no trees */
    static ortho_candidate many[4096];
    ortho_candidates(ORTHO_OP_BCAST, 4096, 0, 2, many, 4096, &n);
    for (int i = 0; i < n && i < 4096; i++)
        ok &= many[i].variant != ORTHO_VARIANT_TREES;
    /* segment sizes: K and M suffixes, written back in the shortest form */
    ortho_candidate c;
    ok &= ortho_candidate_parse("pipe:node:rows:seg=64K", &c) == MPI_SUCCESS &&
          c.variant == ORTHO_VARIANT_PIPE && c.segment == 65536 && c.node_aware &&
          c.order == ORTHO_ORDER_ROWS;
    ok &= ortho_candidate_parse("chain:seg=1048576:2x8", &c) == MPI_SUCCESS &&
          c.variant == ORTHO_VARIANT_CHAIN && c.segment == 1 << 20 && c.dims[1] == 8 &&
          ortho_candidate_name(&c, name, (int)sizeof name) == MPI_SUCCESS &&
          strcmp(name, "chain:2x8:seg=1M") == 0;
    ok &= ortho_candidate_parse("spread:seg=8K", &c) == MPI_SUCCESS &&
          c.variant == ORTHO_VARIANT_SPREAD && c.segment == 8192 &&
          ortho_candidate_name(&c, name, (int)sizeof name) == MPI_SUCCESS &&
          strcmp(name, "spread:seg=8K") == 0;
    ok &= ortho_candidate_parse("pipe:seg=1000", &c) == MPI_SUCCESS && c.segment == 1000 &&
          ortho_candidate_name(&c, name, (int)sizeof name) == MPI_SUCCESS &&
          strcmp(name, "pipe:seg=1000") == 0;
    const char *bad_seg[] = {"pipe:seg=", "pipe:seg=0", "pipe:seg=4G", "pipe:seg=2048M",
                             "pipe:seg=4K:seg=4K", "pipe:seg=4KB", "rsag:seg=4K",
                             "phases:4x4:seg=4K", "chain:seg=-1", "native:seg=4K"};
    for (size_t i = 0; i < sizeof bad_seg / sizeof bad_seg[0]; i++)
        ok &= ortho_candidate_parse(bad_seg[i], &c) == MPI_ERR_ARG;
    memset(&c, 0, sizeof c);
    c.variant = ORTHO_VARIANT_SCAG;
    c.segment = 4096; /* only the segmented variants carry a size */
    ok &= ortho_candidate_name(&c, name, (int)sizeof name) == MPI_ERR_ARG;
    ok &= ortho_candidate_parse(" rsag:node:cols ", &c) == MPI_SUCCESS &&
          c.variant == ORTHO_VARIANT_RSAG && c.node_aware && c.order == ORTHO_ORDER_COLS &&
          c.ndims == 0;
    ok &= ortho_candidate_parse("phases:4x4x6:rows", &c) == MPI_SUCCESS && c.ndims == 3 &&
          c.dims[2] == 6 && c.order == ORTHO_ORDER_ROWS;
    ok &= ortho_candidate_name(&c, name, 8) == MPI_ERR_TRUNCATE;
    const char *bad[] = {"", "rsag:", "rsag:rows:cols", "phases:4x", "native:4x4",
                         "pipe:node:node", "fast", "phases:4x4:8x8", "scag;rows"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ok &= ortho_candidate_parse(bad[i], &c) == MPI_ERR_ARG;
    /* every name parses back (a layout of 79 characters was rejected), and
     * what parses has a name (regressions of fuzz/README.md) */
    ortho_candidate big, back;
    memset(&big, 0, sizeof big);
    big.variant = ORTHO_VARIANT_PHASES;
    big.ndims = 10;
    for (int i = 0; i < big.ndims; i++)
        big.dims[i] = 1000000;
    ok &= ortho_candidate_name(&big, name, (int)sizeof name) == MPI_SUCCESS &&
          ortho_candidate_parse(name, &back) == MPI_SUCCESS && memcmp(&back, &big, sizeof big) == 0;
    ok &= ortho_candidate_parse("phases:1000000x1000000x1000000x1000000x1000000x1000000x"
                                "1000000x1000000x1000000x1000000x1000000:node:cols", &c) ==
          MPI_ERR_ARG;
    ok &= ortho_variant_valid(ORTHO_VARIANT_PIPE, ORTHO_OP_ALLGATHERV) &&
          !ortho_variant_valid(ORTHO_VARIANT_PIPE, ORTHO_OP_GATHER) &&
          ortho_variant_valid(ORTHO_VARIANT_PIPE, ORTHO_OP_BCAST) &&
          ortho_variant_valid(ORTHO_VARIANT_PIPE, ORTHO_OP_REDUCE) &&
          ortho_variant_valid(ORTHO_VARIANT_PIPE, ORTHO_OP_ALLREDUCE) &&
          ortho_variant_valid(ORTHO_VARIANT_CHAIN, ORTHO_OP_BCAST) &&
          ortho_variant_valid(ORTHO_VARIANT_CHAIN, ORTHO_OP_REDUCE) &&
          !ortho_variant_valid(ORTHO_VARIANT_CHAIN, ORTHO_OP_ALLREDUCE) &&
          strcmp(ortho_variant_name(ORTHO_VARIANT_CHAIN), "chain") == 0 &&
          ortho_variant_valid(ORTHO_VARIANT_SPREAD, ORTHO_OP_BCAST) &&
          ortho_variant_valid(ORTHO_VARIANT_SPREAD, ORTHO_OP_REDUCE) &&
          !ortho_variant_valid(ORTHO_VARIANT_SPREAD, ORTHO_OP_ALLREDUCE) &&
          strcmp(ortho_variant_name(ORTHO_VARIANT_SPREAD), "spread") == 0 &&
          ortho_variant_valid(ORTHO_VARIANT_SCAG, ORTHO_OP_BCAST) &&
          !ortho_variant_valid(ORTHO_VARIANT_RSAG, ORTHO_OP_BCAST);
    ok &= ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_ALLREDUCE) &&
          ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_REDUCE) &&
          ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_GATHER) &&
          ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_SCATTER) &&
          !ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_GATHERV) &&
          !ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_SCATTERV) &&
          ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_ALLGATHER) &&
          !ortho_variant_valid(ORTHO_VARIANT_RINGS, ORTHO_OP_ALLGATHERV) &&
          strcmp(ortho_variant_name(ORTHO_VARIANT_RINGS), "rings") == 0 &&
          ortho_candidate_parse("rings:8x4x4", &c) == MPI_SUCCESS &&
          c.variant == ORTHO_VARIANT_RINGS && c.ndims == 3 && c.dims[0] == 8;
    ok &= strcmp(ortho_variant_name(ORTHO_VARIANT_RSAG), "rsag") == 0 &&
          ortho_variant_name(ORTHO_VARIANT_COUNT) == NULL;
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ORTHO_VARIANT's parser (lib/select/overrides.c); regressions of fuzz/README.md. */
static void test_variant_env(void)
{
    static const struct {
        const char *text;
        enum ortho_env_grid want;
        int nset;
    } cases[] = {
        {NULL, ORTHO_ENV_UNSET, 0},
        {"", ORTHO_ENV_UNSET, 0},
        {" ", ORTHO_ENV_UNSET, 0},          /* was MALFORMED: a blank item */
        {" \t\n", ORTHO_ENV_UNSET, 0},
        {",", ORTHO_ENV_MALFORMED, 0},
        {" , \t,", ORTHO_ENV_MALFORMED, 0},
        {"native, ", ORTHO_ENV_LAYOUT, ORTHO_OP_COUNT},
        {"bcast=phases:2x2, ,reduce=native", ORTHO_ENV_LAYOUT, 2},
        {" rsag:node ", ORTHO_ENV_LAYOUT, ORTHO_OP_COUNT},
        {"fast", ORTHO_ENV_MALFORMED, 0},
        {"bcast=native,bcast=native", ORTHO_ENV_MALFORMED, 0},
        {"native,rsag", ORTHO_ENV_MALFORMED, 0},
        {"=native", ORTHO_ENV_MALFORMED, 0},
        /* a segment's '=' is not an operation's */
        {"pipe:seg=8K", ORTHO_ENV_LAYOUT, ORTHO_OP_COUNT},
        {"bcast=chain:seg=8K,reduce=pipe:node:seg=1M", ORTHO_ENV_LAYOUT, 2},
        {"bcast=chain:seg=", ORTHO_ENV_MALFORMED, 0},
        {"seg=8K", ORTHO_ENV_MALFORMED, 0},
    };
    int ok = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ortho_candidate cands[ORTHO_OP_COUNT];
        int set[ORTHO_OP_COUNT], nset = 0;
        enum ortho_env_grid r = ortho__parse_variant_env(cases[i].text, cands, set);
        for (int op = 0; op < ORTHO_OP_COUNT; op++)
            nset += set[op];
        if (r != cases[i].want || nset != cases[i].nset) {
            printf("\n  ORTHO_VARIANT=\"%s\": %d with %d set; want %d with %d\n",
                   cases[i].text != NULL ? cases[i].text : "(unset)", (int)r, nset,
                   (int)cases[i].want, cases[i].nset);
            ok = 0;
        }
    }
    /* any length: nine items of long names (was MALFORMED above 511 characters) */
    char text[1024] = "";
    ortho_candidate cands[ORTHO_OP_COUNT];
    int set[ORTHO_OP_COUNT], nset = 0;
    static const char *const ops[] = {"bcast", "reduce", "gather", "scatter", "allreduce",
                                      "allgather", "allgatherv", "gatherv", "scatterv"};
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s = phases:%s:node:cols",
                 op ? ", " : "", ops[op], "1000x2000x3000x4000x5000x6000x7000");
    ok &= strlen(text) > 511 && ortho__parse_variant_env(text, cands, set) == ORTHO_ENV_LAYOUT;
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        nset += set[op] && cands[op].ndims == 7 && cands[op].dims[6] == 7000;
    ok &= nset == ORTHO_OP_COUNT;
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- the model ----------------------------------------------------------- */

/* t(op, g, s) = (1 + g) s microseconds for every op ("lin": tau 1 us/B,
 * tc 1 us/B); gamma 0.5 us/B; t_copy 0.25 us/B. */
static ortho_model_profile_t linear_profile(void)
{
    ortho_model_profile_t prof = NULL;
    ortho_model_profile_create(&prof);
    for (int op = 0; op < ORTHO_MODEL_NOPS; op++) {
        ortho_model_entry e;
        memset(&e, 0, sizeof e);
        e.op = (ortho_model_op)op;
        e.range = ortho_model_range_all();
        ortho_model_form_find(e.op, "lin", &e.form);
        e.coefs[0] = 1e-6;
        e.coefs[1] = 1e-6;
        ortho_model_profile_add(prof, &e);
    }
    ortho_model_profile_set_param(prof, "gamma", 0.5e-6);
    ortho_model_profile_set_param(prof, "t_copy", 0.25e-6);
    return prof;
}

static int predicts(ortho_model_profile_t prof, ortho_op op, int p, int node_size, double b,
                    const char *name, double want_us)
{
    ortho_candidate c;
    ortho_model_prediction pred;
    if (ortho_candidate_parse(name, &c) != MPI_SUCCESS ||
        ortho__model_predict_candidate(prof, op, p, node_size, b, &c, &pred) != MPI_SUCCESS) {
        printf("\n  %s: no prediction\n", name);
        return 0;
    }
    double got = pred.total * 1e6;
    if (fabs(got - want_us) > 1e-6 * want_us) {
        printf("\n  %s on %d, b %g: got %.9g us, want %.9g us\n", name, p, b, got, want_us);
        return 0;
    }
    return 1;
}

/* The kinds of the phases of name's prediction, one letter each: n a
 * native call, r a direct reduce-scatter, a a direct allgather. */
static int phase_kinds(ortho_model_profile_t prof, ortho_op op, int p, double b,
                       const char *name, const char *want)
{
    ortho_candidate c;
    ortho_model_prediction pred;
    char got[ORTHO_GRID_MAX_DIMS + 1] = "";
    if (ortho_candidate_parse(name, &c) != MPI_SUCCESS ||
        ortho__model_predict_candidate(prof, op, p, 0, b, &c, &pred) != MPI_SUCCESS)
        return 0;
    for (int k = 0; k < pred.nphases && k < ORTHO_GRID_MAX_DIMS; k++)
        got[k] = pred.phase[k].direct == ORTHO_MODEL_DIRECT_REDUCE_SCATTER ? 'r'
                 : pred.phase[k].direct == ORTHO_MODEL_DIRECT_ALLGATHER   ? 'a'
                                                                          : 'n';
    got[pred.nphases < ORTHO_GRID_MAX_DIMS ? pred.nphases : ORTHO_GRID_MAX_DIMS] = '\0';
    if (strcmp(got, want) != 0) {
        printf("\n  %s: phases %s, want %s\n", name, got, want);
        return 0;
    }
    return 1;
}

static void test_model(void)
{
    ortho_model_profile_t prof = linear_profile();
    int ok = prof != NULL;
    double b = 800.0; /* t(g, s) = (1 + g) s us */
    /* native: (1 + 32) 800 */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "native", 33 * 800.0);
    /* phases, paper order on 4x8: allreduce t(8, b) + t(4, b) = 9 b + 5 b */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "phases:4x8", 14 * 800.0);
    /* the same, columns first: the same sum */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "phases:4x8:cols", 14 * 800.0);
    /* allgather columns first: t(4, b) + 4 t(8, b) = 5 b + 36 b */
    ok &= predicts(prof, ORTHO_OP_ALLGATHER, 32, 0, b, "phases:4x8:cols", 41 * 800.0);
    /* gather columns first: t(4, b) + t(8, 4 b) + copy 32 b / 4 = 5 b + 36 b + 8 b */
    ok &= predicts(prof, ORTHO_OP_GATHER, 32, 0, b, "phases:4x8:cols", 49 * 800.0);
    /* scatter rows first: copy 8 b + t(8, 4 b) + t(4, b) = 8 b + 36 b + 5 b */
    ok &= predicts(prof, ORTHO_OP_SCATTER, 32, 0, b, "phases:4x8:rows", 49 * 800.0);
    /* rsag allreduce on 4x8: four direct exchanges, each member's g - 1
     * blocks of n/g through its link (no node size: one process per link)
     * after one hop's fixed part, h = t_bc(2, s) = 3 s, h(0) = 0, plus
     * (g-1)/g n gamma for the reduce-scatters: rows first,
     * (7 * 300 + 350) + (3 * 75 + 37.5) + 3 * 75 + 7 * 300 = 5037.5 us */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "rsag:4x8:rows", 5037.5);
    /* columns first: (3 * 600 + 300) + (7 * 75 + 87.5) + 7 * 75 + 3 * 600 = 5037.5 us */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "rsag:4x8:cols", 5037.5);
    /* rsag reduce columns first on 4x8: the direct reduce-scatter over 4
     * (3 blocks of b/4 through the link, + 3/4 b gamma), t_red(8, b/4),
     * t_ga(4, b/4) = 3 * 600 + 300 + 9 * 200 + 5 * 200 = 4900 us */
    ok &= predicts(prof, ORTHO_OP_REDUCE, 32, 0, b, "rsag:4x8:cols", 4900.0);
    /* what ortho-predict --explain names: rsag's exchanges are not native calls */
    ok &= phase_kinds(prof, ORTHO_OP_ALLREDUCE, 32, b, "rsag:4x8:rows", "rraa");
    ok &= phase_kinds(prof, ORTHO_OP_REDUCE, 32, b, "rsag:4x8:cols", "rnn");
    ok &= phase_kinds(prof, ORTHO_OP_ALLREDUCE, 32, b, "phases:4x8", "nn");
    /* node-aware (node size 8: 4x8) = the same grid; this profile has no
     * where=net bcast, so the exchanges are placed as without nodes */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 8, b, "rsag:node", 5037.5);
    /* rsag on 2x2x8: the exchanges over 8 of b (2100 + 350, then 2100) and
     * rsag on the 2x2 leader grid of b' = 100: (150 + 25) + (75 + 12.5) +
     * 75 + 150 = 487.5 */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "rsag:2x2x8:rows",
                   2100.0 + 350.0 + 487.5 + 2100.0);
    /* scag bcast rows on 4x8: t_sc(8, b/8) + t_bc(4, b/8) + t_ag(8, b/8) = 900 + 500 + 900 */
    ok &= predicts(prof, ORTHO_OP_BCAST, 32, 0, b, "scag:4x8", 2300.0);
    /* pipe columns on 4x8: 3 max(t(2, b), t(8, b)) + t(8, b) = 3 * 7200 + 7200 */
    ok &= predicts(prof, ORTHO_OP_ALLGATHER, 32, 0, b, "pipe:4x8", 4 * 7200.0);
    /* pipe rows: 7 max(t(2, b), t(4, b)) + t(4, b) = 7 * 4000 + 4000 */
    ok &= predicts(prof, ORTHO_OP_ALLGATHER, 32, 0, b, "pipe:4x8:rows", 8 * 4000.0);
    /* the segmented pipelines (placement unknown here: every hop alike),
     * free running: the first segment through every stage of its way,
     * then k - 1 transfers of the slowest stage (this profile has no fixed
     * part: a stage's transfer is its whole time). pipe bcast rows, s 100,
     * k 8: the root's hop and 3 hops down a column of p1 = 4, t_bc(2, s)
     * 300 each, the rows' t_bc(8, s) 900 -> 4 * 300 + 900 + 7 * 900 */
    ok &= predicts(prof, ORTHO_OP_BCAST, 32, 0, b, "pipe:4x8:seg=100", 8400.0);
    /* pipe reduce cols on 8x4, s 200, k 4: the columns' reduce t_red(8, s)
     * 1800 once on the way (the root's column reduces a segment as its
     * last hop arrives), 3 hops along a row and the root's hop, t_red(2,
     * s) 600 -> 1800 + 4 * 600 + 3 * 1800 */
    ok &= predicts(prof, ORTHO_OP_REDUCE, 32, 0, b, "pipe:8x4:cols:seg=200", 9600.0);
    /* on 4x8 the rows of 8 take the two trees (4 leaders, 3 hops where a
     * chain has 7), two segments a step (400 B, 2 steps): the columns'
     * reduce t_red(4, 400) 2000 once, 3 hops and the root's hop,
     * t_red(2, 400) 1200 each, then one transfer of the slowest ->
     * 2000 + 4 * 1200 + 2000 (a chain: 1000 + 8 * 600 + 3 * 1000 = 8800:
     * with no latency in this profile the trees do not pay) */
    ok &= predicts(prof, ORTHO_OP_REDUCE, 32, 0, b, "pipe:4x8:cols:seg=200", 8800.0);
    /* pipe allreduce rows, s 300, k 3: t_red(8, s) 2700, 3 hops up and 3
     * down, t_red(2, s) 900, t_bc(8, s) 2700 -> 2700 + 6 * 900 + 2700 +
     * 2 * 2700 */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "pipe:4x8:rows:seg=300", 16200.0);
    /* chain bcast on 32, s 400, k 2: 31 hops t_bc(2, 400) 1200, then one
     * more transfer: 32 * 1200 */
    ok &= predicts(prof, ORTHO_OP_BCAST, 32, 0, b, "chain:4x8:seg=400", 38400.0);
    /* chain reduce, a segment above the message: s = b, k 1: 31 * 2400 */
    ok &= predicts(prof, ORTHO_OP_REDUCE, 32, 0, b, "chain:4x8:seg=1K", 74400.0);
    /* spread, whose segments wait for their receivers: k + 1 steps of a
     * hop whatever p. bcast, s 400, k 2: (2 + 1) t_bc(2, 400); reduce,
     * s = b, k 1: 2 t_red(2, b) */
    ok &= predicts(prof, ORTHO_OP_BCAST, 32, 0, b, "spread:seg=400", 3 * 1200.0);
    ok &= predicts(prof, ORTHO_OP_REDUCE, 32, 0, b, "spread:seg=1K", 2 * 2400.0);
    /* the model's segment for 1e6 bytes and depth 5 (bcast on 4x8):
     * sqrt(1e6 * 5e-6 / (4 * 0.8e-9)) = 39528.5 -> s = 39529 B, k 26;
     * 4 hops of 3 s, t_bc(8, s) = 9 s, then 25 * 9 s: 246 s us */
    ok &= predicts(prof, ORTHO_OP_BCAST, 32, 0, 1e6, "pipe:4x8", 246.0 * 39529);
    /* rings on 4x8: 4 parts of 200 B. The part starting over 4: 3 steps
     * of h(50) = 150 each way and 3/4 200 gamma, then over 8 on 50 B:
     * 7 steps of h(6.25) = 18.75 each way and 7/8 50 gamma ->
     * 900 + 75 + 262.5 + 21.875 = 1259.375; the part starting over 8:
     * 2 * 7 * 75 + 87.5 + 2 * 3 * 18.75 + 9.375 = 1259.375. No hop_fan:
     * the parts side by side, the slowest alone */
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "rings:4x8", 1259.375);
    ok &= phase_kinds(prof, ORTHO_OP_ALLREDUCE, 32, b, "rings:4x8", "rr");
    /* hop_fan 1: one link, the other three parts' transfers after the
     * slowest part (their gamma, 75 + 21.875 = 96.875 each, is local
     * work, not on the link): 1259.375 + 3 * 1162.5; 0.5: half of that */
    ortho_model_profile_set_param(prof, "hop_fan", 1.0);
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "rings:4x8", 4746.875);
    ortho_model_profile_set_param(prof, "hop_fan", 0.5);
    ok &= predicts(prof, ORTHO_OP_ALLREDUCE, 32, 0, b, "rings:4x8", 3003.125);
    /* on 2x2x8 the dims' parts of 133.3 B: the longest way starts over 8 */
    ortho_model_profile_set_param(prof, "hop_fan", 0.0);
    /* bcast: the scatters in place of the reduce-scatters, the same rings
     * without gamma: 900 + 262.5 = 2 * 7 * 75 + 2 * 3 * 18.75 = 1162.5 */
    ok &= predicts(prof, ORTHO_OP_BCAST, 32, 0, b, "rings:4x8", 1162.5);
    ok &= phase_kinds(prof, ORTHO_OP_BCAST, 32, b, "rings:4x8", "aa");
    /* reduce: the allreduce's reduce-scatters, the gathers as long as the
     * allgathers: 1259.375 again */
    ok &= predicts(prof, ORTHO_OP_REDUCE, 32, 0, b, "rings:4x8", 1259.375);
    ok &= phase_kinds(prof, ORTHO_OP_REDUCE, 32, b, "rings:4x8", "rr");
    /* allgather: the allgathers alone, on the 32 blocks (25600 B, parts of
     * 6400), each hop h = t_ag(2, s) = 3 s: over 4 then 8, 3 h(1600) +
     * 7 h(200) = 14400 + 4200; over 8 then 4, 7 h(800) + 3 h(200) =
     * 16800 + 1800 */
    ok &= predicts(prof, ORTHO_OP_ALLGATHER, 32, 0, b, "rings:4x8", 18600.0);
    ok &= phase_kinds(prof, ORTHO_OP_ALLGATHER, 32, b, "rings:4x8", "aa");
    ok &= phase_kinds(prof, ORTHO_OP_ALLREDUCE, 32, b, "rings:2x2x8", "rrr");
    /* a measured hop of 1 us + 1 ns/B (latency and transfer apart), bcast
     * on 2x8, b 1600: parts of 400 B. Over 2 first: 1 step each way of
     * 1 us + 0.2 us, whose transfer counts twice when both directions'
     * parts cross that one link side by side (fan 0), then over 8 on 25 B:
     * 14 steps of 1 us + 0.025 us -> 2 + 0.8 + 14 + 0.35 = 17.15; the part
     * over 8 first: 14 + 0.7 + 2 + 2 * 0.05 = 16.8. fan 1: no pair, the
     * slowest part (16.75) then the other three parts' transfers, 3 *
     * 0.75; fan 0.5: pairs of 1.5, 16.95 + 0.5 * 2.25 */
    ortho_model_profile_set_param(prof, "hop_alpha", 1e-6);
    ortho_model_profile_set_param(prof, "hop_beta", 1e-9);
    ok &= predicts(prof, ORTHO_OP_BCAST, 16, 0, 1600.0, "rings:2x8", 17.15);
    ortho_model_profile_set_param(prof, "hop_fan", 1.0);
    ok &= predicts(prof, ORTHO_OP_BCAST, 16, 0, 1600.0, "rings:2x8", 19.0);
    ortho_model_profile_set_param(prof, "hop_fan", 0.5);
    ok &= predicts(prof, ORTHO_OP_BCAST, 16, 0, 1600.0, "rings:2x8", 18.075);
    /* gatherv: not predicted */
    ortho_candidate c;
    ortho_model_prediction pred;
    ortho_candidate_parse("phases:4x8", &c);
    ok &= ortho__model_predict_candidate(prof, ORTHO_OP_GATHERV, 32, 0, b, &c, &pred) ==
          MPI_ERR_UNSUPPORTED_OPERATION;
    ortho_model_profile_free(&prof);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* ---- variants against native ---------------------------------------------- */

struct elem {
    int i;
    double d;
    char c[4];
};

struct types {
    MPI_Datatype holes; /* struct elem, with its holes */
    MPI_Datatype mat;   /* a 2x2 int matrix: 4 contiguous ints */
    MPI_Op matmul;      /* on mat, non-commutative */
};

static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    /* inout = in * inout, for each of *len matrices */
    (void)type;
    int *a = in, *b = inout;
    for (int k = 0; k < 4 * *len; k += 4) {
        int r0 = a[k] * b[k] + a[k + 1] * b[k + 2], r1 = a[k] * b[k + 1] + a[k + 1] * b[k + 3];
        int r2 = a[k + 2] * b[k] + a[k + 3] * b[k + 2];
        int r3 = a[k + 2] * b[k + 1] + a[k + 3] * b[k + 3];
        /* residues in [0, 97): associative up to the representative too */
        b[k] = (r0 % 97 + 97) % 97;
        b[k + 1] = (r1 % 97 + 97) % 97;
        b[k + 2] = (r2 % 97 + 97) % 97;
        b[k + 3] = (r3 % 97 + 97) % 97;
    }
}

static struct types types_create(void)
{
    struct types t;
    struct elem e;
    int lens[3] = {1, 1, 4};
    MPI_Aint disp[3] = {(char *)&e.i - (char *)&e, (char *)&e.d - (char *)&e,
                        (char *)e.c - (char *)&e};
    MPI_Datatype base[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, tmp;
    MPI_Type_create_struct(3, lens, disp, base, &tmp);
    MPI_Type_create_resized(tmp, 0, sizeof(struct elem), &t.holes);
    MPI_Type_commit(&t.holes);
    MPI_Type_free(&tmp);
    MPI_Type_contiguous(4, MPI_INT, &t.mat);
    MPI_Type_commit(&t.mat);
    MPI_Op_create(matmul, 0, &t.matmul);
    return t;
}

static void types_free(struct types *t)
{
    MPI_Type_free(&t->holes);
    MPI_Type_free(&t->mat);
    MPI_Op_free(&t->matmul);
}

/* Element k of rank r's data: ints in [-40, 40], structs with all fields set. */
static void fill(void *buf, int n, MPI_Datatype type, int r, int salt, int holes)
{
    for (int k = 0; k < n; k++) {
        int v = (r * 31 + k * 7 + salt * 13) % 81 - 40;
        if (holes) {
            struct elem *e = (struct elem *)buf + k;
            e->i = v;
            e->d = v * 0.5;
            memcpy(e->c, "abc", 4);
            e->c[3] = (char)('a' + r % 26);
        } else {
            ((int *)buf)[k] = v;
        }
    }
    (void)type;
}

struct call {
    ortho_op op;
    int n;        /* elements per block (per process for the gather family) */
    int holes;    /* struct elem instead of int */
    int noncomm;  /* reductions: the matrix product */
    int in_place;
    int root;
};

/* Runs one call natively (PMPI_) and as the drop-in on comm; 1 when both
 * succeed with the same bytes on this rank. */
static int agree(const struct call *c, MPI_Comm comm, const struct types *ty)
{
    int rank, p;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Datatype type = c->holes ? ty->holes : MPI_INT;
    size_t es = c->holes ? sizeof(struct elem) : sizeof(int);
    int n = c->n, root = c->root, is_root = rank == root;
    /* v-layouts: counts 0, n, 2n, ... by rank, blocks in reverse order with gaps */
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p, span = 1;
    for (int i = p - 1; i >= 0; i--) {
        counts[i] = (i % 3) * n;
        displs[i] = span;
        span += counts[i] + 1;
    }
    int total = p * n > span ? p * n : span;
    size_t bytes = (size_t)total * es + 1;
    char *send = malloc(bytes), *a = malloc(bytes), *b = malloc(bytes);
    memset(a, SENTINEL, bytes);
    memset(b, SENTINEL, bytes);
    int ea = MPI_SUCCESS, eb = MPI_SUCCESS;
    size_t cmp = 0; /* bytes to compare on this rank */
    MPI_Op op = c->noncomm ? ty->matmul : MPI_SUM;

    switch (c->op) {
    case ORTHO_OP_BCAST:
        if (is_root) {
            fill(a, n, type, rank, 1, c->holes);
            memcpy(b, a, (size_t)n * es);
        }
        ea = PMPI_Bcast(a, n, type, root, comm);
        eb = ortho_bcast(b, n, type, root, comm);
        cmp = (size_t)n * es;
        break;
    case ORTHO_OP_REDUCE:
    case ORTHO_OP_ALLREDUCE: {
        /* n ints, or n / 4 matrices for the non-commutative product */
        int all = c->op == ORTHO_OP_ALLREDUCE, m = c->noncomm ? n / 4 : n;
        MPI_Datatype rt = c->noncomm ? ty->mat : MPI_INT;
        fill(send, 4 * m, MPI_INT, rank, 2, 0);
        int in_place = c->in_place && (all || is_root);
        if (in_place) {
            memcpy(a, send, (size_t)n * sizeof(int));
            memcpy(b, send, (size_t)n * sizeof(int));
        }
        /* MPICH 4.0.2: no MPI_IN_PLACE to PMPI_Reduce; the copy gives the same result */
        const void *na = in_place ? (all ? MPI_IN_PLACE : (const void *)send) : send;
        const void *nb = in_place ? MPI_IN_PLACE : send;
        if (all)
            ea = PMPI_Allreduce(na, a, m, rt, op, comm);
        else
            ea = PMPI_Reduce(na, a, m, rt, op, root, comm);
        if (all)
            eb = ortho_allreduce(nb, b, m, rt, op, comm);
        else
            eb = ortho_reduce(nb, b, m, rt, op, root, comm);
        cmp = all || is_root ? (size_t)n * sizeof(int) : 0;
        break;
    }
    case ORTHO_OP_GATHER:
    case ORTHO_OP_ALLGATHER: {
        int all = c->op == ORTHO_OP_ALLGATHER;
        fill(send, n, type, rank, 3, c->holes);
        int in_place = c->in_place && (all || is_root);
        if (in_place) {
            memcpy(a + (size_t)rank * n * es, send, (size_t)n * es);
            memcpy(b + (size_t)rank * n * es, send, (size_t)n * es);
        }
        const void *s = in_place ? MPI_IN_PLACE : send;
        if (all) {
            ea = PMPI_Allgather(s, n, type, a, n, type, comm);
            eb = ortho_allgather(s, n, type, b, n, type, comm);
        } else {
            ea = PMPI_Gather(s, n, type, a, n, type, root, comm);
            eb = ortho_gather(s, n, type, b, n, type, root, comm);
        }
        cmp = all || is_root ? (size_t)p * n * es : 0;
        break;
    }
    case ORTHO_OP_SCATTER:
        if (is_root)
            fill(send, p * n, type, rank, 4, c->holes);
        if (c->in_place && is_root) {
            memcpy(a, send + (size_t)root * n * es, (size_t)n * es);
            memcpy(b, a, (size_t)n * es);
        }
        ea = PMPI_Scatter(send, n, type, c->in_place && is_root ? MPI_IN_PLACE : (void *)a, n,
                          type, root, comm);
        eb = ortho_scatter(send, n, type, c->in_place && is_root ? MPI_IN_PLACE : (void *)b, n,
                           type, root, comm);
        cmp = (size_t)n * es;
        break;
    case ORTHO_OP_ALLGATHERV:
    case ORTHO_OP_GATHERV: {
        int all = c->op == ORTHO_OP_ALLGATHERV;
        fill(send, counts[rank], type, rank, 5, c->holes);
        if (all) {
            ea = PMPI_Allgatherv(send, counts[rank], type, a, counts, displs, type, comm);
            eb = ortho_allgatherv(send, counts[rank], type, b, counts, displs, type, comm);
        } else {
            ea = PMPI_Gatherv(send, counts[rank], type, a, counts, displs, type, root, comm);
            eb = ortho_gatherv(send, counts[rank], type, b, counts, displs, type, root, comm);
        }
        cmp = all || is_root ? (size_t)span * es : 0;
        break;
    }
    case ORTHO_OP_SCATTERV:
        if (is_root)
            fill(send, span, type, rank, 6, c->holes);
        ea = PMPI_Scatterv(send, counts, displs, type, a, counts[rank], type, root, comm);
        eb = ortho_scatterv(send, counts, displs, type, b, counts[rank], type, root, comm);
        cmp = (size_t)counts[rank] * es;
        break;
    default:
        break;
    }
    int ok = ea == MPI_SUCCESS && eb == MPI_SUCCESS && memcmp(a, b, cmp) == 0;
    free(send);
    free(a);
    free(b);
    free(counts);
    return ok;
}

/* The candidates tried for op on p processes: ortho_candidates() (2D and
 * 3D layouts) but native, a node-aware one (columns first; on one node it
 * falls back to a plain grid, the same path for every variant), and per
 * variant rows of 3 (rows first) and of 2 (columns first), uneven where
 * they do not divide p. */
static int candidates_for(ortho_op op, int p, ortho_candidate out[], int cap)
{
    int n = 0;
    ortho_candidates(op, p, 0, 3, out, cap, &n);
    n = n < cap ? n : cap;
    for (int v = ORTHO_VARIANT_PHASES; v < ORTHO_VARIANT_COUNT; v++) {
        if (!ortho_variant_valid((ortho_variant)v, op))
            continue;
        for (int k = 0; k < 3 && n < cap; k++) {
            if (k > 0 && p % (k + 1) == 0)
                continue; /* listed already */
            if (k == 0 && v != ORTHO_VARIANT_PHASES)
                continue; /* one node here: the same fallback for every variant */
            ortho_candidate *c = &out[n++];
            memset(c, 0, sizeof *c);
            c->variant = (ortho_variant)v;
            c->order = k == 2 ? ORTHO_ORDER_ROWS : ORTHO_ORDER_COLS;
            c->node_aware = k == 0;
            c->ndims = k == 0 ? 0 : 2;
            c->dims[1] = k + 1;
        }
    }
    /* the segmented pipelines also with segments of 20 bytes: several per
     * call (5 ints; one 16-byte matrix, rounded down to whole elements) */
    for (int i = 0, m = n; i < m && n < cap; i++)
        if (ortho__variant_segments(out[i].variant) &&
            !(op == ORTHO_OP_ALLGATHER || op == ORTHO_OP_ALLGATHERV)) {
            out[n] = out[i];
            out[n++].segment = 20;
        }
    return n;
}

/* Every candidate of op against native; the calls given for it. */
static void check_op(ortho_op op, const struct call calls[], int ncalls)
{
    int p = ortho_test_world_size(), ok = 1;
    struct types ty = types_create();
    static ortho_candidate list[MAX_CANDS];
    int n = candidates_for(op, p, list, MAX_CANDS);
    char name[ORTHO_CANDIDATE_NAME_MAX];
    for (int i = 1; i < n; i++) { /* list[0] is native */
        MPI_Comm comm;
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        ortho_set_candidate_chooser(ortho_fixed_chooser, &list[i]);
        int good = 1;
        for (int k = 0; k < ncalls; k++) {
            struct call c = calls[k];
            c.root = c.root < 0 ? p - 1 : c.root;
            good &= agree(&c, comm, &ty);
        }
        ortho_set_candidate_chooser(NULL, NULL);
        MPI_Comm_free(&comm);
        good = ORTHO_TEST_ALL(good, MPI_COMM_WORLD);
        if (!good && ortho_test_world_rank() == 0) {
            ortho_candidate_name(&list[i], name, (int)sizeof name);
            printf("\n  %s: %s differs from native\n", ortho_op_name(op), name);
        }
        ok &= good;
    }
    types_free(&ty);
    CU_ASSERT(ok);
}

/* Per operation: a small int call (in place where MPI allows it, root the
 * last rank) and a large one (struct with holes above MPICH's 8 KiB, or
 * the non-commutative product for reductions, root 0). */
static void test_bcast(void)
{
    const struct call c[] = {{ORTHO_OP_BCAST, 7, 0, 0, 0, -1},
                             {ORTHO_OP_BCAST, 600, 1, 0, 0, 0},
                             {ORTHO_OP_BCAST, 1, 0, 0, 0, 1},
                             {ORTHO_OP_BCAST, 0, 1, 0, 0, 2}};
    check_op(ORTHO_OP_BCAST, c, 4);
}

/* reductions: also 1 and 0 elements, the root in the middle, and the
 * product in place (the last rank as root); allreduce also odd counts
 * that leave uneven parts at every level (rsag's direct exchanges) */
static void test_reduce(void)
{
    const struct call c[] = {{ORTHO_OP_REDUCE, 7, 0, 0, 1, -1},
                             {ORTHO_OP_REDUCE, 2400, 0, 1, 0, 0},
                             {ORTHO_OP_REDUCE, 1, 0, 0, 0, 1},
                             {ORTHO_OP_REDUCE, 0, 0, 0, 0, 2},
                             {ORTHO_OP_REDUCE, 44, 0, 1, 1, -1}};
    check_op(ORTHO_OP_REDUCE, c, 5);
}

static void test_allreduce(void)
{
    const struct call c[] = {{ORTHO_OP_ALLREDUCE, 8, 0, 0, 1, 0},
                             {ORTHO_OP_ALLREDUCE, 2400, 0, 1, 0, 0},
                             {ORTHO_OP_ALLREDUCE, 1, 0, 0, 0, 0},
                             {ORTHO_OP_ALLREDUCE, 0, 0, 0, 0, 0},
                             {ORTHO_OP_ALLREDUCE, 44, 0, 1, 1, 0},
                             {ORTHO_OP_ALLREDUCE, 37, 0, 0, 0, 0},
                             {ORTHO_OP_ALLREDUCE, 13, 0, 1, 0, 0}};
    check_op(ORTHO_OP_ALLREDUCE, c, 7);
}

static void test_gather(void)
{
    const struct call c[] = {{ORTHO_OP_GATHER, 3, 0, 0, 1, -1},
                             {ORTHO_OP_GATHER, 600, 1, 0, 0, 0}};
    check_op(ORTHO_OP_GATHER, c, 2);
}

static void test_scatter(void)
{
    const struct call c[] = {{ORTHO_OP_SCATTER, 3, 0, 0, 1, -1},
                             {ORTHO_OP_SCATTER, 600, 1, 0, 0, 0}};
    check_op(ORTHO_OP_SCATTER, c, 2);
}

static void test_allgather(void)
{
    const struct call c[] = {{ORTHO_OP_ALLGATHER, 3, 0, 0, 1, 0},
                             {ORTHO_OP_ALLGATHER, 600, 1, 0, 0, 0}};
    check_op(ORTHO_OP_ALLGATHER, c, 2);
}

static void test_allgatherv(void)
{
    const struct call c[] = {{ORTHO_OP_ALLGATHERV, 3, 0, 0, 0, 0},
                             {ORTHO_OP_ALLGATHERV, 300, 1, 0, 0, 0}};
    check_op(ORTHO_OP_ALLGATHERV, c, 2);
}

static void test_gatherv(void)
{
    const struct call c[] = {{ORTHO_OP_GATHERV, 3, 0, 0, 0, -1},
                             {ORTHO_OP_GATHERV, 300, 1, 0, 0, 0}};
    check_op(ORTHO_OP_GATHERV, c, 2);
}

static void test_scatterv(void)
{
    const struct call c[] = {{ORTHO_OP_SCATTERV, 3, 0, 0, 0, -1},
                             {ORTHO_OP_SCATTERV, 300, 1, 0, 0, 0}};
    check_op(ORTHO_OP_SCATTERV, c, 2);
}

/* rsag's direct exchanges in windows of 1 and 2 partners and all at once:
 * the reduce-scatter (member 1's piece empty, the others uneven) and the
 * allgather of the pieces, against sums worked out here. */
static void test_direct_windows(void)
{
    int p = ortho_test_world_size(), me = ortho_test_world_rank(), ok = 1, n = 0;
    int counts[16], displs[16];
    if (p > 16)
        return;
    for (int i = 0; i < p; i++) {
        counts[i] = i == 1 ? 0 : i + 2;
        displs[i] = n;
        n += counts[i];
    }
    int *input = malloc((size_t)n * sizeof(int)), *buf = malloc((size_t)n * sizeof(int));
    const int windows[] = {1, 2, 0};
    for (int w = 0; w < 3 && input != NULL && buf != NULL; w++) {
        for (int k = 0; k < n; k++) {
            input[k] = 1000 * me + k;
            buf[k] = -1;
        }
        /* sum over ranks r of 1000 r + k */
        ok &= ortho__reduce_scatter_direct(input, buf + displs[me], counts, displs, MPI_INT,
                                           MPI_SUM, windows[w], MPI_COMM_WORLD) == MPI_SUCCESS;
        for (int k = displs[me]; k < displs[me] + counts[me]; k++)
            ok &= buf[k] == 1000 * p * (p - 1) / 2 + p * k;
        for (int k = displs[me]; k < displs[me] + counts[me]; k++)
            buf[k] = 7 * me + k;
        ok &= ortho__allgatherv_direct(buf, counts, displs, MPI_INT, windows[w],
                                       MPI_COMM_WORLD) == MPI_SUCCESS;
        for (int r = 0; r < p; r++)
            for (int k = displs[r]; k < displs[r] + counts[r]; k++)
                ok &= buf[k] == 7 * r + k;
    }
    ok &= input != NULL && buf != NULL;
    free(input);
    free(buf);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* rings on one ring of every process (a 1D grid of p; at np 5 the
 * scatter's and the gather's members pass blocks on): allreduce of ints,
 * in place and not, bcast of bytes and reduce of ints (in place at odd
 * roots) from every root, allgather of bytes, in place and not, and
 * gather and scatter of bytes from every root (in place at odd roots),
 * counts 0, 1, 7 (fewer than some parts have members) and 1001, against
 * values worked out here. */
static void test_rings_one_ring(void)
{
    int p = ortho_test_world_size(), me = ortho_test_world_rank(), ok = 1;
    int dims[1] = {p};
    ortho_grid_t grid = NULL;
    ok &= ortho_grid_create(MPI_COMM_WORLD, 1, dims, &grid) == MPI_SUCCESS;
    const int counts[] = {0, 1, 7, 1001};
    int *in = malloc(1001 * sizeof(int)), *out = malloc(1002 * sizeof(int));
    char *bytes = malloc(1002);
    for (size_t c = 0; c < sizeof counts / sizeof counts[0] && ok && in && out && bytes; c++) {
        int n = counts[c];
        for (int place = 0; place < 2; place++) {
            for (int k = 0; k < n; k++)
                in[k] = 1000 * me + k;
            for (int k = 0; k <= n; k++)
                out[k] = place ? (k < n ? in[k] : -7) : -7;
            ok &= ortho__allreduce_rings(place ? MPI_IN_PLACE : in, out, n, MPI_INT, MPI_SUM,
                                         grid) == MPI_SUCCESS;
            for (int k = 0; k < n; k++) /* sum over ranks r of 1000 r + k */
                ok &= out[k] == 1000 * p * (p - 1) / 2 + p * k;
            ok &= out[n] == -7;
        }
        for (int root = 0; root < p; root++) {
            for (int k = 0; k <= n; k++)
                bytes[k] = (char)(me == root && k < n ? (k * 13 + root) % 251 : 0x5A);
            ok &= ortho__bcast_rings(bytes, n, MPI_BYTE, root, grid) == MPI_SUCCESS;
            for (int k = 0; k < n; k++)
                ok &= bytes[k] == (char)((k * 13 + root) % 251);
            ok &= bytes[n] == 0x5A;
            /* reduce: into out at the root (in place there on odd roots);
             * elsewhere out stays untouched */
            for (int k = 0; k < n; k++)
                in[k] = 1000 * me + k + root;
            for (int k = 0; k <= n; k++)
                out[k] = me == root && root % 2 && k < n ? in[k] : -7;
            const void *input = me == root && root % 2 ? out : in;
            ok &= ortho__reduce_rings(input, out, n, MPI_INT, MPI_SUM, root, grid) ==
                  MPI_SUCCESS;
            for (int k = 0; k < n; k++) /* sum over ranks r of 1000 r + k + root */
                ok &= out[k] == (me == root ? 1000 * p * (p - 1) / 2 + p * (k + root) : -7);
            ok &= out[n] == -7;
        }
        /* allgather of n bytes from each, in place and not, into p blocks
         * and one guard byte */
        char *all = malloc((size_t)p * n + 1);
        for (int place = 0; place < 2 && all != NULL; place++) {
            for (int k = 0; k <= p * n; k++)
                all[k] = (char)(place && k / (n > 0 ? n : 1) == me && k < p * n
                                    ? (k % (n > 0 ? n : 1) * 7 + me) % 251
                                    : 0x5A);
            for (int k = 0; k < n; k++)
                bytes[k] = (char)((k * 7 + me) % 251);
            ok &= ortho__allgather_rings(place ? MPI_IN_PLACE : bytes, all, n, grid) ==
                  MPI_SUCCESS;
            for (int k = 0; k < p * n; k++)
                ok &= all[k] == (char)((k % n * 7 + k / n) % 251);
            ok &= all[p * n] == 0x5A;
        }
        /* gather and scatter of n bytes each, from every root, in place
         * at odd roots; a root's guard byte and the others' buffers stay */
        for (int root = 0; root < p && all != NULL; root++) {
            int place = me == root && root % 2;
            for (int k = 0; k <= p * n; k++)
                all[k] = (char)(place && k / (n > 0 ? n : 1) == me && k < p * n
                                    ? (k % (n > 0 ? n : 1) * 5 + me + root) % 251
                                    : 0x5A);
            for (int k = 0; k < n; k++)
                bytes[k] = (char)((k * 5 + me + root) % 251);
            ok &= ortho__gather_rings(place ? MPI_IN_PLACE : bytes, all, n, root, grid) ==
                  MPI_SUCCESS;
            for (int k = 0; k < p * n; k++)
                ok &= all[k] == (char)(me == root ? (k % n * 5 + k / n + root) % 251 : 0x5A);
            ok &= all[p * n] == 0x5A;
            /* scatter back what the root gathered: block r to rank r */
            for (int k = 0; k <= n; k++)
                bytes[k] = 0x33;
            ok &= ortho__scatter_rings(all, place ? MPI_IN_PLACE : bytes, n, root, grid) ==
                  MPI_SUCCESS;
            for (int k = 0; k < n; k++)
                ok &= (place ? all[me * n + k] : bytes[k]) == (char)((k * 5 + me + root) % 251);
            ok &= bytes[n] == 0x33 && (!place || bytes[0] == 0x33);
        }
        ok &= all != NULL;
        free(all);
    }
    ok &= in != NULL && out != NULL && bytes != NULL;
    free(in);
    free(out);
    free(bytes);
    if (grid != NULL)
        ortho_grid_free(&grid);
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* The pipeline's steps (segments.c) with sends left in flight: a ring
 * where every process sends step t's value to the next one
 * (MPI_Issend into later[], waited lag steps on) and receives the
 * previous one's (now[]), over 12 steps, for lags 0, 1, 2, the most and
 * one beyond it (clamped). Each received value is checked after its step;
 * the send buffers, one per step, stay untouched until the end. */
struct ring_steps {
    int me, p, bad;
    int sent[12], got[12];
};

static int ring_step(void *ctx, int t, struct ortho__step_out *out)
{
    struct ring_steps *r = ctx;
    r->sent[t] = 100 * r->me + t;
    r->got[t] = -1;
    int err = PMPI_Irecv(&r->got[t], 1, MPI_INT, (r->me - 1 + r->p) % r->p, 77, MPI_COMM_WORLD,
                         &out->now[out->n++]);
    if (!err)
        err = PMPI_Issend(&r->sent[t], 1, MPI_INT, (r->me + 1) % r->p, 77, MPI_COMM_WORLD,
                          &out->later[out->nlater++]);
    return err;
}

static int ring_after(void *ctx, int t)
{
    struct ring_steps *r = ctx;
    r->bad += r->got[t] != 100 * ((r->me - 1 + r->p) % r->p) + t;
    return MPI_SUCCESS;
}

static void test_pipeline_lag(void)
{
    const int lags[] = {0, 1, 2, ORTHO_PIPELINE_MAX_LAG, ORTHO_PIPELINE_MAX_LAG + 3};
    int ok = 1;
    for (int i = 0; i < 5; i++) {
        struct ring_steps r;
        memset(&r, 0, sizeof r);
        r.me = ortho_test_world_rank();
        r.p = ortho_test_world_size();
        ok &= ortho__pipeline(12, lags[i], ring_step, ring_after, &r) == MPI_SUCCESS;
        ok &= r.bad == 0;
        for (int t = 0; t < 12; t++)
            ok &= r.sent[t] == 100 * r.me + t;
    }
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* The candidate a communicator reports: as forced, with the layout made. */
static void test_comm_candidate(void)
{
    int p = ortho_test_world_size(), ok = 1, ns = -1;
    ok &= ortho_comm_node_size(MPI_COMM_WORLD, &ns) == MPI_SUCCESS && ns == p;
    if (p >= 4) {
        ortho_candidate want, got;
        const char *why = NULL;
        MPI_Comm comm;
        ortho_candidate_parse("rsag:0x2:cols", &want);
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        ortho_set_candidate_chooser(ortho_fixed_chooser, &want);
        ok &= ortho_comm_candidate(comm, ORTHO_OP_ALLREDUCE, 64.0, &got, &why) == MPI_SUCCESS;
        ok &= got.variant == ORTHO_VARIANT_RSAG && got.order == ORTHO_ORDER_COLS &&
              got.ndims == 2 && got.dims[1] == 2 && got.dims[0] == (p + 1) / 2 &&
              strcmp(why, "candidate chooser") == 0;
        /* rsag does not apply to bcast: phases, same layout and order */
        ok &= ortho_comm_candidate(comm, ORTHO_OP_BCAST, 64.0, &got, NULL) == MPI_SUCCESS;
        ok &= got.variant == ORTHO_VARIANT_PHASES && got.order == ORTHO_ORDER_COLS;
        /* gatherv offers the paper's order only (rows first) */
        ok &= ortho_comm_candidate(comm, ORTHO_OP_GATHERV, -1.0, &got, NULL) == MPI_SUCCESS;
        ok &= got.variant == ORTHO_VARIANT_PHASES && got.order == ORTHO_ORDER_ROWS;
        /* node-aware on one node: a plain grid, reported as such */
        ortho_candidate_parse("pipe:node", &want);
        ok &= ortho_comm_candidate(comm, ORTHO_OP_ALLGATHERV, 64.0, &got, NULL) == MPI_SUCCESS;
        ok &= got.variant == ORTHO_VARIANT_PIPE && !got.node_aware && got.ndims == 2;
        ortho_set_candidate_chooser(NULL, NULL);
        MPI_Comm_free(&comm);
    }
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("candidates", NULL, NULL);
    CU_add_test(s, "names, parsing, enumeration", test_names);
    CU_add_test(s, "ORTHO_VARIANT parsing", test_variant_env);
    CU_add_test(s, "model compositions", test_model);
    CU_add_test(s, "ortho_comm_candidate", test_comm_candidate);
    CU_pSuite v = CU_add_suite("variants against native", NULL, NULL);
    CU_add_test(v, "bcast", test_bcast);
    CU_add_test(v, "reduce", test_reduce);
    CU_add_test(v, "allreduce", test_allreduce);
    CU_add_test(v, "gather", test_gather);
    CU_add_test(v, "scatter", test_scatter);
    CU_add_test(v, "allgather", test_allgather);
    CU_add_test(v, "allgatherv", test_allgatherv);
    CU_add_test(v, "gatherv", test_gatherv);
    CU_add_test(v, "scatterv", test_scatterv);
    CU_add_test(v, "rsag's direct exchanges in windows", test_direct_windows);
    CU_add_test(v, "rings on one ring", test_rings_one_ring);
    CU_add_test(v, "the pipeline's sends left in flight", test_pipeline_lag);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
