// SPDX-License-Identifier: MIT
/*
 * lib/cufft: cuFFT's load and store callbacks (cufftXtSetCallback).
 *
 * A callback is a device function cuFFT calls for each point: a load
 * callback gives the value of input point `offset` (in elements from the
 * input array), a store callback receives each output point instead of
 * cuFFT writing it.  With one address space a program's device function is
 * a host function (its `__device__` pointer, read with
 * cudaMemcpyFromSymbol, is the function's address), so the callbacks are
 * honoured: every load is made into a scratch copy of the input before the
 * transform, the transform runs into a scratch output, and every point of
 * it goes to the store callback.  FFTW reads its arrays in its own order,
 * hence the copies; cuFFT promises no order of the calls either.  The
 * shared-memory pointer is a zeroed scratch of cufftXtSetCallbackSharedSize's
 * bytes (NULL when 0), caller_info[0] the callback's callerInfo.
 */
#include <stdlib.h>
#include <string.h>
#include <fftw3.h>
#include "cufft_internal.h"
#pragma GCC visibility push(default)
#include <cufftXt.h>
#pragma GCC visibility pop

/* cuFFT's limit on the shared memory of callbacks */
#define SHARED_MAX 16384

/* The callback types a plan of this type takes: its input's load, its output's store. */
static bool type_fits(cufftType t, cufftXtCallbackType cb)
{
	switch (cb) {
	case CUFFT_CB_LD_COMPLEX:
		return t == CUFFT_C2C || t == CUFFT_C2R;
	case CUFFT_CB_LD_COMPLEX_DOUBLE:
		return t == CUFFT_Z2Z || t == CUFFT_Z2D;
	case CUFFT_CB_LD_REAL:
		return t == CUFFT_R2C;
	case CUFFT_CB_LD_REAL_DOUBLE:
		return t == CUFFT_D2Z;
	case CUFFT_CB_ST_COMPLEX:
		return t == CUFFT_C2C || t == CUFFT_R2C;
	case CUFFT_CB_ST_COMPLEX_DOUBLE:
		return t == CUFFT_Z2Z || t == CUFFT_D2Z;
	case CUFFT_CB_ST_REAL:
		return t == CUFFT_C2R;
	case CUFFT_CB_ST_REAL_DOUBLE:
		return t == CUFFT_Z2D;
	default:
		return false;
	}
}

static bool is_load(cufftXtCallbackType cb)
{
	return cb <= CUFFT_CB_LD_REAL_DOUBLE;
}

static bool type_ok(cufftXtCallbackType cb)
{
	return cb >= CUFFT_CB_LD_COMPLEX && cb < CUFFT_CB_UNDEFINED;
}

/* A made plan, the callback type valid and the plan's: CUFFT_SUCCESS. */
static cufftResult check(struct cufft_plan *p, cufftXtCallbackType cb)
{
	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	if (!type_ok(cb))
		return CUFFT_INVALID_VALUE;
	return type_fits(p->type, cb) ? CUFFT_SUCCESS : CUFFT_INVALID_TYPE;
}

cufftResult cufftXtSetCallback(cufftHandle plan, void **callback_routine,
			       cufftXtCallbackType cbType, void **caller_info)
{
	struct cufft_plan *p = cufft_plan_get(plan);
	cufftResult r = check(p, cbType);
	void *info = caller_info ? caller_info[0] : NULL;

	if (r != CUFFT_SUCCESS)
		return r;
	if (!callback_routine || !callback_routine[0])
		return CUFFT_INVALID_VALUE;
	if (is_load(cbType))
		p->cb.load = callback_routine[0], p->cb.load_info = info;
	else
		p->cb.store = callback_routine[0], p->cb.store_info = info;
	return CUFFT_SUCCESS;
}

cufftResult cufftXtClearCallback(cufftHandle plan, cufftXtCallbackType cbType)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p)
		return CUFFT_INVALID_PLAN;
	if (!type_ok(cbType))
		return CUFFT_INVALID_VALUE;
	if (is_load(cbType))
		p->cb.load = p->cb.load_info = NULL;
	else
		p->cb.store = p->cb.store_info = NULL;
	return CUFFT_SUCCESS;
}

cufftResult cufftXtSetCallbackSharedSize(cufftHandle plan, cufftXtCallbackType cbType,
					 size_t sharedSize)
{
	struct cufft_plan *p = cufft_plan_get(plan);
	cufftResult r = check(p, cbType);

	if (r != CUFFT_SUCCESS)
		return r;
	if (sharedSize > SHARED_MAX)
		return CUFFT_INVALID_VALUE;
	if (is_load(cbType))
		p->cb.load_shared = sharedSize;
	else
		p->cb.store_shared = sharedSize;
	return CUFFT_SUCCESS;
}

/* One pass of calls over the points of an array: the arrays and the callback's arguments. */
struct pass {
	const struct cufft_plan *p;
	void *user;    /* the program's array: the callbacks' dataIn or dataOut */
	char *scratch; /* where loads go, or the transform's output that stores read */
	void *info, *shared;
};

typedef cufftComplex (*load_c)(void *, size_t, void *, void *);
typedef cufftDoubleComplex (*load_z)(void *, size_t, void *, void *);
typedef cufftReal (*load_r)(void *, size_t, void *, void *);
typedef cufftDoubleReal (*load_d)(void *, size_t, void *, void *);
typedef void (*store_c)(void *, size_t, cufftComplex, void *, void *);
typedef void (*store_z)(void *, size_t, cufftDoubleComplex, void *, void *);
typedef void (*store_r)(void *, size_t, cufftReal, void *, void *);
typedef void (*store_d)(void *, size_t, cufftDoubleReal, void *, void *);

