/* Online selection: what the drop-ins run for a size class they have no
 * decision for, learned from the application's own calls. Private.
 *
 *   explore.c   the exploration of one (communicator, operation, size
 *               class): pure computation, no MPI; the decisions are a
 *               function of agreed times only
 *   adapt.c     its settings (ORTHO_ADAPT*), the short list of candidates,
 *               the clock, the agreement of times over a communicator, the
 *               report
 *   learned.c   what was learned, kept per process and written at
 *               MPI_Finalize (ORTHO_PROFILE_SAVE)
 *
 * The life of a class: its first calls run native, timed (the probe),
 * the times agreed only once the class has earned its first measurement;
 * the short list is made (collectively: the node detection) once the
 * budget pays for a first candidate; then, as the budget allows, each
 * candidate of the short list
 * runs once, timed, and its time is agreed at once (a candidate far slower
 * than native stops there), then the rest of its samples run in one batch
 * agreed at its end; between exploring calls the fastest candidate found
 * so far runs. When every candidate is measured the class locks to the
 * fastest one that beats native by the margin, else to native; a winner
 * is confirmed back to back (a few batches of its own calls in a row,
 * each followed by native's and compared with it), else the class goes
 * back to native. A locked
 * candidate is checked again against native after `recheck` calls (then
 * twice as many, and so on).
 *
 * A time is agreed by one PMPI_Allreduce (MPI_MAX) over the communicator
 * of the local times of a batch: a collective costs what its slowest
 * process saw. Every process keeps the same state, as it only changes
 * with agreed data and with the count of calls in the class. */
#ifndef ORTHO_SELECT_ADAPT_H_INCLUDED
#define ORTHO_SELECT_ADAPT_H_INCLUDED

#include <mpi.h>

#include "ortho_candidate.h"

/* Consecutive calls timed together to measure native or a candidate
 * (after a candidate's single first call). Their estimate is the slowest
 * process's total over the batch divided by its calls: back to back, an
 * algorithm also pays for the skew it leaves between the processes, which
 * the time of one call started in step (right after an agreement) hides:
 * under SMPI, rsag on 16x8 processes costs 55 us per 100 KB allreduce
 * started in step and 108 us back to back, where native costs 65 us
 * either way. The first call of a class is not timed (first-call set-up
 * in MPI would make native look slower than it is). */
#define ORTHO__ADAPT_SAMPLES 3
/* The most candidates explored per class, native not counted. */
#define ORTHO__ADAPT_MAX_CANDIDATES 8

/* The settings, alike on every process (agreed with the others). */
struct ortho__adapt_params {
    int enabled;          /* ORTHO_ADAPT (default 1) */
    int candidates;       /* ORTHO_ADAPT_CANDIDATES: at most this many explored (3) */
    double margin;        /* ORTHO_ADAPT_MARGIN: a candidate must be this much faster (0.05) */
    double overhead;      /* ORTHO_ADAPT_OVERHEAD: exploring may cost this fraction of the
                             native time of the class's calls (0.01) */
    long recheck;         /* ORTHO_ADAPT_RECHECK: calls before a locked candidate is checked
                             again (10000; 0: never) */
    long lag;             /* ORTHO_ADAPT_LAG: calls that run while an agreement completes
                             (0: it completes at once) */
    long watch;           /* after a lock to a candidate, every call is timed and the first
                             ORTHO__ADAPT_WATCH calls' total agreed, then twice as many, ...:
                             a candidate not faster than native over them goes (0: never) */
    double far;           /* one sample this many times native stops a candidate (1.5) */
    double prior_risk;    /* an unmeasured candidate is assumed to cost this many native
                             times more (1.0) */
};

/* ---- explore.c --------------------------------------------------------- */

enum ortho__arm_state {
    ORTHO__ARM_UNTRIED = 0,
    ORTHO__ARM_SAMPLING,   /* measured once, more samples to come */
    ORTHO__ARM_DONE,       /* measured */
    ORTHO__ARM_SLOW,       /* stopped after one sample, far slower than native */
    ORTHO__ARM_DROPPED     /* could not run (no room for its grid) */
};

