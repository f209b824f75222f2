/* Shared pieces of the ortho-fit and ortho-predict programs. */
#ifndef ORTHO_FIT_TOOLS_H_INCLUDED
#define ORTHO_FIT_TOOLS_H_INCLUDED

#include "ortho.h"

/* A comma-separated list of sizes ("256,1K,64K") into out[cap]; returns the
 * count, or -1 when an item is malformed or there are more than cap. */
int tool_parse_sizes(const char *text, double out[], int cap);

/* A comma-separated list of positive ints; same convention. */
int tool_parse_ints(const char *text, int out[], int cap);

/* A comma-separated list of operation names into a bit set (1u << op);
 * "all" is every operation. 0 when malformed. */
unsigned tool_parse_ops(const char *text);

/* Time of one arithmetic operation (a multiply-add loop over doubles: 2
 * operations per element) and of a local MPI_SUM on doubles per byte
 * (MPI_Reduce_local), each the median of a few runs. Needs MPI. */
void tool_local_costs(double *t_op, double *gamma);

/* Plot samples against the profile's predictions: for each operation,
 * DIR/OP.dat (p, b, measured, predicted), DIR/OP-fit.dat (fitted curves),
 * DIR/OP.gp and, with gnuplot, DIR/OP.png. Returns 0 on success. */
int tool_plot(const char *dir, ortho_model_profile_t prof, const ortho_model_sample s[], int n);

/* The folder of the paper's profiles for --help: PREFIX/share/ortho/profiles
 * when the program runs installed (it exists beside PREFIX/bin), else
 * "profiles" (the source tree's). Not thread-safe (a static buffer). */
const char *tool_profiles_dir(void);

#endif /* ORTHO_FIT_TOOLS_H_INCLUDED */
