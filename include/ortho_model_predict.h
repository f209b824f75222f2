/**
 * \file ortho_model_predict.h
 * \brief Prediction: the native operation from a profile's runtime
 * functions, its orthogonal (multi-phase) realization on a grid, the
 * choice of the fastest layout, and the application formulas of the
 * paper's sec. 5.
 *
 * \par Composition (formulas (1) and (2) of the paper, generalized)
 * A grid d[0] x ... x d[k-1] (row-major, rows are the last dimension, as in
 * ortho_grid.h) runs one phase per dimension. Rows first for reduce, gather,
 * allreduce and allgather (d[k-1], then d[k-2], ..., d[0]); the leader group
 * first for bcast and scatter (d[0], ..., d[k-1]). Gather, scatter and
 * allgather phases carry the blocks collected so far: the phase over d[i]
 * moves blocks of b * d[i+1] * ... * d[k-1] bytes. Bcast, reduce and
 * allreduce phases move b bytes. A 1-dimensional grid {p} is the native
 * operation.
 *
 * Errors are returned, never raised (ortho_model_forms.h). The prediction
 * of a candidate from a measured curve is ortho_model_curve_predict()
 * (ortho_model_decisions.h).
 */
#ifndef ORTHO_MODEL_PREDICT_H_INCLUDED
#define ORTHO_MODEL_PREDICT_H_INCLUDED

#include <mpi.h>

#include "ortho_grid.h"
#include "ortho_model_profile.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The predicted time of one phase. The fields after seconds say why:
 *  how the phase's groups lie on the nodes (known only to a prediction
 *  given the node size; otherwise where is ORTHO_MODEL_WHERE_ANY and
 *  per_node, nodes, flows are 0) and which function gave the time. */
typedef struct ortho_model_phase {
    ortho_model_op op;   /**< the native operation the phase calls */
    int dim;             /**< grid dimension it runs over */
    int group;           /**< group size d[dim] */
    double bytes;        /**< message size b of that call */
    double seconds;      /**< predicted time */
    int where;           /**< ortho_model_where of its groups */
    int per_node;        /**< most members of one group on one node */
    int nodes;           /**< most nodes one group spans */
    int flows;           /**< most processes of one node in groups that span nodes, at once */
    double share;        /**< the factor on the function's bandwidth part: 1 + share_op (flows - 1)
                              on a where=net function, else 1 */
    int entry;           /**< the profile entry used (ortho_model_profile_entry()); -1 when
                              the phase is composed of several (a leader grid, a recursion);
                              ORTHO_MODEL_ENTRY_HOP when timed by the profile's measured hop */
    int direct;          /**< 0: a native call of op; else rsag's point-to-point exchange,
                              timed as hops by entry: ORTHO_MODEL_DIRECT_ALLGATHER or
                              ORTHO_MODEL_DIRECT_REDUCE_SCATTER (op is then allgather) */
} ortho_model_phase;

/** ortho_model_phase.entry of a phase of hops timed by the profile's own
 *  message between two processes (params hop_alpha, hop_beta between
 *  consecutive ranks, hop_net_alpha, hop_net_beta between nodes: what
 *  ortho-fit measures by ping pong, ortho_measure_hops()) rather than by a
 *  fitted function of the operation on 2 processes. */
enum { ORTHO_MODEL_ENTRY_HOP = -2 };

/** ortho_model_phase.entry of a native call's phase whose function
 *  predicted less than one message to the group's farthest member (the
 *  profile's measured hop, or its reach, ortho_measure_reach()): the
 *  phase takes that message's latency, which no collective on two or more
 *  processes can beat. */
enum { ORTHO_MODEL_ENTRY_FLOOR = -3 };

/** ortho_model_phase.direct: which direct exchange a phase is. */
enum { ORTHO_MODEL_DIRECT_ALLGATHER = 1, ORTHO_MODEL_DIRECT_REDUCE_SCATTER = 2 };

/** Prediction of an operation on a grid: the phases in execution order and their sum. */
typedef struct ortho_model_prediction {
    int nphases;
    ortho_model_phase phase[ORTHO_GRID_MAX_DIMS];
    double total;
} ortho_model_prediction;

/**
 * \brief Predicted time of the native operation on \p p processes with
 * message size \p bytes. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for bad arguments or when no entry of the
 *         profile covers (op, p, bytes).
 */
int ortho_model_predict(ortho_model_profile_t prof, ortho_model_op op, int p, double bytes,
                        double *seconds);

/**
 * \brief Predicted time of \p op on the grid dims[0] x ... x dims[ndims-1]:
 * each phase and the total (see Composition above). Not collective.
 * \param[in] ndims  1 to ORTHO_GRID_MAX_DIMS; 1 is the native operation
 * \param[in] dims   every entry >= 1
 * \return MPI_SUCCESS; MPI_ERR_ARG, MPI_ERR_DIMS for a bad ndims.
 */
int ortho_model_predict_grid(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                             const int dims[], double bytes, ortho_model_prediction *pred);

/**
 * \brief ortho_model_predict_grid() on a machine of nodes of \p node_size
 * processes holding blocks of consecutive ranks: each phase's groups are
 * placed (inside one node, or across nodes with how many processes of a
 * node at once) and predicted by the profile's entries for that placement
 * (where=node, where=net) with the sharing factor share_OP, where it has
 * them (docs/model.md, "Nodes and sharing"). A profile without those terms,
 * node_size < 2 or p <= node_size predict exactly as ortho_model_predict_grid().
 * Not collective.
 * \return as ortho_model_predict_grid(); MPI_ERR_ARG for node_size < 0.
 */
int ortho_model_predict_grid_nodes(ortho_model_profile_t prof, ortho_model_op op, int ndims,
                                   const int dims[], double bytes, int node_size,
                                   ortho_model_prediction *pred);

