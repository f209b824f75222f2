/**
 * \file ortho_model_units.h
 * \brief Numbers with units as text, both ways: sizes (K, M, G, 1024-based)
 * and times (s, ms, us, ns), as the tools' options and the profile format
 * write them, and the short forms the library's messages and the tools
 * print.
 *
 * Errors are returned, never raised (ortho_model_forms.h). None of these
 * needs MPI to be initialized.
 */
#ifndef ORTHO_MODEL_UNITS_H_INCLUDED
#define ORTHO_MODEL_UNITS_H_INCLUDED

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * \brief Parse a size: a number with an optional binary suffix K, M, G
 * (1024-based; "64K" = 65536, "1.5M"). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for a malformed or negative value.
 */
int ortho_model_parse_bytes(const char *text, double *bytes);

/**
 * \brief Parse a time: a number with an optional unit s, ms, us, ns
 * (no unit: seconds); "0.092us" = 9.2e-8. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for a malformed value.
 */
int ortho_model_parse_seconds(const char *text, double *seconds);

/** Room for the text of ortho_model_size_text() and ortho_model_time_text(),
 *  the terminating NUL included: always enough. */
#define ORTHO_MODEL_TEXT_MAX 32

/**
 * \brief A size in bytes as the tools print it: a whole number of MiB or
 * KiB with the suffix M or K ("1K", "64K", "1536K", "2M"), else the number
 * ("100", "1000", "2.5"): whole numbers in plain digits, others in the
 * shortest form that reads back as the same double; "inf" for INFINITY.
 * ortho_model_parse_bytes() reads it back to the same size. Not collective.
 * \param[out] text  room for \p len characters (ORTHO_MODEL_TEXT_MAX
 *                   always suffices)
 * \return MPI_SUCCESS; MPI_ERR_ARG for a NULL \p text or \p len < 1;
 *         MPI_ERR_TRUNCATE when \p len is too small (\p text then holds
 *         the first len - 1 characters).
 */
int ortho_model_size_text(double bytes, char *text, int len);

/**
 * \brief A time to three significant digits with its unit, as ORTHO_VERBOSE
 * prints it: "2.1 s" from one second up, "1.23 ms" from a millisecond,
 * else "45.6 us". Not collective.
 * \param[out] text  room for \p len characters (ORTHO_MODEL_TEXT_MAX
 *                   always suffices)
 * \return MPI_SUCCESS; MPI_ERR_ARG for a NULL \p text or \p len < 1;
 *         MPI_ERR_TRUNCATE when \p len is too small.
 */
int ortho_model_time_text(double seconds, char *text, int len);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_UNITS_H_INCLUDED */
