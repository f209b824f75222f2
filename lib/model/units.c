/* Numbers with units in text: sizes (K, M, G) and times (s, ms, us, ns),
 * read and written; the shortest decimal form of a double that reads back
 * exactly. Sizes are written in two forms from one rule (a K or M suffix
 * where it is exact): the profile format's (the number in its shortest
 * exact form, "1e+03") and the tools' (whole numbers in plain digits,
 * "1000"). */
#include "model/model_private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parse a finite number followed by one of the suffixes; scale by its factor. */
static int parse_scaled(const char *text, const char *const suffix[], const double factor[],
                        int nsuffix, double *value)
{
    int err = MPI_ERR_ARG;
    char *end = NULL;
    double v = 0.0;
    if (text == NULL || value == NULL || *text == '\0')
        goto fn_exit;
    errno = 0;
    v = strtod(text, &end);
    if (end == text || errno == ERANGE || !isfinite(v))
        goto fn_exit;
    for (int i = 0; i < nsuffix; i++) {
        if (strcmp(end, suffix[i]) == 0) {
            *value = v * factor[i];
            err = MPI_SUCCESS;
            break;
        }
    }
fn_exit:
    return err;
}

int ortho_model_parse_bytes(const char *text, double *bytes)
{
    static const char *const suffix[] = { "", "K", "M", "G", "k", "B" };
    static const double factor[] = { 1.0, 1024.0, 1048576.0, 1073741824.0, 1024.0, 1.0 };
    double v = 0.0;
    int err = parse_scaled(text, suffix, factor, 6, &v);
    if (err == MPI_SUCCESS && v < 0.0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        *bytes = v;
    return err;
}

int ortho_model_parse_seconds(const char *text, double *seconds)
{
    static const char *const suffix[] = { "", "s", "ms", "us", "ns" };
    static const double factor[] = { 1.0, 1.0, 1e-3, 1e-6, 1e-9 };
    return parse_scaled(text, suffix, factor, 5, seconds);
}

void ortho__format_seconds(char *buf, size_t size, double v)
{
    static const char *const unit[] = { "s", "ms", "us", "ns" };
    static const double factor[] = { 1.0, 1e-3, 1e-6, 1e-9 };
    char best[64] = "", cand[64];
    for (int u = 0; u < 4; u++) {
        double m = fabs(v / factor[u]);
        if (u > 0 && !(m >= 1e-3 && m < 1e4)) /* no 17840429ns: s, or a unit that reads well */
            continue;
        for (int digits = 1; digits <= 17; digits++) {
            snprintf(cand, sizeof cand, "%.*g", digits, v / factor[u]);
            if (strtod(cand, NULL) * factor[u] == v) {
                strcat(cand, unit[u]);
                if (best[0] == '\0' || strlen(cand) < strlen(best))
                    strcpy(best, cand);
                break;
            }
        }
    }
    if (best[0] == '\0') {
        ortho__format_double(cand, sizeof cand - 1, v);
        snprintf(best, sizeof best, "%ss", cand);
    }
    snprintf(buf, size, "%s", best);
}

void ortho__format_double(char *buf, size_t size, double v)
{
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, size, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
}

/* v in plain digits when it is a whole number below 2^53 and plain is
 * set, else in its shortest exact form. */
static void number_text(char *buf, size_t n, double v, int plain)
{
    if (plain && v == floor(v) && fabs(v) < 9007199254740992.0)
        snprintf(buf, n, "%.0f", v);
    else
        ortho__format_double(buf, n, v);
}

/* A size with the suffix M or K where it is a whole number of them. */
static void size_text(char *buf, size_t n, double v, int plain)
{
    char num[40];
    if (v >= 1048576.0 && fmod(v, 1048576.0) == 0.0) {
        number_text(num, sizeof num, v / 1048576.0, plain);
        snprintf(buf, n, "%sM", num);
    } else if (v >= 1024.0 && fmod(v, 1024.0) == 0.0) {
        number_text(num, sizeof num, v / 1024.0, plain);
        snprintf(buf, n, "%sK", num);
    } else {
        number_text(buf, n, v, plain);
    }
}

void ortho__size_text(char *buf, size_t n, double v)
{
    size_text(buf, n, v, 0);
}

/* text from a formatted buffer: MPI_ERR_TRUNCATE when it does not fit. */
static int copy_out(const char *from, char *text, int len)
{
    if (text == NULL || len < 1)
        return MPI_ERR_ARG;
    snprintf(text, (size_t)len, "%s", from);
    return strlen(from) < (size_t)len ? MPI_SUCCESS : MPI_ERR_TRUNCATE;
}

int ortho_model_size_text(double bytes, char *text, int len)
{
    char buf[64];
    size_text(buf, sizeof buf, bytes, 1);
    return copy_out(buf, text, len);
}

int ortho_model_time_text(double seconds, char *text, int len)
{
    char buf[64];
    if (seconds >= 1.0)
        snprintf(buf, sizeof buf, "%.3g s", seconds);
    else if (seconds >= 1e-3)
        snprintf(buf, sizeof buf, "%.3g ms", seconds * 1e3);
    else
        snprintf(buf, sizeof buf, "%.3g us", seconds * 1e6);
    return copy_out(buf, text, len);
}
