/* Selection: everything that decides what a drop-in call runs. Private.
 *
 *   decide.c       the one entry, ortho__select_decide(), and the state of
 *                  a communicator (settings read and agreed, node size)
 *   overrides.c    ORTHO_VARIANT and ORTHO_GRID, and the lines about them
 *                  when they do not apply to a communicator
 *   agree.c        the processes compare the settings that change what runs
 *   choosers.c     the program's choosers, the balanced default layout
 *   profile_env.c  ORTHO_PROFILE, read once per process
 *   selector.c     a profile's decisions and the model's ranking
 *                  (ortho_select.h)
 *   predict.c      a candidate's predicted time
 *
 * lib/select runs inside the drop-ins' calls, so it uses the model's
 * non-raising cores (model/model_private.h): a failed prediction is an
 * answer here ("not covered"), never an error raised. */
#ifndef ORTHO_SELECT_PRIVATE_H_INCLUDED
#define ORTHO_SELECT_PRIVATE_H_INCLUDED

#include <mpi.h>

#include "candidate/candidate_private.h"
#include "settings/settings_private.h"
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

/* ortho_select_predict() on nodes of node_size processes (0: unknown;
 * model/variants.h), without raising. */
int ortho__select_predict(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                          double bytes, const ortho_candidate *cand, double *seconds);

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

/* The profile read from ORTHO_PROFILE, or NULL (not set, or unusable). */
ortho_model_profile_t ortho__select_env_profile(void);

/* The reason of the last decision of chooser fn with context ctx, as a
 * text that lives as long as the process; NULL when fn is not
 * ortho_select_chooser. */
const char *ortho__select_reason(ortho_candidate_chooser fn, void *ctx);

/* Tests: forget what ORTHO_PROFILE gave (the selector is released). */
void ortho__select_env_reset(void);

/* ---- the state of a communicator, and the entry (decide.c) ---------------- */

struct ortho__select_comm {
    int size, rank;
    const char *label;                      /* names the communicator in messages */
    enum ortho_env_grid env;                /* ORTHO_GRID */
    int env_ndims;
    int env_dims[ORTHO_GRID_MAX_DIMS];
    char env_why[64];                       /* "ORTHO_GRID=8x12" */
    enum ortho_env_grid venv;               /* ORTHO_VARIANT */
    int venv_set[ORTHO_OP_COUNT];
    ortho_candidate venv_cand[ORTHO_OP_COUNT];
    char venv_why[192];                     /* "ORTHO_VARIANT=..." */
    enum ortho__select_state profile;       /* what ORTHO_PROFILE gives */
    const char *profile_why;
    const char *differs;                    /* a setting that differs between processes */
    char differs_why[96];
    int node_size;                          /* -1: not detected yet */
    int nodes_in_blocks;                    /* with node_size: node n holds ranks
                                               n * node_size .. (n + 1) * node_size - 1 */
    int adapt;                              /* ORTHO_ADAPT: online selection on */
    double digest_seconds;                  /* this process's time of the settings'
                                               comparison (an allreduce) [s] */
};

/* Reads the settings for comm and compares them over its processes (one
 * allreduce; rank 0 names a setting that differs, `label` naming comm).
 * Collective over comm. */
int ortho__select_comm_init(struct ortho__select_comm *s, MPI_Comm comm, const char *label);

/* What op with `bytes` (< 0: unknown) runs on comm: native (variant 0), or
 * a variant valid for op on a layout of 1 (one phase) or 2 or more
 * dimensions, node-aware or not; *why: a text that outlives the decision.
 * Returns 1 when online selection is to decide (adapt.h; *c native).
 * Collective over comm the first time a chooser or the profile needs the
 * node size. */
int ortho__select_decide(struct ortho__select_comm *s, MPI_Comm comm, ortho_op op,
                         double bytes, ortho_candidate *c, const char **why);

/* The candidates online selection explores for op at `bytes` on comm
 * (ortho__adapt_shortlist(), with the node size, ORTHO_PROFILE's model and
 * the measurements of neighbouring classes near[0..n_near)); returns how
 * many (0: native only). Collective over comm the first time the node
 * size is needed. */
struct ortho__explore;
int ortho__select_shortlist(struct ortho__select_comm *s, MPI_Comm comm, ortho_op op,
                            double bytes, const struct ortho__explore *const near[], int n_near,
                            ortho_candidate out[], double risk[]);

/* The processes per node of comm (ortho_comm_node_size()), detected once.
 * Collective over comm the first time. */
int ortho__select_node_size(struct ortho__select_comm *s, MPI_Comm comm);

/* ---- overrides.c ------------------------------------------------------------ */

/* Reads ORTHO_GRID and ORTHO_VARIANT into s (s->rank set). */
void ortho__select_read_overrides(struct ortho__select_comm *s);

/* 1 with the candidate ORTHO_VARIANT or ORTHO_GRID impose on op (native
 * when malformed), 0 when neither says anything. */
int ortho__select_override(const struct ortho__select_comm *s, ortho_op op,
                           ortho_candidate *c, const char **why);

/* ---- agree.c ---------------------------------------------------------------- */

/* The first setting that differs between the processes of comm, or NULL
 * (also when the comparison fails: every process sees that alike).
 * profile_hash: ortho__select_env_state()'s. Collective: one allreduce. */
const char *ortho__select_setting_differs(MPI_Comm comm, unsigned long long profile_hash);

/* ---- choosers.c (callers hold the library's lock) --------------------------- */

/* 1 when a chooser is installed (each takes the lock itself). */
int ortho__candidate_chooser_installed(void);
int ortho__layout_chooser_installed(void);

/* The candidate chooser's answer (1) or no decision (0); node_size as for
 * ortho_candidate_chooser. With no chooser installed, ORTHO_PROFILE's
 * selector decides when select_state says so. *why: a text that outlives
 * the decision; *measured: 0 when the answer is the profile's model (or
 * its "outside the tuned range"), which online selection replaces. */
int ortho__select_ask_choosers(ortho_op op, int p, int node_size, double bytes,
                               enum ortho__select_state select_state, const char *select_why,
                               ortho_candidate *cand, const char **why, int *measured);

/* 1 with the layout chooser's layout for op on p processes (ndims 1
 * means native), 0 when there is none or it did not decide. why: a
 * static text. */
int ortho__select_layout(ortho_op op, int p, double bytes, int *ndims, int dims[],
                         const char **why);

#endif /* ORTHO_SELECT_PRIVATE_H_INCLUDED */
