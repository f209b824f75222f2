/* Things a program may do that the library must not disturb, under
 * every variant (ORTHO_VARIANT, read per communicator: a fresh duplicate
 * of MPI_COMM_WORLD for each):
 *
 *  - MPI_BOTTOM buffers with datatypes of absolute addresses, on the send
 *    and the receive side of the seven operations that move data without
 *    reducing it (MPICH's MPI_Pack and
 *    MPI_Unpack refuse a NULL buffer, so the library's packing must not
 *    hand them MPI_BOTTOM as it is);
 *  - a receive the program posted on MPI_COMM_SELF with MPI_ANY_SOURCE and
 *    MPI_ANY_TAG while the operations run: a copy the library made by a
 *    message to itself on MPI_COMM_SELF would land there, and the
 *    library's own receive would then wait forever.
 *
 *  - reductions of a datatype whose data begins below the buffer's address
 *    (true lower bound < 0): they run natively on the program's
 *    communicator (Open MPI 4.1's ring allreduce corrupted memory with it
 *    on the 2-process groups a grid would use).
 *
 *  - an attribute the program set on its communicator with a copy
 *    callback: the communicators the library makes from it (a grid's, the
 *    agreements' of online selection) must not run the program's copy
 *    and delete callbacks (MPI_Comm_dup would).
 *
 * Results are compared with values worked out here; the receive must still
 * be pending after the operations and get the program's own message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"
#include "support/mpi_cunit.h"

enum { N = 5, MAGIC = 12345 };

static int value(int rank, int i)
{
    return rank * 100 + i + 1;
}

/* count ints at buf as one element of a type of absolute addresses: used
 * with MPI_BOTTOM; its extent is the N ints, so consecutive elements are
 * consecutive blocks of N. */
static MPI_Datatype absolute(const int *buf, int count)
{
    MPI_Datatype t, r;
    MPI_Aint at;
    MPI_Get_address(buf, &at);
    MPI_Type_create_struct(1, &count, &at, (MPI_Datatype[]){MPI_INT}, &t);
    MPI_Type_create_resized(t, at, (MPI_Aint)count * (MPI_Aint)sizeof(int), &r);
    MPI_Type_free(&t);
    MPI_Type_commit(&r);
    return r;
}

static int block_is(const int *buf, int rank)
{
    for (int i = 0; i < N; i++)
        if (buf[i] != value(rank, i))
            return 0;
    return 1;
}

static void fill(int *buf, int rank)
{
    for (int i = 0; i < N; i++)
        buf[i] = value(rank, i);
}

/* The operations with MPI_BOTTOM buffers on comm; 1 when right here.
 * Reduce and allreduce are left out: MPI's predefined operations are not
 * defined on such a derived type (MPICH refuses MPI_SUM there). */
static int bottom_calls(MPI_Comm comm)
{
    int rank, p, ok = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int root = p - 1, is_root = rank == root;
    int mine[N];
    int *all = malloc((size_t)p * N * sizeof(int));
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p;
    for (int q = 0; q < p; q++) {
        counts[q] = 1;         /* one element: a block of N ints */
        displs[q] = p - 1 - q; /* in reverse order */
    }
    MPI_Datatype t_mine = absolute(mine, N), t_all = absolute(all, N);

    /* bcast: the root's block everywhere */
    fill(mine, is_root ? root : rank);
    ok &= ortho_bcast(MPI_BOTTOM, 1, t_mine, root, comm) == MPI_SUCCESS && block_is(mine, root);

    /* gather and allgather: block q at q */
    fill(mine, rank);
    memset(all, 0, (size_t)p * N * sizeof(int));
    ok &= ortho_gather(MPI_BOTTOM, 1, t_mine, MPI_BOTTOM, 1, t_all, root, comm) == MPI_SUCCESS;
    for (int q = 0; is_root && q < p; q++)
        ok &= block_is(all + q * N, q);
    memset(all, 0, (size_t)p * N * sizeof(int));
    ok &= ortho_allgather(MPI_BOTTOM, 1, t_mine, MPI_BOTTOM, 1, t_all, comm) == MPI_SUCCESS;
    for (int q = 0; q < p; q++)
        ok &= block_is(all + q * N, q);

    /* scatter: block q of the root's to q */
    for (int q = 0; is_root && q < p; q++)
        fill(all + q * N, q);
    memset(mine, 0, sizeof mine);
    ok &= ortho_scatter(MPI_BOTTOM, 1, t_all, MPI_BOTTOM, 1, t_mine, root, comm) ==
              MPI_SUCCESS &&
          block_is(mine, rank);

    /* the v-forms: block q at p - 1 - q */
    fill(mine, rank);
    memset(all, 0, (size_t)p * N * sizeof(int));
    ok &= ortho_gatherv(MPI_BOTTOM, 1, t_mine, MPI_BOTTOM, counts, displs, t_all, root, comm) ==
          MPI_SUCCESS;
    for (int q = 0; is_root && q < p; q++)
        ok &= block_is(all + (p - 1 - q) * N, q);
    memset(all, 0, (size_t)p * N * sizeof(int));
    ok &= ortho_allgatherv(MPI_BOTTOM, 1, t_mine, MPI_BOTTOM, counts, displs, t_all, comm) ==
          MPI_SUCCESS;
    for (int q = 0; q < p; q++)
        ok &= block_is(all + (p - 1 - q) * N, q);
    for (int q = 0; is_root && q < p; q++)
        fill(all + (p - 1 - q) * N, q);
    memset(mine, 0, sizeof mine);
    ok &= ortho_scatterv(MPI_BOTTOM, counts, displs, t_all, MPI_BOTTOM, 1, t_mine, root, comm) ==
              MPI_SUCCESS &&
          block_is(mine, rank);

    MPI_Type_free(&t_mine);
    MPI_Type_free(&t_all);
    free(counts);
    free(all);
    return ok;
}

