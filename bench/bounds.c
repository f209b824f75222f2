/* Lower bounds of the collectives on a simulated cluster, from the
 * platform file's parameters; docs/bench.md proves each one.
 *
 * Machine (SimGrid's model of a <cluster>): n nodes, each with k links of
 * B bytes/s per direction (a star: k = 1, a link into a non-blocking
 * switch; a torus: k = 2 per dimension); a message between nodes d hops
 * apart moves no byte before d h (h: one hop's latency; on the star both
 * links' latencies, node to node). Ranks of one node exchange over the
 * loopback, a FATPIPE (every flow gets its bandwidth however many run), so
 * inside a node only the latency Li bounds anything. p ranks, c_root on
 * the root's node, c_min on the node with the fewest; R the hops from the
 * root's node to the farthest node, E the most hops between two nodes
 * (R = E = 1 on a star); b the message size of one process (the whole
 * vector for bcast, reduce, allreduce; one block for gather, scatter,
 * allgather).
 *
 *   bcast, reduce   R h + b / kB
 *   allreduce       max(h + 2 (n-1)/n b / kB, E h + b / kB)
 *   gather, scatter max(h + (p - c_root) b / kB, R h + b / kB)
 *   allgather       max(h + (p - c_min) b / kB, E h + b / kB)
 *
 * each at least Li (the intra-node level); on one node: Li. The volume
 * terms are what must cross the busiest node's links in one direction
 * (allreduce: one-way gossip needs 2 (n-1) transfers of every element
 * across nodes, so some node sends 2 (n-1)/n b); no byte crosses before
 * the latency of the first hop, nor, for data that must come from (or go
 * to) a node d hops away, before d h. Nothing assumes one message at a
 * time per process: SimGrid lets a process send and receive many at once.
 *
 * On the star at 128 processes and 500 KiB: bcast 60 us + 40.96 ms. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define NAME_LEN 64

/* The file with its <!-- comments --> blanked out; NULL when unreadable. */
static char *read_without_comments(const char *path)
{
    FILE *f = fopen(path, "r");
    char *text = NULL;
    long len;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)len + 1);
        if (text != NULL) {
            size_t got = fread(text, 1, (size_t)len, f);
            text[got] = '\0';
        }
    }
    fclose(f);
    for (char *c = text; c != NULL && (c = strstr(c, "<!--")) != NULL;) {
        char *end = strstr(c, "-->");
        char *stop = end != NULL ? end + 3 : c + strlen(c);
        memset(c, ' ', (size_t)(stop - c));
        c = stop;
    }
    return text;
}

/* Value of attribute `name` inside the tag [tag, tag_end) into out. */
static int attribute(const char *tag, const char *tag_end, const char *name, char *out,
                     size_t cap)
{
    size_t nlen = strlen(name);
    for (const char *s = tag; s + nlen + 2 < tag_end; s++) {
        if (!isspace((unsigned char)s[0]) || strncmp(s + 1, name, nlen) != 0)
            continue;
        const char *v = s + 1 + nlen;
        while (isspace((unsigned char)*v))
            v++;
        if (*v != '=')
            continue;
        v++;
        while (isspace((unsigned char)*v))
            v++;
        if (*v != '"' && *v != '\'')
            continue;
        const char *end = strchr(v + 1, *v);
        if (end == NULL || end > tag_end || (size_t)(end - v - 1) >= cap)
            return 0;
        memcpy(out, v + 1, (size_t)(end - v - 1));
        out[end - v - 1] = '\0';
        return 1;
    }
    return 0;
}

/* "100Mbps", "20GBps", "600MBps" into bytes/s; "30us", "0.5us" into s.
 * SimGrid's units: k M G T decimal, Ki Mi Gi Ti binary; bps bits, Bps bytes. */
static int parse_unit(const char *text, int is_bw, double *out)
{
    char *end = NULL;
    double v = strtod(text, &end), scale = 1;
    if (end == text)
        return 0;
    if (is_bw) {
        static const char pre[] = "kMGT";
        const char *at = strchr(pre, end[0] != '\0' ? end[0] : '#');
        if (at != NULL) {
            int k = (int)(at - pre) + 1, binary = end[1] == 'i';
            scale = pow(binary ? 1024.0 : 1000.0, k);
            end += binary ? 2 : 1;
        }
        if (strcmp(end, "bps") == 0)
            scale /= 8;
        else if (strcmp(end, "Bps") != 0)
            return 0;
    } else {
        if (strcmp(end, "us") == 0)
            scale = 1e-6;
        else if (strcmp(end, "ns") == 0)
            scale = 1e-9;
        else if (strcmp(end, "ms") == 0)
            scale = 1e-3;
        else if (strcmp(end, "s") != 0 && *end != '\0')
            return 0;
    }
    *out = v * scale;
    return 1;
}

