/* A collective call's data as bytes in type-signature order (as_bytes.h). */
#include "common/as_bytes.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/buffers.h"

int ortho__signature_bytes(MPI_Aint count, MPI_Datatype type)
{
    MPI_Count size = 0;
    PMPI_Type_size_x(type, &size);
    if (count < 0 || size < 0 || (size > 0 && count > (MPI_Aint)(INT_MAX / size)))
        return -1;
    return (int)(count * size);
}

static void init(struct ortho__as_bytes *b, MPI_Comm comm)
{
    memset(b, 0, sizeof *b);
    b->user_type = MPI_DATATYPE_NULL;
    b->comm = comm;
}

static char *at(void *buf, MPI_Aint bytes)
{
    return (char *)buf + bytes;
}

/* count elements of type at buf into `bytes` bytes at out. */
static int pack(const void *buf, int count, MPI_Datatype type, void *out, int bytes,
                MPI_Comm comm)
{
    int pos = 0, err;
    if (count == 0 || bytes == 0)
        return MPI_SUCCESS;
    err = ortho__pack_at(buf, count, type, out, bytes, &pos, comm);
    /* A packed form longer than the signature's bytes would be a
     * heterogeneous MPI, which moving bytes cannot serve. */
    if (!err && pos != bytes)
        err = MPI_ERR_INTERN;
    return err;
}

static int alloc(void **tmp, MPI_Aint bytes)
{
    *tmp = malloc(bytes > 0 ? (size_t)bytes : 1);
    return *tmp == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
}

/* The send side: the buffer itself, or its bytes packed. */
static int send_view(const void *buf, int count, MPI_Datatype type, int bytes,
                     struct ortho__as_bytes *b)
{
    b->sendbytes = bytes;
    if (ortho__type_is_contiguous(type)) {
        b->sendbuf = buf;
        return MPI_SUCCESS;
    }
    int err = alloc(&b->send_tmp, bytes);
    if (!err)
        err = pack(buf, count, type, b->send_tmp, bytes, b->comm);
    b->sendbuf = b->send_tmp;
    return err;
}

/* The receive side of one message of `bytes`: the buffer itself, or a
 * temporary unpacked into count elements of type at buf by finish. */
static int recv_view(void *buf, int count, MPI_Datatype type, MPI_Aint bytes,
                     struct ortho__as_bytes *b)
{
    if (ortho__type_is_contiguous(type)) {
        b->recvbuf = buf;
        return MPI_SUCCESS;
    }
    int err = alloc(&b->recv_tmp, bytes);
    b->recvbuf = b->recv_tmp;
    b->user_buf = buf;
    b->user_count = count;
    b->user_type = type;
    return err;
}

int ortho__as_bytes_bcast(void *buf, int count, MPI_Datatype type, int is_root, MPI_Comm comm,
                          struct ortho__as_bytes *b)
{
    init(b, comm);
    int bytes = ortho__signature_bytes(count, type);
    b->skip = bytes == 0;
    b->native = bytes < 0;
    if (bytes <= 0)
        return MPI_SUCCESS;
    b->recvbytes = bytes;
    int err = recv_view(buf, count, type, bytes, b);
    if (!err && is_root && b->recv_tmp != NULL) {
        err = pack(buf, count, type, b->recv_tmp, bytes, comm);
        b->user_type = MPI_DATATYPE_NULL; /* the root has nothing to unpack */
    }
    return err;
}

/* Block bytes B with p blocks: skip for B = 0, native when p B does not fit. */
static int blocks_fit(int bytes, int p, struct ortho__as_bytes *b)
{
    b->skip = bytes == 0;
    b->native = bytes < 0 || (bytes > 0 && p > INT_MAX / bytes);
    return !b->skip && !b->native;
}

int ortho__as_bytes_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount, MPI_Datatype recvtype, int is_root,
                           int p, int rank, MPI_Comm comm, struct ortho__as_bytes *b)
{
    init(b, comm);
    int in_place = is_root && sendbuf == MPI_IN_PLACE, err = MPI_SUCCESS;
    int bytes = is_root ? ortho__signature_bytes(recvcount, recvtype)
                        : ortho__signature_bytes(sendcount, sendtype);
    if (!blocks_fit(bytes, p, b))
        return MPI_SUCCESS;
    b->recvbytes = bytes;
    if (in_place) {
        b->sendbuf = MPI_IN_PLACE;
        b->sendbytes = bytes;
    } else {
        err = send_view(sendbuf, sendcount, sendtype, bytes, b);
    }
    if (!err && is_root)
        err = recv_view(recvbuf, p * recvcount, recvtype, (MPI_Aint)p * bytes, b);
    if (!err && in_place && b->recv_tmp != NULL)
        err = pack(ortho__offset(recvbuf, (MPI_Aint)rank * recvcount, recvtype), recvcount,
                   recvtype, at(b->recv_tmp, (MPI_Aint)rank * bytes), bytes, comm);
    return err;
}

