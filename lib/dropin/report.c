/* ORTHO_REPORT (report.h): the setting, the tallies of one-process calls,
 * this process's records, and their gathering on rank 0 of
 * MPI_COMM_WORLD at MPI_Finalize. report_print.c writes the report. */
#include "dropin/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "common/lock.h"
#include "dropin/dropin_private.h"
#include "dropin/report_print.h"
#include "settings/settings_private.h"

atomic_int ortho__report_state = -1;

static struct {
    struct ortho__report_record *list;
    int n, cap;
    int out_of_memory;   /* some calls could not be recorded */
    int done;            /* the report is made, or being made */
    int closed;          /* the records are gathered: no more are kept */
    /* calls on communicators of one process, which run native MPI */
    struct ortho__report_tally single[ORTHO_OP_COUNT][ORTHO__DROPIN_SIZE_CLASSES];
} report;

/* ORTHO_REPORT's value (the settings' one boolean parser) says "on, to
 * stderr" (1) or "off" (0, also unset or empty); else -1: a file. */
static int switch_word(const char *value)
{
    int on = 0;
    if (value == NULL)
        return 0;
    return ortho__parse_bool(value, &on) == 0 ? on : -1;
}

int ortho__report_read(void)
{
    int on = switch_word(ortho__setting_text(ORTHO__SETTING_REPORT)) != 0;
    atomic_store_explicit(&ortho__report_state, on, memory_order_relaxed);
    return on;
}

void ortho__report_count(struct ortho__report_tally *t, double bytes, double seconds, int shared)
{
    if (shared)
        ortho__lock();
    t->calls++;
    t->seconds += seconds;
    t->bytes += bytes > 0 ? bytes : 0.0;
    if (shared)
        ortho__unlock();
}

struct ortho__report_tally *ortho__report_single(ortho_op op, double bytes)
{
    return &report.single[op][ortho__dropin_size_class(bytes)];
}

/* The record of (p, op, cls, ran), made when new; NULL when out of
 * memory. Under the lock. */
static struct ortho__report_record *record_of(int p, ortho_op op, int cls, const char *ran)
{
    for (int i = 0; i < report.n; i++) {
        struct ortho__report_record *r = &report.list[i];
        if (r->p == p && r->op == (int)op && r->cls == cls && strcmp(r->ran, ran) == 0)
            return r;
    }
    if (report.n == report.cap) {
        int cap = report.cap ? 2 * report.cap : 32;
        struct ortho__report_record *l = realloc(report.list, (size_t)cap * sizeof *l);
        if (l == NULL)
            return NULL;
        report.list = l;
        report.cap = cap;
    }
    struct ortho__report_record *r = &report.list[report.n++];
    memset(r, 0, sizeof *r); /* padding too: the records travel as bytes */
    r->p = p;
    r->op = (int)op;
    r->cls = cls;
    snprintf(r->ran, sizeof r->ran, "%s", ran);
    return r;
}

void ortho__report_add(int p, ortho_op op, int cls, const char *ran, int lead,
                       const struct ortho__report_tally *t, double native,
                       enum ortho__report_native source)
{
    if (t->calls == 0)
        return;
    ortho__lock();
    /* after the report (MPI_COMM_WORLD's cache goes last): nothing to keep */
    struct ortho__report_record *r = report.closed ? NULL : record_of(p, op, cls, ran);
    if (r == NULL && report.closed) {
        ortho__unlock();
        return;
    }
    if (r == NULL) {
        report.out_of_memory = 1;
    } else {
        /* known when every tally added to it was (a new record holds 0) */
        r->native = r->native >= 0.0 && native >= 0.0 ? r->native + native : -1.0;
        r->native_from |= (int)source;
        r->calls += t->calls;
        r->lead_calls += lead ? t->calls : 0;
        r->seconds += t->seconds;
        r->bytes += t->bytes;
    }
    ortho__unlock();
}

int ortho__report_done(void)
{
    ortho__lock();
    int done = report.done;
    ortho__unlock();
    return done;
}

