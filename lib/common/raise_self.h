/* Raising an error that belongs to no communicator. Private to the library. */
#ifndef ORTHO_RAISE_SELF_H_INCLUDED
#define ORTHO_RAISE_SELF_H_INCLUDED

/* Not-collective error exit of a function that involves no communicator:
 * raise err on MPI_COMM_SELF when MPI is initialized and not finalized
 * (ortho_grid.h: "where there is no communicator at all"); return err.
 * The model does not use it: its functions only return their errors. */
int ortho__raise_self(int err);

#endif /* ORTHO_RAISE_SELF_H_INCLUDED */
