/* The communication modes: each is one table of the four collectives the
 * variants call.
 *
 *   native  MPI_Allgather(v), MPI_Allreduce, MPI_Reduce, MPI_Bcast
 *   ortho   ortho_2d_* on a 2D grid of the layout given (--grid), ortho_nd_*
 *           on a grid of three or more dimensions; a layout that does not
 *           divide p becomes an uneven grid (ortho_grid_create_uneven)
 *   auto    the drop-in functions (ortho_allgather, ...: MPI's arguments),
 *           the library picks the layout: ORTHO_GRID, a chooser, or a
 *           balanced 2D grid (include/ortho_dropin.h) */
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

/* ---- orthogonal on a 2D grid ----------------------------------------------- */
static int grid2d_allgatherv(const double *send, int count, double *recv, const int counts[],
                             const int displs[], const struct jacobi_comm *c)
{
    if (c->even)
        return ortho_2d_allgather(send, count, MPI_DOUBLE, recv, count, MPI_DOUBLE, c->grid);
    return ortho_2d_allgatherv(send, count, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE,
                               c->grid);
}

static int grid2d_allreduce(const double *send, double *recv, int n, const struct jacobi_comm *c)
{
    return ortho_2d_allreduce(send, recv, n, MPI_DOUBLE, MPI_SUM, c->grid);
}

static int grid2d_reduce(const double *send, double *recv, int n, int root,
                         const struct jacobi_comm *c)
{
    return ortho_2d_reduce(send, recv, n, MPI_DOUBLE, MPI_SUM, root, c->grid);
}

static int grid2d_bcast(double *buf, int n, int root, const struct jacobi_comm *c)
{
    return ortho_2d_bcast(buf, n, MPI_DOUBLE, root, c->grid);
}

static const struct jacobi_comm_ops grid2d_ops = {
    grid2d_allgatherv, grid2d_allreduce, grid2d_reduce, grid2d_bcast
};

/* ---- orthogonal on an N-D grid ---------------------------------------------- */
static int gridnd_allgatherv(const double *send, int count, double *recv, const int counts[],
                             const int displs[], const struct jacobi_comm *c)
{
    if (c->even)
        return ortho_nd_allgather(send, count, MPI_DOUBLE, recv, count, MPI_DOUBLE, c->grid);
    return ortho_nd_allgatherv(send, count, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE,
                               c->grid);
}

static int gridnd_allreduce(const double *send, double *recv, int n, const struct jacobi_comm *c)
{
    return ortho_nd_allreduce(send, recv, n, MPI_DOUBLE, MPI_SUM, c->grid);
}

static int gridnd_reduce(const double *send, double *recv, int n, int root,
                         const struct jacobi_comm *c)
{
    return ortho_nd_reduce(send, recv, n, MPI_DOUBLE, MPI_SUM, root, c->grid);
}

static int gridnd_bcast(double *buf, int n, int root, const struct jacobi_comm *c)
{
    return ortho_nd_bcast(buf, n, MPI_DOUBLE, root, c->grid);
}

static const struct jacobi_comm_ops gridnd_ops = {
    gridnd_allgatherv, gridnd_allreduce, gridnd_reduce, gridnd_bcast
};

/* ---- automatic: the drop-in functions ---------------------------------------- */
static int auto_allgatherv(const double *send, int count, double *recv, const int counts[],
                           const int displs[], const struct jacobi_comm *c)
{
    if (c->even)
        return ortho_allgather(send, count, MPI_DOUBLE, recv, count, MPI_DOUBLE, c->comm);
    return ortho_allgatherv(send, count, MPI_DOUBLE, recv, counts, displs, MPI_DOUBLE, c->comm);
}

static int auto_allreduce(const double *send, double *recv, int n, const struct jacobi_comm *c)
{
    return ortho_allreduce(send, recv, n, MPI_DOUBLE, MPI_SUM, c->comm);
}

static int auto_reduce(const double *send, double *recv, int n, int root,
                       const struct jacobi_comm *c)
{
    return ortho_reduce(send, recv, n, MPI_DOUBLE, MPI_SUM, root, c->comm);
}

static int auto_bcast(double *buf, int n, int root, const struct jacobi_comm *c)
{
    return ortho_bcast(buf, n, MPI_DOUBLE, root, c->comm);
}

