// SPDX-License-Identifier: MIT
/*
 * driver_launch.c - driver-API function handles of the program's own
 * kernels: a CUfunction (from cudaGetFuncBySymbol or cuKernelGetFunction)
 * and a CUkernel (cudaGetKernel) are the kernel's host stub, as the
 * runtime's handles are, so cuLaunchKernel, cuFuncGetAttribute & co. are
 * the runtime's calls on that kernel.  A handle that is not a registered
 * kernel (a module's, which cannot exist here: driver_module.c) is
 * CUDA_ERROR_INVALID_HANDLE.  cuLaunchKernel takes the parameters as
 * CUDA does: kernelParams (a pointer per parameter) or `extra` (one buffer,
 * CU_LAUNCH_PARAM_BUFFER_POINTER and _SIZE, each parameter at the offset
 * cuFuncGetParamInfo gives), not both.
 */
#include <stdint.h>
#include <string.h>

#include "driver_int.h"

#define MAX_PARAMS CUDART_CU_MAX_PARAMS

static const void *stub(CUfunction f)
{
	return (const void *)f;
}

/* Is f one of the program's kernels? */
static bool is_kernel(CUfunction f)
{
	return f && cudart_kernel_of(stub(f));
}

#define KERNEL_OR_INVALID(f)                                 \
	do {                                                 \
		if (!is_kernel(f))                           \
			return CUDA_ERROR_INVALID_HANDLE;    \
	} while (0)

CUresult cuKernelGetFunction(CUfunction *pFunc, CUkernel kernel)
{
	if (!pFunc)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID((CUfunction)kernel);
	*pFunc = (CUfunction)kernel;
	return CUDA_SUCCESS;
}

CUresult cuFuncGetName(const char **name, CUfunction hfunc)
{
	if (!name)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(hfunc);
	return cudart_cu_result(cudaFuncGetName(name, stub(hfunc)));
}

CUresult cuKernelGetName(const char **name, CUkernel kernel)
{
	return cuFuncGetName(name, (CUfunction)kernel);
}

CUresult cuFuncGetParamInfo(CUfunction func, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
	unsigned int n;

	if (!paramOffset || !paramSize)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(func);
	if (cudart_param_count(stub(func), &n) || paramIndex >= n)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaFuncGetParamInfo(stub(func), paramIndex, paramOffset, paramSize));
}

CUresult cuKernelGetParamInfo(CUkernel kernel, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
	return cuFuncGetParamInfo((CUfunction)kernel, paramIndex, paramOffset, paramSize);
}

/* A module's kernel: its module; no module holds the program's own (CUDA's answer for those). */
CUresult cuFuncGetModule(CUmodule *hmod, CUfunction hfunc)
{
	CUmodule m;

	if (!hmod)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(hfunc);
	m = cudart_module_of(stub(hfunc));
	if (!m)
		return CUDA_ERROR_NOT_FOUND;
	*hmod = m;
	return CUDA_SUCCESS;
}

/* Compiled into the program: always loaded. */
CUresult cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function)
{
	if (!state)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(function);
	*state = CU_FUNCTION_LOADING_STATE_LOADED;
	return CUDA_SUCCESS;
}

