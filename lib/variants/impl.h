/* The variants' entry points, called by dispatch.c. Private.
 *
 * Every function takes MPI's arguments with ranks (roots) and block
 * positions of the grid's order, except where "caller's order" is said:
 * there they are those of the communicator the grid was built on, and
 * grid->perm maps them (common.h). Errors are returned, not raised. */
#ifndef ORTHO_VARIANTS_IMPL_H_INCLUDED
#define ORTHO_VARIANTS_IMPL_H_INCLUDED

#include <mpi.h>

#include "grid/grid_private.h"
#include "model/variants.h"
#include "ortho2d/uneven.h"
#include "variants/segments.h"

/* direct_exchange.c: the piece of this member (counts[me] elements at
 * displs[me] of the input) of the sum over comm into out, rank order kept
 * for non-commutative operations, with the messages to and from `window`
 * partners posted at once (all g - 1 when window < 1);
 * out may be the member's own piece of input (counts[me] elements at
 * displs[me]). And the allgather of the members' blocks in place: each
 * member's counts[me] elements at displs[me] of buf to every other. The
 * variants pass ORTHO__DIRECT_WINDOW (model/variants.h, which costs it). */
int ortho__reduce_scatter_direct(const void *input, void *out, const int counts[],
                                 const int displs[], MPI_Datatype type, MPI_Op op, int window,
                                 MPI_Comm comm);
int ortho__allgatherv_direct(void *buf, const int counts[], const int displs[],
                             MPI_Datatype type, int window, MPI_Comm comm);

/* allreduce_rsag.c */
int ortho__allreduce_rsag_rows(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                               MPI_Op op, const struct ortho_grid *grid);
int ortho__allreduce_rsag_cols(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                               MPI_Op op, const struct ortho_grid *grid);

/* rings.c: full grids; allreduce and reduce with commutative operations;
 * root is a grid rank; allgather, gather and scatter of bytes. */
int ortho__allreduce_rings(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                           MPI_Op op, const struct ortho_grid *grid);
int ortho__bcast_rings(void *buf, int n, MPI_Datatype type, int root,
                       const struct ortho_grid *grid);
/* n bytes per process, p n within an int; sendbuf may be MPI_IN_PLACE;
 * blocks in the caller's order */
int ortho__allgather_rings(const void *sendbuf, void *recvbuf, int n,
                           const struct ortho_grid *grid);
/* n bytes per process, p n within an int; root a grid rank; the root's
 * blocks in the caller's order; gather's sendbuf and scatter's recvbuf
 * may be MPI_IN_PLACE at the root */
int ortho__gather_rings(const void *sendbuf, void *recvbuf, int n, int root,
                        const struct ortho_grid *grid);
int ortho__scatter_rings(const void *sendbuf, void *recvbuf, int n, int root,
                         const struct ortho_grid *grid);
/* input is never MPI_IN_PLACE (at the root it may be recvbuf) */
int ortho__reduce_rings(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                        int root, const struct ortho_grid *grid);

/* reduce_rsag.c: input is never MPI_IN_PLACE (at the root it may be
 * recvbuf); root is a grid rank. */
int ortho__reduce_rsag_rows(const void *input, void *recvbuf, int n, MPI_Datatype type,
                            MPI_Op op, int root, const struct ortho_grid *grid);
int ortho__reduce_rsag_cols(const void *input, void *recvbuf, int n, MPI_Datatype type,
                            MPI_Op op, int root, const struct ortho_grid *grid);

/* bcast_scag.c: root is a grid rank. */
int ortho__bcast_scag_rows(void *buf, int n, MPI_Datatype type, int root,
                           const struct ortho_grid *grid);
int ortho__bcast_scag_cols(void *buf, int n, MPI_Datatype type, int root,
                           const struct ortho_grid *grid);

/* allgather_cols.c: counts and displs in the caller's order (p entries);
 * even grids only. */
int ortho__allgatherv_cols(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, const struct ortho_grid *grid);

/* The paper's phases in the other order (bcast_rows.c, reduce_cols.c,
 * allreduce_cols.c, gather_cols.c, scatter_rows.c). Roots are grid ranks;
 * gather_cols and scatter_rows place blocks in the caller's order. */
int ortho__bcast_rows(void *buf, int n, MPI_Datatype type, int root,
                      const struct ortho_grid *grid);
int ortho__reduce_cols(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       int root, const struct ortho_grid *grid);
int ortho__allreduce_cols(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                          MPI_Op op, const struct ortho_grid *grid);
int ortho__gather_cols(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                       void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                       const struct ortho_grid *grid);
int ortho__scatter_rows(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                        const struct ortho_grid *grid);

/* allgather_pipe.c: counts and displs in the caller's order; cols: the
 * ring in the columns (any grid), else in the rows (even grids only). */
int ortho__allgatherv_pipe(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, const int counts[], const int displs[],
                           MPI_Datatype type, int cols, const struct ortho_grid *grid);

/* The segmented pipelines (bcast_pipe.c, reduce_pipe.c, allreduce_pipe.c,
 * chain_bcast.c, chain_reduce.c, spread_bcast.c, spread_reduce.c): roots
 * are grid ranks; seg: how the segment is chosen (segments.h);
 * rows_first: the rows order (else the columns order). Reductions: input
 * is never MPI_IN_PLACE (at the root it may be recvbuf); the columns order of pipe and every
 * chain reduce with a non-commutative op need the grid's order to be the
 * caller's (no perm: dispatch.c). */
int ortho__bcast_pipe(void *buf, int n, MPI_Datatype type, int root, int rows_first,
                      const struct ortho__segment_choice *seg, const struct ortho_grid *grid);
int ortho__reduce_pipe(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                       int root, int rows_first, const struct ortho__segment_choice *seg,
                       const struct ortho_grid *grid);
int ortho__allreduce_pipe(const void *sendbuf, void *recvbuf, int n, MPI_Datatype type,
                          MPI_Op op, int rows_first, const struct ortho__segment_choice *seg,
                          const struct ortho_grid *grid);
int ortho__bcast_chain(void *buf, int n, MPI_Datatype type, int root,
                       const struct ortho__segment_choice *seg, const struct ortho_grid *grid);
/* trees_bcast.c, trees_reduce.c: full grids; reduce with commutative
 * operations; root is a grid rank. */
int ortho__bcast_trees(void *buf, int n, MPI_Datatype type, int root,
                       const struct ortho__segment_choice *seg, const struct ortho_grid *grid);
int ortho__reduce_trees(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                        int root, const struct ortho__segment_choice *seg,
                        const struct ortho_grid *grid);

int ortho__bcast_spread(void *buf, int n, MPI_Datatype type, int root,
                        const struct ortho__segment_choice *seg, const struct ortho_grid *grid);
int ortho__reduce_spread(const void *input, void *recvbuf, int n, MPI_Datatype type,
                         MPI_Op op, int root, const struct ortho__segment_choice *seg,
                         const struct ortho_grid *grid);
int ortho__reduce_chain(const void *input, void *recvbuf, int n, MPI_Datatype type, MPI_Op op,
                        int root, const struct ortho__segment_choice *seg,
                        const struct ortho_grid *grid);

#endif /* ORTHO_VARIANTS_IMPL_H_INCLUDED */
