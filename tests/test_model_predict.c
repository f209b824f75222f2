/* Predictions from the paper's published coefficients (profiles/paper-*.profile)
 * against values computed by hand from the formulas of Table I, formulas
 * (1) and (2), Table IV and the application formulas of sec. 5. Coefficients
 * in µs per byte times b in bytes give µs; the comments give the arithmetic.
 * Runs at np 1 (no communication). */
#include <math.h>
#include <stdio.h>

#include "ortho.h"
#include "support/mpi_cunit.h"
#include "support/profiles.h"

/* |got - want| <= 1e-9 relative (the hand values are exact decimal arithmetic). */
static int close_to(double got, double want)
{
    int ok = fabs(got - want) <= 1e-9 * fabs(want) + 1e-15;
    if (!ok)
        printf("\n  got %.12g, want %.12g\n", got, want);
    return ok;
}

static double native(ortho_model_profile_t prof, ortho_model_op op, int p, double b)
{
    double t = NAN;
    if (ortho_model_predict(prof, op, p, b, &t) != MPI_SUCCESS)
        t = NAN;
    return t;
}

static void test_clic_native(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-clic-lam.profile");
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    /* bcast p=4 (lin): (-0.085 + 0.092*4) us/B * 1e5 B = 0.283 * 1e5 us = 0.0283 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_BCAST, 4, 1e5), 0.0283));
    /* bcast p=8 (log): (0.038 + 0.474*3) * 1e5 us = 1.460 * 0.1 s = 0.146 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_BCAST, 8, 1e5), 0.146));
    /* reduce p=6 (logm1): floor(log2 5) = 2: (0.141 + 0.101*2) * 1e4 us = 0.343 * 0.01 s = 3.43e-3 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_REDUCE, 6, 1e4), 3.43e-3));
    /* reduce p=3 (lin): (-0.103 + 0.105*3) * 1e4 us = 0.212 * 0.01 s = 2.12e-3 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_REDUCE, 3, 1e4), 2.12e-3));
    /* gather p=96: 0.009 s + (-0.0825 + 0.0929*96) * 1e4 us = 0.009 + 8.8359 * 0.01 = 0.097359 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 96, 1e4), 0.097359));
    /* scatter p=16: 0 + (-0.0730 + 0.0897*16) * 1e4 us = 1.3622 * 0.01 s = 0.013622 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_SCATTER, 16, 1e4), 0.013622));
    /* allgather p=8 = t_ga(8, 1e4) + t_sb(8, 8e4)
     *   = [0.009 + (-0.0825 + 0.7432) * 0.01] + [(0.038 + 1.422) * 0.08]
     *   = 0.015607 + 0.1168 = 0.132407 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_ALLGATHER, 8, 1e4), 0.132407));
    /* allreduce p=8 = t_acc(8, 1e4) + t_sb(8, 1e4): floor(log2 7) = 2
     *   = (0.141 + 0.202) * 0.01 + 1.460 * 0.01 = 0.00343 + 0.0146 = 0.01803 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_ALLREDUCE, 8, 1e4), 0.01803));
    ortho_model_profile_free(&prof);
}

static void test_clic_2d(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-clic-lam.profile");
    ortho_model_prediction pr;
    const int dims[2] = { 8, 12 };
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    /* Formula (1), bcast on 8 x 12, b = 1e5: leader group (p1 = 8) first, then rows (p2 = 12):
     *   (0.038 + 0.474*3) * 0.1 + (0.038 + 0.474*log2(12)) * 0.1
     *   = 0.146 + (0.038 + 1.6992722) * 0.1 = 0.146 + 0.17372722 = 0.31972722 s */
    CU_ASSERT_EQUAL(ortho_model_predict_grid(prof, ORTHO_MODEL_BCAST, 2, dims, 1e5, &pr), MPI_SUCCESS);
    CU_ASSERT_EQUAL(pr.nphases, 2);
    CU_ASSERT_EQUAL(pr.phase[0].group, 8);
    CU_ASSERT_EQUAL(pr.phase[1].group, 12);
    CU_ASSERT(close_to(pr.phase[0].seconds, 0.146));
    CU_ASSERT(close_to(pr.phase[1].seconds, (0.038 + 0.474 * log2(12.0)) * 0.1));
    CU_ASSERT(close_to(pr.total, 0.146 + (0.038 + 0.474 * log2(12.0)) * 0.1));
    /* Gather on 8 x 12, b = 1e4: t_ga(p2=12, b) + t_ga(p1=8, b*p2 = 1.2e5)
     *   = [0.009 + (-0.0825 + 1.1148) * 0.01] + [0.009 + (-0.0825 + 0.7432) * 0.12]
     *   = 0.019323 + 0.088284 = 0.107607 s */
    CU_ASSERT_EQUAL(ortho_model_predict_grid(prof, ORTHO_MODEL_GATHER, 2, dims, 1e4, &pr), MPI_SUCCESS);
    CU_ASSERT_EQUAL(pr.phase[0].group, 12);
    CU_ASSERT(close_to(pr.phase[0].bytes, 1e4));
    CU_ASSERT_EQUAL(pr.phase[1].group, 8);
    CU_ASSERT(close_to(pr.phase[1].bytes, 1.2e5));
    CU_ASSERT(close_to(pr.phase[0].seconds, 0.019323));
    CU_ASSERT(close_to(pr.phase[1].seconds, 0.088284));
    CU_ASSERT(close_to(pr.total, 0.107607));
    /* Scatter on 8 x 12, b = 1e4: column (8, blocks of 1.2e5) first, then rows (12, 1e4)
     *   = [(-0.0730 + 0.7176) * 0.12] + [(-0.0730 + 1.0764) * 0.01] = 0.077352 + 0.010034 = 0.087386 s */
    CU_ASSERT_EQUAL(ortho_model_predict_grid(prof, ORTHO_MODEL_SCATTER, 2, dims, 1e4, &pr), MPI_SUCCESS);
    CU_ASSERT(close_to(pr.total, 0.087386));
    /* Formula (2), allgather on 8 x 12, b = 1e3: t_mb(12, 1e3) + t_mb(8, 1.2e4)
     *   t_mb(12, 1e3) = [0.009 + 1.0323 * 1e-3] + (0.038 + 0.474*log2 12) * 0.012
     *   t_mb(8, 1.2e4) = [0.009 + 0.6607 * 0.012] + 1.460 * 0.096 */
    {
        double t12 = 0.009 + 1.0323e-3 + (0.038 + 0.474 * log2(12.0)) * 0.012;
        double t8 = 0.009 + 0.6607 * 0.012 + 1.460 * 0.096;
        CU_ASSERT_EQUAL(ortho_model_predict_grid(prof, ORTHO_MODEL_ALLGATHER, 2, dims, 1e3, &pr),
                        MPI_SUCCESS);
        CU_ASSERT(close_to(pr.phase[0].seconds, t12));
        CU_ASSERT(close_to(pr.phase[1].seconds, t8));
        CU_ASSERT(close_to(pr.total, t12 + t8));
    }
    ortho_model_profile_free(&prof);
}

