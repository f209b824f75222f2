/* The names the measuring functions had while they were part of the model
 * (release 0.1), kept for one more release (ortho_measure.h). */
#include "measure/measure_private.h"

ortho_measure_opts ortho_model_measure_opts_default(void)
{
    return ortho_measure_opts_default();
}

int ortho_model_measure(MPI_Comm comm, const ortho_measure_opts *opts,
                        ortho_model_sample **samples, int *n)
{
    return ortho_measure_natives(comm, opts, samples, n);
}

int ortho_model_samples_free(ortho_model_sample **samples)
{
    return ortho_measure_samples_free(samples);
}

int ortho_model_time_call(MPI_Comm comm, int (*call)(void *ctx), void *ctx,
                          const ortho_measure_opts *opts, double *median, int *nreps,
                          double *rse)
{
    return ortho_measure_call(comm, call, ctx, opts, median, nreps, rse);
}
