/* Allreduce, bcast, reduce, allgather, gather and scatter as rings in
 * every dimension at once ("rings").
 *
 * Cost (alpha-beta-gamma, n bytes, a full grid d_0 x ... x d_{k-1} of
 * which k' dims are longer than 1, P = 2 k' parts of n / P):
 *   one part alone crosses its dims in turn, starting at its own, each as
 *   a ring of d_j - 1 steps on the part's block of that dim
 *   (n_j = n / P / (the extents crossed before)): allreduce and reduce a
 *   reduce-scatter, bcast a scatter from the root's ring, then the
 *   allgather back the same way (reduce: the gather into the root's
 *   rings, the scatter backwards; allgather, gather and scatter: that
 *   half alone, on the vector of every process's block, n = p b):
 *     t_part = sum_j 2 (d_j - 1) (alpha + n_j / d_j beta)
 *              (+ (d_j - 1) / d_j n_j gamma for allreduce and reduce)
 *   all parts at once: T = m + fan (X - x_m), m the slowest part, X the
 *   transfers of all parts, x_m its own (their latencies overlap; fan: 0
 *   where a process's messages to its 2 k' ring neighbours leave by links
 *   of their own, a torus whose dims the grid's match; 1 where one link
 *   carries them all). On a dim of 2 the neighbours at +1 and -1 are one
 *   process: the two parts that start there send to it side by side.
 * Allreduce: every part moves 2 (p - 1) / p n / P bytes per process, so
 * with a link per direction the whole message costs 2 (p - 1) / p n /
 * (2 k') beta, the volume bound of 2 k' links. Bcast moves the same (a
 * scatter and an allgather), twice the bound's n / (2 k') beta; reduce
 * too (a reduce-scatter and a gather: twice the root's inbound links'
 * n / (2 k') beta). Allgather moves (p - 1) / p n per process, the
 * volume bound of its 2 k' inbound links; gather and scatter move as much
 * through the root's.
 *
 * Part (i, s), i < k', s = +1 or -1, runs the dims i, i + 1, ...,
 * cyclically, each as a ring that sends to the neighbour at coordinate + s
 * and receives from - s, then the allgather in the opposite order. At the
 * start the 2 k' parts use 2 k' different links of every process (one
 * per dim and direction). Each part runs on its own (its next step is
 * posted as soon as its last one completed, by one MPI_Waitany over every
 * part's two requests): holding the parts at each phase boundary was
 * slower on a prototype under SMPI on the 4x4x8 torus (809 us against
 * 613 us for 500 KB), since a ring step waits on its neighbour's step and
 * a held part makes every part of its neighbours wait.
 *
 * The scatter of a bcast part runs in the rings that hold its data: along
 * its first dim the root's ring, along the next the rings through the
 * processes that the first reached, and so on; each is a pipeline from
 * the ring's holder, the farthest member's block first, every member
 * passing on the blocks of the members beyond it.
 *
 * A step's send is synchronous (MPI_Issend): a part's next message leaves
 * only once the last one was taken, never two of them on a link at once.
 * With MPI_Isend a message below the eager limit completed at once and
 * the next step's followed it onto the link; SimGrid, which shares a link
 * among a sender's messages where a network sends them in order,
 * delivered both late: 0.601 ms against 0.390 ms below.
 *
 * Measured (SimGrid 3.32, t3e_torus.xml, 128 processes, grid 8x4x4 over
 * the torus's z, y, x, 500 KiB, scripts/smpi_settings.sh, results
 * checked): allreduce 0.390 ms, against 11.67 ms for the mpich selector's
 * allreduce, 1.45 ms for rsag:4x32:rows and a bound of 0.284 ms; bcast
 * 0.390 ms and reduce 0.378 ms, each 2.5 times its bound; allgather
 * 22.6 ms, gather 21.5 ms and scatter 21.4 ms, 1.18 to 1.25 times
 * theirs (docs/variants.md, "rings").
 *
 * The reduce-scatter combines a neighbour's partial sum with this
 * process's in ring order, not rank order: commutative operations only
 * (the dispatcher runs rsag's rows order otherwise). Full grids only,
 * every position of the box a process (an uneven grid's short row, or an
 * N-D box lacking whole rows, breaks the rings; rsag, or scag for bcast,
 * runs there). Memory: allreduce one temporary of n elements (each part
 * receives into its own share); reduce two on processes other than the
 * root (the working copy, whose gathered blocks they pass on), one at the
 * root (which works in recvbuf); allgather one of p b bytes (the
 * pieces in the rings' order, copied to their blocks at the end); gather
 * and scatter p b bytes at the root, elsewhere the share of each part a
 * process passes on (up to p b on the root's rings, a few blocks on most
 * processes); bcast none (blocks land at their final places). */
