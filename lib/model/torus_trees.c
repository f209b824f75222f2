/* k arc-disjoint spanning trees of a grid's torus (torus_trees.h).
 *
 * Edmonds' branching theorem: trees T_1 .. T_k grown from the root can
 * be completed into k arc-disjoint spanning trees of the arcs left over
 * exactly when every set X of vertices has at least as many free arcs
 * entering it as there are trees that have not reached X yet. A torus
 * with k arcs into every vertex meets that at the start, and some free
 * arc out of any unfinished tree keeps it (an arc of a completion), so
 * growing the trees one arc at a time, each arc checked, never gets
 * stuck. The check is a flow: from a source through one unit per tree to
 * the tree's vertices, then along free arcs, at least k units must reach
 * the arc's head (the cuts of that network are the sets above).
 *
 * The trees grow in turn, one arc each, every tree from its vertices in
 * the order they joined (shallow first), each tree starting its scan of a
 * vertex's arcs at a different dim and direction: the trees' depths stay
 * close to each other, the deepest about 1.5 times the torus's radius
 * (8 x 4 x 4: 12, 11, 9, 9, 11, 9, radius 8; 32 x 32: 47 to 48, radius
 * 32). Growing one tree to the end before the next (Lovasz's proof) gave
 * 9 to 19 on a prototype. Cost: about k p checks, each k augmenting paths
 * searched backwards from the head, which finds a tree's vertex within a
 * few arcs once the trees are large: 8 x 4 x 4 in 2.6 ms on this
 * project's 2-core machine. */
#include "model/torus_trees.h"

#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "candidate/candidate_private.h"

struct torus {
    int p, k;
    int *nbr;                  /* p x k: the head of each vertex's out-arc */
    int rev[ORTHO__TREES_MAX]; /* the arc slot that comes back: nbr[nbr[v][j]][rev[j]] = v */
};

static int torus_make(int ndims, const int dims[], struct torus *t)
{
    int dim[ORTHO__TREES_MAX], sign[ORTHO__TREES_MAX];
    t->p = 1;
    t->k = 0;
    t->nbr = NULL;
    for (int d = 0; d < ndims; d++) {
        if (dims[d] < 1 || t->p > ORTHO__TREES_MAX_PROCS / dims[d])
            return MPI_ERR_UNSUPPORTED_OPERATION;
        t->p *= dims[d];
        for (int s = 1; s >= -1 && dims[d] > 1; s -= 2)
            if (s == 1 || dims[d] > 2) {
                dim[t->k] = d;
                sign[t->k++] = s;
            }
    }
    for (int j = 0; j < t->k; j++) {
        t->rev[j] = j;
        for (int i = 0; i < t->k; i++)
            if (dim[i] == dim[j] && sign[i] == -sign[j])
                t->rev[j] = i;
    }
    t->nbr = malloc((size_t)t->p * (size_t)(t->k > 0 ? t->k : 1) * sizeof(int));
    if (t->nbr == NULL)
        return MPI_ERR_NO_MEM;
    for (int v = 0; v < t->p; v++)
        for (int j = 0; j < t->k; j++) {
            /* v's coordinate in dim[j] is (v / stride) % dims */
            int stride = 1;
            for (int d = ndims - 1; d > dim[j]; d--)
                stride *= dims[d];
            int g = dims[dim[j]], c = (v / stride) % g, to = (c + sign[j] + g) % g;
            t->nbr[v * t->k + j] = v + (to - c) * stride;
        }
    return MPI_SUCCESS;
}

/* The flow network of the check. Nodes: the p vertices, one per tree
 * (p + i), the source (p + k). */
struct flow {
    const struct torus *t;
    const char *used;  /* p x k: the arc belongs to a tree */
    const char *in;    /* k x p: the vertex belongs to the tree */
    char *arc;         /* p x k: a unit on the arc */
    char *tree;        /* k: the unit from the source to the tree */
    int *into;         /* k x p: units from the tree's node to the vertex */
    int *next, *kind;  /* per node: the next node of the path found, by which edge */
    int *seen, stamp;  /* a node is on this search's paths when seen[x] == stamp */
    int *queue;
    /* what this check's units touched, undone before the next check (a
     * check touches a few paths; clearing all p k arcs each time cost
     * more than the search) */
    int *arcs_on, narcs_on; /* arcs given a unit */
    int *into_on, ninto_on; /* into[] entries given a unit */
};

enum { VIA_ARC, VIA_BACK, VIA_TREE_TO, VIA_SOURCE, VIA_BACK_TO_TREE };

