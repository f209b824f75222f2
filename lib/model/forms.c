/* The table of runtime-function forms: the paper's Table I (and Table IV's
 * startup-free gather) and the alpha-beta-gamma costs of the MPICH
 * algorithms (Thakur, Rabenseifner, Gropp). Adding a form = one entry.
 *
 * Notation: b the message size of the op (see ortho_model.h), lg = log2 p,
 * cl = ceil(log2 p), (p-1)/p n with n = p*b the total for the gather family.
 * For a reduce, gamma is the local reduction time per byte: it multiplies
 * the same function of (p, b) as beta in several forms, so a fit can only
 * find beta + gamma unless gamma is held fixed (ortho_model_fit_opts). */
#include "model/model_private.h"

#include <math.h>
#include <stddef.h>

#define OP(x) (1u << ORTHO_MODEL_##x)
#define ALL_OPS ((1u << ORTHO_MODEL_NOPS) - 1u)

static double lg(int p) { return log2((double)p); }
static double cl(int p) { return (double)ortho__ceil_log2(p); }
static double frac(int p) { return (double)(p - 1) / (double)p; }

/* ---- paper, Table I / IV ---- */
static void b_lin(int p, double b, double f[]) { f[0] = b; f[1] = p * b; }
static void b_log(int p, double b, double f[]) { f[0] = b; f[1] = lg(p) * b; }
static void b_logm1(int p, double b, double f[])
{
    f[0] = b;
    f[1] = p > 2 ? (double)ortho__floor_log2(p - 1) * b : 0.0;
}
static void b_ga(int p, double b, double f[]) { f[0] = 1.0; f[1] = b; f[2] = p * b; }
static void b_ga0(int p, double b, double f[]) { f[0] = b; f[1] = p * b; }

/* ---- MPICH, alpha-beta-gamma ---- */
static void b_bcast_binomial(int p, double b, double f[]) { f[0] = cl(p); f[1] = cl(p) * b; }
/* A node's sends to its children leave at once and share its link (eager
 * sends on a network that shares a link among flows, as TCP connections
 * or SimGrid do): all its children get the message when the last does,
 * so a path through the tree costs the sum of its nodes' child counts in
 * transfers. MPICH's binomial tree on n processes: the root has cl(n)
 * children, the largest subtree max(n - 2^(cl-1), 2^(cl-2)) members; on
 * 2^L processes the path costs L + (L - 1) + ... + 1. A reduce mirrors it
 * on the parents' inbound links. */
static double shared_path(int p)
{
    double cost = 0.0;
    for (int n = p; n > 1;) {
        int c = ortho__ceil_log2(n), half = 1 << (c - 1), quarter = c >= 2 ? 1 << (c - 2) : 0;
        cost += c;
        n = n - half > quarter ? n - half : quarter;
    }
    return cost;
}
static void b_bcast_binomial_shared(int p, double b, double f[])
{
    f[0] = cl(p);
    f[1] = shared_path(p) * b;
}
static void b_reduce_binomial_shared(int p, double b, double f[])
{
    f[0] = cl(p);
    f[1] = shared_path(p) * b;
    f[2] = cl(p) * b;
}
static void b_bcast_scatter_ring(int p, double b, double f[])
{
    f[0] = cl(p) + p - 1;
    f[1] = 2.0 * frac(p) * b;
}
static void b_bcast_scatter_rd(int p, double b, double f[]) { f[0] = 2.0 * cl(p); f[1] = 2.0 * frac(p) * b; }
static void b_reduce_binomial(int p, double b, double f[])
{
    f[0] = cl(p);
    f[1] = cl(p) * b;
    f[2] = cl(p) * b;
}
static void b_rabenseifner(int p, double b, double f[])
{
    f[0] = 2.0 * cl(p);
    f[1] = 2.0 * frac(p) * b;
    f[2] = frac(p) * b;
}
static void b_allreduce_rd(int p, double b, double f[])
{
    f[0] = cl(p);
    f[1] = cl(p) * b;
    f[2] = cl(p) * b;
}
static void b_allreduce_reduce_bcast(int p, double b, double f[])
{
    f[0] = 2.0 * cl(p);
    f[1] = 2.0 * cl(p) * b;
    f[2] = cl(p) * b;
}
static void b_gather_binomial(int p, double b, double f[]) { f[0] = cl(p); f[1] = (p - 1) * b; }
static void b_allgather_ring(int p, double b, double f[]) { f[0] = p - 1; f[1] = (p - 1) * b; }
static void b_allgather_rd(int p, double b, double f[])
{
    f[0] = (p & (p - 1)) == 0 ? cl(p) : 2.0 * cl(p);
    f[1] = (p - 1) * b;
}
static void b_allgather_bruck(int p, double b, double f[]) { f[0] = cl(p); f[1] = (p - 1) * b; }

/* FORM: linear in its n coefficients c0, c1, c2, with basis fn.
 * COMPOSITE: op1's function at (p, b) plus op2's at (p, b), or at (p, p*b)
 * with times_p2, both from the profile (predict.c). */