#include <stdlib.h>
#include <string.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"

enum { TAG_RINGS = ORTHO_TAG + 40 }; /* + the part's index */

/* One part's walk: reduce-scatter (scatter) over its dims in turn, then
 * allgather (gather) back. */
struct part {
    int first, dir;  /* its first dim (an index into the ring dims), the ring direction */
    int phase, step; /* phase < nd: reduce-scatter or scatter in dim (first + phase) % nd;
                        nd <= phase < 2 nd: the allgather (gather) in reverse; step in the
                        ring */
    int off[ORTHO_GRID_MAX_DIMS + 1], len[ORTHO_GRID_MAX_DIMS + 1]; /* block held before
                                                                     each first-half phase */
    int into, into_len; /* where the last receive of a reduce-scatter step combines (-1: none) */
    void *tmp;          /* allreduce: this part's share of the temporary */
    void *base;         /* where element base_off of the vector lies (NULL: the rings' buf, 0) */
    int base_off;
    int end;            /* the phase after its last: 2 nd, scatter nd */
    MPI_Request req[2];
    int done;
};

struct rings {
    const struct ortho_grid *grid;
    void *buf;
    MPI_Datatype type;
    MPI_Op op;                           /* MPI_OP_NULL: a bcast */
    int to_root;                         /* reduce, gather: gathers to the root, not allgathers */
    int root[ORTHO_GRID_MAX_DIMS];       /* the rooted operations: the root's coordinates */
    int nd;                              /* dims longer than 1 */
    int dim[ORTHO_GRID_MAX_DIMS];        /* their indices in the grid */
    int stride[ORTHO_GRID_MAX_DIMS];     /* grid rank distance of one step in each dim */
};

/* Element k of the vector, in part q's share of the buffers. */
static void *elem(const struct rings *R, const struct part *q, int k)
{
    return ortho__offset(q->base != NULL ? q->base : R->buf, k - q->base_off, R->type);
}

static int mod(int a, int g)
{
    return ((a % g) + g) % g;
}

/* The grid rank s steps along ring dim r from this process. */
static int neighbour(const struct rings *R, int r, int s)
{
    int d = R->dim[r], c = R->grid->coords[d];
    return R->grid->rank + (mod(c + s, R->grid->dims[d]) - c) * R->stride[r];
}

/* Posts a step's receive into recv (rl elements) and send of send (sl),
 * either one absent where its pointer is NULL, sending to the neighbour
 * at coordinate + `to` and receiving from - `to`. */
static int exchange(struct rings *R, struct part *q, int r, void *recv, int rl, const void *send,
                    int sl, int to, int tag)
{
    MPI_Comm comm = R->grid->comm;
    q->req[0] = q->req[1] = MPI_REQUEST_NULL;
    int err = recv == NULL ? MPI_SUCCESS
                           : PMPI_Irecv(recv, rl, R->type, neighbour(R, r, -to), tag, comm,
                                        &q->req[0]);
    if (!err && send != NULL)
        err = PMPI_Issend(send, sl, R->type, neighbour(R, r, to), tag, comm, &q->req[1]);
    return err;
}

/* bcast's scatter and reduce's gather: whether this process is in a ring
 * of the root's at phase `at` (its coordinates in the part's later dims
 * are the root's), and its distance from the ring's holder (the member
 * with the root's coordinate) along the part's direction. */
static int root_ring_place(const struct rings *R, const struct part *q, int at, int *dist)
{
    for (int i = at + 1; i < R->nd; i++) {
        int d = R->dim[(q->first + i) % R->nd];
        if (R->grid->coords[d] != R->root[d])
            return 0;
    }
    int d = R->dim[(q->first + at) % R->nd];
    *dist = mod((R->grid->coords[d] - R->root[d]) * q->dir, R->grid->dims[d]);
    return 1;
}

/* The steps of this process in a scatter ring of g: the holder sends
 * g - 1 blocks, the member at distance i receives g - i, so g - i steps
 * (its first only receives); a gather ring runs them backwards (the
 * member at distance i sends g - i blocks, its last step only sends); a
 * process outside the root's rings none. */
