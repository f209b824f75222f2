/* The grids of the drop-in functions, cached on each communicator.
 *
 * One attribute per communicator holds the grids made for it and the
 * decision taken per operation and size class. Its delete callback frees
 * the grids, so MPI_Comm_free releases everything. MPI_COMM_WORLD is never
 * freed by the user: an attribute on MPI_COMM_SELF, whose delete callback
 * MPI_Finalize calls first, releases the world's cache while MPI still
 * works, and the keyvals with it.
 *
 * Every choice that changes what a call runs is taken alike on all the
 * processes of the communicator, from agreed data only:
 *  - settings: when a communicator is first met, its processes compare a
 *    hash of every setting that changes what runs (one allreduce); if one
 *    differs, every process runs native on it and rank 0 names the setting;
 *  - communicators: the grids of all communicators together hold at most
 *    ORTHO_MAX_COMMS of MPI's communicators (default 96: MPICH has about
 *    2000 context ids, so the application keeps over 95% of them); before
 *    a new grid is made the processes agree that each has room (one
 *    allreduce), and a grid MPI cannot make (MPI errors are returned, not
 *    raised, while the library makes it) gives native for that class.
 * Process-wide state is read and written under common/lock.h's lock; the
 * lock is never held across a collective. */
#include "dropin/dropin_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errors.h"
#include "common/lock.h"
#include "dropin/report.h"
#include "grid/grid_private.h"
#include "select/adapt.h"
#include "select/select_private.h"
#include "settings/settings_private.h"
#include "variants/variants.h"

enum {
    MAX_LAYOUTS = 16,
    SIZE_CLASSES = ORTHO__DROPIN_SIZE_CLASSES,
    UNDECIDED = -2,
    NATIVE = -1
};

struct cached_layout {
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];   /* as asked for (the key) */
    int node_aware;                  /* asked for (the key) */
    int fell_back;                   /* node-aware asked, plain grid made */
    ortho_grid_t grid;
};

/* The decision for one operation and size class. */
struct decision {
    signed char layout;              /* index into layouts, NATIVE or UNDECIDED */
    unsigned char variant, order;    /* ortho_variant, ortho_order (resolved) */
    int segment;                     /* the candidate's segment size, 0: the model's */
    const char *why;
    struct exploring *x;             /* online selection decides: what runs per call */
};

/* A class that online selection decides (select/adapt.h). */
struct exploring {
    struct ortho__explore e;
    struct decision arm[1 + ORTHO__ADAPT_MAX_CANDIDATES]; /* layout UNDECIDED until first run */
    int failed;                      /* a timed call failed since the last agreement */
    struct ortho__agreement agreement; /* the one in flight (e.in_flight) */
    int recorded;                    /* its first lock is kept for ORTHO_PROFILE_SAVE */
    struct ortho__report_tally tally[1 + ORTHO__ADAPT_MAX_CANDIDATES]; /* ORTHO_REPORT, per arm */
};

struct comm_cache {
    int size, rank;
    int verbose;
    char label[MPI_MAX_OBJECT_NAME + 16];   /* for ORTHO_VERBOSE */
    struct ortho__select_comm select;       /* what decides (lib/select) */
    int nlayouts;
    struct cached_layout layouts[MAX_LAYOUTS];
    struct decision decision[ORTHO_OP_COUNT][SIZE_CLASSES];
    /* ORTHO_REPORT: the calls of the classes decided once, [op][class]
     * (online selection's per arm: struct exploring), or NULL */
    struct ortho__report_tally (*tally)[SIZE_CLASSES];
    struct comm_cache *prev, *next; /* in live_caches */
    /* online selection's agreements: a copy of the communicator
     * (ortho__comm_copy: without the program's attributes), so
     * that one in flight never holds the user's (MPICH defers the freeing
     * of a communicator with an operation pending, and with it this
     * cache's release); MPI_COMM_NULL: they block, on the user's */
    MPI_Comm agree_comm;
    int agree_tried;
};

/* Keyvals: process-wide handles, like the communicators MPI predefines. */
static int cache_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;
static int caches_made;
/* Communicators held by the grids of all caches, and the most they may hold. */
static int comms_held;
static int comms_limit = -1;
/* The caches alive, for MPI_Finalize: ORTHO_REPORT folds their tallies,
 * and their agreements in flight complete (communicators a program never
 * frees are not released, and a request left pending is MPI's to report) */
static struct comm_cache *live_caches;
/* The communicator of the last call that found its cache, and that cache,
 * used outside MPI_THREAD_MULTIPLE: programs call collectives on one
 * communicator over and over, and comparing a handle costs far less than
 * the attribute lookup (MPICH 4.0: about 116 instructions of a drop-in
 * call's 507). Cleared when that cache is freed, so that a handle MPI
 * reuses for a new communicator never finds the old one's cache. */
static MPI_Comm last_comm = MPI_COMM_NULL;
static struct comm_cache *last_cache;