struct ortho__arm {
    ortho_candidate cand;      /* arm 0: native */
    enum ortho__arm_state state;
    int nsamples;              /* timed calls */
    double best;               /* the agreed time per call [s]: the batch's mean, or the
                                  first call's until the batch is measured */
    double risk;               /* excess of one sample assumed before it is measured,
                                  in native times */
};

enum ortho__explore_phase {
    ORTHO__EXPLORE_PROBE = 0,  /* native: one call untimed, then a batch timed */
    ORTHO__EXPLORE_RUN,        /* candidates measured as the budget allows */
    ORTHO__EXPLORE_CONFIRM,    /* the winner, back to back: batches timed */
    ORTHO__EXPLORE_LOCKED,
    ORTHO__EXPLORE_RECHECK     /* native then the locked candidate, timed */
};

/* The winner is confirmed over this many batches, each agreed: its
 * ORTHO__ADAPT_SAMPLES + 1 calls back to back, then as many native calls
 * as the probe had, the class going back to native at the first batch
 * whose candidate is not faster than the batch's own native by the
 * margin. Back to back: measured in step (after an agreement), rsag on
 * 16x8 processes cost 52 us per 100 KB allreduce under SMPI, but the skew
 * it leaves grows call after call to 105-117 us back to back (native: 65
 * us). Native again in each batch: on a real machine the probe's three
 * calls can be slow by chance (one 1 MiB allreduce on 16 processes of one
 * machine probed native at 1.21 ms, 1.05 ms and 0.94 ms in three runs),
 * and against a slow probe a candidate that is not faster passes; the
 * watch then compared it with the same probe. */
#define ORTHO__ADAPT_CONFIRM_BATCHES 3

/* The first window of the watch after a lock (params.watch), in calls.
 * Short batches can flatter a candidate: under SimGrid (star, 16
 * processes, 100 KB allreduce) rsag:4x4:rows confirmed at 29 ms per call
 * in batches of 4, but ran 49.6 ms per call over 1000 calls against
 * native's 34.7. Windows that double cost log2(calls / 16) agreements. */
#define ORTHO__ADAPT_WATCH 16

/* What one call runs. */
struct ortho__explore_step {
    int arm;      /* index into arm[] */
    int timed;    /* 1: time it and hand the time to ortho__explore_timed() */
    int agree;    /* 1: after this call, agree the pending times */
};

enum {
    ORTHO__EXPLORE_PENDING_MAX = 2 * ORTHO__ADAPT_SAMPLES + 1,
    ORTHO__EXPLORE_AGREE_MAX = 6
};

struct ortho__explore {
    struct ortho__adapt_params params;
    int narms;
    struct ortho__arm arm[1 + ORTHO__ADAPT_MAX_CANDIDATES];
    int awaiting_list;     /* the candidates are not known yet */
    enum ortho__explore_phase phase;
    int sampling;          /* RUN: the arm whose first sample or batch is measured, or -1 */
    int warmed;            /* RUN: the arm the last call ran untimed to measure it next (0:
                              none) */
    int warm_charge;       /* RUN: the measurement under way had a warming call */
    int best_arm;          /* fastest arm beating native by the margin so far (0: native) */
    int locked;            /* LOCKED: the arm that runs */
    int npending;          /* local times waiting for agreement */
    double pending[ORTHO__EXPLORE_PENDING_MAX];
    long calls;            /* calls of the class */
    long timed_calls;      /* calls timed (probe, exploration, rechecks) */
    long agreements;
    long next_recheck;     /* call count of the next recheck (0: none) */
    int confirmed;         /* CONFIRM: batches that passed */
    double confirm_native; /* CONFIRM: the agreed native time of the batches so far [s] */
    int confirm_native_n;  /* ... over this many calls */
    long recheck_every;
    long watch_next;       /* LOCKED to a candidate: call count of the watch's next
                              agreement (0: not watching) */
    long watch_every;      /* the watch's current window [calls] */
    long watch_n;          /* calls timed in the current window */
    double watch_sum;      /* their local times [s] */
    double native;         /* native's agreed time [s] */
    double credit;         /* what exploring may still cost [s] */
    double excess;         /* what timed calls cost over native, agreements included [s] */
    double agree_cost;     /* an agreement's cost: the slowest process's time of the
                              previous one [s] */
    double local_agreement; /* this process's time of its previous agreement (before the
                               first: of the settings' comparison) [s]: not agreed, only
                               handed to the next agreement */
    double since;          /* local time of the class's first call [s], set by the caller */
    double span;           /* PROBE: this process's time from the class's first call to
                              the probe's agreement [s], set before it */
    int in_flight;         /* an agreement is started, not yet completed */
    long apply_at;         /* the call before which it is completed */
    const char *why;       /* why the class is in its state (static text) */
};