static int visit(struct flow *f, int x, int next, int kind, int *tail)
{
    if (f->seen[x] == f->stamp)
        return 0;
    f->seen[x] = f->stamp;
    f->next[x] = next;
    f->kind[x] = kind;
    f->queue[(*tail)++] = x;
    return x == f->t->p + f->t->k;
}

/* One more unit from the source to w, searched backwards from w; 0 when
 * none. */
static int augment(struct flow *f, int w)
{
    const struct torus *t = f->t;
    int p = t->p, k = t->k, src = p + k, head = 0, tail = 0, found = 0;
    f->stamp++;
    f->seen[w] = f->stamp;
    f->next[w] = w;
    f->queue[tail++] = w;
    while (head < tail && !found) {
        int y = f->queue[head++];
        if (y >= p) { /* the node of tree y - p */
            int i = y - p;
            found = !f->tree[i] && visit(f, src, y, VIA_SOURCE, &tail);
            for (int u = 0; u < f->ninto_on && !found; u++)
                if (f->into_on[u] / p == i && f->into[f->into_on[u]] > 0)
                    found = visit(f, f->into_on[u] % p, y, VIA_BACK_TO_TREE, &tail);
            continue;
        }
        for (int i = 0; i < k && !found; i++)
            if (f->in[i * p + y])
                found = visit(f, p + i, y, VIA_TREE_TO, &tail);
        for (int j = 0; j < k && !found; j++) {
            /* free arcs into y (from its neighbour x by slot rev[j]) */
            int x = t->nbr[y * k + j], a = x * k + t->rev[j];
            if (!f->used[a] && !f->arc[a])
                found = visit(f, x, y, VIA_ARC, &tail);
            /* a unit on y's own out-arc to x, sent back */
            int b = y * k + j;
            if (!found && f->arc[b])
                found = visit(f, t->nbr[b], y, VIA_BACK, &tail);
        }
    }
    if (!found)
        return 0;
    for (int x = src; x != w; x = f->next[x]) {
        int y = f->next[x];
        switch (f->kind[x]) {
        case VIA_SOURCE:
            f->tree[y - p] = 1;
            break;
        case VIA_TREE_TO:
            if (f->into[(x - p) * p + y]++ == 0)
                f->into_on[f->ninto_on++] = (x - p) * p + y;
            break;
        case VIA_BACK_TO_TREE:
            f->into[(y - p) * p + x]--;
            break;
        case VIA_ARC:
            for (int j = 0; j < k; j++)
                if (t->nbr[x * k + j] == y && !f->used[x * k + j] && !f->arc[x * k + j]) {
                    f->arc[x * k + j] = 1;
                    f->arcs_on[f->narcs_on++] = x * k + j;
                    break;
                }
            break;
        default: /* VIA_BACK: the unit on y -> x goes */
            for (int j = 0; j < k; j++)
                if (t->nbr[y * k + j] == x && f->arc[y * k + j]) {
                    f->arc[y * k + j] = 0;
                    break;
                }
            break;
        }
    }
    return 1;
}

/* Whether k units reach w. */
static int enough(struct flow *f, int w)
{
    const struct torus *t = f->t;
    for (int i = 0; i < f->narcs_on; i++)
        f->arc[f->arcs_on[i]] = 0;
    for (int i = 0; i < f->ninto_on; i++)
        f->into[f->into_on[i]] = 0;
    f->narcs_on = f->ninto_on = 0;
    memset(f->tree, 0, (size_t)t->k);
    for (int u = 0; u < t->k; u++)
        if (!augment(f, w))
            return 0;
    return 1;
}

/* Tree i's next arc: from its vertices in the order they joined, the
 * first free arc to a vertex it lacks that passes the check. */
static int grow(struct flow *f, char *used, char *in, int i, int *order, int *len, int *first,
                int *parent, int *depth)
{
    const struct torus *t = f->t;
    int p = t->p, k = t->k;
    for (int at = *first; at < *len; at++) {
        int u = order[at], open = 0;
        for (int jj = 0; jj < k; jj++) {
            int j = (jj + i) % k, a = u * k + j, w = t->nbr[a];
            if (used[a] || in[i * p + w])
                continue;
            open = 1;
            used[a] = 1;
            in[i * p + w] = 1;
            if (enough(f, w)) {
                parent[i * p + w] = u;
                depth[i * p + w] = depth[i * p + u] + 1;
                order[(*len)++] = w;
                return 1;
            }
            used[a] = 0;
            in[i * p + w] = 0;
        }
        if (!open && at == *first)
            (*first)++;
    }
    return 0;
}

