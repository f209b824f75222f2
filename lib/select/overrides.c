/* The environment's overrides of what a call runs: ORTHO_VARIANT (a
 * candidate per operation) and ORTHO_GRID (a layout, or native), read
 * when a communicator is first met; a malformed value prints one message
 * on rank 0 (once per process) and gives native. */
#include "select/select_private.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/lock.h"

static int malformed_grid_reported;
static int malformed_variant_reported;

enum ortho_env_grid ortho__parse_variant_env(const char *text,
                                             ortho_candidate cands[ORTHO_OP_COUNT],
                                             int set[ORTHO_OP_COUNT])
{
    enum ortho_env_grid r = ORTHO_ENV_MALFORMED;
    char *buf = NULL, *save = NULL;
    int any = 0, all_set = 0, named[ORTHO_OP_COUNT] = {0};
    ortho_candidate all;
    for (int i = 0; i < ORTHO_OP_COUNT; i++)
        set[i] = 0;
    if (text == NULL)
        return ORTHO_ENV_UNSET;
    buf = malloc(strlen(text) + 1); /* any length: nine long items are legal */
    if (buf == NULL)
        goto fn_exit;
    strcpy(buf, text);
    for (char *item = strtok_r(buf, ",", &save); item != NULL;
         item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        ortho_candidate c;
        if (item[strspn(item, " \t\n\v\f\r")] == '\0')
            continue; /* a blank item: "native, " as "native,", " " as "" */
        if (eq == NULL) {
            if (all_set || ortho_candidate_parse(item, &all) != MPI_SUCCESS)
                goto fn_exit;
            all_set = 1;
            any = 1;
            continue;
        }
        *eq = '\0';
        char *name = item;
        while (isspace((unsigned char)*name))
            name++;
        size_t n = strlen(name);
        while (n > 0 && isspace((unsigned char)name[n - 1]))
            name[--n] = '\0';
        ortho_op op;
        if (ortho_op_from_word(name, &op) != MPI_SUCCESS || named[op] ||
            ortho_candidate_parse(eq + 1, &c) != MPI_SUCCESS)
            goto fn_exit;
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
    }
fn_exit:
    free(buf);
    return r;
}

void ortho__select_read_overrides(struct ortho__select_comm *s)
{
    ortho__lock();
    const char *text = getenv("ORTHO_GRID");
    s->env = ortho__parse_grid(text, &s->env_ndims, s->env_dims);
    snprintf(s->env_why, sizeof s->env_why, "ORTHO_GRID=%s", text != NULL ? text : "");
    if (s->env == ORTHO_ENV_MALFORMED && s->rank == 0 && !malformed_grid_reported) {
        fprintf(stderr,
                "ortho: ORTHO_GRID=\"%s\" is not a layout (examples: 8x12, 4x4x6, native); "
                "the native MPI collectives run instead\n",
                text);
        malformed_grid_reported = 1;
    }
    const char *vtext = getenv("ORTHO_VARIANT");
    s->venv = ortho__parse_variant_env(vtext, s->venv_cand, s->venv_set);
    snprintf(s->venv_why, sizeof s->venv_why, "ORTHO_VARIANT=%s", vtext != NULL ? vtext : "");
    if (s->venv == ORTHO_ENV_MALFORMED && s->rank == 0 && !malformed_variant_reported) {
        fprintf(stderr,
                "ortho: ORTHO_VARIANT=\"%s\" is not a candidate (examples: rsag:node, "
                "phases:8x16:cols, allgather=phases:node:cols,reduce=native); the native MPI "
                "collectives run instead\n",
                vtext);
        malformed_variant_reported = 1;
    }
    ortho__unlock();
}

int ortho__select_override(const struct ortho__select_comm *s, ortho_op op,
                           ortho_candidate *c, const char **why)
{
    memset(c, 0, sizeof *c);
    if (s->venv == ORTHO_ENV_MALFORMED) {
        *why = "ORTHO_VARIANT is malformed";
        return 1;
    }
    if (s->venv_set[op]) {
        *c = s->venv_cand[op];
        *why = s->venv_why;
        if (c->ndims == 0 && s->env == ORTHO_ENV_LAYOUT) {
            c->ndims = s->env_ndims;
            memcpy(c->dims, s->env_dims, (size_t)c->ndims * sizeof c->dims[0]);
        }
        return 1;
    }
    if (s->env == ORTHO_ENV_NATIVE || s->env == ORTHO_ENV_MALFORMED) {
        *why = s->env == ORTHO_ENV_NATIVE ? "ORTHO_GRID=native" : "ORTHO_GRID is malformed";
        return 1;
    }
    if (s->env == ORTHO_ENV_LAYOUT) {
        c->variant = ORTHO_VARIANT_PHASES;
        c->ndims = s->env_ndims;
        memcpy(c->dims, s->env_dims, (size_t)c->ndims * sizeof c->dims[0]);
        *why = s->env_why;
        return 1;
    }
    return 0;
}
