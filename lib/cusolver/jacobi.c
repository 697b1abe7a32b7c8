// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: what the two Jacobi methods share (eigj.c: syevj's
 * syevjInfo_t, gesvdj.c: gesvdj's gesvdjInfo_t).  cuSOLVER gives each its own
 * opaque type with the same parameters (tolerance, sweeps, sorting, the last
 * call's residual and sweep count); both types hold a struct jacobi_params
 * first, and their Create/Set/Get calls are these, so that the checks and
 * defaults are written once.  Also the element reader both use on a
 * column-major array of any of the four types.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

void *cusolver_jacobi_new(size_t size)
{
	struct jacobi_params *p = calloc(1, size);

	if (p) {
		p->max_sweeps = 100; /* cuSOLVER's defaults; tolerance 0: machine precision */
		p->sort = 1;
	}
	return p;
}

cusolverStatus_t cusolver_jacobi_destroy(struct jacobi_params *p)
{
	if (!p)
		return CUSOLVER_STATUS_INVALID_VALUE;
	free(p);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolver_jacobi_set(struct jacobi_params *p, enum jacobi_param what, double v)
{
	if (!p)
		return CUSOLVER_STATUS_INVALID_VALUE;
	switch (what) {
	case JACOBI_TOLERANCE:
		if (!(v >= 0))
			return CUSOLVER_STATUS_INVALID_VALUE;
		p->tolerance = v;
		break;
	case JACOBI_MAX_SWEEPS:
		if (!(v >= 1))
			return CUSOLVER_STATUS_INVALID_VALUE;
		p->max_sweeps = (int)v;
		break;
	case JACOBI_SORT:
		p->sort = (int)v;
		break;
	}
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolver_jacobi_get(cusolverDnHandle_t h, const struct jacobi_params *p,
				     double *residual, int *sweeps)
{
	if (!h)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!p || (!residual && !sweeps))
		return CUSOLVER_STATUS_INVALID_VALUE;
	if (residual)
		*residual = p->residual;
	if (sweeps)
		*sweeps = p->sweeps;
	return CUSOLVER_STATUS_SUCCESS;
}

double complex cusolver_elem(const void *a, int kind, size_t k)
{
	switch (kind) {
	case 0:
		return ((const float *)a)[k];
	case 1:
		return ((const double *)a)[k];
	case 2:
		return ((const float *)a)[2 * k] + I * ((const float *)a)[2 * k + 1];
	default:
		return ((const double *)a)[2 * k] + I * ((const double *)a)[2 * k + 1];
	}
}