int ortho__torus_trees_make(int ndims, const int dims[], int *trees, int **parent, int depth[])
{
    struct torus t;
    if (ndims < 0 || ndims > ORTHO_GRID_MAX_DIMS || trees == NULL || parent == NULL)
        return MPI_ERR_ARG;
    *parent = NULL;
    int err = torus_make(ndims, dims, &t);
    if (err) {
        free(t.nbr);
        return err;
    }
    size_t p = (size_t)t.p, k = (size_t)t.k, kp = k * p;
    struct flow f;
    char *used = calloc(kp + 1, 1), *in = calloc(kp + 1, 1);
    int *par = malloc((kp + 1) * sizeof(int)), *dep = malloc((kp + 1) * sizeof(int));
    int *order = malloc((kp + 1) * sizeof(int)), *len = calloc(k + 1, sizeof(int));
    int *first = calloc(k + 1, sizeof(int));
    f.t = &t;
    f.used = used;
    f.in = in;
    f.arc = calloc(kp + 1, 1);
    f.tree = calloc(k + 1, 1);
    f.into = calloc(kp + 1, sizeof(int));
    f.next = malloc((p + k + 1) * sizeof(int));
    f.kind = malloc((p + k + 1) * sizeof(int));
    f.seen = calloc(p + k + 1, sizeof(int));
    f.stamp = 0;
    f.queue = malloc((p + k + 1) * sizeof(int));
    /* a check's k paths, each at most every node once */
    f.arcs_on = malloc((k * (p + k + 1) + 1) * sizeof(int));
    f.into_on = malloc((k * (p + k + 1) + 1) * sizeof(int));
    f.narcs_on = f.ninto_on = 0;
    if (!used || !in || !par || !dep || !order || !len || !first || !f.arc || !f.tree ||
        !f.into || !f.next || !f.kind || !f.seen || !f.queue || !f.arcs_on || !f.into_on)
        err = MPI_ERR_NO_MEM;
    for (size_t i = 0; i < k && !err; i++) {
        for (size_t v = 0; v < p; v++)
            par[i * p + v] = dep[i * p + v] = -1;
        par[i * p] = -1;
        dep[i * p] = 0;
        in[i * p] = 1;
        order[i * p] = 0;
        len[i] = 1;
    }
    /* every tree one arc in turn until all span the torus */
    for (int left = (int)(k * (p - 1)); left > 0 && !err;) {
        int grew = 0;
        for (int i = 0; i < t.k; i++)
            if (len[i] < t.p && grow(&f, used, in, i, order + (size_t)i * p, &len[i], &first[i],
                                     par, dep)) {
                grew = 1;
                left--;
            }
        if (!grew)
            err = MPI_ERR_INTERN; /* the theorem says it cannot happen */
    }
    for (int i = 0; i < t.k && !err; i++) {
        depth[i] = 0;
        for (size_t v = 0; v < p; v++)
            depth[i] = dep[(size_t)i * p + v] > depth[i] ? dep[(size_t)i * p + v] : depth[i];
    }
    if (!err) {
        *trees = t.k;
        *parent = par;
        par = NULL;
    }
    free(t.nbr);
    free(used);
    free(in);
    free(par);
    free(dep);
    free(order);
    free(len);
    free(first);
    free(f.arc);
    free(f.tree);
    free(f.into);
    free(f.next);
    free(f.kind);
    free(f.seen);
    free(f.queue);
    free(f.arcs_on);
    free(f.into_on);
    return err;
}

/* The trees of the last few dims asked for, kept for the process's life
 * (a call runs on the same grid again and again), under a mutex of their
 * own: the model works without MPI, so the library's lock, which asks
 * MPI for the thread level, is not used here. */
enum { KEPT = 4 };
static struct kept {
    int ndims, dims[ORTHO_GRID_MAX_DIMS];
    int trees, depth[ORTHO__TREES_MAX];
    int *parent; /* NULL: the entry is free */
} kept[KEPT];
static int kept_next;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

static int same_dims(const struct kept *e, int ndims, const int dims[])
{
    if (e->parent == NULL || e->ndims != ndims)
        return 0;
    for (int d = 0; d < ndims; d++)
        if (e->dims[d] != dims[d])
            return 0;
    return 1;
}

/* The entry of dims, made when missing; called under the lock. */
static int find(int ndims, const int dims[], struct kept **out)
{
    if (ndims < 0 || ndims > ORTHO_GRID_MAX_DIMS)
        return MPI_ERR_ARG;
    for (int i = 0; i < KEPT; i++)
        if (same_dims(&kept[i], ndims, dims)) {
            *out = &kept[i];
            return MPI_SUCCESS;
        }
    struct kept e;
    memset(&e, 0, sizeof e);
    int err = ortho__torus_trees_make(ndims, dims, &e.trees, &e.parent, e.depth);
    if (err)
        return err;
    e.ndims = ndims;
    memcpy(e.dims, dims, (size_t)ndims * sizeof dims[0]);
    struct kept *slot = &kept[kept_next];
    kept_next = (kept_next + 1) % KEPT;
    free(slot->parent);
    *slot = e;
    *out = slot;
    return MPI_SUCCESS;
}

