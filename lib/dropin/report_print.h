/* ORTHO_REPORT: the records processes send to rank 0, and the report
 * rank 0 writes from them. Private. */
#ifndef ORTHO_DROPIN_REPORT_PRINT_H_INCLUDED
#define ORTHO_DROPIN_REPORT_PRINT_H_INCLUDED

#include "ortho_candidate.h"

/* What one process ran for one (communicator size, operation, size
 * class), over all its communicators of that size. Sent as bytes: every
 * process runs the same library build. */
struct ortho__report_record {
    int p, op, cls;
    int native_from;                  /* enum ortho__report_native bits */
    long calls;                       /* this process's calls */
    long lead_calls;                  /* those where it was the communicator's rank 0 */
    double seconds;                   /* its time in the library for them */
    double bytes;                     /* their bytes, summed */
    double native;                    /* its estimate of native's time for them; < 0: unknown */
    char ran[ORTHO_CANDIDATE_NAME_MAX];
};

/* Rank 0's report from every process's records: counts[r] records of
 * process r, in rank order, in all[] (estimates of native from
 * ORTHO_PROFILE are filled in); path: the file to write, or NULL for
 * stderr (also when the file cannot be opened, after one line saying
 * why); rank0_only: the records are rank 0's alone (the header says so).
 * Not collective. */
void ortho__report_print(const char *path, struct ortho__report_record *all, const int counts[],
                         int nprocs, int rank0_only);

#endif /* ORTHO_DROPIN_REPORT_PRINT_H_INCLUDED */
