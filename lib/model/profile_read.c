/* Reading the profile text format (docs/profile-format.md): one entry per
 * line; every error names the file and the line. A cut file is rejected:
 * in every version a last line without its newline, in version 3 a
 * missing end line or one whose line count or checksum differs. */
#include "model/model_private.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_CHARS 4096
#define MAX_TOKENS 64

/* As MPICH's MPIR_ERR_CHKANDJUMP: record the message and jump to fn_exit. */
#define FAIL_JUMP(...)                   \
    do {                                 \
        err = fail(rd, __VA_ARGS__);     \
        goto fn_exit;                    \
    } while (0)

struct reader {
    const char *name;
    int line;
    char *msg;
    int version;              /* of the header; 0 before it */
    int end_line;             /* the line of "end", 0 before it */
    struct ortho__cksum sum;  /* of the lines before this one */
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int fail(const struct reader *rd, const char *fmt, ...)
{
    if (rd->msg != NULL) {
        va_list ap;
        int n = snprintf(rd->msg, ORTHO_MODEL_MSG_MAX, "%s:%d: ", rd->name, rd->line);
        if (n > 0 && n < ORTHO_MODEL_MSG_MAX) {
            va_start(ap, fmt);
            vsnprintf(rd->msg + n, (size_t)(ORTHO_MODEL_MSG_MAX - n), fmt, ap);
            va_end(ap);
        }
    }
    return MPI_ERR_FILE;
}

static int split(char *line, char *tok[], int max)
{
    int n = 0;
    char *save = NULL;
    char *hash = strchr(line, '#');
    if (hash != NULL)
        *hash = '\0';
    for (char *t = strtok_r(line, " \t\r\n", &save); t != NULL && n < max;
         t = strtok_r(NULL, " \t\r\n", &save))
        tok[n++] = t;
    return n;
}

static int parse_int(const char *s, int *v)
{
    char *end = NULL;
    long x;
    errno = 0;
    x = strtol(s, &end, 10);
    int ok = end != s && *end == '\0' && errno == 0 && x >= 0 && x <= INT_MAX;
    if (ok)
        *v = (int)x;
    return ok;
}

/* "p" conditions: p=N, p=A-B, p=A-*, p<N, p<=N, p>N, p>=N. */
static int parse_p_cond(const struct reader *rd, const char *tok, const char *rel, const char *val,
                        ortho_model_range *r)
{
    int err = MPI_SUCCESS, a = 0, b = 0;
    char buf[64];
    char *dash = NULL;
    if (strlen(val) >= sizeof buf)
        FAIL_JUMP("bad condition '%s'", tok);
    strcpy(buf, val);
    dash = strchr(buf, '-');
    if (strcmp(rel, "=") == 0 && dash != NULL) {
        *dash = '\0';
        if (!parse_int(buf, &a) || !(strcmp(dash + 1, "*") == 0 || parse_int(dash + 1, &b)))
            err = fail(rd, "bad process range '%s' (expected p=A-B or p=A-*)", tok);
        else {
            r->p_lo = a > r->p_lo ? a : r->p_lo;
            if (strcmp(dash + 1, "*") != 0)
                r->p_hi = b < r->p_hi ? b : r->p_hi;
        }
    } else if (!parse_int(buf, &a)) {
        err = fail(rd, "bad process count in '%s'", tok);
    } else if (strcmp(rel, "=") == 0) {
        r->p_lo = a > r->p_lo ? a : r->p_lo;
        r->p_hi = a < r->p_hi ? a : r->p_hi;
    } else if (strcmp(rel, "<=") == 0) {
        r->p_hi = a < r->p_hi ? a : r->p_hi;
    } else if (strcmp(rel, "<") == 0) {
        r->p_hi = a - 1 < r->p_hi ? a - 1 : r->p_hi;
    } else if (strcmp(rel, ">=") == 0) {
        r->p_lo = a > r->p_lo ? a : r->p_lo;
    } else if (a == INT_MAX) {
        err = fail(rd, "bad process count in '%s' (p>%d leaves no process count)", tok, INT_MAX);
    } else {
        r->p_lo = a + 1 > r->p_lo ? a + 1 : r->p_lo;
    }
fn_exit:
    return err;
}

/* "b" and "n" conditions: the same relations on sizes with K/M/G. */
static int parse_size_cond(const struct reader *rd, const char *tok, const char *rel,
                           const char *val, ortho_model_range *r)
{
    int err = MPI_SUCCESS;
    double a = 0.0, b = 0.0;
    char buf[64];
    char *dash = NULL;
    if (strlen(val) >= sizeof buf)
        FAIL_JUMP("bad condition '%s'", tok);
    strcpy(buf, val);
    dash = strchr(buf, '-');
    if (strcmp(rel, "=") == 0 && dash != NULL) {
        *dash = '\0';
        if (ortho_model_parse_bytes(buf, &a) != MPI_SUCCESS
            || !(strcmp(dash + 1, "*") == 0 || ortho_model_parse_bytes(dash + 1, &b) == MPI_SUCCESS))
            err = fail(rd, "bad size range '%s' (expected %c=A-B or %c=A-*)", tok, tok[0], tok[0]);
        else {
            r->size_lo = fmax(r->size_lo, a);
            if (strcmp(dash + 1, "*") != 0)
                r->size_hi = fmin(r->size_hi, b);
        }
    } else if (ortho_model_parse_bytes(buf, &a) != MPI_SUCCESS) {
        err = fail(rd, "bad size in '%s' (a number with an optional K, M or G)", tok);
    } else if (strcmp(rel, "=") == 0) {
        r->size_lo = fmax(r->size_lo, a);
        r->size_hi = fmin(r->size_hi, a);
    } else if (strcmp(rel, "<=") == 0) {
        r->size_hi = fmin(r->size_hi, a);
    } else if (strcmp(rel, "<") == 0) {
        r->size_hi = fmin(r->size_hi, nextafter(a, 0.0));
    } else if (strcmp(rel, ">=") == 0) {
        r->size_lo = fmax(r->size_lo, a);
    } else {
        r->size_lo = fmax(r->size_lo, nextafter(a, INFINITY));
    }
fn_exit:
    return err;
}

/* A condition token: key (p, b or n), relation, value. Returns 1 when tok
 * is a condition (parsed into r, or *err set), 0 when it is not. */
static int parse_cond(const struct reader *rd, const char *tok, ortho_model_range *r, int *sizekey,
                      int *err)
{
    static const char *const rels[] = { "<=", ">=", "<", ">", "=" };
    const char *rel = NULL;
    if (strncmp(tok, "where=", 6) == 0) {
        /* the placement of the groups the entry is for (structure.c) */
        if (r->where != ORTHO_MODEL_WHERE_ANY)
            *err = fail(rd, "'where' given twice");
        else if (strcmp(tok + 6, "node") == 0)
            r->where = ORTHO_MODEL_WHERE_NODE;
        else if (strcmp(tok + 6, "net") == 0)
            r->where = ORTHO_MODEL_WHERE_NET;
        else
            *err = fail(rd, "bad condition '%s' (where=node or where=net)", tok);
        return 1;
    }
    if (tok[0] == 'p' || tok[0] == 'b' || tok[0] == 'n')
        for (int i = 0; i < 5 && rel == NULL; i++)
            if (strncmp(tok + 1, rels[i], strlen(rels[i])) == 0)
                rel = rels[i];
    if (rel != NULL) {
        const char *val = tok + 1 + strlen(rel);
        if (tok[0] == 'p') {
            *err = parse_p_cond(rd, tok, rel, val, r);
        } else if (*sizekey != 0 && *sizekey != tok[0]) {
            *err = fail(rd, "conditions on both b and n in one entry");
        } else {
            *sizekey = tok[0];
            r->size_is_root = tok[0] == 'n';
            *err = parse_size_cond(rd, tok, rel, val, r);
        }
    }
    return rel != NULL;
}

static int parse_stat(const char *key, const char *val, ortho_model_stats *st, int *known)
{
    int ok = 1;
    double v = 0.0;
    *known = 1;
    if (strcmp(key, "samples") == 0)
        ok = parse_int(val, &st->nsamples);
    else if (strcmp(key, "rse") == 0)
        ok = ortho_model_parse_seconds(val, &st->rse) == MPI_SUCCESS;
    else if (strcmp(key, "r2") == 0 || strcmp(key, "mean_rel") == 0 || strcmp(key, "max_rel") == 0
             || strcmp(key, "cv_rel") == 0) {
        char *end = NULL;
        v = strtod(val, &end);
        ok = end != val && *end == '\0';
        if (strcmp(key, "r2") == 0)
            st->r2 = v;
        else if (strcmp(key, "mean_rel") == 0)
            st->mean_rel = v;
        else if (strcmp(key, "max_rel") == 0)
            st->max_rel = v;
        else
            st->cv_rel = v;
    } else
        *known = 0;
    return ok;
}

static void list_forms(ortho_model_op op, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < ortho__nforms && len + 1 < size; i++) {
        if (ortho__forms[i].info.ops & (1u << op)) {
            int n = snprintf(buf + len, size - len, "%s%s", len ? " " : "", ortho__forms[i].info.name);
            len += n > 0 ? (size_t)n : 0;
        }
    }
}

