/* The three data-parallel Jacobi variants of the paper's sec. 5.1, each
 * iteration timed into computation and communication.
 *
 *   row     rows displs[r] .. of A on rank r: its components of A x, its part
 *           of the new x, Allgather(v) of the parts        (3): 2 n^2/p t_op + t_mb(p, n/p)
 *   col-mb  columns of A: the partial product d = A_cols x_cols (n values),
 *           Allreduce of d, its part of the new x, Allgather(v)
 *                                                           (4): + t_macc(p, n) + t_mb(p, n/p)
 *   col-sb  columns of A: d, Reduce of d to rank 0, which computes the whole
 *           new x, Bcast of x                              (5): + t_acc(p, n) + t_sb(p, n)
 *
 * Every variant ends an iteration with the whole new x on every rank, the
 * same bytes everywhere (they come from one Allgather or Bcast), so every
 * rank takes the same decision on the change max |x_new - x| without more
 * communication. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jacobi.h"

/* SMPI_H: defined by SimGrid's mpi.h, i.e. in builds with smpicc. */
int jacobi_simulated(void)
{
#ifdef SMPI_H
    return 1;
#else
    return 0;
#endif
}

/* Charge ops arithmetic operations to the simulated clock (--sim-t-op):
 * smpi_execute_benched(s) advances it by s seconds. */
static void charge(const struct jacobi_run_opts *o, double ops)
{
#ifdef SMPI_H
    if (o->sim_t_op > 0.0)
        smpi_execute_benched(ops * o->sim_t_op);
#else
    (void)o;
    (void)ops;
#endif
}

/* Row-wise: out[i] = (A x)_{lo+i} for the rows of this process. */
static void rows_times(const struct jacobi_system *s, const double x[], double out[])
{
    int n = s->n, mine = s->counts[s->rank];
    for (int i = 0; i < mine; i++) {
        const double *row = s->a + (size_t)i * n;
        double sum = 0.0;
        for (int j = 0; j < n; j++)
            sum += row[j] * x[j];
        out[i] = sum;
    }
}

/* Column-wise: d = A_cols x_cols, all n components. */
static void cols_times(const struct jacobi_system *s, const double x[], double d[])
{
    int n = s->n, mine = s->counts[s->rank];
    const double *xc = x + s->displs[s->rank];
    for (int i = 0; i < n; i++) {
        const double *row = s->a + (size_t)i * mine;
        double sum = 0.0;
        for (int j = 0; j < mine; j++)
            sum += row[j] * xc[j];
        d[i] = sum;
    }
}

/* x_new_i = x_i + (b_i - (A x)_i) / a_ii for i = lo .. lo + len - 1;
 * ax[k] holds (A x)_{lo+k}. */
static void update(const struct jacobi_system *s, const double x[], const double ax[], int lo,
                   int len, double out[])
{
    for (int k = 0; k < len; k++)
        out[k] = x[lo + k] + (s->b[lo + k] - ax[k]) / s->diag[lo + k];
}

static double max_change(int n, const double x[], const double xn[])
{
    double m = 0.0;
    for (int i = 0; i < n; i++)
        m = fmax(m, fabs(xn[i] - x[i]));
    return m;
}

/* One iteration from x into xn (both n doubles; scratch: n doubles each);
 * x is left as it is. Adds its computation time to *comp (the rest of the
 * iteration counts as communication). */
static int step(const struct jacobi_system *s, const struct jacobi_comm *c,
                const struct jacobi_run_opts *o, const double x[], double xn[], double part[],
                double sum[], double *comp)
{
    int n = s->n, mine = s->counts[s->rank], lo = s->displs[s->rank], err;
    double t0 = MPI_Wtime(), t1, t2, t3;
    switch (s->variant) {
    case JACOBI_ROW:
        rows_times(s, x, sum);
        update(s, x, sum, lo, mine, part);
        charge(o, 2.0 * mine * n + 3.0 * mine);
        t1 = MPI_Wtime();
        err = c->ops->allgatherv(part, mine, xn, s->counts, s->displs, c);
        t2 = t3 = MPI_Wtime();
        break;
    case JACOBI_COL_MB:
        cols_times(s, x, part);
        charge(o, 2.0 * mine * n);
        t1 = MPI_Wtime();
        err = c->ops->allreduce(part, sum, n, c);
        t2 = MPI_Wtime();
        update(s, x, sum + lo, lo, mine, part);
        charge(o, 3.0 * mine);
        t3 = MPI_Wtime();
        if (err == MPI_SUCCESS)
            err = c->ops->allgatherv(part, mine, xn, s->counts, s->displs, c);
        break;
    default: /* JACOBI_COL_SB */
        cols_times(s, x, part);
        charge(o, 2.0 * mine * n);
        t1 = MPI_Wtime();
        err = c->ops->reduce(part, sum, n, 0, c);
        t2 = MPI_Wtime();
        if (s->rank == 0) {
            update(s, x, sum, 0, n, xn);
            charge(o, 3.0 * n);
        }
        t3 = MPI_Wtime();
        if (err == MPI_SUCCESS)
            err = c->ops->bcast(xn, n, 0, c);
        break;
    }
    *comp += (t1 - t0) + (t3 - t2);
    return err;
}

