/* pab: the parallel Adams methods PAB and PABM of van der Houwen and
 * Messina (J. Comput. Appl. Math. 101, 1999), data- and task-parallel, with
 * native, orthogonal or automatic multi-broadcasts (Kühnemann, Rauber,
 * Rünger, sec. 5.2). Internal header of the program; docs/pab.md. */
#ifndef PAB_H_INCLUDED
#define PAB_H_INCLUDED

#include <mpi.h>

#include "ortho.h"

/* Most stages. */
#define PAB_MAX_K 16

/* Size of message buffers. */
#define PAB_MSG_MAX 256

/* ---- coefficients (coeffs.c) -------------------------------------------- */

/* One K-stage method pair. Stage i of step n approximates y(t_n + c_i h),
 * t_n = t_0 + n h, with c_{K-1} = 1 (0-based), so the last stage is the step
 * point t_{n+1}.
 *   PAB:  y_{n+1,i} = y_{n,K-1} + h sum_j bp[i][j] f_{n,j}
 *   PAM:  y_{n+1,i} = y_{n,K-1} + h sum_j bc[i][j] f_{n,j} + h d[i] f(y_{n+1,i})
 * The PABM step is the PAB value followed by I fixed-point iterations of PAM. */
typedef struct pab_coefs {
    int K;
    double c[PAB_MAX_K];
    double bp[PAB_MAX_K][PAB_MAX_K];
    double bc[PAB_MAX_K][PAB_MAX_K];
    double d[PAB_MAX_K];
    double res_pab, res_pam; /* largest residual of the monomial order conditions */
} pab_coefs;

/* The Radau IIA abscissae on [0, 1] (zeros of P_K(2c-1) - P_{K-1}(2c-1),
 * c_{K-1} = 1) and the coefficients from the order conditions: PAB exact for
 * polynomials of degree <= K, PAM for degree <= K+1. Returns 0, or -1 with a
 * message. */
int pab_coefs_compute(int K, pab_coefs *co, char msg[PAB_MSG_MAX]);

/* The real stability boundary: the most negative z = h*lambda such that the
 * step applied to y' = lambda y has spectral radius <= 1 on [z, 0]
 * (pabm: P(EC)^I with I iterations). */
double pab_coefs_stability(const pab_coefs *co, int pabm, int I);

/* ---- the ODE systems (ode.c) --------------------------------------------- */

typedef enum pab_system { PAB_SYS_BRUSS = 0, PAB_SYS_SPECTRAL, PAB_NSYSTEMS } pab_system;

typedef struct pab_ode {
    pab_system sys;
    int n;
    int nx, ny;          /* bruss: grid nx x ny, n = 2 nx ny */
    double alpha;        /* bruss: diffusion */
    double nu, r;        /* spectral: viscosity, reaction */
    double *d2;          /* spectral: first column of the circulant D2 (n values) */
} pab_ode;

const char *pab_system_name(pab_system sys);
int pab_system_from_name(const char *name, pab_system *sys);

/* n: system size (bruss: even). Returns 0, or -1 with a message. */
int pab_ode_init(pab_system sys, int n, pab_ode *ode, char msg[PAB_MSG_MAX]);
void pab_ode_free(pab_ode *ode);

/* f(t, y) for components lo .. hi-1 into f[0 .. hi-lo); y is the whole vector. */
void pab_ode_eval(const pab_ode *ode, double t, const double *y, int lo, int hi, double *f);

/* y(t0) for components lo .. hi-1. */
void pab_ode_initial(const pab_ode *ode, int lo, int hi, double *y);

/* The exact solution at t for lo .. hi-1; returns 0 when the system has
 * none (bruss), 1 otherwise. */
int pab_ode_exact(const pab_ode *ode, double t, int lo, int hi, double *y);

/* An upper estimate of the spectral radius of the Jacobian. */
double pab_ode_rho(const pab_ode *ode);

/* Floating-point operations of one component of f (an estimate: bruss 16;
 * spectral 2n for the dense product and 160 for the forcing terms). */
double pab_ode_flops(const pab_ode *ode);

/* Under SimGrid SMPI with cfg.charge_flops: advance the simulated clock by
 * flops at the host's speed (smpi_execute_flops). Otherwise nothing. */
void pab_charge(int on, double flops);
int pab_charge_available(void);

/* ---- multi-broadcast (comm.c) -------------------------------------------- */

typedef enum pab_comm { PAB_COMM_NATIVE = 0, PAB_COMM_ORTHO, PAB_COMM_AUTO, PAB_NCOMMS } pab_comm;

const char *pab_comm_name(pab_comm mode);
int pab_comm_from_name(const char *name, pab_comm *mode);

