/* The choosers a program installs (ortho_set_candidate_chooser(),
 * ortho_set_layout_chooser()), ORTHO_PROFILE's selector in place of the
 * candidate chooser when none is installed. Process-wide state: read and written under the library's lock
 * (the callers of ortho__select_ask_choosers and ortho__select_layout hold
 * it). */
#include "select/select_private.h"

#include <string.h>

#include "common/lock.h"
#include "grid/grid_private.h"

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

int ortho_fixed_chooser(ortho_op op, int p, int node_size, double bytes, void *ctx,
                        ortho_candidate *cand)
{
    (void)op;
    (void)p;
    (void)node_size;
    (void)bytes;
    *cand = *(const ortho_candidate *)ctx;
    return 1;
}

int ortho_select_install(ortho_select_t sel)
{
    return ortho_set_candidate_chooser(sel != NULL ? ortho_select_chooser : NULL, sel);
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

int ortho__select_ask_choosers(ortho_op op, int p, int node_size, double bytes,
                               enum ortho__select_state select_state, const char *select_why,
                               ortho_candidate *cand, const char **why, int *measured)
{
    ortho_candidate c;
    char name[ORTHO_CANDIDATE_NAME_MAX];
    ortho_candidate_chooser fn = cand_chooser_fn;
    void *ctx = cand_chooser_ctx;
    if (fn == NULL && select_state == ORTHO__SELECT_NATIVE) {
        memset(cand, 0, sizeof *cand); /* ORTHO_PROFILE unusable: native */
        *why = select_why;
        *measured = 1; /* nothing is learned over a profile the processes disagree on */
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
    *measured = fn != ortho_select_chooser ||
                ((struct ortho_select *)ctx)->last_info.source == ORTHO_SELECT_DECISION;
    *why = ortho__select_reason(fn, ctx);
    if (*why == NULL)
        *why = "candidate chooser";
    return 1;
}

int ortho_set_layout_chooser(ortho_layout_chooser chooser, void *ctx)
{
    ortho__lock();
    chooser_fn = chooser;
    chooser_ctx = ctx;
    ortho__unlock();
    return MPI_SUCCESS;
}

int ortho__select_layout(ortho_op op, int p, double bytes, int *ndims, int dims[],
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
                return 1;
            }
        }
    }
    return 0;
}
