/* The Jacobi application (the paper's sec. 5.1): internal interfaces.
 *
 *   problem.c  the generated system A x = b and its block distribution
 *   comm.c     the communication modes: one table of four collectives each
 *   iterate.c  the three variants, timed into computation and communication
 *   main.c     options, runs, the report, the model's prediction */
#ifndef JACOBI_H_INCLUDED
#define JACOBI_H_INCLUDED

#include <mpi.h>

#include "ortho.h"

/* ---- the system ------------------------------------------------------------
 * a_ij in [0, 1) for i != j, a_ii = 2n, b_i in [n, 2n): strictly diagonally
 * dominant (every off-diagonal row sum is below n - 1), so Jacobi converges,
 * the error shrinking about 4 times per iteration (the off-diagonal row sums
 * are about n/2). Every entry is a hash of (i, j): any
 * process generates any part without communication. */
double jacobi_a(int n, int i, int j);
double jacobi_b(int n, int i);

/* Block distribution of n over p: counts[r] = n/p or n/p + 1 (the first
 * n % p ranks get one more), displs the prefix sums. */
void jacobi_blocks(int n, int p, int counts[], int displs[]);

/* A sequential Jacobi run of exactly iters iterations from x = 0, with the
 * update of the parallel variants. x: n doubles. Returns 0, or -1 when
 * memory runs out. */
int jacobi_sequential(int n, int iters, double x[]);

/* ---- the variants -------------------------------------------------------- */
enum jacobi_variant { JACOBI_ROW, JACOBI_COL_MB, JACOBI_COL_SB, JACOBI_NVARIANTS };

/* "row", "col-mb", "col-sb" and the collectives each calls. */
const char *jacobi_variant_name(enum jacobi_variant v);
const char *jacobi_variant_colls(enum jacobi_variant v);
/* The model's formula for v: (3), (4), (5). */
ortho_model_app jacobi_variant_app(enum jacobi_variant v);

/* ---- communication modes ------------------------------------------------- */
enum jacobi_mode { JACOBI_NATIVE, JACOBI_ORTHO, JACOBI_AUTO };

struct jacobi_comm;

/* The four collectives a variant calls, on doubles, MPI_SUM for reductions.
 * allgatherv: this process's count doubles into recv at displs, counts of
 * every rank (an Allgather when all counts are equal). */
struct jacobi_comm_ops {
    int (*allgatherv)(const double *send, int count, double *recv, const int counts[],
                      const int displs[], const struct jacobi_comm *c);
    int (*allreduce)(const double *send, double *recv, int n, const struct jacobi_comm *c);
    int (*reduce)(const double *send, double *recv, int n, int root, const struct jacobi_comm *c);
    int (*bcast)(double *buf, int n, int root, const struct jacobi_comm *c);
};

struct jacobi_comm {
    enum jacobi_mode mode;
    const struct jacobi_comm_ops *ops;
    MPI_Comm comm;                  /* the processes (not owned) */
    ortho_grid_t grid;              /* JACOBI_ORTHO: the grid (owned) */
    int even;                       /* p divides n: Allgather, else Allgatherv */
    ortho_model_layout layout[2];   /* layout of the variant's first and second
                                       collective ({p}: native; a grid's box) */
    int uneven;                     /* a layout's box has empty places */
    char name[64];                  /* "native", "ortho 4x6", "auto 8x6" */
};

/* "4x6" (or "2x3x4") into l. Returns 0, or -1 when malformed. */
int jacobi_parse_layout(const char *text, ortho_model_layout *l);

/* Set up mode on comm for variant v and system size n; for JACOBI_ORTHO,
 * layout gives the grid (any number of dimensions; one that does not
 * divide the size of comm becomes an uneven grid). Collective. Returns an
 * MPI error code; on failure c holds nothing to free. */
int jacobi_comm_init(struct jacobi_comm *c, enum jacobi_mode mode, enum jacobi_variant v, int n,
                     const ortho_model_layout *layout, MPI_Comm comm);
void jacobi_comm_free(struct jacobi_comm *c);

/* The local part of a variant's system on one process. */
struct jacobi_system {
    enum jacobi_variant variant;
    int n, p, rank;
    int *counts, *displs;  /* the blocks of rows (row) or columns (col-*) */
    double *a;             /* row: counts[rank] x n; col: n x counts[rank]; row-major */
    double *b, *diag;      /* b_i and a_ii, all n of them */
};

/* Generate this process's part. Collective only in that every rank calls
 * it; no communication. Returns 0 or -1 when out of memory. */
int jacobi_system_create(struct jacobi_system *s, enum jacobi_variant v, int n, MPI_Comm comm);
void jacobi_system_free(struct jacobi_system *s);

/* One run's results. Times per iteration: t_iter the slowest process's,
 * t_comp the mean computation, t_comm = t_iter - t_comp. */
struct jacobi_result {
    int iters;
    double change;     /* max |x_k - x_{k-1}| of the last iteration */
    double residual;   /* max |b - A x| / max |b| for the final x */
    double t_iter, t_comp, t_comm;
    double t_op;       /* measured: time of the untimed first product / its operations */
};

/* Options of a run. sim_t_op > 0 (SimGrid SMPI builds only): charge every
 * arithmetic operation sim_t_op seconds of simulated time. */
struct jacobi_run_opts {
    double tol;
    int maxit;
    double sim_t_op;
};

/* 1 in a SimGrid SMPI build (where sim_t_op works), else 0. */
int jacobi_simulated(void);

/* Iterate from x = 0 until the change is at most tol or maxit iterations.
 * x (n doubles) receives the solution on every rank. Collective over
 * c->comm. Returns an MPI error code. */
int jacobi_iterate(const struct jacobi_system *s, const struct jacobi_comm *c,
                   const struct jacobi_run_opts *o, double x[], struct jacobi_result *r);

#endif /* JACOBI_H_INCLUDED */
