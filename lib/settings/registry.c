/* The one table of the ORTHO_* settings (ortho_settings.h). README.md's
 * settings table is printed from it (ortho-info --settings-markdown;
 * tests/test_settings_readme.sh keeps them equal), so a setting is
 * described here and nowhere else. ORTHO_ADAPT_CANDIDATES's upper bound
 * is ORTHO__ADAPT_MAX_CANDIDATES (select/adapt.h). */
#include "settings/settings_private.h"

#define BOOLEAN_WORDS "1/0, yes/no, true/false, on/off"

static const struct ortho__setting_def defs[ORTHO__SETTING_COUNT] = {
    [ORTHO__SETTING_VERBOSE] = {
        "ORTHO_VERBOSE", ORTHO_SETTING_BOOLEAN, 0, 1, 0, "0 (off)", BOOLEAN_WORDS,
        "Rank 0 of each communicator prints each decision once (operation, size class, "
        "what runs and why) and each class online selection locks."},
    [ORTHO__SETTING_GRID] = {
        "ORTHO_GRID", ORTHO_SETTING_LAYOUT, 0, 0, 0, "unset",
        "extents such as 8x12 or 4x4x6 (0: choose), or native",
        "Every operation runs the paper's phases on this layout, or native. A layout "
        "that does not hold the communicator's processes becomes an uneven grid."},
    [ORTHO__SETTING_VARIANT] = {
        "ORTHO_VARIANT", ORTHO_SETTING_CANDIDATES, 0, 0, 0, "unset",
        "a candidate (rsag:node) and/or op=candidate items, comma-separated",
        "The candidate every operation runs, or per operation "
        "(allgather=pipe:node,reduce=native); before ORTHO_GRID. A variant that does not "
        "apply to an operation runs phases."},
    [ORTHO__SETTING_PROFILE] = {
        "ORTHO_PROFILE", ORTHO_SETTING_PROFILE, 0, 0, 0, "unset", "a profile file",
        "The machine profile (ortho-fit, ortho-tune): its measured decisions, then its "
        "model. Missing or malformed: native, with one message."},
    [ORTHO__SETTING_SELECT_THRESHOLD] = {
        "ORTHO_SELECT_THRESHOLD", ORTHO_SETTING_FRACTION, 0, 0.99, 0.03, "0.03",
        "a number in [0, 0.99] (5% for 0.05)",
        "The profile's model replaces native only by a candidate predicted this much "
        "faster."},
    [ORTHO__SETTING_SELECT_EXTRAPOLATE] = {
        "ORTHO_SELECT_EXTRAPOLATE", ORTHO_SETTING_BOOLEAN, 0, 1, 0, "0 (off)", BOOLEAN_WORDS,
        "On: the profile's model also decides sizes outside the tuned range (off: "
        "native there)."},
    [ORTHO__SETTING_ADAPT] = {
        "ORTHO_ADAPT", ORTHO_SETTING_BOOLEAN, 0, 1, 1, "1 (on)", BOOLEAN_WORDS,
        "Online selection: size classes no setting or profile decides learn from the "
        "program's calls. Off: native (with a profile: its model)."},
    [ORTHO__SETTING_ADAPT_CANDIDATES] = {
        "ORTHO_ADAPT_CANDIDATES", ORTHO_SETTING_INTEGER, 0, 8, 3, "3", "an integer in [0, 8]",
        "Online selection explores at most this many candidates per class."},
    [ORTHO__SETTING_ADAPT_MARGIN] = {
        "ORTHO_ADAPT_MARGIN", ORTHO_SETTING_FRACTION, 0, 0.9, 0.05, "0.05",
        "a number in [0, 0.9] (5% for 0.05)",
        "Online selection keeps a candidate only when it is this much faster than native."},
    [ORTHO__SETTING_ADAPT_OVERHEAD] = {
        "ORTHO_ADAPT_OVERHEAD", ORTHO_SETTING_FRACTION, 0, 1, 0.01, "0.01",
        "a number in [0, 1] (5% for 0.05)",
        "Exploring may cost this fraction of the class's native time."},
    [ORTHO__SETTING_ADAPT_RECHECK] = {
        "ORTHO_ADAPT_RECHECK", ORTHO_SETTING_INTEGER, 0, 1e12, 10000, "10000",
        "an integer in [0, 1e+12]",
        "Calls before a locked candidate is checked against native again (then twice as "
        "many; 0: never)."},
    [ORTHO__SETTING_ADAPT_LAG] = {
        "ORTHO_ADAPT_LAG", ORTHO_SETTING_INTEGER, 0, 64, 3, "3", "an integer in [0, 64]",
        "Calls of a class that run on while online selection's agreement on its times "
        "completes (0: it blocks)."},
    [ORTHO__SETTING_PROFILE_SAVE] = {
        "ORTHO_PROFILE_SAVE", ORTHO_SETTING_OUTPUT, 0, 0, 0, "unset",
        "a file path in a writable folder",
        "At MPI_Finalize rank 0 writes what online selection learned as measured "
        "decisions, merged into ORTHO_PROFILE's profile."},
    [ORTHO__SETTING_MAX_COMMS] = {
        "ORTHO_MAX_COMMS", ORTHO_SETTING_INTEGER, 0, 1000000, 96, "96",
        "an integer in [0, 1000000]",
        "The grids of all communicators together hold at most this many MPI "
        "communicators; beyond, native."},
    [ORTHO__SETTING_REPORT] = {
        "ORTHO_REPORT", ORTHO_SETTING_REPORT, 0, 1, 0, "0 (off)",
        BOOLEAN_WORDS ", or a file path",
        "End-of-run report at MPI_Finalize (rank 0): per communicator size, operation and "
        "size class, the calls, what ran and the time. 1: on stderr; a path: into that "
        "file."},
};

const struct ortho__setting_def *ortho__setting_def(enum ortho__setting s)
{
    return &defs[s];
}
