/* The grids of the drop-in functions, cached on each communicator.
 *
 * One attribute per communicator holds the grids made for it and the
 * decision taken per operation and size class. Its delete callback frees
 * the grids, so MPI_Comm_free releases everything. MPI_COMM_WORLD is never
 * freed by the user: an attribute on MPI_COMM_SELF, whose delete callback
 * MPI_Finalize calls first, releases the world's cache while MPI still
 * works, and the keyvals with it. */
#include "dropin/dropin_private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid/grid_private.h"

enum {
    MAX_LAYOUTS = 16,
    /* 0: unknown size, 1: 0 bytes, 2 + k: [2^k, 2^(k+1)) bytes */
    SIZE_CLASSES = 66,
    UNDECIDED = -2,
    NATIVE = -1
};

struct cached_layout {
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];   /* as asked for (the key) */
    ortho_grid_t grid;
};

struct comm_cache {
    int size, rank;
    int verbose;
    char label[MPI_MAX_OBJECT_NAME + 16];   /* for ORTHO_VERBOSE */
    enum ortho_env_grid env;
    int env_ndims;
    int env_dims[ORTHO_GRID_MAX_DIMS];
    char env_why[64];                       /* "ORTHO_GRID=8x12" */
    int nlayouts;
    struct cached_layout layouts[MAX_LAYOUTS];
    signed char decision[ORTHO_OP_COUNT][SIZE_CLASSES];
    const char *why[ORTHO_OP_COUNT][SIZE_CLASSES];
};

/* Keyvals: process-wide handles, like the communicators MPI predefines. */
static int cache_keyval = MPI_KEYVAL_INVALID;
static int finalize_keyval = MPI_KEYVAL_INVALID;
static int malformed_reported;
static int caches_made;

static void cache_free(struct comm_cache *cache)
{
    for (int i = cache->nlayouts - 1; i >= 0; i--)
        ortho_grid_free(&cache->layouts[i].grid);
    free(cache);
}

static int cache_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
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
    /* SimGrid's SMPI deletes these attributes once MPI is finalized: the
     * process ends anyway, nothing is released there. */
    PMPI_Finalized(&finalized);
    if (finalized)
        return MPI_SUCCESS;
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

static int keyvals_create(void)
{
    if (cache_keyval != MPI_KEYVAL_INVALID)
        return MPI_SUCCESS;
    int err = PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, cache_delete, &cache_keyval, NULL);
    if (!err)
        err = PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &finalize_keyval, NULL);
    if (!err)
        err = PMPI_Comm_set_attr(MPI_COMM_SELF, finalize_keyval, NULL);
    return err;
}

int ortho__dropin_comm(MPI_Comm comm, int *size, int *rank)
{
    int inter = 1;
    if (comm == MPI_COMM_NULL || PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter)
        return 0;
    PMPI_Comm_size(comm, size);
    PMPI_Comm_rank(comm, rank);
    return *size > 1;
}

double ortho__dropin_bytes(double count, MPI_Datatype type)
{
    int size = 0;
    PMPI_Type_size(type, &size);
    return count * size;
}

static struct comm_cache *cache_get(MPI_Comm comm)
{
    struct comm_cache *cache = NULL;
    int found = 0;
    if (keyvals_create() != MPI_SUCCESS)
        return NULL;
    if (PMPI_Comm_get_attr(comm, cache_keyval, &cache, &found) == MPI_SUCCESS && found)
        return cache;
    cache = calloc(1, sizeof *cache);
    if (cache == NULL)
        return NULL;
    PMPI_Comm_size(comm, &cache->size);
    PMPI_Comm_rank(comm, &cache->rank);
    memset(cache->decision, UNDECIDED, sizeof cache->decision);
    char name[MPI_MAX_OBJECT_NAME] = "";
    int name_len = 0;
    PMPI_Comm_get_name(comm, name, &name_len);
    caches_made++;
    if (name_len > 0)
        snprintf(cache->label, sizeof cache->label, "%s", name);
    else
        snprintf(cache->label, sizeof cache->label, "communicator #%d", caches_made);
    const char *verbose = getenv("ORTHO_VERBOSE");
    cache->verbose = verbose != NULL && verbose[0] != '\0' && strcmp(verbose, "0") != 0;
    const char *text = getenv("ORTHO_GRID");
    cache->env = ortho__parse_grid(text, &cache->env_ndims, cache->env_dims);
    snprintf(cache->env_why, sizeof cache->env_why, "ORTHO_GRID=%s", text != NULL ? text : "");
    if (cache->env == ORTHO_ENV_MALFORMED && cache->rank == 0 && !malformed_reported) {
        fprintf(stderr,
                "ortho: ORTHO_GRID=\"%s\" is not a layout (examples: 8x12, 4x4x6, native); "
                "the native MPI collectives run instead\n",
                text);
        malformed_reported = 1;
    }
    if (PMPI_Comm_set_attr(comm, cache_keyval, cache) != MPI_SUCCESS) {
        free(cache);
        return NULL;
    }
    return cache;
}

static int size_class(double bytes)
{
    if (bytes < 0)
        return 0;
    if (bytes < 1)
        return 1;
    int k = (int)floor(log2(bytes));
    return 2 + (k < SIZE_CLASSES - 3 ? k : SIZE_CLASSES - 3);
}