enum { DEFAULT_MAX_COMMS = 96 };

/* ORTHO_VERBOSE's name of size class 0 */
#define UNKNOWN_SIZE "any size (only the root knows the counts)"

static void report_unlocked(const struct comm_cache *cache, ortho_op op, int cls);
static void report_fold(struct comm_cache *cache);

/* Completes the agreements still in flight (all processes have started
 * the same ones, on cache->agree_comm). Collective. */
static void settle(struct comm_cache *cache)
{
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        for (int c = 0; c < SIZE_CLASSES; c++) {
            struct exploring *x = cache->decision[op][c].x;
            if (x != NULL && x->e.in_flight && cache->agree_comm != MPI_COMM_NULL)
                ortho__adapt_agree_finish(cache->agree_comm, &x->e, &x->agreement);
        }
}

static void cache_free(struct comm_cache *cache)
{
    if (cache == last_cache) {
        last_comm = MPI_COMM_NULL;
        last_cache = NULL;
    }
    ortho__lock();
    if (cache->prev != NULL)
        cache->prev->next = cache->next;
    else
        live_caches = cache->next;
    if (cache->next != NULL)
        cache->next->prev = cache->prev;
    ortho__unlock();
    if (cache->tally != NULL) {
        report_fold(cache);
        free(cache->tally);
    }
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        for (int c = 0; c < SIZE_CLASSES; c++)
            if (cache->decision[op][c].x != NULL) {
                if (cache->verbose && cache->rank == 0)
                    report_unlocked(cache, (ortho_op)op, c);
                free(cache->decision[op][c].x);
            }
    if (cache->agree_comm != MPI_COMM_NULL) {
        PMPI_Comm_free(&cache->agree_comm);
        ortho__lock();
        comms_held--;
        ortho__unlock();
    }
    for (int i = cache->nlayouts - 1; i >= 0; i--) {
        int n = ortho__grid_comms(cache->layouts[i].grid);
        ortho_grid_free(&cache->layouts[i].grid);
        ortho__lock();
        comms_held -= n;
        ortho__unlock();
    }
    free(cache);
}

static int cache_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    settle(value);
    cache_free(value);
    return MPI_SUCCESS;
}

/* MPI_Finalize deletes MPI_COMM_SELF's attributes first: release the
 * world's cache and the keyvals while MPI still works. */
static int at_finalize(MPI_Comm comm, int keyval, void *value, void *extra)
{
    void *world_cache;
    int found = 0, finalized = 0;
    (void)comm;
    (void)value;
    (void)extra;
    /* an invalid value was reported when the first communicator was met */
    ortho__learned_finalize(ortho__setting_bool(ORTHO__SETTING_VERBOSE, -1));
    /* SimGrid's SMPI deletes these attributes once MPI is finalized: the
     * process ends anyway, nothing is released there. */
    PMPI_Finalized(&finalized);
    if (finalized)
        return MPI_SUCCESS;
    /* every process is here: the agreements in flight complete */
    ortho__lock();
    struct comm_cache *live = live_caches;
    ortho__unlock();
    for (; live != NULL; live = live->next)
        settle(live);
    ortho__dropin_report_finalize(0);
    PMPI_Comm_get_attr(MPI_COMM_WORLD, cache_keyval, &world_cache, &found);
    if (found)
        PMPI_Comm_delete_attr(MPI_COMM_WORLD, cache_keyval);
    PMPI_Comm_free_keyval(&cache_keyval);
    cache_keyval = MPI_KEYVAL_INVALID;
    finalize_keyval = keyval;
    PMPI_Comm_free_keyval(&finalize_keyval);
    finalize_keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

/* The attribute keys, made the first time (or where that failed); the
 * cache's key, or MPI_KEYVAL_INVALID on failure. */
static int make_keys(void)
{
    int err = MPI_SUCCESS, key, first = 0;
    ortho__lock();
    if (cache_keyval == MPI_KEYVAL_INVALID) {
        err = PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, cache_delete, &cache_keyval, NULL);
        if (!err)
            err = PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &finalize_keyval,
                                          NULL);
        if (!err)
            err = PMPI_Comm_set_attr(MPI_COMM_SELF, finalize_keyval, NULL);
        first = !err;
    }
    key = err ? MPI_KEYVAL_INVALID : cache_keyval;
    ortho__unlock();
    int world_rank = -1;
    if (first && PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank) == MPI_SUCCESS)
        ortho__learned_world_rank(world_rank); /* takes the lock itself */
    return key;
}

/* The cache's attribute key: a look under the lock once made (kept
 * small, so that it stays inline on every call). */
static int cache_key(void)
{
    ortho__lock();
    int key = cache_keyval;
    ortho__unlock();
    return key != MPI_KEYVAL_INVALID ? key : make_keys();
}

void ortho__dropin_report_hook(void)
{
    cache_key();
}

