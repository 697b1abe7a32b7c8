// SPDX-License-Identifier: MIT
/*
 * driver.c - the few driver-API calls of cuda.h, on the runtime API's
 * single device.
 */
#include <stdio.h>
#include <string.h>

#include "cudart.h"
#pragma GCC visibility push(default)
#include "cuda.h"
#pragma GCC visibility pop

static CUresult from_rt(cudaError_t err)
{
	switch (err) {
	case cudaSuccess:
		return CUDA_SUCCESS;
	case cudaErrorInvalidValue:
		return CUDA_ERROR_INVALID_VALUE;
	case cudaErrorMemoryAllocation:
		return CUDA_ERROR_OUT_OF_MEMORY;
	case cudaErrorNoDevice:
		return CUDA_ERROR_NO_DEVICE;
	case cudaErrorInvalidDevice:
		return CUDA_ERROR_INVALID_DEVICE;
	default:
		return CUDA_ERROR_UNKNOWN;
	}
}

CUresult cuInit(unsigned int flags)
{
	int n;

	if (flags)
		return CUDA_ERROR_INVALID_VALUE;
	return from_rt(cudaGetDeviceCount(&n));
}

CUresult cuDriverGetVersion(int *version)
{
	return from_rt(cudaDriverGetVersion(version));
}

CUresult cuDeviceGetCount(int *count)
{
	return from_rt(cudaGetDeviceCount(count));
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
	r = from_rt(cudaGetDeviceProperties(&p, dev));
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
	r = from_rt(cudaGetDeviceProperties(&p, dev));
	if (!r)
		*bytes = p.totalGlobalMem;
	return r;
}

static const struct {
	CUresult code;
	const char *name, *text;
} cu_errs[] = {
	{ CUDA_SUCCESS, "CUDA_SUCCESS", "no error" },
	{ CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument" },
	{ CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory" },
	{ CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "not initialized" },
	{ CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no idxgen device or emulation available" },
	{ CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal" },
	{ CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported" },
	{ CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error" },
};

static int cu_find(CUresult err)
{
	for (int i = 0; i < (int)(sizeof(cu_errs) / sizeof(cu_errs[0])); i++)
		if (cu_errs[i].code == err)
			return i;
	return -1;
}

CUresult cuGetErrorName(CUresult err, const char **name)
{
	int i = cu_find(err);

	if (!name || i < 0)
		return CUDA_ERROR_INVALID_VALUE;
	*name = cu_errs[i].name;
	return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult err, const char **str)
{
	int i = cu_find(err);

	if (!str || i < 0)
		return CUDA_ERROR_INVALID_VALUE;
	*str = cu_errs[i].text;
	return CUDA_SUCCESS;
}

/*
 * cudaGetDriverEntryPoint: the driver functions above by name (programs
 * fetch driver calls the runtime API lacks this way, cuTensorMapEncodeTiled
 * in Hopper code).  A name not here is CUDA's "symbol not found": the
 * pointer NULL and driverStatus says so; without a driverStatus to say it,
 * the call fails with cudaErrorSymbolNotFound rather than hand back a NULL
 * a program would call.  The "_v2"-style versioned names are the same calls.
 */
static const struct {
	const char *name;
	void (*fn)(void);
} driver_entries[] = {
	{ "cuInit", (void (*)(void))cuInit },
	{ "cuDriverGetVersion", (void (*)(void))cuDriverGetVersion },
	{ "cuDeviceGetCount", (void (*)(void))cuDeviceGetCount },
	{ "cuDeviceGet", (void (*)(void))cuDeviceGet },
	{ "cuDeviceGetName", (void (*)(void))cuDeviceGetName },
	{ "cuDeviceTotalMem", (void (*)(void))cuDeviceTotalMem },
	{ "cuGetErrorName", (void (*)(void))cuGetErrorName },
	{ "cuGetErrorString", (void (*)(void))cuGetErrorString },
};

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
	for (size_t i = 0; i < sizeof(driver_entries) / sizeof(driver_entries[0]); i++)
		if (!strcmp(symbol, driver_entries[i].name)) {
			*funcPtr = (void *)driver_entries[i].fn;
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
