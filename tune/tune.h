/* ortho-tune: measures native and every candidate per operation and
 * message size, writes decision intervals into a profile, and checks the
 * selection on sizes it did not tune on. docs/selection.md. */
#ifndef ORTHO_TUNE_H_INCLUDED
#define ORTHO_TUNE_H_INCLUDED

#include <stdio.h>

#include <mpi.h>

#include "ortho.h"
#include "ortho_select.h"

#define TUNE_MAX_SIZES 32

/* Options of a run. */
struct tune_opts {
    unsigned ops;                        /* bit (1u << ortho_op) */
    double sizes[TUNE_MAX_SIZES];        /* tuned on, ascending */
    int nsizes;
    double check[TUNE_MAX_SIZES];        /* checked on, ascending */
    int ncheck;
    const char *candidates;              /* NULL: every candidate; else names, ',' */
    unsigned variants;                   /* bit (1u << ortho_variant) */
    int maxdims, node;
    double max_aspect;                   /* 0: any; else largest extent / smallest at most */
    double margin, threshold;
    ortho_measure_opts timing;     /* reps, rse, max_seconds per point */
    double max_seconds;                  /* the whole measurement; 0: no limit */
    const char *profile_in, *output, *csv, *check_csv;
    const char *evaluate;                /* --evaluate CSV */
    int redecide;                        /* --redecide: with --evaluate, decide again */
    int extrapolate;                     /* --extrapolate: ortho_select_opts.extrapolate */
    int output_given;                    /* -o on the command line */
    int shared, quiet, dry_run, lookup_bench;
    int procs;                           /* --lookup-bench: the selector's p (0: the job's) */
};

/* The measurements of one operation: t[c * nall + s] for candidate c at
 * size all[s]; valid[c] 0 when c was skipped or did not run as asked. */
struct tune_table {
    ortho_op op;
    int ncand;
    ortho_candidate *cand;
    char (*name)[ORTHO_CANDIDATE_NAME_MAX];
    int *valid;
    const char **note;                   /* why a candidate is not valid */
    int nall;
    double *all;                         /* tuned and checked sizes, ascending */
    double *t;
    char *dropped;                       /* the candidates of op and p left out, and why:
                                            lines "  OP  left out (...): ..."; NULL: none */
};

/* ---- measure.c ------------------------------------------------------------ */

/* Buffers for every size of the run (SMPI_SHARED_MALLOC when shared and
 * the build has it). Returns MPI_SUCCESS or MPI_ERR_NO_MEM. */
int tune_buffers_create(int p, double max_bytes, int shared);
void tune_buffers_free(void);

/* The message size the drop-in sees for op with nominal size b (reductions
 * move doubles: b rounded down to a multiple of 8, at least 8). */
double tune_bytes(ortho_op op, double b);

/* Times cand (installed as the candidate chooser on a duplicate of comm)
 * at each size; t[i] the median over repetitions of the maximum over the
 * ranks. *ran_as: NULL when it ran as asked, else why not (static text).
 * Collective. */
int tune_measure(MPI_Comm comm, ortho_op op, const ortho_candidate *cand, const double sizes[],
                 int nsizes, const ortho_measure_opts *timing, double t[],
                 const char **ran_as);

/* Times the drop-in with selector sel installed (the run-time path of
 * ORTHO_PROFILE) at one size; *ran: the candidate it ran (from
 * ortho_comm_candidate). Collective. */
int tune_measure_selected(MPI_Comm comm, ortho_op op, ortho_select_t sel, double size,
                          const ortho_measure_opts *timing, double *t,
                          ortho_candidate *ran);

/* ---- decide.c ------------------------------------------------------------- */

/* The decisions and measured curves of one table from its tuned sizes
 * (opts->sizes), per power-of-two size class (the drop-ins decide once per
 * class): a class with a tuned size gets the fastest valid candidate when
 * it beats native by the margin, else native; a class between tuned
 * sizes a candidate that beat native by the margin at both, else native;
 * equal neighbours merged. Replaces the profile's decisions and curves of
 * (op, p). Returns the number of decisions added, or -1 on error. */
int tune_decide(const struct tune_table *tb, const struct tune_opts *o, int p,
                ortho_model_profile_t prof, FILE *report);

/* ---- check.c -------------------------------------------------------------- */

/* The selection on the checked sizes: measures the auto path (decisions,
 * then the model) and compares it, and the model's choice alone, with
 * native and with the best measured candidate. Prints per point and a
 * summary on rank 0; writes opts->check_csv. Collective. */
int tune_check(MPI_Comm comm, struct tune_table tables[], int ntables, const struct tune_opts *o,
               ortho_model_profile_t prof, int node_size);

/* The same from the CSV of an earlier run (ortho-tune --csv): the checked
 * sizes are those it did not tune on; times come from the file, nothing is
 * measured. Not collective. */
int tune_evaluate(const char *csv_path, ortho_model_profile_t prof, const struct tune_opts *o);

/* ---- lookup.c ------------------------------------------------------------- */

/* Prints what a decision costs: the selector's lookup, the model's
 * selection, the drop-ins' cached path. Collective. */
int tune_lookup_bench(MPI_Comm comm, ortho_model_profile_t prof, const struct tune_opts *o);

/* ---- table.c -------------------------------------------------------------- */

/* The candidates of op that opts selects (native first, then balanced and
 * low-dimensional ones), their names, and every tuned and checked size
 * ascending; the times zero. tb->dropped says which candidates were left
 * out and why (--variants, --max-aspect, a --candidates name that is not
 * a candidate of op on p processes, a variant that does not apply). Returns 0, or -1 when memory ran out (free
 * the table with tune_table_free() either way). */
int tune_table_create(struct tune_table *tb, ortho_op op, int p, int node_size,
                      const struct tune_opts *opts);

/* Releases what tune_table_create() (or check.c's reading of a CSV)
 * allocated. */
void tune_table_free(struct tune_table *tb);

/* The table entry of a candidate name; -1 when absent. */
int tune_find(const struct tune_table *tb, const ortho_candidate *c);

#endif /* ORTHO_TUNE_H_INCLUDED */
