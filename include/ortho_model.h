/**
 * \file ortho_model.h
 * \brief The performance model: runtime functions, least-squares fitting,
 * machine profiles, and the prediction of native and orthogonal
 * (multi-phase) collective operations (lib/model, docs/model.md).
 *
 * The umbrella of the model's headers, one per topic:
 *  - ortho_model_forms.h      the modelled operations, the runtime functions
 *                             ("forms"), the quantities and the error
 *                             convention of the model
 *  - ortho_model_profile.h    machine profiles: entries, parameters, reading
 *                             and writing the profile format
 *  - ortho_model_decisions.h  what ortho-tune measured: decisions and curves
 *  - ortho_model_predict.h    prediction: native, on a grid, the best layout,
 *                             the application formulas
 *  - ortho_model_fit.h        fitting forms to samples, choosing among forms
 *  - ortho_model_switches.h   breakpoints, the native libraries' known switch points
 *  - ortho_model_units.h      sizes and times as text, both ways
 *
 * The model is pure computation: it involves no communicator, does not
 * need MPI to be initialized, and returns its errors without raising them
 * (ortho_model_forms.h). Measuring, which communicates, is ortho_measure.h
 * (lib/measure); this header still includes it, for the programs that
 * called ortho_model_measure() and ortho_model_time_call() through it
 * (the old names stay for one release).
 */
#ifndef ORTHO_MODEL_H_INCLUDED
#define ORTHO_MODEL_H_INCLUDED

#include "ortho_model_forms.h"
#include "ortho_model_profile.h"
#include "ortho_model_decisions.h"
#include "ortho_model_predict.h"
#include "ortho_model_fit.h"
#include "ortho_model_switches.h"
#include "ortho_model_units.h"

#include "ortho_measure.h"

#endif /* ORTHO_MODEL_H_INCLUDED */
