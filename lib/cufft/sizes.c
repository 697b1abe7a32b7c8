// SPDX-License-Identifier: MIT
/*
 * lib/cufft: the work-area size queries beyond 1-D (cufftEstimate2d/3d/Many,
 * cufftGetSize2d/3d/Many/Many64) and the plan properties of CUDA 12.x/13
 * (cufftSet/Get/ResetPlanPropertyInt64).  FFTW keeps its own work areas,
 * so every size is 0 once the arguments are checked as the plan calls
 * check them.  The properties are kept and read back: PATIENT_JIT (0 or 1:
 * cuFFT's just-in-time kernels; FFTW's planning effort is ours, exec.c) and
 * MAX_NUM_HOST_THREADS (at least 1; one transform runs on one thread here).
 */
#include "cufft_internal.h"

/* rank 1-3, every dimension and the batch positive, a known type: CUFFT_SUCCESS or the plan calls'
 * status */
static cufftResult many_ok(int rank, const long long *n, cufftType type, long long batch)
{
	if (!cufft_type_ok(type))
		return CUFFT_INVALID_TYPE;
	if (rank < 1 || rank > 3 || !n || batch < 1)
		return CUFFT_INVALID_SIZE;
	for (int i = 0; i < rank; i++)
		if (n[i] < 1)
			return CUFFT_INVALID_SIZE;
	return CUFFT_SUCCESS;
}

static cufftResult answer(cufftResult st, size_t *work_size)
{
	if (!st && !work_size)
		return CUFFT_INVALID_VALUE;
	if (!st)
		*work_size = 0;
	return st;
}

static cufftResult estimate(int rank, const int *n, cufftType type, int batch, size_t *work_size)
{
	long long ll[3] = {0, 0, 0};

	for (int i = 0; n && i < rank && i < 3; i++)
		ll[i] = n[i];
	return answer(many_ok(rank, n ? ll : NULL, type, batch), work_size);
}

cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize)
{
	int n[2] = {nx, ny};

	return estimate(2, n, type, 1, workSize);
}

cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize)
{
	int n[3] = {nx, ny, nz};

	return estimate(3, n, type, 1, workSize);
}

cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed,
			      int ostride, int odist, cufftType type, int batch, size_t *workSize)
{
	(void)inembed, (void)istride, (void)idist, (void)onembed, (void)ostride, (void)odist;
	return estimate(rank, n, type, batch, workSize);
}

cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t *workSize)
{
	return cufft_plan_get(handle) ? cufftEstimate2d(nx, ny, type, workSize)
				      : CUFFT_INVALID_PLAN;
}

cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type,
			   size_t *workSize)
{
	return cufft_plan_get(handle) ? cufftEstimate3d(nx, ny, nz, type, workSize)
				      : CUFFT_INVALID_PLAN;
}

cufftResult cufftGetSizeMany(cufftHandle handle, int rank, int *n, int *inembed, int istride,
			     int idist, int *onembed, int ostride, int odist, cufftType type,
			     int batch, size_t *workArea)
{
	if (!cufft_plan_get(handle))
		return CUFFT_INVALID_PLAN;
	return cufftEstimateMany(rank, n, inembed, istride, idist, onembed, ostride, odist, type,
				 batch, workArea);
}

cufftResult cufftGetSizeMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed,
			       long long int istride, long long int idist, long long int *onembed,
			       long long int ostride, long long int odist, cufftType type,
			       long long int batch, size_t *workSize)
{
	(void)inembed, (void)istride, (void)idist, (void)onembed, (void)ostride, (void)odist;
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	return answer(many_ok(rank, n, type, batch), workSize);
}

static bool property_ok(cufftProperty p)
{
	return p == NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT ||
	       p == NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS;
}

cufftResult cufftSetPlanPropertyInt64(cufftHandle plan, cufftProperty property,
				      const long long int inputValueInt)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p)
		return CUFFT_INVALID_PLAN;
	if (!property_ok(property) || (property == NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT
					   ? inputValueInt != 0 && inputValueInt != 1
					   : inputValueInt < 1))
		return CUFFT_INVALID_VALUE;
	p->props[property] = inputValueInt;
	return CUFFT_SUCCESS;
}

/* a property never set reads 0 (PATIENT_JIT off; MAX_NUM_HOST_THREADS: no limit set) */
cufftResult cufftGetPlanPropertyInt64(cufftHandle plan, cufftProperty property,
				      long long int *returnPtrValue)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p)
		return CUFFT_INVALID_PLAN;
	if (!property_ok(property) || !returnPtrValue)
		return CUFFT_INVALID_VALUE;
	*returnPtrValue = p->props[property];
	return CUFFT_SUCCESS;
}

cufftResult cufftResetPlanProperty(cufftHandle plan, cufftProperty property)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p)
		return CUFFT_INVALID_PLAN;
	if (!property_ok(property))
		return CUFFT_INVALID_VALUE;
	p->props[property] = 0;
	return CUFFT_SUCCESS;
}
