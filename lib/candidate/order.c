/* Which variant applies to which operation, and the one rule that
 * resolves a candidate's phase order (candidate_private.h). */
#include "candidate/candidate_private.h"

int ortho_variant_valid(ortho_variant variant, ortho_op op)
{
    if ((int)op < 0 || op >= ORTHO_OP_COUNT)
        return 0;
    switch (variant) {
    case ORTHO_VARIANT_NATIVE:
    case ORTHO_VARIANT_PHASES:
        return 1;
    case ORTHO_VARIANT_RSAG:
        return op == ORTHO_OP_REDUCE || op == ORTHO_OP_ALLREDUCE;
    case ORTHO_VARIANT_SCAG:
        return op == ORTHO_OP_BCAST;
    case ORTHO_VARIANT_PIPE:
        return op == ORTHO_OP_ALLGATHER || op == ORTHO_OP_ALLGATHERV || op == ORTHO_OP_BCAST ||
               op == ORTHO_OP_REDUCE || op == ORTHO_OP_ALLREDUCE;
    case ORTHO_VARIANT_CHAIN:
    case ORTHO_VARIANT_SPREAD:
        return op == ORTHO_OP_BCAST || op == ORTHO_OP_REDUCE;
    case ORTHO_VARIANT_TREES:
        return op == ORTHO_OP_BCAST || op == ORTHO_OP_REDUCE;
    case ORTHO_VARIANT_RINGS:
        return op == ORTHO_OP_ALLREDUCE || op == ORTHO_OP_BCAST || op == ORTHO_OP_REDUCE ||
               op == ORTHO_OP_ALLGATHER || op == ORTHO_OP_GATHER || op == ORTHO_OP_SCATTER;
    default:
        return 0;
    }
}

ortho_order ortho__order_resolve(ortho_variant v, ortho_op op, ortho_order order)
{
    if (order != ORTHO_ORDER_PAPER)
        return order;
    if (v == ORTHO_VARIANT_PHASES &&
        (op == ORTHO_OP_BCAST || op == ORTHO_OP_SCATTER || op == ORTHO_OP_SCATTERV))
        return ORTHO_ORDER_COLS;
    if (v == ORTHO_VARIANT_PIPE && (op == ORTHO_OP_ALLGATHER || op == ORTHO_OP_ALLGATHERV))
        return ORTHO_ORDER_COLS;
    return ORTHO_ORDER_ROWS;
}

int ortho__variant_rows_only(ortho_variant v)
{
    return v == ORTHO_VARIANT_CHAIN || v == ORTHO_VARIANT_SPREAD || ortho__variant_torus(v);
}

int ortho__variant_torus(ortho_variant v)
{
    return v == ORTHO_VARIANT_RINGS || v == ORTHO_VARIANT_TREES;
}

int ortho__variant_segments(ortho_variant v)
{
    return v == ORTHO_VARIANT_PIPE || v == ORTHO_VARIANT_CHAIN || v == ORTHO_VARIANT_SPREAD ||
           v == ORTHO_VARIANT_TREES;
}
