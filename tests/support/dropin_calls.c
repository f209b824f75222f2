/* Checked calls of the drop-in functions and the candidates to force on
 * them (see dropin_calls.h). */
#include "support/dropin_calls.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int add(ortho_candidate out[], int n, int cap, const ortho_candidate *c)
{
    char a[ORTHO_CANDIDATE_NAME_MAX], b[ORTHO_CANDIDATE_NAME_MAX];
    if (n == cap || ortho_candidate_name(c, a, (int)sizeof a) != MPI_SUCCESS)
        return n;
    for (int i = 0; i < n; i++) {
        ortho_candidate_name(&out[i], b, (int)sizeof b);
        if (strcmp(a, b) == 0)
            return n;
    }
    out[n] = *c;
    return n + 1;
}

int ortho_test_candidates(ortho_op op, int p, int node_size, ortho_candidate out[], int cap)
{
    static const char *const extra[] = {"0x3:rows", "0x3:cols", "0x1x2", "0x3x1", "0x0x0:node"};
    int nbase = 0, n = 0;
    ortho_candidates(op, p, node_size, 3, NULL, 0, &nbase);
    ortho_candidate *base = malloc(((size_t)nbase + 1) * sizeof *base);
    if (base == NULL)
        return 0;
    ortho_candidates(op, p, node_size, 3, base, nbase, &nbase);
    for (int i = 0; i < nbase; i++)
        n = add(out, n, cap, &base[i]);
    free(base);
    for (int v = ORTHO_VARIANT_PHASES; v < ORTHO_VARIANT_COUNT; v++) {
        if (!ortho_variant_valid((ortho_variant)v, op))
            continue;
        for (size_t k = 0; k < sizeof extra / sizeof extra[0]; k++) {
            char name[ORTHO_CANDIDATE_NAME_MAX];
            ortho_candidate c;
            snprintf(name, sizeof name, "%s:%s", ortho_variant_name((ortho_variant)v), extra[k]);
            if (ortho_candidate_parse(name, &c) == MPI_SUCCESS)
                n = add(out, n, cap, &c);
        }
    }
    return n;
}

/* Element k of rank r's data. */
static int val(int r, int k)
{
    return r * 1000 + k % 997;
}

int ortho_test_dropin_call(ortho_op op, int n, int in_place, int root, MPI_Comm comm)
{
    int rank, p, ok = 1, err = MPI_SUCCESS;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &p);
    int *counts = malloc(2 * (size_t)p * sizeof(int)), *displs = counts + p, total = 0;
    for (int r = 0; r < p; r++) { /* v-operations: n or n + 1, a gap after each */
        counts[r] = n + r % 2;
        displs[r] = total;
        total += counts[r] + 1;
    }
    size_t len = (size_t)(p * (n + 1) > total ? p * (n + 1) : total);
    int *send = malloc(len * sizeof(int)), *recv = malloc(len * sizeof(int));
    int is_root = rank == root;
    for (size_t k = 0; k < len; k++)
        recv[k] = -1;
    switch (op) {
    case ORTHO_OP_BCAST:
        for (int k = 0; k < n; k++)
            recv[k] = is_root ? val(root, k) : -1;
        err = ortho_bcast(recv, n, MPI_INT, root, comm);
        for (int k = 0; k < n; k++)
            ok &= recv[k] == val(root, k);
        break;
    case ORTHO_OP_REDUCE:
    case ORTHO_OP_ALLREDUCE: {
        int all = op == ORTHO_OP_ALLREDUCE, here = all || is_root;
        for (int k = 0; k < n; k++)
            send[k] = recv[k] = val(rank, k);
        /* MPICH 4.0.2's MPI_Reduce reads MPI_IN_PLACE as a buffer (a
         * native decision would crash there): in place for allreduce only */
        const void *s = in_place && all ? MPI_IN_PLACE : (const void *)send;
        if (all)
            err = ortho_allreduce(s, recv, n, MPI_INT, MPI_SUM, comm);
        else
            err = ortho_reduce(s, recv, n, MPI_INT, MPI_SUM, root, comm);
        for (int k = 0; k < n && here; k++)
            ok &= recv[k] == 1000 * p * (p - 1) / 2 + p * (k % 997);
        break;
    }
    case ORTHO_OP_GATHER:
    case ORTHO_OP_ALLGATHER: {
        int all = op == ORTHO_OP_ALLGATHER, here = all || is_root;
        for (int k = 0; k < n; k++)
            send[k] = recv[(size_t)rank * n + k] = val(rank, k);
        const void *s = in_place && here ? MPI_IN_PLACE : (const void *)send;
        if (all)
            err = ortho_allgather(s, n, MPI_INT, recv, n, MPI_INT, comm);
        else
            err = ortho_gather(s, n, MPI_INT, recv, n, MPI_INT, root, comm);
        for (int r = 0; r < p && here; r++)
            for (int k = 0; k < n; k++)
                ok &= recv[(size_t)r * n + k] == val(r, k);
        break;
    }
    case ORTHO_OP_SCATTER:
        for (int r = 0; r < p && is_root; r++)
            for (int k = 0; k < n; k++)
                send[(size_t)r * n + k] = val(r, k);
        if (in_place && is_root)
            err = ortho_scatter(send, n, MPI_INT, MPI_IN_PLACE, n, MPI_INT, root, comm);
        else
            err = ortho_scatter(send, n, MPI_INT, recv, n, MPI_INT, root, comm);
        for (int k = 0; k < n && !(in_place && is_root); k++)
            ok &= recv[k] == val(rank, k);
        break;
    case ORTHO_OP_ALLGATHERV:
    case ORTHO_OP_GATHERV: {
        int all = op == ORTHO_OP_ALLGATHERV;
        for (int k = 0; k < counts[rank]; k++)
            send[k] = val(rank, k);
        if (all)
            err = ortho_allgatherv(send, counts[rank], MPI_INT, recv, counts, displs, MPI_INT,
                                   comm);
        else
            err = ortho_gatherv(send, counts[rank], MPI_INT, recv, counts, displs, MPI_INT, root,
                                comm);
        for (int r = 0; r < p && (all || is_root); r++)
            for (int k = 0; k <= counts[r]; k++)
                ok &= recv[displs[r] + k] == (k < counts[r] ? val(r, k) : -1);
        break;
    }
    case ORTHO_OP_SCATTERV:
        for (int r = 0; r < p && is_root; r++)
            for (int k = 0; k < counts[r]; k++)
                send[displs[r] + k] = val(r, k);
        err = ortho_scatterv(send, counts, displs, MPI_INT, recv, counts[rank], MPI_INT, root,
                             comm);
        for (int k = 0; k < counts[rank]; k++)
            ok &= recv[k] == val(rank, k);
        break;
    default:
        break;
    }
    free(send);
    free(recv);
    free(counts);
    return ok && err == MPI_SUCCESS;
}