/* "<op> [cond...] <form> [name=value...]" */
static int parse_entry(const struct reader *rd, ortho_model_op op, char *tok[], int ntok,
                       ortho_model_profile_t prof)
{
    int err = MPI_SUCCESS, sizekey = 0, i = 1, have[ORTHO_MODEL_MAX_COEFS] = { 0 };
    ortho_model_entry e;
    const ortho_model_form_info *f = NULL;
    char forms[160];
    memset(&e, 0, sizeof e);
    e.op = op;
    e.range = ortho_model_range_all();
    for (; i < ntok; i++) {
        if (!parse_cond(rd, tok[i], &e.range, &sizekey, &err))
            break;
        if (err != MPI_SUCCESS)
            goto fn_exit;
    }
    list_forms(op, forms, sizeof forms);
    if (i == ntok)
        FAIL_JUMP("%s entry without a form (forms for %s: %s)", tok[0], tok[0], forms);
    e.form = -1;
    for (int k = 0; k < ortho__nforms; k++)
        if ((ortho__forms[k].info.ops & (1u << op)) && strcmp(ortho__forms[k].info.name, tok[i]) == 0)
            e.form = k;
    if (e.form < 0)
        FAIL_JUMP("unknown form '%s' for %s (forms for %s: %s)", tok[i], tok[0], tok[0], forms);
    f = &ortho__forms[e.form].info;
    for (i++; i < ntok; i++) {
        char *eq = strchr(tok[i], '=');
        int j = 0, known = 0;
        if (eq == NULL)
            FAIL_JUMP("expected name=value after the form, found '%s'", tok[i]);
        *eq = '\0';
        for (j = 0; j < f->ncoefs && strcmp(f->coef_names[j], tok[i]) != 0; j++)
            ;
        if (j < f->ncoefs) {
            if (have[j])
                FAIL_JUMP("coefficient '%s' given twice", tok[i]);
            if (ortho_model_parse_seconds(eq + 1, &e.coefs[j]) != MPI_SUCCESS)
                FAIL_JUMP("bad value '%s' for '%s' (a number with an optional unit s, ms, us, ns)",
                            eq + 1, tok[i]);
            have[j] = 1;
        } else if (!parse_stat(tok[i], eq + 1, &e.stats, &known)) {
            FAIL_JUMP("bad value '%s' for '%s'", eq + 1, tok[i]);
        } else if (!known) {
            FAIL_JUMP("unknown key '%s' for form '%s'", tok[i], f->name);
        }
    }
    for (int j = 0; j < f->ncoefs; j++)
        if (!have[j])
            FAIL_JUMP("form '%s' (%s) needs coefficient '%s'", f->name, f->formula, f->coef_names[j]);
    if (e.range.p_lo > e.range.p_hi || e.range.size_lo > e.range.size_hi)
        FAIL_JUMP("the conditions leave an empty range");
    err = ortho_model_profile_add(prof, &e);
    if (err != MPI_SUCCESS)
        err = fail(rd, "cannot add the entry (out of memory?)");
fn_exit:
    return err;
}