static void test_t3e_piecewise(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-t3e-1200.profile");
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    /* Table IV, root message n = p*b against 8448 KB = 8650752 B.
     * No. 1, p=32, b=1e5 (n = 3.2e6): (-0.00134 + 0.00308*32) * 0.1 s = 0.09722 * 0.1 = 0.009722 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 32, 1e5), 0.009722));
    /* No. 2, p=32, b=3e5 (n = 9.6e6): -0.020 + (0.01573 + 0.00505*32) * 0.3 = -0.020 + 0.053199 = 0.033199 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 32, 3e5), 0.033199));
    /* No. 3, p=64, b=2e5 (n = 1.28e7): -0.036 + (0.02652 + 0.00617*64) * 0.2 = -0.036 + 0.08428 = 0.04828 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 64, 2e5), 0.04828));
    /* Boundary: p=32, n = 8650752 exactly is No. 1: (0.09722 us) * 270336 B = 0.02628206592 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 32, 270336.0), 0.09722 * 0.270336));
    /* Not covered by the table (p=8, n = 1.6e7): No. 1 again: (-0.00134 + 0.02464) * 2 = 0.0466 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 8, 2e6), 0.0466));
    /* scatter p=96, b=1e4: (0.00024 + 0.00297*96) * 0.01 = 0.28536 * 0.01 = 0.0028536 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_SCATTER, 96, 1e4), 0.0028536));
    ortho_model_profile_free(&prof);
}

static void test_xeon(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-xeon-scampi.profile");
    double t = 0.0;
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    /* reduce p=2, b=1e6: floor(log2 1) = 0: 0.0116 us * 1e6 = 0.0116 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_REDUCE, 2, 1e6), 0.0116));
    /* bcast p=16, b=1e6: (-0.0005 + 0.0042*4) * 1 s = 0.0163 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_BCAST, 16, 1e6), 0.0163));
    /* gather p=32, b=1e5: (-0.0056 + 0.0040*32) * 0.1 = 0.01224 s */
    CU_ASSERT(close_to(native(prof, ORTHO_MODEL_GATHER, 32, 1e5), 0.01224));
    /* Table II: p > 1 only: no entry for p = 1 */
    CU_ASSERT_EQUAL(ortho_model_predict(prof, ORTHO_MODEL_BCAST, 1, 1e3, &t), MPI_ERR_ARG);
    ortho_model_profile_free(&prof);
}

