/* The multi-broadcast of a block-distributed vector, one function per
 * communication mode (a table: a new mode is one function and one row).
 *
 *   native  MPI_Allgather, or MPI_Allgatherv when p does not divide n
 *   ortho   ortho_2d_allgather(v) on a P x Q grid (--grid, else balanced):
 *           rows first, then columns with blocks of Q (formula (2))
 *   auto    the drop-in functions of the library with MPI's arguments; the
 *           library picks the layout (ORTHO_GRID, a chooser, or a balanced
 *           2D grid; include/ortho_dropin.h) and caches its grid on the
 *           communicator. */
#include "pab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int run_native(pab_mb *mb, const double *mine, double *full)
{
    int mc = mb->counts[mb->rank];
    if (mb->even)
        return MPI_Allgather(mine, mc, MPI_DOUBLE, full, mc, MPI_DOUBLE, mb->comm);
    return MPI_Allgatherv(mine, mc, MPI_DOUBLE, full, mb->counts, mb->displs, MPI_DOUBLE, mb->comm);
}

static int run_ortho(pab_mb *mb, const double *mine, double *full)
{
    int mc = mb->counts[mb->rank];
    if (mb->even)
        return ortho_2d_allgather(mine, mc, MPI_DOUBLE, full, mc, MPI_DOUBLE, mb->grid);
    return ortho_2d_allgatherv(mine, mc, MPI_DOUBLE, full, mb->counts, mb->displs, MPI_DOUBLE,
                               mb->grid);
}

static int run_auto(pab_mb *mb, const double *mine, double *full)
{
    int mc = mb->counts[mb->rank];
    if (mb->even)
        return ortho_allgather(mine, mc, MPI_DOUBLE, full, mc, MPI_DOUBLE, mb->comm);
    return ortho_allgatherv(mine, mc, MPI_DOUBLE, full, mb->counts, mb->displs, MPI_DOUBLE, mb->comm);
}

/* The layout the drop-in functions use for this multi-broadcast. */
static int auto_layout(pab_mb *mb)
{
    double bytes = (double)mb->n / mb->p * sizeof(double);
    return ortho_comm_layout(mb->comm, mb->even ? ORTHO_OP_ALLGATHER : ORTHO_OP_ALLGATHERV, bytes,
                             &mb->ndims, mb->dims, &mb->why);
}

static const struct mode {
    const char *name;
    int needs_grid;
    int (*run)(pab_mb *mb, const double *mine, double *full);
} modes[PAB_NCOMMS] = {
    [PAB_COMM_NATIVE] = { "native", 0, run_native },
    [PAB_COMM_ORTHO] = { "ortho", 1, run_ortho },
    [PAB_COMM_AUTO] = { "auto", 0, run_auto },
};

const char *pab_comm_name(pab_comm mode)
{
    return (int)mode >= 0 && mode < PAB_NCOMMS ? modes[mode].name : NULL;
}

int pab_comm_from_name(const char *name, pab_comm *mode)
{
    for (int m = 0; m < PAB_NCOMMS; m++)
        if (strcmp(name, modes[m].name) == 0) {
            *mode = (pab_comm)m;
            return 0;
        }
    return -1;
}

int pab_mb_create(MPI_Comm comm, int n, pab_comm mode, const int dims[2], pab_mb *mb)
{
    int err = MPI_SUCCESS;
    memset(mb, 0, sizeof *mb);
    mb->comm = comm;
    mb->n = n;
    mb->mode = mode;
    mb->grid = NULL;
    MPI_Comm_size(comm, &mb->p);
    MPI_Comm_rank(comm, &mb->rank);
    mb->counts = malloc((size_t)mb->p * sizeof *mb->counts);
    mb->displs = malloc((size_t)mb->p * sizeof *mb->displs);
    if (mb->counts == NULL || mb->displs == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_fail;
    }
    for (int r = 0, at = 0; r < mb->p; r++) {
        mb->counts[r] = n / mb->p + (r < n % mb->p);
        mb->displs[r] = at;
        at += mb->counts[r];
    }
    mb->even = n % mb->p == 0;
    mb->ndims = 1;
    mb->dims[0] = mb->p;
    if (modes[mode].needs_grid) {
        if ((dims[0] != 0 || dims[1] != 0) && dims[0] * dims[1] != mb->p) {
            err = MPI_ERR_DIMS;
            goto fn_fail;
        }
        mb->ndims = 2;
        err = ortho_grid_create(comm, 2, dims, &mb->grid);
        if (err == MPI_SUCCESS)
            err = ortho_grid_dims(mb->grid, mb->dims, NULL);
    } else if (mode == PAB_COMM_AUTO) {
        err = auto_layout(mb);
    }
    if (err != MPI_SUCCESS)
        goto fn_fail;
fn_exit:
    return err;
fn_fail:
    pab_mb_free(mb);
    goto fn_exit;
}

int pab_mb_run(pab_mb *mb, const double *mine, double *full)
{
    return modes[mb->mode].run(mb, mine, full);
}

const char *pab_layout_text(int ndims, const int dims[], char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    if (ndims <= 1) {
        snprintf(buf, len, "native");
        return buf;
    }
    for (int i = 0; i < ndims && at < len; i++) {
        int w = snprintf(buf + at, len - at, "%s%d", i > 0 ? "x" : "", dims[i]);
        at += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

void pab_mb_free(pab_mb *mb)
{
    ortho_grid_free(&mb->grid);
    free(mb->counts);
    free(mb->displs);
    mb->counts = mb->displs = NULL;
}
