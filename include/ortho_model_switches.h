/**
 * \file ortho_model_switches.h
 * \brief Where a native MPI library changes algorithm: breakpoints in the
 * process count, the message size or the total size, and the known
 * decision points of MPICH and Open MPI, offered to the fit
 * (ortho_model_select_pieces()) as candidate breakpoints.
 *
 * Pure computation, like all of the model (ortho_model_forms.h): the text
 * of MPI_Get_library_version() is read by the caller (ortho-fit) and
 * passed here; nothing here calls MPI.
 */
#ifndef ORTHO_MODEL_SWITCHES_H_INCLUDED
#define ORTHO_MODEL_SWITCHES_H_INCLUDED

#include <mpi.h>

#include "ortho_model_forms.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The quantity a breakpoint splits on. */
typedef enum ortho_model_split_key {
    ORTHO_MODEL_SPLIT_P = 0,     /**< the group size p */
    ORTHO_MODEL_SPLIT_BYTES = 1, /**< the size b (ortho_model_forms.h) */
    ORTHO_MODEL_SPLIT_TOTAL = 2  /**< p * b, the whole message of a gather or allgather
                                      (a profile's n= condition) */
} ortho_model_split_key;

/** A breakpoint: the pieces key < at and key >= at (how MPICH and Open MPI
 *  write their thresholds). */
typedef struct ortho_model_breakpoint {
    ortho_model_op op;
    ortho_model_split_key key;
    double at;
} ortho_model_breakpoint;

/** The MPI libraries whose decision points are known. */
typedef enum ortho_model_native_lib {
    ORTHO_MODEL_NATIVE_NONE = 0, /**< unknown or not wanted: no priors */
    ORTHO_MODEL_NATIVE_MPICH = 1,
    ORTHO_MODEL_NATIVE_OMPI = 2
} ortho_model_native_lib;

/**
 * \brief The library that the text of MPI_Get_library_version() names:
 * MPICH for "MPICH Version", Open MPI for "Open MPI"; anything else
 * (derivatives with their own tuning, SimGrid's SMPI) is NONE. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for NULL.
 */
int ortho_model_native_lib_from_version(const char *version, ortho_model_native_lib *lib);

/**
 * \brief The library called \p name: "mpich", "ompi" or "none" (the
 * values of ortho-fit's --native-priors and SMPI's coll-selector). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for another name or NULL.
 */
int ortho_model_native_lib_from_name(const char *name, ortho_model_native_lib *lib);

/** \brief "mpich", "ompi" or "none"; NULL for an invalid value. Not collective. */
const char *ortho_model_native_lib_name(ortho_model_native_lib lib);

/**
 * \brief The known decision points of \p lib for \p op in its default
 * configuration (docs/model.md, "Native algorithm switches", lists them
 * with their sources). Not collective.
 * \param[out] out  room for \p max breakpoints; the first min(max, all) are written
 * \param[out] n    how many the library has for op (0 for NONE)
 * \return MPI_SUCCESS; MPI_ERR_ARG for a bad op, lib or NULL.
 */
int ortho_model_native_priors(ortho_model_native_lib lib, ortho_model_op op,
                              ortho_model_breakpoint out[], int max, int *n);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_SWITCHES_H_INCLUDED */