static void test_layouts(void)
{
    ortho_model_layout l[64];
    int n = 0;
    /* 96: native + 10 2D layouts (2x48 ... 48x2), as in sec. 3.4 */
    CU_ASSERT_EQUAL(ortho_model_layouts(96, 2, l, 64, &n), MPI_SUCCESS);
    CU_ASSERT_EQUAL(n, 11);
    CU_ASSERT(l[0].ndims == 1 && l[0].dims[0] == 96);
    CU_ASSERT(l[1].ndims == 2 && l[1].dims[0] == 2 && l[1].dims[1] == 48);
    CU_ASSERT(l[10].ndims == 2 && l[10].dims[0] == 48 && l[10].dims[1] == 2);
    /* 48: 8 2D layouts */
    CU_ASSERT_EQUAL(ortho_model_layouts(48, 2, NULL, 0, &n), MPI_SUCCESS);
    CU_ASSERT_EQUAL(n, 9);
    /* 8 with 3 dims: {8}, 2x4, 4x2, 2x2x2 */
    CU_ASSERT_EQUAL(ortho_model_layouts(8, 3, l, 64, &n), MPI_SUCCESS);
    CU_ASSERT_EQUAL(n, 4);
    CU_ASSERT(l[3].ndims == 3 && l[3].dims[0] == 2 && l[3].dims[1] == 2 && l[3].dims[2] == 2);
    CU_ASSERT_EQUAL(ortho_model_layouts(7, 2, l, 64, &n), MPI_SUCCESS);
    CU_ASSERT_EQUAL(n, 1);
}

static void test_nd_and_choose(void)
{
    ortho_model_profile_t prof = test_profile_load("paper-t3e-1200.profile");
    ortho_model_prediction pr, best_pr;
    ortho_model_layout best;
    const int dims[3] = { 2, 3, 4 };
    CU_ASSERT_PTR_NOT_NULL(prof);
    if (prof == NULL)
        return;
    /* 3D allgather 2 x 3 x 4, b: rows (4, b), then 3 with b*4, then 2 with b*12 */
    CU_ASSERT_EQUAL(ortho_model_predict_grid(prof, ORTHO_MODEL_ALLGATHER, 3, dims, 1000.0, &pr),
                    MPI_SUCCESS);
    CU_ASSERT_EQUAL(pr.nphases, 3);
    CU_ASSERT(pr.phase[0].group == 4 && close_to(pr.phase[0].bytes, 1000.0));
    CU_ASSERT(pr.phase[1].group == 3 && close_to(pr.phase[1].bytes, 4000.0));
    CU_ASSERT(pr.phase[2].group == 2 && close_to(pr.phase[2].bytes, 12000.0));
    CU_ASSERT(close_to(pr.total, native(prof, ORTHO_MODEL_ALLGATHER, 4, 1000.0)
                                     + native(prof, ORTHO_MODEL_ALLGATHER, 3, 4000.0)
                                     + native(prof, ORTHO_MODEL_ALLGATHER, 2, 12000.0)));
    /* 3D bcast: leader groups first, same size */
    CU_ASSERT_EQUAL(ortho_model_predict_grid(prof, ORTHO_MODEL_BCAST, 3, dims, 1000.0, &pr), MPI_SUCCESS);
    CU_ASSERT(pr.phase[0].group == 2 && pr.phase[2].group == 4 && close_to(pr.phase[2].bytes, 1000.0));
    /* choose: the smallest total over the layouts of 96, checked against all of them */
    CU_ASSERT_EQUAL(ortho_model_choose(prof, ORTHO_MODEL_ALLGATHER, 96, 1e4, 2, &best, &best_pr),
                    MPI_SUCCESS);
    {
        ortho_model_layout l[16];
        int n = 0, ok = 1;
        ortho_model_layouts(96, 2, l, 16, &n);
        for (int i = 0; i < n; i++) {
            ortho_model_predict_grid(prof, ORTHO_MODEL_ALLGATHER, l[i].ndims, l[i].dims, 1e4, &pr);
            ok = ok && pr.total >= best_pr.total;
        }
        CU_ASSERT(ok);
        CU_ASSERT_EQUAL(best.ndims, 2);
    }
    ortho_model_profile_free(&prof);
}

