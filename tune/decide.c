/* Decision intervals and measured curves from measurements (the paper's
 * sec. 4.7: "intervals of message sizes such that a different grid layout
 * is selected for a different interval").
 *
 * The drop-ins decide once per size class [2^k, 2^(k+1)), so decisions
 * are made per class, from the class of the smallest tuned size to that
 * of the largest:
 *  - a class holding a tuned size: the fastest candidate measured there
 *    when its time is at most (1 - margin) x native's, else native (with
 *    several tuned sizes in the class: the candidate whose smallest gain
 *    over them is largest, if at least the margin);
 *  - a class between tuned sizes a < b: only candidates that beat native
 *    by the margin at both a and b; of those, the one whose measured curve
 *    (lib/model/curves.c) predicts the least time in the middle of the
 *    class; native when there is none. A candidate that wins on one side
 *    only is not trusted in between: the native algorithm may switch
 *    there (ompi's allgather between 32K and 64K on the simulated torus
 *    gained 41% at 64K and lost 12% at 32K).
 * Neighbouring classes with the same answer form one interval. Outside
 * the tuned range the selector runs native (ortho_select.h).
 *
 * Every candidate that ran as asked at every tuned size also gets its
 * measured curve into the profile, native included: the model of the
 * selector predicts from them (ortho_model_curve).
 *
 * gatherv and scatterv: the drop-ins do not know the size there (only
 * the root does), so they get one decision for every size: the candidate
 * whose smallest gain over the tuned sizes is largest, when that gain is
 * at least the margin, else native. */
#include <math.h>
#include <string.h>

#include "tune.h"

static double lower_end(double s)
{
    return s >= 1.0 ? exp2(floor(log2(s))) : 0.0;
}

static double upper_end(double s)
{
    return s >= 1.0 ? exp2(floor(log2(s)) + 1.0) : 1.0;
}

static int size_index(const struct tune_table *tb, double s)
{
    for (int i = 0; i < tb->nall; i++)
        if (tb->all[i] == s)
            return i;
    return -1;
}

static int add(ortho_model_profile_t prof, const struct tune_table *tb, int p, double lo,
               double hi, int c, double gain, FILE *report)
{
    ortho_model_decision d;
    memset(&d, 0, sizeof d);
    d.op = tb->op;
    d.p = p;
    d.size_lo = lo;
    d.size_hi = hi;
    d.cand = tb->cand[c < 0 ? 0 : c];
    d.gain = c < 0 ? 0.0 : gain;
    if (ortho_model_profile_add_decision(prof, &d, NULL) != MPI_SUCCESS)
        return -1;
    if (report != NULL) {
        char a[32], b[32];
        ortho_model_size_text(lo, a, (int)sizeof a);
        ortho_model_size_text(hi, b, (int)sizeof b);
        fprintf(report, "  decide %-10s p=%d [%s, %s): %s", ortho_op_word(tb->op), p,
                a, isinf(hi) ? "inf" : b, tb->name[c < 0 ? 0 : c]);
        if (c > 0)
            fprintf(report, " (measured gain at least %.1f%%)", 100.0 * gain);
        fputc('\n', report);
    }
    return 0;
}

/* The curves of the table's valid candidates at the tuned sizes. */
static int add_curves(const struct tune_table *tb, const struct tune_opts *o, int p,
                      ortho_model_profile_t prof)
{
    if (o->nsizes < 2 || o->nsizes > ORTHO_MODEL_CURVE_MAX)
        return 0;
    for (int c = 0; c < tb->ncand; c++) {
        ortho_model_curve k;
        memset(&k, 0, sizeof k);
        k.op = tb->op;
        k.p = p;
        k.cand = tb->cand[c];
        for (int i = 0; i < o->nsizes && tb->valid[c]; i++) {
            double t = tb->t[c * tb->nall + size_index(tb, o->sizes[i])];
            if (!(t > 0.0))
                break;
            k.size[k.n] = tune_bytes(tb->op, o->sizes[i]);
            k.seconds[k.n++] = t;
        }
        if (k.n == o->nsizes && ortho_model_profile_add_curve(prof, &k) != MPI_SUCCESS)
            return -1;
    }
    return 0;
}