int ortho__torus_trees_mean_depth(int k, const int depth[])
{
    long long sum = 0;
    for (int t = 0; t < k; t++)
        sum += depth[t];
    return k > 0 ? (int)((sum + k - 1) / k) : 0;
}

void ortho__torus_trees_parts(int n, int per, int k, const int depth[], int len[])
{
    int deepest = 0;
    long long extra = 0, given = 0;
    if (k < 1)
        return;
    for (int t = 0; t < k; t++)
        deepest = depth[t] > deepest ? depth[t] : deepest;
    for (int t = 0; t < k; t++)
        extra += deepest - depth[t];
    long long rest = (long long)n - extra * (per > 0 ? per : 0);
    for (int t = 0; t < k; t++) {
        long long x = rest >= 0 && per > 0 ? rest / k + (long long)(deepest - depth[t]) * per
                                           : n / k;
        len[t] = (int)x;
        given += x;
    }
    for (int t = 0; given < n; t = (t + 1) % k, given++)
        len[t]++;
}

long long ortho__torus_trees_stride(int ndims, const int dims[])
{
    long long stride = 1;
    for (int d = ndims - 1; d > 0; d--)
        stride *= dims[d];
    for (int d = 0; d < ndims - 1 && dims[d] == 1; d++)
        stride /= dims[d + 1];
    return stride > 0 ? stride : 1;
}

/* The depths of many more dims (the model ranks trees on every layout of
 * p, 36 of them at 512 processes: made again for each size class, they
 * took about 0.9 s a ranking). */
enum { SHAPES = 128 };
static struct shape {
    int ndims, dims[ORTHO_GRID_MAX_DIMS];
    int trees, depth[ORTHO__TREES_MAX];
} shapes[SHAPES];
static int nshapes, shapes_next;

int ortho__torus_trees_shape(int ndims, const int dims[], int *trees, int depth[])
{
    struct kept *e = NULL;
    int err = MPI_SUCCESS, hit = -1;
    if (ndims < 0 || ndims > ORTHO_GRID_MAX_DIMS)
        return MPI_ERR_ARG;
    pthread_mutex_lock(&kept_lock);
    for (int i = 0; i < nshapes && hit < 0; i++)
        if (shapes[i].ndims == ndims &&
            memcmp(shapes[i].dims, dims, (size_t)ndims * sizeof dims[0]) == 0)
            hit = i;
    if (hit < 0 && !(err = find(ndims, dims, &e))) {
        struct shape *s = &shapes[shapes_next];
        shapes_next = (shapes_next + 1) % SHAPES;
        nshapes = nshapes < SHAPES ? nshapes + 1 : SHAPES;
        memset(s, 0, sizeof *s);
        s->ndims = ndims;
        memcpy(s->dims, dims, (size_t)ndims * sizeof dims[0]);
        s->trees = e->trees;
        memcpy(s->depth, e->depth, sizeof s->depth);
        hit = (int)(s - shapes);
    }
    if (!err) {
        *trees = shapes[hit].trees;
        memcpy(depth, shapes[hit].depth, (size_t)shapes[hit].trees * sizeof(int));
    }
    pthread_mutex_unlock(&kept_lock);
    return err;
}

int ortho__torus_trees_links(int ndims, const int dims[], int vertex,
                             struct ortho__tree_links *links)
{
    struct kept *e = NULL;
    pthread_mutex_lock(&kept_lock);
    int err = find(ndims, dims, &e), p = 1;
    for (int d = 0; d < ndims && !err; d++)
        p *= dims[d];
    if (!err && (vertex < 0 || vertex >= p))
        err = MPI_ERR_ARG;
    if (!err) {
        links->trees = e->trees;
        for (int i = 0; i < e->trees; i++) {
            const int *par = e->parent + (size_t)i * (size_t)p;
            links->depth[i] = e->depth[i];
            links->parent[i] = par[vertex];
            links->nchildren[i] = 0;
            for (int v = 0; v < p; v++)
                if (par[v] == vertex && links->nchildren[i] < ORTHO__TREES_MAX)
                    links->children[i][links->nchildren[i]++] = v;
        }
    }
    pthread_mutex_unlock(&kept_lock);
    return err;
}
