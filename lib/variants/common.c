/* Helpers shared by the variant files (common.h). */
#include "variants/common.h"

#include <stdlib.h>

#include "common/buffers.h"

int ortho__op_commutes(MPI_Op op)
{
    int commute = 0;
    if (PMPI_Op_commutative(op, &commute) != MPI_SUCCESS)
        return 0;
    return commute;
}

void ortho__split(int n, int pieces, int len, int counts[], int displs[])
{
    int at = 0;
    for (int i = 0; i < len; i++) {
        counts[i] = i < pieces ? n / pieces + (i < n % pieces) : 0;
        displs[i] = i < pieces ? at : n;
        at += counts[i];
    }
}

int ortho__tmp(int n, MPI_Datatype type, void **raw, void **buf)
{
    return ortho__tmp_alloc(n > 0 ? n : 1, type, raw, buf);
}
