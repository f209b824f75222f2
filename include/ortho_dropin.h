/**
 * \file ortho_dropin.h
 * \brief Drop-in replacements of nine MPI collectives: the arguments of
 * MPI, the communicator last, the grid chosen and cached by the library.
 *
 * Replacing MPI_Allgather by ortho_allgather is a rename. On the first call
 * for an operation and a size class (a power-of-two range of the message
 * size) the library picks a layout for the communicator, in this order:
 *
 *  1. the environment: ORTHO_GRID=8x12, ORTHO_GRID=4x4x6 (any number of
 *     extents, 0 for "choose"), or ORTHO_GRID=native; a layout that does
 *     not divide the communicator's size becomes an uneven grid (the
 *     trailing extents kept, see ortho_grid_create_uneven()). A malformed
 *     value prints one message on rank 0 and runs the native operation;
 *  2. the layout chooser, when one is installed (ortho_set_layout_chooser();
 *     the model module installs one when a profile is loaded);
 *  3. a balanced 2D layout (the paper's default finding): MPI_Dims_create
 *     when its rows are at most 4 times longer than its columns, else rows
 *     of about sqrt(p) processes with a shorter last row; the native
 *     operation below 4 processes.
 *
 * Grids are created once per communicator and layout and cached on the
 * communicator as an attribute whose delete callback frees them, so
 * MPI_Comm_free (and MPI_Finalize for MPI_COMM_WORLD) releases everything.
 * With ORTHO_VERBOSE=1, rank 0 of each communicator prints to stderr, once
 * per operation and size class, the layout chosen and why.
 *
 * Intercommunicators, communicators of one process (MPI_COMM_SELF) and
 * arguments MPI would reject go straight to the PMPI_ function, which
 * raises MPI's own error. Errors of the orthogonal operation are raised
 * through the communicator's error handler, as MPI raises them.
 *
 * All functions are collective over \p comm, with the rules of their MPI
 * counterpart. The layout chooser and the environment must give the same
 * answer on every process. Not thread-safe: call from one thread at a time
 * (MPI_THREAD_FUNNELED or SERIALIZED).
 */
#ifndef ORTHO_DROPIN_H_INCLUDED
#define ORTHO_DROPIN_H_INCLUDED

#include <mpi.h>

#include "ortho_grid.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The operations with drop-in versions. The first six have the values of
 *  ortho_model_op. */
typedef enum ortho_op {
    ORTHO_OP_BCAST = 0,
    ORTHO_OP_REDUCE,
    ORTHO_OP_GATHER,
    ORTHO_OP_SCATTER,
    ORTHO_OP_ALLREDUCE,
    ORTHO_OP_ALLGATHER,
    ORTHO_OP_ALLGATHERV,
    ORTHO_OP_GATHERV,
    ORTHO_OP_SCATTERV,
    ORTHO_OP_COUNT
} ortho_op;

/** \brief "MPI_Bcast", "MPI_Reduce", ...; NULL for an invalid op. Not collective. */
const char *ortho_op_name(ortho_op op);

int ortho_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int ortho_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, int root, MPI_Comm comm);
int ortho_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                    MPI_Op op, MPI_Comm comm);
int ortho_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int ortho_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int ortho_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int ortho_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                     const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                     MPI_Comm comm);
int ortho_gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                  MPI_Comm comm);
int ortho_scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                   int root, MPI_Comm comm);

/**
 * \brief A layout chooser: the grid for \p op on \p p processes with
 * message size \p bytes (the size of ortho_model.h: the whole message for
 * bcast, reduce, allreduce; one process's block for gather, scatter,
 * allgather; the mean block for allgatherv; -1 for gatherv and scatterv,
 * whose sizes only the root knows).
 * \param[out] ndims  1 to ORTHO_GRID_MAX_DIMS; 1 means the native operation
 * \param[out] dims   the extents (ortho_grid_create_uneven() rules)
 * \return 1 when it decided, 0 for "no decision" (the balanced default is
 *         used). It must answer the same on every process.
 */
typedef int (*ortho_layout_chooser)(ortho_op op, int p, double bytes, void *ctx, int *ndims,
                                    int dims[ORTHO_GRID_MAX_DIMS]);

/**
 * \brief Install \p chooser (NULL: none) with its context, for the
 * decisions taken from now on; decisions already cached on a communicator
 * stay. ORTHO_GRID still comes first. Not collective, but every process
 * must install the same chooser. \return MPI_SUCCESS.
 */
int ortho_set_layout_chooser(ortho_layout_chooser chooser, void *ctx);

/**
 * \brief The layout the drop-in functions use for \p op and \p bytes on
 * \p comm, and why. Collective over \p comm when the grid does not exist
 * yet (it is created and cached, as by the first drop-in call).
 * \param[out] ndims  1 for the native operation
 * \param[out] dims   the grid's box (ortho_grid_dims()), ndims entries
 * \param[out] why    may be NULL; a static text ("ORTHO_GRID", "chooser",
 *                    "balanced default", ...)
 * \return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL; MPI_ERR_ARG.
 */
int ortho_comm_layout(MPI_Comm comm, ortho_op op, double bytes, int *ndims,
                      int dims[ORTHO_GRID_MAX_DIMS], const char **why);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_DROPIN_H_INCLUDED */
