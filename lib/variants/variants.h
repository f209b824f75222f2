/* The drop-in functions' entry into the variants: each runs the candidate
 * decided for the call (variant and phase order, ortho__run) on its grid,
 * with MPI's arguments; ranks and block positions are those of `comm`,
 * the caller's communicator (node-aware grids may order their processes
 * differently: grid->perm). Errors are returned, not raised. Private.
 *
 * One file per variant, each opening with its cost formula (the model
 * module has the same formula: lib/model/forms.c, lib/model/variants.c). */
#ifndef ORTHO_VARIANTS_H_INCLUDED
#define ORTHO_VARIANTS_H_INCLUDED

#include <mpi.h>

#include "candidate/candidate_private.h"
#include "grid/grid_private.h"
#include "variants/segments.h"

/* What a drop-in call runs besides its grid: the variant and the phase
 * order (never ORTHO_ORDER_PAPER: resolved for the op). */
struct ortho__run {
    ortho_variant variant;
    ortho_order order;
    struct ortho__segment_choice seg; /* pipe, chain, spread: the candidate's segment
                                       * (0: the model's) and the profile */
};

/* The order a candidate runs in on this grid: the paper's where the
 * variant does not offer the other one there (gatherv and scatterv; gather,
 * scatter and allgather(v) on uneven grids except pipe in the columns
 * order). Per-call fallbacks (non-commutative operations, a root in the
 * short row) are not included. */
ortho_order ortho__variant_order_on(ortho_variant v, ortho_op op, ortho_order order,
                                   const struct ortho_grid *grid);

int ortho__variant_bcast(const struct ortho__run *run, MPI_Comm comm, void *buf, int count,
                         MPI_Datatype type, int root, const struct ortho_grid *grid);
int ortho__variant_reduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          void *recvbuf, int count, MPI_Datatype type, MPI_Op op, int root,
                          const struct ortho_grid *grid);
int ortho__variant_allreduce(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             void *recvbuf, int count, MPI_Datatype type, MPI_Op op,
                             const struct ortho_grid *grid);
int ortho__variant_gather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                          int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, const struct ortho_grid *grid);
int ortho__variant_scatter(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, const struct ortho_grid *grid);
int ortho__variant_allgather(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                             int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                             MPI_Datatype recvtype, const struct ortho_grid *grid);
int ortho__variant_allgatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                              int sendcount, MPI_Datatype sendtype, void *recvbuf,
                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                              const struct ortho_grid *grid);
int ortho__variant_gatherv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                           int root, const struct ortho_grid *grid);
int ortho__variant_scatterv(const struct ortho__run *run, MPI_Comm comm, const void *sendbuf,
                            const int sendcounts[], const int displs[], MPI_Datatype sendtype,
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                            const struct ortho_grid *grid);

#endif /* ORTHO_VARIANTS_H_INCLUDED */
