/* One message between two processes (ortho_measure_hops()): timed by ping
 * pong on the first process's own clock, so the time holds no skew
 * between processes. A runtime function timed after a barrier from the
 * first start to the last end holds the spread with which the barrier lets
 * the processes go (under SMPI 1 us on the multi-core platform, 121 us on
 * the star, where one message between two processes takes 0.25 us and
 * 120 us); a pipeline's hops follow one another without a barrier, so
 * the model times them by these hops (lib/model/variants.c).
 *
 * A point: one round trip untimed, then round trips until a tenth of
 * max_seconds has passed (at least min_reps, at most 64 max_reps); the hop is
 * half the mean round trip. The line through the sizes' hops is fitted
 * by relative least squares; the first process's answer is broadcast.
 *
 * The reach (ortho_measure_reach()): an empty message from rank 0 to each
 * other rank in turn, the same way. A stage whose messages go to many
 * processes at once (spread, rsag's direct exchanges) ends with the
 * farthest one: on a torus the first 16 of 4 x 4 x 8 nodes are up to 4
 * links apart, 32 up to 5, while ranks 0 and 1 are neighbours.
 *
 * The fan (ortho_measure_fan()): one message from rank 0 to two ranks at
 * once against one to each, the same way. Under SMPI with 256 KiB: on the
 * star 0.0421 s against 0.0212 s (one up link: fan 1), on the multi-core
 * cluster 44 us against 23 us (one network link a node), on the torus
 * 440 us against 440 us (a link per direction: fan 0).
 *
 * The pair (ortho_measure_pair()): two messages from rank 0 to one rank
 * at once, timed to the first one's arrival, against one alone. A network
 * that sends a process's messages in order delivers the first as if
 * alone (pair 0); one that shares the route between them, as SimGrid's
 * flows do, delivers both at the end (pair 1): a chain's window of
 * segments then travels as a group. The pair is the second message's
 * delay of the first over one message's transfer (its round trip less an
 * empty one's). Under SMPI: 1 on the star, the torus and between two
 * multi-core nodes, 0 inside one (its loopback gives every flow the full
 * speed). */
#include "measure/measure_private.h"
#include "common/errors.h"

#include <stdlib.h>
#include <string.h>

enum { TAG = 7001 };

/* Whether opts holds at least min_sizes sizes, each 0 to 1 GiB, sane
 * repetitions and a node size of 0 or more; *largest: the largest size. */
static int options_ok(const ortho_measure_opts *opts, int min_sizes, int node_size,
                      double *largest)
{
    *largest = 0.0;
    if (opts->sizes == NULL || opts->nsizes < min_sizes || opts->min_reps < 1
        || opts->max_reps < opts->min_reps || opts->max_seconds < 0.0 || node_size < 0)
        return 0;
    for (int i = 0; i < opts->nsizes; i++) {
        if (!(opts->sizes[i] >= 0.0) || opts->sizes[i] > (double)(1 << 30))
            return 0;
        *largest = opts->sizes[i] > *largest ? opts->sizes[i] : *largest;
    }
    return 1;
}

/* Whether round r of a timed loop runs (the first process decides, on the
 * clock read after the last round: at least min_reps rounds, then until a
 * tenth of max_seconds has passed, at most 64 max_reps; max_reps rounds
 * when max_seconds is 0). */
static int another_round(const ortho_measure_opts *o, int r, double start, double end)
{
    int most = 64 * (o->max_reps > 0 ? o->max_reps : 1);
    double limit = o->max_seconds > 0.0 ? o->max_seconds / 10.0 : 0.0;
    return r < o->min_reps || (r < most && (limit <= 0.0 ? r < o->max_reps : end - start < limit));
}

int ortho__measure_own_comm(MPI_Comm comm, int ok, MPI_Comm *own)
{
    int all_ok = 0;
    *own = MPI_COMM_NULL;
    int err = PMPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (err == MPI_SUCCESS && !all_ok)
        err = MPI_ERR_NO_MEM;
    if (err == MPI_SUCCESS)
        err = PMPI_Comm_dup(comm, own);
    return err;
}