/* 1 - t_c / t_native at tuned size index k (of o->sizes); -inf when c
 * was not measured there. */
static double gain_at(const struct tune_table *tb, const struct tune_opts *o, int c, int k)
{
    int s = size_index(tb, o->sizes[k]);
    double t = tb->t[c * tb->nall + s];
    return tb->valid[c] && t > 0.0 && tb->t[s] > 0.0 ? 1.0 - t / tb->t[s] : -INFINITY;
}

/* The decision of the class [lo, hi): *gain its smallest measured gain. */
static int decide_class(const struct tune_table *tb, const struct tune_opts *o, int p,
                        ortho_model_profile_t prof, const double size[], double lo, double hi,
                        double *gain)
{
    int n = o->nsizes, first = -1, last = -1, best = -1;
    double best_key = 0.0;
    for (int k = 0; k < n; k++)
        if (size[k] >= lo && size[k] < hi) {
            if (first < 0)
                first = k;
            last = k;
        }
    int in_class = first >= 0;
    if (!in_class) { /* between tuned sizes: the pair around the class */
        for (first = n - 1; first >= 0 && size[first] >= lo; first--)
            ;
        for (last = 0; last < n && size[last] < hi; last++)
            ;
    }
    for (int c = 1; c < tb->ncand; c++) {
        double worst = INFINITY, key;
        for (int k = first; k <= last; k++)
            if (in_class || k == first || k == last)
                worst = fmin(worst, gain_at(tb, o, c, k));
        if (!(worst >= o->margin))
            continue;
        if (in_class) {
            key = -worst; /* one size: the fastest; several: the surest */
        } else if (ortho_select_predict(prof, tb->op, p, sqrt(lo * hi), &tb->cand[c], &key)
                   != MPI_SUCCESS) {
            continue;
        }
        if (best < 0 || key < best_key) {
            best = c;
            best_key = key;
            *gain = worst;
        }
    }
    if (best < 0)
        *gain = 0.0;
    return best;
}

int tune_decide(const struct tune_table *tb, const struct tune_opts *o, int p,
                ortho_model_profile_t prof, FILE *report)
{
    int n = o->nsizes, added = 0;
    double size[TUNE_MAX_SIZES];
    if (!tb->valid[0])
        return 0; /* native not measured: nothing to decide against */
    ortho_model_profile_remove_decisions(prof, tb->op, p, NULL);
    ortho_model_profile_remove_curves(prof, tb->op, p, NULL);
    if (add_curves(tb, o, p, prof) != 0)
        return -1;
    for (int k = 0; k < n; k++)
        size[k] = tune_bytes(tb->op, o->sizes[k]);
    if (tb->op == ORTHO_OP_GATHERV || tb->op == ORTHO_OP_SCATTERV) {
        int best = -1;
        double best_gain = 0.0;
        for (int c = 1; c < tb->ncand; c++) {
            double worst = INFINITY;
            for (int k = 0; k < n; k++)
                worst = fmin(worst, gain_at(tb, o, c, k));
            if (worst >= o->margin && worst > best_gain) {
                best = c;
                best_gain = worst;
            }
        }
        return add(prof, tb, p, 0.0, INFINITY, best, best_gain, report) == 0 ? 1 : -1;
    }
    if (n == 0)
        return 0;
    double end = upper_end(size[n - 1]), lo = lower_end(size[0]), start = lo, g = INFINITY;
    int choice = -2;
    for (double hi; lo < end; lo = hi) {
        double gc = 0.0;
        hi = lo > 0.0 ? 2.0 * lo : 1.0;
        int c = decide_class(tb, o, p, prof, size, lo, hi, &gc);
        if (choice != -2 && c != choice) {
            if (add(prof, tb, p, start, lo, choice, choice < 0 ? 0.0 : g, report) != 0)
                return -1;
            added++;
            start = lo;
            g = INFINITY;
        }
        choice = c;
        g = fmin(g, gc);
    }
    if (add(prof, tb, p, start, end, choice, choice < 0 ? 0.0 : g, report) != 0)
        return -1;
    return added + 1;
}
