/* The interposition library's Fortran entry points, for Open MPI only.
 *
 * MPICH's Fortran bindings (libmpichfort: mpif.h, `use mpi`, `use
 * mpi_f08`) call the C functions MPI_Bcast ... MPI_Scatterv, so the C
 * definitions of ortho_mpi.c catch Fortran programs too. Open MPI's do not:
 * mpi_allgather_ (libmpi_mpifh, for mpif.h and `use mpi`) and
 * mpi_allgather_f08_ (libmpi_usempif08) end in PMPI_Allgather, past any C
 * MPI_Allgather. So, built against Open MPI, the library also defines the
 * Fortran names of the nine operations, as the MPI standard names them for
 * a profiling layer: mpi_bcast_ (and the other manglings Open MPI exports:
 * mpi_bcast, mpi_bcast__, MPI_BCAST) and mpi_bcast_f08_. Each converts
 * what Open MPI's own binding converts (handles by MPI_Comm_f2c,
 * MPI_Type_f2c, MPI_Op_f2c; Fortran's MPI_IN_PLACE and MPI_BOTTOM, the
 * addresses of Open MPI's common blocks mpi_fortran_in_place and
 * mpi_fortran_bottom, to C's; INTEGER arrays to int) and calls the C
 * function of ortho_mpi.c, whose code goes to IERROR (mpi_f08: when
 * present). The mpi_f08 names take the same arguments: Open MPI 4.1 passes
 * TYPE(MPI_Comm) and the other handle types by reference to their one
 * INTEGER, choice buffers by address, and a NULL IERROR when absent.
 *
 * Elsewhere (MPICH) this file defines nothing. */
#include <mpi.h>

#if defined(OPEN_MPI) && OPEN_MPI

#include <stdlib.h>

/* Open MPI's Fortran sentinels, one symbol per name mangling it may have
 * been built with; weak, so those it lacks are NULL. */
extern int mpi_fortran_in_place __attribute__((weak));
extern int mpi_fortran_in_place_ __attribute__((weak));
extern int mpi_fortran_in_place__ __attribute__((weak));
extern int MPI_FORTRAN_IN_PLACE __attribute__((weak));
extern int mpi_fortran_bottom __attribute__((weak));
extern int mpi_fortran_bottom_ __attribute__((weak));
extern int mpi_fortran_bottom__ __attribute__((weak));
extern int MPI_FORTRAN_BOTTOM __attribute__((weak));

static int is_one_of(const void *buf, const int *a, const int *b, const int *c, const int *d)
{
    return buf != NULL && (buf == a || buf == b || buf == c || buf == d);
}

/* A Fortran choice buffer as C sees it: MPI_IN_PLACE and MPI_BOTTOM
 * mapped, any other address unchanged. */
static void *c_buf(void *buf)
{
    if (is_one_of(buf, &mpi_fortran_in_place, &mpi_fortran_in_place_, &mpi_fortran_in_place__,
                  &MPI_FORTRAN_IN_PLACE))
        return MPI_IN_PLACE;
    if (is_one_of(buf, &mpi_fortran_bottom, &mpi_fortran_bottom_, &mpi_fortran_bottom__,
                  &MPI_FORTRAN_BOTTOM))
        return MPI_BOTTOM;
    return buf;
}

static void set_ierr(MPI_Fint *ierr, int err)
{
    if (ierr != NULL)
        *ierr = (MPI_Fint)err;
}

/* The number of entries of a counts or displacements array on comm: the
 * group's size, the remote group's on an intercommunicator; 0 when comm
 * is not valid (the C call then reports it). */
static int entries(MPI_Comm comm)
{
    int inter = 0, n = 0;
    if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS)
        return 0;
    if ((inter ? PMPI_Comm_remote_size(comm, &n) : PMPI_Comm_size(comm, &n)) != MPI_SUCCESS)
        return 0;
    return n;
}

