/* Decision intervals from measurements (the paper's sec. 4.7: "intervals
 * of message sizes such that a different grid layout is selected for a
 * different interval").
 *
 * Per tuned size: the fastest candidate that ran as asked, when its time
 * is at most (1 - margin) x native's, else native. Neighbouring sizes with
 * the same choice form one interval. Boundaries fall on powers of two, the
 * boundaries of the drop-ins' size classes (they decide once per
 * [2^k, 2^(k+1)) and reuse the decision): between native and a candidate,
 * native keeps the unmeasured stretch up to the other size's class (see
 * boundary()); between two candidates, the power of two nearest to
 * sqrt(a b). The first interval starts at the size class of the
 * smallest tuned size, the last ends with the class of the largest: the
 * model decides outside the tuned range.
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

/* The boundary between tuned sizes a < b whose choices differ. Where one
 * of them is native, the stretch between them goes to native as far as
 * the size classes allow (nothing was measured there, and native is the
 * choice that cannot lose against native): the class of the other size
 * starts the other's interval. Between two candidates: the power of two
 * in (a, b] nearest to sqrt(a b). Without a power of two in (a, b], the
 * native side takes all of it, or the geometric mean splits it. */
static double boundary(double a, double b, int native_below, int native_above)
{
    double hi_pow = exp2(floor(log2(b))), lo_pow = exp2(floor(log2(a)) + 1.0);
    if (native_below && !native_above)
        return hi_pow > a ? hi_pow : b;
    if (!native_below && native_above)
        return lo_pow <= b ? lo_pow : a + 1.0;
    double mid = 0.5 * (log2(a) + log2(b)), best = 0.0;
    for (int k = 0; k < 62; k++) {
        double q = exp2(k);
        if (q > a && q <= b && (best == 0.0 || fabs(k - mid) < fabs(log2(best) - mid)))
            best = q;
    }
    if (best > 0.0)
        return best;
    best = ceil(sqrt(a * b));
    return best <= a ? a + 1.0 : (best > b ? b : best);
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
        tune_size_text(lo, a, sizeof a);
        tune_size_text(hi, b, sizeof b);
        fprintf(report, "  decide %-10s p=%d [%s, %s): %s", ortho_model_dropin_op_name(tb->op), p,
                a, isinf(hi) ? "inf" : b, tb->name[c < 0 ? 0 : c]);
        if (c > 0)
            fprintf(report, " (measured gain at least %.1f%%)", 100.0 * gain);
        fputc('\n', report);
    }
    return 0;
}

int tune_decide(const struct tune_table *tb, const struct tune_opts *o, int p,
                ortho_model_profile_t prof, FILE *report)
{
    int n = o->nsizes, choice[TUNE_MAX_SIZES], added = 0;
    double gain[TUNE_MAX_SIZES], size[TUNE_MAX_SIZES];
    if (!tb->valid[0])
        return 0; /* native not measured: nothing to decide against */
    ortho_model_profile_remove_decisions(prof, tb->op, p, NULL);
    for (int k = 0; k < n; k++) {
        int s = size_index(tb, o->sizes[k]);
        double tn = tb->t[s], tbest = 0.0;
        choice[k] = -1;
        gain[k] = 0.0;
        size[k] = tune_bytes(tb->op, o->sizes[k]);
        for (int c = 1; c < tb->ncand; c++) {
            double t = tb->t[c * tb->nall + s];
            if (tb->valid[c] && t > 0.0 && (tbest == 0.0 || t < tbest)) {
                tbest = t;
                choice[k] = c;
            }
        }
        if (choice[k] >= 0 && tbest <= (1.0 - o->margin) * tn)
            gain[k] = 1.0 - tbest / tn;
        else
            choice[k] = -1;
    }
    if (tb->op == ORTHO_OP_GATHERV || tb->op == ORTHO_OP_SCATTERV) {
        int best = -1;
        double best_gain = 0.0;
        for (int c = 1; c < tb->ncand; c++) {
            double worst = INFINITY;
            for (int k = 0; k < n && tb->valid[c]; k++) {
                int s = size_index(tb, o->sizes[k]);
                double t = tb->t[c * tb->nall + s];
                worst = fmin(worst, t > 0.0 ? 1.0 - t / tb->t[s] : -INFINITY);
            }
            if (tb->valid[c] && worst >= o->margin && worst > best_gain) {
                best = c;
                best_gain = worst;
            }
        }
        return add(prof, tb, p, 0.0, INFINITY, best, best_gain, report) == 0 ? 1 : -1;
    }
    for (int i = 0; i < n;) {
        int j = i;
        double g = gain[i];
        while (j + 1 < n && choice[j + 1] == choice[i])
            g = fmin(g, gain[++j]);
        double lo = i == 0 ? lower_end(size[0])
                           : boundary(size[i - 1], size[i], choice[i - 1] < 0, choice[i] < 0);
        double hi = j == n - 1 ? upper_end(size[n - 1])
                               : boundary(size[j], size[j + 1], choice[j] < 0, choice[j + 1] < 0);
        if (add(prof, tb, p, lo, hi, choice[i], g, report) != 0)
            return -1;
        added++;
        i = j + 1;
    }
    return added;
}
