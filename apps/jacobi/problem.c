/* The generated system A x = b, its block distribution, and the sequential
 * solve that checks the parallel ones. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jacobi.h"

/* splitmix64 (Steele, Lea, Flood 2014): a well-mixed 64-bit hash. */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double unit(uint64_t key)
{
    return (double)(mix(key) >> 11) * 0x1.0p-53; /* [0, 1) */
}

double jacobi_a(int n, int i, int j)
{
    if (i == j)
        return 2.0 * n;
    return unit(((uint64_t)(uint32_t)i << 32) | (uint32_t)j);
}

double jacobi_b(int n, int i)
{
    return (double)n * (1.0 + unit(0xb0b0b0b000000000u ^ (uint64_t)(uint32_t)i));
}

void jacobi_blocks(int n, int p, int counts[], int displs[])
{
    int off = 0;
    for (int r = 0; r < p; r++) {
        counts[r] = n / p + (r < n % p);
        displs[r] = off;
        off += counts[r];
    }
}

/* The update every variant makes: s = (A x)_i including the diagonal,
 * x_i + (b_i - s) / a_ii = (b_i - sum_{j != i} a_ij x_j) / a_ii. */
int jacobi_sequential(int n, int iters, double x[])
{
    double *a = malloc((size_t)n * (size_t)n * sizeof *a);
    double *xn = malloc((size_t)n * sizeof *xn);
    int rc = (a == NULL || xn == NULL) ? -1 : 0;
    if (rc == 0) {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                a[(size_t)i * n + j] = jacobi_a(n, i, j);
        memset(x, 0, (size_t)n * sizeof *x);
        for (int k = 0; k < iters; k++) {
            for (int i = 0; i < n; i++) {
                const double *row = a + (size_t)i * n;
                double s = 0.0;
                for (int j = 0; j < n; j++)
                    s += row[j] * x[j];
                xn[i] = x[i] + (jacobi_b(n, i) - s) / row[i];
            }
            memcpy(x, xn, (size_t)n * sizeof *x);
        }
    }
    free(xn);
    free(a);
    return rc;
}

const char *jacobi_variant_name(enum jacobi_variant v)
{
    static const char *const names[JACOBI_NVARIANTS] = { "row", "col-mb", "col-sb" };
    return names[v];
}

const char *jacobi_variant_colls(enum jacobi_variant v)
{
    static const char *const colls[JACOBI_NVARIANTS] = {
        "Allgather", "Allreduce + Allgather", "Reduce + Bcast"
    };
    return colls[v];
}

ortho_model_app jacobi_variant_app(enum jacobi_variant v)
{
    static const ortho_model_app apps[JACOBI_NVARIANTS] = {
        ORTHO_MODEL_JACOBI_ROW, ORTHO_MODEL_JACOBI_COL_MB, ORTHO_MODEL_JACOBI_COL_SB
    };
    return apps[v];
}

/* Row-wise: the rows displs[rank] .. + counts[rank], all n columns.
 * Column-wise: all n rows of the columns displs[rank] .. + counts[rank].
 * Every process keeps b and the diagonal in full (2n doubles, O(n) work):
 * the row blocks need their part, col-sb's root needs all of it. */
int jacobi_system_create(struct jacobi_system *s, enum jacobi_variant v, int n, MPI_Comm comm)
{
    int mine, lo;
    memset(s, 0, sizeof *s);
    s->variant = v;
    s->n = n;
    MPI_Comm_size(comm, &s->p);
    MPI_Comm_rank(comm, &s->rank);
    s->counts = malloc((size_t)s->p * sizeof *s->counts);
    s->displs = malloc((size_t)s->p * sizeof *s->displs);
    s->b = malloc((size_t)n * sizeof *s->b);
    s->diag = malloc((size_t)n * sizeof *s->diag);
    if (s->counts == NULL || s->displs == NULL || s->b == NULL || s->diag == NULL)
        goto fn_fail;
    jacobi_blocks(n, s->p, s->counts, s->displs);
    mine = s->counts[s->rank];
    lo = s->displs[s->rank];
    s->a = malloc(((size_t)mine * (size_t)n + 1) * sizeof *s->a);
    if (s->a == NULL)
        goto fn_fail;
    for (int i = 0; i < n; i++) {
        s->b[i] = jacobi_b(n, i);
        s->diag[i] = jacobi_a(n, i, i);
    }
    if (v == JACOBI_ROW) {
        for (int i = 0; i < mine; i++)
            for (int j = 0; j < n; j++)
                s->a[(size_t)i * n + j] = jacobi_a(n, lo + i, j);
    } else {
        for (int i = 0; i < n; i++)
            for (int j = 0; j < mine; j++)
                s->a[(size_t)i * mine + j] = jacobi_a(n, i, lo + j);
    }
    return 0;
fn_fail:
    jacobi_system_free(s);
    return -1;
}

void jacobi_system_free(struct jacobi_system *s)
{
    free(s->a);
    free(s->diag);
    free(s->b);
    free(s->displs);
    free(s->counts);
    memset(s, 0, sizeof *s);
}