/**
 * \brief The prediction of drop-in candidate \p cand (ortho_candidate.h)
 * for \p op on \p p processes with message size \p bytes on nodes of
 * \p node_size processes (0: unknown): each phase and the total, composed
 * from the profile's runtime functions as the formula that opens the
 * variant's file in lib/variants/ (native, phases in either order, rsag,
 * scag, pipe, node-aware grids: docs/model.md). Allgatherv is allgather
 * with its mean block. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_UNSUPPORTED_OPERATION for gatherv,
 *         scatterv (only the root knows their sizes), a variant the model
 *         has no composition of, and a node-aware candidate without dims
 *         when node_size does not divide p into two or more nodes;
 *         MPI_ERR_ARG for bad arguments or when the profile lacks a
 *         function a phase needs.
 */
int ortho_model_predict_candidate(ortho_model_profile_t prof, ortho_op op, int p, int node_size,
                                  double bytes, const ortho_candidate *cand,
                                  ortho_model_prediction *pred);

/**
 * \brief 1 when \p prof has the structure terms for \p op (an entry with
 * where=net for op, or for both ops of its composite form), so that the
 * phases that cross nodes at once are charged for sharing a node's link;
 * else 0. Not collective.
 */
int ortho_model_profile_knows_nodes(ortho_model_profile_t prof, ortho_model_op op);

/** A grid layout. */
typedef struct ortho_model_layout {
    int ndims;
    int dims[ORTHO_GRID_MAX_DIMS];
} ortho_model_layout;

/**
 * \brief All layouts of \p p processes with 1 to \p maxdims dimensions: the
 * native {p} first, then every ordered factorization p = d[0] x ... x d[k-1]
 * with all d[i] >= 2 (2D: 2 x p/2, ..., p/2 x 2), by ndims then d[0], d[1], ...
 * Not collective.
 * \param[out] out  room for \p cap layouts (may be NULL when cap is 0)
 * \param[out] n    the number of layouts (may exceed cap; only cap are stored)
 */
int ortho_model_layouts(int p, int maxdims, ortho_model_layout out[], int cap, int *n);

/**
 * \brief The layout with the smallest predicted time for (op, p, bytes)
 * among ortho_model_layouts(p, maxdims); ties go to the earlier layout
 * (the native operation first). Not collective.
 * \param[out] pred  may be NULL; the prediction of the chosen layout
 */
int ortho_model_choose(ortho_model_profile_t prof, ortho_model_op op, int p, double bytes,
                       int maxdims, ortho_model_layout *best, ortho_model_prediction *pred);

/* ---- applications (paper sec. 5) ------------------------------------------- */

/** The application formulas of sec. 5 of the paper. */
typedef enum ortho_model_app {
    ORTHO_MODEL_JACOBI_ROW = 0,   /**< (3): 2 n^2/p t_op + t_mb(p, n/p) */
    ORTHO_MODEL_JACOBI_COL_MB,    /**< (4): 2 n^2/p t_op + t_macc(p, n) + t_mb(p, n/p) */
    ORTHO_MODEL_JACOBI_COL_SB,    /**< (5): 2 n/p (n-1) t_op + t_acc(p, n) + t_sb(p, n) */
    ORTHO_MODEL_PAB,              /**< C_PAB = K t_mb(p, n/p); T_PAB = K (n/p T_eval + (2K+1) n/p t_op) */
    ORTHO_MODEL_PABM,             /**< C_PABM = K I t_mb(p, n/p); T_PABM = K I n/p T_eval + K(2K+1) n/p t_op + 3 K I n/p t_op */
    ORTHO_MODEL_NAPPS
} ortho_model_app;

/** \brief "jacobi-row", "jacobi-col-mb", "jacobi-col-sb", "pab", "pabm". Not collective. */
const char *ortho_model_app_name(ortho_model_app app);

/** \brief The app called \p name. Not collective. \return MPI_ERR_ARG for an unknown name. */
int ortho_model_app_from_name(const char *name, ortho_model_app *app);

/** Parameters of an application formula. */
typedef struct ortho_model_app_params {
    double n;          /**< system size (number of equations / ODE components) */
    int K;             /**< stages (PAB, PABM) */
    int I;             /**< corrector iterations (PABM) */
    double t_op;       /**< time of one arithmetic operation [s] */
    double t_eval;     /**< time to evaluate one component of f [s] (PAB, PABM) */
    double elem_bytes; /**< bytes of one vector element in messages (8 for double) */
} ortho_model_app_params;

/** The predicted time of one iteration / time step. */
typedef struct ortho_model_app_prediction {
    double compute;    /**< computation: the t_op and T_eval terms */
    double comm;       /**< communication: the sum of the collectives */
    double total;      /**< compute + comm */
    int ncolls;        /**< number of collective terms (1 or 2) */
    ortho_model_prediction coll[2]; /**< each collective term on the layout (times its multiplicity) */
    double mult[2];    /**< multiplicity of each term (K or K*I for PAB/PABM, else 1) */
} ortho_model_app_prediction;

/**
 * \brief Predicted time per iteration (Jacobi) or per time step (PAB, PABM)
 * with every collective realized on \p layout (ndims 1: native). The paper's
 * n/p elements become n/p * elem_bytes bytes. Not collective.
 * \return MPI_SUCCESS; MPI_ERR_ARG for bad parameters.
 */
int ortho_model_app_predict(ortho_model_profile_t prof, ortho_model_app app,
                            const ortho_model_app_params *params,
                            const ortho_model_layout *layout, ortho_model_app_prediction *pred);

#ifdef __cplusplus
}
#endif

#endif /* ORTHO_MODEL_PREDICT_H_INCLUDED */