double ortho__dropin_bytes(double count, MPI_Datatype type)
{
    MPI_Count size = 0;
    PMPI_Type_size_x(type, &size);
    return count * (double)size;
}

/* The label, ORTHO_VERBOSE and ORTHO_MAX_COMMS, under the lock. */
static void read_settings(struct comm_cache *cache)
{
    ortho__lock();
    caches_made++;
    if (cache->label[0] == '\0')
        snprintf(cache->label, sizeof cache->label, "communicator #%d", caches_made);
    cache->verbose = ortho__setting_bool(ORTHO__SETTING_VERBOSE, cache->rank);
    if (comms_limit < 0)
        comms_limit = (int)ortho__setting_number(ORTHO__SETTING_MAX_COMMS, cache->rank);
    ortho__unlock();
}

struct comm_cache *ortho__dropin_cached(MPI_Comm comm, int *size, int *rank)
{
    struct comm_cache *cache = NULL;
    int found = 0, alone = !ortho__threads_share();
    if (alone && comm == last_comm && last_cache != NULL) {
        *size = last_cache->size;
        *rank = last_cache->rank;
        return last_cache;
    }
    ortho__lock();
    int key = cache_keyval;
    ortho__unlock();
    if (key == MPI_KEYVAL_INVALID ||
        PMPI_Comm_get_attr(comm, key, &cache, &found) != MPI_SUCCESS || !found)
        return NULL;
    if (alone) {
        last_comm = comm;
        last_cache = cache;
    }
    *size = cache->size;
    *rank = cache->rank;
    return cache;
}

/* comm's cache, made (collectively) the first time comm is met. */
static struct comm_cache *cache_get(MPI_Comm comm)
{
    struct comm_cache *cache = NULL;
    int found = 0, key = cache_key();
    if (key == MPI_KEYVAL_INVALID)
        return NULL;
    if (PMPI_Comm_get_attr(comm, key, &cache, &found) == MPI_SUCCESS && found)
        return cache;
    cache = calloc(1, sizeof *cache);
    if (cache == NULL)
        return NULL;
    PMPI_Comm_size(comm, &cache->size);
    PMPI_Comm_rank(comm, &cache->rank);
    cache->agree_comm = MPI_COMM_NULL;
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        for (int c = 0; c < SIZE_CLASSES; c++)
            cache->decision[op][c].layout = UNDECIDED;
    int name_len = 0;
    PMPI_Comm_get_name(comm, cache->label, &name_len);
    read_settings(cache);
    ortho__select_comm_init(&cache->select, comm, cache->label);
    if (ortho__report_on())
        cache->tally = calloc(ORTHO_OP_COUNT, sizeof *cache->tally);
    if (PMPI_Comm_set_attr(comm, key, cache) != MPI_SUCCESS) {
        free(cache->tally);
        free(cache);
        return NULL;
    }
    ortho__lock();
    cache->next = live_caches;
    if (live_caches != NULL)
        live_caches->prev = cache;
    live_caches = cache;
    ortho__unlock();
    return cache;
}

enum { NO_ROOM = -2, NOT_MADE = -1 };

/* The cached grid for a layout (node-aware or not), made when first asked
 * for; NO_ROOM when some process would exceed ORTHO_MAX_COMMS or the cache
 * is full, NOT_MADE when MPI cannot make it (then the native call).
 * Collective over comm. */
