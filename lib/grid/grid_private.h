/* The body of the opaque grid handle; private to the library. */
#ifndef ORTHO_GRID_PRIVATE_H_INCLUDED
#define ORTHO_GRID_PRIVATE_H_INCLUDED

#include "ortho_grid.h"

/* A grid is a row-major box dims[0] x ... x dims[ndims-1] whose first
 * `size` positions hold the processes. The box is full (size equals the
 * product of the dims) unless the grid was made by
 * ortho_grid_create_uneven(), where the last positions may be empty: the
 * last row is then shorter (last_len < dims[ndims-1]) and the columns
 * c >= last_len have one member fewer than the others. */
struct ortho_grid {
    MPI_Comm comm;          /* the library's traffic; errors are raised here */
    int owns_comm;          /* 0 for a leader grid, which borrows its parent's column comm */
    int size;
    int rank;
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];   /* dims[ndims-1] varies fastest */
    int coords[ORTHO_GRID_MAX_DIMS];
    int nrows;              /* rows of the box: ceil(size / dims[ndims-1]) */
    int last_len;           /* processes in the last row, 1 .. dims[ndims-1] */
    MPI_Comm row_comm;      /* same coordinates except the last: the ranks of one row */
    MPI_Comm col_comm;      /* same last coordinate: nrows or nrows - 1 ranks */
    struct ortho_grid *leader_grid; /* grid over col_comm, only when ndims >= 3 */
    int node_aware;         /* rows are shared-memory nodes (ortho_grid_create_nodes) */
    int *perm;              /* grid rank -> rank in the communicator the grid was built
                             * on; NULL when they are the same (comm keeps its order) */
    int *inv;               /* the inverse of perm, or NULL */
};

/* Row and column of a rank of the grid's communicator, for the 2D step:
 * p2 is the extent of the last dimension. */
static inline int ortho__row_of(const struct ortho_grid *grid, int rank)
{
    return rank / grid->dims[grid->ndims - 1];
}

static inline int ortho__col_of(const struct ortho_grid *grid, int rank)
{
    return rank % grid->dims[grid->ndims - 1];
}

/* The coordinates of grid rank `rank` in the row-major box (the last dim
 * varies fastest). */
static inline void ortho__grid_coords(const struct ortho_grid *grid, int rank, int coords[])
{
    for (int d = grid->ndims - 1; d >= 0; d--) {
        coords[d] = rank % grid->dims[d];
        rank /= grid->dims[d];
    }
}

/* p2: the length of a full row. */
static inline int ortho__row_size(const struct ortho_grid *grid)
{
    return grid->dims[grid->ndims - 1];
}

/* p1: the number of rows, the last one possibly short. */
static inline int ortho__nrows(const struct ortho_grid *grid)
{
    return grid->nrows;
}

/* Members of row `row`. */
static inline int ortho__row_len(const struct ortho_grid *grid, int row)
{
    return row == grid->nrows - 1 ? grid->last_len : grid->dims[grid->ndims - 1];
}

/* Members of column `col`: the columns past the end of a short last row
 * lack that row. */
static inline int ortho__col_len(const struct ortho_grid *grid, int col)
{
    return col < grid->last_len ? grid->nrows : grid->nrows - 1;
}

/* 1 when the last row is shorter than the others. */
static inline int ortho__is_uneven(const struct ortho_grid *grid)
{
    return grid->last_len != grid->dims[grid->ndims - 1];
}

/* The positions of the box: the product of the dims. */
static inline long long ortho__box_size(const struct ortho_grid *grid)
{
    long long box = 1;
    for (int i = 0; i < grid->ndims; i++)
        box *= grid->dims[i];
    return box;
}

/* 1 when every position of the box holds a process. An N-D grid whose
 * missing positions fill whole rows (16 processes on 0x3x2: a 3x3x2 box,
 * 8 full rows of 2) is not uneven by ortho__is_uneven(), yet not full. */
static inline int ortho__is_full(const struct ortho_grid *grid)
{
    return ortho__box_size(grid) == grid->size;
}

/* 1 when one phase holds everything (one row or rows of one process): the
 * operation is the native one on the grid's communicator. */
