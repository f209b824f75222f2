/* The end-of-run report, on rank 0 of MPI_COMM_WORLD (report_print.h):
 * one row per communicator size, operation and size class, then totals.
 *
 *   calls    the collective calls, each counted once (by its
 *            communicator's rank 0), and per thing that ran;
 *   time     the most any one process spent in the library on them (each
 *            process's time summed over its communicators of that size):
 *            a collective is over for the application when its slowest
 *            process is, and world rank 0 need not belong to every
 *            communicator, so its own time would miss some rows;
 *   native   the same maximum of the processes' estimates of native MPI's
 *            time for the same calls, where every process has one. */
#include "dropin/report_print.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dropin/dropin_private.h"
#include "dropin/report.h"
#include "select/select_private.h"

struct row {
    int p, op, cls;
    long calls;
    int known;          /* every record of the row has an estimate of native */
    int native_from;
    double time, native;
};

/* Per process: its time in the rows so far, and in the rows with an
 * estimate of native, with that estimate. */
struct sums {
    double *all, *known, *native;
};

static int same_class(const struct ortho__report_record *r, const struct row *w)
{
    return r->p == w->p && r->op == w->op && r->cls == w->cls;
}

/* Largest communicators first, then operation, then size. */
static int by_class(const void *a, const void *b)
{
    const struct row *x = a, *y = b;
    if (x->p != y->p)
        return x->p > y->p ? -1 : 1;
    if (x->op != y->op)
        return x->op < y->op ? -1 : 1;
    return (x->cls > y->cls) - (x->cls < y->cls);
}

/* Records without an estimate of native get ORTHO_PROFILE's prediction
 * of native at their mean size, where the profile covers it. */
static void estimate_from_profile(struct ortho__report_record *all, int total)
{
    const char *why = NULL;
    unsigned long long hash = 0;
    if (ortho__select_env_state(0, &why, &hash) != ORTHO__SELECT_ACTIVE)
        return;
    ortho_select_t sel = ortho__select_env();
    for (int i = 0; i < total; i++) {
        struct ortho__report_record *r = &all[i];
        ortho_candidate native;
        double per_call = 0.0;
        if (r->native >= 0.0 || r->cls == 0 || r->calls == 0)
            continue;
        memset(&native, 0, sizeof native);
        native.variant = ORTHO_VARIANT_NATIVE;
        native.ndims = 1;
        native.dims[0] = r->p;
        if (ortho__select_predict(sel->prof, (ortho_op)r->op, r->p, 0, r->bytes / (double)r->calls,
                                  &native, &per_call) == MPI_SUCCESS && per_call >= 0.0) {
            r->native = per_call * (double)r->calls;
            r->native_from |= ORTHO__REPORT_NATIVE_PROFILE;
        }
    }
}

/* The rows: one per (p, op, cls) met in the records, sorted; how many. */
static int make_rows(const struct ortho__report_record *all, int total, struct row rows[])
{
    int n = 0;
    for (int i = 0; i < total; i++) {
        int k = 0;
        while (k < n && !same_class(&all[i], &rows[k]))
            k++;
        if (k == n) {
            memset(&rows[n], 0, sizeof rows[n]);
            rows[n].p = all[i].p;
            rows[n].op = all[i].op;
            rows[n].cls = all[i].cls;
            rows[n++].known = 1;
        }
        rows[k].calls += all[i].lead_calls;
        rows[k].known &= all[i].native >= 0.0;
        rows[k].native_from |= all[i].native_from;
    }
    qsort(rows, (size_t)n, sizeof rows[0], by_class);
    return n;
}

static double max_of(const double v[], int n)
{
    double m = 0.0;
    for (int i = 0; i < n; i++)
        m = v[i] > m ? v[i] : m;
    return m;
}

/* w's time and native: the maxima over the processes (time[], native[]:
 * room for nprocs each), added to the processes' sums. */