/* The keyword lines: machine, param. */
static int parse_keyword(const struct reader *rd, char *raw, char *tok[], int ntok,
                         ortho_model_profile_t prof, int *have_machine)
{
    int err = MPI_SUCCESS;
    if (strcmp(tok[0], "machine") == 0) {
        char *text = strstr(raw, "machine") + strlen("machine");
        char *hash = strchr(text, '#');
        size_t len;
        if (hash != NULL)
            *hash = '\0';
        text += strspn(text, " \t");
        len = strcspn(text, "\r\n");
        while (len > 0 && (text[len - 1] == ' ' || text[len - 1] == '\t'))
            len--;
        text[len] = '\0';
        if (*have_machine)
            err = fail(rd, "a second 'machine' line");
        else if (ortho_model_profile_set_machine(prof, text) != MPI_SUCCESS)
            err = fail(rd, "cannot store the machine line");
        *have_machine = 1;
    } else {
        double v = 0.0;
        if (ntok != 3)
            err = fail(rd, "expected 'param NAME VALUE'");
        else if (ortho_model_parse_seconds(tok[2], &v) != MPI_SUCCESS)
            err = fail(rd, "bad value '%s' for parameter '%s'", tok[2], tok[1]);
        else if (ortho_model_profile_set_param(prof, tok[1], v) != MPI_SUCCESS)
            err = fail(rd, "bad parameter name '%s' (letters, digits, _; at most 31)", tok[1]);
    }
    return err;
}

