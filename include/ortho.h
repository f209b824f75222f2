/**
 * \file ortho.h
 * \brief ortho: MPI collective operations over orthogonal processor groups.
 *
 * The umbrella header; include this one. Each module has its own header:
 *  - ortho_grid.h  processor grids and the error convention of the library
 *  - ortho_2d.h    the two-phase operations on a 2D grid
 *  - ortho_nd.h    the same on grids of any number of dimensions and any p
 *  - ortho_dropin.h  drop-in replacements of the MPI collectives (grid chosen and cached)
 *  - ortho_model.h the performance model: runtime functions, fitting, profiles, prediction
 *                  (pure computation; one header per topic, ortho_model_*.h)
 *  - ortho_measure.h timing native collectives and any collective call (communicates)
 *  - ortho_select.h what the drop-ins run: measured decisions, then the model (ORTHO_PROFILE)
 *  - ortho_settings.h the ORTHO_* environment settings: meaning, default, check
 */
#ifndef ORTHO_H_INCLUDED
#define ORTHO_H_INCLUDED

#include <mpi.h>

#include "ortho_grid.h"
#include "ortho_candidate.h"
#include "ortho_2d.h"
#include "ortho_nd.h"
#include "ortho_dropin.h"
#include "ortho_model.h"
#include "ortho_measure.h"
#include "ortho_select.h"
#include "ortho_settings.h"

/* The version, in one place: the Makefile reads its VERSION from these three lines. */
#define ORTHO_VERSION_MAJOR 0
#define ORTHO_VERSION_MINOR 1
#define ORTHO_VERSION_PATCH 0
#define ORTHO_VERSION_TEXT_(a, b, c) #a "." #b "." #c
#define ORTHO_VERSION_TEXT(a, b, c) ORTHO_VERSION_TEXT_(a, b, c)
/** The version this header belongs to, "MAJOR.MINOR.PATCH". */
#define ORTHO_VERSION ORTHO_VERSION_TEXT(ORTHO_VERSION_MAJOR, ORTHO_VERSION_MINOR, ORTHO_VERSION_PATCH)

/**
 * \brief The version of the library a program runs with, "MAJOR.MINOR.PATCH".
 *
 * Compare with ORTHO_VERSION (the header's) to see whether a program runs
 * with the library it was compiled against. Not collective; needs no MPI
 * start; thread-safe.
 * \return a static string, never NULL.
 */
const char *ortho_version(void);

#endif /* ORTHO_H_INCLUDED */