/* Reduce, allreduce (in place too) and allgather of plain ints on comm,
 * where the variants copy blocks on this process; 1 when right here. */
static int reduction_calls(MPI_Comm comm)
{
    enum { M = 13 };
    int rank, p, ok = 1, mine[M], sum[M];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int root = p / 2, *all = malloc((size_t)p * M * sizeof(int));
    for (int i = 0; i < M; i++)
        mine[i] = value(rank, i);
    ok &= ortho_reduce(mine, sum, M, MPI_INT, MPI_SUM, root, comm) == MPI_SUCCESS;
    for (int i = 0; rank == root && i < M; i++)
        ok &= sum[i] == 100 * p * (p - 1) / 2 + p * (i + 1);
    ok &= ortho_allreduce(mine, sum, M, MPI_INT, MPI_SUM, comm) == MPI_SUCCESS;
    for (int i = 0; i < M; i++)
        ok &= sum[i] == 100 * p * (p - 1) / 2 + p * (i + 1);
    ok &= ortho_allreduce(MPI_IN_PLACE, mine, M, MPI_INT, MPI_MAX, comm) == MPI_SUCCESS;
    for (int i = 0; i < M; i++)
        ok &= mine[i] == value(p - 1, i);
    for (int i = 0; i < M; i++)
        mine[i] = value(rank, i);
    ok &= ortho_allgather(mine, M, MPI_INT, all, M, MPI_INT, comm) == MPI_SUCCESS;
    for (int q = 0; q < p; q++)
        for (int i = 0; i < M; i++)
            ok &= all[q * M + i] == value(q, i);
    free(all);
    return ok;
}

/* An int 8 bytes below each 16-byte element's address: true lower bound
 * -8. Summed by a user operation (MPI's own are not defined on it). */
#define BELOW(buf, i) (*(int *)((char *)(buf) + (long)(i) * 16 - 8))

static void sum_below(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        BELOW(inout, i) += BELOW(in, i);
}

/* Reduce and allreduce of such elements (enough of them for Open MPI's
 * ring allreduce, which corrupted memory with this type on 2 processes);
 * 1 when right here. */
static int below_calls(MPI_Comm comm)
{
    enum { M = 5000 };
    int rank, p, ok = 1, one = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    MPI_Aint disp = -8;
    MPI_Datatype t0, t;
    MPI_Op op;
    MPI_Type_create_hindexed(1, &one, &disp, MPI_INT, &t0);
    MPI_Type_create_resized(t0, -8, 16, &t);
    MPI_Type_free(&t0);
    MPI_Type_commit(&t);
    MPI_Op_create(sum_below, 1, &op);
    char *in = calloc((size_t)M + 1, 16), *out = calloc((size_t)M + 1, 16);
    char *x = in + 16, *y = out + 16; /* the data 8 bytes below x and y */
    for (int i = 0; i < M; i++)
        BELOW(x, i) = value(rank, i % 50);
    ok &= ortho_allreduce(x, y, M, t, op, comm) == MPI_SUCCESS;
    for (int i = 0; i < M; i++)
        ok &= BELOW(y, i) == 100 * p * (p - 1) / 2 + p * (i % 50 + 1);
    memset(out, 0, ((size_t)M + 1) * 16);
    ok &= ortho_reduce(x, y, M, t, op, 0, comm) == MPI_SUCCESS;
    for (int i = 0; rank == 0 && i < M; i++)
        ok &= BELOW(y, i) == 100 * p * (p - 1) / 2 + p * (i % 50 + 1);
    free(in);
    free(out);
    MPI_Op_free(&op);
    MPI_Type_free(&t);
    return ok;
}

