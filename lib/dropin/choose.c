/* Where a drop-in layout comes from: ORTHO_GRID, the layout chooser, the
 * balanced default. */
#include "dropin/dropin_private.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/lock.h"
#include "grid/grid_private.h"
#include "select/select_private.h"

/* The installed choosers: process-wide, like MPI's own settings. */
static ortho_layout_chooser chooser_fn;
static void *chooser_ctx;
static ortho_candidate_chooser cand_chooser_fn;
static void *cand_chooser_ctx;

int ortho_set_candidate_chooser(ortho_candidate_chooser chooser, void *ctx)
{
    ortho__lock();
    cand_chooser_fn = chooser;
    cand_chooser_ctx = ctx;
    ortho__unlock();
    return MPI_SUCCESS;
}

int ortho__candidate_chooser_installed(void)
{
    ortho__lock();
    int installed = cand_chooser_fn != NULL;
    ortho__unlock();
    return installed;
}

int ortho__layout_chooser_installed(void)
{
    ortho__lock();
    int installed = chooser_fn != NULL;
    ortho__unlock();
    return installed;
}

int ortho__choose_candidate(ortho_op op, int p, int node_size, double bytes, int select_state,
                            const char *select_why, ortho_candidate *cand, const char **why)
{
    ortho_candidate c;
    char name[ORTHO_CANDIDATE_NAME_MAX];
    ortho_candidate_chooser fn = cand_chooser_fn;
    void *ctx = cand_chooser_ctx;
    if (fn == NULL && select_state == ORTHO__SELECT_NATIVE) {
        memset(cand, 0, sizeof *cand); /* ORTHO_PROFILE unusable: native */
        *why = select_why;
        return 1;
    }
    if (fn == NULL && select_state == ORTHO__SELECT_ACTIVE) {
        fn = ortho_select_chooser; /* ORTHO_PROFILE */
        ctx = ortho__select_env();
    }
    if (fn == NULL)
        return 0;
    memset(&c, 0, sizeof c);
    if (fn(op, p, node_size, bytes, ctx, &c) != 1 ||
        ortho_candidate_name(&c, name, (int)sizeof name) != MPI_SUCCESS)
        return 0;
    *cand = c;
    *why = ortho__select_reason(fn, ctx);
    if (*why == NULL)
        *why = "candidate chooser";
    return 1;
}

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

int ortho_set_layout_chooser(ortho_layout_chooser chooser, void *ctx)
{
    ortho__lock();
    chooser_fn = chooser;
    chooser_ctx = ctx;
    ortho__unlock();
    return MPI_SUCCESS;
}


void ortho__choose_layout(ortho_op op, int p, double bytes, int *ndims, int dims[],
                          const char **why)
{
    if (chooser_fn != NULL) {
        int n = 0, d[ORTHO_GRID_MAX_DIMS] = {0};
        if (chooser_fn(op, p, bytes, chooser_ctx, &n, d) == 1 && n >= 1 &&
            n <= ORTHO_GRID_MAX_DIMS) {
            int ok = 1;
            for (int i = 0; i < n; i++)
                ok &= d[i] >= 0;
            if (ok) {
                *ndims = n;
                memcpy(dims, d, (size_t)n * sizeof d[0]);
                *why = "layout chooser";
                return;
            }
        }
    }
    ortho__balanced_2d(p, dims);
    if (dims[0] == 1) {
        *ndims = 1;
        dims[0] = p;
        *why = "balanced default: fewer than 4 processes";
        return;
    }
    *ndims = 2;
    *why = "balanced default";
}

void ortho__size_class_text(int size_class, char *text, size_t len)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (size_class == 0) {
        snprintf(text, len, "any size (only the root knows the counts)");
        return;
    }
    if (size_class == 1) {
        snprintf(text, len, "0 B");
        return;
    }
    int k = size_class - 2; /* [2^k, 2^(k+1)) bytes */
    snprintf(text, len, "[%d %s, %d %s)", 1 << (k % 10), units[k / 10], 1 << ((k + 1) % 10),
             units[(k + 1) / 10]);
}
