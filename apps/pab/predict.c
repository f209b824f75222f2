/* --predict: the runtime per time step from the paper's formulas (sec. 5.2)
 * beside the measured one.
 *
 * Data-parallel (the paper's formulas, ortho_model_app_predict):
 *   PAB:  C = K t_mb(p, n/p)      T = K (n/p T_eval + (2K+1) n/p t_op)
 *   PABM: C = K I t_mb(p, n/p)    T = K I n/p T_eval + K (2K+1) n/p t_op + 3 K I n/p t_op
 * with t_mb of the layout used: the native operation, formula (2) on the
 * ortho grid P x Q, or the layout the drop-in functions chose (auto).
 * Task-parallel (our extension of the same terms; the paper gives no
 * formula): G groups of q = p/G, S = K/G stages each,
 *   PAB:  C = S t_mb(q, n/q) + t_mb(G, (S+1) n/q)
 *         T = S (n/q T_eval + (2K+1) n/q t_op)
 *   PABM: C = S I t_mb(q, n/q) + t_mb(G, (S+1) n/q)
 *         T = S I n/q T_eval + S (2K+1) n/q t_op + 3 S I n/q t_op
 * where the second t_mb is the exchange between the groups (native).
 * t_op and T_eval: --t-op / --t-eval, else measured by the program after
 * the run (the median of 5 evaluations of f on the process's block and of
 * 5 stage combinations, the largest over the processes). */
#include "pab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_coll(const ortho_model_prediction *pr)
{
    for (int i = 0; i < pr->nphases; i++)
        printf("%s%s(%d, %gB) %.4g", i > 0 ? " + " : "", ortho_model_op_name(pr->phase[i].op),
               pr->phase[i].group, pr->phase[i].bytes, pr->phase[i].seconds);
}

int pab_predict_print(const pab_opts *o, int p, const pab_result *res)
{
    const pab_cfg *c = &o->cfg;
    ortho_model_profile_t prof = NULL;
    ortho_model_app_params ap;
    ortho_model_app_prediction pred;
    ortho_model_layout l;
    char msg[ORTHO_MODEL_MSG_MAX];
    int G = res->groups, q = p / G, S = c->K / G, iters = c->method == PAB_METHOD_PABM ? c->I : 1;
    double total, dev;
    if (ortho_model_profile_read(o->profile, &prof, msg) != MPI_SUCCESS) {
        fprintf(stderr, "ortho-pab: %s\n", msg);
        return -1;
    }
    memset(&ap, 0, sizeof ap);
    ap.n = o->n;
    ap.K = c->K;
    ap.I = c->I;
    ap.t_op = o->t_op >= 0.0 ? o->t_op : res->t_op;
    ap.t_eval = o->t_eval >= 0.0 ? o->t_eval : res->t_eval;
    ap.elem_bytes = sizeof(double);
    /* the multi-broadcast's layout over the q processes of a group, without
     * extents of 1 (a P x 1 grid runs the native operation on P) */
    l.ndims = 0;
    for (int i = 0; i < res->ndims; i++)
        if (res->dims[i] > 1)
            l.dims[l.ndims++] = res->dims[i];
    if (l.ndims == 0)   /* one process: no communication (t_mb(1, b) = 0) */
        l.ndims = 1, l.dims[0] = 1;
    printf("predicted (%s; t_op %.3g s %s, T_eval %.3g s %s):\n", o->profile, ap.t_op,
           o->t_op >= 0.0 ? "given" : "measured", ap.t_eval, o->t_eval >= 0.0 ? "given" : "measured");
    if (G == 1 && q > 1) {
        if (ortho_model_app_predict(prof, c->method == PAB_METHOD_PAB ? ORTHO_MODEL_PAB : ORTHO_MODEL_PABM,
                                    &ap, &l, &pred) != MPI_SUCCESS) {
            fprintf(stderr, "ortho-pab: the profile does not cover allgather on %d processes\n", p);
            ortho_model_profile_free(&prof);
            return -1;
        }
        printf("  compute %.6g s + communication %.6g s = %g*[", pred.compute, pred.comm, pred.mult[0]);
        print_coll(&pred.coll[0]);
        printf("]\n");
        total = pred.total;
    } else {
        /* task-parallel, or one process */
        ortho_model_prediction grp, xch;
        double nq = (double)o->n / q, e = ap.elem_bytes, compute, comm = 0.0;
        int one[1] = { G };
        memset(&grp, 0, sizeof grp);
        memset(&xch, 0, sizeof xch);
        if ((q > 1 && ortho_model_predict_grid(prof, ORTHO_MODEL_ALLGATHER, l.ndims, l.dims, nq * e, &grp)
                          != MPI_SUCCESS)
            || (G > 1 && ortho_model_predict_grid(prof, ORTHO_MODEL_ALLGATHER, 1, one, (S + 1) * nq * e, &xch)
                             != MPI_SUCCESS)) {
            fprintf(stderr, "ortho-pab: the profile does not cover allgather on %d or %d processes\n", q, G);
            ortho_model_profile_free(&prof);
            return -1;
        }
        compute = c->method == PAB_METHOD_PAB
                      ? S * (nq * ap.t_eval + (2.0 * c->K + 1.0) * nq * ap.t_op)
                      : S * iters * nq * ap.t_eval + S * (2.0 * c->K + 1.0) * nq * ap.t_op
                            + 3.0 * S * iters * nq * ap.t_op;
        comm = S * iters * grp.total + xch.total;
        printf("  compute %.6g s + communication %.6g s", compute, comm);
        if (q > 1) {
            printf(" = %d*[", S * iters);
            print_coll(&grp);
            printf("]");
        }
        if (G > 1) {
            printf(" + exchange ");
            print_coll(&xch);
            printf("\n  (task-parallel: our extension of the formulas)");
        }
        printf("\n");
        total = compute + comm;
    }
    dev = res->step_s > 0.0 ? 100.0 * (total - res->step_s) / res->step_s : 0.0;
    printf("per step: predicted %.6g s, measured %.6g s, deviation %+.1f%%\n", total, res->step_s, dev);
    ortho_model_profile_free(&prof);
    return 0;
}