/* "decide OP p=N [b>=LO] [b<HI] CANDIDATE [gain=X]" (format version 2). */
static int parse_decision(const struct reader *rd, char *tok[], int ntok,
                          ortho_model_profile_t prof)
{
    int err = MPI_SUCCESS, i = 3, conflict = -1, have_lo = 0, have_hi = 0;
    ortho_model_decision d;
    char a[100], b[100];
    memset(&d, 0, sizeof d);
    d.size_hi = INFINITY;
    d.line = rd->line;
    if (ntok < 4)
        FAIL_JUMP("expected 'decide OP p=N [b>=LO] [b<HI] CANDIDATE [gain=X]'");
    if (ortho_op_from_word(tok[1], &d.op) != MPI_SUCCESS)
        FAIL_JUMP("unknown operation '%s' in a decision (bcast, reduce, gather, scatter, "
                  "allreduce, allgather, allgatherv, gatherv, scatterv)", tok[1]);
    if (strncmp(tok[2], "p=", 2) != 0 || !parse_int(tok[2] + 2, &d.p) || d.p < 1)
        FAIL_JUMP("a decision is for one process count: expected p=N, found '%s'", tok[2]);
    for (; i < ntok && tok[i][0] == 'b' && !isalpha((unsigned char)tok[i][1]); i++) {
        int lo = strncmp(tok[i], "b>=", 3) == 0, hi = !lo && strncmp(tok[i], "b<", 2) == 0
                                                      && tok[i][2] != '=';
        double v = 0.0;
        if ((!lo && !hi) || (lo && have_lo) || (hi && have_hi))
            FAIL_JUMP("bad interval '%s': a decision's interval is written b>=LO and/or b<HI, "
                      "each at most once", tok[i]);
        if (ortho_model_parse_bytes(tok[i] + (lo ? 3 : 2), &v) != MPI_SUCCESS)
            FAIL_JUMP("bad size in '%s' (a number with an optional K, M or G)", tok[i]);
        if (lo)
            d.size_lo = v;
        else
            d.size_hi = v;
        have_lo |= lo;
        have_hi |= hi;
    }
    if (i == ntok)
        FAIL_JUMP("decision without a candidate (examples: native, phases:8x12:rows, rsag:node)");
    if (ortho_candidate_parse(tok[i], &d.cand) != MPI_SUCCESS)
        FAIL_JUMP("'%s' is not a candidate (examples: native, phases:8x12:rows, rsag:node)", tok[i]);
    for (i++; i < ntok; i++) {
        char *end = NULL;
        if (strncmp(tok[i], "gain=", 5) != 0)
            FAIL_JUMP("unknown field '%s' after the candidate (only gain=X)", tok[i]);
        d.gain = strtod(tok[i] + 5, &end);
        if (end == tok[i] + 5 || *end != '\0' || !isfinite(d.gain))
            FAIL_JUMP("bad value in '%s'", tok[i]);
    }
    if (!(d.size_lo < d.size_hi))
        FAIL_JUMP("empty interval: b>=LO must be below b<HI");
    err = ortho_model_profile_add_decision(prof, &d, &conflict);
    if (err != MPI_SUCCESS && conflict >= 0) {
        ortho_model_decision *c = &prof->decisions[conflict];
        ortho__decision_range_text(&d, a, sizeof a);
        ortho__decision_range_text(c, b, sizeof b);
        int unsorted = d.size_lo < c->size_lo;
        err = fail(rd, "decision '%s' for %s p=%d %s '%s' of line %d: the intervals of one "
                   "operation and p must be %s", a[0] ? a : "every size", tok[1], d.p,
                   unsorted ? "comes after" : "overlaps", b[0] ? b : "every size", c->line,
                   unsorted ? "sorted by size" : "disjoint");
    } else if (err != MPI_SUCCESS) {
        err = fail(rd, "cannot add the decision (out of memory?)");
    }
fn_exit:
    return err;
}

