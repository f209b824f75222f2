/* The processes of a communicator agree on the settings that change what
 * runs: one allreduce of a hash of each, when the communicator is first
 * met. A setting that differs gives native everywhere on it (a hang
 * otherwise: the processes would run different algorithms). */
#include "select/select_private.h"

#include "select/adapt.h"

enum {
    SET_GRID,
    SET_VARIANT,
    SET_PROFILE,
    SET_THRESHOLD,
    SET_EXTRAPOLATE,
    SET_CANDIDATE_CHOOSER,
    SET_LAYOUT_CHOOSER,
    SET_MAX_COMMS,
    SET_ADAPT,
    SETTINGS
};

static const char *const setting_names[SETTINGS] = {
    "ORTHO_GRID", "ORTHO_VARIANT", "ORTHO_PROFILE", "ORTHO_SELECT_THRESHOLD",
    "ORTHO_SELECT_EXTRAPOLATE", "ortho_set_candidate_chooser()", "ortho_set_layout_chooser()",
    "ORTHO_MAX_COMMS", "ORTHO_ADAPT or one of its settings",
};

static unsigned long long text_hash(const char *text)
{
    unsigned long long h = 1469598103934665603ULL; /* FNV-1a; unset and "" alike */
    for (const char *c = text != NULL ? text : ""; *c != '\0'; c++) {
        h ^= (unsigned char)*c;
        h *= 1099511628211ULL;
    }
    return h;
}

const char *ortho__select_setting_differs(MPI_Comm comm, unsigned long long profile_hash)
{
    unsigned long long mine[2 * SETTINGS], all[2 * SETTINGS];
    mine[SET_GRID] = text_hash(ortho__setting_text(ORTHO__SETTING_GRID));
    mine[SET_VARIANT] = text_hash(ortho__setting_text(ORTHO__SETTING_VARIANT));
    mine[SET_PROFILE] = profile_hash;
    mine[SET_THRESHOLD] = text_hash(ortho__setting_text(ORTHO__SETTING_SELECT_THRESHOLD));
    mine[SET_EXTRAPOLATE] = text_hash(ortho__setting_text(ORTHO__SETTING_SELECT_EXTRAPOLATE));
    mine[SET_CANDIDATE_CHOOSER] = (unsigned long long)ortho__candidate_chooser_installed();
    mine[SET_LAYOUT_CHOOSER] = (unsigned long long)ortho__layout_chooser_installed();
    mine[SET_MAX_COMMS] = text_hash(ortho__setting_text(ORTHO__SETTING_MAX_COMMS));
    char adapt[512];
    ortho__adapt_settings_text(adapt, (int)sizeof adapt);
    mine[SET_ADAPT] = text_hash(adapt);
    for (int i = 0; i < SETTINGS; i++)
        mine[SETTINGS + i] = ~mine[i];
    /* equal everywhere when max(h) = min(h) = ~max(~h) */
    if (PMPI_Allreduce(mine, all, 2 * SETTINGS, MPI_UNSIGNED_LONG_LONG, MPI_MAX, comm) !=
        MPI_SUCCESS)
        return "the comparison of the settings (MPI failed)";
    for (int i = 0; i < SETTINGS; i++)
        if (all[i] != ~all[SETTINGS + i])
            return setting_names[i];
    return NULL;
}
