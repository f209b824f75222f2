/* A collective call's data as bytes in type-signature order. Private.
 *
 * MPI lets each process pass its own (count, datatype) pair for the same
 * message (equal type signatures), and makes some arguments significant at
 * the root only. An algorithm that splits, reorders or sizes messages from
 * the local pair would then take different paths on different processes
 * and deadlock. So every entry point first turns the call into bytes
 * (MPI_BYTE): the same counts on every process, block layouts in rank
 * order (v-forms: prefix sums), root-only arguments read at the root only.
 * A process whose datatype is contiguous in signature order
 * (ortho__type_is_contiguous) and whose layout is already the canonical one
 * uses its own buffers; otherwise it packs into, or receives into and
 * unpacks from, a temporary buffer: a local copy, never a different
 * message. Bytes assume one data representation on all processes, as
 * MPI_PACKED does on homogeneous systems.
 *
 * Use: ortho__as_bytes_X(...) fills a struct ortho__as_bytes; unless it
 * says skip (nothing moves on any process) or native (a byte count beyond
 * an int: run the native call), run the algorithm on its fields with
 * MPI_BYTE; then ortho__as_bytes_finish() unpacks (when the run succeeded)
 * and frees. Every decision that changes the path (skip, native) depends
 * on arguments that are significant, and equal, on every process. */
#ifndef ORTHO_AS_BYTES_H_INCLUDED
#define ORTHO_AS_BYTES_H_INCLUDED

#include <mpi.h>

struct ortho__as_bytes {
    int skip;             /* no process has a byte to move */
    int native;           /* a count in bytes does not fit an int */
    const void *sendbuf;  /* or MPI_IN_PLACE; NULL where not significant */
    int sendbytes;        /* this process's block (gather, v-forms), or per block */
    void *recvbuf;        /* NULL where not significant */
    int recvbytes;        /* per block (gather, scatter, allgather), or the message (bcast) */
    int *counts, *displs; /* v-forms where significant: bytes, prefix sums in rank order */
    /* private: how to finish */
    void *send_tmp, *recv_tmp;
    void *user_buf;
    int user_count;
    MPI_Datatype user_type;
    const int *user_counts, *user_displs; /* v-forms: blocks unpacked one by one */
    int nblocks;
    MPI_Comm comm;
};

/* buf, count and type are the process's own; is_root: this is the root. */
int ortho__as_bytes_bcast(void *buf, int count, MPI_Datatype type, int is_root, MPI_Comm comm,
                          struct ortho__as_bytes *b);

/* p processes in comm, this one `rank`. */
int ortho__as_bytes_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int is_root,
                           int p, int rank, MPI_Comm comm, struct ortho__as_bytes *b);
int ortho__as_bytes_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int is_root,
                            int p, int rank, MPI_Comm comm, struct ortho__as_bytes *b);
int ortho__as_bytes_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int p,
                              int rank, MPI_Comm comm, struct ortho__as_bytes *b);
int ortho__as_bytes_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, int p, int rank, MPI_Comm comm,
                               struct ortho__as_bytes *b);
/* Gatherv and scatterv are collective over comm (root: the root's rank
 * there): only the root knows the blocks, so it broadcasts whether their
 * bytes fit an int (else native on every process). */
int ortho__as_bytes_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, int is_root, int p, int rank, int root,
                            MPI_Comm comm, struct ortho__as_bytes *b);
int ortho__as_bytes_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                             MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int is_root, int p, int rank, int root,
                             MPI_Comm comm, struct ortho__as_bytes *b);

/* Unpacks what the run received into the user's buffers when err is
 * MPI_SUCCESS, frees the temporaries; returns err or the unpacking's
 * error. Safe on a struct whose ortho__as_bytes_X failed. */
int ortho__as_bytes_finish(struct ortho__as_bytes *b, int err);

/* count * size(type) in bytes, or -1 when it does not fit an int. */
int ortho__signature_bytes(MPI_Aint count, MPI_Datatype type);

#endif /* ORTHO_AS_BYTES_H_INCLUDED */
