// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the IRS objects (cusolverDnIRSParams_t: the settings of a
 * solve; cusolverDnIRSInfos_t: what one solve did) and the solvers that
 * take them, cusolverDnIRSXgesv and IRSXgels (+ _bufferSize), on the
 * engine of irs.c.  Defaults are cuSOLVER's: no refinement solver and no
 * precisions set (a solve is then refused), 50 iterations (inner too),
 * LAPACK's tolerance, fallback enabled.  Every refinement solver runs the
 * classical refinement: the GMRES variants converge to the same solution,
 * in their own number of iterations (cuSOLVER's limit of one right-hand
 * side for them is kept, so a program meets the same refusals).
 */
#include <stdlib.h>
#include "irs_internal.h"

struct cusolverDnIRSParams {
	cusolverIRSRefinement_t refine;
	cusolverPrecType_t main, low; /* 0: not set */
	double tol, tol_inner;
	int maxiters, maxiters_inner, fallback;
};

struct cusolverDnIRSInfos {
	int niters, outer_niters, maxiters, want_residual;
	double *history; /* maxiters + 1 norms, with want_residual, after a solve */
};

cusolverStatus_t cusolverDnIRSParamsCreate(cusolverDnIRSParams_t *params_ptr)
{
	struct cusolverDnIRSParams *p;

	if (!params_ptr)
		return CUSOLVER_STATUS_INVALID_VALUE;
	p = calloc(1, sizeof(*p));
	if (!p)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	p->refine = CUSOLVER_IRS_REFINE_NOT_SET;
	p->maxiters = p->maxiters_inner = 50;
	p->tol_inner = 1e-4;
	p->fallback = 1;
	*params_ptr = p;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsDestroy(cusolverDnIRSParams_t params)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	free(params);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetRefinementSolver(cusolverDnIRSParams_t params,
							cusolverIRSRefinement_t refinement_solver)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (refinement_solver < CUSOLVER_IRS_REFINE_NOT_SET || refinement_solver > CUSOLVER_IRS_REFINE_GMRES_NOPCOND)
		return CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE;
	params->refine = refinement_solver;
	return CUSOLVER_STATUS_SUCCESS;
}

static int prec_main_ok(cusolverPrecType_t p)
{
	return p == CUSOLVER_R_64F || p == CUSOLVER_R_32F || p == CUSOLVER_C_64F || p == CUSOLVER_C_32F;
}

/* a lowest precision of main's family (real or complex) no wider than main */
static int prec_low_ok(cusolverPrecType_t main, cusolverPrecType_t low)
{
	int cplx = main >= CUSOLVER_C_8I, base = cplx ? low - 10 : low;

	if (cplx != (low >= CUSOLVER_C_8I))
		return 0;
	if (base == CUSOLVER_R_64F)
		return main == CUSOLVER_R_64F || main == CUSOLVER_C_64F;
	return base == CUSOLVER_R_32F || base == CUSOLVER_R_16F || base == CUSOLVER_R_16BF || base == CUSOLVER_R_TF32;
}