/* Function pointers travel as void * in cuFFT's API; this converts one back (POSIX's rule). */
#define AS_FN(type, ptr) (*(type *)&(ptr))

static void load_point(size_t o, void *ctx)
{
	struct pass *s = ctx;
	void *fn = s->p->cb.load;

	switch (s->p->type) {
	case CUFFT_C2C:
	case CUFFT_C2R:
		((cufftComplex *)s->scratch)[o] = AS_FN(load_c, fn)(s->user, o, s->info, s->shared);
		break;
	case CUFFT_Z2Z:
	case CUFFT_Z2D:
		((cufftDoubleComplex *)s->scratch)[o] =
		    AS_FN(load_z, fn)(s->user, o, s->info, s->shared);
		break;
	case CUFFT_R2C:
		((cufftReal *)s->scratch)[o] = AS_FN(load_r, fn)(s->user, o, s->info, s->shared);
		break;
	case CUFFT_D2Z:
		((cufftDoubleReal *)s->scratch)[o] =
		    AS_FN(load_d, fn)(s->user, o, s->info, s->shared);
		break;
	}
}

static void store_point(size_t o, void *ctx)
{
	struct pass *s = ctx;
	void *fn = s->p->cb.store;

	switch (s->p->type) {
	case CUFFT_C2C:
	case CUFFT_R2C:
		AS_FN(store_c, fn)(s->user, o, ((cufftComplex *)s->scratch)[o], s->info, s->shared);
		break;
	case CUFFT_Z2Z:
	case CUFFT_D2Z:
		AS_FN(store_z, fn)
		(s->user, o, ((cufftDoubleComplex *)s->scratch)[o], s->info, s->shared);
		break;
	case CUFFT_C2R:
		AS_FN(store_r, fn)(s->user, o, ((cufftReal *)s->scratch)[o], s->info, s->shared);
		break;
	case CUFFT_Z2D:
		AS_FN(store_d, fn)
		(s->user, o, ((cufftDoubleReal *)s->scratch)[o], s->info, s->shared);
		break;
	}
}

/* Without a store callback, an in-place result computed in scratch goes back point by point. */
static void copy_point(size_t o, void *ctx)
{
	struct pass *s = ctx;
	size_t bytes = (cufft_double(s->p->type) ? sizeof(double) : sizeof(float)) *
		       (s->p->type == CUFFT_C2R || s->p->type == CUFFT_Z2D ? 1 : 2);

	memcpy((char *)s->user + o * bytes, s->scratch + o * bytes, bytes);
}

/* The loads into `scratch` (a copy of the input), with their shared scratch. */
static cufftResult run_loads(const struct cufft_plan *p, bool ip, void *in, char *scratch)
{
	struct pass s = {p, in, scratch, p->cb.load_info, NULL};

	if (p->cb.load_shared && !(s.shared = calloc(1, p->cb.load_shared)))
		return CUFFT_ALLOC_FAILED;
	cufft_each_point(p, ip, false, load_point, &s);
	free(s.shared);
	return CUFFT_SUCCESS;
}

static cufftResult run_stores(const struct cufft_plan *p, bool ip, void *out, char *result)
{
	struct pass s = {p, out, result, p->cb.store_info, NULL};

	if (!p->cb.store) {
		cufft_each_point(p, ip, true, copy_point, &s);
		return CUFFT_SUCCESS;
	}
	if (p->cb.store_shared && !(s.shared = calloc(1, p->cb.store_shared)))
		return CUFFT_ALLOC_FAILED;
	cufft_each_point(p, ip, true, store_point, &s);
	free(s.shared);
	return CUFFT_SUCCESS;
}

/*
 * The scratch arrays: the input (loaded values, or a copy the in-place
 * transform may overwrite before a store callback sees the result) and,
 * out of place, the output a store callback reads.  FFTW's own allocator:
 * aligned as cudaMalloc'd arrays, so the aligned plans serve.
 */
cufftResult cufft_run_callbacks(struct cufft_plan *p, void *in, void *out, int sign)
{
	bool ip = in == out, store = p->cb.store != NULL;
	size_t in_bytes = cufft_array_bytes(p, ip, false),
	       out_bytes = cufft_array_bytes(p, ip, true);
	size_t scratch_bytes = ip && out_bytes > in_bytes ? out_bytes : in_bytes;
	char *sin = NULL, *sout = NULL;
	void *xin = in, *xout = out;
	cufftResult r = CUFFT_ALLOC_FAILED;

	if (p->cb.load || ip) {
		if (!(sin = fftw_malloc(scratch_bytes)))
			goto done;
		memcpy(sin, in, ip ? scratch_bytes : in_bytes);
		xin = sin;
		if (ip)
			xout = sin;
	}
	if (store && !ip) {
		if (!(sout = fftw_malloc(out_bytes)))
			goto done;
		xout = sout;
	}
	if (p->cb.load && (r = run_loads(p, ip, in, sin)) != CUFFT_SUCCESS)
		goto done;
	if ((r = cufft_run(p, xin, xout, sign)) != CUFFT_SUCCESS)
		goto done;
	if (store || ip)
		r = run_stores(p, ip, out, xout);
done:
	fftw_free(sin);
	fftw_free(sout);
	return r;
}