/* Starts the exploration of a class whose candidates come later
 * (ortho__explore_candidates(), once e->awaiting_list and the probe's
 * times are agreed: a class that never earns a measurement never pays
 * for its short list). Not collective. */
void ortho__explore_begin(struct ortho__explore *e, const struct ortho__adapt_params *params);

/* The candidates: native and cands[0..n) (n is cut to
 * ORTHO__ADAPT_MAX_CANDIDATES), risk[i] the assumed excess of cands[i] in
 * native times (NULL: params->prior_risk each); none: native for good.
 * Alike on every process given alike arguments. */
void ortho__explore_candidates(struct ortho__explore *e, const ortho_candidate cands[],
                               const double risk[], int n);

/* ortho__explore_begin() and ortho__explore_candidates() at once. */
void ortho__explore_init(struct ortho__explore *e, const struct ortho__adapt_params *params,
                         const ortho_candidate cands[], const double risk[], int n);

/* Whether the short list must be given (ortho__explore_candidates())
 * before the next call: native is measured and the budget pays for a
 * first candidate. Until then the class runs native and makes nothing
 * collective (the list's node detection costs about half an agreement). */
int ortho__explore_list_due(const struct ortho__explore *e);

/* What the next call of the class runs. */
struct ortho__explore_step ortho__explore_next(struct ortho__explore *e);

/* The local time of the last step's call, when it was timed. */
void ortho__explore_timed(struct ortho__explore *e, double seconds);

/* What this process contributes to an agreement, into out[] (room for
 * ORTHO__EXPLORE_AGREE_MAX): the sum of the pending local times of each
 * batch (two in a recheck: native's, the candidate's; else one), in the
 * probe's agreement e->span and -e->span (their maxima: the greatest span
 * and minus the least, whose difference is how far the quickest process
 * ran ahead of the slowest), this process's time of the previous
 * agreement (the maximum: the slowest process's), and 1 when one of its
 * calls since then failed, else 0. Returns how many values. */
int ortho__explore_to_agree(const struct ortho__explore *e, double last_agreement, int failed,
                            double out[]);

/* The agreement whose values ortho__explore_to_agree() gave is started
 * without blocking (PMPI_Iallreduce) after the call that ends a
 * measurement; the next params.lag calls of the class run what ran
 * before, untimed, and it is completed before the call after them, on
 * every process alike. A blocking agreement stops the processes that ran
 * ahead (a root's eager broadcasts) until the last one catches up, and
 * the calls after it start from an empty pipeline (under SMPI,
 * multi-core, 48 processes, mpich selector, 1000 back-to-back 10 KB
 * broadcasts lost 3.2% to their class's exploring, the agreements and
 * the collectives of a short list and a grid; docs/selection.md). */
void ortho__explore_agree_started(struct ortho__explore *e);

/* Whether the agreement in flight must be completed (and
 * ortho__explore_agreed() called) before the next call (with lag 0: at
 * once, after the call that started it). */
int ortho__explore_agree_due(const struct ortho__explore *e);

/* The maximum over the processes of their ortho__explore_to_agree()
 * values (or, when the agreement itself failed, a vector whose "failed"
 * entry is 1: the class then runs native). */
void ortho__explore_agreed(struct ortho__explore *e, const double agreed[]);

/* The arm of the last step could not run (no room for its grid, agreed
 * over the communicator): it is dropped. */
void ortho__explore_drop(struct ortho__explore *e, int arm);

/* The agreed time of arm a relative to native (0: not measured). */
double ortho__explore_ratio(const struct ortho__explore *e, int a);

/* ---- adapt.c ----------------------------------------------------------- */

/* The settings, read once per process (the first call; under the
 * library's lock). A value that cannot be read keeps its default, with
 * one message on stderr where rank is 0. */
