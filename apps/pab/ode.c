/* The two ODE systems y' = f(t, y) of size n.
 *
 * bruss: the 2D Brusselator (Hairer, Wanner, Solving ODEs II, sec. IV.10),
 *     u_t = 1 + u^2 v - 4.4 u + alpha Lap u,   v_t = 3.4 u - u^2 v + alpha Lap v,
 *   alpha = 0.002, on the periodic unit square with nx x ny points (n = 2 nx ny,
 *   ny the largest divisor of n/2 not above sqrt(n/2)), five-point Laplacian,
 *   u and v of a point side by side; u(x,y,0) = 22 y (1-y)^1.5,
 *   v(x,y,0) = 27 x (1-x)^1.5. Sparse: a component reads 6 others, in constant
 *   time.
 * spectral: a Fourier collocation discretization on n points of [0, 2 pi),
 *     u_t = nu u_xx + r u^2 + g(x, t),   nu = 0.01, r = 0.1,
 *   with the dense n x n second-derivative matrix D2 (circulant; Trefethen,
 *   Spectral Methods in MATLAB, ch. 3) and g chosen so that
 *     U(x, t) = sin(x + w t) + 0.5 sin(2 (x + w t)) + 0.25 sin(3 (x + w t)),  w = 3,
 *   solves the ODE system exactly (D2 is exact for wave numbers below n/2):
 *   a known solution. Dense: a component reads all n, in time O(n). */
#include "pab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define BRUSS_ALPHA 0.002
#define SPEC_NU 0.01
#define SPEC_R 0.1
#define SPEC_MODES 3
#define SPEC_SPEED 3.0

static const double spec_amp[SPEC_MODES] = { 1.0, 0.5, 0.25 };

static const char *const system_names[PAB_NSYSTEMS] = { "bruss", "spectral" };

const char *pab_system_name(pab_system sys)
{
    return (int)sys >= 0 && sys < PAB_NSYSTEMS ? system_names[sys] : NULL;
}

int pab_system_from_name(const char *name, pab_system *sys)
{
    for (int s = 0; s < PAB_NSYSTEMS; s++)
        if (strcmp(name, system_names[s]) == 0) {
            *sys = (pab_system)s;
            return 0;
        }
    return -1;
}

int pab_ode_init(pab_system sys, int n, pab_ode *ode, char msg[PAB_MSG_MAX])
{
    memset(ode, 0, sizeof *ode);
    ode->sys = sys;
    ode->n = n;
    msg[0] = '\0';
    if (sys == PAB_SYS_BRUSS) {
        int m = n / 2;
        if (n < 2 || n % 2 != 0) {
            snprintf(msg, PAB_MSG_MAX, "bruss needs an even n >= 2 (two components per grid point)");
            return -1;
        }
        ode->ny = 1;
        for (int d = 1; (double)d * d <= m; d++)
            if (m % d == 0)
                ode->ny = d;
        ode->nx = m / ode->ny;
        ode->alpha = BRUSS_ALPHA;
        return 0;
    }
    if (n < 2 * SPEC_MODES + 1) {
        snprintf(msg, PAB_MSG_MAX, "spectral needs n >= %d (wave numbers up to %d)", 2 * SPEC_MODES + 1,
                 SPEC_MODES);
        return -1;
    }
    ode->nu = SPEC_NU;
    ode->r = SPEC_R;
    ode->d2 = malloc((size_t)n * sizeof *ode->d2);
    if (ode->d2 == NULL) {
        snprintf(msg, PAB_MSG_MAX, "out of memory");
        return -1;
    }
    {
        double hx = 2.0 * PI / n;
        ode->d2[0] = -PI * PI / (3.0 * hx * hx) + (n % 2 == 0 ? -1.0 / 6.0 : 1.0 / 12.0);
        for (int j = 1; j < n; j++) {
            double s = sin(j * hx / 2.0), sign = j % 2 == 0 ? 1.0 : -1.0;
            ode->d2[j] = n % 2 == 0 ? -0.5 * sign / (s * s) : -0.5 * sign / (s * tan(j * hx / 2.0));
        }
    }
    return 0;
}

void pab_ode_free(pab_ode *ode)
{
    free(ode->d2);
    ode->d2 = NULL;
}

/* U(x, t) and the forcing g(x, t) = U_t - nu U_xx - r U^2. */
static double spec_exact(double x, double t)
{
    double u = 0.0;
    for (int k = 1; k <= SPEC_MODES; k++)
        u += spec_amp[k - 1] * sin(k * (x + SPEC_SPEED * t));
    return u;
}

