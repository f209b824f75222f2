/* Reproducible noise for tests that fit synthetic samples: a 64-bit
 * linear congruential generator (no global state) and normal deviates
 * from it (Box-Muller), and the check of the coefficients fitted to them. */
#ifndef ORTHO_TESTS_NOISE_H_INCLUDED
#define ORTHO_TESTS_NOISE_H_INCLUDED

struct lcg {
    unsigned long long state;
};

/* Uniform in (0, 1). */
double lcg_uniform(struct lcg *g);

/* Standard normal. */
double lcg_gauss(struct lcg *g);

/* 1 when each of the k fitted coefficients got[j] is within the relative
 * tolerance tol of want[j]; else 0, after printing every one that is not. */
int coefficients_within(const double got[], const double want[], int k, double tol);

#endif
