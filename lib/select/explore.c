/* The exploration of one size class (adapt.h): a state machine driven by
 * the count of calls and by agreed times only, so that every process of
 * the communicator takes the same steps. No MPI.
 *
 * The budget. Exploring costs the difference between a candidate's time
 * and native's on the calls it runs (and the agreements). A class earns
 * `overhead` x native's time per call, plus what the fastest candidate
 * found so far saves on the calls it runs between explorations; a
 * measurement starts only when what is earned covers what it is expected
 * to cost (an unmeasured candidate: `risk` native times, from a
 * neighbouring class's measurement or the prior). So the total time of a
 * class stays within about (1 + overhead) x native's, plus at most one
 * first sample per candidate that costs more than its risk: a first
 * sample `far` times native's or more stops the candidate. The budget is
 * not lent in advance: under SMPI, lent for the first 100 calls (the
 * first candidate measured on the 6th call), 100 calls of a 10 KB
 * allgather on the star (16 processes) ran 0.83x native's speed where
 * the measured excess was 1.2% of it: an agreement between back-to-back
 * calls costs the calls after it the overlap they had, which no clock in
 * the library sees.
 *
 * The order. Every candidate gets one sample (agreed alone) before any
 * gets its batch, the quickest first sample's first: a candidate whose
 * sample is `far` times the fastest measured candidate's batch or more is
 * stopped without one. (Each batch used to follow its own first sample,
 * so a candidate a little faster than native was batched even where a
 * later one was several times faster.) A batch still goes first when its
 * sample beat native, so that it costs nothing, and the budget cannot yet
 * pay for the next candidate's first call.
 *
 * The watch. Once locked to a candidate, every call of the class is timed
 * (locally) and the total of a window of calls agreed: a candidate not
 * faster than native's agreed time per call over a whole window goes, the
 * class runs native. The windows double (16, 32, ... calls), so a long
 * run pays a logarithmic number of agreements. */
#include "select/adapt.h"

#include <string.h>

static int first_untried(const struct ortho__explore *e)
{
    for (int a = 1; a < e->narms; a++)
        if (e->arm[a].state == ORTHO__ARM_UNTRIED)
            return a;
    return -1;
}

/* Whether a candidate is still to be measured (a first sample or its batch). */
static int measuring_left(const struct ortho__explore *e)
{
    for (int a = 1; a < e->narms; a++)
        if (e->arm[a].state == ORTHO__ARM_UNTRIED || e->arm[a].state == ORTHO__ARM_SAMPLING)
            return 1;
    return 0;
}

/* The candidate whose batch comes next: of those sampled once, the
 * quickest first sample. One `far` times the fastest measured candidate's
 * time or more stops that candidate, as one `far` times native's does:
 * its batch could not make it the winner. Deciding from agreed times
 * only, every process stops the same ones. */
static int next_batch(struct ortho__explore *e)
{
    int s = -1;
    for (int a = 1; a < e->narms; a++) {
        struct ortho__arm *arm = &e->arm[a];
        if (arm->state != ORTHO__ARM_SAMPLING)
            continue;
        if (e->best_arm != 0 && arm->best >= e->params.far * e->arm[e->best_arm].best) {
            arm->state = ORTHO__ARM_SLOW;
            continue;
        }
        if (s < 0 || arm->best < e->arm[s].best)
            s = a;
    }
    return s;
}

static void schedule_recheck(struct ortho__explore *e)
{
    e->next_recheck = 0;
    if (e->locked != 0 && e->params.recheck > 0) {
        e->recheck_every = e->params.recheck;
        e->next_recheck = e->calls + e->recheck_every;
    }
}

/* Watching starts (again) with the current window, from this call. */
static void start_watch(struct ortho__explore *e)
{
    e->watch_sum = 0.0;
    e->watch_n = 0;
    e->watch_next = 0;
    if (e->locked != 0 && e->params.watch > 0) {
        if (e->watch_every <= 0)
            e->watch_every = e->params.watch;
        e->watch_next = e->calls + e->watch_every;
    }
}

