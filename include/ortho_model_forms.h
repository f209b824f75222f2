/**
 * \file ortho_model_forms.h
 * \brief The modelled operations and their runtime functions ("forms");
 * the quantities and the error convention of the whole model.
 *
 * \par Quantities
 * Times are in seconds, message sizes in bytes (a double, so that sizes such
 * as n/p elements need no rounding). The size \p b of an operation is the one
 * of the source paper (Kühnemann, Rauber, Rünger, sec. 3): the whole message
 * for bcast, reduce and allreduce; the block that each process contributes
 * (gather, allgather) or receives (scatter) for the other three.
 *
 * \par Runtime functions ("forms")
 * All forms live in one table (lib/model/forms.c). A form is either linear in
 * its coefficients, t(p, b) = sum_j c_j * phi_j(p, b), which is what makes
 * least-squares fitting linear, or a composite of other operations' functions
 * (the paper's Table I: allreduce = reduce + bcast, allgather = gather +
 * bcast(p*b)). ortho_model_form_info() describes each form.
 *
 * \par Errors (every function of ortho_model.h and its topic headers)
 * The model is pure computation: no function of it communicates, and none
 * needs MPI to be initialized (MPI's error codes and types are all it uses
 * of mpi.h). Its functions return MPI error codes and never raise them: no
 * error handler is called, also when MPI is initialized (release 0.1
 * raised them on MPI_COMM_SELF then; README.md, "Changes").
 * MPI_ERR_ARG for bad arguments, MPI_ERR_NO_MEM for a failed allocation,
 * MPI_ERR_FILE for a file that cannot be read or written or a malformed
 * profile, MPI_ERR_OTHER when a fit fails numerically. Measuring, which
 * communicates, is ortho_measure.h.
 */
#ifndef ORTHO_MODEL_FORMS_H_INCLUDED
#define ORTHO_MODEL_FORMS_H_INCLUDED

#include <mpi.h>

#include "ortho_candidate.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Most coefficients of one form. */
#define ORTHO_MODEL_MAX_COEFS 4

/** The modelled collective operations: the first ORTHO_MODEL_NOPS values
 *  of ortho_op (ortho_candidate.h), the one enum of the library. The
 *  ORTHO_MODEL_ names are the same values under their older names. */
typedef ortho_op ortho_model_op;
#define ORTHO_MODEL_BCAST ORTHO_OP_BCAST
#define ORTHO_MODEL_REDUCE ORTHO_OP_REDUCE
#define ORTHO_MODEL_GATHER ORTHO_OP_GATHER
#define ORTHO_MODEL_SCATTER ORTHO_OP_SCATTER
#define ORTHO_MODEL_ALLREDUCE ORTHO_OP_ALLREDUCE
#define ORTHO_MODEL_ALLGATHER ORTHO_OP_ALLGATHER
/** The modelled operations are those below this value. */
#define ORTHO_MODEL_NOPS 6

/** \brief "bcast", "reduce", ...; NULL for an invalid op. Not collective. */
const char *ortho_model_op_name(ortho_model_op op);

/**
 * \brief The op called \p name ("bcast", "reduce", "gather", "scatter",
 * "allreduce", "allgather"). Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for an unknown name or NULL argument.
 */
int ortho_model_op_from_name(const char *name, ortho_model_op *op);

/** Description of a runtime-function form (a row of the form table). */
typedef struct ortho_model_form_info {
    const char *name;      /**< name used in profiles, e.g. "log", "binomial" */
    const char *formula;   /**< the formula in words, e.g. "(tau + tc*log2(p))*b" */
    const char *source;    /**< where it comes from, e.g. "paper Table I, t_sb_log" */
    unsigned ops;          /**< bit (1u << op) for every op it applies to */
    int ncoefs;            /**< number of coefficients (0 for a composite) */
    const char *coef_names[ORTHO_MODEL_MAX_COEFS]; /**< e.g. "tau", "tc" */
    int composite;         /**< 1: built from other ops' functions in the profile */
} ortho_model_form_info;

/** \brief Number of forms in the table. Not collective. */
int ortho_model_form_count(void);

/**
 * \brief Describe form \p form (0 <= form < ortho_model_form_count()).
 * Not collective. \return MPI_SUCCESS; MPI_ERR_ARG for a bad index or NULL.
 */
int ortho_model_form_info_get(int form, ortho_model_form_info *info);

/**
 * \brief The index of the form called \p name that applies to \p op.
 * Not collective. \return MPI_SUCCESS; MPI_ERR_ARG when there is none.
 */
int ortho_model_form_find(ortho_model_op op, const char *name, int *form);

/**
 * \brief Evaluate a non-composite form: t = sum_j coefs[j] * phi_j(p, b).
 * Not collective.
 * \param[in] p      number of processes, >= 1
 * \param[in] bytes  message size b, >= 0
 * \return MPI_SUCCESS; MPI_ERR_ARG for a composite form or bad arguments.
 */
int ortho_model_form_eval(int form, const double coefs[], int p, double bytes, double *seconds);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_FORMS_H_INCLUDED */
