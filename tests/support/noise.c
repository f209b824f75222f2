#include "support/noise.h"

#include <math.h>
#include <stdio.h>

double lcg_uniform(struct lcg *g)
{
    g->state = g->state * 6364136223846793005ULL + 1442695040888963407ULL;
    return ((g->state >> 11) + 0.5) / 9007199254740992.0; /* 53 bits, never 0 or 1 */
}

double lcg_gauss(struct lcg *g)
{
    double u = lcg_uniform(g), v = lcg_uniform(g);
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

int coefficients_within(const double got[], const double want[], int k, double tol)
{
    int ok = 1;
    for (int j = 0; j < k; j++)
        if (!(fabs(got[j] - want[j]) <= tol * fabs(want[j]))) {
            printf("\n  coefficient %d: got %.6g, want %.6g (tolerance %g)\n", j, got[j], want[j],
                   tol);
            ok = 0;
        }
    return ok;
}