static double spec_forcing(const pab_ode *ode, double x, double t)
{
    double u = 0.0, ut = 0.0, uxx = 0.0;
    for (int k = 1; k <= SPEC_MODES; k++) {
        double s = sin(k * (x + SPEC_SPEED * t)), c = cos(k * (x + SPEC_SPEED * t));
        u += spec_amp[k - 1] * s;
        ut += spec_amp[k - 1] * k * SPEC_SPEED * c;
        uxx -= spec_amp[k - 1] * k * k * s;
    }
    return ut - ode->nu * uxx - ode->r * u * u;
}

static void bruss_eval(const pab_ode *ode, const double *y, int lo, int hi, double *f)
{
    int nx = ode->nx, ny = ode->ny;
    double ax = ode->alpha * nx * nx, ay = ode->alpha * ny * ny;
    for (int k = lo; k < hi; k++) {
        int pt = k / 2, var = k % 2, ix = pt % nx, iy = pt / nx;
        int e = iy * nx + (ix + 1) % nx, w = iy * nx + (ix + nx - 1) % nx;
        int no = ((iy + 1) % ny) * nx + ix, so = ((iy + ny - 1) % ny) * nx + ix;
        double u = y[2 * pt], v = y[2 * pt + 1], me = y[k];
        double lap = ax * (y[2 * e + var] + y[2 * w + var] - 2.0 * me)
                     + ay * (y[2 * no + var] + y[2 * so + var] - 2.0 * me);
        f[k - lo] = var == 0 ? 1.0 + u * u * v - 4.4 * u + lap : 3.4 * u - u * u * v + lap;
    }
}

static void spectral_eval(const pab_ode *ode, double t, const double *y, int lo, int hi, double *f)
{
    int n = ode->n;
    const double *d2 = ode->d2;
    for (int i = lo; i < hi; i++) {
        /* (D2 y)_i = sum_j d2[(i - j) mod n] y_j */
        double s = 0.0;
        for (int j = 0; j <= i; j++)
            s += d2[i - j] * y[j];
        for (int j = i + 1; j < n; j++)
            s += d2[n + i - j] * y[j];
        f[i - lo] = ode->nu * s + ode->r * y[i] * y[i] + spec_forcing(ode, 2.0 * PI * i / n, t);
    }
}

void pab_ode_eval(const pab_ode *ode, double t, const double *y, int lo, int hi, double *f)
{
    if (ode->sys == PAB_SYS_BRUSS)
        bruss_eval(ode, y, lo, hi, f);
    else
        spectral_eval(ode, t, y, lo, hi, f);
}

void pab_ode_initial(const pab_ode *ode, int lo, int hi, double *y)
{
    if (ode->sys == PAB_SYS_SPECTRAL) {
        pab_ode_exact(ode, 0.0, lo, hi, y);
        return;
    }
    for (int k = lo; k < hi; k++) {
        int pt = k / 2, ix = pt % ode->nx, iy = pt / ode->nx;
        double x = (double)ix / ode->nx, yy = (double)iy / ode->ny;
        y[k - lo] = k % 2 == 0 ? 22.0 * yy * pow(1.0 - yy, 1.5) : 27.0 * x * pow(1.0 - x, 1.5);
    }
}

int pab_ode_exact(const pab_ode *ode, double t, int lo, int hi, double *y)
{
    if (ode->sys != PAB_SYS_SPECTRAL)
        return 0;
    for (int i = lo; i < hi; i++)
        y[i - lo] = spec_exact(2.0 * PI * i / ode->n, t);
    return 1;
}

double pab_ode_flops(const pab_ode *ode)
{
    return ode->sys == PAB_SYS_BRUSS ? 16.0 : 2.0 * ode->n + 160.0;
}

double pab_ode_rho(const pab_ode *ode)
{
    double sum_amp = 0.0;
    if (ode->sys == PAB_SYS_BRUSS)   /* Laplacian and a bound of the reaction terms */
        return 4.0 * ode->alpha * ((double)ode->nx * ode->nx + (double)ode->ny * ode->ny) + 20.0;
    for (int k = 0; k < SPEC_MODES; k++)
        sum_amp += spec_amp[k];
    return ode->nu * (double)ode->n * ode->n / 4.0 + 2.0 * ode->r * sum_amp;
}
