/* Candidates: what a drop-in call runs (the native collective, or a
 * variant on a grid with a phase order), their names, and the list of
 * candidates for an operation, a process count and a node size. */
#include "dropin/dropin_private.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *const variant_names[ORTHO_VARIANT_COUNT] = {"native", "phases", "rsag",
                                                               "scag", "pipe"};
static const char *const order_names[] = {"paper", "rows", "cols"};

const char *ortho_variant_name(ortho_variant variant)
{
    return (int)variant >= 0 && variant < ORTHO_VARIANT_COUNT ? variant_names[variant] : NULL;
}

int ortho_variant_valid(ortho_variant variant, ortho_op op)
{
    if ((int)op < 0 || op >= ORTHO_OP_COUNT)
        return 0;
    switch (variant) {
    case ORTHO_VARIANT_NATIVE:
    case ORTHO_VARIANT_PHASES:
        return 1;
    case ORTHO_VARIANT_RSAG:
        return op == ORTHO_OP_REDUCE || op == ORTHO_OP_ALLREDUCE;
    case ORTHO_VARIANT_SCAG:
        return op == ORTHO_OP_BCAST;
    case ORTHO_VARIANT_PIPE:
        return op == ORTHO_OP_ALLGATHER || op == ORTHO_OP_ALLGATHERV;
    default:
        return 0;
    }
}

static int candidate_ok(const ortho_candidate *c)
{
    if ((int)c->variant < 0 || c->variant >= ORTHO_VARIANT_COUNT)
        return 0;
    if (c->variant == ORTHO_VARIANT_NATIVE)
        return 1;
    if ((int)c->order < 0 || c->order > ORTHO_ORDER_COLS || c->ndims < 0 ||
        c->ndims > ORTHO_GRID_MAX_DIMS)
        return 0;
    for (int i = 0; i < c->ndims; i++)
        if (c->dims[i] < 0)
            return 0;
    return 1;
}

int ortho_candidate_name(const ortho_candidate *cand, char *text, int len)
{
    if (cand == NULL || text == NULL || len < 1 || !candidate_ok(cand))
        return MPI_ERR_ARG;
    char buf[ORTHO_CANDIDATE_NAME_MAX];
    size_t at = (size_t)snprintf(buf, sizeof buf, "%s", variant_names[cand->variant]);
    if (cand->variant != ORTHO_VARIANT_NATIVE) {
        for (int i = 0; i < cand->ndims && at < sizeof buf; i++)
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s%d", i ? "x" : ":",
                                   cand->dims[i]);
        if (cand->node_aware && at < sizeof buf)
            at += (size_t)snprintf(buf + at, sizeof buf - at, ":node");
        if (cand->order != ORTHO_ORDER_PAPER && at < sizeof buf)
            at += (size_t)snprintf(buf + at, sizeof buf - at, ":%s", order_names[cand->order]);
    }
    if (at >= (size_t)len)
        return MPI_ERR_TRUNCATE;
    memcpy(text, buf, at + 1);
    return MPI_SUCCESS;
}

/* One ':'-separated field of a name: [s, e). */
static int parse_field(const char *s, const char *e, ortho_candidate *c, int *seen)
{
    size_t n = (size_t)(e - s);
    for (int o = 0; o <= ORTHO_ORDER_COLS; o++)
        if (n == strlen(order_names[o]) && strncmp(s, order_names[o], n) == 0) {
            if (*seen & 1)
                return -1;
            *seen |= 1;
            c->order = (ortho_order)o;
            return 0;
        }
    if (n == 4 && strncmp(s, "node", 4) == 0) {
        if (*seen & 2)
            return -1;
        *seen |= 2;
        c->node_aware = 1;
        return 0;
    }
    if (*seen & 4)
        return -1;
    *seen |= 4;
    char layout[ORTHO_CANDIDATE_NAME_MAX]; /* room for the layout of any name */
    int nd = 0;
    if (n == 0 || n >= sizeof layout)
        return -1;
    memcpy(layout, s, n);
    layout[n] = '\0';
    if (ortho__parse_grid(layout, &nd, c->dims) != ORTHO_ENV_LAYOUT)
        return -1;
    c->ndims = nd;
    return 0;
}

int ortho_candidate_parse(const char *text, ortho_candidate *cand)
{
    if (text == NULL || cand == NULL)
        return MPI_ERR_ARG;
    ortho_candidate c;
    memset(&c, 0, sizeof c);
    while (isspace((unsigned char)*text))
        text++;
    const char *end = text + strlen(text);
    while (end > text && isspace((unsigned char)end[-1]))
        end--;
    const char *colon = memchr(text, ':', (size_t)(end - text));
    const char *vend = colon != NULL ? colon : end;
    int v;
    for (v = 0; v < ORTHO_VARIANT_COUNT; v++)
        if ((size_t)(vend - text) == strlen(variant_names[v]) &&
            strncmp(text, variant_names[v], (size_t)(vend - text)) == 0)
            break;
    if (v == ORTHO_VARIANT_COUNT)
        return MPI_ERR_ARG;
    c.variant = (ortho_variant)v;
    int seen = 0;
    for (const char *s = vend; s < end;) {
        s++; /* the ':' */
        const char *e = memchr(s, ':', (size_t)(end - s));
        if (e == NULL)
            e = end;
        if (c.variant == ORTHO_VARIANT_NATIVE || parse_field(s, e, &c, &seen) != 0)
            return MPI_ERR_ARG;
        s = e;
    }
    char name[ORTHO_CANDIDATE_NAME_MAX];
    if (ortho_candidate_name(&c, name, (int)sizeof name) != MPI_SUCCESS)
        return MPI_ERR_ARG; /* what parses has a name */
    *cand = c;
    return MPI_SUCCESS;
}