static inline int ortho__is_flat(const struct ortho_grid *grid)
{
    return grid->nrows == 1 || grid->dims[grid->ndims - 1] == 1;
}

/* The dims of a balanced 2D box for p processes (p1 >= p2): MPI_Dims_create
 * when its rows are at most 4 times longer than its columns, else rows of
 * about sqrt(p) with a shorter last row. p < 4 gives {1, p}. */
void ortho__balanced_2d(int p, int dims[2]);

/* The box ortho_grid_create_uneven() makes of the extents dims_in (0:
 * choose) for size processes, without making it: its dims, its rows
 * (ortho__nrows) and the length of its last row. MPI_ERR_DIMS or
 * MPI_ERR_ARG for extents it would refuse. No communication. */
int ortho__grid_box(int size, int ndims, const int dims_in[], int dims[], int *nrows,
                    int *last_len);

/* ortho_grid_create_uneven() that returns its errors without raising them
 * (the drop-in functions raise on the user's communicator instead). */
int ortho__grid_create_quiet(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid);

/* A grid over comm, which it takes over (freed also on failure), with the
 * dims completed by the rules of ortho_grid_create_uneven(). Not raised. */
int ortho__grid_build_owned(MPI_Comm comm, int ndims, const int dims[], ortho_grid_t *grid);

/* err from making a communicator out of parent (MPI_Comm_dup, _split,
 * _split_type), which every process of parent called and which failed on
 * all of them alike (MPI agrees on context ids collectively): then a
 * barrier on parent before anything goes on. Open MPI 4.1 returns from a
 * failed context id agreement with some of its messages still under way
 * on parent; freeing parent (or the communicator it came from) then lets
 * its progress engine use a freed communicator, a segmentation fault in
 * NBC_Progress (seen when MPI's context ids run out:
 * tests/test_comm_budget.sh, --reserve). Returns err. */
int ortho__comm_make_failed(MPI_Comm parent, int err);

/* A new communicator of comm's group in comm's order, with comm's error
 * handler but without its attributes, topology or info: what the library
 * makes for its own messages (a grid's, online selection's agreements).
 * MPI_Comm_dup would run the program's attribute copy callbacks for it,
 * and their delete callbacks when it is freed. *copy is MPI_COMM_NULL on
 * failure. Collective over comm (an intracommunicator); returns MPI's
 * error. */
int ortho__comm_copy(MPI_Comm comm, MPI_Comm *copy);

/* The communicators the grid holds (its own copy, rows, columns and
 * those of its leader grids): what it costs of MPI's supply. */
int ortho__grid_comms(const struct ortho_grid *grid);

/* Where the processes of a communicator run: its shared-memory nodes
 * (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED), numbered by their lowest
 * rank. */
struct ortho__nodes {
    int size;               /* processes of the communicator */
    int nnodes;
    int node_size;          /* the common size when all nodes are equal, else 0 */
    int min_size, max_size;
    int consecutive;        /* node n holds ranks n * max_size .. (a block of ranks each) */
    int *node_of;           /* per rank: its node */
    int *local_of;          /* per rank: its rank inside the node */
    int *sizes;             /* per node */
};

/* Collective over comm. MPI_ERR_NO_MEM or MPI's errors, not raised. */
int ortho__nodes_detect(MPI_Comm comm, struct ortho__nodes **nodes);
void ortho__nodes_free(struct ortho__nodes **nodes);

/* The rank order of a node-aware grid over these nodes: grid rank g holds
 * the process perm[g] of the communicator, node by node (at most one node
 * smaller than the others, placed last), local ranks in order inside a
 * node. 0 with perm filled, or -1 when the nodes do not fit such a box
 * (one node, nodes of one process, or more than one smaller node). */
int ortho__nodes_order(const struct ortho__nodes *nodes, int perm[]);

/* ortho_grid_create_nodes() without raising; *fell_back is set to 1 when
 * the grid is a plain one because the nodes do not allow rows of nodes. */
int ortho__grid_create_nodes_quiet(MPI_Comm comm, int ndims, const int dims[],
                                   ortho_grid_t *grid, int *fell_back);

#endif /* ORTHO_GRID_PRIVATE_H_INCLUDED */