/* "measured OP p=N CANDIDATE SIZE=TIME SIZE=TIME ..." (format version 2). */
static int parse_curve(const struct reader *rd, char *tok[], int ntok, ortho_model_profile_t prof)
{
    int err = MPI_SUCCESS;
    ortho_model_curve c;
    memset(&c, 0, sizeof c);
    c.line = rd->line;
    if (ntok < 6)
        FAIL_JUMP("expected 'measured OP p=N CANDIDATE SIZE=TIME SIZE=TIME ...' (two sizes or more)");
    if (ortho_op_from_word(tok[1], &c.op) != MPI_SUCCESS)
        FAIL_JUMP("unknown operation '%s' in a measured curve", tok[1]);
    if (strncmp(tok[2], "p=", 2) != 0 || !parse_int(tok[2] + 2, &c.p) || c.p < 1)
        FAIL_JUMP("a measured curve is for one process count: expected p=N, found '%s'", tok[2]);
    if (ortho_candidate_parse(tok[3], &c.cand) != MPI_SUCCESS)
        FAIL_JUMP("'%s' is not a candidate (examples: native, phases:8x12:rows, rsag:node)", tok[3]);
    if (ntok - 4 > ORTHO_MODEL_CURVE_MAX)
        FAIL_JUMP("more than %d sizes in a measured curve", ORTHO_MODEL_CURVE_MAX);
    for (int i = 4; i < ntok; i++) {
        char *eq = strchr(tok[i], '=');
        double b = 0.0, t = 0.0;
        if (eq == NULL)
            FAIL_JUMP("expected SIZE=TIME, found '%s'", tok[i]);
        *eq = '\0';
        if (ortho_model_parse_bytes(tok[i], &b) != MPI_SUCCESS || !(b > 0.0))
            FAIL_JUMP("bad size '%s' (a positive number with an optional K, M or G)", tok[i]);
        if (ortho_model_parse_seconds(eq + 1, &t) != MPI_SUCCESS || !(t > 0.0) || !isfinite(t))
            FAIL_JUMP("bad time '%s' for size %s (a positive number with an optional unit)",
                      eq + 1, tok[i]);
        if (c.n > 0 && !(b > c.size[c.n - 1]))
            FAIL_JUMP("the sizes of a measured curve must increase ('%s' after a larger or "
                      "equal size)", tok[i]);
        c.size[c.n] = b;
        c.seconds[c.n++] = t;
    }
    if (ortho_model_profile_add_curve(prof, &c) != MPI_SUCCESS)
        FAIL_JUMP("a second measured curve for %s p=%d %s (or out of memory)", tok[1], c.p, tok[3]);
fn_exit:
    return err;
}

/* "end lines=N cksum=C" (format version 3): the last line; N lines came
 * before it, and C is the checksum of POSIX cksum over their bytes. */