static const char *const variants[] = {NULL,          "phases",          "phases:cols", "rsag",
                                       "rsag:cols",   "pipe",            "pipe:cols",   "scag",
                                       "chain",       "spread",          "pipe:seg=8",
                                       "rings"};
enum { NVARIANTS = sizeof variants / sizeof variants[0] };

static MPI_Comm fresh(const char *variant)
{
    MPI_Comm comm;
    if (variant != NULL)
        setenv("ORTHO_VARIANT", variant, 1);
    else
        unsetenv("ORTHO_VARIANT");
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    return comm;
}

/* The program's attribute on its communicator: its copy callback counts
 * the copies, its delete callback the deletions. */
static int copies, deletions;

static int count_copy(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    copies++;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)value;
    (void)extra;
    deletions++;
    return MPI_SUCCESS;
}

/* The reductions and the MPI_BOTTOM calls on a communicator that holds an
 * attribute of the program's, copied on MPI_Comm_dup: the communicators
 * the library makes from it (a grid's, the agreements' of online
 * selection) must not copy it, nor delete a copy when they go; 1 when the
 * callbacks ran only for the program's own MPI_Comm_dup and MPI_Comm_free. */
static int attribute_calls(MPI_Comm comm)
{
    int keyval, ok;
    MPI_Comm mine;
    MPI_Comm_create_keyval(count_copy, count_delete, &keyval, NULL);
    copies = deletions = 0;
    MPI_Comm_set_attr(comm, keyval, &copies);
    ok = reduction_calls(comm) & bottom_calls(comm);
    ok &= copies == 0 && deletions == 0;
    MPI_Comm_dup(comm, &mine); /* the program's own: copied */
    ok &= reduction_calls(mine);
    ok &= copies == 1 && deletions == 0;
    MPI_Comm_free(&mine);
    ok &= copies == 1 && deletions == 1;
    MPI_Comm_delete_attr(comm, keyval);
    ok &= deletions == 2;
    MPI_Comm_free_keyval(&keyval);
    return ok;
}

/* calls on a fresh communicator under every variant; `what` names a
 * failure. */
static void under_every_variant(int (*calls)(MPI_Comm), const char *what)
{
    int ok = 1;
    for (int v = 0; v < NVARIANTS; v++) {
        MPI_Comm comm = fresh(variants[v]);
        int here = calls(comm);
        if (!here)
            printf("\n  %s under ORTHO_VARIANT=%s", what, variants[v] ? variants[v] : "");
        ok &= here;
        MPI_Comm_free(&comm);
    }
    unsetenv("ORTHO_VARIANT");
    CU_ASSERT(ORTHO_TEST_ALL(ok, MPI_COMM_WORLD));
}

/* The reductions and the MPI_BOTTOM calls while the program's receive is
 * pending (reductions first: without MPI_BOTTOM, so that this stands
 * alone); 1 when the receive is left to the program's own message. */
static int self_receive_calls(MPI_Comm comm)
{
    int got = -1, pending = 0, magic = MAGIC + ortho_test_world_rank();
    MPI_Request req;
    MPI_Status st;
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_SELF, &req);
    int here = reduction_calls(comm);
    here &= bottom_calls(comm);
    MPI_Test(&req, &pending, MPI_STATUS_IGNORE);
    here &= !pending; /* nothing of the library's took it */
    MPI_Send(&magic, 1, MPI_INT, 0, 7, MPI_COMM_SELF);
    MPI_Wait(&req, &st);
    return here && got == magic && st.MPI_TAG == 7;
}

static void test_bottom(void)
{
    under_every_variant(bottom_calls, "MPI_BOTTOM wrong");
}

static void test_self_receive(void)
{
    under_every_variant(self_receive_calls, "the program's receive on MPI_COMM_SELF disturbed");
}

static void test_below(void)
{
    under_every_variant(below_calls, "a type below its buffer wrong");
}

static void test_attributes(void)
{
    under_every_variant(attribute_calls, "the program's attribute copied or deleted");
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("the program's buffers and messages", NULL, NULL);
    CU_add_test(s, "MPI_BOTTOM with absolute addresses", test_bottom);
    CU_add_test(s, "a wildcard receive on MPI_COMM_SELF", test_self_receive);
    CU_add_test(s, "reductions of a type that starts below its buffer", test_below);
    CU_add_test(s, "the program's attributes on its communicator", test_attributes);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
