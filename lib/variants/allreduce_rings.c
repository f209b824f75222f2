/* Allreduce as rings in every dimension at once ("rings").
 *
 * Cost (alpha-beta-gamma, n bytes, a full grid d_0 x ... x d_{k-1} of
 * which k' dims are longer than 1, P = 2 k' parts of n / P):
 *   one part alone: its reduce-scatter crosses its dims in turn, starting
 *   at its own, each a ring of d_j - 1 steps on the part's block of that
 *   dim (n_j = n / P / (the extents crossed before)), then its allgather
 *   back the same way:
 *     t_part = sum_j 2 (d_j - 1) (alpha + n_j / d_j beta) + (d_j - 1) / d_j n_j gamma
 *   all parts at once: T = m + fan (L - m), m the slowest part, L the sum
 *   of all parts (fan: 0 where a process's messages to its 2 k' ring
 *   neighbours leave by links of their own, a torus whose dims the grid's
 *   match; 1 where one link carries them all).
 * Every part moves 2 (p - 1) / p n / P bytes per process, so with a link
 * per direction the whole message costs 2 (p - 1) / p n / (2 k') beta,
 * the volume bound of 2 k' links.
 *
 * Part (i, s), i < k', s = +1 or -1: its reduce-scatter runs the dims
 * i, i + 1, ..., cyclically, each as a ring that sends to the neighbour at
 * coordinate + s and receives from - s; the allgather runs them back in
 * the opposite order. At the start the 2 k' parts use 2 k' different
 * links of every process (one per dim and direction). Each part runs on
 * its own (its next step is posted as soon as its last one completed, by
 * one MPI_Waitany over every part's two requests): holding the parts at
 * each phase boundary was slower on a prototype under SMPI on the 4x4x8
 * torus (809 us against 613 us for 500 KB), since a ring step waits on
 * its neighbour's step and a held part makes every part of its
 * neighbours wait.
 *
 * Measured (SimGrid 3.32, t3e_torus.xml, 128 processes, grid 8x4x4 over
 * the torus's z, y, x, 500 KiB, scripts/smpi_settings.sh, results
 * checked): 0.601 ms, against 11.67 ms for the mpich selector's
 * allreduce, 1.45 ms for the best other candidate (rsag:4x32:rows) and a
 * bound of 0.284 ms (docs/variants.md, "rings").
 *
 * The reductions combine a neighbour's partial sum with this process's in
 * ring order, not rank order: commutative operations only (the dispatcher
 * runs rsag's rows order otherwise), and full grids only (an uneven grid's
 * short row breaks the rings; rsag runs there too). Memory: one
 * temporary of n elements (each part receives into its own share). */
#include <stdlib.h>
#include <string.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"

enum { TAG_RINGS = ORTHO_TAG + 40 }; /* + the part's index */

/* One part's walk: reduce-scatter over its dims in turn, then allgather back. */
struct part {
    int first, dir;   /* its first dim (an index into ring_dims), the ring direction */
    int phase, step;  /* phase < nd: reduce-scatter in dim (first + phase) % nd;
                         nd <= phase < 2 nd: the allgather in reverse; step in the ring */
    int off[ORTHO_GRID_MAX_DIMS + 1], len[ORTHO_GRID_MAX_DIMS + 1]; /* block held before
                                                                     each reduce-scatter phase */
    int into, into_len; /* where the last receive of a reduce-scatter step combines (-1: none) */
    void *tmp;          /* this part's share of the temporary */
    MPI_Request req[2];
    int done;
};

struct rings {
    const struct ortho_grid *grid;
    void *buf;
    MPI_Datatype type;
    MPI_Op op;
    int nd;                              /* dims longer than 1 */
    int dim[ORTHO_GRID_MAX_DIMS];        /* their indices in the grid */
    int stride[ORTHO_GRID_MAX_DIMS];     /* grid rank distance of one step in each dim */
};

static int mod(int a, int g)
{
    return ((a % g) + g) % g;
}

/* Block j of a range of n elements cut into g (the first n % g one longer). */
static void block(int n, int g, int j, int *off, int *len)
{
    int base = n / g, extra = n % g;
    *off = j * base + (j < extra ? j : extra);
    *len = base + (j < extra);
}