static int root_ring_steps(int active, int dist, int g)
{
    return !active ? 0 : dist == 0 ? g - 1 : g - dist;
}

/* Posts part q's next step, moving through phases as they end; marks it
 * done after its last allgather (reduce: gather). */
static int post(struct rings *R, struct part *q, int tag)
{
    int bcast = R->op == MPI_OP_NULL;
    for (;;) {
        if (q->phase == q->end) {
            q->done = 1;
            return MPI_SUCCESS;
        }
        int first_half = q->phase < R->nd;
        int at = first_half ? q->phase : 2 * R->nd - 1 - q->phase; /* its first-half index */
        int r = (q->first + at) % R->nd, g = R->grid->dims[R->dim[r]];
        int c = R->grid->coords[R->dim[r]], s = q->dir, t = q->step, dist = 0;
        int scatter = bcast && first_half, gather = R->to_root && !first_half;
        int active = scatter || gather ? root_ring_place(R, q, at, &dist) : 1;
        int steps = scatter || gather ? root_ring_steps(active, dist, g) : g - 1;
        if (t == steps) { /* this ring is over */
            if (first_half) {
                int o, l;
                ortho__piece(q->len[at], g, c, &o, &l);
                q->off[at + 1] = q->off[at] + o;
                q->len[at + 1] = l;
            }
            q->phase++;
            q->step = 0;
            continue;
        }
        int so, sl, ro, rl;
        q->into = -1;
        if (scatter) {
            /* blocks travel farthest first: the holder's step t sends the
             * block of distance g - 1 - t; the member at distance i
             * receives that of g - 1 - t at its step t and passes on, at
             * its step t, the one it received at t - 1 */
            int h = mod(c - s * dist, g); /* the ring's holder's coordinate */
            int recv_d = dist == 0 ? -1 : g - 1 - t, send_d = dist == 0 ? g - 1 - t : g - t;
            int send = dist == 0 || t >= 1;
            ortho__piece(q->len[at], g, mod(h + s * (recv_d < 0 ? 0 : recv_d), g), &ro, &rl);
            ortho__piece(q->len[at], g, mod(h + s * send_d, g), &so, &sl);
            return exchange(R, q, r,
                            recv_d < 0 ? NULL : elem(R, q, q->off[at] + ro), rl,
                            send ? elem(R, q, q->off[at] + so) : NULL,
                            sl, s, tag);
        }
        if (gather) {
            /* the scatter backwards, towards the holder: the member at
             * distance i sends its own block at its step 0 and at step t
             * the one of distance i + t, received at t - 1 from the
             * member beyond it; the holder receives that of t + 1 */
            int h = mod(c - s * dist, g);
            int send_d = dist == 0 ? -1 : dist + t, recv_d = dist + t + 1 < g ? dist + t + 1 : -1;
            ortho__piece(q->len[at], g, mod(h + s * (recv_d < 0 ? 0 : recv_d), g), &ro, &rl);
            ortho__piece(q->len[at], g, mod(h + s * (send_d < 0 ? 0 : send_d), g), &so, &sl);
            return exchange(R, q, r,
                            recv_d < 0 ? NULL : elem(R, q, q->off[at] + ro), rl,
                            send_d < 0 ? NULL : elem(R, q, q->off[at] + so),
                            sl, -s, tag);
        }
        /* reduce-scatter: send the block this process has summed up to
         * now, receive the next one's partial sum; allgather: pass on the
         * block received last */
        ortho__piece(q->len[at], g, mod(first_half ? c - s * (t + 1) : c - s * t, g), &so, &sl);
        ortho__piece(q->len[at], g, mod(first_half ? c - s * (t + 2) : c - s * (t + 1), g), &ro, &rl);
        so += q->off[at];
        ro += q->off[at];
        if (first_half) {
            q->into = ro;
            q->into_len = rl;
        }
        return exchange(R, q, r, first_half ? q->tmp : elem(R, q, ro), rl, elem(R, q, so), sl, s,
                        tag);
    }
}