/* The hop of s bytes between ranks a and b of comm, on a's clock (other
 * ranks: 0). Not collective: a and b only. */
static int ping_pong(MPI_Comm comm, int a, int b, char *buf, int s, const ortho_measure_opts *o,
                     double *hop)
{
    int rank, err = MPI_SUCCESS, rounds = 0;
    PMPI_Comm_rank(comm, &rank);
    *hop = 0.0;
    if (rank != a && rank != b)
        return MPI_SUCCESS;
    int other = rank == a ? b : a;
    double start = 0.0, end = 0.0;
    for (int r = -1; err == MPI_SUCCESS; r++) {
        int go = 1;
        if (rank == a) {
            if (r == 0)
                start = end = PMPI_Wtime();
            /* the first process decides when to stop (one clock reading a
             * round trip): an empty message of another tag ends the loop,
             * untimed */
            go = another_round(o, r, start, end);
            err = PMPI_Send(buf, go ? s : 0, MPI_BYTE, other, go ? TAG : TAG + 1, comm);
            if (go && err == MPI_SUCCESS) {
                err = PMPI_Recv(buf, s, MPI_BYTE, other, TAG, comm, MPI_STATUS_IGNORE);
                end = PMPI_Wtime();
            }
        } else {
            MPI_Status st;
            err = PMPI_Recv(buf, s, MPI_BYTE, other, MPI_ANY_TAG, comm, &st);
            go = err == MPI_SUCCESS && st.MPI_TAG == TAG;
            if (go)
                err = PMPI_Send(buf, s, MPI_BYTE, other, TAG, comm);
        }
        if (!go)
            break;
        rounds = r + 1; /* the round trips since start: 0 .. r */
    }
    if (rank == a && rounds > 0)
        *hop = (end - start) / (2.0 * rounds);
    return err;
}

/* The line t = alpha + beta s through n points by relative least squares
 * (weights 1 / t^2, as ortho-fit fits its functions): the small sizes,
 * whose time is mostly the latency, count as much as the large ones. */
static ortho_measure_hop line_of(const double *s, const double *t, int n)
{
    ortho_measure_hop h = { 0.0, 0.0, 0 };
    double sw = 0.0, ms = 0.0, mt = 0.0, sst = 0.0, sss = 0.0;
    for (int i = 0; i < n; i++) {
        if (!(t[i] > 0.0))
            return h;
        double w = 1.0 / (t[i] * t[i]);
        sw += w;
        ms += w * s[i];
        mt += w * t[i];
    }
    ms /= sw;
    mt /= sw;
    for (int i = 0; i < n; i++) {
        double w = 1.0 / (t[i] * t[i]);
        sss += w * (s[i] - ms) * (s[i] - ms);
        sst += w * (s[i] - ms) * (t[i] - mt);
    }
    if (n < 2 || !(sss > 0.0))
        return h;
    h.beta = sst / sss;
    h.alpha = mt - h.beta * ms;
    h.measured = h.alpha > 0.0 && h.beta > 0.0;
    return h;
}

/* The hops between ranks a and b at every size of o, the line through
 * them on every process. Collective over comm. */
/* The end of a measurement on its own duplicate own of comm: rank 0's n
 * times t[] to every process where all went well (n 0: none), the
 * duplicate freed, an error raised on comm. */
static int measured(MPI_Comm comm, MPI_Comm *own, double *t, int n, int err)
{
    if (err == MPI_SUCCESS && n > 0)
        err = PMPI_Bcast(t, n, MPI_DOUBLE, 0, *own);
    if (*own != MPI_COMM_NULL)
        PMPI_Comm_free(own);
    return err != MPI_SUCCESS ? ortho__raise(comm, err) : MPI_SUCCESS;
}