static int watching(const struct ortho__explore *e)
{
    return e->phase == ORTHO__EXPLORE_LOCKED && e->locked != 0 && e->watch_next > 0;
}

static void lock(struct ortho__explore *e)
{
    e->phase = ORTHO__EXPLORE_LOCKED;
    e->locked = e->best_arm;
    e->sampling = -1;
    e->next_recheck = 0;
    e->watch_next = 0;
    if (e->locked != 0) {
        e->phase = ORTHO__EXPLORE_CONFIRM;
        e->confirmed = 0;
        e->confirm_native = 0.0;
        e->confirm_native_n = 0;
        e->why = "confirming the fastest candidate back to back";
    } else {
        e->why = e->narms > 1 ? "no candidate measured faster than native by the margin"
                              : "no candidate to explore";
    }
}

void ortho__explore_begin(struct ortho__explore *e, const struct ortho__adapt_params *params)
{
    memset(e, 0, sizeof *e);
    e->params = *params;
    e->narms = 1;
    e->awaiting_list = 1;
    e->sampling = -1;
    e->phase = ORTHO__EXPLORE_PROBE;
    e->why = "measuring native";
}

void ortho__explore_candidates(struct ortho__explore *e, const ortho_candidate cands[],
                               const double risk[], int n)
{
    if (n > ORTHO__ADAPT_MAX_CANDIDATES)
        n = ORTHO__ADAPT_MAX_CANDIDATES;
    e->narms = 1 + (n > 0 ? n : 0);
    for (int i = 1; i < e->narms; i++) {
        e->arm[i].cand = cands[i - 1];
        e->arm[i].risk = risk != NULL ? risk[i - 1] : e->params.prior_risk;
    }
    e->awaiting_list = 0;
    if (e->narms == 1)
        lock(e);
}

void ortho__explore_init(struct ortho__explore *e, const struct ortho__adapt_params *params,
                         const ortho_candidate cands[], const double risk[], int n)
{
    ortho__explore_begin(e, params);
    ortho__explore_candidates(e, cands, risk, n);
}

/* The assumed cost, in native times, of the first candidate to measure:
 * until it is earned the probe's times are not even agreed. */
static double first_risk(const struct ortho__explore *e)
{
    double r = e->params.prior_risk;
    for (int a = 1; !e->awaiting_list && a < e->narms; a++)
        r = a == 1 || e->arm[a].risk < r ? e->arm[a].risk : r;
    return r > 0.0 ? r : 0.0;
}

int ortho__explore_list_due(const struct ortho__explore *e)
{
    return e->awaiting_list && e->phase == ORTHO__EXPLORE_RUN &&
           e->credit >= first_risk(e) * e->native + 2.0 * e->agree_cost;
}

void ortho__explore_agree_started(struct ortho__explore *e)
{
    e->in_flight = 1;
    e->apply_at = e->calls + 1 + (e->params.lag > 0 ? e->params.lag : 0);
}

int ortho__explore_agree_due(const struct ortho__explore *e)
{
    return e->in_flight && e->calls + 1 >= e->apply_at;
}

/* RUN, between measurements: the fastest candidate found so far, untimed,
 * earning what it saves (native, where none is faster). */
static int fastest_so_far(struct ortho__explore *e)
{
    if (e->best_arm != 0)
        e->credit += e->native - e->arm[e->best_arm].best;
    return e->best_arm;
}

/* A call while an agreement is in flight: what ran before, untimed. */
static struct ortho__explore_step holding(struct ortho__explore *e)
{
    struct ortho__explore_step step = {0, 0, 0};
    if (e->phase == ORTHO__EXPLORE_RUN) {
        e->credit += e->params.overhead * e->native;
        step.arm = fastest_so_far(e);
    } else if (e->phase != ORTHO__EXPLORE_PROBE) {
        step.arm = e->locked;
    }
    return step;
}

