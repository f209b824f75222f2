/* What spread's broadcast and reduce share (spread_pieces.h). */
#include "variants/spread_pieces.h"

#include <stdlib.h>

#include "model/variants.h"
#include "variants/common.h"

int ortho__spread_pieces_init(struct ortho__spread_pieces *sp, int n, MPI_Datatype type,
                              ortho_model_op op, int root,
                              const struct ortho__segment_choice *seg,
                              const struct ortho_grid *grid)
{
    int p = grid->size, elem = 0, err = PMPI_Type_size(type, &elem);
    sp->counts = sp->displs = NULL;
    if (err)
        return err;
    sp->type = type;
    sp->comm = grid->comm;
    sp->p = p;
    sp->root = root;
    sp->me = grid->rank;
    sp->owner = sp->me == root ? -1 : (sp->me - root - 1 + p) % p;
    ortho__segments_of(n, elem, 2, op, ortho__model_spread_latencies(p), 1, seg, &sp->sg);
    sp->counts = malloc(2 * (size_t)(p - 1) * sizeof(int));
    if (sp->counts == NULL)
        return MPI_ERR_NO_MEM;
    sp->displs = sp->counts + (p - 1);
    return MPI_SUCCESS;
}

void ortho__spread_pieces_free(struct ortho__spread_pieces *sp)
{
    free(sp->counts);
    sp->counts = sp->displs = NULL;
}

void ortho__spread_pieces_of(struct ortho__spread_pieces *sp, int k)
{
    ortho__split(ortho__segment_len(&sp->sg, k), sp->p - 1, sp->p - 1, sp->counts, sp->displs);
}
