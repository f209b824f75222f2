/* The model module's private declarations: the form table, the profile
 * structure. The model is pure computation: nothing here communicates or
 * raises an error (ortho_model_forms.h). */
#ifndef ORTHO_MODEL_PRIVATE_H_INCLUDED
#define ORTHO_MODEL_PRIVATE_H_INCLUDED

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ortho_model_decisions.h"
#include "ortho_model_fit.h"
#include "ortho_model_forms.h"
#include "ortho_model_predict.h"
#include "ortho_model_profile.h"
#include "ortho_model_switches.h"
#include "ortho_model_units.h"

/* One term of a composite form: the native prediction of op on the same
 * p processes with size b, or p * b when times_p is set. */
struct ortho__term {
    ortho_model_op op;
    int times_p;
};

/* A runtime-function form. Non-composite forms give their basis functions:
 * t(p, b) = sum_j c_j * phi_j(p, b). Composite forms are the sum of their
 * two terms, each predicted from the profile's other entries (predict.c). */
struct ortho__form {
    ortho_model_form_info info;
    void (*basis)(int p, double b, double phi[]);
    struct ortho__term terms[2];
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

/* form_eval.c: the non-composite form's basis at (p, b) times coefs. */
double ortho__form_basis_eval(int form, const double coefs[], int p, double b);

/* form_eval.c: does range r contain (p, b)? */
int ortho__range_contains(const ortho_model_range *r, int p, double b);

/* util.c: ceil(log2 p) and floor(log2 p) for p >= 1. */
int ortho__ceil_log2(int p);
int ortho__floor_log2(int p);

/* predict.c: evaluate entry e at (p, b): non-composite forms by their
 * basis, composite ones from prof's other entries (MPI_ERR_ARG when prof
 * is NULL or lacks one). */
int ortho__entry_eval(ortho_model_profile_t prof, const ortho_model_entry *e, int p, double b,
                      double *t);

/* predict.c: the native prediction from the first entry of prof that
 * covers (op, p, b), without checking the arguments. */
int ortho__predict(ortho_model_profile_t prof, ortho_model_op op, int p, double b, double *t);

/* structure.c: a grid of ndims dims on nodes of node_size processes
 * (blocks of consecutive ranks; node_size < 2: unknown). */
struct ortho__frame {
    int node_size;
    int node_aware; /* a node-aware candidate's grid: its rows are the nodes */
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];
};

/* structure.c: how the active groups of a phase lie on the nodes. */
struct ortho__structure {
    int where, per_node, nodes, flows;
};

/* structure.c: the structure of the phase whose groups run over dims
 * lo..hi of fr taken together (row-major), the active groups being those
 * whose coordinates in the dims of mask (bit i: dim i) are 0. All zero
 * (where ANY) when the node size is unknown. */
void ortho__structure_of(const struct ortho__frame *fr, int lo, int hi, unsigned mask,
                         struct ortho__structure *st);

/* structure.c: the native prediction of (op, p, b) for groups at where
 * with flows processes of a node at once: the first entry that holds and
 * is for every where or for this one; where=net entries with the sharing
 * factor (share, entry: may be NULL; MPI_ERR_ARG when none holds). */
int ortho__predict_at(ortho_model_profile_t prof, ortho_model_op op, int p, double b, int where,
                      int flows, double *t, double *share, int *entry);

/* structure.c: one phase of op on groups of g (dims lo..hi of fr, active
 * groups by mask; fr NULL: unknown) with size s, into ph (its seconds
 * not multiplied by any repetition). */
int ortho__phase_predict(ortho_model_profile_t prof, const struct ortho__frame *fr, int lo,
                         int hi, unsigned mask, ortho_model_op op, int g, double s,
                         ortho_model_phase *ph);

/* hops.c: the profile's reach for g members stride ranks apart (the
 * farthest one from the first; params hop_reach_G_S, hop_reach_G,
 * hop_reach), 0 when absent or for two consecutive ranks. */
