/* The environment's overrides of what a call runs: ORTHO_VARIANT (a
 * candidate per operation) and ORTHO_GRID (a layout, or native), read
 * when a communicator is first met; a malformed value prints one message
 * on rank 0 (once per process) and gives native. A value that does not
 * apply to a communicator (a variant not made for the operation, a
 * layout whose grid is not that layout on its processes) prints one line
 * on its rank 0, once per communicator size, with what runs instead. */
#include "select/select_private.h"

#include <stdio.h>
#include <string.h>

#include "grid/grid_private.h"
#include "settings/settings_private.h"

void ortho__select_read_overrides(struct ortho__select_comm *s)
{
    char why[512];
    const char *text = ortho__setting_text(ORTHO__SETTING_GRID);
    s->env = ortho__parse_grid(text, &s->env_ndims, s->env_dims);
    snprintf(s->env_why, sizeof s->env_why, "ORTHO_GRID=%s", text != NULL ? text : "");
    if (s->env == ORTHO_ENV_MALFORMED) {
        ortho__setting_check(ORTHO__SETTING_GRID, text, why, sizeof why);
        ortho__setting_invalid(ORTHO__SETTING_GRID, s->rank, text, why,
                               "the native MPI collectives run instead");
    }
    const char *vtext = ortho__setting_text(ORTHO__SETTING_VARIANT);
    s->venv = ortho__parse_variant_env_why(vtext, s->venv_cand, s->venv_set, why, sizeof why);
    snprintf(s->venv_why, sizeof s->venv_why, "ORTHO_VARIANT=%s", vtext != NULL ? vtext : "");
    if (s->venv == ORTHO_ENV_MALFORMED)
        ortho__setting_invalid(ORTHO__SETTING_VARIANT, s->rank, vtext, why,
                               "the native MPI collectives run instead");
}

/* "5x12" */
static void dims_text(int ndims, const int dims[], char *text, size_t len)
{
    int at = 0;
    text[0] = '\0';
    for (int d = 0; d < ndims && at < (int)len; d++)
        at += snprintf(text + at, len - (size_t)at, "%s%d", d ? "x" : "", dims[d]);
}

/* One line, once per communicator size, when the grid that layout c (of
 * `setting`) makes on s->size processes is not the layout: one row or
 * rows of one process (one phase: native), or a first extent recomputed
 * because the layout does not have s->size places. A layout the grid
 * keeps (a short last row) is no news: ORTHO_VERBOSE shows it. */
static void layout_notice(const struct ortho__select_comm *s, enum ortho__setting setting,
                          const ortho_candidate *c)
{
    int dims[ORTHO_GRID_MAX_DIMS], nrows = 0, last = 0, changed = 0, zeros = 0;
    long long places = 1;
    char asked[96], made[96], uneven[64] = "";
    if (s->rank != 0 || c->node_aware || c->ndims < 1 ||
        ortho__grid_box(s->size, c->ndims, c->dims, dims, &nrows, &last) != MPI_SUCCESS)
        return;
    for (int d = 0; d < c->ndims; d++) {
        changed |= c->dims[d] != 0 && c->dims[d] != dims[d];
        zeros |= c->dims[d] == 0;
        places *= c->dims[d];
    }
    int flat = nrows == 1 || dims[c->ndims - 1] == 1;
    dims_text(c->ndims, c->dims, asked, sizeof asked);
    if ((!flat && !changed) || !ortho__setting_first_notice(setting, s->size, asked))
        return;
    dims_text(c->ndims, dims, made, sizeof made);
    const char *name = ortho__setting_def(setting)->name, *text = ortho__setting_text(setting);
    fprintf(stderr, "ortho: %s=\"%s\" on %s (%d processes): ", name, text, s->label, s->size);
    if (flat) {
        fprintf(stderr, "layout %s makes grid %s, %s: one phase, so the native MPI "
                        "collectives run\n", asked, made,
                c->ndims == 1 ? "one extent" : nrows == 1 ? "one row" : "rows of one process");
        return;
    }
    if (last != dims[c->ndims - 1])
        snprintf(uneven, sizeof uneven, " (uneven: last row %d of %d)", last,
                 dims[c->ndims - 1]);
    if (zeros)
        fprintf(stderr, "layout %s gives grid %s%s\n", asked, made, uneven);
    else
        fprintf(stderr, "layout %s has %lld places for %d processes; grid %s%s runs instead\n",
                asked, places, s->size, made, uneven);
}

/* One line, once per communicator size and operation, when ORTHO_VARIANT
 * forces on op a variant that does not apply to it. */
static void variant_notice(const struct ortho__select_comm *s, ortho_op op,
                           const ortho_candidate *c)
{
    if (s->rank != 0 || ortho_variant_valid(c->variant, op) ||
        !ortho__setting_first_notice(ORTHO__SETTING_VARIANT, s->size, ortho_op_word(op)))
        return;
    fprintf(stderr, "ortho: ORTHO_VARIANT=\"%s\" on %s (%d processes): %s does not apply to "
                    "%s; phases runs instead\n", ortho__setting_text(ORTHO__SETTING_VARIANT),
            s->label, s->size, ortho_variant_name(c->variant), ortho_op_word(op));
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
        variant_notice(s, op, c);
        if (c->ndims == 0 && s->env == ORTHO_ENV_LAYOUT) {
            c->ndims = s->env_ndims;
            memcpy(c->dims, s->env_dims, (size_t)c->ndims * sizeof c->dims[0]);
            if (c->variant != ORTHO_VARIANT_NATIVE)
                layout_notice(s, ORTHO__SETTING_GRID, c);
        } else if (c->variant != ORTHO_VARIANT_NATIVE) {
            layout_notice(s, ORTHO__SETTING_VARIANT, c);
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
        layout_notice(s, ORTHO__SETTING_GRID, c);
        return 1;
    }
    return 0;
}
