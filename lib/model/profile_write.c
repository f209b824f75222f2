/* Writing the profile text format (docs/profile-format.md). Coefficients,
 * sizes and parameters are written in the shortest form that reads back
 * exactly; the fit statistics with 4 significant digits. The text ends
 * with the end line of format version 3 (the number of lines before it and
 * their checksum), so that a reader tells a cut file from a whole one; a
 * file is written under a temporary name in its directory and renamed, so
 * that a failed write never leaves the old profile cut or lost. */
#include "model/model_private.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void write_range(FILE *out, const ortho_model_range *r)
{
    char text[ORTHO_MODEL_RANGE_TEXT_MAX];
    ortho_model_range_text(r, text, (int)sizeof text);
    if (text[0] != '\0')
        fprintf(out, " %s", text);
}

static void write_entry(FILE *out, const ortho_model_entry *e)
{
    const ortho_model_form_info *f = &ortho__forms[e->form].info;
    char v[48];
    fprintf(out, "%-9s", ortho_model_op_name(e->op));
    write_range(out, &e->range);
    fprintf(out, " %s", f->name);
    for (int j = 0; j < f->ncoefs; j++) {
        ortho__format_seconds(v, sizeof v, e->coefs[j]);
        fprintf(out, " %s=%s", f->coef_names[j], v);
    }
    if (e->stats.nsamples > 0) /* quality figures: 4 digits are enough */
        fprintf(out, " samples=%d r2=%.4g rse=%.4gs mean_rel=%.4g max_rel=%.4g cv_rel=%.4g",
                e->stats.nsamples, e->stats.r2, e->stats.rse, e->stats.mean_rel, e->stats.max_rel,
                e->stats.cv_rel);
    fputc('\n', out);
}

/* Every line but the end line. */
static void write_body(ortho_model_profile_t prof, FILE *out)
{
    char v[48];
    fprintf(out, "ortho-profile %d\n", ORTHO_MODEL_PROFILE_VERSION);
    fprintf(out, "# format: docs/profile-format.md\n");
    if (prof->machine != NULL)
        fprintf(out, "machine %s\n", prof->machine);
    for (int i = 0; i < prof->nparams; i++) {
        /* counts, sizes and factors (node_size, eager_limit, share_OP,
         * hop_fan, hop_pair, hop_net_pair) are no times: plain numbers */
        if (strcmp(prof->params[i].name, "node_size") == 0
            || strcmp(prof->params[i].name, "eager_limit") == 0
            || strcmp(prof->params[i].name, "hop_fan") == 0
            || strcmp(prof->params[i].name, "hop_pair") == 0
            || strcmp(prof->params[i].name, "hop_net_pair") == 0
            || strncmp(prof->params[i].name, "share", 5) == 0)
            ortho__format_double(v, sizeof v, prof->params[i].value);
        else
            ortho__format_seconds(v, sizeof v, prof->params[i].value);
        fprintf(out, "param %s %s\n", prof->params[i].name, v);
    }
    for (int i = 0; i < prof->nentries; i++)
        write_entry(out, &prof->entries[i]);
    for (int i = 0; i < prof->ndecisions; i++)
        ortho__decision_write(out, &prof->decisions[i]);
    for (int i = 0; i < prof->ncurves; i++)
        ortho__curve_write(out, &prof->curves[i].c);
}