#define FORM(name, formula, source, ops, n, c0, c1, c2, fn) \
    { { name, formula, source, ops, n, { c0, c1, c2, NULL }, 0 }, fn, { { 0, 0 }, { 0, 0 } } }
#define COMPOSITE(name, formula, source, ops, op1, op2, times_p2) \
    { { name, formula, source, ops, 0, { NULL, NULL, NULL, NULL }, 1 }, NULL, \
      { { ORTHO_MODEL_##op1, 0 }, { ORTHO_MODEL_##op2, times_p2 } } }

const struct ortho__form ortho__forms[] = {
    FORM("lin", "(tau + tc*p)*b", "paper Table I, t_sb_lin / t_acc_lin", ALL_OPS,
         2, "tau", "tc", NULL, b_lin),
    FORM("log", "(tau + tc*log2(p))*b", "paper Table I, t_sb_log", ALL_OPS,
         2, "tau", "tc", NULL, b_log),
    FORM("logm1", "(tau + tc*floor(log2(p-1)))*b", "paper Table I, t_acc_log",
         OP(REDUCE) | OP(ALLREDUCE), 2, "tau", "tc", NULL, b_logm1),
    FORM("ga", "tau1 + (tau2 + tc*p)*b", "paper Table I, t_ga / t_sc", ALL_OPS,
         3, "tau1", "tau2", "tc", b_ga),
    FORM("ga0", "(tau2 + tc*p)*b", "paper Table IV, T_1 (no startup)", ALL_OPS,
         2, "tau2", "tc", NULL, b_ga0),
    COMPOSITE("reduce+bcast", "t_acc(p,b) + t_sb(p,b)", "paper Table I, t_macc",
              OP(ALLREDUCE), REDUCE, BCAST, 0),
    COMPOSITE("gather+bcast", "t_ga(p,b) + t_sb(p,p*b)", "paper Table I, t_mb",
              OP(ALLGATHER), GATHER, BCAST, 1),
    FORM("binomial", "cl*alpha + cl*b*beta", "MPICH bcast, binomial tree", OP(BCAST),
         2, "alpha", "beta", NULL, b_bcast_binomial),
    FORM("binomial_shared", "cl*alpha + S*b*beta, S: child counts on the deepest path",
         "binomial tree, a node's sends at once on its one link", OP(BCAST),
         2, "alpha", "beta", NULL, b_bcast_binomial_shared),
    FORM("scatter_ring", "(cl + p-1)*alpha + 2(p-1)/p*b*beta",
         "MPICH bcast, scatter + ring allgather (van de Geijn)", OP(BCAST),
         2, "alpha", "beta", NULL, b_bcast_scatter_ring),
    FORM("scatter_rd", "2cl*alpha + 2(p-1)/p*b*beta",
         "MPICH bcast, scatter + recursive-doubling allgather", OP(BCAST),
         2, "alpha", "beta", NULL, b_bcast_scatter_rd),
    FORM("binomial", "cl*(alpha + b*beta + b*gamma)", "MPICH reduce, binomial tree", OP(REDUCE),
         3, "alpha", "beta", "gamma", b_reduce_binomial),
    FORM("binomial_shared", "cl*alpha + S*b*beta + cl*b*gamma, S as for bcast",
         "binomial tree, a node's children at once on its one link", OP(REDUCE),
         3, "alpha", "beta", "gamma", b_reduce_binomial_shared),
    FORM("rabenseifner", "2cl*alpha + 2(p-1)/p*b*beta + (p-1)/p*b*gamma",
         "MPICH reduce/allreduce, Rabenseifner (reduce-scatter + gather/allgather)",
         OP(REDUCE) | OP(ALLREDUCE), 3, "alpha", "beta", "gamma", b_rabenseifner),
    FORM("rd", "cl*alpha + cl*b*beta + cl*b*gamma", "MPICH allreduce, recursive doubling",
         OP(ALLREDUCE), 3, "alpha", "beta", "gamma", b_allreduce_rd),
    FORM("reduce_bcast", "2cl*alpha + 2cl*b*beta + cl*b*gamma",
         "MPICH (old) allreduce, binomial reduce + binomial bcast", OP(ALLREDUCE),
         3, "alpha", "beta", "gamma", b_allreduce_reduce_bcast),
    FORM("binomial", "cl*alpha + (p-1)*b*beta", "MPICH gather/scatter, binomial tree",
         OP(GATHER) | OP(SCATTER), 2, "alpha", "beta", NULL, b_gather_binomial),
    FORM("ring", "(p-1)*alpha + (p-1)*b*beta", "MPICH allgather, ring", OP(ALLGATHER),
         2, "alpha", "beta", NULL, b_allgather_ring),
    FORM("rd", "lg*alpha (p not a power of 2: 2cl*alpha) + (p-1)*b*beta",
         "MPICH allgather, recursive doubling", OP(ALLGATHER),
         2, "alpha", "beta", NULL, b_allgather_rd),
    FORM("bruck", "cl*alpha + (p-1)*b*beta", "MPICH allgather, Bruck", OP(ALLGATHER),
         2, "alpha", "beta", NULL, b_allgather_bruck),
};

const int ortho__nforms = (int)(sizeof ortho__forms / sizeof ortho__forms[0]);
