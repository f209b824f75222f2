/* The segment size of the pipelined variants (lib/variants/pipe_*.c,
 * chain.c): the minimum of their cost form.
 *
 * A pipeline of d stages that cuts n bytes into k = n / s segments of s
 * bytes, each stage a message of s bytes (alpha + s beta), takes
 *   T(s) = (k + d - 1) (alpha + s beta) = (n / s + d - 1) (alpha + s beta)
 *        = n beta + (d - 1) alpha + n alpha / s + (d - 1) beta s,
 * whose minimum is at
 *   s* = sqrt(n alpha / ((d - 1) beta))
 * (one segment, s = n, when d = 1). The variants run on whatever machine
 * they are on, without a profile: alpha and beta are the constants below,
 * a network of 10 Gb/s with 5 us per message, the regime the variants are
 * meant for; a candidate name's "seg=" replaces the choice. The same
 * function gives the segment to the run (lib/variants) and to the
 * prediction (variants.c), so what is ranked is what runs. */
#include "model/variants.h"

#include <math.h>

/* The default machine of the segment choice: seconds per message and per
 * byte. */
#define SEGMENT_ALPHA 5e-6
#define SEGMENT_BETA (1.0 / 1.25e9)

double ortho__model_segment_best(double bytes, int depth, double alpha, double beta)
{
    if (!(bytes > 1.0) || depth < 2 || !(alpha > 0.0) || !(beta > 0.0))
        return bytes > 1.0 ? bytes : 1.0;
    double s = sqrt(bytes * alpha / ((depth - 1) * beta));
    return s < 1.0 ? 1.0 : s > bytes ? bytes : s;
}

int ortho__model_segment(double bytes, int depth, int named)
{
    if (named > 0)
        return named;
    double s = ortho__model_segment_best(bytes, depth, SEGMENT_ALPHA, SEGMENT_BETA);
    return s >= (double)(1 << 30) ? 1 << 30 : (int)ceil(s);
}