/* The body, made in memory, then the end line: "end lines=N cksum=C". */
static int write_stream(ortho_model_profile_t prof, FILE *out)
{
    int err = MPI_SUCCESS, lines = 0;
    char *text = NULL;
    size_t len = 0;
    struct ortho__cksum sum = { 0, 0 };
    FILE *mem = NULL;
    if (prof == NULL || out == NULL) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    mem = open_memstream(&text, &len);
    if (mem == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    write_body(prof, mem);
    if (fclose(mem) != 0 || text == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    ortho__cksum_add(&sum, text, len);
    if (fwrite(text, 1, len, out) != len
        || fprintf(out, "end lines=%d cksum=%lu\n", lines, ortho__cksum_value(&sum)) < 0
        || fflush(out) != 0 || ferror(out))
        err = MPI_ERR_FILE;
fn_exit:
    free(text);
    return err;
}

int ortho_model_profile_write_stream(ortho_model_profile_t prof, FILE *out)
{
    return write_stream(prof, out);
}

/* Where the text goes: path, or the file a symbolic link path names,
 * followed through at most 16 links (the link stays a link). The caller
 * frees it. */
static char *write_target(const char *path)
{
    char *target = malloc(strlen(path) + 1);
    struct stat st;
    if (target != NULL)
        strcpy(target, path);
    for (int hops = 0; target != NULL && hops < 16 && lstat(target, &st) == 0
                       && S_ISLNK(st.st_mode); hops++) {
        char link[4096];
        ssize_t n = readlink(target, link, sizeof link - 1);
        const char *slash = strrchr(target, '/');
        size_t dir = 0;
        char *next = NULL;
        if (n <= 0 || (size_t)n >= sizeof link - 1)
            break;
        link[n] = '\0';
        dir = link[0] == '/' || slash == NULL ? 0 : (size_t)(slash - target) + 1;
        next = malloc(dir + (size_t)n + 1);
        if (next != NULL) {
            memcpy(next, target, dir); /* a relative link is relative to the link's folder */
            strcpy(next + dir, link);
        }
        free(target);
        target = next;
    }
    return target;
}

/* Writes the profile to TARGET.tmp.PID.K (created, never an existing file,
 * with the permissions of the file it replaces), flushes it to the disk,
 * then renames it to TARGET: readers see the old profile or the new one,
 * whole, and a failure removes the temporary file and leaves the old one.
 * A TARGET that exists and is no regular file (/dev/stdout) is written in
 * place. */
int ortho_model_profile_write(ortho_model_profile_t prof, const char *path)
{
    int err = MPI_SUCCESS, fd = -1, exists = 0;
    char *target = NULL, *tmp = NULL;
    FILE *out = NULL;
    struct stat st;
    if (prof == NULL || path == NULL || path[0] == '\0') {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    target = write_target(path);
    tmp = target != NULL ? malloc(strlen(target) + 48) : NULL;
    if (tmp == NULL) {
        err = MPI_ERR_NO_MEM;
        goto fn_exit;
    }
    exists = stat(target, &st) == 0;
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device or a pipe (/dev/stdout): no rename, written in place */
        out = fopen(target, "w");
        err = out != NULL ? write_stream(prof, out) : MPI_ERR_FILE;
        if (out != NULL && fclose(out) != 0 && err == MPI_SUCCESS)
            err = MPI_ERR_FILE;
        goto fn_exit;
    }
    for (int k = 0; k < 100 && fd < 0; k++) {
        snprintf(tmp, strlen(target) + 48, "%s.tmp.%ld.%d", target, (long)getpid(), k);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        err = MPI_ERR_FILE;
        goto fn_exit;
    }
    if (exists)
        (void)fchmod(fd, st.st_mode & 07777); /* as fopen(path, "w") kept them */
    out = fdopen(fd, "w");
    if (out == NULL) {
        close(fd);
        err = MPI_ERR_FILE;
        goto fn_fail;
    }
    err = write_stream(prof, out);
    if (err == MPI_SUCCESS && fsync(fileno(out)) != 0)
        err = MPI_ERR_FILE;
    if (fclose(out) != 0 && err == MPI_SUCCESS)
        err = MPI_ERR_FILE;
    if (err == MPI_SUCCESS && rename(tmp, target) != 0)
        err = MPI_ERR_FILE;
    if (err != MPI_SUCCESS)
        goto fn_fail;
fn_exit:
    free(tmp);
    free(target);
    return err;
fn_fail:
    unlink(tmp);
    goto fn_exit;
}