/* The cached grid for a layout, made when first asked for; -1 when it
 * cannot be made (then the native call). Collective over comm. */
static int layout_index(struct comm_cache *cache, MPI_Comm comm, int ndims, const int dims[])
{
    for (int i = 0; i < cache->nlayouts; i++)
        if (cache->layouts[i].ndims == ndims &&
            memcmp(cache->layouts[i].dims, dims, (size_t)ndims * sizeof dims[0]) == 0)
            return i;
    if (cache->nlayouts == MAX_LAYOUTS)
        return -1;
    struct cached_layout *l = &cache->layouts[cache->nlayouts];
    if (ortho__grid_create_quiet(comm, ndims, dims, &l->grid) != MPI_SUCCESS)
        return -1;
    l->ndims = ndims;
    memcpy(l->dims, dims, (size_t)ndims * sizeof dims[0]);
    return cache->nlayouts++;
}

static void report(const struct comm_cache *cache, ortho_op op, int cls)
{
    char range[64], layout[160];
    int d = cache->decision[op][cls];
    ortho__size_class_text(cls, range, sizeof range);
    if (d == NATIVE) {
        snprintf(layout, sizeof layout, "native");
    } else {
        const struct ortho_grid *g = cache->layouts[d].grid;
        int at = snprintf(layout, sizeof layout, "grid ");
        for (int i = 0; i < g->ndims && at < (int)sizeof layout; i++)
            at += snprintf(layout + at, sizeof layout - (size_t)at, "%s%d", i ? "x" : "",
                           g->dims[i]);
        if (ortho__is_uneven(g) && at < (int)sizeof layout)
            snprintf(layout + at, sizeof layout - (size_t)at, " (uneven: last row %d of %d)",
                     g->last_len, ortho__row_size(g));
        else if (ortho__is_flat(g) && at < (int)sizeof layout)
            snprintf(layout + at, sizeof layout - (size_t)at, " (one phase: native)");
    }
    fprintf(stderr, "ortho: %s on %s (%d processes), %s: %s (%s)\n", ortho_op_name(op),
            cache->label, cache->size, range, layout, cache->why[op][cls]);
}

/* Takes the decision for op in class cls. Collective over comm. */
static void decide(struct comm_cache *cache, MPI_Comm comm, ortho_op op, int cls, double bytes)
{
    int ndims = 1, dims[ORTHO_GRID_MAX_DIMS] = {0};
    const char *why;
    if (cache->env == ORTHO_ENV_NATIVE) {
        why = "ORTHO_GRID=native";
    } else if (cache->env == ORTHO_ENV_MALFORMED) {
        why = "ORTHO_GRID is malformed";
    } else if (cache->env == ORTHO_ENV_LAYOUT) {
        ndims = cache->env_ndims;
        memcpy(dims, cache->env_dims, (size_t)ndims * sizeof dims[0]);
        why = cache->env_why;
    } else {
        ortho__choose_layout(op, cache->size, bytes, &ndims, dims, &why);
    }
    int d = NATIVE;
    if (ndims > 1 || cache->env == ORTHO_ENV_LAYOUT) {
        d = layout_index(cache, comm, ndims, dims);
        if (d < 0) {
            d = NATIVE;
            why = "the grid could not be made";
        }
    }
    cache->decision[op][cls] = (signed char)d;
    cache->why[op][cls] = why;
    if (cache->verbose && cache->rank == 0)
        report(cache, op, cls);
}

ortho_grid_t ortho__dropin_grid(MPI_Comm comm, ortho_op op, double bytes)
{
    struct comm_cache *cache = cache_get(comm);
    if (cache == NULL)
        return NULL;
    int cls = size_class(bytes);
    if (cache->decision[op][cls] == UNDECIDED)
        decide(cache, comm, op, cls, bytes);
    int d = cache->decision[op][cls];
    if (d == NATIVE || ortho__is_flat(cache->layouts[d].grid))
        return NULL;
    return cache->layouts[d].grid;
}

int ortho_comm_layout(MPI_Comm comm, ortho_op op, double bytes, int *ndims,
                      int dims[ORTHO_GRID_MAX_DIMS], const char **why)
{
    int size, rank;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if ((int)op < 0 || op >= ORTHO_OP_COUNT || ndims == NULL || dims == NULL)
        return MPI_ERR_ARG;
    *ndims = 1;
    if (!ortho__dropin_comm(comm, &size, &rank)) {
        PMPI_Comm_size(comm, &dims[0]);
        if (why != NULL)
            *why = "intercommunicator or one process";
        return MPI_SUCCESS;
    }
    ortho__dropin_grid(comm, op, bytes);
    struct comm_cache *cache = cache_get(comm);
    if (cache == NULL)
        return MPI_ERR_NO_MEM;
    int cls = size_class(bytes), d = cache->decision[op][cls];
    if (why != NULL)
        *why = cache->why[op][cls];
    if (d == NATIVE) {
        dims[0] = size;
        return MPI_SUCCESS;
    }
    *ndims = cache->layouts[d].grid->ndims;
    memcpy(dims, cache->layouts[d].grid->dims, (size_t)*ndims * sizeof dims[0]);
    return MPI_SUCCESS;
}