cusolverStatus_t cusolverDnIRSParamsSetSolverMainPrecision(cusolverDnIRSParams_t params,
							   cusolverPrecType_t solver_main_precision)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->main = solver_main_precision; /* checked with the lowest one at the solve */
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetSolverLowestPrecision(cusolverDnIRSParams_t params,
							     cusolverPrecType_t solver_lowest_precision)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->low = solver_lowest_precision;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetSolverPrecisions(cusolverDnIRSParams_t params,
							cusolverPrecType_t solver_main_precision,
							cusolverPrecType_t solver_lowest_precision)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->main = solver_main_precision, params->low = solver_lowest_precision;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetTol(cusolverDnIRSParams_t params, double val)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->tol = val;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetTolInner(cusolverDnIRSParams_t params, double val)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->tol_inner = val; /* kept: the classical refinement has no inner solver */
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetMaxIters(cusolverDnIRSParams_t params, cusolver_int_t maxiters)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (maxiters < 0)
		return CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER;
	params->maxiters = maxiters;
	if (params->maxiters_inner > maxiters) /* cuSOLVER: the total bounds the inner count */
		params->maxiters_inner = maxiters;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsSetMaxItersInner(cusolverDnIRSParams_t params, cusolver_int_t maxiters_inner)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (maxiters_inner < 0 || maxiters_inner > params->maxiters)
		return CUSOLVER_STATUS_IRS_PARAMS_INVALID;
	params->maxiters_inner = maxiters_inner;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsGetMaxIters(cusolverDnIRSParams_t params, cusolver_int_t *maxiters)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (!maxiters)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*maxiters = params->maxiters;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsEnableFallback(cusolverDnIRSParams_t params)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->fallback = 1;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSParamsDisableFallback(cusolverDnIRSParams_t params)
{
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	params->fallback = 0;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSInfosCreate(cusolverDnIRSInfos_t *infos_ptr)
{
	struct cusolverDnIRSInfos *i;

	if (!infos_ptr)
		return CUSOLVER_STATUS_INVALID_VALUE;
	i = calloc(1, sizeof(*i));
	if (!i)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	*infos_ptr = i;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSInfosDestroy(cusolverDnIRSInfos_t infos)
{
	if (!infos)
		return CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED;
	free(infos->history);
	free(infos);
	return CUSOLVER_STATUS_SUCCESS;
}

#define INFOS_GET(NAME, FIELD)                                                       \
	cusolverStatus_t cusolverDnIRSInfos##NAME(cusolverDnIRSInfos_t infos, cusolver_int_t *v) \
	{                                                                            \
		if (!infos)                                                          \
			return CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED;            \
		if (!v)                                                              \
			return CUSOLVER_STATUS_INVALID_VALUE;                        \
		*v = infos->FIELD;                                                   \
		return CUSOLVER_STATUS_SUCCESS;                                      \
	}
INFOS_GET(GetNiters, niters)
INFOS_GET(GetOuterNiters, outer_niters)
INFOS_GET(GetMaxIters, maxiters)

cusolverStatus_t cusolverDnIRSInfosRequestResidual(cusolverDnIRSInfos_t infos)
{
	if (!infos)
		return CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED;
	infos->want_residual = 1;
	return CUSOLVER_STATUS_SUCCESS;
}

/* the residual history of the last solve: double[maxiters + 1], entry i the largest column's
 * ||B - A X||_inf after i refinement steps (entries past the last step 0) */
cusolverStatus_t cusolverDnIRSInfosGetResidualHistory(cusolverDnIRSInfos_t infos, void **residual_history)
{
	if (!infos)
		return CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED;
	if (!residual_history || !infos->want_residual || !infos->history)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*residual_history = infos->history;
	return CUSOLVER_STATUS_SUCCESS;
}

/* the engine's call of params, or a status refusing them */
static cusolverStatus_t irs_from_params(cusolverDnIRSParams_t p, int nrhs, struct irs_call *c)
{
	if (!p)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (p->refine == CUSOLVER_IRS_REFINE_NOT_SET)
		return CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE;
	if (!prec_main_ok(p->main) || !prec_low_ok(p->main, p->low))
		return CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC;
	if (p->refine >= CUSOLVER_IRS_REFINE_CLASSICAL_GMRES && p->refine != CUSOLVER_IRS_REFINE_CLASSICAL &&
	    nrhs > 1)
		return CUSOLVER_STATUS_IRS_NRHS_NOT_SUPPORTED_FOR_REFINE_GMRES;
	c->kind = p->main == CUSOLVER_R_32F ? 0 : p->main == CUSOLVER_R_64F ? 1 : p->main == CUSOLVER_C_32F ? 2 : 3;
	c->low_double = p->low == CUSOLVER_R_64F || p->low == CUSOLVER_C_64F;
	c->refine = p->refine != CUSOLVER_IRS_REFINE_NONE && p->main != p->low;
	c->maxiters = p->maxiters, c->fallback = p->fallback, c->tol = p->tol;
	return CUSOLVER_STATUS_SUCCESS;
}

static cusolverStatus_t irsx(cusolverDnHandle_t handle, cusolverDnIRSParams_t params, cusolverDnIRSInfos_t infos,
			     struct irs_call *c, int *niters, int *d_info)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	cusolverStatus_t st = irs_from_params(params, c->nrhs, c);
	if (st)
		return st;
	if (!infos)
		return CUSOLVER_STATUS_IRS_INFOS_NOT_INITIALIZED;
	if (!niters)
		return CUSOLVER_STATUS_INVALID_VALUE;
	CUSOLVER_START(handle, d_info, irs_bad(c));
	free(infos->history);
	infos->history = infos->want_residual ? calloc((size_t)c->maxiters + 1, sizeof(double)) : NULL;
	if (infos->want_residual && !infos->history)
		return CUSOLVER_STATUS_ALLOC_FAILED;
	c->history = infos->history;
	st = irs_run(c, niters, d_info);
	infos->niters = infos->outer_niters = *niters;
	infos->maxiters = c->maxiters;
	return st;
}

cusolverStatus_t cusolverDnIRSXgesv_bufferSize(cusolverDnHandle_t handle, cusolverDnIRSParams_t params,
					       cusolver_int_t n, cusolver_int_t nrhs, size_t *lwork_bytes)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (!lwork_bytes || n < 0 || nrhs < 0)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*lwork_bytes = irs_bytes(0, n, n, nrhs);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSXgesv(cusolverDnHandle_t handle, cusolverDnIRSParams_t gesv_irs_params,
				    cusolverDnIRSInfos_t gesv_irs_infos, cusolver_int_t n, cusolver_int_t nrhs,
				    void *dA, cusolver_int_t ldda, void *dB, cusolver_int_t lddb, void *dX,
				    cusolver_int_t lddx, void *dWorkspace, size_t lwork_bytes, cusolver_int_t *niters,
				    cusolver_int_t *d_info)
{
	struct irs_call c = { .m = n, .n = n, .nrhs = nrhs, .A = dA, .B = dB, .X = dX, .lda = ldda, .ldb = lddb,
			      .ldx = lddx };

	(void)dWorkspace, (void)lwork_bytes;
	return irsx(handle, gesv_irs_params, gesv_irs_infos, &c, niters, d_info);
}

cusolverStatus_t cusolverDnIRSXgels_bufferSize(cusolverDnHandle_t handle, cusolverDnIRSParams_t params,
					       cusolver_int_t m, cusolver_int_t n, cusolver_int_t nrhs,
					       size_t *lwork_bytes)
{
	if (!handle)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!params)
		return CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED;
	if (!lwork_bytes || m < 0 || n < 0 || n > m || nrhs < 0)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*lwork_bytes = irs_bytes(1, m, n, nrhs);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnIRSXgels(cusolverDnHandle_t handle, cusolverDnIRSParams_t gels_irs_params,
				    cusolverDnIRSInfos_t gels_irs_infos, cusolver_int_t m, cusolver_int_t n,
				    cusolver_int_t nrhs, void *dA, cusolver_int_t ldda, void *dB, cusolver_int_t lddb,
				    void *dX, cusolver_int_t lddx, void *dWorkspace, size_t lwork_bytes,
				    cusolver_int_t *niters, cusolver_int_t *d_info)
{
	struct irs_call c = { .gels = 1, .m = m, .n = n, .nrhs = nrhs, .A = dA, .B = dB, .X = dX, .lda = ldda,
			      .ldb = lddb, .ldx = lddx };

	(void)dWorkspace, (void)lwork_bytes;
	return irsx(handle, gels_irs_params, gels_irs_infos, &c, niters, d_info);
}