/* A Fortran INTEGER array of n entries as an int array in *out: the same
 * memory where the two types have one size (Open MPI's usual build), else
 * a copy in *copy, which the caller frees. significant == 0: an argument
 * MPI ignores on this process, not read (*out NULL). */
static int c_ints(const MPI_Fint *a, int n, int significant, const int **out, int **copy)
{
    *out = NULL;
    *copy = NULL;
    if (!significant || a == NULL)
        return MPI_SUCCESS;
    if (sizeof(MPI_Fint) == sizeof(int)) {
        *out = (const int *)(const void *)a;
        return MPI_SUCCESS;
    }
    *copy = malloc((size_t)(n > 0 ? n : 1) * sizeof(int));
    if (*copy == NULL)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < n; i++)
        (*copy)[i] = (int)a[i];
    *out = *copy;
    return MPI_SUCCESS;
}

/* The counts and displacements of a v-operation as int arrays (see
 * c_ints); an error is raised on comm, as MPI raises its own. */
static int c_counts(const MPI_Fint *counts, const MPI_Fint *displs, int significant,
                    MPI_Comm comm, const int **c, const int **d, int **copies)
{
    int n = sizeof(MPI_Fint) == sizeof(int) ? 0 : entries(comm);
    int err = c_ints(counts, n, significant, c, &copies[0]);
    copies[1] = NULL;
    if (!err)
        err = c_ints(displs, n, significant, d, &copies[1]);
    if (err && comm != MPI_COMM_NULL)
        PMPI_Comm_call_errhandler(comm, err);
    return err;
}

/* 1 when this process is a root of a rooted operation on comm (its rank on
 * an intracommunicator, MPI_ROOT on an intercommunicator). */
static int is_root(int root, MPI_Comm comm)
{
    int inter = 0, rank = -1;
    if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS)
        return 0;
    if (inter)
        return root == MPI_ROOT;
    return PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS && rank == root;
}

/* ---- the nine operations, Fortran arguments -------------------------- */

static void f_bcast(void *buffer, const MPI_Fint *count, const MPI_Fint *datatype,
                    const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr)
{
    set_ierr(ierr, MPI_Bcast(c_buf(buffer), (int)*count, PMPI_Type_f2c(*datatype), (int)*root,
                             PMPI_Comm_f2c(*comm)));
}

static void f_reduce(void *sendbuf, void *recvbuf, const MPI_Fint *count,
                     const MPI_Fint *datatype, const MPI_Fint *op, const MPI_Fint *root,
                     const MPI_Fint *comm, MPI_Fint *ierr)
{
    set_ierr(ierr, MPI_Reduce(c_buf(sendbuf), c_buf(recvbuf), (int)*count,
                              PMPI_Type_f2c(*datatype), PMPI_Op_f2c(*op), (int)*root,
                              PMPI_Comm_f2c(*comm)));
}

static void f_allreduce(void *sendbuf, void *recvbuf, const MPI_Fint *count,
                        const MPI_Fint *datatype, const MPI_Fint *op, const MPI_Fint *comm,
                        MPI_Fint *ierr)
{
    set_ierr(ierr, MPI_Allreduce(c_buf(sendbuf), c_buf(recvbuf), (int)*count,
                                 PMPI_Type_f2c(*datatype), PMPI_Op_f2c(*op),
                                 PMPI_Comm_f2c(*comm)));
}

static void f_gather(void *sendbuf, const MPI_Fint *sendcount, const MPI_Fint *sendtype,
                     void *recvbuf, const MPI_Fint *recvcount, const MPI_Fint *recvtype,
                     const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr)
{
    set_ierr(ierr, MPI_Gather(c_buf(sendbuf), (int)*sendcount, PMPI_Type_f2c(*sendtype),
                              c_buf(recvbuf), (int)*recvcount, PMPI_Type_f2c(*recvtype),
                              (int)*root, PMPI_Comm_f2c(*comm)));
}

