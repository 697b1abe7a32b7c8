// SPDX-License-Identifier: MIT
/*
 * driver_legacy.c - CUDA 3's execution control through the driver API,
 * which old programs still call: cuFuncSetBlockShape and
 * cuFuncSetSharedSize set a function's launch shape, cuParamSetSize,
 * cuParamSeti/f/v fill its parameter buffer at the offsets the caller
 * computed, cuLaunch/cuLaunchGrid(Async) launch it on a grid of the given
 * width and height: cuLaunchKernel with that buffer as `extra`, each
 * parameter read at the offset cuFuncGetParamInfo gives.  The state is the
 * function's (CUDA's: per function, not per thread), kept with its
 * registration (struct cudart_func) under the runtime's lock.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver_int.h"

#define PARAM_AREA 4096	/* CUDA 3's parameter buffer */

struct cudart_legacy {
	unsigned int block[3];
	unsigned int shared;
	unsigned int size;	/* cuParamSetSize */
	union {
		unsigned char bytes[PARAM_AREA];
		long double align;
	} params;
};

/* The function's state, made on first use (lock held); NULL: no such kernel, or *nomem. */
static struct cudart_legacy *state_of(struct cudart_ctx *c, CUfunction f, bool *nomem)
{
	struct cudart_func *fn = f ? cudart_func_find(c, (const void *)f) : NULL;

	*nomem = false;
	if (!fn)
		return NULL;
	if (!fn->legacy) {
		fn->legacy = calloc(1, sizeof(*fn->legacy));
		if (!fn->legacy) {
			*nomem = true;
			return NULL;
		}
		fn->legacy->block[0] = fn->legacy->block[1] = fn->legacy->block[2] = 1;
	}
	return fn->legacy;
}

/* Run op on the function's state under the lock. */
#define WITH_STATE(f, s, body)                                                   \
	do {                                                                     \
		struct cudart_ctx *c_ = cudart_ctx();                            \
		struct cudart_legacy *s;                                         \
		bool nomem_;                                                     \
		pthread_mutex_lock(&c_->lock);                                   \
		s = state_of(c_, f, &nomem_);                                    \
		if (s) {                                                         \
			body;                                                    \
		}                                                                \
		pthread_mutex_unlock(&c_->lock);                                 \
		if (!s)                                                          \
			return nomem_ ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_ERROR_INVALID_HANDLE; \
	} while (0)

CUresult cuFuncSetBlockShape(CUfunction f, int x, int y, int z)
{
	if (x <= 0 || y <= 0 || z <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	WITH_STATE(f, s, (s->block[0] = (unsigned int)x, s->block[1] = (unsigned int)y, s->block[2] = (unsigned int)z));
	return CUDA_SUCCESS;
}

CUresult cuFuncSetSharedSize(CUfunction f, unsigned int bytes)
{
	WITH_STATE(f, s, s->shared = bytes);
	return CUDA_SUCCESS;
}

CUresult cuParamSetSize(CUfunction f, unsigned int bytes)
{
	if (bytes > PARAM_AREA)
		return CUDA_ERROR_INVALID_VALUE;
	WITH_STATE(f, s, s->size = bytes);
	return CUDA_SUCCESS;
}

CUresult cuParamSetv(CUfunction f, int offset, void *ptr, unsigned int bytes)
{
	if (offset < 0 || !ptr || bytes > PARAM_AREA || (unsigned int)offset > PARAM_AREA - bytes)
		return CUDA_ERROR_INVALID_VALUE;
	WITH_STATE(f, s, memcpy(s->params.bytes + offset, ptr, bytes));
	return CUDA_SUCCESS;
}

CUresult cuParamSeti(CUfunction f, int offset, unsigned int value)
{
	return cuParamSetv(f, offset, &value, sizeof(value));
}

CUresult cuParamSetf(CUfunction f, int offset, float value)
{
	return cuParamSetv(f, offset, &value, sizeof(value));
}

CUresult cuLaunchGridAsync(CUfunction f, int width, int height, CUstream stream)
{
	struct cudart_legacy copy;
	size_t size;
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, copy.params.bytes, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
			  CU_LAUNCH_PARAM_END };

	if (width <= 0 || height <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	WITH_STATE(f, s, copy = *s);	/* the launch takes the values set so far */
	size = copy.size;
	return cuLaunchKernel(f, (unsigned int)width, (unsigned int)height, 1, copy.block[0], copy.block[1],
			      copy.block[2], copy.shared, stream, NULL, extra);
}

CUresult cuLaunchGrid(CUfunction f, int width, int height)
{
	CUresult r = cuLaunchGridAsync(f, width, height, NULL);

	return r ? r : cuCtxSynchronize();
}

CUresult cuLaunch(CUfunction f)
{
	return cuLaunchGrid(f, 1, 1);
}
