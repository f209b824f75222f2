/**
 * \file ortho_grid.h
 * \brief Virtual processor grids: the orthogonal groups every operation runs on.
 *
 * A grid arranges the p processes of a communicator as p = d[0] x d[1] x ...
 * x d[k-1] in row-major order: the last coordinate varies fastest, so in 2D
 * (p = p1 x p2) rank r sits in row r / p2 and column r % p2.
 *
 * Two groups matter for every operation:
 *  - the *row group* (concurrent group): the processes that differ only in
 *    the last coordinate, d[k-1] consecutive ranks;
 *  - the *column group* (leader group): the processes that share the last
 *    coordinate, p / d[k-1] ranks with stride d[k-1]. On a grid of three or
 *    more dimensions the column group is itself a (k-1)-dimensional grid.
 *
 * \par Error convention (the whole library)
 * Every function returns an MPI error code (MPI_SUCCESS on success). Errors
 * are raised through an error handler the way MPI raises them, so
 * MPI_ERRORS_ARE_FATAL aborts and MPI_ERRORS_RETURN returns the code:
 *  - ortho_grid_create() raises on the communicator it was given;
 *  - operations on a grid raise on the grid's own communicator, a copy
 *    that was given the user's error handler when the grid was created;
 *  - where there is no communicator at all (a NULL grid, MPI_COMM_NULL),
 *    the error is raised on MPI_COMM_SELF, as MPI-4 does for errors that
 *    belong to no object.
 *  - except in the model (ortho_model.h), which is pure computation: its
 *    functions only return their codes and call no error handler.
 * A failed call leaves no communicator or memory behind.
 */
#ifndef ORTHO_GRID_H_INCLUDED
#define ORTHO_GRID_H_INCLUDED

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque handle of a processor grid. */
typedef struct ortho_grid *ortho_grid_t;

/** Largest number of grid dimensions. */
#define ORTHO_GRID_MAX_DIMS 16

/**
 * \brief Build a processor grid over the processes of \p comm.
 *
 * Collective over \p comm; \p ndims and \p dims must match on all ranks.
 *
 * \param[in]  comm   any intracommunicator; it is copied (its group, order
 *                    and error handler, not its attributes: the caller's
 *                    attribute callbacks do not run), so the library's
 *                    messages never meet the caller's
 * \param[in]  ndims  number of dimensions, 1 to ORTHO_GRID_MAX_DIMS
 * \param[in]  dims   extent of each dimension; entries of 0 are filled in as
 *                    MPI_Dims_create does (as balanced as possible)
 * \param[out] grid   the new grid
 * \return MPI_SUCCESS; MPI_ERR_DIMS when the product of the dims is not the
 *         size of \p comm (or a fixed part does not divide it) or \p ndims is
 *         out of range; MPI_ERR_ARG for NULL \p dims / \p grid or a negative
 *         entry; MPI_ERR_COMM for MPI_COMM_NULL or an intercommunicator.
 * \note On failure *grid is set to NULL and nothing is allocated.
 */
int ortho_grid_create(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid);

/**
 * \brief Build a grid for any number of processes: a row-major box whose
 * last places may stay empty.
 *
 * Collective over \p comm; \p ndims and \p dims must match on all ranks.
 * The processes fill the box dims[0] x ... x dims[ndims-1] in row-major
 * order from its first place. The trailing extents dims[1] .. dims[ndims-1]
 * are kept; dims[0] is recomputed as the number of slices the processes
 * need, ceil(p / (dims[1] * ... * dims[ndims-1])). Only the last row can
 * then be short: every column has the same number of members or one fewer,
 * and on three or more dimensions each column is again such a box (its
 * leader grid). When the trailing dims divide p the grid is the one
 * ortho_grid_create() builds. All operations of ortho_2d.h (2D grids) and
 * ortho_nd.h accept such grids.
 *
 * Zero entries are chosen: {0, 0} gives a balanced box (the layout of
 * MPI_Dims_create when its rows are at most 4 times longer than its
 * columns, else rows of about sqrt(p) processes, e.g. 11 x 9 with 2 empty
 * places for p = 97); {d0, 0} gives rows of ceil(p / d0); other zeros share
 * what the given entries leave evenly.
 *
 * \param[in]  comm   any intracommunicator; it is copied, as by
 *                    ortho_grid_create()
 * \param[in]  ndims  number of dimensions, 1 to ORTHO_GRID_MAX_DIMS
 * \param[in]  dims   extents as above; ortho_grid_dims() returns the box used
 * \param[out] grid   the new grid
 * \return MPI_SUCCESS; MPI_ERR_DIMS for \p ndims out of range; MPI_ERR_ARG
 *         for NULL \p dims / \p grid or a negative entry; MPI_ERR_COMM for
 *         MPI_COMM_NULL or an intercommunicator.
 * \note On failure *grid is set to NULL and nothing is allocated.
 */
int ortho_grid_create_uneven(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid);

