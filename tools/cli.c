/* Reading the programs' options and saying in one line what is wrong. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ortho.h"

#define CLI_LIST_MAX 1024 /* longest list argument */

static const char *program_name = "ortho";
static int program_speaks = 1;

void cli_init(const char *program, int speaks)
{
    program_name = program;
    program_speaks = speaks;
}

const char *cli_program(void)
{
    return program_name;
}

int cli_speaks(void)
{
    return program_speaks;
}

const char *cli_option(const struct option longopts[], int longindex, int c)
{
    static char name[64];
    if (longindex >= 0)
        snprintf(name, sizeof name, "--%s", longopts[longindex].name);
    else
        snprintf(name, sizeof name, "-%c", (char)c);
    return name;
}

int cli_bad(const char *option, const char *value, const char *expected, ...)
{
    va_list ap;
    if (!program_speaks)
        return -1;
    fprintf(stderr, "%s: %s %s: expected ", program_name, option, value);
    va_start(ap, expected);
    vfprintf(stderr, expected, ap);
    va_end(ap);
    fputc('\n', stderr);
    return -1;
}

int cli_getopt_error(int c, char *const argv[])
{
    extern int optind, optopt;
    const char *arg = argv[optind - 1];
    char shortopt[3] = { '-', (char)optopt, '\0' };
    if (optopt != 0 && (arg == NULL || strncmp(arg, "--", 2) != 0))
        arg = shortopt; /* a short option, maybe inside a cluster such as -qx */
    if (program_speaks) {
        if (c == ':')
            fprintf(stderr, "%s: %s: needs a value (see --help)\n", program_name, arg);
        else
            fprintf(stderr, "%s: %s: unknown option (see --help)\n", program_name, arg);
    }
    return CLI_BAD;
}

int cli_extra_argument(const char *arg)
{
    if (program_speaks)
        fprintf(stderr, "%s: %s: unexpected argument (options start with --; see --help)\n",
                program_name, arg);
    return CLI_BAD;
}

void cli_print_version(void)
{
    printf("%s (ortho) %s\n", program_name, ortho_version());
}

int cli_stop(int parsed, void (*usage)(FILE *))
{
    if (program_speaks && parsed == CLI_HELP)
        usage(stdout);
    else if (program_speaks && parsed == CLI_VERSION)
        cli_print_version();
    return parsed == CLI_BAD ? CLI_EXIT_USAGE : 0;
}

int cli_int(const char *option, const char *text, long lo, long hi, int *out)
{
    char *end = NULL;
    long v;
    errno = 0;
    v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || v < lo || v > hi)
        return cli_bad(option, text, "an integer from %ld to %ld", lo, hi);
    *out = (int)v;
    return 0;
}

/* "1e+06" as "1048576" would be wrong: bounds printed as %g. */
int cli_number(const char *option, const char *text, double lo, double hi, double *out)
{
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !(v >= lo && v <= hi)) {
        if (isinf(hi))
            return cli_bad(option, text, "a number from %g up", lo);
        return cli_bad(option, text, "a number from %g to %g", lo, hi);
    }
    *out = v;
    return 0;
}

int cli_fraction(const char *option, const char *text, double *out)
{
    char *end = NULL;
    double v = strtod(text, &end);
    if (end != text && *end == '%') {
        v /= 100.0;
        end++;
    }
    if (end == text || *end != '\0' || !(v >= 0.0 && v < 1.0))
        return cli_bad(option, text, "a fraction from 0 to below 1, e.g. 0.03 or 3%%");
    *out = v;
    return 0;
}

static void size_text(double bytes, char *text)
{
    double g = 1073741824.0;
    if (bytes >= g && fmod(bytes, g) == 0.0)
        snprintf(text, ORTHO_MODEL_TEXT_MAX, "%.0fG", bytes / g);
    else if (ortho_model_size_text(bytes, text, ORTHO_MODEL_TEXT_MAX) != MPI_SUCCESS)
        snprintf(text, ORTHO_MODEL_TEXT_MAX, "%g", bytes);
}

int cli_bytes(const char *option, const char *text, double lo, double hi, double *out)
{
    double v = -1.0;
    char los[ORTHO_MODEL_TEXT_MAX], his[ORTHO_MODEL_TEXT_MAX];
    size_text(lo, los);
    size_text(hi, his);
    if (ortho_model_parse_bytes(text, &v) != MPI_SUCCESS || !(v >= lo && v <= hi))
        return cli_bad(option, text,
                       "a size from %s to %s bytes: a number with an optional K, M or G "
                       "(1024-based), e.g. 4096 or 64K", los, his);
    *out = v;
    return 0;
}

int cli_seconds(const char *option, const char *text, double lo, double hi, double *out)
{
    double v = -1.0;
    if (ortho_model_parse_seconds(text, &v) != MPI_SUCCESS || !(v >= lo && v <= hi)) {
        if (isinf(hi))
            return cli_bad(option, text,
                           "a time from %g s up: a number with an optional s, ms, us or ns", lo);
        return cli_bad(option, text,
                       "a time from %g to %g s: a number with an optional s, ms, us or ns", lo, hi);
    }
    *out = v;
    return 0;
}

int cli_reps(const char *option, const char *text, int *min, int *max)
{
    char *end = NULL;
    long a, b;
    int ok;
    errno = 0;
    a = strtol(text, &end, 10);
    b = a;
    ok = end != text;
    if (ok && strncmp(end, "..", 2) == 0) {
        const char *second = end + 2;
        b = strtol(second, &end, 10);
        ok = end != second;
    }
    if (!ok || *end != '\0' || errno != 0 || a < 1 || b < a || b > CLI_INT_MAX)
        return cli_bad(option, text, "N or MIN..MAX repetitions, from 1 to %d, e.g. 5 or 3..10",
                       CLI_INT_MAX);
    *min = (int)a;
    *max = (int)b;
    return 0;
}