static const struct jacobi_comm_ops auto_ops = {
    auto_allgatherv, auto_allreduce, auto_reduce, auto_bcast
};

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

/* "4x6"; "native" for one dimension. */
static void layout_text(const ortho_model_layout *l, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    if (l->ndims == 1)
        snprintf(out, cap, "native");
    for (int i = 0; i < l->ndims && l->ndims > 1 && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s%d", i ? "x" : "", l->dims[i]);
}

static int layout_size(const ortho_model_layout *l)
{
    int prod = 1;
    for (int i = 0; i < l->ndims; i++)
        prod *= l->dims[i];
    return prod;
}

/* The layout the drop-in functions take for collective k of the variant. */
static int auto_layout(struct jacobi_comm *c, enum jacobi_variant v, int n, int p, int k)
{
    static const ortho_op ops[JACOBI_NVARIANTS][2] = {
        { ORTHO_OP_ALLGATHER, ORTHO_OP_ALLGATHER },
        { ORTHO_OP_ALLREDUCE, ORTHO_OP_ALLGATHER },
        { ORTHO_OP_REDUCE, ORTHO_OP_BCAST },
    };
    ortho_op op = ops[v][k];
    double bytes = (double)n * sizeof(double);
    if (op == ORTHO_OP_ALLGATHER) {
        bytes /= p;
        op = c->even ? ORTHO_OP_ALLGATHER : ORTHO_OP_ALLGATHERV;
    }
    return ortho_comm_layout(c->comm, op, bytes, &c->layout[k].ndims, c->layout[k].dims, NULL);
}

int jacobi_comm_init(struct jacobi_comm *c, enum jacobi_mode mode, enum jacobi_variant v, int n,
                     const ortho_model_layout *layout, MPI_Comm comm)
{
    int p, err = MPI_SUCCESS;
    char text[2][24];
    memset(c, 0, sizeof *c);
    MPI_Comm_size(comm, &p);
    c->mode = mode;
    c->comm = comm;
    c->even = n % p == 0;
    c->layout[0].ndims = 1;
    c->layout[0].dims[0] = p;
    c->ops = &native_ops;
    if (mode == JACOBI_ORTHO) {
        ortho_model_layout l = *layout;
        if (layout_size(&l) == p)
            err = ortho_grid_create(comm, l.ndims, l.dims, &c->grid);
        else
            err = ortho_grid_create_uneven(comm, l.ndims, l.dims, &c->grid);
        if (err == MPI_SUCCESS)
            err = ortho_grid_dims(c->grid, l.dims, NULL);
        if (err != MPI_SUCCESS)
            goto fn_fail;
        c->layout[0] = l;
        c->uneven = layout_size(&l) != p;
        c->ops = l.ndims == 2 ? &grid2d_ops : &gridnd_ops;
    } else if (mode == JACOBI_AUTO) {
        err = auto_layout(c, v, n, p, 0);
        if (err == MPI_SUCCESS)
            err = auto_layout(c, v, n, p, 1);
        if (err != MPI_SUCCESS)
            goto fn_fail;
        c->uneven = layout_size(&c->layout[0]) != p || layout_size(&c->layout[1]) != p;
        c->ops = &auto_ops;
    }
    if (mode != JACOBI_AUTO)
        c->layout[1] = c->layout[0];
    layout_text(&c->layout[0], text[0], sizeof text[0]);
    layout_text(&c->layout[1], text[1], sizeof text[1]);
    if (mode == JACOBI_NATIVE)
        snprintf(c->name, sizeof c->name, "native");
    else if (strcmp(text[0], text[1]) == 0)
        snprintf(c->name, sizeof c->name, "%s %s%s", mode == JACOBI_ORTHO ? "ortho" : "auto",
                 text[0], c->uneven ? "*" : "");
    else
        snprintf(c->name, sizeof c->name, "auto %s+%s%s", text[0], text[1], c->uneven ? "*" : "");
fn_exit:
    return err;
fn_fail:
    jacobi_comm_free(c);
    goto fn_exit;
}

void jacobi_comm_free(struct jacobi_comm *c)
{
    ortho_grid_free(&c->grid);
    memset(c, 0, sizeof *c);
}
