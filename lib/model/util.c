/* Small helpers of the model module: integer logarithms. */
#include "model/model_private.h"

int ortho__ceil_log2(int p)
{
    int k = 0;
    while (k < 31 && (1L << k) < (long)p)
        k++;
    return k;
}

int ortho__floor_log2(int p)
{
    int k = 0;
    while (p > 1) {
        p >>= 1;
        k++;
    }
    return k;
}