static void f_scatter(void *sendbuf, const MPI_Fint *sendcount, const MPI_Fint *sendtype,
                      void *recvbuf, const MPI_Fint *recvcount, const MPI_Fint *recvtype,
                      const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr)
{
    set_ierr(ierr, MPI_Scatter(c_buf(sendbuf), (int)*sendcount, PMPI_Type_f2c(*sendtype),
                               c_buf(recvbuf), (int)*recvcount, PMPI_Type_f2c(*recvtype),
                               (int)*root, PMPI_Comm_f2c(*comm)));
}

static void f_allgather(void *sendbuf, const MPI_Fint *sendcount, const MPI_Fint *sendtype,
                        void *recvbuf, const MPI_Fint *recvcount, const MPI_Fint *recvtype,
                        const MPI_Fint *comm, MPI_Fint *ierr)
{
    set_ierr(ierr, MPI_Allgather(c_buf(sendbuf), (int)*sendcount, PMPI_Type_f2c(*sendtype),
                                 c_buf(recvbuf), (int)*recvcount, PMPI_Type_f2c(*recvtype),
                                 PMPI_Comm_f2c(*comm)));
}

static void f_allgatherv(void *sendbuf, const MPI_Fint *sendcount, const MPI_Fint *sendtype,
                         void *recvbuf, const MPI_Fint *recvcounts, const MPI_Fint *displs,
                         const MPI_Fint *recvtype, const MPI_Fint *comm, MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    const int *cc, *cd;
    int *copies[2];
    int err = c_counts(recvcounts, displs, 1, c, &cc, &cd, copies);
    if (!err)
        err = MPI_Allgatherv(c_buf(sendbuf), (int)*sendcount, PMPI_Type_f2c(*sendtype),
                             c_buf(recvbuf), cc, cd, PMPI_Type_f2c(*recvtype), c);
    free(copies[0]);
    free(copies[1]);
    set_ierr(ierr, err);
}

static void f_gatherv(void *sendbuf, const MPI_Fint *sendcount, const MPI_Fint *sendtype,
                      void *recvbuf, const MPI_Fint *recvcounts, const MPI_Fint *displs,
                      const MPI_Fint *recvtype, const MPI_Fint *root, const MPI_Fint *comm,
                      MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    const int *cc, *cd;
    int *copies[2];
    int err = c_counts(recvcounts, displs, is_root((int)*root, c), c, &cc, &cd, copies);
    if (!err)
        err = MPI_Gatherv(c_buf(sendbuf), (int)*sendcount, PMPI_Type_f2c(*sendtype),
                          c_buf(recvbuf), cc, cd, PMPI_Type_f2c(*recvtype), (int)*root, c);
    free(copies[0]);
    free(copies[1]);
    set_ierr(ierr, err);
}

static void f_scatterv(void *sendbuf, const MPI_Fint *sendcounts, const MPI_Fint *displs,
                       const MPI_Fint *sendtype, void *recvbuf, const MPI_Fint *recvcount,
                       const MPI_Fint *recvtype, const MPI_Fint *root, const MPI_Fint *comm,
                       MPI_Fint *ierr)
{
    MPI_Comm c = PMPI_Comm_f2c(*comm);
    const int *cc, *cd;
    int *copies[2];
    int err = c_counts(sendcounts, displs, is_root((int)*root, c), c, &cc, &cd, copies);
    if (!err)
        err = MPI_Scatterv(c_buf(sendbuf), cc, cd, PMPI_Type_f2c(*sendtype), c_buf(recvbuf),
                           (int)*recvcount, PMPI_Type_f2c(*recvtype), (int)*root, c);
    free(copies[0]);
    free(copies[1]);
    set_ierr(ierr, err);
}

/* ---- the linker names ------------------------------------------------- */

/* NAME with PARAMS calling IMPL with ARGS, declared first
 * (-Wmissing-prototypes: these are called from Fortran only). */
#define ORTHO_FORTRAN_NAME(name, impl, params, args)                                         \
    void name params;                                                                         \
    void name params { impl args; }

