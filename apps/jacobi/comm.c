/* The communication modes: each is one table of the four collectives the
 * variants call.
 *
 *   native  MPI_Allgather(v), MPI_Allreduce, MPI_Reduce, MPI_Bcast
 *   ortho   ortho_2d_* on a grid of the layout given (--grid)
 *   auto    the layout the library picks by itself: ORTHO_GRID (e.g. 4x6,
 *           native), else a balanced 2D grid (MPI_Dims_create) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jacobi.h"

/* ---- native --------------------------------------------------------------- */
static int native_allgatherv(const double *send, int count, double *recv, const int counts[],
                             const int displs[], const struct jacobi_comm *c)
{
    if (c->even)
        return MPI_Allgather(send, count, MPI_DOUBLE, recv, count, MPI_DOUBLE, c->comm);
    return MPI_Allgatherv(send, count, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE, c->comm);
}

static int native_allreduce(const double *send, double *recv, int n, const struct jacobi_comm *c)
{
    return MPI_Allreduce(send, recv, n, MPI_DOUBLE, MPI_SUM, c->comm);
}

static int native_reduce(const double *send, double *recv, int n, int root,
                         const struct jacobi_comm *c)
{
    return MPI_Reduce(send, recv, n, MPI_DOUBLE, MPI_SUM, root, c->comm);
}

static int native_bcast(double *buf, int n, int root, const struct jacobi_comm *c)
{
    return MPI_Bcast(buf, n, MPI_DOUBLE, root, c->comm);
}

static const struct jacobi_comm_ops native_ops = {
    native_allgatherv, native_allreduce, native_reduce, native_bcast
};

/* ---- orthogonal, on c->grid ------------------------------------------------ */
static int grid_allgatherv(const double *send, int count, double *recv, const int counts[],
                           const int displs[], const struct jacobi_comm *c)
{
    if (c->even)
        return ortho_2d_allgather(send, count, MPI_DOUBLE, recv, count, MPI_DOUBLE, c->grid);
    return ortho_2d_allgatherv(send, count, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE,
                               c->grid);
}

static int grid_allreduce(const double *send, double *recv, int n, const struct jacobi_comm *c)
{
    return ortho_2d_allreduce(send, recv, n, MPI_DOUBLE, MPI_SUM, c->grid);
}

static int grid_reduce(const double *send, double *recv, int n, int root,
                       const struct jacobi_comm *c)
{
    return ortho_2d_reduce(send, recv, n, MPI_DOUBLE, MPI_SUM, root, c->grid);
}

static int grid_bcast(double *buf, int n, int root, const struct jacobi_comm *c)
{
    return ortho_2d_bcast(buf, n, MPI_DOUBLE, root, c->grid);
}

static const struct jacobi_comm_ops grid_ops = {
    grid_allgatherv, grid_allreduce, grid_reduce, grid_bcast
};

/* ---- automatic ------------------------------------------------------------- */
/* The layout ORTHO_GRID names, else a balanced 2D one. Returns 0, or -1
 * for a malformed ORTHO_GRID (then the balanced layout is used). */
static int auto_layout(int p, ortho_model_layout *l)
{
    const char *env = getenv("ORTHO_GRID");
    int rc = 0;
    if (env != NULL && *env != '\0') {
        if (strcmp(env, "native") == 0) {
            l->ndims = 1;
            l->dims[0] = p;
            return 0;
        }
        if (jacobi_parse_layout(env, l) == 0 && l->ndims == 2 && l->dims[0] * l->dims[1] == p)
            return 0;
        rc = -1;
    }
    l->ndims = 2;
    l->dims[0] = l->dims[1] = 0;
    MPI_Dims_create(p, 2, l->dims);
    return rc;
}

/* ---- setup ------------------------------------------------------------------ */
int jacobi_parse_layout(const char *text, ortho_model_layout *l)
{
    const char *s = text;
    l->ndims = 0;
    while (*s != '\0') {
        char *end;
        long d = strtol(s, &end, 10);
        if (end == s || d < 1 || d > 1 << 20 || l->ndims == ORTHO_GRID_MAX_DIMS)
            return -1;
        l->dims[l->ndims++] = (int)d;
        s = end;
        if (*s == 'x')
            s++;
        else if (*s != '\0')
            return -1;
    }
    return l->ndims > 0 && s[-1] != 'x' ? 0 : -1;
}

static void layout_text(const ortho_model_layout *l, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < l->ndims && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%d", i ? "x" : "", l->dims[i]);
}

int jacobi_comm_init(struct jacobi_comm *c, enum jacobi_mode mode,
                     const ortho_model_layout *layout, MPI_Comm comm, int even)
{
    int p, err = MPI_SUCCESS;
    char text[32];
    memset(c, 0, sizeof *c);
    MPI_Comm_size(comm, &p);
    c->mode = mode;
    c->comm = comm;
    c->even = even;
    c->layout.ndims = 1;
    c->layout.dims[0] = p;
    c->ops = &native_ops;
    if (mode == JACOBI_ORTHO)
        c->layout = *layout;
    else if (mode == JACOBI_AUTO && auto_layout(p, &c->layout) != 0) {
        int rank;
        MPI_Comm_rank(comm, &rank);
        if (rank == 0)
            fprintf(stderr, "jacobi: ORTHO_GRID=%s is not a 2D layout of %d; using %dx%d\n",
                    getenv("ORTHO_GRID"), p, c->layout.dims[0], c->layout.dims[1]);
    }
    if (mode != JACOBI_NATIVE && c->layout.ndims > 1) {
        if (c->layout.ndims != 2)
            return MPI_ERR_DIMS; /* N-D needs the ortho_nd_ operations */
        err = ortho_grid_create(comm, c->layout.ndims, c->layout.dims, &c->grid);
        if (err != MPI_SUCCESS)
            return err;
        c->ops = &grid_ops;
    }
    layout_text(&c->layout, text, sizeof text);
    snprintf(c->name, sizeof c->name, "%s%s%s",
             mode == JACOBI_NATIVE ? "native" : mode == JACOBI_ORTHO ? "ortho" : "auto",
             mode == JACOBI_NATIVE ? "" : " ", mode == JACOBI_NATIVE ? "" : text);
    return err;
}

void jacobi_comm_free(struct jacobi_comm *c)
{
    ortho_grid_free(&c->grid);
    memset(c, 0, sizeof *c);
}
