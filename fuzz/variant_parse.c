/* libFuzzer target: the ORTHO_VARIANT parser (ortho__parse_variant_env,
 * lib/settings/variant_env.c) on any text. Besides crashes, UB and hangs, it
 * checks:
 *  - the result is UNSET, LAYOUT or MALFORMED; only LAYOUT sets an
 *    operation, and LAYOUT sets at least one;
 *  - blank text (spaces only) is UNSET, as for ORTHO_GRID;
 *  - every candidate set has a name, and the name parses to the same
 *    candidate;
 *  - one item without ',' or '=' (shorter than the parser's 512-byte
 *    buffer) is what ortho_candidate_parse makes of it, for every
 *    operation. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select/select_private.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *text, const char *what)
{
    fprintf(stderr, "variant_parse: \"%s\": %s\n", text, what);
    abort();
}

static int same(const ortho_candidate *a, const ortho_candidate *b)
{
    if (a->variant != b->variant || a->order != b->order || a->node_aware != b->node_aware
        || a->ndims != b->ndims)
        return 0;
    for (int i = 0; i < a->ndims; i++)
        if (a->dims[i] != b->dims[i])
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), name[ORTHO_CANDIDATE_NAME_MAX];
    ortho_candidate cands[ORTHO_OP_COUNT], one, back;
    int set[ORTHO_OP_COUNT], nset = 0, blank = 1;
    enum ortho_env_grid r;
    if (text == NULL)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    memset(cands, 0, sizeof cands);
    for (const char *t = text; *t != '\0'; t++)
        blank &= isspace((unsigned char)*t) != 0;
    r = ortho__parse_variant_env(text, cands, set);
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        nset += set[op] != 0;
    if (r != ORTHO_ENV_UNSET && r != ORTHO_ENV_LAYOUT && r != ORTHO_ENV_MALFORMED)
        fail(text, "not UNSET, LAYOUT or MALFORMED");
    if ((r == ORTHO_ENV_LAYOUT) != (nset > 0))
        fail(text, "operations set without LAYOUT, or LAYOUT without any");
    if (blank && r != ORTHO_ENV_UNSET)
        fail(text, "blank, and not UNSET");
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        if (!set[op])
            continue;
        if (ortho_candidate_name(&cands[op], name, (int)sizeof name) != MPI_SUCCESS)
            fail(text, "a candidate set without a name");
        if (ortho_candidate_parse(name, &back) != MPI_SUCCESS || !same(&back, &cands[op]))
            fail(text, "a candidate's name parses to another candidate");
    }
    if (strpbrk(text, ",=") == NULL && size < 512) {
        int ok = ortho_candidate_parse(text, &one) == MPI_SUCCESS;
        if (ok != (r == ORTHO_ENV_LAYOUT) && !blank)
            fail(text, "one candidate: ORTHO_VARIANT and ortho_candidate_parse disagree");
        for (int op = 0; ok && op < ORTHO_OP_COUNT; op++)
            if (!set[op] || !same(&cands[op], &one))
                fail(text, "one candidate not set for every operation");
    }
    free(text);
    return 0;
}
