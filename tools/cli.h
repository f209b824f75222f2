/* The command line of ortho's programs (ortho-fit, ortho-predict,
 * ortho-tune, ortho-bench, ortho-demo, jacobi, pab): one way to read a
 * value, to say what is wrong with it, to check an output file and to
 * print a speedup.
 *
 * A bad value gets one line on stderr, "PROGRAM: OPTION VALUE: expected
 * WHAT", from the process that speaks (rank 0 of an MPI program), and the
 * program exits with 2 (CLI_EXIT_USAGE) without printing its usage. The
 * readers return 0 when the value is good, -1 (message printed) when not. */
#ifndef ORTHO_TOOLS_CLI_H_INCLUDED
#define ORTHO_TOOLS_CLI_H_INCLUDED

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* The exit status of a bad command line, as the usual Unix tools. */
#define CLI_EXIT_USAGE 2

/* What parse functions return: go on, a bad command line (already said),
 * --help, --version. */
enum cli_parsed { CLI_RUN = 0, CLI_BAD = 1, CLI_HELP = 2, CLI_VERSION = 3 };

/* The largest process count or repetition count the programs accept. */
#define CLI_INT_MAX (1 << 20)

/* The program's name in messages, and whether this process prints them
 * (under MPI: rank 0 only). Call first. */
void cli_init(const char *program, int speaks);
const char *cli_program(void);
int cli_speaks(void);

/* The name of the option getopt_long just returned, for messages:
 * "--procs" from longopts[longindex], or "-o" when longindex is -1 (a
 * short option; set longindex to -1 before each getopt_long call). The
 * text lives until the next call. */
const char *cli_option(const struct option longopts[], int longindex, int c);

/* "PROGRAM: OPTION VALUE: expected ..." (printf-style WHAT); returns -1. */
int cli_bad(const char *option, const char *value, const char *expected, ...)
    __attribute__((format(printf, 3, 4)));

/* getopt_long's answer for an unknown option ('?') or one without its
 * value (':'; the option string must start with ':'): one line naming the
 * argument. Returns CLI_BAD. */
int cli_getopt_error(int c, char *const argv[]);

/* A word left over after the options. Returns CLI_BAD. */
int cli_extra_argument(const char *arg);

/* A missing or conflicting option: "PROGRAM: WHAT (see --help)". Returns CLI_BAD. */
int cli_missing(const char *what);

/* "PROGRAM (ortho) X.Y.Z" on stdout, from ortho_version(). */
void cli_print_version(void);

/* What a program does with a parse result other than CLI_RUN: the help
 * (usage(stdout)) or the version where this process speaks; returns the
 * exit status, CLI_EXIT_USAGE for CLI_BAD, else 0. */
int cli_stop(int parsed, void (*usage)(FILE *));

/* An integer in [lo, hi]. */
int cli_int(const char *option, const char *text, long lo, long hi, int *out);

/* A number in [lo, hi] (hi may be INFINITY). */
int cli_number(const char *option, const char *text, double lo, double hi, double *out);

/* A fraction in [0, 1): "0.03" or "3%". */
int cli_fraction(const char *option, const char *text, double *out);

/* A size in bytes in [lo, hi]: a number with an optional K, M or G
 * (1024-based, as ortho_model_parse_bytes reads it), e.g. 64K; anything
 * else ("64KB", "-4") is refused with the accepted forms. */
int cli_bytes(const char *option, const char *text, double lo, double hi, double *out);

/* A time in seconds in [lo, hi]: a number with an optional unit s, ms, us
 * or ns (none: seconds). */
int cli_seconds(const char *option, const char *text, double lo, double hi, double *out);

/* A repetition count: "N" (exactly N) or "MIN..MAX", each in [1, CLI_INT_MAX]. */
int cli_reps(const char *option, const char *text, int *min, int *max);

/* Comma-separated sizes (cli_bytes each, in [lo, hi]) into out[cap],
 * in the order given; a size given twice is refused, naming it. */
int cli_sizes(const char *option, const char *text, double lo, double hi, double out[], int cap,
              int *n);

/* Comma-separated integers in [lo, hi] into out[cap]; no duplicates. */
int cli_ints(const char *option, const char *text, long lo, long hi, int out[], int cap, int *n);

/* Comma-separated words of words[0..nwords) into a bit set (1u << index);
 * all_word (NULL: none) stands for all_bits. A word given twice, an
 * unknown word or an empty list is refused, naming the accepted words. */
int cli_words(const char *option, const char *text, const char *const words[], int nwords,
              const char *all_word, unsigned all_bits, unsigned *bits);

/* One word of words[0..nwords) into *index; anything else is refused,
 * naming the accepted words. */
int cli_word(const char *option, const char *text, const char *const words[], int nwords,
             int *index);

/* Operations by their words (ortho_op_word: bcast, reduce, ...) among the
 * first nops of ortho_op, into a bit set (1u << op); "all" is the six the
 * model covers. cli_words' rules. */
int cli_ops(const char *option, const char *text, int nops, unsigned *bits);

/* Can PATH be written? Opens it for appending (creating it) and removes
 * it again when it did not exist, so that nothing is measured for an
 * output that cannot be written. Prints "PROGRAM: cannot write PATH:
 * REASON" (strerror) and returns -1 when not. */
int cli_output_check(const char *path);

/* The one speed convention: speedup = t_native / t_ortho, as "2.35x"
 * (above 1 the orthogonal version is faster); "-" when a time is not
 * positive. Returns text. */
const char *cli_speedup_text(double t_native, double t_ortho, char *text, size_t len);

/* The legend printed under tables with a speedup column. */
#define CLI_SPEEDUP_LEGEND "speedup = t_native / t_ortho: above 1x the orthogonal version is faster"

#endif /* ORTHO_TOOLS_CLI_H_INCLUDED */