static void unknown(struct bench_platform *pf, const char *why)
{
    if (!pf->known)
        return;   /* the first reason stays */
    pf->known = 0;
    snprintf(pf->why, sizeof pf->why, "%s", why);
}

/* topo_parameters="4,4,8" into the torus's extents. */
static int parse_torus(const char *text, struct bench_platform *pf)
{
    const char *s = text;
    pf->torus_ndims = 0;
    while (*s != '\0') {
        char *end = NULL;
        long d = strtol(s, &end, 10);
        if (end == s || d < 1 || d > 1 << 20 || pf->torus_ndims >= BENCH_TORUS_MAX_DIMS)
            return 0;
        pf->torus_dims[pf->torus_ndims++] = (int)d;
        s = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0')
            return 0;
    }
    return pf->torus_ndims > 0;
}

/* The links, their bandwidth and latency of the <cluster> tag. */
static void read_links(const char *tag, const char *tag_end, struct bench_platform *pf)
{
    char value[NAME_LEN];
    double lat = 0;
    if (attribute(tag, tag_end, "topology", value, sizeof value)) {
        if (strcmp(value, "TORUS") != 0) {
            unknown(pf, "a fat-tree or dragonfly topology: no bound derived");
            return;
        }
        if (!attribute(tag, tag_end, "topo_parameters", value, sizeof value)
            || !parse_torus(value, pf))
            unknown(pf, "a torus without valid topo_parameters");
    }
    if (attribute(tag, tag_end, "bb_bw", value, sizeof value))
        unknown(pf, "a backbone: no bound derived");
    /* FATPIPE links give every flow the full bandwidth: no volume bound */
    if (attribute(tag, tag_end, "sharing_policy", value, sizeof value)
        && strcmp(value, "FATPIPE") == 0)
        unknown(pf, "FATPIPE links: no bound derived");
    if (!attribute(tag, tag_end, "bw", value, sizeof value) || !parse_unit(value, 1, &pf->bw)
        || !attribute(tag, tag_end, "lat", value, sizeof value) || !parse_unit(value, 0, &lat))
        unknown(pf, "bw or lat missing or malformed");
    if (pf->torus_ndims == 0) {
        pf->links = 1;
        pf->hop_lat = 2 * lat;   /* the sender's link up, the receiver's link down */
    } else {
        /* out of a node: its own link of each dimension (to the next
         * node) and the previous node's (SPLITDUPLEX: both directions) */
        pf->links = 0;
        for (int d = 0; d < pf->torus_ndims; d++)
            pf->links += pf->torus_dims[d] >= 2 ? 2 : 0;
        pf->hop_lat = lat;
        if (pf->links == 0)
            unknown(pf, "a torus of one node");
    }
}

int bench_platform_read(const char *path, struct bench_platform *pf)
{
    char value[NAME_LEN];
    const char *base = strrchr(path, '/');
    char *text = read_without_comments(path);
    memset(pf, 0, sizeof *pf);
    snprintf(pf->name, sizeof pf->name, "%s", base != NULL ? base + 1 : path);
    char *dot = strrchr(pf->name, '.');
    if (dot != NULL)
        *dot = '\0';
    if (text == NULL)
        return -1;
    const char *tag = strstr(text, "<cluster");
    const char *tag_end = tag != NULL ? strchr(tag, '>') : NULL;
    pf->known = 1;
    if (tag == NULL || tag_end == NULL)
        unknown(pf, "no <cluster> element");
    else if (strstr(tag_end, "<cluster") != NULL)
        unknown(pf, "more than one <cluster>");
    if (pf->known) {
        read_links(tag, tag_end, pf);
        attribute(tag, tag_end, "prefix", pf->prefix, sizeof pf->prefix);
        /* host numbers: the radical's one range "A-B" (or "A") */
        if (attribute(tag, tag_end, "radical", value, sizeof value)) {
            char *end = NULL;
            pf->first_node = strtol(value, &end, 10);
            if (end == value || strchr(end, ',') != NULL)
                pf->first_node = -1;
        }
        /* Without loopback attributes: no limit inside a node (a weaker,
         * still valid bound). */
        pf->intra_bw = INFINITY;
        pf->intra_lat = 0;
        if (attribute(tag, tag_end, "loopback_bw", value, sizeof value)
            && !parse_unit(value, 1, &pf->intra_bw))
            unknown(pf, "loopback_bw malformed");
        if (attribute(tag, tag_end, "loopback_lat", value, sizeof value)
            && !parse_unit(value, 0, &pf->intra_lat))
            unknown(pf, "loopback_lat malformed");
    }
    free(text);
    return 0;
}

