// SPDX-License-Identifier: MIT
/*
 * errors.c - CUDA error codes: names, descriptions (our words), the
 * per-thread last error.
 */
#include <stddef.h>

#include "cudart.h"

struct err_desc {
	cudaError_t code;
	const char *name;
	const char *text;
};

#define E(code, text) { code, #code, text }
static const struct err_desc errs[] = {
	E(cudaSuccess, "no error"),
	E(cudaErrorInvalidValue, "invalid argument"),
	E(cudaErrorMemoryAllocation, "out of memory"),
	E(cudaErrorInitializationError, "initialization error"),
	E(cudaErrorCudartUnloading, "the runtime is being unloaded"),
	E(cudaErrorInvalidConfiguration, "invalid configuration argument (grid or block shape)"),
	E(cudaErrorInvalidPitchValue, "invalid pitch argument"),
	E(cudaErrorInvalidSymbol, "invalid device symbol (not a registered variable)"),
	E(cudaErrorInvalidHostPointer, "invalid host pointer"),
	E(cudaErrorInvalidDevicePointer, "invalid device pointer"),
	E(cudaErrorInvalidMemcpyDirection, "invalid copy direction"),
	E(cudaErrorInsufficientDriver, "driver version is insufficient"),
	E(cudaErrorMissingConfiguration, "kernel stub called without a launch configuration"),
	E(cudaErrorInvalidDeviceFunction, "invalid device function (not a registered kernel)"),
	E(cudaErrorNoDevice, "no idxgen device or emulation available"),
	E(cudaErrorInvalidDevice, "invalid device ordinal"),
	E(cudaErrorStartupFailure, "startup failure"),
	E(cudaErrorInvalidKernelImage, "invalid kernel image"),
	E(cudaErrorInvalidResourceHandle, "invalid resource handle (stream or event)"),
	E(cudaErrorIllegalState, "operation not allowed in this state"),
	E(cudaErrorSymbolNotFound, "named symbol not found"),
	E(cudaErrorNotReady, "device not ready"),
	E(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
	E(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
	E(cudaErrorLaunchTimeout, "the launch timed out"),
	E(cudaErrorAssert, "device-side assert triggered"),
	E(cudaErrorHostMemoryAlreadyRegistered, "host memory already registered"),
	E(cudaErrorHostMemoryNotRegistered, "host memory not registered"),
	E(cudaErrorLaunchFailure, "unspecified launch failure (the kernel trapped)"),
	E(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch (more than can be resident at once)"),
	E(cudaErrorNotPermitted, "operation not permitted"),
	E(cudaErrorNotSupported, "operation not supported"),
	E(cudaErrorUnknown, "unknown error"),
};
#undef E

static const struct err_desc *find(cudaError_t err)
{
	for (size_t i = 0; i < sizeof(errs) / sizeof(errs[0]); i++)
		if (errs[i].code == err)
			return &errs[i];
	return NULL;
}

const char *cudaGetErrorName(cudaError_t err)
{
	const struct err_desc *d = find(err);

	return d ? d->name : "cudaErrorUnknown";
}

const char *cudaGetErrorString(cudaError_t err)
{
	const struct err_desc *d = find(err);

	return d ? d->text : "unrecognized error code";
}

cudaError_t cudaGetLastError(void)
{
	return cudart_last_error(true);
}

cudaError_t cudaPeekAtLastError(void)
{
	return cudart_last_error(false);
}