/* The multi-broadcast of a vector of n doubles, block-distributed over the
 * processes of comm (rank r holds counts[r] = n/p or n/p + 1 elements at
 * displs[r]): MPI_Allgather when p divides n, else MPI_Allgatherv. */
typedef struct pab_mb {
    MPI_Comm comm;          /* not owned */
    int p, rank, n, even;
    int *counts, *displs;
    pab_comm mode;
    ortho_grid_t grid;      /* ortho: the 2D grid */
    int ndims;              /* the layout used: 1 native, else the grid's */
    int dims[ORTHO_GRID_MAX_DIMS];
    const char *why;        /* auto: why the library chose it */
} pab_mb;

/* dims: ortho layout P x Q (P*Q = size of comm); {0, 0}: balanced. */
int pab_mb_create(MPI_Comm comm, int n, pab_comm mode, const int dims[2], pab_mb *mb);
int pab_mb_run(pab_mb *mb, const double *mine, double *full);
void pab_mb_free(pab_mb *mb);

/* "native" for ndims 1, else "PxQ" or "PxQxR"...; returns buf. */
const char *pab_layout_text(int ndims, const int dims[], char *buf, size_t len);

/* ---- the solver (solver.c, start.c) --------------------------------------- */

typedef enum pab_method { PAB_METHOD_PAB = 0, PAB_METHOD_PABM } pab_method;
typedef enum pab_impl { PAB_IMPL_DATA = 0, PAB_IMPL_TASK } pab_impl;

typedef struct pab_cfg {
    pab_method method;
    int K, I;              /* stages; corrector iterations (pabm) */
    pab_impl impl;
    pab_comm comm;
    int dims[2];           /* ortho layout (task: of each group); {0, 0}: balanced */
    double h;              /* step size */
    int steps, warmup;     /* timed steps; untimed steps before them */
    int exact_start;       /* 1: starting values from the exact solution */
    int calibrate;         /* 1: measure t_eval and t_op after the run */
    int charge_flops;      /* SMPI: charge the computation as flops */
} pab_cfg;

typedef struct pab_result {
    double step_s;         /* time per step, the largest over the ranks */
    double comm_s;         /* of it in communication (largest over the ranks) */
    double t_end;          /* time of the final value */
    int groups;            /* task: number of groups G (data: 1) */
    int ndims;             /* the layout of the multi-broadcast (1: native) */
    int dims[ORTHO_GRID_MAX_DIMS];
    const char *why;       /* auto: why the library chose it */
    double t_eval, t_op;   /* calibrate: one component of f, one operation of the
                            * stage combination ((2K+1) per component), the
                            * largest over the ranks; 0 otherwise */
    double *y;             /* rank 0: the final value (n doubles), else NULL */
} pab_result;

/* Collective over comm. Returns MPI_SUCCESS or an MPI error code; msg says
 * what went wrong. result->y must be freed by the caller. */
int pab_solve(MPI_Comm comm, const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg,
              pab_result *result, char msg[PAB_MSG_MAX]);

/* The number of groups of the task-parallel version on p processes: the
 * largest divisor of K that divides p (K when p is a multiple of K). */
int pab_task_groups(int K, int p);

/* Default step size: half the real stability boundary over the Jacobian's
 * spectral radius estimate, at most 0.01 (used by main.c and check.c). */
double pab_default_h(const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg);

/* Starting values (start.c): Y[i][0 .. m) = y(t0 + c_i h) at the block
 * lo .. lo+m of the group's distribution, by one RK4 step per interval
 * [c_{i-1} h, c_i h] with multi-broadcasts over mb, or exactly
 * (cfg->exact_start); step size cfg->h. */
int pab_start(pab_mb *mb, const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg, double t0,
              double *Y[], double *full);

/* ---- the program (main.c, predict.c, check.c, converge.c) ---------------- */

typedef struct pab_opts {
    pab_cfg cfg;
    pab_system sys;
    int n;
    const char *profile, *output;
    double t_op, t_eval;   /* from the command line; < 0: measured */
    int check, convergence, coeffs;
} pab_opts;

/* --predict: the paper's formulas beside the measurement (rank 0 prints).
 * Returns 0, or -1 when the profile cannot be used. */
int pab_predict_print(const pab_opts *o, int p, const pab_result *res);

/* --check: every implementation and communication mode against a serial
 * run. Collective; returns the number of mismatches (same on all ranks). */
int pab_check(MPI_Comm comm);

/* --convergence: the error against the exact solution of the spectral
 * system as h halves, for K = 2, 4, 8, PAB and PABM. Collective; returns
 * the number of methods whose observed order is off (same on all ranks). */
int pab_convergence(MPI_Comm comm, const pab_opts *o);

#endif /* PAB_H_INCLUDED */
