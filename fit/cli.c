/* Parsing the list arguments of the tools. */
#include "tools.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int tool_parse_sizes(const char *text, double out[], int cap)
{
    int n = -1;
    char buf[1024];
    char *save = NULL;
    if (text != NULL && strlen(text) < sizeof buf) {
        strcpy(buf, text);
        n = 0;
        for (char *t = strtok_r(buf, ",", &save); t != NULL && n >= 0; t = strtok_r(NULL, ",", &save))
            n = n < cap && ortho_model_parse_bytes(t, &out[n]) == MPI_SUCCESS ? n + 1 : -1;
    }
    return n;
}

int tool_parse_ints(const char *text, int out[], int cap)
{
    int n = -1;
    char buf[1024];
    char *save = NULL;
    if (text != NULL && strlen(text) < sizeof buf) {
        strcpy(buf, text);
        n = 0;
        for (char *t = strtok_r(buf, ",", &save); t != NULL && n >= 0; t = strtok_r(NULL, ",", &save)) {
            char *end = NULL;
            long v;
            errno = 0;
            v = strtol(t, &end, 10);
            if (n == cap || *end != '\0' || end == t || errno != 0 || v < 1 || v > INT_MAX)
                n = -1;
            else
                out[n++] = (int)v;
        }
    }
    return n;
}

unsigned tool_parse_ops(const char *text)
{
    unsigned ops = 0;
    int ok = text != NULL && strlen(text) < 256;
    char buf[256];
    char *save = NULL;
    if (ok) {
        strcpy(buf, text);
        for (char *t = strtok_r(buf, ",", &save); t != NULL && ok; t = strtok_r(NULL, ",", &save)) {
            ortho_model_op op;
            if (strcmp(t, "all") == 0)
                ops |= (1u << ORTHO_MODEL_NOPS) - 1u;
            else if ((ok = ortho_model_op_from_name(t, &op) == MPI_SUCCESS))
                ops |= 1u << op;
        }
    }
    return ok ? ops : 0;
}
