/* Shared pieces of the ortho-fit and ortho-predict programs (their command
 * line: tools/cli.h). */
#ifndef ORTHO_FIT_TOOLS_H_INCLUDED
#define ORTHO_FIT_TOOLS_H_INCLUDED

#include "ortho.h"

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
