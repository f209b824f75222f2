/* PAB and PABM steps, data-parallel and task-parallel, as one program.
 *
 * The processes form G groups of q = p/G consecutive ranks; group g computes
 * the S = K/G stages g*S .. g*S+S-1, every stage vector block-distributed
 * over its q processes (the distribution of the multi-broadcast). G = 1 is
 * the data-parallel version (all processes compute the K stages one after
 * another); G = K is the task-parallel version of the paper (one stage per
 * group); when p is not a multiple of K, G is the largest divisor of K that
 * divides p.
 *
 * Every process keeps, at its block of q: its own stages Y (S vectors), f of
 * every stage F (K vectors) and the last stage ylast (the step point).
 *
 * PAB step, for each own stage i:
 *     Y_i = ylast + h sum_j bp[i][j] F_j                    (2K+2 ops per component)
 *     multi-broadcast of Y_i in the group, F_i = f(t + c_i h, Y_i) on the block
 * PABM step, P(EC)^I: C_i = ylast + h sum_j bc[i][j] F_j and the PAB value
 * Y_i, then I times for each own stage: multi-broadcast of Y_i,
 * F_i = f(Y_i) on the block, Y_i = C_i + h d_i F_i. The next step uses the F
 * of the last iteration (no extra evaluation).
 * End of the step when G > 1: the processes at the same place in the G
 * groups exchange their F rows and last stage (MPI_Allgather of (S+1) m
 * doubles over G processes), so that every group has all of F and ylast.
 *
 * Under SMPI with cfg->charge_flops, the arithmetic is charged as flops
 * (pab_charge): f as pab_ode_flops() per component, a combination as 2K+2
 * per component, a corrector update as 2.
 *
 * Per step: K (PAB) or K*I (PABM) multi-broadcasts of n/p per process in
 * the data-parallel version (the paper's C_PAB, C_PABM); S or S*I of n/q in
 * each group plus one exchange in the task-parallel one. */
#include "pab.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct state {
    int K, S, G, g, q, m, lo, timing, charge;
    MPI_Comm group, cross;
    pab_mb mb;
    double *mem;
    double *Y[PAB_MAX_K], *C[PAB_MAX_K], *F[PAB_MAX_K];
    double *ylast, *full, *xsend, *xrecv;
    double comm_s;
} state;

int pab_task_groups(int K, int p)
{
    int G = 1;
    for (int g = 1; g <= K; g++)
        if (K % g == 0 && p % g == 0)
            G = g;
    return G;
}

double pab_default_h(const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg)
{
    double z = pab_coefs_stability(co, cfg->method == PAB_METHOD_PABM, cfg->I);
    return fmin(0.01, 0.5 * fabs(z) / pab_ode_rho(ode));
}

static int mb_timed(state *s, const double *mine)
{
    double t0 = MPI_Wtime();
    int err = pab_mb_run(&s->mb, mine, s->full);
    if (s->timing)
        s->comm_s += MPI_Wtime() - t0;
    return err;
}

/* F, ylast complete on every group. */
static int exchange(state *s)
{
    int err = MPI_SUCCESS, m = s->m, S = s->S, w = (S + 1) * m;
    double t0 = MPI_Wtime();
    if (s->G == 1) {
        memcpy(s->ylast, s->Y[S - 1], (size_t)m * sizeof(double));
        return MPI_SUCCESS;
    }
    for (int i = 0; i < S; i++)
        memcpy(s->xsend + i * m, s->F[s->g * S + i], (size_t)m * sizeof(double));
    memcpy(s->xsend + S * m, s->Y[S - 1], (size_t)m * sizeof(double));
    err = MPI_Allgather(s->xsend, w, MPI_DOUBLE, s->xrecv, w, MPI_DOUBLE, s->cross);
    for (int g = 0; g < s->G; g++)
        for (int i = 0; i < S; i++)
            memcpy(s->F[g * S + i], s->xrecv + g * w + i * m, (size_t)m * sizeof(double));
    memcpy(s->ylast, s->xrecv + (s->G - 1) * w + S * m, (size_t)m * sizeof(double));
    if (s->timing)
        s->comm_s += MPI_Wtime() - t0;
    return err;
}

/* out = ylast + h sum_j b[j] F_j on the block. */
static void combine(const state *s, const double b[], double h, double *out)
{
    for (int c = 0; c < s->m; c++) {
        double sum = 0.0;
        for (int j = 0; j < s->K; j++)
            sum += b[j] * s->F[j][c];
        out[c] = s->ylast[c] + h * sum;
    }
    pab_charge(s->charge, (2.0 * s->K + 2.0) * s->m);
}

