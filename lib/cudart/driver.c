// SPDX-License-Identifier: MIT
/*
 * driver.c - the driver API's version and devices (result codes: driver_errors.c), on the
 * runtime API's single device (contexts: driver_ctx.c, memory:
 * driver_mem.c, virtual memory management: driver_vmm.c).
 */
#include <stdio.h>
#include <string.h>

#include "driver_int.h"

CUresult cuInit(unsigned int flags)
{
	int n;

	if (flags)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_cu_result(cudaGetDeviceCount(&n));
}

CUresult cuDriverGetVersion(int *version)
{
	return cudart_cu_result(cudaDriverGetVersion(version));
}

CUresult cuDeviceGetCount(int *count)
{
	return cudart_cu_result(cudaGetDeviceCount(count));
}

CUresult cuDeviceGet(CUdevice *dev, int ordinal)
{
	if (!dev)
		return CUDA_ERROR_INVALID_VALUE;
	if (ordinal != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*dev = 0;
	return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice dev)
{
	struct cudaDeviceProp p;
	CUresult r;

	if (!name || len <= 0)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaGetDeviceProperties(&p, dev));
	if (!r)
		snprintf(name, (size_t)len, "%s", p.name);
	return r;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev)
{
	struct cudaDeviceProp p;
	CUresult r;

	if (!bytes)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_cu_result(cudaGetDeviceProperties(&p, dev));
	if (!r)
		*bytes = p.totalGlobalMem;
	return r;
}

/*
 * A driver attribute has the number of the runtime attribute of the same
 * meaning (cudaDevAttr*), so the runtime answers; the few the runtime has
 * no name for are the driver's own: virtual memory management and its POSIX
 * file-descriptor handles are served (driver_vmm.c), 64-bit stream memory
 * operations and NOR waits too (driver_memop.c); texture gather and
 * compression are not.
 */
CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attrib, CUdevice dev)
{
	if (!value)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	switch (attrib) {
	case CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED:
	case CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED:	/* memfds, driver_vmm.c */
	case CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS:		/* driver_memop.c */
	case CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR:
		*value = 1;
		return CUDA_SUCCESS;
	default:
		break;
	}
	return cudart_cu_result(cudaDeviceGetAttribute(value, (enum cudaDeviceAttr)attrib, dev));
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev)
{
	CUresult r;

	if (!major || !minor)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuDeviceGetAttribute(major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
	if (!r)
		r = cuDeviceGetAttribute(minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
	return r;
}

/* No profiler is ever attached: accepted, nothing recorded. */
CUresult cuProfilerInitialize(const char *config, const char *output, CUoutput_mode mode)
{
	(void)config;
	(void)output;
	return mode == CU_OUT_KEY_VALUE_PAIR || mode == CU_OUT_CSV ? CUDA_SUCCESS
								    : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuProfilerStart(void)
{
	return CUDA_SUCCESS;
}

CUresult cuProfilerStop(void)
{
	return CUDA_SUCCESS;
}

/* One device: no peer (as cudaDeviceCanAccessPeer). */
CUresult cuDeviceCanAccessPeer(int *can, CUdevice dev, CUdevice peer)
{
	if (!can)
		return CUDA_ERROR_INVALID_VALUE;
	if (dev != 0 || peer != 0)
		return CUDA_ERROR_INVALID_DEVICE;
	*can = 0;
	return CUDA_SUCCESS;
}

/*
 * cudaGetDriverEntryPoint: the driver functions by name (programs fetch
 * driver calls the runtime API lacks this way; every function of cuda.h:
 * driver_proc.c).  A name not there is CUDA's "symbol not found": the
 * pointer NULL and driverStatus says so; without a driverStatus to say it,
 * the call fails with cudaErrorSymbolNotFound rather than hand back a NULL
 * a program would call.
 */
cudaError_t cudaGetDriverEntryPointByVersion(const char *symbol, void **funcPtr, unsigned int cudaVersion,
					     unsigned long long flags,
					     enum cudaDriverEntryPointQueryResult *driverStatus)
{
	if (!symbol || !funcPtr ||
	    (flags & ~(unsigned long long)(cudaEnableLegacyStream | cudaEnablePerThreadDefaultStream)))
		return cudart_set_error(cudaErrorInvalidValue);
	*funcPtr = NULL;
	if (cudaVersion > CUDART_VERSION) {
		if (driverStatus)
			*driverStatus = cudaDriverEntryPointVersionNotSufficent;
		return driverStatus ? cudaSuccess : cudart_set_error(cudaErrorSymbolNotFound);
	}
	*funcPtr = (void *)cudart_driver_entry(symbol, (int)cudaVersion);
	if (*funcPtr) {
		if (driverStatus)
			*driverStatus = cudaDriverEntryPointSuccess;
		return cudaSuccess;
	}
	if (driverStatus)
		*driverStatus = cudaDriverEntryPointSymbolNotFound;
	return driverStatus ? cudaSuccess : cudart_set_error(cudaErrorSymbolNotFound);
}

cudaError_t cudaGetDriverEntryPoint(const char *symbol, void **funcPtr, unsigned long long flags,
				    enum cudaDriverEntryPointQueryResult *driverStatus)
{
	return cudaGetDriverEntryPointByVersion(symbol, funcPtr, CUDART_VERSION, flags,
						driverStatus);
}
