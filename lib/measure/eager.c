/* The eager limit (ortho_measure_eager()): the smallest message whose send
 * waits for its receive to be posted.
 *
 * Below it a send leaves at once, so a process that sends to several
 * others in a row has all of them on its link together: where the network
 * shares a link among flows (TCP connections, SimGrid) a binomial tree's
 * children all get the message when the last does, and a broadcast of 16
 * processes on the simulated star took 10 transfers of the message at 20
 * KiB, 4 at 100 KiB (lib/model/forms.c, "binomial_shared"). The natives
 * change behaviour there whatever their own size thresholds say, so the
 * fit offers the limit as a breakpoint (fit/ortho_fit.c).
 *
 * A probe of s bytes: the sender starts a nonblocking send that the
 * receiver does not receive yet, plays up to PROBE_ROUNDS empty round
 * trips with it (they drive the progress of both MPI libraries) and tests
 * the send after each: done, the message left without its receive
 * (eager). Then an int message tells the receiver the next size to probe
 * (or 0: stop) and it receives the probe. A bisection between 1 byte and
 * EAGER_MAX bytes, about 23 probes. */
#include "measure/measure_private.h"
#include "common/errors.h"

#include <stdlib.h>

enum { TAG = 7101, ROUND = 7102, GO = 7103, PROBE_ROUNDS = 16, EAGER_MAX = 4 << 20 };

/* The sender's side of a probe of s bytes to `to`: the message on data,
 * the rounds on ctl (no receive of one can match the other); *done: it
 * completed before its receive was posted. *q stays active when not. */
static int send_probe(MPI_Comm data, MPI_Comm ctl, int to, const char *buf, int s,
                      MPI_Request *q, int *done)
{
    int err = PMPI_Isend(buf, s, MPI_BYTE, to, TAG, data, q);
    *done = 0;
    for (int r = 0; r < PROBE_ROUNDS && err == MPI_SUCCESS && !*done; r++) {
        err = PMPI_Sendrecv(NULL, 0, MPI_INT, to, ROUND, NULL, 0, MPI_INT, to, ROUND, ctl,
                            MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = PMPI_Test(q, done, MPI_STATUS_IGNORE);
    }
    return err;
}

/* The receiver's side: answers the rounds until the go message, which
 * carries the next size (0: none), then receives the probe of s bytes. */
static int receive_probe(MPI_Comm data, MPI_Comm ctl, int from, char *buf, int s, int *next)
{
    MPI_Status st;
    int err;
    do {
        err = PMPI_Recv(next, 1, MPI_INT, from, MPI_ANY_TAG, ctl, &st);
        if (err == MPI_SUCCESS && st.MPI_TAG == ROUND)
            err = PMPI_Send(NULL, 0, MPI_INT, from, ROUND, ctl);
    } while (err == MPI_SUCCESS && st.MPI_TAG == ROUND);
    if (err == MPI_SUCCESS)
        err = PMPI_Recv(buf, s, MPI_BYTE, from, TAG, data, MPI_STATUS_IGNORE);
    return err;
}

/* The bisection from rank `from` to rank `to` of data (the two only): on
 * from, *limit = the smallest size of 1 .. EAGER_MAX whose send waited
 * for its receive, 0 where none did. 1 byte first, then EAGER_MAX, then
 * the middle of what is left. */
static int bisect(MPI_Comm data, MPI_Comm ctl, int me, int from, int to, char *buf, int *limit)
{
    int err = MPI_SUCCESS, s = 1;
    if (me != from) {
        while (err == MPI_SUCCESS && s > 0) {
            int next = 0;
            err = receive_probe(data, ctl, from, buf, s, &next);
            s = next;
        }
        return err;
    }
    int lo = 0, hi = EAGER_MAX + 1; /* sent without waiting: lo; waited: hi */
    while (err == MPI_SUCCESS && s > 0) {
        MPI_Request q = MPI_REQUEST_NULL;
        int done = 0, next;
        err = send_probe(data, ctl, to, buf, s, &q, &done);
        if (done)
            lo = s;
        else
            hi = s;
        next = lo == 1 && hi == EAGER_MAX + 1 ? EAGER_MAX
               : lo == 0 || lo == EAGER_MAX || hi - lo <= 1 ? 0 : lo + (hi - lo) / 2;
        if (err == MPI_SUCCESS)
            err = PMPI_Send(&next, 1, MPI_INT, to, GO, ctl);
        if (err == MPI_SUCCESS && !done)
            err = PMPI_Wait(&q, MPI_STATUS_IGNORE);
        s = next;
    }
    *limit = lo == EAGER_MAX ? 0 : hi;
    return err;
}

int ortho_measure_eager(MPI_Comm comm, int node_size, int *limit)
{
    int size = 0, rank = 0, err, to, value = 0;
    if (limit == NULL || node_size < 0)
        return ortho__raise(comm, MPI_ERR_ARG);
    *limit = -1;
    err = PMPI_Comm_size(comm, &size);
    if (err == MPI_SUCCESS)
        err = PMPI_Comm_rank(comm, &rank);
    if (err != MPI_SUCCESS)
        return ortho__raise(comm, err);
    if (size < 2)
        return MPI_SUCCESS;
    /* between nodes where there are several: a node's own transport (shared
     * memory) has limits of its own */
    to = node_size >= 2 && size > node_size ? node_size : 1;
    char *buf = rank == 0 || rank == to ? calloc(EAGER_MAX, 1) : NULL;
    int ok = buf != NULL || (rank != 0 && rank != to);
    MPI_Comm data = MPI_COMM_NULL, ctl = MPI_COMM_NULL;
    err = ortho__measure_own_comm(comm, ok, &data);
    if (err == MPI_SUCCESS)
        err = PMPI_Comm_dup(data, &ctl);
    if (err == MPI_SUCCESS && (rank == 0 || rank == to))
        err = bisect(data, ctl, rank, 0, to, buf, &value);
    /* every process learns it, or that one of the two failed */
    int failed = err != MPI_SUCCESS, any = 0;
    int berr = PMPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, comm);
    if (berr == MPI_SUCCESS && !any)
        berr = PMPI_Bcast(&value, 1, MPI_INT, 0, comm);
    if (data != MPI_COMM_NULL)
        PMPI_Comm_free(&data);
    if (ctl != MPI_COMM_NULL)
        PMPI_Comm_free(&ctl);
    free(buf);
    err = err != MPI_SUCCESS ? err : berr != MPI_SUCCESS ? berr : any ? MPI_ERR_OTHER : MPI_SUCCESS;
    if (err != MPI_SUCCESS)
        return ortho__raise(comm, err);
    *limit = value;
    return MPI_SUCCESS;
}