struct ortho__explore_step ortho__explore_next(struct ortho__explore *e)
{
    struct ortho__explore_step step = {0, 0, 0};
    const int S = ORTHO__ADAPT_SAMPLES;
    e->calls++;
    if (e->in_flight)
        return holding(e);
    switch (e->phase) {
    case ORTHO__EXPLORE_PROBE: {
        /* the first call warms up; then a batch; then, untimed, native
         * until the class has earned its first measurement: only then are
         * the probe's times agreed (a class called rarely costs nothing) */
        long waited = e->calls - 1 - S;
        step.timed = e->calls > 1 && e->npending < S;
        step.agree = waited > 0 && e->params.overhead > 0.0 &&
                     (double)waited * e->params.overhead >= first_risk(e);
        return step;
    }
    case ORTHO__EXPLORE_RUN: {
        e->credit += e->params.overhead * e->native;
        if (e->awaiting_list) /* native until the short list is due */
            return step;
        int s = e->sampling;
        if (s >= 0 && e->npending > 0) { /* a batch, once begun, runs to its end */
            step.arm = s;
            step.timed = 1;
            step.agree = 1 + S - e->arm[s].nsamples - e->npending == 1;
            return step;
        }
        /* With agreements that do not stop the processes (a lag), the
         * processes are apart when a measurement begins, and its first
         * call would pay for what ran before: the arm to measure runs one
         * call untimed first, charged as one more call of what its
         * measurement shows, which follows on the next call. Measured without it
         * (SMPI, torus, 48 processes, mpich), rsag:8x6:cols's first sample
         * was 2 to 2.6 times its time in step, and stopped as far slower
         * where it was the fastest candidate (allreduce of 10 KB 2.22x ->
         * 1.80x native's speed over 1000 calls, reduce of 100 KB 1.18x ->
         * 1.00x). */
        int warm = e->params.lag > 0;
        int warmed = e->warmed;
        e->warmed = 0;
        /* one sample of every candidate first, then the batches, quickest
         * first: a candidate that one sample shows far slower than the
         * fastest found is not measured further */
        int u = first_untried(e);
        if (warmed > 0 && e->arm[warmed].state == ORTHO__ARM_UNTRIED)
            u = warmed;
        /* except a candidate whose first sample beat native by the
         * margin: its batch comes first (it saves what it costs), so that
         * it can run between the measurements that follow and pay for
         * them. Sampled after it, a far slower one put a class in debt
         * for the rest of the run while the faster one waited (SMPI,
         * multi-core, 48 processes, mpich: 1000 reduces of 100 KB, the
         * node-aware rsag sampled at 26 us against native's 42 us, then
         * rsag:8x6:cols at 191 us; native ran to the end) */
        int batch = next_batch(e);
        if (u >= 0 && warmed != u && batch >= 0 &&
            e->arm[batch].best < (1.0 - e->params.margin) * e->native)
            u = -1;
        /* its first call's agreement and its batch's (and its warming) */
        if (u >= 0 && (warmed == u ||
                       e->credit >= e->arm[u].risk * e->native + 2.0 * e->agree_cost)) {
            step.arm = u;
            if (warm && warmed != u) {
                e->warmed = u;
                return step;
            }
            e->warm_charge = warm;
            e->sampling = u;
            step.timed = 1;
            step.agree = 1; /* the first sample alone: a far slower one stops here */
            return step;
        }
        s = batch;
        if (s < 0 && u < 0) { /* every candidate measured, stopped or dropped */
            lock(e);
            step.arm = e->locked;
            return step;
        }
        if (warmed > 0 && e->arm[warmed].state == ORTHO__ARM_SAMPLING)
            s = warmed;
        if (s >= 0) {
            int left = 1 + S - e->arm[s].nsamples;
            double gap = e->arm[s].best > e->native ? e->arm[s].best - e->native : 0.0;
            if (warmed == s || e->credit >= left * gap + e->agree_cost) {
                step.arm = s;
                if (warm && warmed != s) {
                    e->warmed = s;
                    return step;
                }
                e->warm_charge = warm;
                e->sampling = s;
                step.timed = 1;
                step.agree = left == 1;
                return step;
            }
        }
        step.arm = fastest_so_far(e);
        return step;
    }
    case ORTHO__EXPLORE_CONFIRM: /* the candidate back to back, then native */
        step.arm = e->npending < S + 1 ? e->locked : 0;
        step.timed = 1;
        step.agree = e->npending + 1 == 2 * S + 1;
        return step;
    case ORTHO__EXPLORE_LOCKED:
        if (e->next_recheck == 0 || e->calls < e->next_recheck) {
            step.arm = e->locked;
            step.timed = watching(e);
            step.agree = step.timed && e->calls >= e->watch_next;
            return step;
        }
        e->phase = ORTHO__EXPLORE_RECHECK;
        e->why = "checking the locked candidate against native again";
        /* fall through */
    case ORTHO__EXPLORE_RECHECK:
        step.arm = e->npending < S ? 0 : e->locked;
        step.timed = 1;
        step.agree = e->npending + 1 == 2 * S;
        return step;
    }
    return step;
}

