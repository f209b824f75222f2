/* Reproducible noise for tests that fit synthetic samples: a 64-bit
 * linear congruential generator (no global state) and normal deviates
 * from it (Box-Muller). */
#ifndef ORTHO_TESTS_NOISE_H_INCLUDED
#define ORTHO_TESTS_NOISE_H_INCLUDED

struct lcg {
    unsigned long long state;
};

/* Uniform in (0, 1). */
double lcg_uniform(struct lcg *g);

/* Standard normal. */
double lcg_gauss(struct lcg *g);

#endif
