/* The drop-in functions' dispatch. Private.
 *
 * A communicator's cache (an attribute, cache.c) holds the grids made for
 * it and, per operation and size class, the decision taken: a cached grid
 * or the native call. Decisions are taken once, on the first call in the
 * class, by lib/select (ortho__select_decide), alike on every process; the
 * dispatch only caches them, makes the grids and runs (ops.c). */
#ifndef ORTHO_DROPIN_PRIVATE_H_INCLUDED
#define ORTHO_DROPIN_PRIVATE_H_INCLUDED

#include <math.h>
#include <mpi.h>
#include <stddef.h>

#include "candidate/candidate_private.h"
#include "ortho_dropin.h"
#include "ortho_grid.h"
#include "variants/variants.h"

/* A call under way: what ortho__dropin_done() needs to time it and, for
 * online selection, to agree its time. */
struct comm_cache;
struct exploring;
struct ortho__report_tally;
struct ortho__dropin_call {
    struct exploring *x;     /* NULL: nothing to do for online selection after the call */
    struct comm_cache *cache;
    struct ortho__report_tally *tally; /* ORTHO_REPORT: where the call is counted, else NULL */
    int tally_shared;        /* the tally is process-wide (one process): counted under the lock */
    ortho_op op;
    int cls, arm, timed, agree;
    double bytes, start;
    double report_start;     /* ORTHO_REPORT: PMPI_Wtime() when the call began */
};

/* comm's cache when it has one already (an intracommunicator of two or
 * more processes met before), with its size and this process's rank, so
 * that a call asks MPI one question instead of four; else NULL. Not
 * collective. */
struct comm_cache *ortho__dropin_cached(MPI_Comm comm, int *size, int *rank);

/* The grid for op and bytes (< 0: unknown) on comm, or NULL for the native
 * call; *run receives the variant and order to run on it. call->cache is
 * comm's cache when the caller has it (ortho__dropin_cached), else NULL.
 * Collective the first time a class is met (grids are created) and when
 * online selection first runs a candidate. Every call must be followed by
 * ortho__dropin_done(). */
ortho_grid_t ortho__dropin_grid(MPI_Comm comm, ortho_op op, double bytes, struct ortho__run *run,
                                struct ortho__dropin_call *call);

/* After the call began by ortho__dropin_grid() returned err: times it and,
 * where online selection says so, agrees the times (collective over comm:
 * one small PMPI_Allreduce). Returns err. */
int ortho__dropin_done(MPI_Comm comm, struct ortho__dropin_call *call, int err);

/* count * size(type) as a double. */
double ortho__dropin_bytes(double count, MPI_Datatype type);

/* ORTHO_REPORT at MPI_Finalize: every communicator's counts still held
 * are handed to report.c, which prints the report once. every_process: 1
 * from libortho_mpi's MPI_Finalize, which every process passes through
 * (then collective over MPI_COMM_WORLD: every process's calls); 0 from
 * the drop-ins' finalize hook, which a process that never called one does
 * not have (then rank 0 reports its own calls, sending nothing, so that
 * no process waits for one that never comes). Nothing when ORTHO_REPORT
 * is off or the report is done. */
void ortho__dropin_report_finalize(int every_process);

/* Makes sure ortho__dropin_report_finalize() runs at MPI_Finalize on this
 * process (the drop-ins' finalize hook, an attribute on MPI_COMM_SELF),
 * also when it never meets a communicator of 2 or more processes. */
void ortho__dropin_report_hook(void);

/* ---- size classes (size_class.c) ------------------------------------------ */

/* 0: unknown size, 1: 0 bytes, 2 + k: [2^k, 2^(k+1)) bytes */
#define ORTHO__DROPIN_SIZE_CLASSES 66

/* The size class of a call of `bytes` (< 0: unknown); inline, as every
 * call needs it. */
static inline int ortho__dropin_size_class(double bytes)
{
    if (bytes < 0)
        return 0;
    if (bytes < 1)
        return 1;
    /* floor(log2(x)) = floor(log2(floor(x))) for x >= 1 (the powers of 2
     * are integers): the highest bit, without a call into libm per call */
    int k = bytes < 0x1p63 ? 63 - __builtin_clzll((unsigned long long)bytes)
                           : (int)floor(log2(bytes));
    return 2 + (k < ORTHO__DROPIN_SIZE_CLASSES - 3 ? k : ORTHO__DROPIN_SIZE_CLASSES - 3);
}

/* "0 B", "[1 KiB, 2 KiB)", ... for a size class; class 0 is `unknown`. */
void ortho__dropin_size_class_text(int size_class, const char *unknown, char *text, size_t len);

#endif /* ORTHO_DROPIN_PRIVATE_H_INCLUDED */