/**
 * \brief Build a node-aware grid: every row holds the processes of one
 * shared-memory node, every column (a "lane") one process per node, those
 * with the same rank inside their node.
 *
 * Collective over \p comm; \p ndims and \p dims must match on all ranks.
 * Nodes are the groups of MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) (under
 * SimGrid SMPI: the processes of one host). The grid's communicator
 * (ortho_grid_comm()) lists the processes node by node, each node's in
 * the order of \p comm, nodes in the order of their lowest rank; when the
 * placement is consecutive (ranks 0..q-1 on the first node, ...) that is
 * the order of \p comm, otherwise (e.g. round-robin placement) roots and
 * block positions of the ortho_2d_ and ortho_nd_ operations on this grid
 * refer to the grid's order (ortho_grid_comm_rank() translates; the
 * drop-in functions do it themselves).
 *
 * Nodes of different sizes: when all nodes have q processes but one, which
 * has fewer, that node becomes the short last row of an uneven grid (see
 * ortho_grid_create_uneven()). Otherwise (more than one smaller node, a
 * single node, nodes of one process) the grid is the plain uneven grid of
 * \p dims, with the last extent chosen when it is 0, and
 * ortho_grid_node_aware() reports 0.
 *
 * \param[in]  comm   any intracommunicator; it is copied as by
 *                    ortho_grid_create(), reordered by nodes
 * \param[in]  ndims  2 to ORTHO_GRID_MAX_DIMS
 * \param[in]  dims   dims[ndims-1]: the node size, or 0 (the node size);
 *                    the leading extents factor the number of nodes (0
 *                    entries chosen, dims[0] recomputed, as in
 *                    ortho_grid_create_uneven()): {0, 0} is nodes x node size
 * \param[out] grid   the new grid
 * \return MPI_SUCCESS; MPI_ERR_DIMS for \p ndims out of range or a
 *         dims[ndims-1] that is neither 0 nor the node size; MPI_ERR_ARG for
 *         NULL \p dims / \p grid or a negative entry; MPI_ERR_COMM for
 *         MPI_COMM_NULL or an intercommunicator.
 * \note On failure *grid is set to NULL and nothing is allocated.
 */
int ortho_grid_create_nodes(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid);

/** \brief 1 when the rows of \p grid are shared-memory nodes
 *  (ortho_grid_create_nodes() succeeded without falling back), else 0.
 *  Not collective. */
int ortho_grid_node_aware(ortho_grid_t grid, int *node_aware);

/** The shared-memory nodes of a communicator, as node-aware grids see them. */
typedef struct ortho_grid_nodes {
    int nnodes;         /**< nodes (processes sharing memory) */
    int min_size;       /**< processes on the smallest node */
    int max_size;       /**< processes on the largest node */
    int consecutive;    /**< 1: node n holds the ranks n*max_size .. (blocks of ranks) */
    int rows_of_nodes;  /**< 1: ortho_grid_create_nodes() makes rows of nodes here
                             (else it falls back to a plain grid) */
} ortho_grid_nodes;

/**
 * \brief The shared-memory nodes of \p comm (MPI_Comm_split_type with
 * MPI_COMM_TYPE_SHARED), as ortho_grid_create_nodes() detects them.
 * Collective over \p comm.
 * \return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL or an
 *         intercommunicator; MPI_ERR_ARG for a NULL \p nodes;
 *         MPI_ERR_NO_MEM, MPI's errors. Raised on \p comm.
 */
int ortho_grid_nodes_query(MPI_Comm comm, ortho_grid_nodes *nodes);

/** \brief The rank, in the communicator the grid was built on, of the
 *  process with rank \p grid_rank in ortho_grid_comm() (the same number
 *  except on node-aware grids over a non-consecutive placement).
 *  Not collective. */
int ortho_grid_comm_rank(ortho_grid_t grid, int grid_rank, int *comm_rank);

/**
 * \brief Release a grid and its communicators; sets *grid to NULL.
 *
 * Collective over the grid's communicator (communicators are freed).
 * A NULL \p grid or a NULL *grid is a harmless no-op.
 */
int ortho_grid_free(ortho_grid_t *grid);

/** \brief Number of dimensions. Not collective. */
int ortho_grid_ndims(ortho_grid_t grid, int *ndims);

/**
 * \brief Extent of each dimension and this process's coordinates.
 * Not collective. Either output may be NULL; each must hold ndims entries.
 */
int ortho_grid_dims(ortho_grid_t grid, int dims[], int coords[]);

/**
 * \brief The grid's own communicator: a copy of the one it was built on
 * (its group, rank order and error handler, none of its attributes).
 * Owned by the grid: do not free it.
 */
int ortho_grid_comm(ortho_grid_t grid, MPI_Comm *comm);

/**
 * \brief The row (concurrent) group of this process: the d[k-1] processes
 * that differ only in the last coordinate, ranked by that coordinate
 * (fewer in the short last row of an uneven grid).
 * Owned by the grid: do not free it.
 */
int ortho_grid_row_comm(ortho_grid_t grid, MPI_Comm *comm);

/**
 * \brief The column (leader) group of this process: the p / d[k-1]
 * processes that share its last coordinate, in rank order (on an uneven
 * grid ceil(p / d[k-1]), or one fewer past the end of the short last row).
 * Owned by the grid: do not free it.
 */
int ortho_grid_col_comm(ortho_grid_t grid, MPI_Comm *comm);

/**
 * \brief The grid formed by this process's column group: dimensions
 * d[0] .. d[k-2]. NULL (with MPI_SUCCESS) on grids of fewer than three
 * dimensions, where the column group is a plain communicator.
 * Owned by the grid: do not free it.
 */
int ortho_grid_leader_grid(ortho_grid_t grid, ortho_grid_t *leader);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_GRID_H_INCLUDED */
