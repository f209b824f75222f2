/* The model module's private declarations: the form table, the profile
 * structure, error raising. */
#ifndef ORTHO_MODEL_PRIVATE_H_INCLUDED
#define ORTHO_MODEL_PRIVATE_H_INCLUDED

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ortho_model.h"

/* A runtime-function form. Non-composite forms give their basis functions:
 * t(p, b) = sum_j c_j * phi_j(p, b). Composite forms compute t from other
 * operations' entries in a profile. */
struct ortho__form {
    ortho_model_form_info info;
    void (*basis)(int p, double b, double phi[]);
    int (*compose)(ortho_model_profile_t prof, int p, double b, double *t);
};

extern const struct ortho__form ortho__forms[];
extern const int ortho__nforms;

#define ORTHO__PARAM_NAME_MAX 32

struct ortho__param {
    char name[ORTHO__PARAM_NAME_MAX];
    double value;
};

struct ortho_model_profile {
    char *machine;
    ortho_model_entry *entries;
    int nentries, cap;
    struct ortho__param *params;
    int nparams, pcap;
    ortho_model_decision *decisions;   /* decisions.c; per (op, p) sorted, disjoint */
    int ndecisions, dcap;
    struct ortho__curve *curves;       /* curves.c */
    int ncurves, ccap;
};

/* A curve and its candidate's name (the key of a lookup). */
struct ortho__curve {
    ortho_model_curve c;
    char name[ORTHO_CANDIDATE_NAME_MAX];
};

/* Not-collective error exit: raise err on MPI_COMM_SELF when MPI is
 * initialized and not finalized; return err. */
int ortho__model_raise(int err);

/* Evaluate entry e at (p, b): non-composite forms by their basis, composite
 * ones through prof. Does not raise. */
int ortho__entry_eval(ortho_model_profile_t prof, const ortho_model_entry *e, int p, double b,
                      double *t);

/* Does range r contain (p, b)? */
int ortho__range_contains(const ortho_model_range *r, int p, double b);

/* ceil(log2 p) and floor(log2 p) for p >= 1. */
int ortho__ceil_log2(int p);
int ortho__floor_log2(int p);

/* Native prediction without raising (for use inside the module). */
int ortho__predict(ortho_model_profile_t prof, ortho_model_op op, int p, double b, double *t);

/* ortho_model_predict_grid() and ortho_model_profile_read_stream() without
 * raising (for lib/select, which runs inside the drop-ins' calls). */
int ortho__predict_grid(ortho_model_profile_t prof, ortho_model_op op, int ndims, const int dims[],
                        double bytes, ortho_model_prediction *pred);
int ortho__profile_read_stream(FILE *in, const char *name, ortho_model_profile_t *prof, char *msg);

/* Least-squares fit of the samples with indices idx[0..m-1] (no raising).
 * rel_err, when non-NULL, is indexed like samples. */
int ortho__fit(int form, const ortho_model_sample samples[], const int idx[], int m,
               const ortho_model_fit_opts *opts, ortho_model_entry *entry, double rel_err[]);

/* The non-raising cores of the public functions of the same name, for use
 * inside the module (a profile reader reports one error, not several). */
int ortho__parse_bytes(const char *text, double *bytes);
int ortho__parse_seconds(const char *text, double *seconds);
int ortho__profile_set_machine(ortho_model_profile_t prof, const char *machine);
int ortho__profile_add(ortho_model_profile_t prof, const ortho_model_entry *entry);
int ortho__profile_set_param(ortho_model_profile_t prof, const char *name, double value);

/* decisions.c: append a decision (the rules of
 * ortho_model_profile_add_decision, without raising). */
int ortho__profile_add_decision(ortho_model_profile_t prof, const ortho_model_decision *d,
                                int *conflict);

/* decisions.c: "b>=2K b<64K", "b>=2K", "b<1K" or "" (every size). */
void ortho__decision_range_text(const ortho_model_decision *d, char *buf, size_t n);

/* decisions.c: one "decide" line of the profile format. */
void ortho__decision_write(FILE *out, const ortho_model_decision *d);

/* curves.c: add a curve (the rules of ortho_model_profile_add_curve,
 * without raising); one "measured" line of the profile format; the
 * prediction without raising. */
int ortho__profile_add_curve(ortho_model_profile_t prof, const ortho_model_curve *c);
void ortho__curve_write(FILE *out, const ortho_model_curve *c);
int ortho__curve_predict(ortho_model_profile_t prof, ortho_op op, int p, double bytes,
                         const ortho_candidate *cand, double *seconds);
double ortho__curve_eval(const ortho_model_curve *c, double bytes);

/* units.c: a size in bytes, with a K or M suffix where that is exact
 * (as the profile writer writes sizes). */
void ortho__size_text(char *buf, size_t n, double v);

/* cksum.c: the checksum of POSIX cksum over bytes added in pieces (a
 * zeroed struct is the empty input), for the end line of format version 3. */
struct ortho__cksum {
    uint32_t crc;
    unsigned long long len;
};
void ortho__cksum_add(struct ortho__cksum *sum, const char *bytes, size_t n);
unsigned long ortho__cksum_value(const struct ortho__cksum *sum);

/* The shortest "%.Ng" (N = 1..17) of v that strtod reads back as v. */
void ortho__format_double(char *buf, size_t size, double v);

/* The shortest of v in s, ms, us or ns (with the unit; ms, us, ns only for
 * mantissas from 0.001 to 10000) that reads back as v. */
void ortho__format_seconds(char *buf, size_t size, double v);

#endif /* ORTHO_MODEL_PRIVATE_H_INCLUDED */