int bench_platform_hops(const struct bench_platform *pf, long a, long b)
{
    int hops = 0;
    if (a == b)
        return 0;
    if (pf->torus_ndims == 0)
        return 1;
    for (int d = 0; d < pf->torus_ndims; d++) {
        long s = pf->torus_dims[d], da = a % s, db = b % s;
        long diff = da > db ? da - db : db - da;
        hops += (int)(diff < s - diff ? diff : s - diff);
        a /= s;
        b /= s;
    }
    return hops;
}

/* The node number of host `name` (prefix, number, suffix), or -1. */
static long node_number(const struct bench_platform *pf, const char *name)
{
    size_t len = strlen(pf->prefix);
    char *end = NULL;
    if (pf->first_node < 0 || strncmp(name, pf->prefix, len) != 0
        || !isdigit((unsigned char)name[len]))
        return -1;
    long id = strtol(name + len, &end, 10);
    return id >= pf->first_node ? id - pf->first_node : -1;
}

/* The hops of the placement (root_reach, reach) from the ranks' hosts. */
static void placement_hops(struct bench_platform *pf, const char *all, int p, int root)
{
    long *node = malloc((size_t)p * sizeof *node);
    pf->root_reach = pf->reach = pf->nodes > 1;
    if (pf->torus_ndims == 0 || !pf->known)
        goto fn_exit;
    if (node == NULL) {
        unknown(pf, "out of memory for the placement");
        goto fn_exit;
    }
    for (int r = 0; r < p; r++)
        if ((node[r] = node_number(pf, all + (size_t)r * NAME_LEN)) < 0) {
            unknown(pf, "a host name that is not the torus's prefix and a number");
            goto fn_exit;
        }
    for (int r = 0; r < p; r++)
        for (int q = 0; q < p; q++) {
            int d = bench_platform_hops(pf, node[r], node[q]);
            pf->reach = d > pf->reach ? d : pf->reach;
            if (r == root && d > pf->root_reach)
                pf->root_reach = d;
        }
fn_exit:
    free(node);
}

int bench_platform_placement(struct bench_platform *pf, MPI_Comm comm, int root)
{
    char mine[MPI_MAX_PROCESSOR_NAME], *all = NULL;
    int len = 0, rank, p, err;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    memset(mine, 0, sizeof mine);
    MPI_Get_processor_name(mine, &len);
    mine[NAME_LEN - 1] = '\0';
    if (rank == root && (all = calloc((size_t)p, NAME_LEN)) == NULL)
        return MPI_ERR_NO_MEM;
    err = MPI_Gather(mine, NAME_LEN, MPI_CHAR, all, NAME_LEN, MPI_CHAR, root, comm);
    if (err == MPI_SUCCESS && rank == root) {
        pf->nodes = 0;
        pf->min_per_node = p;
        for (int r = 0; r < p; r++) {
            const char *name = all + (size_t)r * NAME_LEN;
            int seen = 0, count = 0;
            for (int q = 0; q < r && !seen; q++)
                seen = strcmp(name, all + (size_t)q * NAME_LEN) == 0;
            if (seen)
                continue;   /* counted with its first rank */
            for (int q = r; q < p; q++)
                count += strcmp(name, all + (size_t)q * NAME_LEN) == 0;
            pf->nodes++;
            if (count < pf->min_per_node)
                pf->min_per_node = count;
            if (strcmp(name, all + (size_t)root * NAME_LEN) == 0)
                pf->root_per_node = count;
        }
        placement_hops(pf, all, p, root);
    }
    free(all);
    return err;
}

double bench_bound(const struct bench_platform *pf, enum bench_op op, int p, double bytes)
{
    double n = pf->nodes, h = pf->hop_lat, kb = pf->links * pf->bw;
    double R = pf->root_reach, E = pf->reach, to_farthest, inter;
    if (!pf->known || p < 2 || !(bytes > 0))
        return 0;
    if (pf->nodes < 2)
        return pf->intra_lat;   /* the loopback: every flow at full speed */
    to_farthest = bytes / kb;   /* one block or vector, to or from the farthest node */
    switch (op) {
    case BENCH_BCAST:
    case BENCH_REDUCE:
        inter = R * h + to_farthest;
        break;
    case BENCH_ALLREDUCE:
        inter = fmax(h + 2.0 * (n - 1.0) / n * bytes / kb, E * h + to_farthest);
        break;
    case BENCH_GATHER:
    case BENCH_SCATTER:
        inter = fmax(h + (double)(p - pf->root_per_node) * bytes / kb, R * h + to_farthest);
        break;
    case BENCH_ALLGATHER:
        inter = fmax(h + (double)(p - pf->min_per_node) * bytes / kb, E * h + to_farthest);
        break;
    default:
        return 0;
    }
    return fmax(inter, pf->intra_lat);
}
