/* libFuzzer target: the ORTHO_GRID parser (ortho__parse_grid,
 * lib/candidate/names.c) on any text. Besides crashes, UB and hangs, it
 * checks what lib/candidate/candidate_private.h promises:
 *  - blank text is ORTHO_ENV_UNSET, "native" (spaces around) NATIVE;
 *  - a layout has 1 to ORTHO_GRID_MAX_DIMS extents, each 0 to 2^24, written
 *    into an array of exactly ORTHO_GRID_MAX_DIMS ints (ASan sees a write
 *    past it), and "D0xD1x..." of them parses to the same extents. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "candidate/candidate_private.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *text, const char *what)
{
    fprintf(stderr, "grid_parse: \"%s\": %s\n", text, what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), again[ORTHO_GRID_MAX_DIMS * 12 + 1];
    int *dims = malloc(ORTHO_GRID_MAX_DIMS * sizeof *dims);
    int *dims2 = malloc(ORTHO_GRID_MAX_DIMS * sizeof *dims2);
    int ndims = -1, ndims2 = -1, blank = 1;
    size_t at = 0;
    enum ortho_env_grid r;
    if (text == NULL || dims == NULL || dims2 == NULL)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    for (const char *t = text; *t != '\0'; t++)
        blank &= isspace((unsigned char)*t) != 0;
    r = ortho__parse_grid(text, &ndims, dims);
    if (blank != (r == ORTHO_ENV_UNSET))
        fail(text, "blank text and ORTHO_ENV_UNSET do not go together");
    if (r == ORTHO_ENV_NATIVE && strstr(text, "native") == NULL)
        fail(text, "native without 'native'");
    if (r == ORTHO_ENV_LAYOUT) {
        if (ndims < 1 || ndims > ORTHO_GRID_MAX_DIMS)
            fail(text, "a layout with no extents or too many");
        for (int i = 0; i < ndims; i++) {
            if (dims[i] < 0 || dims[i] > (1 << 24))
                fail(text, "an extent out of 0..2^24");
            at += (size_t)snprintf(again + at, sizeof again - at, "%s%d", i ? "x" : "", dims[i]);
        }
        if (ortho__parse_grid(again, &ndims2, dims2) != ORTHO_ENV_LAYOUT || ndims2 != ndims
            || memcmp(dims, dims2, (size_t)ndims * sizeof *dims) != 0)
            fail(text, "the extents written again parse differently");
    }
    free(dims2);
    free(dims);
    free(text);
    return 0;
}
