/* Broadcast as a pipelined chain ("chain").
 *
 * Cost (alpha-beta, n bytes cut into k segments of s, p processes):
 *   T = (k + p - 2) (alpha + s beta)
 * with s from the model: the minimum at s = sqrt(n alpha / ((p - 2) beta))
 * (lib/model/segment.c, depth p - 1), or the candidate's "seg=". For
 * large n this approaches n beta: every process receives the message once
 * and sends it once, the volume bound of a broadcast on a flat network
 * (the star: one process per node), where scag's scatter and allgather
 * move 2 n through every link and a binomial tree n lg p through the
 * root's. As phases (lib/model/variants.c): the first segment through
 * the p - 1 hops, each h(s) = t_bc(2, s) inside a node or between two,
 * then the others at the pace of the slowest hop (~h = h(s) - h(0)); the
 * window's G = min(WINDOW, k) segments travel together where the route
 * shares them (q = the profile's hop_pair, 1 under SimGrid):
 *   sum of the p - 1 hops (h(s) + q (G - 1) ~h) + (k - 1 - q (G - 1)) P,
 *   P = q (h(0) / G + ~h) + (1 - q) max(~h, (h(0) + ~h) / WINDOW)
 *
 * The chain visits the grid's processes in the grid's order, from the
 * root on and around: row after row, so on a node-aware grid the message
 * enters and leaves each node once. Each process receives segment j from
 * its predecessor (MPI_Irecv posted WINDOW segments ahead, straight into
 * the buffer) and forwards it to its successor (MPI_Issend, at most WINDOW
 * in flight). The synchronous sends pace the chain: every message meets a
 * posted receive, and a sender is never more than WINDOW segments ahead
 * of its successor. With eager sends the root's segments all left at once
 * and, where a network shares a link among a sender's messages (SimGrid's
 * flows) instead of sending them in order, arrived together: under SMPI
 * on the star a chain of 128 took 127 times the whole message's transfer,
 * 3.9 times the bound at 500 KiB once paced (docs/variants.md). The
 * messages travel on the grid's communicator (the library's duplicate,
 * never the user's), tag ORTHO_TAG + 2; the dispatcher hands the message
 * as bytes. */
#include "common/buffers.h"
#include "model/variants.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"
#include "variants/segments.h"

enum { WINDOW = ORTHO__CHAIN_WINDOW };

int ortho__bcast_chain(void *buf, int n, MPI_Datatype type, int root,
                       const struct ortho__segment_choice *choice,
                       const struct ortho_grid *grid)
{
    MPI_Request recv[WINDOW], send[WINDOW];
    MPI_Status sts[WINDOW];
    struct ortho__segments sg;
    int p = grid->size, elem = 0, err = PMPI_Type_size(type, &elem);
    if (err)
        return err;
    int pos = (grid->rank - root + p) % p;
    int prev = pos > 0 ? (grid->rank - 1 + p) % p : MPI_PROC_NULL;
    int next = pos < p - 1 ? (grid->rank + 1) % p : MPI_PROC_NULL;
    ortho__segments_of(n, elem, p - 1, ORTHO_MODEL_BCAST, 1, 1, choice, &sg);
    for (int w = 0; w < WINDOW; w++)
        recv[w] = send[w] = MPI_REQUEST_NULL;
    for (int k = 0; k < sg.count && k < WINDOW && !err; k++)
        err = PMPI_Irecv(ortho__offset(buf, ortho__segment_at(&sg, k), type),
                         ortho__segment_len(&sg, k), type, prev, ORTHO_TAG + 2, grid->comm,
                         &recv[k]);
    for (int k = 0; k < sg.count && !err; k++) {
        int w = k % WINDOW;
        void *seg = ortho__offset(buf, ortho__segment_at(&sg, k), type);
        err = PMPI_Wait(&recv[w], MPI_STATUS_IGNORE);
        if (!err)
            err = PMPI_Wait(&send[w], MPI_STATUS_IGNORE); /* segment k - WINDOW's */
        if (!err)
            err = PMPI_Issend(seg, ortho__segment_len(&sg, k), type, next, ORTHO_TAG + 2,
                             grid->comm, &send[w]);
        if (!err && k + WINDOW < sg.count)
            err = PMPI_Irecv(ortho__offset(buf, ortho__segment_at(&sg, k + WINDOW), type),
                             ortho__segment_len(&sg, k + WINDOW), type, prev, ORTHO_TAG + 2,
                             grid->comm, &recv[w]);
    }
    /* nothing is freed here, but no request may outlive the call */
    int werr = PMPI_Waitall(WINDOW, send, sts);
    if (err)
        ortho__cancel_each(WINDOW, recv);
    return err ? err : werr;
}
