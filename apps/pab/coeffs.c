/* The coefficients of the PAB and PAM methods from their abscissae.
 *
 * Abscissae: Radau IIA points on [0, 1], the zeros of P_K(2c-1) - P_{K-1}(2c-1)
 * (P_k Legendre), which include c = 1. Stage i approximates y(t_n + c_i h);
 * the last stage is the step point.
 *
 * Order conditions: the step y_{n+1,i} = y_{n,K} + h sum_j b_ij f_{n,j}
 * (+ h d_i f_{n+1,i} for PAM) is exact for every polynomial solution of
 * degree <= K (PAB: K conditions, unknowns b_i1 .. b_iK) or <= K+1 (PAM:
 * K+1 conditions, unknowns b_i1 .. b_iK, d_i). With y' = phi and the origin
 * at t_n, that is, for every polynomial phi of degree < K (PAB) or <= K (PAM):
 *     int_1^{1+c_i} phi(s) ds = sum_j b_ij phi(c_j) [+ d_i phi(1 + c_i)].
 * The conditions are written for the Legendre basis phi_q(s) = P_q(s - 1)
 * on [0, 2] (the monomials s^q give the same solution but an ill-conditioned
 * matrix at K = 8) and solved with GSL's LU decomposition; the residuals of
 * the monomial conditions are then checked. The stage order is K (PAB) and
 * K+1 (PAM), and so is the order of the step point: the error of the last
 * stage propagates with factor 1 while the others enter only through h f. */
#include "pab.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

/* P_q(x) by the three-term recurrence. */
static double legendre(int q, double x)
{
    double p0 = 1.0, p1 = x;
    if (q == 0)
        return 1.0;
    for (int k = 1; k < q; k++) {
        double p2 = ((2.0 * k + 1.0) * x * p1 - k * p0) / (k + 1.0);
        p0 = p1;
        p1 = p2;
    }
    return p1;
}

/* int_a^b P_q(s - 1) ds, with int P_q = (P_{q+1} - P_{q-1}) / (2q + 1). */
static double legendre_integral(int q, double a, double b)
{
    if (q == 0)
        return b - a;
    return ((legendre(q + 1, b - 1.0) - legendre(q - 1, b - 1.0))
            - (legendre(q + 1, a - 1.0) - legendre(q - 1, a - 1.0))) / (2.0 * q + 1.0);
}

static double radau_poly(int K, double x)
{
    return legendre(K, x) - legendre(K - 1, x);
}

/* The K-1 zeros in [-1, 1) by sign changes on a fine grid and bisection,
 * and x = 1; mapped to c = (x + 1) / 2. */
static int radau_points(int K, double c[])
{
    const int samples = 20000;
    int m = 0;
    double xa = -1.0, qa = radau_poly(K, xa);
    for (int s = 1; s < samples && m < K - 1; s++) {
        double xb = -1.0 + 2.0 * s / samples, qb = radau_poly(K, xb);
        if (qa == 0.0) {
            c[m++] = xa;
        } else if ((qa < 0.0) != (qb < 0.0) && qb != 0.0) {
            double a = xa, b = xb, fa = qa;
            for (int it = 0; it < 200 && b - a > 4.0 * DBL_EPSILON; it++) {
                double mid = 0.5 * (a + b), fm = radau_poly(K, mid);
                if (fm == 0.0)
                    a = b = mid;
                else if ((fm < 0.0) == (fa < 0.0))
                    a = mid, fa = fm;
                else
                    b = mid;
            }
            c[m++] = 0.5 * (a + b);
        }
        xa = xb;
        qa = qb;
    }
    c[m++] = 1.0;
    for (int i = 0; i < m; i++)
        c[i] = 0.5 * (c[i] + 1.0);
    c[K - 1] = 1.0;
    return m == K ? 0 : -1;
}

/* Solve A x = r (size k) by LU; 0 on success. */
static int lu_solve(gsl_matrix *A, gsl_vector *r, gsl_vector *x, gsl_permutation *perm)
{
    int sign = 0;
    int st = gsl_linalg_LU_decomp(A, perm, &sign);
    if (st == GSL_SUCCESS)
        st = gsl_linalg_LU_solve(A, perm, r, x);
    return st == GSL_SUCCESS ? 0 : -1;
}

/* |sum of the terms| relative to the sum of their magnitudes, for the
 * monomial condition of degree q (y = s^q) of row i. */
static double monomial_residual(const pab_coefs *co, const double b[], double d, int i, int q)
{
    double lhs = pow(1.0 + co->c[i], q) - 1.0, sum = fabs(lhs), r = lhs;
    for (int j = 0; j < co->K; j++) {
        double t = b[j] * q * pow(co->c[j], q - 1);
        r -= t;
        sum += fabs(t);
    }
    if (d != 0.0) {
        double t = d * q * pow(1.0 + co->c[i], q - 1);
        r -= t;
        sum += fabs(t);
    }
    return fabs(r) / sum;
}

