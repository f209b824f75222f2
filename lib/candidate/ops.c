/* The operations' names: MPI's ("MPI_Bcast") and the words of profiles,
 * ORTHO_VARIANT and the tools ("bcast"), in one table. */
#include "candidate/candidate_private.h"

#include <stddef.h>
#include <string.h>

static const struct {
    const char *mpi, *word;
} names[ORTHO_OP_COUNT] = {
    {"MPI_Bcast", "bcast"},           {"MPI_Reduce", "reduce"},
    {"MPI_Gather", "gather"},         {"MPI_Scatter", "scatter"},
    {"MPI_Allreduce", "allreduce"},   {"MPI_Allgather", "allgather"},
    {"MPI_Allgatherv", "allgatherv"}, {"MPI_Gatherv", "gatherv"},
    {"MPI_Scatterv", "scatterv"},
};

static int valid(ortho_op op)
{
    return (int)op >= 0 && op < ORTHO_OP_COUNT;
}

const char *ortho_op_name(ortho_op op)
{
    return valid(op) ? names[op].mpi : NULL;
}

const char *ortho_op_word(ortho_op op)
{
    return valid(op) ? names[op].word : NULL;
}

int ortho_op_from_word(const char *word, ortho_op *op)
{
    for (int i = 0; word != NULL && op != NULL && i < ORTHO_OP_COUNT; i++)
        if (strcmp(word, names[i].word) == 0) {
            *op = (ortho_op)i;
            return MPI_SUCCESS;
        }
    return MPI_ERR_ARG;
}