/* max |b - A x| / max |b| for the final x, with native communication (not timed). */
static double residual(const struct jacobi_system *s, MPI_Comm comm, const double x[],
                       double part[], double sum[])
{
    int n = s->n, mine = s->counts[s->rank], lo = s->displs[s->rank];
    double local = 0.0, global, bmax = 0.0;
    if (s->variant == JACOBI_ROW) {
        rows_times(s, x, sum);
        for (int i = 0; i < mine; i++)
            local = fmax(local, fabs(s->b[lo + i] - sum[i]));
    } else {
        cols_times(s, x, part);
        MPI_Allreduce(part, sum, n, MPI_DOUBLE, MPI_SUM, comm);
        for (int i = 0; i < n; i++)
            local = fmax(local, fabs(s->b[i] - sum[i]));
    }
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_MAX, comm);
    for (int i = 0; i < n; i++)
        bmax = fmax(bmax, fabs(s->b[i]));
    return global / bmax;
}

int jacobi_iterate(const struct jacobi_system *s, const struct jacobi_comm *c,
                   const struct jacobi_run_opts *o, double x[], struct jacobi_result *r)
{
    int n = s->n, err = MPI_SUCCESS, size;
    int maxcount = s->counts[0]; /* the first block is the largest */
    double *xn = calloc((size_t)n, sizeof *xn), *part = calloc((size_t)n, sizeof *part);
    double *sum = calloc((size_t)n, sizeof *sum);
    double comp = 0.0, t0, t_prod, local[2], global[2], comp_sum;
    memset(r, 0, sizeof *r);
    if (xn == NULL || part == NULL || sum == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    MPI_Comm_size(c->comm, &size);
    memset(x, 0, (size_t)n * sizeof *x);

    /* Warm-up, not timed: one product measures t_op; one iteration's
     * collectives set up whatever MPI and the library set up lazily. */
    MPI_Barrier(c->comm);
    t0 = MPI_Wtime();
    if (s->variant == JACOBI_ROW)
        rows_times(s, x, sum);
    else
        cols_times(s, x, part);
    charge(o, 2.0 * s->counts[s->rank] * n);
    t_prod = MPI_Wtime() - t0;
    err = step(s, c, o, x, xn, part, sum, &comp);
    comp = 0.0;

    MPI_Barrier(c->comm);
    t0 = MPI_Wtime();
    while (err == MPI_SUCCESS && r->iters < o->maxit) {
        double t1;
        err = step(s, c, o, x, xn, part, sum, &comp);
        t1 = MPI_Wtime();
        r->change = max_change(n, x, xn);
        memcpy(x, xn, (size_t)n * sizeof *x);
        charge(o, 2.0 * n);
        comp += MPI_Wtime() - t1;
        r->iters++;
        if (r->change <= o->tol)
            break;
    }
    local[0] = MPI_Wtime() - t0;
    local[1] = t_prod;
    MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_MAX, c->comm);
    MPI_Allreduce(&comp, &comp_sum, 1, MPI_DOUBLE, MPI_SUM, c->comm);
    r->t_op = global[1] / (2.0 * maxcount * n);
    if (err == MPI_SUCCESS && r->iters > 0) {
        r->t_iter = global[0] / r->iters;
        r->t_comp = comp_sum / size / r->iters;
        r->t_comm = r->t_iter - r->t_comp;
        r->residual = residual(s, c->comm, x, part, sum);
    }
fn_exit:
    free(sum);
    free(part);
    free(xn);
    return err;
}
