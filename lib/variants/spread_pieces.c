/* What spread's broadcast and reduce share (spread_pieces.h). */
#include "variants/spread_pieces.h"

#include <stdlib.h>

#include "model/variants.h"
#include "variants/common.h"

int ortho__spread_through_nodes(const struct ortho_grid *grid, int root)
{
    return grid->node_aware && grid->ndims == 2 && !ortho__is_flat(grid) &&
           ortho__col_len(grid, ortho__col_of(grid, root)) == ortho__nrows(grid);
}

int ortho__spread_pieces_init(struct ortho__spread_pieces *sp, int n, MPI_Datatype type,
                              ortho_model_op op, int root,
                              const struct ortho__segment_choice *seg,
                              const struct ortho_grid *grid, int nodes)
{
    int elem = 0, err = PMPI_Type_size(type, &elem);
    sp->counts = sp->displs = NULL;
    sp->window = 1;
    if (err)
        return err;
    sp->type = type;
    sp->row = MPI_COMM_NULL;
    sp->row_root = 0;
    sp->in_column = 1;
    if (nodes) {
        sp->comm = grid->col_comm;
        sp->p = ortho__nrows(grid);
        sp->root = ortho__row_of(grid, root);
        sp->me = ortho__row_of(grid, grid->rank);
        sp->row = grid->row_comm;
        sp->row_root = ortho__col_of(grid, root);
        sp->in_column = ortho__col_of(grid, grid->rank) == sp->row_root;
    } else {
        sp->comm = grid->comm;
        sp->p = grid->size;
        sp->root = root;
        sp->me = grid->rank;
    }
    int p = sp->p;
    sp->owner = sp->me == sp->root ? -1 : (sp->me - sp->root - 1 + p) % p;
    sp->window = ortho__model_spread_window(nodes);
    ortho__segments_cut(n, elem,
                        ortho__model_spread_segment(seg->prof, op, (double)n * elem, p, nodes,
                                                    seg->named),
                        &sp->sg);
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