static int layout_index(struct comm_cache *cache, MPI_Comm comm, int ndims, const int dims[],
                        int node_aware)
{
    for (int i = 0; i < cache->nlayouts; i++)
        if (cache->layouts[i].ndims == ndims && cache->layouts[i].node_aware == node_aware &&
            memcmp(cache->layouts[i].dims, dims, (size_t)ndims * sizeof dims[0]) == 0)
            return i;
    /* a copy, then rows and columns per level */
    int need = 1 + 2 * (ndims > 1 ? ndims - 1 : 1), room, all_room = 0;
    ortho__lock();
    room = cache->nlayouts < MAX_LAYOUTS && comms_held + need <= comms_limit;
    if (room)
        comms_held += need; /* reserved while it is made */
    ortho__unlock();
    if (PMPI_Allreduce(&room, &all_room, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS)
        all_room = 0;
    struct cached_layout *l = &cache->layouts[cache->nlayouts];
    int err = MPI_ERR_OTHER, held = 0;
    if (all_room) {
        MPI_Errhandler saved;
        ortho__errors_returned(comm, &saved);
        l->fell_back = 0;
        if (node_aware)
            err = ortho__grid_create_nodes_quiet(comm, ndims, dims, &l->grid, &l->fell_back);
        else
            err = ortho__grid_create_quiet(comm, ndims, dims, &l->grid);
        ortho__errors_restore(comm, &saved);
        held = err ? 0 : ortho__grid_comms(l->grid);
    }
    ortho__lock();
    if (room)
        comms_held += held - need;
    ortho__unlock();
    if (!all_room)
        return NO_ROOM;
    if (err != MPI_SUCCESS)
        return NOT_MADE;
    l->ndims = ndims;
    l->node_aware = node_aware;
    memcpy(l->dims, dims, (size_t)ndims * sizeof dims[0]);
    return cache->nlayouts++;
}

static void report(const struct comm_cache *cache, ortho_op op, int cls)
{
    char range[64], layout[200];
    const struct decision *dc = &cache->decision[op][cls];
    ortho__dropin_size_class_text(cls, UNKNOWN_SIZE, range, sizeof range);
    if (dc->layout == NATIVE) {
        snprintf(layout, sizeof layout, "native");
    } else {
        const struct cached_layout *l = &cache->layouts[dc->layout];
        const struct ortho_grid *g = l->grid;
        /* the order only where it is not the variant's paper order */
        int paper = dc->order == ortho__order_resolve((ortho_variant)dc->variant, op,
                                                      ORTHO_ORDER_PAPER);
        int at = snprintf(layout, sizeof layout, "%s%s on grid ",
                          ortho_variant_name((ortho_variant)dc->variant),
                          paper ? ""
                                : dc->order == ORTHO_ORDER_COLS ? " (columns first)"
                                                                : " (rows first)");
        for (int i = 0; i < g->ndims && at < (int)sizeof layout; i++)
            at += snprintf(layout + at, sizeof layout - (size_t)at, "%s%d", i ? "x" : "",
                           g->dims[i]);
        if (g->node_aware && at < (int)sizeof layout)
            at += snprintf(layout + at, sizeof layout - (size_t)at, " (rows: nodes%s)",
                           g->perm != NULL ? ", reordered" : "");
        else if (l->fell_back && at < (int)sizeof layout)
            at += snprintf(layout + at, sizeof layout - (size_t)at,
                           " (nodes do not form rows: plain grid)");
        if (ortho__is_flat(g) && at < (int)sizeof layout)
            snprintf(layout + at, sizeof layout - (size_t)at, " (one phase: native)");
        else if (ortho__is_uneven(g) && at < (int)sizeof layout)
            snprintf(layout + at, sizeof layout - (size_t)at, " (uneven: last row %d of %d)",
                     g->last_len, ortho__row_size(g));
        else if (!ortho__is_full(g) && at < (int)sizeof layout)
            /* an N-D box lacking whole rows: rings and trees do not run there */
            snprintf(layout + at, sizeof layout - (size_t)at, " (%d processes in a box of %lld%s%s)",
                     g->size, ortho__box_size(g),
                     ortho__variant_torus(dc->variant) ? ": " : "",
                     dc->variant == ORTHO_VARIANT_RINGS
                         ? "rings needs every place filled, rsag, scag or phases runs"
                     : dc->variant == ORTHO_VARIANT_TREES
                         ? "trees needs every place filled, scag (bcast) or rsag (reduce) runs"
                         : "");
        else if (dc->variant == ORTHO_VARIANT_TREES && g->size > ORTHO__TREES_MAX_PROCS &&
                 at < (int)sizeof layout)
            snprintf(layout + at, sizeof layout - (size_t)at,
                     " (above %d processes: scag (bcast) or rsag (reduce) runs)",
                     (int)ORTHO__TREES_MAX_PROCS);
    }
    fprintf(stderr, "ortho: %s on %s (%d processes), %s: %s (%s)\n", ortho_op_name(op),
            cache->label, cache->size, range, layout, dc->why);
}

/* The decision that runs candidate c for op: its grid made (or native
 * when there is no room or MPI cannot make it). Collective over comm. */
static void make_choice(struct comm_cache *cache, MPI_Comm comm, ortho_op op,
                        const ortho_candidate *c, const char *why, struct decision *dc)
{
    dc->layout = NATIVE;
    dc->variant = ORTHO_VARIANT_NATIVE;
    dc->order = ORTHO_ORDER_ROWS;
    dc->segment = 0;
    if (c->variant != ORTHO_VARIANT_NATIVE) {
        int d = layout_index(cache, comm, c->ndims, c->dims, c->node_aware != 0);
        if (d == NO_ROOM) {
            why = "no room for another grid (ORTHO_MAX_COMMS communicators, or 16 "
                  "layouts on this communicator)";
        } else if (d == NOT_MADE) {
            why = "MPI could not make the grid's communicators";
        } else {
            dc->layout = (signed char)d;
            dc->variant = (unsigned char)c->variant;
            dc->segment = ortho__variant_segments(c->variant) ? c->segment : 0;
            dc->order = (unsigned char)ortho__variant_order_on(c->variant, op, c->order,
                                                               cache->layouts[d].grid);
        }
    }
    dc->why = why;
}

static void make_agree_comm(struct comm_cache *cache, MPI_Comm comm);

/* Where online selection's agreements go: the cache's copy of comm,
 * or comm itself (then they block). */
static MPI_Comm agreement_comm(const struct comm_cache *cache, MPI_Comm comm)
{
    return cache->agree_comm != MPI_COMM_NULL ? cache->agree_comm : comm;
}

/* Online selection for op in class cls: native is measured first; the
 * short list comes when the class has earned a measurement (shortlist()).
 * Collective over comm (the first time: the agreements' copy). */
static void start_online(struct comm_cache *cache, MPI_Comm comm, struct decision *dc)
{
    const struct ortho__adapt_params *params = ortho__adapt_params(cache->rank);
    struct exploring *x = calloc(1, sizeof *x);
    if (x == NULL) {
        dc->why = "online selection: out of memory";
        return;
    }
    ortho__explore_begin(&x->e, params);
    if (params->lag > 0 && !cache->agree_tried)
        make_agree_comm(cache, comm);
    if (cache->agree_comm == MPI_COMM_NULL)
        x->e.params.lag = 0; /* blocking, on comm */
    /* an agreement's cost before the first: the settings' comparison */
    x->e.local_agreement = cache->select.digest_seconds;
    for (int a = 0; a < 1 + ORTHO__ADAPT_MAX_CANDIDATES; a++) {
        x->arm[a].layout = a == 0 ? NATIVE : UNDECIDED;
        x->arm[a].why = "online selection";
    }
    dc->x = x;
    dc->why = "online selection";
}

/* The candidates class cls of op explores, with what neighbouring classes
 * measured (the nearest first). Collective over comm (the node size). */
static void shortlist(struct comm_cache *cache, MPI_Comm comm, ortho_op op, int cls,
                      double bytes, struct exploring *x)
{
    enum { NEAR = 8 };
    const struct ortho__explore *near[NEAR];
    ortho_candidate cands[ORTHO__ADAPT_MAX_CANDIDATES];
    double risk[ORTHO__ADAPT_MAX_CANDIDATES];
    int n_near = 0;
    for (int d = 1; d < SIZE_CLASSES && n_near < NEAR; d++)
        for (int k = cls - d; k <= cls + d && n_near < NEAR; k += 2 * d)
            if (k >= 2 && k < SIZE_CLASSES && cache->decision[op][k].x != NULL &&
                !cache->decision[op][k].x->e.awaiting_list)
                near[n_near++] = &cache->decision[op][k].x->e;
    int n = ortho__select_shortlist(&cache->select, comm, op, bytes, near, n_near, cands, risk);
    ortho__explore_candidates(&x->e, cands, risk, n);
    if (n == 0)
        x->e.why = "no candidate (fewer than 4 processes, a size only the root knows, or "
                   "ORTHO_ADAPT_CANDIDATES=0)";
}

/* Takes the decision for op in class cls. Collective over comm. */
static void decide(struct comm_cache *cache, MPI_Comm comm, ortho_op op, int cls, double bytes)
{
    const char *why = "";
    ortho_candidate c;
    struct decision *dc = &cache->decision[op][cls];
    int online = ortho__select_decide(&cache->select, comm, op, bytes, &c, &why);
    make_choice(cache, comm, op, &c, why, dc);
    if (online && cache->size >= 4 && op != ORTHO_OP_GATHERV && op != ORTHO_OP_SCATTERV &&
        ortho__adapt_params(cache->rank)->candidates > 0)
        start_online(cache, comm, dc);
    else if (online)
        dc->why = "online selection: no candidate (fewer than 4 processes, a size only the "
                  "root knows, or ORTHO_ADAPT_CANDIDATES=0)";
    /* a class online selection explores reports when it locks, or when its
     * communicator is freed */
    if (dc->x == NULL && cache->verbose && cache->rank == 0)
        report(cache, op, cls);
}

static void online_list(MPI_Comm comm, const struct ortho__dropin_call *call,
                        struct exploring *x);
static void online_agreed(MPI_Comm comm, const struct ortho__dropin_call *call,
                          struct exploring *x);

/* The arm of online selection that runs this call (made when first run;
 * an arm whose grid cannot be made is dropped, alike everywhere).
 * Collective over comm when a grid is made. */
static const struct decision *online_step(struct comm_cache *cache, MPI_Comm comm, ortho_op op,
                                          struct exploring *x, struct ortho__dropin_call *call)
{
    call->x = x;
    if (x->e.calls == 0)
        x->e.since = PMPI_Wtime();
    if (ortho__explore_agree_due(&x->e))
        online_agreed(comm, call, x);
    if (ortho__explore_list_due(&x->e))
        online_list(comm, call, x);
    struct ortho__explore_step st = ortho__explore_next(&x->e);
    struct decision *arm = &x->arm[st.arm];
    if (arm->layout == UNDECIDED) {
        make_choice(cache, comm, op, &x->e.arm[st.arm].cand, "online selection", arm);
        if (arm->layout == NATIVE) {
            ortho__explore_drop(&x->e, st.arm);
            st.arm = 0;
            st.timed = st.agree = 0;
            arm = &x->arm[0];
        }
    }
    call->arm = st.arm;
    call->timed = st.timed;
    call->agree = st.agree;
    return arm;
}

ortho_grid_t ortho__dropin_grid(MPI_Comm comm, ortho_op op, double bytes, struct ortho__run *run,
                                struct ortho__dropin_call *call)
{
    struct comm_cache *cache = call->cache;
    call->x = NULL;
    call->tally = NULL;
    /* ORTHO_REPORT: the call's time in the library, its cache's making included */
    double report_start = ortho__report_on() ? PMPI_Wtime() : 0.0;
    if (cache == NULL)
        cache = cache_get(comm);
    if (cache == NULL)
        return NULL;
    int cls = ortho__dropin_size_class(bytes);
    if (cache->decision[op][cls].layout == UNDECIDED)
        decide(cache, comm, op, cls, bytes);
    const struct decision *dc = &cache->decision[op][cls];
    if (dc->x != NULL) {
        call->op = op;
        call->bytes = bytes;
        call->cls = cls;
        call->cache = cache;
        dc = online_step(cache, comm, op, dc->x, call);
        if (call->timed)
            call->start = ortho__adapt_now();
    }
    if (cache->tally != NULL) {
        call->tally = call->x != NULL ? &call->x->tally[call->arm] : &cache->tally[op][cls];
        call->tally_shared = 0;
        call->bytes = bytes;
        call->report_start = report_start;
    }
    if (dc->layout == NATIVE || ortho__is_flat(cache->layouts[dc->layout].grid))
        return NULL;
    run->variant = (ortho_variant)dc->variant;
    run->order = (ortho_order)dc->order;
    run->seg.named = dc->segment;
    /* the profile is equal on every process of comm (its hash is one of
     * the settings compared), so is the segment the model takes from it */
    run->seg.prof = cache->select.profile == ORTHO__SELECT_ACTIVE ? ortho__select_env_profile()
                                                                 : NULL;
    /* pipe's segment weighs the chains through a node's link: the node
     * size, detected once per communicator (collective: every process
     * runs the same candidate for this call) */
    run->seg.node_size = dc->variant == ORTHO_VARIANT_PIPE
                             ? ortho__select_node_size(&cache->select, comm)
                             : 0;
    return cache->layouts[dc->layout].grid;
}

/* What a class that just locked leaves: the learned decision (the first
 * lock, or the watch sending the candidate back to native) and the
 * report. Nothing when its lock did not change. */
static void online_locked(const struct ortho__dropin_call *call, struct exploring *x,
                          enum ortho__explore_phase before, int locked_before)
{
    if (x->e.phase != ORTHO__EXPLORE_LOCKED ||
        (before == ORTHO__EXPLORE_LOCKED && locked_before == x->e.locked))
        return;
    struct comm_cache *cache = call->cache;
    if (call->cls >= 1 && (!x->recorded || x->e.locked == 0)) {
        double lo = call->cls == 1 ? 0.0 : ldexp(1.0, call->cls - 2);
        double hi = call->cls == 1 ? 1.0 : ldexp(1.0, call->cls - 1);
        int a = x->e.locked;
        ortho__learned_add(call->op, cache->size, lo, hi, &x->e.arm[a].cand,
                           1.0 - ortho__explore_ratio(&x->e, a), x->recorded ? 0 : x->e.timed_calls,
                           x->recorded ? 0.0 : x->e.excess);
        x->recorded = 1;
    }
    if (cache->verbose && cache->rank == 0) {
        char range[64];
        ortho__dropin_size_class_text(call->cls, UNKNOWN_SIZE, range, sizeof range);
        ortho__adapt_report(cache->label, cache->size, call->op, range, &x->e);
    }
}

/* The agreements' copy of comm, made at the first call of the
 * communicator's first class online selection explores, within
 * ORTHO_MAX_COMMS like the grids (agreed: every process makes it or none
 * does); without it the agreements block, on comm. Made at the first
 * agreement instead, its collectives stopped the broadcasts that had run
 * ahead (SMPI, 48 processes, mpich: 1000 calls of 2 and 10 KB at 0.91x and
 * 0.95x native's speed). Collective over comm. */
static void make_agree_comm(struct comm_cache *cache, MPI_Comm comm)
{
    int room, all_room = 0;
    cache->agree_tried = 1;
    ortho__lock();
    room = comms_held + 1 <= comms_limit;
    if (room)
        comms_held++;
    ortho__unlock();
    if (PMPI_Allreduce(&room, &all_room, 1, MPI_INT, MPI_MIN, comm) != MPI_SUCCESS)
        all_room = 0;
    if (all_room) {
        MPI_Errhandler saved;
        ortho__errors_returned(comm, &saved);
        if (ortho__comm_make_failed(comm, ortho__comm_copy(comm, &cache->agree_comm)))
            cache->agree_comm = MPI_COMM_NULL;
        else
            PMPI_Comm_set_errhandler(cache->agree_comm, MPI_ERRORS_RETURN);
        ortho__errors_restore(comm, &saved);
    }
    if (room && cache->agree_comm == MPI_COMM_NULL) {
        ortho__lock();
        comms_held--;
        ortho__unlock();
    }
}

/* Completes the class's agreement in flight, and what a lock leaves. */
static void online_agreed(MPI_Comm comm, const struct ortho__dropin_call *call,
                          struct exploring *x)
{
    enum ortho__explore_phase before = x->e.phase;
    int locked_before = x->e.locked;
    MPI_Comm on = agreement_comm(call->cache, comm);
    ortho__adapt_agree_finish(on, &x->e, &x->agreement);
    online_locked(call, x, before, locked_before);
}

/* The short list, once the class's budget pays for a first candidate.
 * What it costs (the node detection: collectives) is added to this
 * process's time of the last agreement, so the next agreement charges
 * it. Collective over comm. */
static void online_list(MPI_Comm comm, const struct ortho__dropin_call *call, struct exploring *x)
{
    enum ortho__explore_phase before = x->e.phase;
    int locked_before = x->e.locked;
    double start = PMPI_Wtime();
    shortlist(call->cache, comm, call->op, call->cls, call->bytes, x);
    x->e.local_agreement += PMPI_Wtime() - start;
    online_locked(call, x, before, locked_before); /* no candidate: native */
}

/* Online selection after a call: its time, and the agreement when due.
 * Collective over comm when an agreement is due. */
static void online_done(MPI_Comm comm, struct ortho__dropin_call *call, int err)
{
    struct exploring *x = call->x;
    if (call->timed) {
        ortho__explore_timed(&x->e, ortho__adapt_elapsed(call->start, call->op, call->bytes,
                                                         &x->e.arm[call->arm].cand));
        x->failed |= err != MPI_SUCCESS;
    }
    if (!call->agree)
        return;
    /* completed before the call params.lag calls later (online_step) */
    MPI_Comm on = agreement_comm(call->cache, comm);
    ortho__adapt_agree_start(on, &x->e, x->failed, &x->agreement);
    x->failed = 0;
    if (x->e.params.lag <= 0)
        online_agreed(comm, call, x);
}

int ortho__dropin_done(MPI_Comm comm, struct ortho__dropin_call *call, int err)
{
    if (call->x != NULL)
        online_done(comm, call, err);
    if (call->tally != NULL)
        ortho__report_count(call->tally, call->bytes, PMPI_Wtime() - call->report_start,
                            call->tally_shared);
    return err;
}

/* A class still exploring when its communicator goes (verbose). */
static void report_unlocked(const struct comm_cache *cache, ortho_op op, int cls)
{
    const struct exploring *x = cache->decision[op][cls].x;
    if (x->e.phase == ORTHO__EXPLORE_LOCKED)
        return;
    char range[64];
    ortho__dropin_size_class_text(cls, UNKNOWN_SIZE, range, sizeof range);
    ortho__adapt_report(cache->label, cache->size, op, range, &x->e);
}

/* What a decision runs, named as ORTHO_VARIANT names it: "native" (also
 * on a one-phase grid) or the candidate on its grid ("pipe:2x2:rows"). */
static void decision_name(const struct comm_cache *cache, const struct decision *dc, char *text,
                          int len)
{
    if (dc->layout < 0 || ortho__is_flat(cache->layouts[dc->layout].grid)) {
        snprintf(text, (size_t)len, "native");
        return;
    }
    const struct ortho_grid *g = cache->layouts[dc->layout].grid;
    ortho_candidate c;
    memset(&c, 0, sizeof c);
    c.variant = (ortho_variant)dc->variant;
    c.order = (ortho_order)dc->order;
    c.segment = dc->segment;
    c.node_aware = g->node_aware;
    c.ndims = g->ndims;
    memcpy(c.dims, g->dims, (size_t)g->ndims * sizeof g->dims[0]);
    if (ortho_candidate_name(&c, text, len) != MPI_SUCCESS)
        snprintf(text, (size_t)len, "%s", ortho_variant_name(c.variant));
}

/* ORTHO_REPORT: the cache's tallies added to this process's records, then
 * cleared (when the communicator is freed, and at MPI_Finalize). Native's
 * time for them: their own where they ran native; their calls times
 * native's time per call where online selection measured it; else
 * unknown here (rank 0 may predict it from ORTHO_PROFILE). */
static void report_fold(struct comm_cache *cache)
{
    char name[ORTHO_CANDIDATE_NAME_MAX];
    for (int op = 0; op < ORTHO_OP_COUNT; op++)
        for (int c = 0; c < SIZE_CLASSES; c++) {
            const struct decision *dc = &cache->decision[op][c];
            struct exploring *x = dc->x;
            int arms = x != NULL ? 1 + ORTHO__ADAPT_MAX_CANDIDATES : 1;
            for (int a = 0; a < arms; a++) {
                struct ortho__report_tally *t = x != NULL ? &x->tally[a] : &cache->tally[op][c];
                if (t->calls == 0)
                    continue;
                decision_name(cache, x != NULL ? &x->arm[a] : dc, name, (int)sizeof name);
                int ran_native = strcmp(name, "native") == 0;
                double per_call = x != NULL ? x->e.native : 0.0;
                if (ran_native)
                    ortho__report_add(cache->size, (ortho_op)op, c, name, cache->rank == 0, t,
                                      t->seconds, ORTHO__REPORT_NATIVE_RAN);
                else if (per_call > 0.0)
                    ortho__report_add(cache->size, (ortho_op)op, c, name, cache->rank == 0, t,
                                      per_call * (double)t->calls, ORTHO__REPORT_NATIVE_ONLINE);
                else
                    ortho__report_add(cache->size, (ortho_op)op, c, name, cache->rank == 0, t,
                                      -1.0, ORTHO__REPORT_NATIVE_UNKNOWN);
                memset(t, 0, sizeof *t);
            }
        }
}

void ortho__dropin_report_finalize(int every_process)
{
    if (!ortho__report_on() || ortho__report_done())
        return;
    /* in MPI_Finalize no other thread calls MPI, hence none is in here */
    for (struct comm_cache *cache = live_caches; cache != NULL; cache = cache->next)
        if (cache->tally != NULL)
            report_fold(cache);
    ortho__report_finish(every_process);
}

int ortho_comm_layout(MPI_Comm comm, ortho_op op, double bytes, int *ndims,
                      int dims[ORTHO_GRID_MAX_DIMS], const char **why)
{
    ortho_candidate c;
    if (ndims == NULL || dims == NULL)
        return comm == MPI_COMM_NULL ? MPI_ERR_COMM : MPI_ERR_ARG;
    int err = ortho_comm_candidate(comm, op, bytes, &c, why);
    if (err)
        return err;
    *ndims = c.ndims;
    memcpy(dims, c.dims, (size_t)c.ndims * sizeof dims[0]);
    return MPI_SUCCESS;
}

/* 1 when comm is an intracommunicator of 2 or more processes (size set). */
static int runs_grids(MPI_Comm comm, int *size)
{
    int inter = 1;
    if (PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
        return 0;
    PMPI_Comm_size(comm, size);
    return *size > 1;
}

int ortho_comm_candidate(MPI_Comm comm, ortho_op op, double bytes, ortho_candidate *cand,
                         const char **why)
{
    int size;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if ((int)op < 0 || op >= ORTHO_OP_COUNT || cand == NULL)
        return MPI_ERR_ARG;
    memset(cand, 0, sizeof *cand);
    cand->variant = ORTHO_VARIANT_NATIVE;
    cand->ndims = 1;
    if (!runs_grids(comm, &size)) {
        PMPI_Comm_size(comm, &cand->dims[0]);
        if (why != NULL)
            *why = "intercommunicator or one process";
        return MPI_SUCCESS;
    }
    struct comm_cache *cache = cache_get(comm);
    if (cache == NULL)
        return MPI_ERR_NO_MEM;
    int cls = ortho__dropin_size_class(bytes);
    if (cache->decision[op][cls].layout == UNDECIDED)
        decide(cache, comm, op, cls, bytes);
    const struct decision *dc = &cache->decision[op][cls];
    if (dc->x != NULL) { /* online: what runs now between explorations, or the lock */
        const struct ortho__explore *e = &dc->x->e;
        int a = e->phase == ORTHO__EXPLORE_LOCKED ? e->locked : e->best_arm;
        if (why != NULL)
            *why = e->why;
        dc = &dc->x->arm[a];
    } else if (why != NULL) {
        *why = dc->why;
    }
    if (dc->layout == NATIVE) {
        cand->dims[0] = size;
        return MPI_SUCCESS;
    }
    const struct ortho_grid *g = cache->layouts[dc->layout].grid;
    cand->variant = (ortho_variant)dc->variant;
    cand->order = (ortho_order)dc->order;
    cand->segment = dc->segment;
    cand->node_aware = g->node_aware;
    cand->ndims = g->ndims;
    memcpy(cand->dims, g->dims, (size_t)g->ndims * sizeof g->dims[0]);
    return MPI_SUCCESS;
}

int ortho_comm_node_size(MPI_Comm comm, int *node_size)
{
    int inter = 1;
    if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
        return MPI_ERR_COMM;
    if (node_size == NULL)
        return MPI_ERR_ARG;
    int size;
    PMPI_Comm_size(comm, &size);
    if (size == 1) {
        *node_size = 1;
        return MPI_SUCCESS;
    }
    struct comm_cache *cache = cache_get(comm);
    if (cache == NULL)
        return MPI_ERR_NO_MEM;
    *node_size = ortho__select_node_size(&cache->select, comm);
    return MPI_SUCCESS;
}