/* F of own stage i at time t from Y_i. */
static int eval_own(state *s, const pab_ode *ode, int i, double t)
{
    int err = mb_timed(s, s->Y[i]);
    if (err == MPI_SUCCESS) {
        pab_ode_eval(ode, t, s->full, s->lo, s->lo + s->m, s->F[s->g * s->S + i]);
        pab_charge(s->charge, pab_ode_flops(ode) * s->m);
    }
    return err;
}

/* One step from t_n to t_{n+1} = t_n + h (stage i of the new step at t_{n+1} + c_i h). */
static int step(state *s, const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg, double tn1)
{
    int err = MPI_SUCCESS, S = s->S, base = s->g * S;
    double h = cfg->h;
    if (cfg->method == PAB_METHOD_PABM)
        for (int i = 0; i < S; i++)
            combine(s, co->bc[base + i], h, s->C[i]);
    for (int i = 0; i < S; i++)
        combine(s, co->bp[base + i], h, s->Y[i]);
    for (int it = 0; it < (cfg->method == PAB_METHOD_PABM ? cfg->I : 1) && err == MPI_SUCCESS; it++) {
        for (int i = 0; i < S && err == MPI_SUCCESS; i++) {
            err = eval_own(s, ode, i, tn1 + co->c[base + i] * h);
            if (err == MPI_SUCCESS && cfg->method == PAB_METHOD_PABM) {
                double hd = h * co->d[base + i];
                const double *f = s->F[base + i], *cst = s->C[i];
                double *y = s->Y[i];
                for (int c = 0; c < s->m; c++)
                    y[c] = cst[c] + hd * f[c];
                pab_charge(s->charge, 2.0 * s->m);
            }
        }
    }
    if (err == MPI_SUCCESS)
        err = exchange(s);
    return err;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of a few timings of the evaluation of f on the block and of one
 * stage combination, per component and per operation. */
static void calibrate(state *s, const pab_ode *ode, const pab_coefs *co, double h, double out[2])
{
    enum { REPS = 5 };
    double te[REPS], to[REPS], *tmp = malloc((size_t)(s->m > 0 ? s->m : 1) * sizeof *tmp);
    out[0] = out[1] = 0.0;
    if (tmp == NULL || s->m == 0) {
        free(tmp);
        return;
    }
    for (int r = 0; r < REPS; r++) {
        double t0 = MPI_Wtime();
        pab_ode_eval(ode, 0.0, s->full, s->lo, s->lo + s->m, tmp);
        pab_charge(s->charge, pab_ode_flops(ode) * s->m);
        te[r] = (MPI_Wtime() - t0) / s->m;
        t0 = MPI_Wtime();
        combine(s, co->bp[0], h, tmp);
        to[r] = (MPI_Wtime() - t0) / ((2.0 * s->K + 1.0) * s->m);
    }
    qsort(te, REPS, sizeof te[0], cmp_double);
    qsort(to, REPS, sizeof to[0], cmp_double);
    out[0] = te[REPS / 2];
    out[1] = to[REPS / 2];
    free(tmp);
}

static int setup(MPI_Comm comm, const pab_ode *ode, const pab_cfg *cfg, state *s)
{
    int err = MPI_SUCCESS, p, rank, m1;
    size_t need;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    s->K = cfg->K;
    s->charge = cfg->charge_flops;
    s->G = cfg->impl == PAB_IMPL_TASK ? pab_task_groups(cfg->K, p) : 1;
    s->S = s->K / s->G;
    s->q = p / s->G;
    s->g = rank / s->q;
    s->group = comm;
    s->cross = MPI_COMM_NULL;
    if (s->G > 1) {
        s->group = MPI_COMM_NULL;
        err = MPI_Comm_split(comm, s->g, rank, &s->group);
        if (err == MPI_SUCCESS)
            err = MPI_Comm_split(comm, rank % s->q, rank, &s->cross);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = pab_mb_create(s->group, ode->n, cfg->comm, cfg->dims, &s->mb);
    if (err != MPI_SUCCESS)
        return err;
    s->m = s->mb.counts[s->mb.rank];
    s->lo = s->mb.displs[s->mb.rank];
    m1 = s->m > 0 ? s->m : 1;
    /* own Y and C (S each), F (K), ylast, full (n), exchange buffers */
    need = (size_t)(2 * s->S + s->K + 1) * m1 + (size_t)ode->n + (size_t)(s->S + 1) * m1 * (1 + s->G);
    s->mem = calloc(need, sizeof(double));
    if (s->mem == NULL)
        return MPI_ERR_NO_MEM;
    {
        double *at = s->mem;
        for (int i = 0; i < s->S; i++, at += m1)
            s->Y[i] = at;
        for (int i = 0; i < s->S; i++, at += m1)
            s->C[i] = at;
        for (int j = 0; j < s->K; j++, at += m1)
            s->F[j] = at;
        s->ylast = at, at += m1;
        s->full = at, at += ode->n;
        s->xsend = at, at += (size_t)(s->S + 1) * m1;
        s->xrecv = at;
    }
    return MPI_SUCCESS;
}

static void teardown(state *s)
{
    pab_mb_free(&s->mb);
    if (s->G > 1) {
        if (s->cross != MPI_COMM_NULL)
            MPI_Comm_free(&s->cross);
        if (s->group != MPI_COMM_NULL)
            MPI_Comm_free(&s->group);
    }
    free(s->mem);
}

/* Starting values of all K stages on the group's distribution (every group
 * computes them: no redistribution), F of the own stages, exchange. */
static int start(state *s, const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg)
{
    int err;
    double *all[PAB_MAX_K], *tmp = malloc((size_t)(s->K * (s->m > 0 ? s->m : 1)) * sizeof *tmp);
    if (tmp == NULL)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < s->K; i++)
        all[i] = tmp + (size_t)i * (s->m > 0 ? s->m : 1);
    err = pab_start(&s->mb, ode, co, cfg, 0.0, all, s->full);
    for (int i = 0; i < s->S; i++)
        memcpy(s->Y[i], all[s->g * s->S + i], (size_t)s->m * sizeof(double));
    free(tmp);
    for (int i = 0; i < s->S && err == MPI_SUCCESS; i++)
        err = eval_own(s, ode, i, co->c[s->g * s->S + i] * cfg->h);
    if (err == MPI_SUCCESS)
        err = exchange(s);
    return err;
}

int pab_solve(MPI_Comm comm, const pab_ode *ode, const pab_coefs *co, const pab_cfg *cfg,
              pab_result *res, char msg[PAB_MSG_MAX])
{
    int err = MPI_SUCCESS, rank, p, total = cfg->warmup + cfg->steps;
    state s;
    double t_start = 0.0, local[2], global[2], cost[2] = { 0.0, 0.0 };
    memset(&s, 0, sizeof s);
    memset(res, 0, sizeof *res);
    msg[0] = '\0';
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    if (cfg->K != co->K || cfg->K < 1 || cfg->I < 1 || cfg->steps < 0 || cfg->warmup < 0) {
        snprintf(msg, PAB_MSG_MAX, "bad configuration");
        return MPI_ERR_ARG;
    }
    err = setup(comm, ode, cfg, &s);
    if (err == MPI_ERR_DIMS)
        snprintf(msg, PAB_MSG_MAX, "the grid %dx%d does not have the %d processes of a group",
                 cfg->dims[0], cfg->dims[1], s.q);
    if (err == MPI_SUCCESS)
        err = start(&s, ode, co, cfg);
    for (int n = 0; n < total && err == MPI_SUCCESS; n++) {
        if (n == cfg->warmup) {
            MPI_Barrier(comm);
            s.timing = 1;
            t_start = MPI_Wtime();
        }
        err = step(&s, ode, co, cfg, (n + 1) * cfg->h);
    }
    if (err == MPI_SUCCESS) {
        local[0] = cfg->steps > 0 ? (MPI_Wtime() - t_start) / cfg->steps : 0.0;
        local[1] = cfg->steps > 0 ? s.comm_s / cfg->steps : 0.0;
        s.timing = 0;
        err = MPI_Allreduce(local, global, 2, MPI_DOUBLE, MPI_MAX, comm);
    }
    /* the final step point on rank 0 (a member of group 0) */
    if (err == MPI_SUCCESS)
        err = pab_mb_run(&s.mb, s.ylast, s.full);
    if (err == MPI_SUCCESS && cfg->calibrate) {
        calibrate(&s, ode, co, cfg->h, local);
        err = MPI_Allreduce(local, cost, 2, MPI_DOUBLE, MPI_MAX, comm);
    }
    if (err == MPI_SUCCESS) {
        res->step_s = global[0];
        res->comm_s = global[1];
        res->t_end = (total + 1) * cfg->h;
        res->groups = s.G;
        res->t_eval = cost[0];
        res->t_op = cost[1];
        res->ndims = s.mb.ndims;
        memcpy(res->dims, s.mb.dims, sizeof res->dims);
        res->why = s.mb.why;
        if (rank == 0 && (res->y = malloc((size_t)ode->n * sizeof *res->y)) != NULL)
            memcpy(res->y, s.full, (size_t)ode->n * sizeof *res->y);
    }
    if (err != MPI_SUCCESS && msg[0] == '\0') {
        int len = 0;
        char text[MPI_MAX_ERROR_STRING];
        MPI_Error_string(err, text, &len);
        snprintf(msg, PAB_MSG_MAX, "%.200s", text);
    }
    teardown(&s);
    return err;
}