/* The one-process tallies as records: each process is rank 0 of its own. */
static void add_single(void)
{
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        for (int c = 0; c < ORTHO__DROPIN_SIZE_CLASSES; c++) {
            const struct ortho__report_tally *t = &report.single[op][c];
            ortho__report_add(1, (ortho_op)op, c, "native", 1, t, t->seconds,
                              ORTHO__REPORT_NATIVE_RAN);
        }
}

/* Rank 0 receives every process's records (counts[r] from process r, in
 * rank order into all[]); the others send theirs. Collective over world:
 * every process takes the same steps, each step's "ready" broadcast by
 * rank 0 so that none waits for a step rank 0 cannot take. */
static int gather(MPI_Comm world, int rank, int size, int **counts,
                  struct ortho__report_record **all)
{
    MPI_Datatype type = MPI_DATATYPE_NULL;
    int *displs = NULL, ready = 1, total = 0;
    int err = PMPI_Type_contiguous((int)sizeof(struct ortho__report_record), MPI_BYTE, &type);
    if (!err)
        err = PMPI_Type_commit(&type);
    if (rank == 0) {
        *counts = calloc((size_t)size, sizeof **counts);
        displs = calloc((size_t)size, sizeof *displs);
        ready = *counts != NULL && displs != NULL;
    }
    if (!err)
        err = PMPI_Bcast(&ready, 1, MPI_INT, 0, world);
    if (!err && ready)
        err = PMPI_Gather(&report.n, 1, MPI_INT, *counts, 1, MPI_INT, 0, world);
    if (!err && ready && rank == 0) {
        for (int r = 0; r < size; r++) {
            displs[r] = total;
            total += (*counts)[r];
        }
        *all = malloc((size_t)(total > 0 ? total : 1) * sizeof **all);
        ready = *all != NULL;
    }
    if (!err && ready)
        err = PMPI_Bcast(&ready, 1, MPI_INT, 0, world);
    if (!err && !ready)
        err = MPI_ERR_NO_MEM;
    if (!err)
        err = PMPI_Gatherv(report.list, report.n, type, *all, *counts, displs, type, 0, world);
    if (type != MPI_DATATYPE_NULL)
        PMPI_Type_free(&type);
    free(displs);
    return err;
}

void ortho__report_finish(int every_process)
{
    if (!ortho__report_on())
        return;
    ortho__lock();
    int done = report.done;
    report.done = 1;
    ortho__unlock();
    if (done)
        return;
    MPI_Comm world = MPI_COMM_WORLD;
    MPI_Errhandler saved;
    int rank = 0, size = 1, *counts = NULL;
    struct ortho__report_record *all = NULL;
    add_single();
    ortho__errors_returned(world, &saved);
    PMPI_Comm_rank(world, &rank);
    PMPI_Comm_size(world, &size);
    int err = MPI_SUCCESS;
    if (every_process) {
        err = gather(world, rank, size, &counts, &all);
    } else if (rank == 0) {
        /* rank 0's view: every call it took part in counts */
        for (int i = 0; i < report.n; i++)
            report.list[i].lead_calls = report.list[i].calls;
        counts = malloc(sizeof *counts);
        if (counts == NULL)
            err = MPI_ERR_NO_MEM;
        else
            *counts = report.n;
        size = 1;
    }
    ortho__errors_restore(world, &saved);
    if (report.out_of_memory)
        fprintf(stderr, "ortho: ORTHO_REPORT: out of memory on process %d of MPI_COMM_WORLD: "
                        "some of its calls are not in the report\n", rank);
    if (rank == 0 && err) {
        char text[MPI_MAX_ERROR_STRING];
        int len = 0;
        PMPI_Error_string(err, text, &len);
        fprintf(stderr, "ortho: ORTHO_REPORT: the report could not be gathered: %s\n", text);
    } else if (rank == 0) {
        const char *path = ortho__setting_text(ORTHO__SETTING_REPORT);
        ortho__report_print(switch_word(path) < 0 ? path : NULL,
                            every_process ? all : report.list, counts, size, !every_process);
    }
    free(counts);
    free(all);
    ortho__lock();
    report.closed = 1;
    ortho__unlock();
    free(report.list);
    report.list = NULL;
    report.n = report.cap = 0;
}
