/* Broadcast down k arc-disjoint spanning trees of the grid's torus
 * ("trees").
 *
 * The torus of the grid (lib/model/torus_trees.h): every process linked
 * to its neighbours at +1 and -1 in every dim longer than 1, k arcs out
 * of each (k = 6 on a 3D grid whose dims are all longer than 2). It has
 * k spanning trees from any root that share no arc. The message is cut
 * into k parts, part t sent down tree t in segments of s, a shallower
 * tree's part a segment longer for every hop it lacks
 * (ortho__torus_trees_parts: every part's pipeline as long); a
 * process forwards each segment of a part to its children in that tree
 * as soon as it has it. Where the grid's dims match a torus network's,
 * every link carries n / k once and the root sends on all its k links at
 * once, so the time nears the bound n / (k B) of the root's links, where
 * rings (a scatter and an allgather) moves twice that.
 *
 * Cost (alpha-beta, D the trees' mean depth, n / (k s) segments a part
 * on average, each hop paced: the next segment to a child leaves once
 * the last was taken):
 *   T = (n / (k s) + D - 1) (alpha + s beta)
 *   s = sqrt(n / k alpha / ((D - 1) beta))
 * (ortho__model_trees_segment: alpha and beta of the profile's measured
 * hop, or the candidate's "seg="). As phases (lib/model/variants.c):
 * the longest part's segments and depth in hops t_bc(2, s), a step
 * each; where one link carries all of a process's messages (the
 * profile's hop_fan 1), a step moves the k parts' segments through it:
 * (alpha + k s beta).
 *
 * Pacing: every send is synchronous (MPI_Issend) and a process keeps one
 * segment of a part in flight to each child. SimGrid shares a link among
 * the messages on it: with eager sends every segment of a part reached
 * the next process at once, at the end, and the pipeline stalled at each
 * hop (2.77 ms against 0.27 ms, on a prototype).
 *
 * Measured (SimGrid 3.32, t3e_torus.xml, 128 processes, grid 8x4x4 over
 * the torus's z, y, x, 500 KiB, scripts/smpi_settings.sh, results
 * checked, the torus's ortho-fit profile's segment of 2562 B): 0.246 ms,
 * 1.62 times the bound of 0.152 ms; rings 0.390 ms; the mpich selector's
 * bcast 5.99 ms (docs/variants.md, "trees").
 *
 * Receives are posted RECV_AHEAD segments ahead per part into the user's
 * buffer at the segment's place; the messages travel on the grid's
 * communicator (the library's duplicate) with tag ORTHO_TAG + 80 + t.
 * Full grids only (every position a process); the dispatcher runs scag's
 * rows order elsewhere. Memory: the trees of the grid's dims, k p ints,
 * kept for the process (a few dims at a time), and k (RECV_AHEAD + k)
 * requests. */
#include <stdlib.h>
#include <string.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/trees_links.h"

enum { RECV_AHEAD = 2, TAG_TREES = ORTHO_TAG + 80 };

struct part {
    int count;  /* segments */
    int posted; /* segments whose receive was posted */
    int sent;   /* segments passed on to the children */
    char *got;  /* per segment: arrived (the root has them all) */
    int slot_seg[RECV_AHEAD];
};

struct trees {
    void *buf;
    MPI_Datatype type;
    MPI_Comm comm;
    int stride; /* requests per part: RECV_AHEAD + its children */
    struct ortho__trees_at at;
    struct part part[ORTHO__TREES_MAX];
    MPI_Request *req;
};

static void *seg_at(const struct trees *T, int t, int j)
{
    return ortho__offset(T->buf, (MPI_Aint)T->at.off[t] + (MPI_Aint)j * T->at.per, T->type);
}

static int post_recv(struct trees *T, int t, int slot)
{
    struct part *q = &T->part[t];
    int j = q->posted++;
    q->slot_seg[slot] = j;
    return PMPI_Irecv(seg_at(T, t, j), ortho__trees_seg_len(&T->at, t, j), T->type,
                      T->at.parent[t], TAG_TREES + t, T->comm, &T->req[t * T->stride + slot]);
}

/* Part t's segments that are in and whose children took the last one. */
static int pass_on(void *ctx, int t)
{
    struct trees *T = ctx;
    struct part *q = &T->part[t];
    MPI_Request *s = T->req + t * T->stride + RECV_AHEAD;
    int err = MPI_SUCCESS, n = T->at.nchildren[t];
    while (!err && q->sent < q->count && q->got[q->sent]) {
        for (int c = 0; c < n; c++)
            if (s[c] != MPI_REQUEST_NULL)
                return MPI_SUCCESS;
        int j = q->sent++;
        for (int c = 0; c < n && !err; c++)
            err = PMPI_Issend(seg_at(T, t, j), ortho__trees_seg_len(&T->at, t, j), T->type,
                              T->at.child[t][c], TAG_TREES + t, T->comm, &s[c]);
    }
    return err;
}

/* A receive in: its segment is there, the slot takes the next one. */
static int done(void *ctx, int idx)
{
    struct trees *T = ctx;
    int t = idx / T->stride, a = idx % T->stride;
    struct part *q = &T->part[t];
    if (a >= RECV_AHEAD)
        return MPI_SUCCESS;
    q->got[q->slot_seg[a]] = 1;
    return q->posted < q->count ? post_recv(T, t, a) : MPI_SUCCESS;
}

static int run(struct trees *T)
{
    int err = MPI_SUCCESS;
    for (int t = 0; t < T->at.k && !err; t++)
        for (int a = 0; a < RECV_AHEAD && T->at.parent[t] >= 0 &&
                        T->part[t].posted < T->part[t].count && !err;
             a++)
            err = post_recv(T, t, a);
    if (err) {
        ortho__cancel_each(T->at.k * T->stride, T->req);
        return err;
    }
    return ortho__trees_loop(T->at.k * T->stride, T->req, T->at.k, pass_on, done, T);
}

int ortho__bcast_trees(void *buf, int n, MPI_Datatype type, int root,
                       const struct ortho__segment_choice *seg, const struct ortho_grid *grid)
{
    struct trees T;
    if (grid->size < 2 || n == 0)
        return MPI_SUCCESS;
    memset(&T, 0, sizeof T);
    int err = ortho__trees_at(grid, root, n, type, seg, &T.at);
    if (err)
        return err;
    T.buf = buf;
    T.type = type;
    T.comm = grid->comm;
    T.stride = RECV_AHEAD + T.at.k;
    T.req = malloc((size_t)T.at.k * (size_t)T.stride * sizeof(MPI_Request) + 1);
    if (T.req == NULL)
        err = MPI_ERR_NO_MEM;
    for (int i = 0; i < T.at.k * T.stride && !err; i++)
        T.req[i] = MPI_REQUEST_NULL;
    for (int t = 0; t < T.at.k && !err; t++) {
        struct part *q = &T.part[t];
        q->count = ortho__trees_segments(&T.at, t);
        q->got = calloc((size_t)q->count + 1, 1);
        if (q->got == NULL)
            err = MPI_ERR_NO_MEM;
        else if (T.at.parent[t] < 0)
            memset(q->got, 1, (size_t)q->count);
    }
    if (!err)
        err = run(&T);
    for (int t = 0; t < T.at.k; t++)
        free(T.part[t].got);
    free(T.req);
    return err;
}