CUresult cuFuncLoad(CUfunction function)
{
	KERNEL_OR_INVALID(function);
	return CUDA_SUCCESS;
}

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attr, CUfunction fn)
{
	struct cudaFuncAttributes a;
	CUresult r;

	if (!value || (unsigned int)attr >= CU_FUNC_ATTRIBUTE_MAX)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(fn);
	r = cudart_cu_result(cudaFuncGetAttributes(&a, stub(fn)));
	if (r)
		return r;
	switch (attr) {
	case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = a.maxThreadsPerBlock; break;
	case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = (int)a.sharedSizeBytes; break;
	case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = (int)a.constSizeBytes; break;
	case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = (int)a.localSizeBytes; break;
	case CU_FUNC_ATTRIBUTE_NUM_REGS: *value = a.numRegs; break;
	case CU_FUNC_ATTRIBUTE_PTX_VERSION: *value = a.ptxVersion; break;
	case CU_FUNC_ATTRIBUTE_BINARY_VERSION: *value = a.binaryVersion; break;
	case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA: *value = a.cacheModeCA; break;
	case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = a.maxDynamicSharedSizeBytes; break;
	case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT: *value = a.preferredShmemCarveout; break;
	case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET: *value = a.clusterDimMustBeSet; break;
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH: *value = a.requiredClusterWidth; break;
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT: *value = a.requiredClusterHeight; break;
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH: *value = a.requiredClusterDepth; break;
	case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED: *value = a.nonPortableClusterSizeAllowed; break;
	default: *value = a.clusterSchedulingPolicyPreference; break;
	}
	return CUDA_SUCCESS;
}

/* The settable attributes (8 on) have the runtime's cudaFuncAttribute numbers; 0-7 are read-only. */
CUresult cuFuncSetAttribute(CUfunction fn, CUfunction_attribute attr, int value)
{
	if ((unsigned int)attr >= CU_FUNC_ATTRIBUTE_MAX || attr < CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(fn);
	return cudart_cu_result(cudaFuncSetAttribute(stub(fn), (enum cudaFuncAttribute)attr, value));
}

CUresult cuFuncSetCacheConfig(CUfunction fn, CUfunc_cache config)
{
	if ((unsigned int)config > CU_FUNC_CACHE_PREFER_EQUAL)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(fn);
	return cudart_cu_result(cudaFuncSetCacheConfig(stub(fn), (enum cudaFuncCache)config));
}

/* CUDA 12 deprecated shared-memory bank configuration: accepted (one bank width here). */
CUresult cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config)
{
	if ((unsigned int)config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(hfunc);
	return CUDA_SUCCESS;
}

CUresult cuKernelGetAttribute(int *pi, CUfunction_attribute attrib, CUkernel kernel, CUdevice dev)
{
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return cuFuncGetAttribute(pi, attrib, (CUfunction)kernel);
}

CUresult cuKernelSetAttribute(CUfunction_attribute attrib, int val, CUkernel kernel, CUdevice dev)
{
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return cuFuncSetAttribute((CUfunction)kernel, attrib, val);
}

CUresult cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache config, CUdevice dev)
{
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	return cuFuncSetCacheConfig((CUfunction)kernel, config);
}

/* `extra`: CU_LAUNCH_PARAM_BUFFER_POINTER, p, CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END. */
static CUresult params_of_extra(CUfunction f, void **extra, void **args, unsigned int *n)
{
	char *buf = NULL;
	size_t *size = NULL, off, len;

	for (unsigned int i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
		if (i > 8)
			return CUDA_ERROR_INVALID_VALUE;
		if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
			buf = extra[i + 1];
		else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
			size = extra[i + 1];
		else
			return CUDA_ERROR_INVALID_VALUE;
	}
	if (cudart_param_count(stub(f), n) || *n > MAX_PARAMS || (*n && (!buf || !size)))
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < *n; i++) {
		if (cudaFuncGetParamInfo(stub(f), i, &off, &len) || off + len > *size)
			return CUDA_ERROR_INVALID_VALUE;
		args[i] = buf + off;
	}
	return CUDA_SUCCESS;
}

/*
 * The parameters of a launch of f as the runtime takes them (*out): params
 * as given, or pointers into the `extra` buffer (args: room for MAX_PARAMS),
 * NULL for a kernel without parameters; both, or neither for a kernel with
 * parameters, CUDA_ERROR_INVALID_VALUE.
 */