double ortho__reach(ortho_model_profile_t prof, int g, long long stride);

/* hops.c: 1 and the measured message's alpha (the group's reach where
 * longer) and beta at where, for g members stride ranks apart; 0 when
 * the profile has no such hop. */
int ortho__measured_hop(ortho_model_profile_t prof, int where, int g, long long stride,
                        double *alpha, double *beta);

/* hops.c: how many ranks apart the members of a group over dims ..hi of
 * fr are (1 for fr NULL). */
long long ortho__frame_stride(const struct ortho__frame *fr, int hi);

/* structure.c: the profile's share_OP, else share, else 0. */
double ortho__share_param(ortho_model_profile_t prof, ortho_model_op op);

/* predict.c: the paper-order phases over dims 0..nsub-1 of fr (a prefix
 * of its dims; the others are lanes, all running at once unless held to 0
 * by mask), appended to pred; block sizes grow from bytes as in
 * ortho_model_predict_grid. */
int ortho__grid_phases(ortho_model_profile_t prof, const struct ortho__frame *fr, int nsub,
                       unsigned mask, ortho_model_op op, double bytes, ortho_model_prediction *pred);

/* fit.c: least-squares fit of the samples with indices idx[0..m-1].
 * rel_err, when non-NULL, is indexed like samples. */
int ortho__fit(int form, const ortho_model_sample samples[], const int idx[], int m,
               const ortho_model_fit_opts *opts, ortho_model_entry *entry, double rel_err[]);

/* form_choice.c: a held-out score, the sum of squared relative errors of
 * count predictions, and its RMS (INFINITY for no prediction). */
struct ortho__score {
    double sumsq;
    int count;
};
double ortho__score_rms(struct ortho__score s);

/* form_choice.c: the candidate of forms[] with the smallest held-out score
 * on the samples idx[0..m-1] (*form = -1 when none can be scored); train:
 * room for m indices. */
void ortho__best_form(ortho_model_op op, const int forms[], int nforms,
                      const ortho_model_sample s[], const int idx[], int m,
                      const ortho_model_fit_opts *o, ortho_model_profile_t prof, int train[],
                      int *form, struct ortho__score *best);

/* form_choice.c: the entry of one piece: form fitted on all its samples
 * (or the composite's statistics), with its range and held-out score cv. */
int ortho__final_entry(ortho_model_op op, int form, const ortho_model_sample s[], const int idx[],
                       int m, const ortho_model_fit_opts *o, ortho_model_profile_t prof,
                       struct ortho__score cv, ortho_model_range range, ortho_model_entry *e);

/* decisions.c: "b>=2K b<64K", "b>=2K", "b<1K" or "" (every size). */
void ortho__decision_range_text(const ortho_model_decision *d, char *buf, size_t n);

/* decisions.c: one "decide" line of the profile format. */
void ortho__decision_write(FILE *out, const ortho_model_decision *d);

/* curves.c: one "measured" line of the profile format; the power law of
 * curve c at bytes. */
void ortho__curve_write(FILE *out, const ortho_model_curve *c);
double ortho__curve_eval(const ortho_model_curve *c, double bytes);

/* units.c: a size in bytes as the profile format writes it: with a K or M
 * suffix where that is exact, the number in its shortest exact form
 * ("16K", "1e+03"; ortho_model_size_text() is the same with whole numbers
 * in plain digits). */
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

/* profile.c: the profile's param name; 0 when absent. */
double ortho__param_or_0(ortho_model_profile_t prof, const char *name);

/* predict.c: every phase of pred after the first, but those of measured
 * hops, less the profile's "spread" of the processes' starts, down to no
 * less than one message (hop_alpha); nothing without the param. */
void ortho__spread_once(ortho_model_profile_t prof, ortho_model_prediction *pred);

#endif /* ORTHO_MODEL_PRIVATE_H_INCLUDED */