int ortho__as_bytes_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int is_root,
                            int p, int rank, MPI_Comm comm, struct ortho__as_bytes *b)
{
    (void)rank;
    init(b, comm);
    int in_place = is_root && recvbuf == MPI_IN_PLACE, err = MPI_SUCCESS;
    int bytes = is_root ? ortho__signature_bytes(sendcount, sendtype)
                        : ortho__signature_bytes(recvcount, recvtype);
    if (!blocks_fit(bytes, p, b))
        return MPI_SUCCESS;
    b->sendbytes = bytes;
    b->recvbytes = bytes;
    if (is_root)
        err = send_view(sendbuf, p * sendcount, sendtype, p * bytes, b);
    b->sendbytes = bytes;
    if (!err && in_place)
        b->recvbuf = MPI_IN_PLACE;
    else if (!err)
        err = recv_view(recvbuf, recvcount, recvtype, bytes, b);
    return err;
}

int ortho__as_bytes_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                              void *recvbuf, int recvcount, MPI_Datatype recvtype, int p,
                              int rank, MPI_Comm comm, struct ortho__as_bytes *b)
{
    init(b, comm);
    int in_place = sendbuf == MPI_IN_PLACE, err = MPI_SUCCESS;
    int bytes = ortho__signature_bytes(recvcount, recvtype);
    if (!blocks_fit(bytes, p, b))
        return MPI_SUCCESS;
    b->recvbytes = bytes;
    if (in_place) {
        b->sendbuf = MPI_IN_PLACE;
        b->sendbytes = bytes;
    } else {
        err = send_view(sendbuf, sendcount, sendtype, bytes, b);
    }
    if (!err)
        err = recv_view(recvbuf, p * recvcount, recvtype, (MPI_Aint)p * bytes, b);
    if (!err && in_place && b->recv_tmp != NULL)
        err = pack(ortho__offset(recvbuf, (MPI_Aint)rank * recvcount, recvtype), recvcount,
                   recvtype, at(b->recv_tmp, (MPI_Aint)rank * bytes), bytes, comm);
    return err;
}

/* Byte counts and prefix-sum displacements of p blocks of counts[i]
 * elements of type; *total; native when a byte count does not fit an int.
 * *direct: the user's layout (displs in elements) is this one already and
 * type is contiguous, so the user's buffer serves as it is. */
static int layout(const int counts[], const int displs[], MPI_Datatype type, int p,
                  struct ortho__as_bytes *b, int *total, int *direct)
{
    MPI_Count size = 0;
    long long sum = 0;
    PMPI_Type_size_x(type, &size);
    b->counts = malloc(2 * (size_t)p * sizeof(int) + 1);
    if (b->counts == NULL)
        return MPI_ERR_NO_MEM;
    b->displs = b->counts + p;
    *direct = ortho__type_is_contiguous(type);
    for (int i = 0; i < p; i++) {
        long long bytes = (long long)counts[i] * size;
        if (bytes > INT_MAX || sum + bytes > INT_MAX) {
            b->native = 1;
            return MPI_SUCCESS;
        }
        b->counts[i] = (int)bytes;
        b->displs[i] = (int)sum;
        if (bytes > 0 && (long long)displs[i] * size != sum)
            *direct = 0;
        sum += bytes;
    }
    *total = (int)sum;
    return MPI_SUCCESS;
}

/* The v-forms' receive side at a process that holds all blocks. */
static int recv_blocks(void *recvbuf, const int recvcounts[], const int displs[],
                       MPI_Datatype recvtype, int p, int total, int direct,
                       struct ortho__as_bytes *b)
{
    if (direct) {
        b->recvbuf = recvbuf;
        return MPI_SUCCESS;
    }
    int err = alloc(&b->recv_tmp, total);
    b->recvbuf = b->recv_tmp;
    b->user_buf = recvbuf;
    b->user_type = recvtype;
    b->user_counts = recvcounts;
    b->user_displs = displs;
    b->nblocks = p;
    return err;
}

/* In place with a temporary: this process's block into it first. */
static int own_block_in(void *recvbuf, const int recvcounts[], const int displs[],
                        MPI_Datatype recvtype, int rank, struct ortho__as_bytes *b)
{
    if (b->recv_tmp == NULL)
        return MPI_SUCCESS;
    return pack(ortho__offset(recvbuf, displs[rank], recvtype), recvcounts[rank], recvtype,
                at(b->recv_tmp, b->displs[rank]), b->counts[rank], b->comm);
}

