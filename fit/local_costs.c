/* Local costs for the profile: t_op (one arithmetic operation, the t_op of
 * the paper's sec. 5) and gamma (local reduction per byte, the gamma of the
 * MPICH cost formulas). */
#include "tools.h"

#include <stdlib.h>

#define N_ELEMS 262144
#define RUNS 7

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void tool_local_costs(double *t_op, double *gamma)
{
    double *x = calloc(N_ELEMS, sizeof *x), *y = calloc(N_ELEMS, sizeof *y);
    double top[RUNS], tg[RUNS];
    volatile double sink = 0.0;
    *t_op = 0.0;
    *gamma = 0.0;
    if (x != NULL && y != NULL) {
        for (int i = 0; i < N_ELEMS; i++)
            x[i] = 1.0 + i * 1e-9;
        for (int r = 0; r < RUNS; r++) {
            double t0 = MPI_Wtime();
            for (int i = 0; i < N_ELEMS; i++)
                y[i] += 1.0000001 * x[i];
            top[r] = (MPI_Wtime() - t0) / (2.0 * N_ELEMS);
            sink += y[r];
            t0 = MPI_Wtime();
            MPI_Reduce_local(x, y, N_ELEMS, MPI_DOUBLE, MPI_SUM);
            tg[r] = (MPI_Wtime() - t0) / (N_ELEMS * (double)sizeof(double));
        }
        qsort(top, RUNS, sizeof top[0], cmp_double);
        qsort(tg, RUNS, sizeof tg[0], cmp_double);
        *t_op = top[RUNS / 2];
        *gamma = tg[RUNS / 2];
    }
    (void)sink;
    free(y);
    free(x);
}