/* The grid rank s steps along ring dim r from this process. */
static int neighbour(const struct rings *R, int r, int s)
{
    int d = R->dim[r], c = R->grid->coords[d];
    return R->grid->rank + (mod(c + s, R->grid->dims[d]) - c) * R->stride[r];
}

/* Posts part q's next step, moving through phases as they end; marks it
 * done after its last allgather. */
static int post(struct rings *R, struct part *q, int tag)
{
    MPI_Comm comm = R->grid->comm;
    for (;;) {
        if (q->phase == 2 * R->nd) {
            q->done = 1;
            return MPI_SUCCESS;
        }
        int rs = q->phase < R->nd;
        int at = rs ? q->phase : 2 * R->nd - 1 - q->phase; /* the reduce-scatter phase index */
        int r = (q->first + at) % R->nd, g = R->grid->dims[R->dim[r]];
        int c = R->grid->coords[R->dim[r]], s = q->dir, t = q->step;
        if (t == g - 1) { /* this ring is over */
            if (rs) {
                int o, l;
                block(q->len[at], g, c, &o, &l);
                q->off[at + 1] = q->off[at] + o;
                q->len[at + 1] = l;
            }
            q->phase++;
            q->step = 0;
            continue;
        }
        int so, sl, ro, rl, err;
        /* reduce-scatter: send the block this process has summed up to
         * now, receive the next one's partial sum; allgather: pass on the
         * block received last */
        block(q->len[at], g, mod(rs ? c - s * (t + 1) : c - s * t, g), &so, &sl);
        block(q->len[at], g, mod(rs ? c - s * (t + 2) : c - s * (t + 1), g), &ro, &rl);
        so += q->off[at];
        ro += q->off[at];
        q->into = rs ? ro : -1;
        q->into_len = rl;
        err = PMPI_Irecv(rs ? q->tmp : ortho__offset(R->buf, ro, R->type), rl, R->type,
                         neighbour(R, r, -s), tag, comm, &q->req[0]);
        if (err)
            return err;
        return PMPI_Isend(ortho__offset(R->buf, so, R->type), sl, R->type, neighbour(R, r, s),
                          tag, comm, &q->req[1]);
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
            err = PMPI_Reduce_local(p->tmp, ortho__offset(R->buf, p->into, R->type), p->into_len,
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

int ortho__allreduce_rings(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                           MPI_Op op, const struct ortho_grid *grid)
{
    struct rings R = {grid, recvbuf, type, op, 0, {0}, {0}};
    int stride = 1;
    for (int d = grid->ndims - 1; d >= 0; d--) {
        if (grid->dims[d] > 1) {
            R.dim[R.nd] = d;
            R.stride[R.nd++] = stride;
        }
        stride *= grid->dims[d];
    }
    if (R.nd == 0)
        return sendbuf == MPI_IN_PLACE ? MPI_SUCCESS
                                       : ortho__local_copy(sendbuf, n, type, recvbuf, n, type);
    /* the dims from the slowest-varying, as the grid lists them */
    for (int a = 0, b = R.nd - 1; a < b; a++, b--) {
        int t = R.dim[a];
        R.dim[a] = R.dim[b];
        R.dim[b] = t;
        t = R.stride[a];
        R.stride[a] = R.stride[b];
        R.stride[b] = t;
    }
    int err = sendbuf == MPI_IN_PLACE ? MPI_SUCCESS
                                      : ortho__local_copy(sendbuf, n, type, recvbuf, n, type);
    void *raw = NULL, *tmp = NULL;
    if (!err)
        err = ortho__tmp(n, type, &raw, &tmp);
    if (err)
        return err;
    int nparts = 2 * R.nd;
    struct part q[2 * ORTHO_GRID_MAX_DIMS];
    memset(q, 0, sizeof q);
    for (int j = 0; j < nparts; j++) {
        q[j].first = j / 2;
        q[j].dir = j % 2 ? -1 : 1;
        block(n, nparts, j, &q[j].off[0], &q[j].len[0]);
        q[j].tmp = ortho__offset(tmp, q[j].off[0], type);
        q[j].req[0] = q[j].req[1] = MPI_REQUEST_NULL;
    }
    err = run(&R, q, nparts);
    free(raw);
    return err;
}