int ortho__as_bytes_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                               void *recvbuf, const int recvcounts[], const int displs[],
                               MPI_Datatype recvtype, int p, int rank, MPI_Comm comm,
                               struct ortho__as_bytes *b)
{
    int total = 0, direct = 0, in_place = sendbuf == MPI_IN_PLACE;
    init(b, comm);
    int err = layout(recvcounts, displs, recvtype, p, b, &total, &direct);
    if (err || b->native)
        return err;
    b->skip = total == 0;
    if (b->skip)
        return MPI_SUCCESS;
    if (in_place) {
        b->sendbuf = MPI_IN_PLACE;
        b->sendbytes = b->counts[rank];
    } else {
        int bytes = ortho__signature_bytes(sendcount, sendtype);
        err = bytes < 0 ? MPI_ERR_COUNT : send_view(sendbuf, sendcount, sendtype, bytes, b);
    }
    if (!err)
        err = recv_blocks(recvbuf, recvcounts, displs, recvtype, p, total, direct, b);
    if (!err && in_place)
        err = own_block_in(recvbuf, recvcounts, displs, recvtype, rank, b);
    return err;
}

/* gatherv and scatterv: the root alone knows the blocks, so it tells the
 * others whether their bytes fit an int (one int broadcast from the root;
 * each block's own bytes fit where the total does): if not, every process
 * runs the native call. The root's failure to allocate its layout counts
 * as "native" too, so that no process is left waiting. */
static int root_layout(const int counts[], const int displs[], MPI_Datatype type, int is_root,
                       int p, int root, MPI_Comm comm, struct ortho__as_bytes *b, int *total,
                       int *direct)
{
    int native = 0, err = MPI_SUCCESS;
    if (is_root) {
        err = layout(counts, displs, type, p, b, total, direct);
        native = err != MPI_SUCCESS || b->native;
    }
    int berr = PMPI_Bcast(&native, 1, MPI_INT, root, comm);
    b->native = native;
    return berr ? berr : MPI_SUCCESS; /* an allocation failure: the native call runs */
}

int ortho__as_bytes_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, int is_root, int p, int rank, int root,
                            MPI_Comm comm, struct ortho__as_bytes *b)
{
    int total = 0, direct = 0, err = MPI_SUCCESS;
    int in_place = is_root && sendbuf == MPI_IN_PLACE;
    init(b, comm);
    err = root_layout(recvcounts, displs, recvtype, is_root, p, root, comm, b, &total, &direct);
    if (err || b->native)
        return err;
    if (is_root) {
        err = recv_blocks(recvbuf, recvcounts, displs, recvtype, p, total, direct, b);
        if (!err && in_place)
            err = own_block_in(recvbuf, recvcounts, displs, recvtype, rank, b);
    }
    if (!err && in_place) {
        b->sendbuf = MPI_IN_PLACE;
        b->sendbytes = b->counts[rank];
    } else if (!err) {
        int bytes = ortho__signature_bytes(sendcount, sendtype);
        err = bytes < 0 ? MPI_ERR_COUNT : send_view(sendbuf, sendcount, sendtype, bytes, b);
    }
    return err;
}

int ortho__as_bytes_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                             MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, int is_root, int p, int rank, int root,
                             MPI_Comm comm, struct ortho__as_bytes *b)
{
    int total = 0, direct = 0, err = MPI_SUCCESS;
    int in_place = is_root && recvbuf == MPI_IN_PLACE;
    init(b, comm);
    err = root_layout(sendcounts, displs, sendtype, is_root, p, root, comm, b, &total, &direct);
    if (err || b->native)
        return err;
    if (is_root) {
        if (direct) {
            b->sendbuf = sendbuf;
        } else {
            err = alloc(&b->send_tmp, total);
            b->sendbuf = b->send_tmp;
            for (int i = 0; i < p && !err; i++)
                err = pack(ortho__offset(sendbuf, displs[i], sendtype), sendcounts[i], sendtype,
                           at(b->send_tmp, b->displs[i]), b->counts[i], comm);
        }
    }
    if (!err && in_place) {
        b->recvbuf = MPI_IN_PLACE;
        b->recvbytes = b->counts[rank];
    } else if (!err) {
        int bytes = ortho__signature_bytes(recvcount, recvtype);
        b->recvbytes = bytes;
        err = bytes < 0 ? MPI_ERR_COUNT : recv_view(recvbuf, recvcount, recvtype, bytes, b);
    }
    return err;
}

int ortho__as_bytes_finish(struct ortho__as_bytes *b, int err)
{
    if (!err && b->recv_tmp != NULL && b->user_type != MPI_DATATYPE_NULL) {
        if (b->nblocks == 0) {
            int bytes = ortho__signature_bytes(b->user_count, b->user_type);
            err = ortho__unpack(b->recv_tmp, bytes, b->user_buf, b->user_count, b->user_type,
                                b->comm);
        }
        for (int i = 0; i < b->nblocks && !err; i++)
            if (b->user_counts[i] > 0)
                err = ortho__unpack(at(b->recv_tmp, b->displs[i]), b->counts[i],
                                    ortho__offset(b->user_buf, b->user_displs[i], b->user_type),
                                    b->user_counts[i], b->user_type, b->comm);
    }
    free(b->send_tmp);
    free(b->recv_tmp);
    free(b->counts);
    b->send_tmp = b->recv_tmp = NULL;
    b->counts = b->displs = NULL;
    return err;
}