/* Appends a candidate when there is room, counting it in any case. */
static void add(ortho_candidate out[], int cap, int *n, ortho_variant v, ortho_order order,
                int node_aware, int ndims, const int dims[])
{
    if (*n < cap) {
        ortho_candidate *c = &out[*n];
        memset(c, 0, sizeof *c);
        c->variant = v;
        c->order = order;
        c->node_aware = node_aware;
        c->ndims = ndims;
        if (ndims > 0)
            memcpy(c->dims, dims, (size_t)ndims * sizeof dims[0]);
    }
    (*n)++;
}

/* A 2D candidate in both orders, or in the paper's only where the other
 * is not offered (gatherv, scatterv). */
static void add_orders(ortho_candidate out[], int cap, int *n, ortho_variant v, ortho_op op,
                       int node_aware, const int dims[])
{
    if (op == ORTHO_OP_GATHERV || op == ORTHO_OP_SCATTERV) {
        add(out, cap, n, v, ortho__order_resolve(v, op, ORTHO_ORDER_PAPER), node_aware, 2, dims);
        return;
    }
    add(out, cap, n, v, ORTHO_ORDER_ROWS, node_aware, 2, dims);
    add(out, cap, n, v, ORTHO_ORDER_COLS, node_aware, 2, dims);
}

/* Every factorization of m into k factors >= 2 (lexicographic), followed
 * by the extent `tail` when it is not 0: layouts of k or k + 1 dims. */
static void add_nd(ortho_candidate out[], int cap, int *n, ortho_variant v, int node_aware,
                   int m, int k, int dims[], int depth, int tail)
{
    if (depth == k - 1) {
        if (m < 2)
            return;
        dims[depth] = m;
        if (tail > 0)
            dims[k] = tail;
        add(out, cap, n, v, ORTHO_ORDER_PAPER, node_aware, tail > 0 ? k + 1 : k, dims);
        return;
    }
    for (int f = 2; f <= m / 2; f++)
        if (m % f == 0) {
            dims[depth] = f;
            add_nd(out, cap, n, v, node_aware, m / f, k, dims, depth + 1, tail);
        }
}

int ortho_candidates(ortho_op op, int p, int node_size, int maxdims, ortho_candidate out[],
                     int cap, int *n)
{
    if ((int)op < 0 || op >= ORTHO_OP_COUNT || p < 1 || maxdims < 1 || n == NULL ||
        (cap > 0 && out == NULL))
        return MPI_ERR_ARG;
    if (maxdims > ORTHO_GRID_MAX_DIMS)
        maxdims = ORTHO_GRID_MAX_DIMS;
    *n = 0;
    add(out, cap, n, ORTHO_VARIANT_NATIVE, ORTHO_ORDER_PAPER, 0, 0, NULL);
    int dims[ORTHO_GRID_MAX_DIMS];
    for (int v = ORTHO_VARIANT_PHASES; v < ORTHO_VARIANT_COUNT; v++) {
        if (!ortho_variant_valid((ortho_variant)v, op) || maxdims < 2)
            continue;
        for (int p1 = 2; p1 <= p / 2; p1++)
            if (p % p1 == 0) {
                dims[0] = p1;
                dims[1] = p / p1;
                add_orders(out, cap, n, (ortho_variant)v, op, 0, dims);
            }
        if (v == ORTHO_VARIANT_PHASES)
            for (int k = 3; k <= maxdims; k++)
                add_nd(out, cap, n, (ortho_variant)v, 0, p, k, dims, 0, 0);
    }
    if (node_size >= 2 && p % node_size == 0 && p / node_size >= 2) {
        int nodes = p / node_size;
        for (int v = ORTHO_VARIANT_PHASES; v < ORTHO_VARIANT_COUNT; v++) {
            if (!ortho_variant_valid((ortho_variant)v, op))
                continue;
            dims[0] = nodes;
            dims[1] = node_size;
            add_orders(out, cap, n, (ortho_variant)v, op, 1, dims);
            if (v == ORTHO_VARIANT_PHASES)
                for (int k = 3; k <= maxdims; k++)
                    add_nd(out, cap, n, (ortho_variant)v, 1, nodes, k - 1, dims, 0, node_size);
        }
    }
    return MPI_SUCCESS;
}
