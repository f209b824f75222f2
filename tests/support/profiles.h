/* Model profiles for tests: the published ones under profiles/, and a
 * write/read round trip through memory. Failures print their message (as
 * "\n  message", inside CUnit's verbose output) and return NULL. */
#ifndef ORTHO_TEST_PROFILES_H_INCLUDED
#define ORTHO_TEST_PROFILES_H_INCLUDED

#include "ortho.h"

/* Reads profiles/<name> below $ORTHO_SOURCE_DIR, or below ORTHO_SOURCE_DIR
 * as compiled in (default ".": make check runs from the source tree). */
ortho_model_profile_t test_profile_load(const char *name);

/* Writes prof to memory and reads it back; *text keeps what was written
 * (the caller frees it). */
ortho_model_profile_t test_profile_round_trip(ortho_model_profile_t prof, char **text);

#endif /* ORTHO_TEST_PROFILES_H_INCLUDED */
