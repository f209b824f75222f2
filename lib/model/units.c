/* Numbers with units in text: sizes (K, M, G) and times (s, ms, us, ns),
 * and the shortest decimal form of a double that reads back exactly. */
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

int ortho__parse_bytes(const char *text, double *bytes)
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

int ortho__parse_seconds(const char *text, double *seconds)
{
    static const char *const suffix[] = { "", "s", "ms", "us", "ns" };
    static const double factor[] = { 1.0, 1.0, 1e-3, 1e-6, 1e-9 };
    return parse_scaled(text, suffix, factor, 5, seconds);
}

int ortho_model_parse_bytes(const char *text, double *bytes)
{
    return ortho__model_raise(ortho__parse_bytes(text, bytes));
}

int ortho_model_parse_seconds(const char *text, double *seconds)
{
    return ortho__model_raise(ortho__parse_seconds(text, seconds));
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

void ortho__size_text(char *buf, size_t n, double v)
{
    char num[40];
    if (v >= 1048576.0 && fmod(v, 1048576.0) == 0.0) {
        ortho__format_double(num, sizeof num, v / 1048576.0);
        snprintf(buf, n, "%sM", num);
    } else if (v >= 1024.0 && fmod(v, 1024.0) == 0.0) {
        ortho__format_double(num, sizeof num, v / 1024.0);
        snprintf(buf, n, "%sK", num);
    } else {
        ortho__format_double(buf, n, v);
    }
}