void ortho__explore_timed(struct ortho__explore *e, double seconds)
{
    if (watching(e)) {
        e->watch_sum += seconds > 0.0 ? seconds : 0.0;
        e->watch_n++;
        return;
    }
    if (e->npending >= ORTHO__EXPLORE_PENDING_MAX)
        return;
    /* the arm of the step just run: the sampling arm, the probe's or the
     * recheck's, set by the caller's step (ortho__explore_next) */
    e->pending[e->npending++] = seconds > 0.0 ? seconds : 0.0;
}

static double sum_of(const double *t, int n)
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += t[i];
    return s;
}

/* Where a batch of two arms splits: the recheck's native calls, then the
 * locked candidate's; the confirmation's candidate calls, then native's
 * (0: a batch of one arm). */
static int batch_split(const struct ortho__explore *e)
{
    return e->phase == ORTHO__EXPLORE_RECHECK   ? ORTHO__ADAPT_SAMPLES
         : e->phase == ORTHO__EXPLORE_CONFIRM ? ORTHO__ADAPT_SAMPLES + 1
                                               : 0;
}

int ortho__explore_to_agree(const struct ortho__explore *e, double last_agreement, int failed,
                            double out[])
{
    int n = 0, split = batch_split(e);
    int probe = e->phase == ORTHO__EXPLORE_PROBE;
    if (watching(e) && e->watch_n > 0) {
        out[n++] = e->watch_sum;
    } else if (split > 0 && e->npending > split) {
        out[n++] = sum_of(e->pending, split);
        out[n++] = sum_of(e->pending + split, e->npending - split);
    } else if (e->npending > 0) {
        out[n++] = sum_of(e->pending, e->npending);
    }
    if (probe) { /* the greatest and the least span: how far some ran ahead */
        out[n++] = e->span;
        out[n++] = -e->span;
    }
    out[n] = last_agreement; /* the maximum: the slowest process's */
    out[n + 1] = failed ? 1.0 : 0.0;
    return n + 2;
}