static int hops_between(MPI_Comm comm, int a, int b, char *buf, const ortho_measure_opts *o,
                        double *t, ortho_measure_hop *h)
{
    int err = MPI_SUCCESS;
    for (int i = 0; i < o->nsizes && err == MPI_SUCCESS; i++)
        err = ping_pong(comm, a, b, buf, (int)o->sizes[i], o, &t[i]);
    if (err == MPI_SUCCESS)
        err = PMPI_Bcast(t, o->nsizes, MPI_DOUBLE, a, comm);
    if (err == MPI_SUCCESS)
        *h = line_of(o->sizes, t, o->nsizes);
    return err;
}

int ortho_measure_hops(MPI_Comm comm, const ortho_measure_opts *opts, int node_size,
                       ortho_measure_hop *next, ortho_measure_hop *across)
{
    int size = 0, err;
    double largest = 0.0;
    if (next == NULL || across == NULL || opts == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    memset(next, 0, sizeof *next);
    memset(across, 0, sizeof *across);
    err = PMPI_Comm_size(comm, &size);
    if (err != MPI_SUCCESS)
        return ortho__raise(comm, err);
    if (!options_ok(opts, 2, node_size, &largest))
        return ortho__raise(comm, MPI_ERR_ARG);
    if (size < 2)
        return MPI_SUCCESS;
    char *buf = calloc((size_t)largest + 1, 1);
    double *t = calloc((size_t)opts->nsizes, sizeof *t);
    MPI_Comm own;
    err = ortho__measure_own_comm(comm, buf != NULL && t != NULL, &own);
    /* ranks 0 and 1 (consecutive ranks); across: rank 0 and the first
     * rank of the next node */
    if (err == MPI_SUCCESS)
        err = hops_between(own, 0, 1, buf, opts, t, next);
    if (err == MPI_SUCCESS && node_size >= 2 && size > node_size)
        err = hops_between(own, 0, node_size, buf, opts, t, across);
    free(buf);
    free(t);
    return measured(comm, &own, NULL, 0, err);
}

int ortho_measure_reach(MPI_Comm comm, const ortho_measure_opts *opts, double *reach)
{
    int size = 0, err;
    if (opts == NULL || reach == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    err = PMPI_Comm_size(comm, &size);
    if (err != MPI_SUCCESS)
        return ortho__raise(comm, err);
    if (opts->min_reps < 1 || opts->max_reps < opts->min_reps || opts->max_seconds < 0.0)
        return ortho__raise(comm, MPI_ERR_ARG);
    for (int j = 0; j < size; j++)
        reach[j] = 0.0;
    if (size < 2)
        return MPI_SUCCESS;
    /* every pair a share of the hops' time: size - 1 pairs in a tenth of
     * max_seconds, as one point of ortho_measure_hops */
    ortho_measure_opts each = *opts;
    each.max_seconds = opts->max_seconds / (size - 1);
    char buf[1] = { 0 };
    MPI_Comm own = MPI_COMM_NULL;
    err = PMPI_Comm_dup(comm, &own);
    for (int j = 1; j < size && err == MPI_SUCCESS; j++) {
        err = ping_pong(own, 0, j, buf, 0, &each, &reach[j]);
    }
    return measured(comm, &own, reach, size, err);
}

/* Rank 0 sends s bytes to each of the n ranks of to[] at once, each
 * answers with an empty message: the mean time of a round on rank 0's
 * clock (other ranks: 0), rounds as ping_pong's. Not collective: rank 0
 * and to[] only. */
static int fan_out(MPI_Comm comm, const int *to, int n, char *buf, int s,
                   const ortho_measure_opts *o, double *t)
{
    int rank, err = MPI_SUCCESS, rounds = 0, mine = 0;
    PMPI_Comm_rank(comm, &rank);
    *t = 0.0;
    for (int i = 0; i < n; i++)
        mine |= rank == to[i];
    if (rank != 0 && !mine)
        return MPI_SUCCESS;
    double start = 0.0, end = 0.0;
    for (int r = -1; err == MPI_SUCCESS; r++) {
        int go = 1;
        if (rank == 0) {
            MPI_Request q[4]; /* n <= 2 */
            MPI_Status sts[4]; /* not MPI_STATUSES_IGNORE: see segments.c */
            if (r == 0)
                start = end = PMPI_Wtime();
            go = another_round(o, r, start, end);
            for (int i = 0; i < n && err == MPI_SUCCESS; i++)
                err = PMPI_Isend(buf, go ? s : 0, MPI_BYTE, to[i], go ? TAG : TAG + 1, comm,
                                 &q[i]);
            for (int i = 0; i < n && err == MPI_SUCCESS && go; i++)
                err = PMPI_Irecv(NULL, 0, MPI_BYTE, to[i], TAG, comm, &q[n + i]);
            if (err == MPI_SUCCESS)
                err = PMPI_Waitall(go ? 2 * n : n, q, sts);
            end = PMPI_Wtime();
        } else {
            MPI_Status st;
            err = PMPI_Recv(buf, s, MPI_BYTE, 0, MPI_ANY_TAG, comm, &st);
            go = err == MPI_SUCCESS && st.MPI_TAG == TAG;
            if (go)
                err = PMPI_Send(NULL, 0, MPI_BYTE, 0, TAG, comm);
        }
        if (!go)
            break;
        rounds = r + 1;
    }
    if (rank == 0 && rounds > 0)
        *t = (end - start) / rounds;
    return err;
}

/* The checks of the fan's and the pair's arguments (one size at least):
 * *size of comm and the largest size of opts, or the error raised on
 * comm. */
static int sized_start(MPI_Comm comm, const ortho_measure_opts *opts, int node_size, int *size,
                       double *largest)
{
    if (opts == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    int err = PMPI_Comm_size(comm, size);
    if (err != MPI_SUCCESS)
        return ortho__raise(comm, err);
    if (!options_ok(opts, 1, node_size, largest))
        return ortho__raise(comm, MPI_ERR_ARG);
    return MPI_SUCCESS;
}

/* Rank 0 sends `n` (1 or 2) messages of s bytes to rank `to` at once; to
 * answers with an empty message as soon as the first has arrived, then
 * takes the second: the mean time of a round on rank 0's clock (other
 * ranks: 0), rounds as ping_pong's. Not collective: rank 0 and to only. */
static int pair_out(MPI_Comm comm, int to, int n, char *buf, int s, const ortho_measure_opts *o,
                    double *t)
{
    int rank, err = MPI_SUCCESS, rounds = 0;
    PMPI_Comm_rank(comm, &rank);
    *t = 0.0;
    if (rank != 0 && rank != to)
        return MPI_SUCCESS;
    double start = 0.0, end = 0.0;
    for (int r = -1; err == MPI_SUCCESS; r++) {
        int go = 1;
        MPI_Request q[3];
        MPI_Status sts[3]; /* not MPI_STATUSES_IGNORE: see segments.c */
        if (rank == 0) {
            if (r == 0)
                start = end = PMPI_Wtime();
            go = another_round(o, r, start, end);
            for (int i = 0; i < n && err == MPI_SUCCESS; i++)
                err = PMPI_Isend(buf, go ? s : 0, MPI_BYTE, to, go ? TAG : TAG + 1, comm, &q[i]);
            if (err == MPI_SUCCESS && go)
                err = PMPI_Irecv(NULL, 0, MPI_BYTE, to, TAG, comm, &q[n]);
            if (err == MPI_SUCCESS)
                err = PMPI_Waitall(go ? n + 1 : n, q, sts);
            end = PMPI_Wtime();
        } else {
            /* both receives posted before either message can arrive whole */
            for (int i = 0; i < n && err == MPI_SUCCESS; i++)
                err = PMPI_Irecv(buf + (size_t)i * (size_t)s, s, MPI_BYTE, 0, MPI_ANY_TAG, comm,
                                 &q[i]);
            if (err == MPI_SUCCESS)
                err = PMPI_Wait(&q[0], &sts[0]);
            go = err == MPI_SUCCESS && sts[0].MPI_TAG == TAG;
            if (go)
                err = PMPI_Send(NULL, 0, MPI_BYTE, 0, TAG, comm);
            for (int i = 1; i < n && err == MPI_SUCCESS; i++)
                err = PMPI_Wait(&q[i], &sts[i]);
        }
        if (!go)
            break;
        rounds = r + 1;
    }
    if (rank == 0 && rounds > 0)
        *t = (end - start) / rounds;
    return err;
}

int ortho_measure_pair(MPI_Comm comm, const ortho_measure_opts *opts, int node_size,
                       double *next, double *across)
{
    int size = 0, err;
    double largest = 0.0, t[6] = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
    if (next == NULL || across == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    *next = *across = -1.0;
    if ((err = sized_start(comm, opts, node_size, &size, &largest)) != MPI_SUCCESS)
        return err;
    if (size < 2)
        return MPI_SUCCESS;
    int nodes = node_size >= 2 && size > node_size;
    char *buf = calloc(2 * (size_t)largest + 1, 1);
    MPI_Comm own;
    err = ortho__measure_own_comm(comm, buf != NULL, &own);
    /* to the next rank, then to the first of the next node: an empty
     * message (the round trip's latencies), one, two at once */
    for (int k = 0; k < (nodes ? 6 : 3) && err == MPI_SUCCESS; k++)
        err = pair_out(own, k < 3 ? 1 : node_size, k % 3 == 2 ? 2 : 1, buf,
                       k % 3 == 0 ? 0 : (int)largest, opts, &t[k]);
    free(buf);
    if ((err = measured(comm, &own, t, 6, err)) != MPI_SUCCESS)
        return err;
    for (int k = 0; k < 2; k++) {
        double *out = k == 0 ? next : across, *x = &t[3 * k];
        /* the second message's delay of the first, over one's transfer
         * (0 where noise hides the transfer: nothing seen shared) */
        if (k == 0 || nodes) {
            double f = x[1] > x[0] ? (x[2] - x[1]) / (x[1] - x[0]) : 0.0;
            *out = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
        }
    }
    return MPI_SUCCESS;
}

int ortho_measure_fan(MPI_Comm comm, const ortho_measure_opts *opts, int node_size, double *fan)
{
    int size = 0, err, to[2];
    double largest = 0.0, t[3] = { 0.0, 0.0, 0.0 };
    if (fan == NULL)
        return ortho__raise(comm, MPI_ERR_ARG);
    *fan = -1.0;
    if ((err = sized_start(comm, opts, node_size, &size, &largest)) != MPI_SUCCESS)
        return err;
    if (node_size >= 2) {
        int nodes = size / node_size;
        to[0] = node_size;
        to[1] = (nodes / 2 > 2 ? nodes / 2 : 2) * node_size;
        if (nodes < 3)
            return MPI_SUCCESS;
    } else {
        to[0] = 1;
        to[1] = size / 2;
        if (size < 4)
            return MPI_SUCCESS;
    }
    char *buf = calloc((size_t)largest + 1, 1);
    MPI_Comm own;
    err = ortho__measure_own_comm(comm, buf != NULL, &own);
    /* each alone, then both at once */
    if (err == MPI_SUCCESS)
        err = fan_out(own, &to[0], 1, buf, (int)largest, opts, &t[0]);
    if (err == MPI_SUCCESS)
        err = fan_out(own, &to[1], 1, buf, (int)largest, opts, &t[1]);
    if (err == MPI_SUCCESS)
        err = fan_out(own, to, 2, buf, (int)largest, opts, &t[2]);
    free(buf);
    if ((err = measured(comm, &own, t, 3, err)) != MPI_SUCCESS)
        return err;
    double one = t[0] > t[1] ? t[0] : t[1];
    if (one > 0.0) {
        double f = t[2] / one - 1.0;
        *fan = f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
    }
    return MPI_SUCCESS;
}
