/* p2p: point-to-point transfer times, to check a platform file.
 *
 *   smpirun -np P ... p2p [-s BYTES[,BYTES...]] [-d DST[,DST...]] [-k K]
 *
 * Without -k, rank 0 sends one message of each size to each destination
 * (default: every other rank) in turn; with -k K, ranks 0..K-1 send at the
 * same time to ranks K..2K-1 (K concurrent flows, e.g. through one NIC).
 * Each transfer starts 1 ms + 5 us * p (simulated) after a barrier, with the receive
 * already posted: the barrier's own messages have left the links (under
 * SMPI even an empty message holds a link for about 16 bytes' worth of
 * time), and a late receiver adds nothing. Under SMPI the clock is one
 * global simulated clock, so the one-way time is the receiver's completion
 * time minus the sender's start time. The wait spins on MPI_Wtime, which
 * SMPI advances by smpi/wtime (10 ns) per call.
 *
 * Rank 0 prints "src dst bytes one_way_us MB/s" per transfer (with -k: the
 * slowest of the K flows, src/dst of that flow). Real MPI has no common
 * clock: there the figures mean little. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#define MAX_LIST 64
/* Seconds between the barrier and a transfer: 1 ms, plus 5 us per process
 * for barriers that send O(p) messages through one link. */
#define SETTLE(p) (1e-3 + 5e-6 * (p))

/* Waits SETTLE(p) seconds and returns the time. */
static double settle(int p)
{
    double until = MPI_Wtime() + SETTLE(p), now;
    while ((now = MPI_Wtime()) < until)
        continue;
    return now;
}

/* Parses "a,b,c" into out (at most MAX_LIST); returns the number parsed. */
static int parse_list(const char *s, long out[MAX_LIST])
{
    int n = 0;
    char *end;
    while (*s != '\0' && n < MAX_LIST) {
        out[n++] = strtol(s, &end, 10);
        if (end == s)
            return -1;
        s = *end == ',' ? end + 1 : end;
    }
    return n;
}

/* One transfer of `bytes` from src to dst on comm; returns its one-way
 * time in seconds on dst (0 elsewhere). A preposted receive, a barrier,
 * then the send. */
static double transfer(char *buf, long bytes, int src, int dst, int rank, MPI_Comm comm)
{
    MPI_Request req = MPI_REQUEST_NULL;
    double start = 0.0, done = 0.0;
    int p;
    MPI_Comm_size(comm, &p);
    if (rank == dst)
        MPI_Irecv(buf, (int)bytes, MPI_BYTE, src, 0, comm, &req);
    MPI_Barrier(comm);
    if (rank == src) {
        start = settle(p);
        MPI_Send(buf, (int)bytes, MPI_BYTE, dst, 0, comm);
    }
    if (rank == dst) {
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        done = MPI_Wtime();
    }
    /* The start time travels to the receiver after the measurement. */
    if (rank == src)
        MPI_Send(&start, 1, MPI_DOUBLE, dst, 1, comm);
    if (rank == dst)
        MPI_Recv(&start, 1, MPI_DOUBLE, src, 1, comm, MPI_STATUS_IGNORE);
    return rank == dst ? done - start : 0.0;
}

int main(int argc, char **argv)
{
    long sizes[MAX_LIST] = {0, 1000, 1000000}, dsts[MAX_LIST];
    int n_sizes = 3, n_dsts = -1, k = 0, rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int a = 1; a + 1 < argc; a += 2) {
        if (strcmp(argv[a], "-s") == 0)
            n_sizes = parse_list(argv[a + 1], sizes);
        else if (strcmp(argv[a], "-d") == 0)
            n_dsts = parse_list(argv[a + 1], dsts);
        else if (strcmp(argv[a], "-k") == 0)
            k = atoi(argv[a + 1]);
    }
    if (n_sizes <= 0 || (n_dsts == 0) || k < 0 || 2 * k > size || size < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: p2p [-s BYTES,...] [-d DST,...] [-k K], 2 <= 2K <= p\n");
        MPI_Finalize();
        return 2;
    }
    if (n_dsts < 0) {
        n_dsts = 0;
        for (int r = 1; r < size && n_dsts < MAX_LIST; r++)
            dsts[n_dsts++] = r;
    }
    long max_bytes = 1;
    for (int i = 0; i < n_sizes; i++)
        max_bytes = sizes[i] > max_bytes ? sizes[i] : max_bytes;
    char *buf = calloc((size_t)max_bytes, 1);
    if (buf == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);

    if (rank == 0)
        printf("# src dst bytes one_way_us MB/s\n");
    for (int i = 0; i < n_sizes; i++) {
        long bytes = sizes[i];
        if (k > 0) {
            /* K flows r -> r + K at once: each posts, all start together. */
            MPI_Request req = MPI_REQUEST_NULL;
            double start = 0.0, t = 0.0;
            int peer = rank < k ? rank + k : rank - k;
            if (rank >= k && rank < 2 * k)
                MPI_Irecv(buf, (int)bytes, MPI_BYTE, peer, 0, MPI_COMM_WORLD, &req);
            MPI_Barrier(MPI_COMM_WORLD);
            start = settle(size);
            MPI_Allreduce(MPI_IN_PLACE, &start, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
            while (MPI_Wtime() < start + SETTLE(size))   /* all senders start together */
                continue;
            start = MPI_Wtime();
            if (rank < k)
                MPI_Send(buf, (int)bytes, MPI_BYTE, peer, 0, MPI_COMM_WORLD);
            if (rank >= k && rank < 2 * k) {
                MPI_Wait(&req, MPI_STATUS_IGNORE);
                t = MPI_Wtime() - start;
            }
            struct { double t; int r; } mine = {t, rank}, worst;
            MPI_Reduce(&mine, &worst, 1, MPI_DOUBLE_INT, MPI_MAXLOC, 0, MPI_COMM_WORLD);
            if (rank == 0)
                printf("%d %d %ld %.3f %.1f   (slowest of %d concurrent flows)\n",
                       worst.r - k, worst.r, bytes, worst.t * 1e6,
                       worst.t > 0 ? bytes / worst.t / 1e6 : 0.0, k);
            continue;
        }
        for (int j = 0; j < n_dsts; j++) {
            int dst = (int)dsts[j];
            if (dst <= 0 || dst >= size)
                continue;
            double t = transfer(buf, bytes, 0, dst, rank, MPI_COMM_WORLD);
            if (rank == dst)
                MPI_Send(&t, 1, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
            if (rank == 0) {
                MPI_Recv(&t, 1, MPI_DOUBLE, dst, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                printf("0 %d %ld %.3f %.1f\n", dst, bytes, t * 1e6,
                       t > 0 ? bytes / t / 1e6 : 0.0);
            }
        }
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
