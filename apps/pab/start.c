/* Starting values Y_0: y(t0 + c_i h) for every stage, by one classical RK4
 * step per interval [t0 + c_{i-1} h, t0 + c_i h] (c_{-1} = 0), with the
 * multi-broadcast of the caller's group before every evaluation of f; or
 * from the exact solution. */
#include "pab.h"

#include <stdlib.h>

/* full = the whole of mine (a multi-broadcast), then f = f(t, full) on the
 * block, and the RK4 arithmetic of the block (about 5 operations for each
 * of the four stages' components). */
static int eval(pab_mb *mb, const pab_ode *ode, const pab_cfg *cfg, double t, const double *mine,
                double *full, double *f)
{
    int lo = mb->displs[mb->rank], m = mb->counts[mb->rank];
    int err = pab_mb_run(mb, mine, full);
    if (err == MPI_SUCCESS) {
        pab_ode_eval(ode, t, full, lo, lo + m, f);
        pab_charge(cfg->charge_flops, m * (pab_ode_flops(ode) + 5.0));
    }
    return err;
}

int pab_start(pab_mb *mb, const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg, double t0,
              double *Y[], double *full)
{
    int err = MPI_SUCCESS, lo = mb->displs[mb->rank], m = mb->counts[mb->rank];
    double *work = NULL, *y, *k1, *k2, *k3, *k4, *tmp, t = t0, h = cfg->h;
    if (cfg->exact_start) {
        for (int i = 0; i < co->K; i++)
            pab_ode_exact(ode, t0 + co->c[i] * h, lo, lo + m, Y[i]);
        goto fn_exit;
    }
    work = malloc(6 * (size_t)(m > 0 ? m : 1) * sizeof *work);
    if (work == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    y = work, k1 = y + m, k2 = k1 + m, k3 = k2 + m, k4 = k3 + m, tmp = k4 + m;
    pab_ode_initial(ode, lo, lo + m, y);
    for (int i = 0; i < co->K && err == MPI_SUCCESS; i++) {
        double dt = (co->c[i] - (i > 0 ? co->c[i - 1] : 0.0)) * h;
        if (dt != 0.0) {
            if (t == t0) {   /* y(t0) is known everywhere: no multi-broadcast */
                pab_ode_initial(ode, 0, ode->n, full);
                pab_ode_eval(ode, t, full, lo, lo + m, k1);
                pab_charge(cfg->charge_flops, m * (pab_ode_flops(ode) + 5.0));
            } else {
                err = eval(mb, ode, cfg, t, y, full, k1);
            }
            for (int c = 0; c < m; c++)
                tmp[c] = y[c] + 0.5 * dt * k1[c];
            if (err == MPI_SUCCESS)
                err = eval(mb, ode, cfg, t + 0.5 * dt, tmp, full, k2);
            for (int c = 0; c < m; c++)
                tmp[c] = y[c] + 0.5 * dt * k2[c];
            if (err == MPI_SUCCESS)
                err = eval(mb, ode, cfg, t + 0.5 * dt, tmp, full, k3);
            for (int c = 0; c < m; c++)
                tmp[c] = y[c] + dt * k3[c];
            if (err == MPI_SUCCESS)
                err = eval(mb, ode, cfg, t + dt, tmp, full, k4);
            for (int c = 0; c < m; c++)
                y[c] += dt / 6.0 * (k1[c] + 2.0 * k2[c] + 2.0 * k3[c] + k4[c]);
        }
        t = t0 + co->c[i] * h;
        for (int c = 0; c < m; c++)
            Y[i][c] = y[c];
    }
fn_exit:
    free(work);
    return err;
}
