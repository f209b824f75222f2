/* libFuzzer target: candidate names (ortho_candidate_parse and
 * ortho_candidate_name, lib/candidate/names.c). Besides crashes, UB and
 * hangs, it checks, with the input as text, that what parses has a name
 * (within ORTHO_CANDIDATE_NAME_MAX), that the name parses to the same
 * candidate, and that naming that one gives the same name; and with the
 * input's bytes as a candidate (variant, order, node-aware, up to
 * ORTHO_GRID_MAX_DIMS extents of 0 to 2^24, the range ORTHO_GRID takes),
 * that a candidate that has a name parses back from it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ortho.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *text, const char *name, const char *what)
{
    fprintf(stderr, "candidate_name: \"%s\" (name \"%s\"): %s\n", text, name, what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), name[ORTHO_CANDIDATE_NAME_MAX], name2[ORTHO_CANDIDATE_NAME_MAX];
    ortho_candidate c, back;
    int same = 1;
    if (text == NULL)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    name[0] = name2[0] = '\0';
    if (ortho_candidate_parse(text, &c) == MPI_SUCCESS) {
        if (ortho_candidate_name(&c, name, (int)sizeof name) != MPI_SUCCESS)
            fail(text, name, "parses, but has no name");
        if (ortho_candidate_parse(name, &back) != MPI_SUCCESS)
            fail(text, name, "its name does not parse");
        same = back.variant == c.variant && back.order == c.order
               && back.node_aware == c.node_aware && back.ndims == c.ndims
               && back.segment == c.segment;
        for (int i = 0; same && i < c.ndims; i++)
            same = back.dims[i] == c.dims[i];
        if (!same)
            fail(text, name, "its name parses to another candidate");
        if (ortho_candidate_name(&back, name2, (int)sizeof name2) != MPI_SUCCESS
            || strcmp(name, name2) != 0)
            fail(text, name2, "named again, another name");
    }
    free(text);
    /* the other way: a candidate made of the bytes, named, parsed */
    if (size >= 4) {
        memset(&c, 0, sizeof c);
        c.variant = (ortho_variant)(data[0] % ORTHO_VARIANT_COUNT);
        c.order = (ortho_order)(data[1] % 3);
        c.node_aware = data[2] & 1;
        c.ndims = data[3] % (ORTHO_GRID_MAX_DIMS + 1);
        for (int i = 0; i < c.ndims; i++) {
            size_t at = 4 + 3 * (size_t)i;
            c.dims[i] = at + 2 < size ? (data[at] | data[at + 1] << 8 | (data[at + 2] & 1) << 16)
                                            << (data[at + 2] >> 1 & 7)
                                      : 2;
            c.dims[i] = c.dims[i] > 1 << 24 ? 1 << 24 : c.dims[i];
        }
        /* the segmented variants: a segment size from the bytes (0: none) */
        if (c.variant == ORTHO_VARIANT_PIPE || c.variant == ORTHO_VARIANT_CHAIN ||
            c.variant == ORTHO_VARIANT_SPREAD)
            c.segment = (data[1] >> 2) << (data[2] >> 1 & 15);
        if (ortho_candidate_name(&c, name, (int)sizeof name) == MPI_SUCCESS) {
            if (ortho_candidate_parse(name, &back) != MPI_SUCCESS)
                fail("(bytes)", name, "a named candidate whose name does not parse");
            same = back.variant == c.variant;
            if (c.variant != ORTHO_VARIANT_NATIVE) {
                same = same && back.order == c.order && back.node_aware == c.node_aware
                       && back.ndims == c.ndims && back.segment == c.segment;
                for (int i = 0; same && i < c.ndims; i++)
                    same = back.dims[i] == c.dims[i];
            }
            if (!same)
                fail("(bytes)", name, "a named candidate parses to another one");
        }
    }
    return 0;
}
