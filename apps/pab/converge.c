/* --convergence: the global error at t = 2 against the exact solution of
 * the spectral system (n = 16 by default, starting values exact), as the
 * step size halves, for PAB and PABM (I iterations) with K = 2, 4, 8. The
 * observed order is log2(e(h) / e(h/2)). Expected: K for PAB, K+1 for PABM
 * (the stage orders of PAB and PAM; one corrector iteration raises the
 * predictor's order by one up to the corrector's).
 *
 * The first h is the largest power of 2 not above 1/4 that lies within half
 * the real stability boundary; the halving stops at 10 sizes or when the
 * error falls below 1e-10, where the rounding of the large coefficients of
 * K = 8 (|b_ij| up to 6e3) starts to show. A pair of sizes counts when the
 * coarser error is at most 0.1 (asymptotic range) and the finer one at least
 * 1e-10. A method passes with two such pairs or more when the order of the
 * last one lies in [expected - 0.5, expected + 1.5] (the upper slack: errors
 * that are still pre-asymptotic fall faster). */
#include "pab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CONV_T 2.0
#define CONV_FLOOR 1e-10
#define CONV_SIZES 10
#define CONV_CEIL 1e-1

int pab_convergence(MPI_Comm comm, const pab_opts *o)
{
    static const int Ks[] = { 2, 4, 8 };
    int rank, bad = 0;
    char msg[PAB_MSG_MAX];
    pab_ode ode;
    MPI_Comm_rank(comm, &rank);
    if (pab_ode_init(PAB_SYS_SPECTRAL, o->n, &ode, msg) != 0) {
        if (rank == 0)
            fprintf(stderr, "ortho-pab: %s\n", msg);
        return 1;
    }
    if (rank == 0)
        printf("convergence: spectral system n=%d, error at t=%g against the exact solution\n", o->n, CONV_T);
    for (int meth = 0; meth < 2; meth++) {
        for (size_t k = 0; k < sizeof Ks / sizeof Ks[0]; k++) {
            pab_coefs co;
            pab_cfg cfg = o->cfg;
            double zs, h, prev = -1.0, order = NAN;
            int expect = Ks[k] + meth, ok, pairs = 0;
            cfg.method = meth ? PAB_METHOD_PABM : PAB_METHOD_PAB;
            cfg.K = Ks[k];
            cfg.steps = 0;
            cfg.exact_start = 1;
            cfg.calibrate = 0;
            if (pab_coefs_compute(cfg.K, &co, msg) != 0) {
                bad++;
                continue;
            }
            zs = 0.5 * fabs(pab_coefs_stability(&co, meth, cfg.I)) / pab_ode_rho(&ode);
            for (h = 0.25; h > zs; h /= 2.0)
                ;
            if (rank == 0) {
                printf("%s K=%d", meth ? "PABM" : "PAB", cfg.K);
                if (meth)
                    printf(" I=%d", cfg.I);
                printf(" (expected order %d):", expect);
            }
            for (int s = 0; s < CONV_SIZES; s++, h /= 2.0) {
                pab_result res;
                double e = 0.0, *ex = malloc((size_t)ode.n * sizeof *ex);
                cfg.h = h;
                cfg.warmup = (int)lround(CONV_T / h) - 1;
                if (ex == NULL || pab_solve(comm, &ode, &co, &cfg, &res, msg) != MPI_SUCCESS) {
                    free(ex);
                    bad++;
                    break;
                }
                if (rank == 0) {
                    pab_ode_exact(&ode, res.t_end, 0, ode.n, ex);
                    for (int i = 0; i < ode.n; i++)
                        e = fmax(e, fabs(res.y[i] - ex[i]));
                    printf("  h=1/%g %.2e", 1.0 / h, e);
                    if (prev > 0.0) {
                        printf(" (%.2f)", log2(prev / e));
                        if (e >= CONV_FLOOR && prev <= CONV_CEIL)
                            order = log2(prev / e), pairs++;
                    }
                }
                free(ex);
                free(res.y);
                MPI_Bcast(&e, 1, MPI_DOUBLE, 0, comm);
                prev = e;
                if (e < CONV_FLOOR)
                    break;
            }
            ok = pairs >= 2 && order >= expect - 0.5 && order <= expect + 1.5;
            if (rank == 0)
                printf("\n  observed order %.2f (%d pairs with errors in [%g, %g]): %s\n", order, pairs,
                       CONV_FLOOR, CONV_CEIL, ok ? "ok" : "FAIL");
            MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
            bad += !ok;
        }
    }
    pab_ode_free(&ode);
    if (rank == 0)
        printf("convergence: %s\n", bad == 0 ? "every method at its order" : "ORDER NOT REACHED");
    return bad;
}