static void test_apps(void)
{
    ortho_model_profile_t clic = test_profile_load("paper-clic-lam.profile");
    ortho_model_profile_t t3e = test_profile_load("paper-t3e-1200.profile");
    ortho_model_app_params a = { 4800.0, 0, 0, 1e-8, 0.0, 8.0 };
    ortho_model_layout native16 = { 1, { 16 } }, grid = { 2, { 8, 12 } };
    ortho_model_app_prediction pr;
    CU_ASSERT(clic != NULL && t3e != NULL);
    if (clic == NULL || t3e == NULL)
        goto done;
    /* (3) jacobi-row, CLiC, p=16, n=4800, t_op=1e-8 s, 8-byte elements:
     *   compute 2 * 4800^2 / 16 * 1e-8 = 0.0288 s
     *   t_mb(16, 300*8 = 2400 B) = t_ga(16, 2400) + t_sb(16, 38400)
     *     = [0.009 + (-0.0825 + 1.4864) * 0.0024] + [(0.038 + 0.474*4) * 0.0384]
     *     = 0.01236936 + 0.0742656 = 0.08663496 s;  total 0.11543496 s */
    CU_ASSERT_EQUAL(ortho_model_app_predict(clic, ORTHO_MODEL_JACOBI_ROW, &a, &native16, &pr), MPI_SUCCESS);
    CU_ASSERT(close_to(pr.compute, 0.0288));
    CU_ASSERT(close_to(pr.comm, 0.08663496));
    CU_ASSERT(close_to(pr.total, 0.11543496));
    /* (5) jacobi-col-sb, CLiC, p=16: compute 2 * 300 * 4799 * 1e-8 = 0.028794 s;
     *   t_acc(16, 38400) = (0.141 + 0.101*floor(log2 15)) * 0.0384 = (0.141 + 0.303) * 0.0384
     *                    = 0.0170496 s;  t_sb(16, 38400) = 0.0742656 s (as above) */
    CU_ASSERT_EQUAL(ortho_model_app_predict(clic, ORTHO_MODEL_JACOBI_COL_SB, &a, &native16, &pr), MPI_SUCCESS);
    CU_ASSERT(close_to(pr.compute, 0.028794));
    CU_ASSERT(close_to(pr.comm, 0.0170496 + 0.0742656));
    /* PABM on the T3E, 8 x 12, n=9600, K=4, I=2, t_op=2e-9 s, T_eval=1e-7 s, n/p = 100:
     *   T_PABM = 4*2*100*1e-7 + 4*9*100*2e-9 + 4*2*3*100*2e-9 = 8e-5 + 7.2e-6 + 4.8e-6 = 9.2e-5 s
     *   C_PABM = 8 * [t_mb(12, 800) + t_mb(8, 9600)] (formula (2)), in us:
     *     t_ga(12, 800) = (-0.00134 + 0.00308*12) * 800 = 28.496
     *     t_sb(12, 9600) = (0.00065 + 0.0033*log2 12) * 9600 = 119.8116...
     *     t_ga(8, 9600) = (-0.00134 + 0.02464) * 9600 = 223.68
     *     t_sb(8, 76800) = (0.00065 + 0.0099) * 76800 = 810.24
     *   C_PABM = 8 * 1182.2276... us = 9.4578e-3 s */
    {
        ortho_model_app_params b = { 9600.0, 4, 2, 2e-9, 1e-7, 8.0 };
        double cpabm = 8.0 * (28.496 + (0.00065 + 0.0033 * log2(12.0)) * 9600.0 + 223.68 + 810.24) * 1e-6;
        CU_ASSERT_EQUAL(ortho_model_app_predict(t3e, ORTHO_MODEL_PABM, &b, &grid, &pr), MPI_SUCCESS);
        CU_ASSERT(close_to(pr.compute, 9.2e-5));
        CU_ASSERT(close_to(pr.comm, cpabm));
        CU_ASSERT(close_to(pr.mult[0], 8.0));
        /* PAB: T_PAB = 4 * (100*1e-7 + 9*100*2e-9) = 4 * 1.18e-5 = 4.72e-5 s; C_PAB = C_PABM / 2 */
        CU_ASSERT_EQUAL(ortho_model_app_predict(t3e, ORTHO_MODEL_PAB, &b, &grid, &pr), MPI_SUCCESS);
        CU_ASSERT(close_to(pr.compute, 4.72e-5));
        CU_ASSERT(close_to(pr.comm, cpabm / 2.0));
    }
done:
    ortho_model_profile_free(&clic);
    ortho_model_profile_free(&t3e);
}

