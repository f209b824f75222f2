/* Layouts on ortho-bench's command line (the rest: tools/cli.c). */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

int bench_parse_layouts(const char *text, int ndims[], int dims[][ORTHO_GRID_MAX_DIMS], int cap)
{
    int n = 0;
    const char *s = text;
    while (*s != '\0') {
        if (n >= cap)
            return -1;
        ndims[n] = 0;
        for (;;) {
            char *end = NULL;
            long d = strtol(s, &end, 10);
            if (end == s || d < 1 || d > 1 << 20 || ndims[n] >= ORTHO_GRID_MAX_DIMS)
                return -1;
            dims[n][ndims[n]++] = (int)d;
            s = end;
            if (*s != 'x')
                break;
            s++;
        }
        if (*s == ',')
            s++;
        else if (*s != '\0')
            return -1;
        n++;
    }
    return n > 0 ? n : -1;
}

void bench_layout_name(int ndims, const int dims[], char *out, size_t cap)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < ndims && used < cap; i++) {
        int w = snprintf(out + used, cap - used, i == 0 ? "%d" : "x%d", dims[i]);
        if (w < 0)
            break;
        used += (size_t)w;
    }
}