static void row_times(struct row *w, const struct ortho__report_record *all,
                      const int owner[], int total, int nprocs, double time[], double native[],
                      struct sums *sums)
{
    memset(time, 0, (size_t)nprocs * sizeof time[0]);
    memset(native, 0, (size_t)nprocs * sizeof native[0]);
    for (int i = 0; i < total; i++)
        if (same_class(&all[i], w)) {
            time[owner[i]] += all[i].seconds;
            native[owner[i]] += all[i].native;
        }
    for (int r = 0; r < nprocs; r++) {
        sums->all[r] += time[r];
        if (w->known) {
            sums->known[r] += time[r];
            sums->native[r] += native[r];
        }
    }
    w->time = max_of(time, nprocs);
    w->native = w->known ? max_of(native, nprocs) : -1.0;
}

/* One thing that ran in a row, and its calls. */
struct named {
    const char *name;
    long calls;
};

static int by_calls(const void *a, const void *b)
{
    const struct named *x = a, *y = b;
    if (x->calls != y->calls)
        return x->calls > y->calls ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* "pipe:2x2:rows 7, native 3": what ran in w, most calls first (names:
 * room for `total`). */
static void ran_text(const struct row *w, const struct ortho__report_record *all, int total,
                     struct named names[], char *text, size_t len)
{
    int n = 0;
    for (int i = 0; i < total; i++) {
        if (!same_class(&all[i], w))
            continue;
        int k = 0;
        while (k < n && strcmp(names[k].name, all[i].ran) != 0)
            k++;
        if (k == n)
            names[n++] = (struct named){all[i].ran, 0};
        names[k].calls += all[i].lead_calls;
    }
    qsort(names, (size_t)n, sizeof names[0], by_calls);
    size_t at = 0;
    text[0] = '\0';
    for (int k = 0; k < n && at < len; k++)
        if (names[k].calls > 0)
            at += (size_t)snprintf(text + at, len - at, "%s%s %ld", at ? ", " : "", names[k].name,
                                   names[k].calls);
}

/* "ran", "online", "profile", or several joined by '+'. */
static const char *native_from_text(int from, char *text, size_t len)
{
    static const struct {
        int bit;
        const char *name;
    } sources[] = {{ORTHO__REPORT_NATIVE_RAN, "ran"},
                   {ORTHO__REPORT_NATIVE_ONLINE, "online"},
                   {ORTHO__REPORT_NATIVE_PROFILE, "profile"}};
    size_t at = 0;
    text[0] = '\0';
    for (size_t i = 0; i < sizeof sources / sizeof sources[0] && at < len; i++)
        if (from & sources[i].bit)
            at += (size_t)snprintf(text + at, len - at, "%s%s", at ? "+" : "", sources[i].name);
    return at > 0 ? text : "-";
}

/* time, native (< 0: unknown), speedup and saved. */
static void print_times(FILE *out, double time, double native)
{
    if (native < 0.0) {
        fprintf(out, "  %12.6f  %12s  %8s  %12s", time, "-", "-", "-");
        return;
    }
    char speedup[32] = "-";
    if (time > 0.0)
        snprintf(speedup, sizeof speedup, "%.2fx", native / time);
    fprintf(out, "  %12.6f  %12.6f  %8s  %+12.6f", time, native, speedup, native - time);
}

static void print_header(FILE *out, int nprocs, int rank0_only)
{
    if (rank0_only)
        fprintf(out, "ortho: end-of-run report (ORTHO_REPORT) of rank 0 of MPI_COMM_WORLD alone: "
                     "the drop-ins were\n  called by name, so the other processes' calls are "
                     "not gathered (a process that\n  never called one could not take part); "
                     "preload libortho_mpi.so for all of them.\n");
    fprintf(out,
            "ortho: end-of-run report (ORTHO_REPORT) of %d process%s: the drop-in calls per\n"
            "  communicator size, operation and size class. calls: collective calls, each "
            "counted\n"
            "  once. time: the slowest process's time in the library for them (decisions and "
            "grids\n"
            "  included). native: their estimated time as native MPI, from: ran (they ran "
            "native),\n"
            "  online (native's time per call as online selection measured it), profile\n"
            "  (ORTHO_PROFILE's prediction). speedup = native / time (above 1: faster);\n"
            "  saved = native - time (negative: lost).\n",
            nprocs, nprocs == 1 ? "" : "es");
    fprintf(out, "%6s  %-14s  %-17s  %9s  %12s  %12s  %8s  %12s  %-14s  %s\n", "procs",
            "operation", "size class", "calls", "time [s]", "native [s]", "speedup",
            "saved [s]", "native from", "ran");
}

static void print_rows(FILE *out, struct row rows[], int nrows,
                       const struct ortho__report_record *all, const int owner[], int total,
                       int nprocs, double scratch[], struct sums *sums, struct named names[])
{
    char range[64], ran[1024], from_text[64];
    long calls = 0, known_calls = 0;
    int nknown = 0, from = 0;
    for (int k = 0; k < nrows; k++) {
        struct row *w = &rows[k];
        row_times(w, all, owner, total, nprocs, scratch, scratch + nprocs, sums);
        ortho__dropin_size_class_text(w->cls, "size unknown", range, sizeof range);
        ran_text(w, all, total, names, ran, sizeof ran);
        fprintf(out, "%6d  %-14s  %-17s  %9ld", w->p, ortho_op_name((ortho_op)w->op), range,
                w->calls);
        print_times(out, w->time, w->native);
        const char *from_name = native_from_text(w->native_from, from_text, sizeof from_text);
        fprintf(out, "  %-14s  %s\n", w->known ? from_name : "-", ran);
        calls += w->calls;
        if (w->known) {
            nknown++;
            known_calls += w->calls;
            from |= w->native_from;
        }
    }
    if (nrows == 0) {
        fprintf(out, "  (no calls)\n");
        return;
    }
    double time = max_of(sums->all, nprocs);
    fprintf(out, "%6s  %-14s  %-17s  %9ld", "total", "", "", calls);
    print_times(out, time, nknown == nrows ? max_of(sums->native, nprocs) : -1.0);
    const char *from_name = native_from_text(from, from_text, sizeof from_text);
    fprintf(out, "  %s\n", nknown == nrows ? from_name : "-");
    if (nknown > 0 && nknown < nrows) {
        fprintf(out, "%6s  %-33s  %9ld", "total", "of the rows with native", known_calls);
        print_times(out, max_of(sums->known, nprocs), max_of(sums->native, nprocs));
        fprintf(out, "  %s\n", from_name);
    }
}

/* The report's stream: path opened for writing, else stderr. */
static FILE *open_output(const char *path)
{
    if (path == NULL)
        return stderr;
    FILE *out = fopen(path, "w");
    if (out == NULL)
        fprintf(stderr, "ortho: ORTHO_REPORT=%s: cannot write the report there (%s); writing it "
                        "to stderr instead\n", path, strerror(errno));
    return out != NULL ? out : stderr;
}

void ortho__report_print(const char *path, struct ortho__report_record *all, const int counts[],
                         int nprocs, int rank0_only)
{
    int total = 0;
    for (int r = 0; r < nprocs; r++)
        total += counts[r];
    int *owner = malloc((size_t)(total > 0 ? total : 1) * sizeof *owner);
    struct row *rows = malloc((size_t)(total > 0 ? total : 1) * sizeof *rows);
    struct named *names = malloc((size_t)(total > 0 ? total : 1) * sizeof *names);
    double *scratch = calloc((size_t)nprocs * 5, sizeof *scratch);
    if (owner == NULL || rows == NULL || names == NULL || scratch == NULL) {
        fprintf(stderr, "ortho: ORTHO_REPORT: out of memory on rank 0: no report\n");
    } else {
        for (int r = 0, i = 0; r < nprocs; r++)
            for (int k = 0; k < counts[r]; k++)
                owner[i++] = r;
        estimate_from_profile(all, total);
        int nrows = make_rows(all, total, rows);
        struct sums sums = {scratch + 2 * nprocs, scratch + 3 * nprocs, scratch + 4 * nprocs};
        FILE *out = open_output(path);
        print_header(out, nprocs, rank0_only);
        print_rows(out, rows, nrows, all, owner, total, nprocs, scratch, &sums, names);
        if (out != stderr && fclose(out) != 0)
            fprintf(stderr, "ortho: ORTHO_REPORT=%s: could not finish writing the report (%s)\n",
                    path, strerror(errno));
    }
    free(owner);
    free(rows);
    free(names);
    free(scratch);
}