static void test_forms_table(void)
{
    int n = ortho_model_form_count(), f = -1, ok = 1;
    ortho_model_form_info info;
    double t = 0.0;
    for (int i = 0; i < n; i++) {
        ok = ok && ortho_model_form_info_get(i, &info) == MPI_SUCCESS && info.name != NULL
             && info.formula != NULL && info.ops != 0 && info.ncoefs <= ORTHO_MODEL_MAX_COEFS;
        for (int j = 0; ok && j < info.ncoefs; j++)
            ok = info.coef_names[j] != NULL;
    }
    CU_ASSERT(ok);
    /* MPICH binomial bcast, p=8: 3 alpha + 3 b beta = 3*1e-6 + 3*1000*1e-9 = 6e-6 */
    CU_ASSERT_EQUAL(ortho_model_form_find(ORTHO_MODEL_BCAST, "binomial", &f), MPI_SUCCESS);
    {
        const double c[2] = { 1e-6, 1e-9 };
        CU_ASSERT_EQUAL(ortho_model_form_eval(f, c, 8, 1000.0, &t), MPI_SUCCESS);
        CU_ASSERT(close_to(t, 6e-6));
    }
    /* Rabenseifner allreduce, p=16, b=1e6: 8 alpha + 2*(15/16)*1e6 beta + (15/16)*1e6 gamma */
    CU_ASSERT_EQUAL(ortho_model_form_find(ORTHO_MODEL_ALLREDUCE, "rabenseifner", &f), MPI_SUCCESS);
    {
        const double c[3] = { 1e-6, 1e-9, 5e-10 };
        CU_ASSERT_EQUAL(ortho_model_form_eval(f, c, 16, 1e6, &t), MPI_SUCCESS);
        CU_ASSERT(close_to(t, 8e-6 + 1.875e-3 + 0.46875e-3));
    }
    /* ring allgather p=5, b=100: 4 alpha + 400 beta */
    CU_ASSERT_EQUAL(ortho_model_form_find(ORTHO_MODEL_ALLGATHER, "ring", &f), MPI_SUCCESS);
    {
        const double c[2] = { 1e-6, 1e-9 };
        CU_ASSERT_EQUAL(ortho_model_form_eval(f, c, 5, 100.0, &t), MPI_SUCCESS);
        CU_ASSERT(close_to(t, 4e-6 + 4e-7));
    }
    CU_ASSERT_EQUAL(ortho_model_form_find(ORTHO_MODEL_GATHER, "ring", &f), MPI_ERR_ARG);
}

static void add_suites(void)
{
    CU_pSuite s = CU_add_suite("model_predict", NULL, NULL);
    CU_add_test(s, "CLiC native, Tables II/III", test_clic_native);
    CU_add_test(s, "CLiC 2D, formulas (1), (2)", test_clic_2d);
    CU_add_test(s, "T3E piecewise gather, Tables IV/V", test_t3e_piecewise);
    CU_add_test(s, "Xeon ScaMPI", test_xeon);
    CU_add_test(s, "layouts", test_layouts);
    CU_add_test(s, "N-D composition and choice", test_nd_and_choose);
    CU_add_test(s, "applications, sec. 5", test_apps);
    CU_add_test(s, "form table", test_forms_table);
}

int main(int argc, char **argv)
{
    return ortho_test_main(argc, argv, add_suites);
}
