/* Lower bounds of the collectives on a simulated cluster, from the
 * platform file's parameters (docs/bench.md has the derivation).
 *
 * Machine: n nodes, each with one full-duplex link of B bytes/s per
 * direction into a non-blocking switch; a message between nodes costs at
 * least L (node to node) plus its bytes / B; ranks of one node exchange at
 * Bi with latency Li. p ranks, c_min the fewest on a node, c_root those on
 * the root's node; b the message size of one process (the whole vector for
 * bcast, reduce, allreduce; one block for gather, scatter, allgather).
 *
 *   bound = latency term + bandwidth term
 *
 * Bandwidth (what must cross one node's link, one way):
 *   bcast, reduce, allreduce   b                 every node must receive the
 *                                                vector, or (reduce, allreduce)
 *                                                one partial result of each
 *                                                element from outside
 *   gather, scatter            (p - c_root) b    the root's node receives
 *                                                (sends) every other node's
 *                                                blocks
 *   allgather                  (p - c_min) b     every node receives the
 *                                                blocks of all other nodes
 * divided by B (n > 1), or b / Bi on one node.
 *
 * Latency: bcast, reduce, allreduce, allgather: ceil(log2 p) messages one
 * after another (with one message at a time per process, the set of
 * processes that hold a given piece of data at most doubles per message
 * time), each at least the smallest latency, and at least L once when the
 * ranks span several nodes. Gather and scatter: one message (L), since a
 * root may receive or send to all at once (linear algorithms do).
 *
 * On the star (one rank per node) allgather is (p-1) b / B + ceil(log2 p) L,
 * the bound of issue 5. */
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
    pf->known = 0;
    snprintf(pf->why, sizeof pf->why, "%s", why);
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
    else if (attribute(tag, tag_end, "topology", value, sizeof value))
        unknown(pf, "a topology (torus, fat tree): no bound derived");
    else if (attribute(tag, tag_end, "bb_bw", value, sizeof value))
        unknown(pf, "a backbone: no bound derived");
    else if (!attribute(tag, tag_end, "bw", value, sizeof value) || !parse_unit(value, 1, &pf->bw)
             || !attribute(tag, tag_end, "lat", value, sizeof value)
             || !parse_unit(value, 0, &pf->lat))
        unknown(pf, "bw or lat missing or malformed");
    if (pf->known) {
        pf->lat *= 2;   /* sender's link up, receiver's link down */
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
    }
    free(all);
    return err;
}

double bench_bound(const struct bench_platform *pf, enum bench_op op, int p, double bytes)
{
    int multi = pf->nodes > 1;
    double link = multi ? pf->bw : pf->intra_bw;
    double lmin = pf->nodes < p ? fmin(pf->lat, pf->intra_lat) : pf->lat;
    double latency, volume;
    if (!pf->known || p < 2)
        return 0;
    if (!multi)
        lmin = pf->intra_lat;
    switch (op) {
    case BENCH_GATHER:
    case BENCH_SCATTER:
        latency = multi ? pf->lat : pf->intra_lat;
        volume = multi ? (double)(p - pf->root_per_node) * bytes : bytes;
        break;
    case BENCH_ALLGATHER:
        latency = ceil(log2((double)p)) * lmin;
        volume = multi ? (double)(p - pf->min_per_node) * bytes : bytes;
        break;
    default:   /* bcast, reduce, allreduce */
        latency = ceil(log2((double)p)) * lmin;
        volume = bytes;
        break;
    }
    if (multi && latency < pf->lat)
        latency = pf->lat;
    return latency + volume / link;
}