/* Copies a list argument into buf, or says it is too long. */
static int list_copy(const char *option, const char *text, char buf[CLI_LIST_MAX])
{
    if (strlen(text) >= CLI_LIST_MAX)
        return cli_bad(option, "(a long list)", "at most %d characters", CLI_LIST_MAX - 1);
    strcpy(buf, text);
    return 0;
}

static int list_empty(const char *option, const char *text, const char *what)
{
    return cli_bad(option, text[0] != '\0' ? text : "''", "a comma-separated list of %s", what);
}

int cli_sizes(const char *option, const char *text, double lo, double hi, double out[], int cap,
              int *n)
{
    char buf[CLI_LIST_MAX];
    char *save = NULL;
    int count = 0;
    if (list_copy(option, text, buf) != 0)
        return -1;
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        if (count == cap)
            return cli_bad(option, text, "at most %d sizes", cap);
        if (cli_bytes(option, t, lo, hi, &out[count]) != 0)
            return -1;
        for (int i = 0; i < count; i++)
            if (out[i] == out[count])
                return cli_bad(option, text, "each size once (%s is given twice)", t);
        count++;
    }
    if (count == 0)
        return list_empty(option, text, "sizes, e.g. 1K,64K");
    *n = count;
    return 0;
}

int cli_ints(const char *option, const char *text, long lo, long hi, int out[], int cap, int *n)
{
    char buf[CLI_LIST_MAX];
    char *save = NULL;
    int count = 0;
    if (list_copy(option, text, buf) != 0)
        return -1;
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        if (count == cap)
            return cli_bad(option, text, "at most %d values", cap);
        if (cli_int(option, t, lo, hi, &out[count]) != 0)
            return -1;
        for (int i = 0; i < count; i++)
            if (out[i] == out[count])
                return cli_bad(option, text, "each value once (%s is given twice)", t);
        count++;
    }
    if (count == 0)
        return list_empty(option, text, "integers");
    *n = count;
    return 0;
}

/* "a, b, c (or all)" into text. */
static void words_text(const char *const words[], int nwords, const char *all_word, char *text,
                       size_t len)
{
    size_t used = 0;
    text[0] = '\0';
    for (int i = 0; i < nwords && used < len; i++)
        used += (size_t)snprintf(text + used, len - used, "%s%s", i ? ", " : "", words[i]);
    if (all_word != NULL && used < len)
        snprintf(text + used, len - used, " (or %s)", all_word);
}

int cli_words(const char *option, const char *text, const char *const words[], int nwords,
              const char *all_word, unsigned all_bits, unsigned *bits)
{
    char buf[CLI_LIST_MAX], accepted[512];
    char *save = NULL;
    unsigned got = 0;
    int all_seen = 0;
    words_text(words, nwords, all_word, accepted, sizeof accepted);
    if (list_copy(option, text, buf) != 0)
        return -1;
    for (char *t = strtok_r(buf, ",", &save); t != NULL; t = strtok_r(NULL, ",", &save)) {
        int i = 0;
        if (all_word != NULL && strcmp(t, all_word) == 0) {
            if (all_seen++)
                return cli_bad(option, text, "each name once (%s is given twice)", t);
            got |= all_bits;
            continue;
        }
        while (i < nwords && strcmp(t, words[i]) != 0)
            i++;
        if (i == nwords)
            return cli_bad(option, text, "a comma-separated list of: %s ('%s' is none of them)",
                           accepted, t);
        if (got & (1u << i) && !all_seen)
            return cli_bad(option, text, "each name once (%s is given twice)", t);
        got |= 1u << i;
    }
    if (got == 0)
        return list_empty(option, text, accepted);
    *bits = got;
    return 0;
}

int cli_missing(const char *what)
{
    if (program_speaks)
        fprintf(stderr, "%s: %s (see --help)\n", program_name, what);
    return CLI_BAD;
}

int cli_word(const char *option, const char *text, const char *const words[], int nwords,
             int *index)
{
    char accepted[512];
    for (int i = 0; i < nwords; i++)
        if (strcmp(text, words[i]) == 0) {
            *index = i;
            return 0;
        }
    words_text(words, nwords, NULL, accepted, sizeof accepted);
    return cli_bad(option, text, "one of: %s", accepted);
}

int cli_ops(const char *option, const char *text, int nops, unsigned *bits)
{
    const char *words[ORTHO_OP_COUNT];
    nops = nops < ORTHO_OP_COUNT ? nops : ORTHO_OP_COUNT;
    for (int op = 0; op < nops; op++)
        words[op] = ortho_op_word((ortho_op)op);
    return cli_words(option, text, words, nops, "all", (1u << ORTHO_MODEL_NOPS) - 1u, bits);
}

int cli_output_check(const char *path)
{
    struct stat st;
    int existed = stat(path, &st) == 0, err = 0;
    FILE *f = NULL;
    if (existed && S_ISDIR(st.st_mode))
        err = EISDIR;
    else if ((f = fopen(path, "a")) == NULL)
        err = errno;
    if (f != NULL && fclose(f) != 0)
        err = errno;
    if (!existed && err == 0)
        remove(path);
    if (err != 0 && program_speaks)
        fprintf(stderr, "%s: cannot write %s: %s\n", program_name, path, strerror(err));
    return err != 0 ? -1 : 0;
}

const char *cli_speedup_text(double t_native, double t_ortho, char *text, size_t len)
{
    if (t_native > 0.0 && t_ortho > 0.0)
        snprintf(text, len, "%.2fx", t_native / t_ortho);
    else
        snprintf(text, len, "-");
    return text;
}
