/* SPDX-License-Identifier: MIT */
/*
 * cufft_internal.h - what the files of lib/cufft share: a plan (its sizes,
 * layouts and the FFTW plans made for it), the handle table and FFTW's
 * planner lock.
 */
#ifndef IDXGEN_CUFFT_INTERNAL_H
#define IDXGEN_CUFFT_INTERNAL_H

#include <stdbool.h>
/* The API keeps default visibility; the rest is hidden and made local in the archive (Makefile). */
#pragma GCC visibility push(default)
#include <cuda_runtime_api.h>
#include <cufft.h>
#pragma GCC visibility pop

#define CUFFT_HIDDEN __attribute__((visibility("hidden")))

/*
 * The callbacks of a plan (cufftXtSetCallback): the program's device
 * functions, which are host functions here (one address space), with the
 * caller_info[0] and the shared-memory bytes given for them.  NULL: none.
 */
struct cufft_callbacks {
	void *load, *store;
	void *load_info, *store_info;
	size_t load_shared, store_shared;
};

/*
 * A plan.  The layouts are FFTW's "many" form, which is cuFFT's advanced
 * layout too: element (b, x, y, z) at b * dist + ((x * embed[1] + y) *
 * embed[2] + z) * stride.  The basic layout depends on whether an R2C/C2R
 * runs in place (padded real rows), so it is made at execution time;
 * `advanced` says whether the plan's own is used.
 */
struct cufft_plan {
	bool made;
	cufftType type;
	int rank, n[3], batch;
	bool advanced;
	int inembed[3], onembed[3], istride, idist, ostride, odist;
	cudaStream_t stream;
	long long props[3];	/* cufftSetPlanPropertyInt64's values, by cufftProperty (1, 2); 0: not set */
	void *fftw[2][2][2];	/* [in place][inverse][SIMD-aligned arrays]: made on first use */
	struct cufft_callbacks cb;
	struct cufft_captured *captured;	/* executions recorded into graphs (capture.c) */
};

/* The plan of a handle, or NULL; stays valid until cufftDestroy (CUDA's rule too). */
CUFFT_HIDDEN struct cufft_plan *cufft_plan_get(cufftHandle h);

/*
 * FFTW's planner (plan creation and destruction) is not thread-safe: every
 * call of it in this library runs under this one lock.  Executing a plan on
 * new arrays (fftw_execute_dft & co.) is thread-safe and runs outside it.
 */
CUFFT_HIDDEN void cufft_planner_lock(void);
CUFFT_HIDDEN void cufft_planner_unlock(void);
CUFFT_HIDDEN void cufft_plan_free_fftw(struct cufft_plan *p);

/* One of the six transform types (plans.c). */
CUFFT_HIDDEN bool cufft_type_ok(cufftType t);

/* Bytes of an execution's input (which_out false) or output array, in place or not (exec.c). */
CUFFT_HIDDEN size_t cufft_array_bytes(const struct cufft_plan *p, bool in_place, bool which_out);

/* Calls fn(offset, ctx) for the offset (in elements) of each point of an execution's input or output array. */
CUFFT_HIDDEN void cufft_each_point(const struct cufft_plan *p, bool in_place, bool which_out,
				   void (*fn)(size_t offset, void *ctx), void *ctx);

/* The transform itself on arrays already checked (exec.c); sign is FFTW's. */
CUFFT_HIDDEN cufftResult cufft_run(struct cufft_plan *p, void *in, void *out, int sign);

/* The transform of a plan with callbacks (callback.c): loads, transform, stores. */
CUFFT_HIDDEN cufftResult cufft_run_callbacks(struct cufft_plan *p, void *in, void *out, int sign);

/* Is the plan's stream being captured into a graph?  Then executions are recorded (capture.c). */
CUFFT_HIDDEN bool cufft_capturing(const struct cufft_plan *p);
CUFFT_HIDDEN cufftResult cufft_capture(struct cufft_plan *p, void *in, void *out, int sign);
CUFFT_HIDDEN void cufft_captured_free(struct cufft_plan *p);

static inline bool cufft_double(cufftType t)
{
	return t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D;
}

#endif
