/* The parser of ORTHO_VARIANT's list: one candidate for every operation
 * and/or op=candidate items, comma-separated; a malformed list says which
 * item is wrong (an unknown operation, one named twice, a name that is
 * not a candidate). */
#include "settings/settings_private.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXAMPLES                                                                          \
    "(examples: rsag:node, phases:8x16:cols, allgather=pipe:node,reduce=native, "          \
    "bcast=chain:seg=8K)"

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

enum ortho_env_grid ortho__parse_variant_env_why(const char *text,
                                                 ortho_candidate cands[ORTHO_OP_COUNT],
                                                 int set[ORTHO_OP_COUNT], char *why, size_t len)
{
    enum ortho_env_grid r = ORTHO_ENV_MALFORMED;
    char *buf = NULL, *save = NULL, all_name[64] = "", w[512] = "";
    int any = 0, all_set = 0, named[ORTHO_OP_COUNT] = {0};
    ortho_candidate all;
    for (int i = 0; i < ORTHO_OP_COUNT; i++)
        set[i] = 0;
    if (text == NULL)
        return ORTHO_ENV_UNSET;
    buf = malloc(strlen(text) + 1); /* any length: nine long items are legal */
    if (buf == NULL) {
        snprintf(w, sizeof w, "cannot be read (out of memory)");
        goto fn_exit;
    }
    strcpy(buf, text);
    for (char *item = strtok_r(buf, ",", &save); item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        /* "op=candidate": the first '=' before any ':' (a candidate's own
         * "seg=" comes after its variant and a ':') */
        char *eq = strchr(item, '='), *colon = strchr(item, ':');
        if (eq != NULL && colon != NULL && colon < eq)
            eq = NULL;
        ortho_candidate c;
        item = trim(item);
        if (item[0] == '\0')
            continue; /* a blank item: "native, " as "native,", " " as "" */
        if (eq == NULL) {
            if (all_set) {
                snprintf(w, sizeof w, "names two candidates for every operation (%s and %s)",
                         all_name, item);
                goto fn_exit;
            }
            if (ortho_candidate_parse(item, &all) != MPI_SUCCESS) {
                snprintf(w, sizeof w,
                         "is not a candidate list: \"%s\" is not a candidate " EXAMPLES, item);
                goto fn_exit;
            }
            snprintf(all_name, sizeof all_name, "%s", item);
            all_set = 1;
            any = 1;
            continue;
        }
        *eq = '\0';
        char *name = trim(item);
        ortho_op op;
        if (ortho_op_from_word(name, &op) != MPI_SUCCESS) {
            snprintf(w, sizeof w, "is not a candidate list: \"%s\" is not an operation (bcast, "
                     "reduce, allreduce, gather, scatter, allgather, allgatherv, gatherv, "
                     "scatterv)", name);
            goto fn_exit;
        }
        if (named[op]) {
            snprintf(w, sizeof w, "names %s twice", name);
            goto fn_exit;
        }
        if (ortho_candidate_parse(eq + 1, &c) != MPI_SUCCESS) {
            snprintf(w, sizeof w,
                     "is not a candidate list: \"%s\" is not a candidate for %s " EXAMPLES,
                     trim(eq + 1), name);
            goto fn_exit;
        }
        named[op] = 1;
        cands[op] = c;
        any = 1;
    }
    for (int op = 0; op < ORTHO_OP_COUNT; op++) {
        if (!named[op] && all_set)
            cands[op] = all;
        set[op] = named[op] || all_set;
    }
    r = ORTHO_ENV_LAYOUT;
    if (!any) {
        /* only spaces and commas: unset when blank */
        r = ORTHO_ENV_UNSET;
        for (const char *t = text; *t; t++)
            if (!isspace((unsigned char)*t))
                r = ORTHO_ENV_MALFORMED;
        if (r == ORTHO_ENV_MALFORMED)
            snprintf(w, sizeof w, "names no candidate " EXAMPLES);
    }
fn_exit:
    free(buf);
    if (why != NULL && len > 0)
        snprintf(why, len, "%s", r == ORTHO_ENV_MALFORMED ? w : "");
    return r;
}

enum ortho_env_grid ortho__parse_variant_env(const char *text,
                                             ortho_candidate cands[ORTHO_OP_COUNT],
                                             int set[ORTHO_OP_COUNT])
{
    return ortho__parse_variant_env_why(text, cands, set, NULL, 0);
}
