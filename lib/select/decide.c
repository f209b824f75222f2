/* What a drop-in call runs: the one entry of selection
 * (ortho__select_decide), with its per-communicator state.
 *
 * In this order: a setting that differs between the processes (native);
 * ORTHO_VARIANT, then ORTHO_GRID (overrides.c); the installed candidate
 * chooser, else a measured decision of ORTHO_PROFILE's selector
 * (choosers.c, profile_env.c, selector.c); the layout chooser; then
 * online selection (adapt.h; the drop-ins run it), or with ORTHO_ADAPT=0
 * the profile's model, else native. The answer is made concrete: a
 * variant that does not apply to the operation becomes "phases", a
 * default layout becomes the balanced 2D box (node-aware: nodes x node
 * size), fewer than 4 processes native. */
#include "select/select_private.h"

#include <stdio.h>
#include <string.h>

#include "common/errors.h"
#include "common/lock.h"
#include "grid/grid_private.h"
#include "select/adapt.h"

int ortho__select_comm_init(struct ortho__select_comm *s, MPI_Comm comm, const char *label)
{
    unsigned long long profile_hash = 0;
    memset(s, 0, sizeof *s);
    PMPI_Comm_size(comm, &s->size);
    PMPI_Comm_rank(comm, &s->rank);
    s->node_size = -1;
    s->label = label;
    ortho__select_read_overrides(s);
    s->profile = ortho__select_env_state(s->rank, &s->profile_why, &profile_hash);
    s->adapt = ortho__adapt_params(s->rank)->enabled;
    double start = PMPI_Wtime();
    s->differs = ortho__select_setting_differs(comm, profile_hash);
    s->digest_seconds = PMPI_Wtime() - start;
    if (s->differs != NULL) {
        snprintf(s->differs_why, sizeof s->differs_why, "%s differs between the processes",
                 s->differs);
        if (s->rank == 0)
            fprintf(stderr,
                    "ortho: %s differs between the processes of %s; the native MPI "
                    "collectives run on it\n",
                    s->differs, label);
    }
    return MPI_SUCCESS;
}

int ortho__select_node_size(struct ortho__select_comm *s, MPI_Comm comm)
{
    if (s->node_size < 0) {
        struct ortho__nodes *nodes = NULL;
        MPI_Errhandler saved;
        s->node_size = 0;
        ortho__errors_returned(comm, &saved);
        if (ortho__nodes_detect(comm, &nodes) == MPI_SUCCESS) {
            s->node_size = nodes->node_size;
            s->nodes_in_blocks = nodes->node_size > 0 && nodes->consecutive;
        }
        ortho__errors_restore(comm, &saved);
        ortho__nodes_free(&nodes);
    }
    return s->node_size;
}

/* The answer before it is made concrete; 1 when nothing decides and
 * online selection is on (then *c is native until it learns). */
static int ask(struct ortho__select_comm *s, MPI_Comm comm, ortho_op op, double bytes,
               ortho_candidate *c, const char **why)
{
    memset(c, 0, sizeof *c);
    if (s->differs != NULL) {
        *why = s->differs_why;
        return 0;
    }
    if (ortho__select_override(s, op, c, why))
        return 0;
    /* the node size costs collectives: only when someone will read it */
    int node_size = ortho__candidate_chooser_installed() || s->profile == ORTHO__SELECT_ACTIVE
                        ? ortho__select_node_size(s, comm)
                        : 0;
    int measured = 0, decided;
    /* the choosers and the profile's selector keep process-wide state */
    ortho__lock();
    decided = ortho__select_ask_choosers(op, s->size, node_size, bytes, s->profile,
                                         s->profile_why, c, why, &measured);
    if (!decided) {
        c->variant = ORTHO_VARIANT_PHASES;
        decided = ortho__select_layout(op, s->size, bytes, &c->ndims, c->dims, why);
        if (decided && c->ndims == 1)
            c->variant = ORTHO_VARIANT_NATIVE;
    }
    ortho__unlock();
    /* online selection: where no program's chooser and no measured
     * decision of the profile decided (the profile's model only ranks
     * what online selection explores) */
    if (s->adapt && !measured && (!decided || s->profile == ORTHO__SELECT_ACTIVE)) {
        memset(c, 0, sizeof *c);
        *why = "online selection";
        return 1;
    }
    if (!decided) {
        memset(c, 0, sizeof *c);
        *why = "no profile and ORTHO_ADAPT=0: native";
    }
    return 0;
}

int ortho__select_decide(struct ortho__select_comm *s, MPI_Comm comm, ortho_op op,
                         double bytes, ortho_candidate *c, const char **why)
{
    if (ask(s, comm, op, bytes, c, why))
        return 1;
    if (c->variant == ORTHO_VARIANT_NATIVE)
        return 0;
    if (!ortho_variant_valid(c->variant, op))
        c->variant = ORTHO_VARIANT_PHASES;
    if (c->node_aware && c->ndims < 2) {
        c->ndims = 2;
        c->dims[0] = c->dims[1] = 0;
    } else if (c->ndims == 0) {
        ortho__balanced_2d(s->size, c->dims);
        c->ndims = 2;
        if (c->dims[0] == 1) {
            memset(c, 0, sizeof *c);
            *why = "fewer than 4 processes: native";
        }
    }
    return 0;
}

int ortho__select_shortlist(struct ortho__select_comm *s, MPI_Comm comm, ortho_op op,
                            double bytes, const struct ortho__explore *const near[], int n_near,
                            ortho_candidate out[], double risk[])
{
    const struct ortho__adapt_params *params = ortho__adapt_params(s->rank);
    if (params->candidates <= 0 || s->size < 4)
        return 0;
    int node_size = ortho__select_node_size(s, comm);
    ortho__lock();
    ortho_select_t sel = s->profile == ORTHO__SELECT_ACTIVE ? ortho__select_env() : NULL;
    int n = ortho__adapt_shortlist(op, s->size, node_size, s->nodes_in_blocks, bytes,
                                   sel != NULL ? sel->prof : NULL,
                                   params, near, n_near, out, risk);
    ortho__unlock();
    return n;
}