static int parse_end(struct reader *rd, char *tok[], int ntok)
{
    int err = MPI_SUCCESS, lines = -1;
    unsigned long want = 0, have = ortho__cksum_value(&rd->sum);
    char *end = NULL;
    if (ntok != 3 || strncmp(tok[1], "lines=", 6) != 0 || !parse_int(tok[1] + 6, &lines)
        || strncmp(tok[2], "cksum=", 6) != 0 || !isdigit((unsigned char)tok[2][6]))
        FAIL_JUMP("expected 'end lines=N cksum=C', the last line of a version-3 profile");
    errno = 0;
    want = strtoul(tok[2] + 6, &end, 10);
    if (*end != '\0' || errno != 0 || want > 0xffffffffUL)
        FAIL_JUMP("bad checksum in '%s' (a number below 2^32)", tok[2]);
    if (lines != rd->line - 1)
        FAIL_JUMP("the end line counts %d lines before it, the file has %d: lines were lost or "
                  "added (%s)", lines, rd->line - 1, "an edited profile: docs/profile-format.md");
    if (want != have)
        FAIL_JUMP("checksum %lu of the end line differs from the checksum %lu of the %d lines "
                  "before it: the profile was damaged or edited (%s)", want, have, lines,
                  "an edited profile: docs/profile-format.md");
    rd->end_line = rd->line;
fn_exit:
    return err;
}

static int parse_line(struct reader *rd, char *line, ortho_model_profile_t prof,
                      int *have_machine)
{
    int err = MPI_SUCCESS, ntok, version = 0;
    char raw[LINE_MAX_CHARS];
    char *tok[MAX_TOKENS];
    ortho_model_op op;
    strcpy(raw, line);
    ntok = split(line, tok, MAX_TOKENS);
    if (ntok == 0)
        goto fn_exit;
    if (ntok == MAX_TOKENS)
        FAIL_JUMP("too many fields (at most %d)", MAX_TOKENS - 1);
    if (rd->version == 0) {
        if (strcmp(tok[0], "ortho-profile") != 0 || ntok != 2)
            FAIL_JUMP("expected the header 'ortho-profile %d' (or an older version number) as "
                      "the first line that is not a comment", ORTHO_MODEL_PROFILE_VERSION);
        if (!parse_int(tok[1], &version) || version < 1 || version > ORTHO_MODEL_PROFILE_VERSION)
            FAIL_JUMP("unsupported profile version '%s' (this library reads versions 1 to %d)",
                      tok[1], ORTHO_MODEL_PROFILE_VERSION);
        rd->version = version;
    } else if (strcmp(tok[0], "machine") == 0 || strcmp(tok[0], "param") == 0) {
        err = parse_keyword(rd, raw, tok, ntok, prof, have_machine);
    } else if (strcmp(tok[0], "decide") == 0) {
        if (rd->version < 2)
            err = fail(rd, "'decide' lines need format version 2 (the header says "
                       "'ortho-profile %d')", rd->version);
        else
            err = parse_decision(rd, tok, ntok, prof);
    } else if (strcmp(tok[0], "measured") == 0) {
        if (rd->version < 2)
            err = fail(rd, "'measured' lines need format version 2 (the header says "
                       "'ortho-profile %d')", rd->version);
        else
            err = parse_curve(rd, tok, ntok, prof);
    } else if (strcmp(tok[0], "end") == 0) {
        if (rd->version < 3)
            err = fail(rd, "an 'end' line needs format version 3 (the header says "
                       "'ortho-profile %d')", rd->version);
        else
            err = parse_end(rd, tok, ntok);
    } else if (strcmp(tok[0], "ortho-profile") == 0) {
        err = fail(rd, "a second 'ortho-profile' header");
    } else {
        int found = 0;
        for (int i = 0; i < ORTHO_MODEL_NOPS && !found; i++) {
            if (strcmp(tok[0], ortho_model_op_name((ortho_model_op)i)) == 0) {
                op = (ortho_model_op)i;
                found = 1;
            }
        }
        if (!found)
            err = fail(rd, "unknown keyword or operation '%s' (expected machine, param, decide, "
                       "measured, bcast, reduce, gather, scatter, allreduce or allgather)",
                       tok[0]);
        else
            err = parse_entry(rd, op, tok, ntok, prof);
    }
fn_exit:
    return err;
}