CUresult cudart_cu_kernel_args(CUfunction f, void **params, void **extra, void **args, void ***out)
{
	unsigned int n = 0;
	CUresult r;

	KERNEL_OR_INVALID(f);
	if (params && extra)
		return CUDA_ERROR_INVALID_VALUE;
	if (extra) {
		r = params_of_extra(f, extra, args, &n);
		if (r)
			return r;
		params = n ? args : NULL;
	} else if (!params && (cudart_param_count(stub(f), &n) || n)) {
		return CUDA_ERROR_INVALID_VALUE;	/* parameters and none given */
	}
	*out = params;
	return CUDA_SUCCESS;
}

static CUresult launch(CUfunction f, dim3 grid, dim3 block, unsigned int shmem, CUstream stream,
		       void **params, void **extra, bool coop)
{
	void *args[CUDART_CU_MAX_PARAMS];
	CUresult r = cudart_cu_kernel_args(f, params, extra, args, &params);

	if (r)
		return r;
	if (coop)
		return cudart_cu_result(cudaLaunchCooperativeKernel(stub(f), grid, block, params, shmem, stream));
	return cudart_cu_result(cudaLaunchKernel(stub(f), grid, block, params, shmem, stream));
}

CUresult cuLaunchKernel(CUfunction fn, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx,
			unsigned int by, unsigned int bz, unsigned int shmem, CUstream stream, void **params,
			void **extra)
{
	dim3 grid = { gx, gy, gz }, block = { bx, by, bz };

	return launch(fn, grid, block, shmem, stream, params, extra, false);
}

CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
				   unsigned int bx, unsigned int by, unsigned int bz, unsigned int shmem,
				   CUstream stream, void **params)
{
	dim3 grid = { gx, gy, gz }, block = { bx, by, bz };

	return launch(f, grid, block, shmem, stream, params, NULL, true);
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, CUfunction fn, int block_size,
							      size_t shmem, unsigned int flags)
{
	if (!blocks || (flags & ~(unsigned int)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(fn);
	return cudart_cu_result(
		cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, stub(fn), block_size, shmem, flags));
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, CUfunction fn, int block_size, size_t shmem)
{
	return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, fn, block_size, shmem, 0);
}

/*
 * The largest block (a multiple of 32, at most the limit and the kernel's
 * maximum) with the most resident threads, its shared memory from the
 * callback where there is one, and the grid that fills the device with it.
 */
CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *grid, int *block, CUfunction fn,
						   CUoccupancyB2DSize shmem_of_block, size_t shmem, int limit,
						   unsigned int flags)
{
	struct cudaFuncAttributes a;
	int sms = 0, best = 0, best_threads = -1;
	CUresult r;

	if (!grid || !block || (flags & ~(unsigned int)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(fn);
	r = cudart_cu_result(cudaFuncGetAttributes(&a, stub(fn)));
	if (!r)
		r = cudart_cu_result(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	if (r)
		return r;
	if (limit <= 0 || limit > a.maxThreadsPerBlock)
		limit = a.maxThreadsPerBlock;
	for (int b = limit / 32 * 32; b >= 32; b -= 32) {
		int n = 0;

		r = cudart_cu_result(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
			&n, stub(fn), b, shmem_of_block ? shmem_of_block(b) : shmem, flags));
		if (r)
			return r;
		if (n * b > best_threads) {
			best_threads = n * b;
			best = b;
		}
	}
	if (!best)
		return CUDA_ERROR_INVALID_VALUE;
	*block = best;
	*grid = best_threads / best * sms;
	return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxPotentialBlockSize(int *grid, int *block, CUfunction fn, CUoccupancyB2DSize shmem_of_block,
					  size_t shmem, int limit)
{
	return cuOccupancyMaxPotentialBlockSizeWithFlags(grid, block, fn, shmem_of_block, shmem, limit, 0);
}

CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, CUfunction func, int blocks, int block_size)
{
	if (!bytes)
		return CUDA_ERROR_INVALID_VALUE;
	KERNEL_OR_INVALID(func);
	return cudart_cu_result(cudaOccupancyAvailableDynamicSMemPerBlock(bytes, stub(func), blocks, block_size));
}