const struct ortho__adapt_params *ortho__adapt_params(int rank);

/* The text of every ORTHO_ADAPT* variable, for the settings' agreement. */
void ortho__adapt_settings_text(char *text, int len);

/* The candidates to explore for op on p processes at `bytes`, best first,
 * at most params->candidates, with the excess each is assumed to cost
 * (risk[], in native times). The model ranks them where `prof` predicts
 * (candidates predicted 2 times native's or slower are left out); else
 * the variant that suits op, rows and columns order on the balanced 2D
 * grid; with node_size >= 2 dividing p, the node-aware grid second, in
 * place of a plain candidate that is the same grid (nodes_in_blocks: the
 * nodes hold blocks of consecutive ranks, so rows of nodes are rows of
 * node_size consecutive ranks). A
 * candidate a neighbouring class measured (near[], the nearest first,
 * n_near of them; NULL entries skipped) takes its measured ratio as its
 * risk, and measured winners come first. Returns how many. No MPI but
 * the grid's balanced dims. */
struct ortho_model_profile;
int ortho__adapt_shortlist(ortho_op op, int p, int node_size, int nodes_in_blocks, double bytes,
                           struct ortho_model_profile *prof,
                           const struct ortho__adapt_params *params,
                           const struct ortho__explore *const near[], int n_near,
                           ortho_candidate out[], double risk[]);

/* Tests: a clock that gives the time of each timed call instead of the
 * measured one (fn(op, bytes, candidate run, ctx) in seconds; the
 * agreements then cost 0); NULL restores MPI_Wtime. Process-wide. */
typedef double (*ortho__adapt_clock)(ortho_op op, double bytes, const ortho_candidate *cand,
                                     void *ctx);
void ortho__adapt_set_clock(ortho__adapt_clock fn, void *ctx);

/* The time now, for timing a call, and the time of a call that started
 * at `start` (the test clock's when one is set). */
double ortho__adapt_now(void);
double ortho__adapt_elapsed(double start, ortho_op op, double bytes, const ortho_candidate *c);

/* An agreement in flight: what this process gave, what comes back. */
struct ortho__agreement {
    MPI_Request req;
    int n;
    int failed;           /* starting it failed here */
    double local;         /* this process's time in starting it [s] */
    double mine[ORTHO__EXPLORE_AGREE_MAX], all[ORTHO__EXPLORE_AGREE_MAX];
};

/* Starts agreeing e's pending times over comm (one PMPI_Iallreduce, errors
 * returned), failed: one of this process's timed calls failed. a must
 * live until ortho__adapt_agree_finish(). Collective over comm. */
void ortho__adapt_agree_start(MPI_Comm comm, struct ortho__explore *e, int failed,
                              struct ortho__agreement *a);

/* Completes the agreement a, started on comm, and hands its values to e. */
void ortho__adapt_agree_finish(MPI_Comm comm, struct ortho__explore *e,
                               struct ortho__agreement *a);

/* One line per class on stderr: what was explored, each candidate's
 * agreed time, what the class locked to and why, and what exploring
 * cost. label names the communicator, range the size class. */
void ortho__adapt_report(const char *label, int size, ortho_op op, const char *range,
                         const struct ortho__explore *e);

/* ---- learned.c --------------------------------------------------------- */

/* A class of op on p processes, sizes [lo, hi), locked to cand with
 * gain 1 - t_cand / t_native, after `calls` calls of which `timed` were
 * timed and cost `excess` seconds over native. Kept per process; a class
 * added again with native (the watch unlocked it) becomes native. */
void ortho__learned_add(ortho_op op, int p, double lo, double hi, const ortho_candidate *cand,
                        double gain, long timed, double excess);

/* This process's rank in MPI_COMM_WORLD (the one that writes). */
void ortho__learned_world_rank(int rank);

/* At MPI_Finalize, before MPI shuts down (no MPI call): on rank 0 of
 * MPI_COMM_WORLD, writes ORTHO_PROFILE_SAVE (the learned decisions merged
 * into ORTHO_PROFILE's profile) and, with verbose, the exploring cost. */
void ortho__learned_finalize(int verbose);

#endif /* ORTHO_SELECT_ADAPT_H_INCLUDED */
