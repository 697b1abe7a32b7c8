// SPDX-License-Identifier: MIT
/*
 * legacy_launch.c - the execution control of CUDA 10 and before, which
 * old programs (and code generators of their time) call instead of <<<>>>:
 * cudaConfigureCall pushes a configuration, cudaSetupArgument copies each
 * argument's bytes into the parameter area at the offset the caller
 * computed, cudaLaunch launches the kernel at that address, each of its
 * parameters read from the area at the offset cudaFuncGetParamInfo gives
 * (the translator records the alignments, launch.c).  CUDA removed the
 * three calls; they are here because running such programs is a reason to
 * pick us.
 */
#include <string.h>

#include "cudart.h"

/* CUDA's parameter area: 4 KiB */
#define PARAM_AREA 4096

/*
 * The pending launch's parameter area, per thread as the configuration
 * stack is (state.c): thread-local state is unavoidable, the calls name no
 * launch.
 */
static _Thread_local union {
	unsigned char bytes[PARAM_AREA];
	long double align;	/* the strictest alignment a parameter has */
} param_area;

cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem, cudaStream_t stream)
{
	struct cudart_config cfg = { gridDim, blockDim, sharedMem, stream, false };

	CUDART_STICKY_RETURN();
	if (!cudart_push_config(&cfg))
		return cudart_set_error(cudaErrorNotSupported);	/* nested too deep, as <<<>>> */
	memset(param_area.bytes, 0, sizeof(param_area.bytes));
	return cudaSuccess;
}

cudaError_t cudaSetupArgument(const void *arg, size_t size, size_t offset)
{
	CUDART_STICKY_RETURN();
	if (!arg || size > PARAM_AREA || offset > PARAM_AREA - size)
		return cudart_set_error(cudaErrorInvalidValue);
	memcpy(param_area.bytes + offset, arg, size);
	return cudaSuccess;
}

/* The kernel's parameters in the area: args[i] at parameter i's offset; how many, or an error. */
static cudaError_t params_of(const void *func, void **args, unsigned int max, unsigned int *n)
{
	size_t off, size;
	cudaError_t err = cudart_param_count(func, n);

	if (!err && *n > max)
		err = cudaErrorInvalidValue;
	for (unsigned int i = 0; !err && i < *n; i++) {
		err = cudaFuncGetParamInfo(func, i, &off, &size);
		args[i] = param_area.bytes + off;
	}
	return err;
}

cudaError_t cudaLaunch(const void *func)
{
	struct cudart_config cfg;
	void *args[PARAM_AREA];
	unsigned int n;
	cudaError_t err;

	if (!cudart_pop_config(&cfg))
		return cudart_set_error(cudaErrorMissingConfiguration);
	CUDART_STICKY_RETURN();
	err = params_of(func, args, PARAM_AREA, &n);
	if (err)
		return cudart_set_error(err);
	return cudaLaunchKernel(func, cfg.grid, cfg.block, n ? args : NULL, cfg.shmem, cfg.stream);
}