/* sum: the agreed total of the n calls just measured. */
static void agreed_run(struct ortho__explore *e, double sum, int n)
{
    int a = e->sampling;
    if (a < 0)
        return;
    struct ortho__arm *arm = &e->arm[a];
    e->sampling = -1;
    /* its warming call, untimed, as one more of these */
    double calls = n + (e->warm_charge ? 1.0 : 0.0);
    e->warm_charge = 0;
    e->credit -= (sum / n - e->native) * calls;
    e->excess += (sum / n - e->native) * calls;
    arm->best = sum / n;
    arm->nsamples += n;
    if (arm->state == ORTHO__ARM_UNTRIED && arm->best >= e->params.far * e->native) {
        arm->state = ORTHO__ARM_SLOW;
    } else if (arm->state == ORTHO__ARM_UNTRIED) {
        arm->state = ORTHO__ARM_SAMPLING;
    } else {
        arm->state = ORTHO__ARM_DONE;
        if (arm->best < e->native * (1.0 - e->params.margin) &&
            (e->best_arm == 0 || arm->best < e->arm[e->best_arm].best))
            e->best_arm = a;
    }
    if (!measuring_left(e))
        lock(e);
}

static void agreed_recheck(struct ortho__explore *e, double native_sum, double locked_sum)
{
    const int S = ORTHO__ADAPT_SAMPLES;
    double native = native_sum / S, locked = locked_sum / S;
    e->excess += native_sum - locked_sum;
    e->native = native;
    e->arm[0].best = native;
    e->arm[e->locked].best = locked;
    e->phase = ORTHO__EXPLORE_LOCKED;
    if (locked < native * (1.0 - e->params.margin)) {
        e->why = "checked again: still faster than native by the margin";
        e->recheck_every *= 2;
        e->next_recheck = e->calls + e->recheck_every;
        start_watch(e);
    } else {
        e->best_arm = 0;
        e->locked = 0;
        e->next_recheck = 0;
        e->why = "checked again: no longer faster than native by the margin";
    }
}

/* A batch of the winner back to back (sum over n calls), then native's
 * (native_sum over n_native): after ORTHO__ADAPT_CONFIRM_BATCHES batches
 * whose candidate is faster than their own native by the margin, it is
 * locked, and native's time is the least of the probe's and the batches'
 * (what the watch compares with); at the first batch that is not, the
 * class runs native. */
static void agreed_confirm(struct ortho__explore *e, double sum, int n, double native_sum,
                           int n_native)
{
    struct ortho__arm *arm = &e->arm[e->locked];
    double t = sum / n, native = native_sum / n_native;
    e->excess += sum - n * native;
    e->credit -= sum - n * native;
    arm->nsamples += n;
    arm->best = t;
    e->confirm_native += native_sum;
    e->confirm_native_n += n_native;
    if (t < native * (1.0 - e->params.margin)) {
        if (++e->confirmed < ORTHO__ADAPT_CONFIRM_BATCHES)
            return;
        double measured = e->confirm_native / e->confirm_native_n;
        if (measured < e->native) {
            e->native = measured;
            e->arm[0].best = measured;
        }
        e->arm[0].nsamples += e->confirm_native_n;
        e->phase = ORTHO__EXPLORE_LOCKED;
        e->why = "the fastest candidate measured, faster than native by the margin, "
                 "back to back too";
        schedule_recheck(e);
        start_watch(e);
    } else {
        e->phase = ORTHO__EXPLORE_LOCKED;
        arm->state = ORTHO__ARM_SLOW;
        e->best_arm = 0;
        e->locked = 0;
        e->next_recheck = 0;
        e->why = "the fastest candidate was not faster than native back to back";
    }
}

/* A window of the watch: the locked candidate's agreed total over n
 * calls against native's time per call. */
static void agreed_watch(struct ortho__explore *e, double sum, long n)
{
    double t = sum / (double)n;
    e->arm[e->locked].best = t;
    if (t < e->native) {
        e->watch_every *= 2;
        start_watch(e);
        return;
    }
    e->best_arm = 0;
    e->locked = 0;
    e->next_recheck = 0;
    e->watch_next = 0;
    e->why = "watched after the lock: not faster than native over a window of calls";
}

