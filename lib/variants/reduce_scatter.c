/* Reduce-scatter by pairwise exchange, the first phase of rsag.
 *
 * Cost (alpha-beta-gamma, n bytes, g members):
 *   T = (g - 1) alpha + (g - 1) / g n beta + (g - 1) / g n gamma
 * (MPICH's long-message reduce-scatter). The model composes it as
 * t_allgather(g, n / g) + (g - 1) / g n gamma (lib/model/variants.c): the
 * messages of a pairwise allgather of n / g blocks, plus the reductions.
 *
 * rsag calls this instead of MPI_Reduce_scatter: SimGrid 3.32's mpich
 * selector runs recursive doubling for commutative operations below
 * 512 KiB, which moves (lg g - (g - 1) / g) n bytes: 18.5 ms where this
 * takes 7.7 ms (8 processes of the CLiC-like star, 100 KiB).
 *
 * Step i = 1 .. g-1: send the piece of member (me + i) % g to it, receive
 * this member's piece from member (me - i) % g. A commutative operation
 * folds each received piece into the result at once; a non-commutative one
 * keeps them and folds them in rank order at the end (memory: the whole
 * vector). */
#include <stdlib.h>

#include "common/buffers.h"
#include "ortho2d/uneven.h"
#include "variants/common.h"
#include "variants/impl.h"

int ortho__reduce_scatter(const void *input, void *out, const int counts[], const int displs[],
                          MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    int g, me, err = MPI_SUCCESS;
    PMPI_Comm_size(comm, &g);
    PMPI_Comm_rank(comm, &me);
    int mine = counts[me], commutes = ortho__op_commutes(op);
    MPI_Aint lb, extent;
    PMPI_Type_get_extent(type, &lb, &extent);
    /* commutative: one receive buffer; else one slot per member */
    int slots = commutes ? 1 : g;
    void *raw = NULL, *tmp = NULL;
    if (mine > 0)
        err = ortho__tmp(slots * mine, type, &raw, &tmp);
    if (!err && mine > 0)
        err = ortho__local_copy(ortho__offset(input, displs[me], type), mine, type,
                                commutes ? out : ortho__offset(tmp, (MPI_Aint)me * mine, type),
                                mine, type);
    for (int i = 1; i < g && !err; i++) {
        int to = (me + i) % g, from = (me - i + g) % g;
        void *slot = commutes ? tmp : ortho__offset(tmp, (MPI_Aint)from * mine, type);
        err = PMPI_Sendrecv(ortho__offset(input, displs[to], type), counts[to], type, to,
                            ORTHO_TAG, slot, mine, type, from, ORTHO_TAG, comm,
                            MPI_STATUS_IGNORE);
        if (!err && commutes && mine > 0)
            err = PMPI_Reduce_local(tmp, out, mine, type, op);
    }
    if (!err && !commutes && mine > 0) {
        /* out = x_0 op (x_1 op (... op x_{g-1})), x_me in its slot too */
        err = ortho__combine_rank_order(ortho__offset(tmp, (MPI_Aint)me * mine, type), me, tmp,
                                        mine, g, mine, type, op, out);
    }
    free(raw);
    return err;
}
