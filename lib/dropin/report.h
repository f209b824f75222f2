/* ORTHO_REPORT: the end-of-run report of the drop-in calls. Private.
 *
 * Off (the default), a call pays one test of a cached flag. On, each
 * drop-in call on an intracommunicator is timed by one PMPI_Wtime pair
 * and counted in a tally per (communicator, operation, size class, what
 * ran): in the communicator's cache (cache.c; no lock, as MPI orders the
 * collectives of one communicator), or, on one process, in a process-wide
 * table under the lock. A communicator's tallies become this process's
 * records when it is freed, and at MPI_Finalize for those still alive;
 * then rank 0 of MPI_COMM_WORLD gathers every process's records (a gather
 * of counts, then a gatherv of records: every process takes part, also
 * one that ran nothing; only where libortho_mpi's MPI_Finalize guarantees
 * that, else rank 0 reports its own calls) and prints the report, or
 * writes the file ORTHO_REPORT names. */
#ifndef ORTHO_DROPIN_REPORT_H_INCLUDED
#define ORTHO_DROPIN_REPORT_H_INCLUDED

#include <stdatomic.h>

#include "ortho_candidate.h"

/* The calls of one thing that ran, on one process. */
struct ortho__report_tally {
    long calls;
    double seconds;   /* this process's time in the library for them */
    double bytes;     /* their bytes, summed (the profile predicts native at the mean) */
};

/* Where the estimate of native's time for a tally comes from. */
enum ortho__report_native {
    ORTHO__REPORT_NATIVE_UNKNOWN = 0,
    ORTHO__REPORT_NATIVE_RAN = 1,      /* the calls ran native: their own time */
    ORTHO__REPORT_NATIVE_ONLINE = 2,   /* online selection measured native's time per call */
    ORTHO__REPORT_NATIVE_PROFILE = 4   /* ORTHO_PROFILE predicts it (rank 0, at the end) */
};

/* -1: ORTHO_REPORT not read yet, 0: off, 1: on. */
extern atomic_int ortho__report_state;

/* Reads ORTHO_REPORT (1, yes, true, on: stderr; 0, no, false, off, empty
 * or unset: off; anything else: a file) and returns 1 when it is on. */
int ortho__report_read(void);

/* 1 when ORTHO_REPORT is on: one relaxed load once it has been read. */
static inline int ortho__report_on(void)
{
    int state = atomic_load_explicit(&ortho__report_state, memory_order_relaxed);
    return state > 0 || (state < 0 && ortho__report_read());
}

/* One call of `bytes` (< 0: unknown) that took `seconds`; shared: t is
 * process-wide (ortho__report_single()), counted under the lock. */
void ortho__report_count(struct ortho__report_tally *t, double bytes, double seconds, int shared);

/* The process-wide tally of op for `bytes` on communicators of one
 * process, where the call runs native MPI. */
struct ortho__report_tally *ortho__report_single(ortho_op op, double bytes);

/* Adds tally t of a communicator of p processes to this process's
 * records: op in size class cls ran `ran` (a candidate's name); lead: this
 * process is the communicator's rank 0 (its calls are the ones counted);
 * native: this process's estimate of native's time for the same calls
 * (< 0: unknown) and where it comes from. Takes the lock. */
void ortho__report_add(int p, ortho_op op, int cls, const char *ran, int lead,
                       const struct ortho__report_tally *t, double native,
                       enum ortho__report_native source);

/* The report, the first call only and only when ORTHO_REPORT is on.
 * every_process (the interposed MPI_Finalize, which every process of
 * MPI_COMM_WORLD passes through): rank 0 of MPI_COMM_WORLD gathers every
 * process's records and prints them; collective over MPI_COMM_WORLD
 * (PMPI_ calls, errors returned). Else (drop-ins called by name: a process
 * that never called one has no finalize hook and would not take part, so
 * a collective could hang) rank 0 prints its own records, sending nothing. */
void ortho__report_finish(int every_process);

/* 1 once ortho__report_finish() has run. */
int ortho__report_done(void);

#endif /* ORTHO_DROPIN_REPORT_H_INCLUDED */
