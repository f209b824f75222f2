/* The drop-in functions' choice of a grid per communicator. Private.
 *
 * A communicator's cache (an attribute) holds the grids made for it and,
 * per operation and size class, the decision taken: a cached grid or the
 * native call. Decisions are taken once, on the first call in the class,
 * from ORTHO_GRID, the layout chooser or the balanced default, so every
 * process takes the same one. */
#ifndef ORTHO_DROPIN_PRIVATE_H_INCLUDED
#define ORTHO_DROPIN_PRIVATE_H_INCLUDED

#include <mpi.h>
#include <stddef.h>

#include "candidate/candidate_private.h"
#include "ortho_dropin.h"
#include "ortho_grid.h"

/* What a drop-in call runs besides its grid: the variant and the phase
 * order (never ORTHO_ORDER_PAPER: resolved for the op). */
struct ortho__run {
    ortho_variant variant;
    ortho_order order;
};

/* The grid for op and bytes (< 0: unknown) on comm, or NULL for the native
 * call; *run receives the variant and order to run on it. Collective the
 * first time a class is met (grids are created). */
ortho_grid_t ortho__dropin_grid(MPI_Comm comm, ortho_op op, double bytes, struct ortho__run *run);


/* The candidate chooser's answer (1) or no decision (0); node_size as for
 * ortho_candidate_chooser. With no chooser installed, ORTHO_PROFILE's
 * (lib/select) decides when select_state (an enum ortho__select_state)
 * says so. *why: the chooser's reason, a text that outlives the decision. */
int ortho__choose_candidate(ortho_op op, int p, int node_size, double bytes, int select_state,
                            const char *select_why, ortho_candidate *cand, const char **why);

/* 1 when ortho_set_candidate_chooser() installed a chooser. */
int ortho__candidate_chooser_installed(void);

/* 1 when ortho_set_layout_chooser() installed a chooser. */
int ortho__layout_chooser_installed(void);

/* count * size(type) as a double. */
double ortho__dropin_bytes(double count, MPI_Datatype type);

/* Parses ORTHO_VARIANT: "NAME" (every operation) and/or "op=NAME" entries
 * separated by ',' (op: bcast, reduce, ...): the candidate forced for each
 * op (set[op] = 1). ORTHO_ENV_UNSET, ORTHO_ENV_LAYOUT (something set) or
 * ORTHO_ENV_MALFORMED. */
enum ortho_env_grid ortho__parse_variant_env(const char *text,
                                             ortho_candidate cands[ORTHO_OP_COUNT],
                                             int set[ORTHO_OP_COUNT]);

/* The balanced default or the chooser's layout for op on p processes;
 * ndims 1 means native. why: a static text. */
void ortho__choose_layout(ortho_op op, int p, double bytes, int *ndims, int dims[],
                          const char **why);

/* "0 B", "[1 KiB, 2 KiB)", ... for a size class (see cache.c). */
void ortho__size_class_text(int size_class, char *text, size_t len);

#endif /* ORTHO_DROPIN_PRIVATE_H_INCLUDED */