void ortho__explore_agreed(struct ortho__explore *e, const double agreed[])
{
    long watched = watching(e) ? e->watch_n : 0;
    int n = e->npending, split = batch_split(e);
    int sums = watched > 0 ? 1 : n == 0 ? 0 : split > 0 && n > split ? 2 : 1;
    int probe = e->phase == ORTHO__EXPLORE_PROBE;
    double ahead = probe ? agreed[sums] + agreed[sums + 1] : 0.0;
    if (probe)
        sums += 2;
    e->npending = 0;
    e->in_flight = 0;
    e->agreements++;
    /* what one agreement costs: the slowest process's time of the
     * previous one, its wait for the others included. An agreement
     * completed some calls after it started stops only the processes
     * that ran ahead, and the least any process spent would be the cost
     * to the calls' total; but then the budget paid for what it does not
     * see (a candidate's grid, made by collectives that stop everyone):
     * under SMPI, 48 processes, mpich selector, 1000 back-to-back 2 KB
     * broadcasts ran at 0.87x native's speed. Before the first, the
     * settings' comparison, an allreduce alike. */
    e->agree_cost = agreed[sums] > 0.0 ? agreed[sums] : 0.0;
    e->credit -= e->agree_cost;
    e->excess += e->agree_cost;
    /* the processes that ran ahead of the others by `ahead` wait that long
     * in this agreement and in every one after it: so much is an
     * agreement's cost from now on. Charged the 6.6 us of the settings'
     * allreduce instead, 1000 back-to-back 10 KB broadcasts (SMPI, 48
     * processes, mpich selector), whose root had run 1.3 ms ahead, paid for
     * a short list and a grid, collectives that stopped every process, and
     * ran at 0.97x native's speed */
    if (ahead > e->agree_cost)
        e->agree_cost = ahead;
    if (agreed[sums + 1] > 0.0) {
        for (int a = 1; a < e->narms; a++)
            e->arm[a].state = ORTHO__ARM_DROPPED;
        e->best_arm = 0;
        lock(e);
        e->why = "a call failed while the class was measured: native";
        return;
    }
    if (watched > 0) {
        agreed_watch(e, agreed[0], watched);
        return;
    }
    e->timed_calls += n;
    if (n == 0)
        return;
    switch (e->phase) {
    case ORTHO__EXPLORE_PROBE:
        e->native = agreed[0] / n;
        e->arm[0].best = e->native;
        e->arm[0].nsamples = n;
        e->arm[0].state = ORTHO__ARM_DONE;
        e->credit += (double)(e->calls - 1 - n) * e->params.overhead * e->native;
        e->phase = ORTHO__EXPLORE_RUN;
        e->why = "exploring";
        if (!e->awaiting_list && e->narms == 1)
            lock(e);
        break;
    case ORTHO__EXPLORE_RUN:
        agreed_run(e, agreed[0], n);
        break;
    case ORTHO__EXPLORE_RECHECK:
        if (sums == 2)
            agreed_recheck(e, agreed[0], agreed[1]);
        break;
    case ORTHO__EXPLORE_CONFIRM:
        if (sums == 2)
            agreed_confirm(e, agreed[0], split, agreed[1], n - split);
        break;
    case ORTHO__EXPLORE_LOCKED:
        break;
    }
}

void ortho__explore_drop(struct ortho__explore *e, int a)
{
    if (a <= 0 || a >= e->narms)
        return;
    e->arm[a].state = ORTHO__ARM_DROPPED;
    if (e->sampling == a)
        e->sampling = -1;
    if (e->warmed == a)
        e->warmed = 0;
    if (e->best_arm == a)
        e->best_arm = 0;
    e->npending = 0;
    if (e->phase == ORTHO__EXPLORE_RUN && !measuring_left(e))
        lock(e);
    else if (e->phase != ORTHO__EXPLORE_RUN && e->locked == a)
        lock(e);
}

double ortho__explore_ratio(const struct ortho__explore *e, int a)
{
    if (a < 0 || a >= e->narms || e->native <= 0.0 || e->arm[a].nsamples == 0)
        return 0.0;
    return e->arm[a].best / e->native;
}