int pab_coefs_compute(int K, pab_coefs *co, char msg[PAB_MSG_MAX])
{
    int err = -1;
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    gsl_matrix *A = gsl_matrix_alloc(K + 1, K + 1);
    gsl_vector *r = gsl_vector_alloc(K + 1), *x = gsl_vector_alloc(K + 1);
    gsl_permutation *perm = gsl_permutation_alloc(K + 1);
    gsl_matrix_view Ak;
    gsl_vector_view rk, xk;
    gsl_permutation *permk = NULL;
    msg[0] = '\0';
    if (K < 1 || K > PAB_MAX_K) {
        snprintf(msg, PAB_MSG_MAX, "K must be 1 to %d", PAB_MAX_K);
        goto fn_exit;
    }
    if (A == NULL || r == NULL || x == NULL || perm == NULL
        || (permk = gsl_permutation_alloc(K)) == NULL) {
        snprintf(msg, PAB_MSG_MAX, "out of memory");
        goto fn_exit;
    }
    co->K = K;
    if (radau_points(K, co->c) != 0) {
        snprintf(msg, PAB_MSG_MAX, "found fewer than %d Radau points", K);
        goto fn_exit;
    }
    /* PAB: rows q = 0 .. K-1 (phi_q), columns j (nodes c_j). */
    Ak = gsl_matrix_submatrix(A, 0, 0, K, K);
    rk = gsl_vector_subvector(r, 0, K);
    xk = gsl_vector_subvector(x, 0, K);
    co->res_pab = co->res_pam = 0.0;
    for (int i = 0; i < K; i++) {
        for (int q = 0; q < K; q++) {
            for (int j = 0; j < K; j++)
                gsl_matrix_set(&Ak.matrix, q, j, legendre(q, co->c[j] - 1.0));
            gsl_vector_set(&rk.vector, q, legendre_integral(q, 1.0, 1.0 + co->c[i]));
        }
        if (lu_solve(&Ak.matrix, &rk.vector, &xk.vector, permk) != 0) {
            snprintf(msg, PAB_MSG_MAX, "PAB order conditions of stage %d are singular", i);
            goto fn_exit;
        }
        for (int j = 0; j < K; j++)
            co->bp[i][j] = gsl_vector_get(&xk.vector, j);
        for (int q = 1; q <= K; q++)
            co->res_pab = fmax(co->res_pab, monomial_residual(co, co->bp[i], 0.0, i, q));
    }
    /* PAM: rows q = 0 .. K, columns c_1 .. c_K and 1 + c_i. */
    for (int i = 0; i < K; i++) {
        for (int q = 0; q <= K; q++) {
            for (int j = 0; j < K; j++)
                gsl_matrix_set(A, q, j, legendre(q, co->c[j] - 1.0));
            gsl_matrix_set(A, q, K, legendre(q, co->c[i]));
            gsl_vector_set(r, q, legendre_integral(q, 1.0, 1.0 + co->c[i]));
        }
        if (lu_solve(A, r, x, perm) != 0) {
            snprintf(msg, PAB_MSG_MAX, "PAM order conditions of stage %d are singular", i);
            goto fn_exit;
        }
        for (int j = 0; j < K; j++)
            co->bc[i][j] = gsl_vector_get(x, j);
        co->d[i] = gsl_vector_get(x, K);
        for (int q = 1; q <= K + 1; q++)
            co->res_pam = fmax(co->res_pam, monomial_residual(co, co->bc[i], co->d[i], i, q));
    }
    err = 0;
fn_exit:
    gsl_permutation_free(permk);
    gsl_permutation_free(perm);
    gsl_vector_free(x);
    gsl_vector_free(r);
    gsl_matrix_free(A);
    gsl_set_error_handler(old);
    return err;
}

/* The step for y' = lambda y, z = h lambda, as a linear map of the state
 * (Y, Z), Z = h f as used by the next step; the spectral radius of its
 * matrix (2K x 2K). -1 when GSL fails. */
static double spectral_radius(const pab_coefs *co, int pabm, int iters, double z)
{
    int K = co->K, S = 2 * K;
    double M[4 * PAB_MAX_K * PAB_MAX_K], rho = 0.0;
    gsl_matrix_view mv = gsl_matrix_view_array(M, S, S);
    gsl_vector_complex *ev = gsl_vector_complex_alloc(S);
    gsl_eigen_nonsymm_workspace *w = gsl_eigen_nonsymm_alloc(S);
    for (int col = 0; col < S; col++) {
        double Y[PAB_MAX_K] = { 0 }, Z[PAB_MAX_K] = { 0 }, Yn[PAB_MAX_K], C[PAB_MAX_K];
        if (col < K)
            Y[col] = 1.0;
        else
            Z[col - K] = 1.0;
        for (int i = 0; i < K; i++) {
            double sp = 0.0, sc = 0.0;
            for (int j = 0; j < K; j++) {
                sp += co->bp[i][j] * Z[j];
                sc += co->bc[i][j] * Z[j];
            }
            Yn[i] = Y[K - 1] + sp;
            C[i] = Y[K - 1] + sc;
        }
        for (int it = 0; it < (pabm ? iters : 1); it++) {
            for (int i = 0; i < K; i++) {
                Z[i] = z * Yn[i];
                if (pabm)
                    Yn[i] = C[i] + co->d[i] * Z[i];
            }
        }
        for (int i = 0; i < K; i++) {
            M[i * S + col] = Yn[i];
            M[(K + i) * S + col] = Z[i];
        }
    }
    if (ev == NULL || w == NULL || gsl_eigen_nonsymm(&mv.matrix, ev, w) != GSL_SUCCESS)
        rho = -1.0;
    for (int i = 0; i < S && rho >= 0.0; i++)
        rho = fmax(rho, gsl_complex_abs(gsl_vector_complex_get(ev, i)));
    gsl_eigen_nonsymm_free(w);
    gsl_vector_complex_free(ev);
    return rho;
}

double pab_coefs_stability(const pab_coefs *co, int pabm, int I)
{
    const double dz = 1e-3;
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    double z = 0.0, rho;
    while (z > -100.0 && (rho = spectral_radius(co, pabm, I, z - dz)) >= 0.0 && rho <= 1.0 + 1e-9)
        z -= dz;
    gsl_set_error_handler(old);
    return z;
}