static int run(struct rings *R, struct part q[], int nparts)
{
    MPI_Request req[4 * ORTHO_GRID_MAX_DIMS];
    int err = MPI_SUCCESS;
    for (int j = 0; j < nparts && !err; j++)
        err = post(R, &q[j], TAG_RINGS + j);
    while (!err) {
        int active = 0, idx;
        for (int j = 0; j < nparts; j++) {
            req[2 * j] = q[j].done ? MPI_REQUEST_NULL : q[j].req[0];
            req[2 * j + 1] = q[j].done ? MPI_REQUEST_NULL : q[j].req[1];
            active += !q[j].done;
        }
        if (!active)
            return MPI_SUCCESS;
        err = PMPI_Waitany(2 * nparts, req, &idx, MPI_STATUS_IGNORE);
        if (err || idx == MPI_UNDEFINED)
            break;
        struct part *p = &q[idx / 2];
        p->req[idx % 2] = MPI_REQUEST_NULL;
        if (p->req[0] != MPI_REQUEST_NULL || p->req[1] != MPI_REQUEST_NULL)
            continue;
        if (p->into >= 0 && p->into_len > 0)
            err = PMPI_Reduce_local(p->tmp, elem(R, p, p->into), p->into_len,
                                    R->type, R->op);
        p->step++;
        if (!err)
            err = post(R, p, TAG_RINGS + idx / 2);
    }
    /* a failure: no buffer may be freed while MPI still uses it */
    for (int j = 0; j < nparts; j++)
        if (!q[j].done)
            ortho__cancel_each(2, q[j].req);
    return err ? err : MPI_ERR_INTERN;
}

/* The ring dims of the grid (longer than 1), slowest-varying first, with
 * the rank distance of one step in each; returns how many. */
static int ring_dims(struct rings *R)
{
    const struct ortho_grid *grid = R->grid;
    int stride = 1, n = 0, dim[ORTHO_GRID_MAX_DIMS], str[ORTHO_GRID_MAX_DIMS];
    for (int d = grid->ndims - 1; d >= 0; d--) {
        if (grid->dims[d] > 1) {
            dim[n] = d;
            str[n++] = stride;
        }
        stride *= grid->dims[d];
    }
    for (int i = 0; i < n; i++) {
        R->dim[i] = dim[n - 1 - i];
        R->stride[i] = str[n - 1 - i];
    }
    R->nd = n;
    return n;
}

static void rings_init(struct rings *R, const struct ortho_grid *grid, void *buf,
                       MPI_Datatype type, MPI_Op op)
{
    memset(R, 0, sizeof *R);
    R->grid = grid;
    R->buf = buf;
    R->type = type;
    R->op = op;
}

/* Part j of 2 nd at its start: dim j / 2, direction + for even j,
 * both halves ahead, nothing posted. */
static void part_init(const struct rings *R, int j, struct part *q)
{
    memset(q, 0, sizeof *q);
    q->first = j / 2;
    q->dir = j % 2 ? -1 : 1;
    q->end = 2 * R->nd;
    q->req[0] = q->req[1] = MPI_REQUEST_NULL;
}

/* The 2 nd parts of n elements, each with its share of tmp (or none). */
static void parts_of(const struct rings *R, int n, void *tmp, struct part q[])
{
    for (int j = 0; j < 2 * R->nd; j++) {
        part_init(R, j, &q[j]);
        ortho__piece(n, 2 * R->nd, j, &q[j].off[0], &q[j].len[0]);
        q[j].tmp = tmp != NULL ? ortho__offset(tmp, q[j].off[0], R->type) : NULL;
    }
}

int ortho__allreduce_rings(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                           MPI_Op op, const struct ortho_grid *grid)
{
    struct rings R;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    rings_init(&R, grid, recvbuf, type, op);
    int err = sendbuf == MPI_IN_PLACE ? MPI_SUCCESS
                                      : ortho__local_copy(sendbuf, n, type, recvbuf, n, type);
    if (err || ring_dims(&R) == 0)
        return err;
    void *raw = NULL, *tmp = NULL;
    err = ortho__tmp(n, type, &raw, &tmp);
    if (err)
        return err;
    parts_of(&R, n, tmp, q);
    err = run(&R, q, 2 * R.nd);
    free(raw);
    return err;
}

int ortho__reduce_rings(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                        int root, const struct ortho_grid *grid)
{
    struct rings R;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    void *work_raw = NULL, *work = recvbuf, *raw = NULL, *tmp = NULL;
    /* the root works in recvbuf, every other process in a temporary: the
     * reduce-scatter's blocks, then the gathered ones it passes on */
    int err = grid->rank == root ? MPI_SUCCESS : ortho__tmp(n, type, &work_raw, &work);
    if (!err && input != work)
        err = ortho__local_copy(input, n, type, work, n, type);
    rings_init(&R, grid, work, type, op);
    R.to_root = 1;
    ortho__grid_coords(grid, root, R.root);
    if (!err && ring_dims(&R) > 0 && !(err = ortho__tmp(n, type, &raw, &tmp))) {
        parts_of(&R, n, tmp, q);
        err = run(&R, q, 2 * R.nd);
    }
    free(raw);
    free(work_raw);
    return err;
}

