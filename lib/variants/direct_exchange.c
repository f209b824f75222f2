/* Reduce-scatter and allgather with every message posted at once, the
 * phases of rsag's allreduce and the first of its reduce.
 *
 * Cost (alpha-beta-gamma, n bytes, g members, a network that carries a
 * member's g - 1 messages side by side):
 *   reduce-scatter: T = w alpha + (g - 1) / g n beta + (g - 1) / g n gamma
 *   allgather of blocks of n / g: T = w alpha + (g - 1) / g n beta
 * (w = ceil((g - 1) / ORTHO__DIRECT_WINDOW) windows), the volume of a
 * pairwise exchange and of a ring, with w latencies instead of g - 1. The model places each on the nodes
 * (lib/model/variants.c, direct_time).
 *
 * Why: inside a node of SimGrid's multi-core platform (a loopback that
 * gives every flow its full bandwidth) the g - 1 messages of a member
 * take the time of one, where pairwise steps take g - 1 times as long;
 * across nodes, the lanes of a node-aware grid share each node's link
 * either way, and one round keeps it busy with no step boundaries.
 * Every receive is posted before any send, and each member starts its
 * sends at its right neighbour, so that no member is every other's
 * first target. A large group posts its messages in windows of
 * ORTHO__DIRECT_WINDOW partners (as MPICH throttles its alltoall at 32
 * requests), so that a column of hundreds of nodes does not flood the
 * network's and the MPI library's queues; one window serves groups of up
 * to 33 members, so the measured cases are unchanged.
 *
 * Rank order: the operands of a member's piece land in one slot per
 * member and are combined from the highest rank down
 * (acc = x_{g-1}; acc = x_r op acc), so non-commutative operations get
 * MPI's result. Memory: g slots of the member's piece. */
#include <stdlib.h>

#include "common/buffers.h"
#include "variants/common.h"
#include "variants/impl.h"

enum { TAG_RS = ORTHO_TAG + 5, TAG_AG = ORTHO_TAG + 6 };

/* Waits for the posted requests; after a failure to post one, cancels
 * them first (their partners may never come). */
static int finish(int nreq, MPI_Request req[], int err)
{
    for (int i = 0; i < nreq && err; i++)
        PMPI_Cancel(&req[i]);
    int werr = ortho__wait_each(nreq, req);
    return err ? err : werr;
}

/* The partners at distances lo .. hi - 1 (receive from me - i, send to
 * me + i): a member and its partners reach distance i in the same window,
 * since each window is the same range of distances at every member. */
static int rs_window(const void *input, void *tmp, const int counts[], const int displs[],
                     MPI_Datatype type, int g, int me, int lo, int hi, MPI_Request req[],
                     MPI_Comm comm)
{
    int nreq = 0, err = MPI_SUCCESS, mine = counts[me];
    for (int i = lo; i < hi && !err && mine > 0; i++) {
        int from = (me - i + g) % g;
        err = PMPI_Irecv(ortho__offset(tmp, (MPI_Aint)from * mine, type), mine, type, from,
                         TAG_RS, comm, &req[nreq++]);
    }
    for (int i = lo; i < hi && !err; i++) {
        int to = (me + i) % g;
        if (counts[to] > 0)
            err = PMPI_Isend(ortho__offset(input, displs[to], type), counts[to], type, to, TAG_RS,
                             comm, &req[nreq++]);
    }
    return finish(nreq, req, err);
}

int ortho__reduce_scatter_direct(const void *input, void *out, const int counts[],
                                 const int displs[], MPI_Datatype type, MPI_Op op, int window,
                                 MPI_Comm comm)
{
    int g, me, err = MPI_SUCCESS;
    PMPI_Comm_size(comm, &g);
    PMPI_Comm_rank(comm, &me);
    int mine = counts[me];
    if (window < 1 || window > g - 1)
        window = g > 1 ? g - 1 : 1;
    void *raw = NULL, *tmp = NULL;
    MPI_Request *req = malloc(2 * (size_t)window * sizeof(MPI_Request));
    if (req == NULL)
        return MPI_ERR_NO_MEM;
    if (mine > 0)
        err = ortho__tmp(g * mine, type, &raw, &tmp);
    for (int lo = 1; lo < g && !err; lo += window)
        err = rs_window(input, tmp, counts, displs, type, g, me, lo,
                        lo + window < g ? lo + window : g, req, comm);
    if (!err && mine > 0) {
        /* slot me, never received into, holds the sum */
        void *acc = ortho__offset(tmp, (MPI_Aint)me * mine, type);
        err = ortho__combine_rank_order(ortho__offset(input, displs[me], type), me, tmp, mine, g,
                                        mine, type, op, acc);
        if (!err)
            err = ortho__local_copy(acc, mine, type, out, mine, type);
    }
    free(raw);
    free(req);
    return err;
}

int ortho__allgatherv_direct(void *buf, const int counts[], const int displs[],
                             MPI_Datatype type, int window, MPI_Comm comm)
{
    int g, me, err = MPI_SUCCESS;
    PMPI_Comm_size(comm, &g);
    PMPI_Comm_rank(comm, &me);
    if (window < 1 || window > g - 1)
        window = g > 1 ? g - 1 : 1;
    MPI_Request *req = malloc(2 * (size_t)window * sizeof(MPI_Request));
    if (req == NULL)
        return MPI_ERR_NO_MEM;
    for (int lo = 1; lo < g && !err; lo += window) {
        int hi = lo + window < g ? lo + window : g, nreq = 0;
        for (int i = lo; i < hi && !err; i++) {
            int from = (me - i + g) % g;
            if (counts[from] > 0)
                err = PMPI_Irecv(ortho__offset(buf, displs[from], type), counts[from], type, from,
                                 TAG_AG, comm, &req[nreq++]);
        }
        for (int i = lo; i < hi && !err && counts[me] > 0; i++)
            err = PMPI_Isend(ortho__offset(buf, displs[me], type), counts[me], type, (me + i) % g,
                             TAG_AG, comm, &req[nreq++]);
        err = finish(nreq, req, err);
    }
    free(req);
    return err;
}
