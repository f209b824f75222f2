/* What online selection learned (adapt.h), kept per process, and
 * ORTHO_PROFILE_SAVE: at MPI_Finalize rank 0 of MPI_COMM_WORLD writes it
 * as measured decisions, merged into the profile ORTHO_PROFILE names, so
 * that the next run starts where this one ended. A decision the profile
 * already has for the same sizes is kept (it was measured by ortho-tune
 * or by an earlier run); where two communicators of one size learned
 * differently, the first class locked is written. The profile writer
 * writes a temporary file and renames it: an existing file is never lost. */
#include "select/adapt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/lock.h"
#include "ortho_model.h"
#include "settings/settings_private.h"

static struct {
    ortho_model_decision *list;
    int n, cap;
    int world_rank;    /* -1: unknown */
    int classes;       /* classes locked after exploring */
    long timed;
    double excess;
} learned = {NULL, 0, 0, -1, 0, 0, 0.0};

void ortho__learned_world_rank(int rank)
{
    ortho__lock();
    learned.world_rank = rank;
    ortho__unlock();
}

void ortho__learned_add(ortho_op op, int p, double lo, double hi, const ortho_candidate *cand,
                        double gain, long timed, double excess)
{
    ortho__lock();
    learned.timed += timed;
    learned.excess += excess;
    int known = 0;
    for (int i = 0; i < learned.n && !known; i++) {
        ortho_model_decision *d = &learned.list[i];
        known = d->op == op && d->p == p && d->size_lo == lo;
        /* the same class again: the watch sent its candidate back to
         * native, which holds from then on */
        if (known && cand->variant == ORTHO_VARIANT_NATIVE) {
            d->cand = *cand;
            d->gain = 0.0;
        }
    }
    learned.classes += !known;
    if (!known && learned.n == learned.cap) {
        int cap = learned.cap ? 2 * learned.cap : 32;
        ortho_model_decision *l = realloc(learned.list, (size_t)cap * sizeof *l);
        if (l != NULL) {
            learned.list = l;
            learned.cap = cap;
        }
    }
    if (!known && learned.n < learned.cap) {
        ortho_model_decision *d = &learned.list[learned.n++];
        memset(d, 0, sizeof *d);
        d->op = op;
        d->p = p;
        d->size_lo = lo;
        d->size_hi = hi;
        d->cand = *cand;
        d->gain = cand->variant == ORTHO_VARIANT_NATIVE ? 0.0 : gain;
    }
    ortho__unlock();
}

static int by_op_p_size(const void *a, const void *b)
{
    const ortho_model_decision *x = a, *y = b;
    if (x->op != y->op)
        return x->op < y->op ? -1 : 1;
    if (x->p != y->p)
        return x->p < y->p ? -1 : 1;
    return x->size_lo < y->size_lo ? -1 : x->size_lo > y->size_lo;
}

/* Adds the learned decisions of (op, p) that overlap none of prof's,
 * keeping each (op, p) sorted: its decisions are taken out and put back
 * merged. */
static int merge(ortho_model_profile_t prof, const ortho_model_decision *mine, int nmine,
                 int *added)
{
    int n = 0, err = ortho_model_profile_ndecisions(prof, &n);
    ortho_model_decision *all = malloc((size_t)(n + nmine) * sizeof *all);
    if (err || all == NULL) {
        free(all);
        return err ? err : MPI_ERR_NO_MEM;
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        ortho_model_decision d;
        ortho_model_profile_decision(prof, i, &d);
        if (d.op == mine[0].op && d.p == mine[0].p)
            all[m++] = d;
    }
    int theirs = m;
    for (int k = 0; k < nmine; k++) {
        int overlaps = 0;
        for (int i = 0; i < theirs && !overlaps; i++)
            overlaps = mine[k].size_lo < all[i].size_hi && all[i].size_lo < mine[k].size_hi;
        if (!overlaps) {
            all[m++] = mine[k];
            (*added)++;
        }
    }
    qsort(all, (size_t)m, sizeof *all, by_op_p_size);
    int removed = 0;
    err = ortho_model_profile_remove_decisions(prof, mine[0].op, mine[0].p, &removed);
    for (int i = 0; !err && i < m; i++)
        err = ortho_model_profile_add_decision(prof, &all[i], NULL);
    free(all);
    return err;
}

static void save(const char *path)
{
    char msg[ORTHO_MODEL_MSG_MAX];
    ortho_model_profile_t prof = NULL;
    const char *base = ortho__setting_text(ORTHO__SETTING_PROFILE);
    int err, added = 0;
    if (base != NULL)
        err = ortho_model_profile_read(base, &prof, msg);
    else
        err = ortho_model_profile_create(&prof);
    if (err) {
        fprintf(stderr, "ortho: ORTHO_PROFILE_SAVE=%s not written: ORTHO_PROFILE=%s cannot be "
                        "read (%s)\n", path, base, msg);
        return;
    }
    qsort(learned.list, (size_t)learned.n, sizeof *learned.list, by_op_p_size);
    for (int i = 0; !err && i < learned.n;) {
        int j = i;
        while (j < learned.n && learned.list[j].op == learned.list[i].op &&
               learned.list[j].p == learned.list[i].p)
            j++;
        err = merge(prof, &learned.list[i], j - i, &added);
        i = j;
    }
    if (!err)
        err = ortho_model_profile_write(prof, path);
    if (err)
        fprintf(stderr, "ortho: ORTHO_PROFILE_SAVE=%s could not be written (MPI error %d)\n",
                path, err);
    else
        fprintf(stderr, "ortho: ORTHO_PROFILE_SAVE=%s: %d learned decisions written%s%s\n", path,
                added, base != NULL ? " with the decisions of " : "", base != NULL ? base : "");
    ortho_model_profile_free(&prof);
}

void ortho__learned_finalize(int verbose)
{
    ortho__lock();
    int writer = learned.world_rank == 0;
    ortho__unlock();
    if (!writer)
        return;
    if (verbose && learned.classes > 0)
        fprintf(stderr, "ortho: online selection on this process: %d size classes locked after "
                        "%ld timed calls, which cost %.3g s %s than native\n",
                learned.classes, learned.timed, learned.excess < 0 ? -learned.excess
                                                                   : learned.excess,
                learned.excess < 0 ? "less" : "more");
    const char *path = ortho__setting_text(ORTHO__SETTING_PROFILE_SAVE);
    if (path != NULL)
        save(path);
}