/* allgather, gather, scatter: process r's place among the p pieces of
 * the part that starts at ring dim `first`: its coordinates read as one
 * number, the part's first dim the most significant (the nested blocks of
 * the reduce-scatter's bookkeeping, all of one size here). */
static long long nested_index(const struct rings *R, int r, int first)
{
    int coords[ORTHO_GRID_MAX_DIMS];
    long long q = 0;
    ortho__grid_coords(R->grid, r, coords);
    for (int i = 0; i < R->nd; i++) {
        int d = R->dim[(first + i) % R->nd];
        q = q * R->grid->dims[d] + coords[d];
    }
    return q;
}

/* The parts of the vector of every process's block of n bytes, laid out
 * as the allreduce's reduce-scatter leaves its pieces: part j holds the
 * j-th piece of every block, p of them in nested order, so that each
 * process's own pieces are where the rings' bookkeeping puts its blocks
 * (off[nd]); with every level's block of this process. */
static void vector_parts(const struct rings *R, int n, struct part q[])
{
    int p = R->grid->size;
    for (int j = 0; j < 2 * R->nd; j++) {
        int po, pl;
        ortho__piece(n, 2 * R->nd, j, &po, &pl);
        part_init(R, j, &q[j]);
        q[j].off[0] = p * po;
        q[j].len[0] = p * pl;
        for (int i = 0; i < R->nd; i++) {
            int d = R->dim[(q[j].first + i) % R->nd], o, l;
            ortho__piece(q[j].len[i], R->grid->dims[d], R->grid->coords[d], &o, &l);
            q[j].off[i + 1] = q[j].off[i] + o;
            q[j].len[i + 1] = l;
        }
    }
}

/* Where piece j of process r's block lies in the vector. */
static char *vector_piece(const struct rings *R, const struct part q[], int j, int r, int pl)
{
    return elem(R, &q[j], q[j].off[0] + (int)nested_index(R, r, q[j].first) * pl);
}

/* Process r's block of n bytes into the vector, and back. */
static void block_to_vector(const struct rings *R, const struct part q[], int n, int r,
                            const char *block)
{
    for (int j = 0; j < 2 * R->nd; j++) {
        int po, pl;
        ortho__piece(n, 2 * R->nd, j, &po, &pl);
        memcpy(vector_piece(R, q, j, r, pl), block + po, (size_t)pl);
    }
}

static void vector_to_block(const struct rings *R, const struct part q[], int n, int r,
                            char *block)
{
    for (int j = 0; j < 2 * R->nd; j++) {
        int po, pl;
        ortho__piece(n, 2 * R->nd, j, &po, &pl);
        memcpy(block + po, vector_piece(R, q, j, r, pl), (size_t)pl);
    }
}

/* gather, scatter: the share of each part this process handles, as a
 * member of a ring of the root's from the part's deepest dim where its
 * coordinate is not the root's (the whole part at the root), in one
 * allocation; NULL when out of memory. */
static char *vector_spans(const struct rings *R, struct part q[])
{
    size_t total = 0;
    int from[2 * ORTHO_GRID_MAX_DIMS];
    for (int j = 0; j < 2 * R->nd; j++) {
        from[j] = 0;
        for (int i = 0; i < R->nd; i++)
            if (R->grid->coords[R->dim[(q[j].first + i) % R->nd]] !=
                R->root[R->dim[(q[j].first + i) % R->nd]])
                from[j] = i;
        total += (size_t)q[j].len[from[j]];
    }
    char *all = malloc(total > 0 ? total : 1), *at = all;
    for (int j = 0; j < 2 * R->nd && all != NULL; j++) {
        q[j].base = at;
        q[j].base_off = q[j].off[from[j]];
        at += q[j].len[from[j]];
    }
    return all;
}

