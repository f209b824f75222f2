/* The selection module (ortho_select.h): decision tables compiled from a
 * profile, selection by model, and the chooser that the drop-in functions
 * install from ORTHO_PROFILE. Private.
 *
 * lib/select runs inside the drop-ins' calls, so it uses the model's
 * non-raising cores (model/model_private.h): a failed prediction is an
 * answer here ("not covered"), never an error raised on MPI_COMM_SELF. */
#ifndef ORTHO_SELECT_PRIVATE_H_INCLUDED
#define ORTHO_SELECT_PRIVATE_H_INCLUDED

#include <mpi.h>

#include "ortho_select.h"

/* One compiled interval: [lo, hi) -> candidate; index into the profile's
 * decisions. */
struct ortho__interval {
    double lo, hi;
    ortho_candidate cand;
    int index;
};

/* The intervals of one (op, p), sorted. */
struct ortho__group {
    int op, p;
    int first, n;
};

struct ortho_select {
    ortho_model_profile_t prof;
    ortho_select_opts opts;
    char label[256];
    struct ortho__group *groups;        /* sorted by (op, p) */
    int ngroups;
    int op_first[ORTHO_OP_COUNT + 1];   /* groups of op: [op_first[op], op_first[op + 1]) */
    struct ortho__interval *iv;
    int niv;
    /* The last answer of ortho_select_chooser(), for the drop-ins' reasons. */
    ortho_op last_op;
    int last_p;
    ortho_select_info last_info;
};

/* The decision covering (op, p, bytes): its interval, or NULL. */
const struct ortho__interval *ortho__select_lookup(const struct ortho_select *sel, ortho_op op,
                                                   int p, double bytes);

/* ortho_select_predict() without raising. */
int ortho__select_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                          const ortho_candidate *cand, double *seconds);

/* ---- env.c: ORTHO_PROFILE for the drop-in functions ---------------------- */

/* What ORTHO_PROFILE gives a communicator. */
enum ortho__select_state {
    ORTHO__SELECT_UNSET = 0,   /* not set: nothing to do */
    ORTHO__SELECT_ACTIVE,      /* read alike on every process: its chooser decides */
    ORTHO__SELECT_NATIVE       /* missing, malformed, or different between processes: native */
};

/* Reads ORTHO_PROFILE once per process (the first time it is called,
 * under the library's lock): its state, *why (for ORTHO__SELECT_NATIVE, a
 * text that lives as long as the process) and *hash, a hash of the bytes
 * read (0 when ORTHO_PROFILE is not set), which the drop-ins compare over
 * each communicator. Not collective. Prints one message on a process of
 * rank 0 when the profile cannot be used. */
enum ortho__select_state ortho__select_env_state(int rank, const char **why,
                                                unsigned long long *hash);

/* The selector read from ORTHO_PROFILE, or NULL (not set, or unusable). */
ortho_select_t ortho__select_env(void);

/* The reason of the last decision of chooser fn with context ctx, as a
 * text that lives as long as the process; NULL when fn is not
 * ortho_select_chooser. */
const char *ortho__select_reason(ortho_candidate_chooser fn, void *ctx);

/* Tests: forget what ORTHO_PROFILE gave (the selector is released). */
void ortho__select_env_reset(void);

#endif /* ORTHO_SELECT_PRIVATE_H_INCLUDED */
