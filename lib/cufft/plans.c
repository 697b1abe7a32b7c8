// SPDX-License-Identifier: MIT
/*
 * lib/cufft: plan handles, their creation (Plan*, Create + MakePlan*),
 * streams, work-area calls, destruction.
 *
 * cufftHandle is an int that the program stores and passes back, so the
 * plans live in one table of this file (with the planner lock, the
 * library's only mutable file-scope state: CUDA's API leaves no other place
 * for them).  A handle is an index into it, plus one (0 is never a plan).
 */
#include <fftw3.h>
#include <pthread.h>
#include <stdlib.h>
#include "cufft_internal.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t planner = PTHREAD_MUTEX_INITIALIZER;
static struct cufft_plan **table;
static int table_len;

void cufft_planner_lock(void) { pthread_mutex_lock(&planner); }
void cufft_planner_unlock(void) { pthread_mutex_unlock(&planner); }

struct cufft_plan *cufft_plan_get(cufftHandle h)
{
	struct cufft_plan *p = NULL;

	pthread_mutex_lock(&table_lock);
	if (h > 0 && h <= table_len)
		p = table[h - 1];
	pthread_mutex_unlock(&table_lock);
	return p;
}

cufftResult cufftCreate(cufftHandle *plan)
{
	struct cufft_plan *p;
	int slot;

	if (!plan)
		return CUFFT_INVALID_VALUE;
	p = calloc(1, sizeof(*p));
	if (!p)
		return CUFFT_ALLOC_FAILED;
	pthread_mutex_lock(&table_lock);
	for (slot = 0; slot < table_len && table[slot]; slot++)
		;
	if (slot == table_len) {
		struct cufft_plan **t = realloc(table, sizeof(*t) * (size_t)(table_len + 16));

		if (!t) {
			pthread_mutex_unlock(&table_lock);
			free(p);
			return CUFFT_ALLOC_FAILED;
		}
		for (int i = table_len; i < table_len + 16; i++)
			t[i] = NULL;
		table = t;
		table_len += 16;
	}
	table[slot] = p;
	pthread_mutex_unlock(&table_lock);
	*plan = slot + 1;
	return CUFFT_SUCCESS;
}

void cufft_plan_free_fftw(struct cufft_plan *p)
{
	cufft_planner_lock();
	for (int i = 0; i < 8; i++) {
		void **f = &p->fftw[i >> 2][(i >> 1) & 1][i & 1];

		if (*f && cufft_double(p->type))
			fftw_destroy_plan(*f);
		else if (*f)
			fftwf_destroy_plan(*f);
		*f = NULL;
	}
	cufft_planner_unlock();
}

cufftResult cufftDestroy(cufftHandle plan)
{
	struct cufft_plan *p;

	pthread_mutex_lock(&table_lock);
	p = plan > 0 && plan <= table_len ? table[plan - 1] : NULL;
	if (p)
		table[plan - 1] = NULL;
	pthread_mutex_unlock(&table_lock);
	if (!p)
		return CUFFT_INVALID_PLAN;
	cufft_plan_free_fftw(p);
	cufft_captured_free(p);
	free(p);
	return CUFFT_SUCCESS;
}

bool cufft_type_ok(cufftType t)
{
	return t == CUFFT_R2C || t == CUFFT_C2R || t == CUFFT_C2C || t == CUFFT_D2Z || t == CUFFT_Z2D ||
	       t == CUFFT_Z2Z;
}

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
			      int *onembed, int ostride, int odist, cufftType type, int batch, size_t *work_size)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p)
		return CUFFT_INVALID_PLAN;
	if (p->made)
		return CUFFT_INVALID_PLAN;	/* a plan is made once */
	if (!cufft_type_ok(type))
		return CUFFT_INVALID_TYPE;
	if (rank < 1 || rank > 3 || !n || batch < 1)
		return CUFFT_INVALID_SIZE;
	for (int i = 0; i < rank; i++)
		if (n[i] < 1)
			return CUFFT_INVALID_SIZE;
	p->advanced = inembed && onembed;	/* either NULL: the basic layout, strides ignored */
	if (p->advanced && (istride < 1 || ostride < 1 || idist < 1 || odist < 1))
		return CUFFT_INVALID_VALUE;
	for (int i = 0; i < rank; i++) {
		p->n[i] = n[i];
		if (p->advanced) {
			p->inembed[i] = inembed[i];
			p->onembed[i] = onembed[i];
		}
	}
	p->rank = rank;
	p->type = type;
	p->batch = batch;
	p->istride = istride;
	p->idist = idist;
	p->ostride = ostride;
	p->odist = odist;
	p->made = true;
	if (work_size)
		*work_size = 0;
	return CUFFT_SUCCESS;
}

cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long *n, long long *inembed, long long istride,
				long long idist, long long *onembed, long long ostride, long long odist,
				cufftType type, long long batch, size_t *work_size)
{
	int ni[3], ie[3], oe[3];

	/* FFTW's guru64 interface would take more; plans this big do not fit FFTW's int "many" form */
	if (rank < 1 || rank > 3 || !n || batch > 0x7fffffff || istride > 0x7fffffff || idist > 0x7fffffff ||
	    ostride > 0x7fffffff || odist > 0x7fffffff)
		return cufft_plan_get(plan) ? CUFFT_INVALID_SIZE : CUFFT_INVALID_PLAN;
	for (int i = 0; i < rank; i++) {
		if (n[i] > 0x7fffffff || (inembed && inembed[i] > 0x7fffffff) || (onembed && onembed[i] > 0x7fffffff))
			return CUFFT_INVALID_SIZE;
		ni[i] = (int)n[i];
		ie[i] = inembed ? (int)inembed[i] : 0;
		oe[i] = onembed ? (int)onembed[i] : 0;
	}
	return cufftMakePlanMany(plan, rank, ni, inembed ? ie : NULL, (int)istride, (int)idist, onembed ? oe : NULL,
				 (int)ostride, (int)odist, type, (int)batch, work_size);
}

cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *work_size)
{
	return cufftMakePlanMany(plan, 1, &nx, NULL, 1, 0, NULL, 1, 0, type, batch, work_size);
}

cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *work_size)
{
	int n[2] = { nx, ny };

	return cufftMakePlanMany(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, work_size);
}

cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *work_size)
{
	int n[3] = { nx, ny, nz };

	return cufftMakePlanMany(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, work_size);
}

/* Plan*: Create + MakePlan*, the handle freed again when the plan is refused. */
#define CUFFT_PLAN_WITH(plan, make_call)			\
	do {							\
		cufftResult r_;					\
		if (!(plan))					\
			return CUFFT_INVALID_VALUE;		\
		if ((r_ = cufftCreate(plan)))			\
			return r_;				\
		if ((r_ = (make_call))) {			\
			cufftDestroy(*(plan));			\
			return r_;				\
		}						\
		return CUFFT_SUCCESS;				\
	} while (0)

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch)
{
	CUFFT_PLAN_WITH(plan, cufftMakePlan1d(*plan, nx, type, batch, NULL));
}

cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type)
{
	CUFFT_PLAN_WITH(plan, cufftMakePlan2d(*plan, nx, ny, type, NULL));
}

cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type)
{
	CUFFT_PLAN_WITH(plan, cufftMakePlan3d(*plan, nx, ny, nz, type, NULL));
}

cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
			  int *onembed, int ostride, int odist, cufftType type, int batch)
{
	CUFFT_PLAN_WITH(plan, cufftMakePlanMany(*plan, rank, n, inembed, istride, idist, onembed, ostride, odist,
						type, batch, NULL));
}

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p)
		return CUFFT_INVALID_PLAN;
	p->stream = stream;
	return CUFFT_SUCCESS;
}

cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *work_size)
{
	if (!work_size)
		return CUFFT_INVALID_VALUE;
	if (nx < 1 || batch < 1)
		return CUFFT_INVALID_SIZE;
	if (!cufft_type_ok(type))
		return CUFFT_INVALID_TYPE;
	*work_size = 0;
	return CUFFT_SUCCESS;
}

cufftResult cufftGetSize(cufftHandle plan, size_t *work_size)
{
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (!work_size)
		return CUFFT_INVALID_VALUE;
	*work_size = 0;
	return CUFFT_SUCCESS;
}

cufftResult cufftGetSize1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *work_size)
{
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	return cufftEstimate1d(nx, type, batch, work_size);
}

cufftResult cufftSetWorkArea(cufftHandle plan, void *work_area)
{
	(void)work_area;
	return cufft_plan_get(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftSetAutoAllocation(cufftHandle plan, int auto_allocate)
{
	(void)auto_allocate;
	return cufft_plan_get(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

/* FFTW's padding is the only layout here, as cuFFT's default. */
cufftResult cufftSetCompatibilityMode(cufftHandle plan, cufftCompatibility mode)
{
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	return mode == CUFFT_COMPATIBILITY_FFTW_PADDING ? CUFFT_SUCCESS : CUFFT_NOT_SUPPORTED;
}

cufftResult cufftGetVersion(int *version)
{
	if (!version)
		return CUFFT_INVALID_VALUE;
	*version = CUFFT_VERSION;
	return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType type, int *value)
{
	if (!value)
		return CUFFT_INVALID_VALUE;
	switch (type) {
	case MAJOR_VERSION: *value = CUFFT_VER_MAJOR; break;
	case MINOR_VERSION: *value = CUFFT_VER_MINOR; break;
	case PATCH_LEVEL: *value = CUFFT_VER_PATCH; break;
	default: return CUFFT_INVALID_VALUE;
	}
	return CUFFT_SUCCESS;
}