int ortho__allgather_rings(const void *sendbuf, void *recvbuf, int n,
                           const struct ortho_grid *grid)
{
    struct rings R;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    int p = grid->size, me = ortho__pos(grid, grid->rank);
    char *out = recvbuf, *mine = out + (size_t)me * n;
    const char *own = sendbuf == MPI_IN_PLACE ? mine : sendbuf;
    rings_init(&R, grid, NULL, MPI_BYTE, MPI_OP_NULL);
    if (ring_dims(&R) == 0 || n == 0) {
        if (own != mine)
            memcpy(mine, own, (size_t)n);
        return MPI_SUCCESS;
    }
    /* the allreduce's allgather half completes the vector everywhere */
    char *work = malloc((size_t)p * n);
    if (work == NULL)
        return MPI_ERR_NO_MEM;
    R.buf = work;
    vector_parts(&R, n, q);
    block_to_vector(&R, q, n, grid->rank, own);
    for (int j = 0; j < 2 * R.nd; j++)
        q[j].phase = R.nd;
    int err = run(&R, q, 2 * R.nd);
    for (int r = 0; r < p && !err; r++)
        vector_to_block(&R, q, n, r, out + (size_t)ortho__pos(grid, r) * n);
    free(work);
    return err;
}

int ortho__gather_rings(const void *sendbuf, void *recvbuf, int n, int root,
                        const struct ortho_grid *grid)
{
    struct rings R;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    int p = grid->size, is_root = grid->rank == root;
    char *mine = is_root ? (char *)recvbuf + (size_t)ortho__pos(grid, grid->rank) * n : NULL;
    const char *own = is_root && sendbuf == MPI_IN_PLACE ? mine : sendbuf;
    rings_init(&R, grid, NULL, MPI_BYTE, MPI_OP_NULL);
    R.to_root = 1;
    ortho__grid_coords(grid, root, R.root);
    if (ring_dims(&R) == 0 || n == 0) {
        if (is_root && own != mine)
            memcpy(mine, own, (size_t)n);
        return MPI_SUCCESS;
    }
    /* the reduce's gather half, on the vector of the blocks */
    vector_parts(&R, n, q);
    char *spans = vector_spans(&R, q);
    if (spans == NULL)
        return MPI_ERR_NO_MEM;
    block_to_vector(&R, q, n, grid->rank, own); /* its own pieces: within its share */
    for (int j = 0; j < 2 * R.nd; j++)
        q[j].phase = R.nd;
    int err = run(&R, q, 2 * R.nd);
    for (int r = 0; r < p && !err && is_root; r++)
        vector_to_block(&R, q, n, r, (char *)recvbuf + (size_t)ortho__pos(grid, r) * n);
    free(spans);
    return err;
}

int ortho__scatter_rings(const void *sendbuf, void *recvbuf, int n, int root,
                         const struct ortho_grid *grid)
{
    struct rings R;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    int p = grid->size, is_root = grid->rank == root;
    rings_init(&R, grid, NULL, MPI_BYTE, MPI_OP_NULL);
    ortho__grid_coords(grid, root, R.root);
    if (ring_dims(&R) == 0 || n == 0) {
        /* one process, the root (sendbuf means nothing elsewhere) */
        if (recvbuf != MPI_IN_PLACE && n > 0)
            memcpy(recvbuf, (const char *)sendbuf + (size_t)ortho__pos(grid, grid->rank) * n,
                   (size_t)n);
        return MPI_SUCCESS;
    }
    /* the bcast's scatter half, on the vector of the blocks */
    vector_parts(&R, n, q);
    char *spans = vector_spans(&R, q);
    if (spans == NULL)
        return MPI_ERR_NO_MEM;
    for (int r = 0; r < p && is_root; r++)
        block_to_vector(&R, q, n, r, (const char *)sendbuf + (size_t)ortho__pos(grid, r) * n);
    for (int j = 0; j < 2 * R.nd; j++)
        q[j].end = R.nd;
    int err = run(&R, q, 2 * R.nd);
    if (!err && recvbuf != MPI_IN_PLACE)
        vector_to_block(&R, q, n, grid->rank, recvbuf);
    free(spans);
    return err;
}

int ortho__bcast_rings(void *buf, int n, MPI_Datatype type, int root,
                       const struct ortho_grid *grid)
{
    struct rings R;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    rings_init(&R, grid, buf, type, MPI_OP_NULL);
    ortho__grid_coords(grid, root, R.root);
    if (ring_dims(&R) == 0)
        return MPI_SUCCESS;
    parts_of(&R, n, NULL, q);
    return run(&R, q, 2 * R.nd);
}