/* The four manglings of mpif.h and `use mpi`, and mpi_f08's name. */
#define ORTHO_FORTRAN(lower, upper, impl, params, args)                                      \
    ORTHO_FORTRAN_NAME(lower, impl, params, args)                                             \
    ORTHO_FORTRAN_NAME(lower##_, impl, params, args)                                          \
    ORTHO_FORTRAN_NAME(lower##__, impl, params, args)                                         \
    ORTHO_FORTRAN_NAME(upper, impl, params, args)                                             \
    ORTHO_FORTRAN_NAME(lower##_f08_, impl, params, args)

ORTHO_FORTRAN(mpi_bcast, MPI_BCAST, f_bcast,
              (void *b, const MPI_Fint *n, const MPI_Fint *t, const MPI_Fint *root,
               const MPI_Fint *comm, MPI_Fint *ierr),
              (b, n, t, root, comm, ierr))

ORTHO_FORTRAN(mpi_reduce, MPI_REDUCE, f_reduce,
              (void *s, void *r, const MPI_Fint *n, const MPI_Fint *t, const MPI_Fint *op,
               const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr),
              (s, r, n, t, op, root, comm, ierr))

ORTHO_FORTRAN(mpi_allreduce, MPI_ALLREDUCE, f_allreduce,
              (void *s, void *r, const MPI_Fint *n, const MPI_Fint *t, const MPI_Fint *op,
               const MPI_Fint *comm, MPI_Fint *ierr),
              (s, r, n, t, op, comm, ierr))

ORTHO_FORTRAN(mpi_gather, MPI_GATHER, f_gather,
              (void *s, const MPI_Fint *sn, const MPI_Fint *st, void *r, const MPI_Fint *rn,
               const MPI_Fint *rt, const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr),
              (s, sn, st, r, rn, rt, root, comm, ierr))

ORTHO_FORTRAN(mpi_scatter, MPI_SCATTER, f_scatter,
              (void *s, const MPI_Fint *sn, const MPI_Fint *st, void *r, const MPI_Fint *rn,
               const MPI_Fint *rt, const MPI_Fint *root, const MPI_Fint *comm, MPI_Fint *ierr),
              (s, sn, st, r, rn, rt, root, comm, ierr))

ORTHO_FORTRAN(mpi_allgather, MPI_ALLGATHER, f_allgather,
              (void *s, const MPI_Fint *sn, const MPI_Fint *st, void *r, const MPI_Fint *rn,
               const MPI_Fint *rt, const MPI_Fint *comm, MPI_Fint *ierr),
              (s, sn, st, r, rn, rt, comm, ierr))

ORTHO_FORTRAN(mpi_allgatherv, MPI_ALLGATHERV, f_allgatherv,
              (void *s, const MPI_Fint *sn, const MPI_Fint *st, void *r, const MPI_Fint *rc,
               const MPI_Fint *rd, const MPI_Fint *rt, const MPI_Fint *comm, MPI_Fint *ierr),
              (s, sn, st, r, rc, rd, rt, comm, ierr))

ORTHO_FORTRAN(mpi_gatherv, MPI_GATHERV, f_gatherv,
              (void *s, const MPI_Fint *sn, const MPI_Fint *st, void *r, const MPI_Fint *rc,
               const MPI_Fint *rd, const MPI_Fint *rt, const MPI_Fint *root,
               const MPI_Fint *comm, MPI_Fint *ierr),
              (s, sn, st, r, rc, rd, rt, root, comm, ierr))

ORTHO_FORTRAN(mpi_scatterv, MPI_SCATTERV, f_scatterv,
              (void *s, const MPI_Fint *sc, const MPI_Fint *sd, const MPI_Fint *st, void *r,
               const MPI_Fint *rn, const MPI_Fint *rt, const MPI_Fint *root,
               const MPI_Fint *comm, MPI_Fint *ierr),
              (s, sc, sd, st, r, rn, rt, root, comm, ierr))

#else

/* ISO C wants a declaration in every translation unit. */
typedef int ortho__no_fortran_names;

#endif