/* One line of in, its newline included, into line[cap] (NUL-terminated):
 * its length; 0 at the end of the input. *nl: it ends with a newline;
 * *bad: 1 when it is longer than cap - 2 characters (the rest unread), 2
 * when it holds a NUL byte (not a text file). */
static size_t read_line(FILE *in, char *line, size_t cap, int *nl, int *bad)
{
    size_t n = 0;
    int c = 0;
    *nl = 0;
    *bad = 0;
    while (n + 1 < cap && (c = getc(in)) != EOF) {
        line[n++] = (char)c;
        if (c == '\0')
            *bad = 2;
        if (c == '\n') {
            *nl = 1;
            break;
        }
    }
    line[n] = '\0';
    if (!*nl && n + 1 == cap)
        *bad = 1;
    return n;
}

int ortho_model_profile_read_stream(FILE *in, const char *name, ortho_model_profile_t *prof, char *msg)
{
    int err = MPI_SUCCESS, have_machine = 0, nl = 0, bad = 0;
    struct reader rd;
    char line[LINE_MAX_CHARS];
    size_t len = 0;
    ortho_model_profile_t p = NULL;
    memset(&rd, 0, sizeof rd);
    rd.name = name != NULL ? name : "(profile)";
    rd.msg = msg;
    if (msg != NULL)
        msg[0] = '\0';
    if (in == NULL || prof == NULL) {
        err = MPI_ERR_ARG;
        goto fn_fail;
    }
    *prof = NULL;
    p = calloc(1, sizeof *p);
    err = p == NULL ? MPI_ERR_NO_MEM : MPI_SUCCESS;
    if (err != MPI_SUCCESS)
        goto fn_fail;
    while ((len = read_line(in, line, sizeof line, &nl, &bad)) > 0) {
        struct ortho__cksum next = rd.sum;
        if (rd.line == INT_MAX) {
            err = fail(&rd, "more than %d lines", INT_MAX);
            goto fn_fail;
        }
        rd.line++;
        if (bad == 1)
            err = fail(&rd, "line longer than %d characters", LINE_MAX_CHARS - 2);
        else if (bad == 2)
            err = fail(&rd, "a NUL byte in the line (a profile is text)");
        else if (!nl)
            err = fail(&rd, "the last line has no newline: the profile was cut (a whole profile "
                       "ends with a newline)");
        else if (rd.end_line > 0)
            err = fail(&rd, "a line after the end line (line %d), which must be the last",
                       rd.end_line);
        if (err != MPI_SUCCESS)
            goto fn_fail;
        ortho__cksum_add(&next, line, len);
        err = parse_line(&rd, line, p, &have_machine);
        if (err != MPI_SUCCESS)
            goto fn_fail;
        rd.sum = next;
    }
    rd.line++; /* where the next line would be */
    if (ferror(in)) {
        err = fail(&rd, "read error");
        goto fn_fail;
    }
    if (rd.version == 0) {
        err = fail(&rd, "empty file: expected the header 'ortho-profile %d'",
                   ORTHO_MODEL_PROFILE_VERSION);
        goto fn_fail;
    }
    if (rd.version >= 3 && rd.end_line == 0) {
        err = fail(&rd, "no end line: the profile was cut after line %d (a version-3 profile "
                   "ends with 'end lines=N cksum=C')", rd.line - 1);
        goto fn_fail;
    }
    *prof = p;
fn_exit:
    return err;
fn_fail:
    ortho_model_profile_free(&p);
    goto fn_exit;
}

int ortho_model_profile_read(const char *path, ortho_model_profile_t *prof, char *msg)
{
    int err = MPI_SUCCESS;
    FILE *in = NULL;
    if (msg != NULL)
        msg[0] = '\0';
    if (path == NULL || prof == NULL) {
        err = MPI_ERR_ARG;
        goto fn_exit;
    }
    *prof = NULL;
    in = fopen(path, "r");
    if (in == NULL) {
        if (msg != NULL)
            snprintf(msg, ORTHO_MODEL_MSG_MAX, "%s: cannot open: %s", path, strerror(errno));
        err = MPI_ERR_FILE;
        goto fn_exit;
    }
    err = ortho_model_profile_read_stream(in, path, prof, msg);
    fclose(in);
fn_exit:
    return err;
}
