/* --check: every implementation and communication mode gives the serial
 * solution. For two ODE systems and both methods, the final step point of a
 * short run (2 steps) is compared with the one that
 * rank 0 computes alone (data-parallel, native, on MPI_COMM_SELF). The
 * sizes are chosen so that both MPI_Allgather (p divides n) and
 * MPI_Allgatherv (it does not) occur for p = 1 .. 6: n = 70 (bruss) and
 * n = 24 (spectral). Every component is computed by the same operations in
 * the same order whatever the distribution, so the results agree to the
 * last bit; the tolerance is 1e-13 (relative to max(1, |y|)). */
#include "pab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK_TOL 1e-13
#define MAX_VARIANTS 16

typedef struct check_case {
    pab_system sys;
    int n;
    pab_method method;
    int K, I, exact_start;
} check_case;

/* Few collectives (oversubscribed test machines pay ~25 ms for each): the
 * bruss case starts with RK4, the spectral ones from the exact solution.
 * K = 4 on 2 and 6 processes gives task groups of two stages. PABM runs
 * the PAB predictor, so PAB's arithmetic is in every case. */
static const check_case cases[] = {
    { PAB_SYS_BRUSS, 70, PAB_METHOD_PABM, 2, 2, 0 },
    { PAB_SYS_SPECTRAL, 24, PAB_METHOD_PAB, 4, 1, 1 },
    { PAB_SYS_SPECTRAL, 24, PAB_METHOD_PABM, 4, 1, 1 },
};

/* Data-parallel native, ortho on every P x Q with P, Q >= 2 (the balanced
 * grid when there is none), auto; task-parallel native and ortho
 * when there is more than one group (with one group it is the data-parallel
 * program). */
static int variants(int p, pab_cfg out[MAX_VARIANTS], const pab_cfg *base)
{
    int nv = 0, any = 0;
    out[nv] = *base, out[nv].impl = PAB_IMPL_DATA, out[nv++].comm = PAB_COMM_NATIVE;
    for (int a = 2; a <= p / 2 && nv < MAX_VARIANTS - 4; a++)
        if (p % a == 0) {
            out[nv] = *base, out[nv].impl = PAB_IMPL_DATA, out[nv].comm = PAB_COMM_ORTHO;
            out[nv].dims[0] = a, out[nv++].dims[1] = p / a;
            any = 1;
        }
    if (!any)
        out[nv] = *base, out[nv].impl = PAB_IMPL_DATA, out[nv++].comm = PAB_COMM_ORTHO;
    out[nv] = *base, out[nv].impl = PAB_IMPL_DATA, out[nv++].comm = PAB_COMM_AUTO;
    if (pab_task_groups(base->K, p) > 1) {
        out[nv] = *base, out[nv].impl = PAB_IMPL_TASK, out[nv++].comm = PAB_COMM_NATIVE;
        out[nv] = *base, out[nv].impl = PAB_IMPL_TASK, out[nv++].comm = PAB_COMM_ORTHO;
    }
    return nv;
}

static double max_diff(const double *y, const double *ref, int n)
{
    double d = 0.0;
    for (int i = 0; i < n; i++)
        d = fmax(d, fabs(y[i] - ref[i]) / fmax(1.0, fabs(ref[i])));
    return isnan(d) ? INFINITY : d;
}

int pab_check(MPI_Comm comm)
{
    int rank, p, bad = 0;
    char msg[PAB_MSG_MAX];
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const check_case *cc = &cases[k];
        pab_coefs co;
        pab_ode ode;
        pab_cfg base = { 0 }, v[MAX_VARIANTS];
        pab_result ref = { 0 };
        int nv;
        if (pab_coefs_compute(cc->K, &co, msg) != 0 || pab_ode_init(cc->sys, cc->n, &ode, msg) != 0) {
            if (rank == 0)
                printf("FAIL setup: %s\n", msg);
            return 1;
        }
        base.method = cc->method;
        base.K = cc->K;
        base.I = cc->I;
        base.steps = 2;
        base.exact_start = cc->exact_start;
        base.h = pab_default_h(&ode, &co, &base);
        if (rank == 0 && pab_solve(MPI_COMM_SELF, &ode, &co, &base, &ref, msg) != MPI_SUCCESS) {
            printf("FAIL serial reference: %s\n", msg);
            bad++;
        }
        MPI_Bcast(&bad, 1, MPI_INT, 0, comm);
        nv = variants(p, v, &base);
        for (int i = 0; i < nv && bad == 0; i++) {
            pab_result res = { 0 };
            char lay[64];
            int err = pab_solve(comm, &ode, &co, &v[i], &res, msg);
            if (rank == 0) {
                double d = err == MPI_SUCCESS ? max_diff(res.y, ref.y, ode.n) : INFINITY;
                int ok = err == MPI_SUCCESS && d <= CHECK_TOL;
                printf("%-4s %-8s n=%-3d %-4s K=%d  %s-parallel %-6s", ok ? "ok" : "FAIL",
                       pab_system_name(cc->sys), cc->n, cc->method == PAB_METHOD_PAB ? "PAB" : "PABM",
                       cc->K, v[i].impl == PAB_IMPL_TASK ? "task" : "data", pab_comm_name(v[i].comm));
                if (err == MPI_SUCCESS)
                    printf(" %-7s groups %d  max diff %.1e\n",
                           pab_layout_text(res.ndims, res.dims, lay, sizeof lay), res.groups, d);
                else
                    printf(" error: %s\n", msg);
                bad += !ok;
            }
            free(res.y);
            MPI_Bcast(&bad, 1, MPI_INT, 0, comm);
        }
        free(ref.y);
        pab_ode_free(&ode);
    }
    if (rank == 0)
        printf("check on %d processes: %s\n", p, bad == 0 ? "all modes agree" : "MISMATCH");
    return bad;
}
