/* Measured points against the fitted functions, drawn by gnuplot as PNG.
 * One plot per operation: time over message size (log-log), one colour
 * per group size p, points measured, lines predicted by the profile. */
#include "tools.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 64

/* The distinct group sizes of op's samples, ascending; and the size range. */
static int group_sizes(const ortho_model_sample s[], int n, ortho_model_op op, int ps[], double *bmin,
                       double *bmax)
{
    int np = 0;
    *bmin = INFINITY;
    *bmax = 0.0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        if (s[i].op != op)
            continue;
        *bmin = fmin(*bmin, s[i].bytes);
        *bmax = fmax(*bmax, s[i].bytes);
        while (k < np && ps[k] < s[i].p)
            k++;
        if ((k == np || ps[k] != s[i].p) && np < MAXP) {
            memmove(ps + k + 1, ps + k, (size_t)(np - k) * sizeof ps[0]);
            ps[k] = s[i].p;
            np++;
        }
    }
    return np;
}

static int plot_op(const char *dir, ortho_model_profile_t prof, const ortho_model_sample s[], int n,
                   ortho_model_op op)
{
    int ps[MAXP], np, err = 0;
    double bmin, bmax;
    char path[1024], cmd[2200];
    const char *name = ortho_model_op_name(op);
    FILE *f = NULL;
    np = group_sizes(s, n, op, ps, &bmin, &bmax);
    if (np == 0)
        goto fn_exit;
    /* measured: one block per p, blocks separated by two blank lines (gnuplot "index") */
    snprintf(path, sizeof path, "%s/%s.dat", dir, name);
    if ((f = fopen(path, "w")) == NULL) {
        err = 1;
        goto fn_exit;
    }
    fprintf(f, "# p bytes measured_s predicted_s\n");
    for (int k = 0; k < np; k++) {
        for (int i = 0; i < n; i++) {
            double t = NAN;
            if (s[i].op != op || s[i].p != ps[k])
                continue;
            if (ortho_model_predict(prof, op, s[i].p, s[i].bytes, &t) != MPI_SUCCESS)
                t = NAN;
            fprintf(f, "%d %.17g %.17g %.17g\n", s[i].p, s[i].bytes, s[i].seconds, t);
        }
        fprintf(f, "\n\n");
    }
    fclose(f);
    /* fitted: 60 log-spaced sizes per p */
    snprintf(path, sizeof path, "%s/%s-fit.dat", dir, name);
    if ((f = fopen(path, "w")) == NULL) {
        err = 1;
        goto fn_exit;
    }
    for (int k = 0; k < np; k++) {
        for (int j = 0; j < 60; j++) {
            double b = bmin * pow(bmax / bmin, j / 59.0), t = NAN;
            if (ortho_model_predict(prof, op, ps[k], b, &t) == MPI_SUCCESS)
                fprintf(f, "%d %.17g %.17g\n", ps[k], b, t);
        }
        fprintf(f, "\n\n");
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    if ((f = fopen(path, "w")) == NULL) {
        err = 1;
        goto fn_exit;
    }
    fprintf(f, "set terminal pngcairo size 900,600 noenhanced\n");
    fprintf(f, "set output '%s/%s.png'\n", dir, name);
    fprintf(f, "set title 'MPI_%s: measured (points) and fitted (lines)'\n", name);
    fprintf(f, "set logscale xy\nset xlabel 'message size b [bytes]'\nset ylabel 'time [s]'\n");
    fprintf(f, "set key left top\nset grid\n");
    fprintf(f, "plot ");
    for (int k = 0; k < np; k++)
        fprintf(f, "%s'%s/%s.dat' index %d using 2:3 with points pt 7 lc %d title 'p=%d', "
                   "'%s/%s-fit.dat' index %d using 2:3 with lines lc %d notitle",
                k ? ", \\\n     " : "", dir, name, k, k + 1, ps[k], dir, name, k, k + 1);
    fprintf(f, "\n");
    fclose(f);
    snprintf(cmd, sizeof cmd, "gnuplot '%s' 2>&1", path);
    if (system(cmd) != 0)
        err = 1;
fn_exit:
    return err;
}

int tool_plot(const char *dir, ortho_model_profile_t prof, const ortho_model_sample s[], int n)
{
    int err = 0;
    for (int op = 0; op < ORTHO_MODEL_NOPS; op++)
        err |= plot_op(dir, prof, s, n, (ortho_model_op)op);
    return err;
}
