/**
 * \file ortho_dropin.h
 * \brief Drop-in replacements of nine MPI collectives: the arguments of
 * MPI, the communicator last, the grid chosen and cached by the library.
 *
 * Replacing MPI_Allgather by ortho_allgather is a rename. On the first call
 * for an operation and a size class (a power-of-two range of the message
 * size) the library decides what to run on the communicator: a
 * *candidate* (ortho_candidate below): the native collective, or a variant
 * on a grid with a phase order. In this order:
 *
 *  1. ORTHO_VARIANT: a candidate name for every operation
 *     (ORTHO_VARIANT=rsag:node) and/or per operation
 *     (ORTHO_VARIANT=allgather=phases:node:cols,reduce=rsag:4x8); a
 *     variant that does not apply to an operation runs "phases" with the
 *     same layout and order; a name without a layout takes ORTHO_GRID's,
 *     else the default one. A malformed value prints one message on rank 0
 *     and runs the native operations;
 *  2. ORTHO_GRID=8x12, ORTHO_GRID=4x4x6 (any number of extents, 0 for
 *     "choose"), or ORTHO_GRID=native: the "phases" variant on that layout
 *     in the paper's order; a layout that does not divide the
 *     communicator's size becomes an uneven grid (the trailing extents
 *     kept, see ortho_grid_create_uneven()). A malformed value prints one
 *     message on rank 0 and runs the native operation;
 *  3. the candidate chooser, when one is installed
 *     (ortho_set_candidate_chooser()); with none installed and
 *     ORTHO_PROFILE set, a measured decision of that profile (ortho_select.h;
 *     native when the file is missing or malformed);
 *  4. the layout chooser, when one is installed (ortho_set_layout_chooser():
 *     "phases" on the layout it returns);
 *  5. online selection (ORTHO_ADAPT, on by default): the class's first
 *     calls run native, timed; then a short list of candidates (the
 *     variant that suits the operation on the balanced 2D layout in both
 *     orders, the node-aware layout where nodes divide the communicator;
 *     with ORTHO_PROFILE, the model's best predictions) is measured on the
 *     program's own calls, within a budget of about ORTHO_ADAPT_OVERHEAD
 *     (1%) of the class's native time, and the class locks to the fastest
 *     candidate that beats native by ORTHO_ADAPT_MARGIN (5%) on
 *     consecutive calls, else to native. Times are agreed over the
 *     communicator (one small PMPI_Allreduce per batch of timed calls), so
 *     every process runs the same candidate on every call. With
 *     ORTHO_ADAPT=0: the profile's model where ORTHO_PROFILE is set, else
 *     native. Gatherv, scatterv (one class for every size) and fewer than
 *     4 processes: native. ORTHO_PROFILE_SAVE=FILE writes what was learned
 *     at MPI_Finalize (rank 0 of MPI_COMM_WORLD), merged into
 *     ORTHO_PROFILE's profile.
 *
 * Grids are created once per communicator and layout and cached on the
 * communicator as an attribute whose delete callback frees them, so
 * MPI_Comm_free (and MPI_Finalize for MPI_COMM_WORLD) releases everything.
 * The grids of all communicators together hold at most ORTHO_MAX_COMMS
 * (default 96) of MPI's communicators; beyond that, and where MPI cannot
 * make a grid's communicators, the native operation runs. With
 * ORTHO_VERBOSE=1, rank 0 of each communicator prints to stderr, once per
 * operation and size class, the candidate chosen and why (for a class
 * online selection decides: every candidate's agreed time, when it locks
 * or when its communicator is freed).
 *
 * MPI's argument rules hold to the letter: arguments significant only at
 * the root may be anything elsewhere, each process may pass its own
 * (count, datatype) pair as long as the type signatures match (the library
 * moves such data as bytes in signature order, assuming one data
 * representation on all processes), MPI_IN_PLACE where MPI allows it. Every
 * decision depends only on arguments that are significant and equal on all
 * processes. Arguments MPI rejects (a negative count, MPI_DATATYPE_NULL,
 * MPI_OP_NULL, a root out of range, a NULL buffer or counts array where
 * data are needed, MPI_IN_PLACE where MPI forbids it) are rejected before
 * any PMPI_ call, with MPI's error class raised through the communicator's
 * error handler (MPI_COMM_WORLD's for MPI_COMM_NULL). Intercommunicators and
 * communicators of one process go to the PMPI_ function. Errors of the
 * orthogonal operation are raised through the communicator's error
 * handler, as MPI raises them.
 *
 * All functions are collective over \p comm, with the rules of their MPI
 * counterpart. The choosers and the environment must give the same answer
 * on every process: when a communicator is first used its processes
 * compare the settings that change what runs (ORTHO_GRID, ORTHO_VARIANT,
 * the bytes of ORTHO_PROFILE, ORTHO_SELECT_THRESHOLD,
 * ORTHO_SELECT_EXTRAPOLATE, ORTHO_MAX_COMMS, whether choosers are
 * installed); if one differs, every process runs native on that
 * communicator and rank 0 names the setting. Thread safety: under
 * MPI_THREAD_MULTIPLE, threads may call collectives on different
 * communicators at once (the library's process-wide state is locked;
 * choosers are called under that lock and must not call the library);
 * below MULTIPLE nothing is locked.
 */
#ifndef ORTHO_DROPIN_H_INCLUDED
#define ORTHO_DROPIN_H_INCLUDED

#include <mpi.h>

#include "ortho_candidate.h"
#include "ortho_grid.h"
#include "ortho_select.h"

#ifdef __cplusplus
extern "C" {
#endif


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
 * \brief The layout the drop-in functions use for \p op and \p bytes on
 * \p comm, and why. Collective over \p comm when the grid does not exist
 * yet (it is created and cached, as by the first drop-in call).
 * \param[out] ndims  1 for the native operation
 * \param[out] dims   the grid's box (ortho_grid_dims()), ndims entries
 * \param[out] why    may be NULL; a static text ("ORTHO_GRID", "chooser",
 *                    "online selection", ...)
 * \return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL; MPI_ERR_ARG.
 */
int ortho_comm_layout(MPI_Comm comm, ortho_op op, double bytes, int *ndims,
                      int dims[ORTHO_GRID_MAX_DIMS], const char **why);

/**
 * \brief The candidate the drop-in functions run for \p op and \p bytes
 * on \p comm, and why; the layout and order as run (a node-aware request
 * that fell back reads node_aware 0). Collective over \p comm when the
 * decision is not cached yet (grids are created, as by the first call).
 * \param[out] cand  the candidate; ndims 1 with dims[0] = size for native
 * \param[out] why   may be NULL; a static text ("ORTHO_VARIANT", "candidate
 *                   chooser", "measuring native", ...); for a class online
 *                   selection decides, the candidate that runs now between
 *                   measurements (or the one locked), without making a step
 * \return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL; MPI_ERR_ARG.
 */
int ortho_comm_candidate(MPI_Comm comm, ortho_op op, double bytes, ortho_candidate *cand,
                         const char **why);

/**
 * \brief The processes per shared-memory node of \p comm
 * (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED; under SimGrid SMPI a host
 * with several cores is a node): the common size when every node holds the
 * same number, else 0; also 0 for a single node. Collective over \p comm
 * the first time (the result is cached on it with the drop-ins' grids).
 * \return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL or an
 *         intercommunicator.
 */
int ortho_comm_node_size(MPI_Comm comm, int *node_size);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_DROPIN_H_INCLUDED */
