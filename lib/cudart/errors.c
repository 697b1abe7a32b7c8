// SPDX-License-Identifier: MIT
/*
 * errors.c - CUDA error codes: names, descriptions (our words), the
 * per-thread last error.  Every code of driver_types.h has its entry; a
 * code outside the enum is "unrecognized error code" for both calls, as
 * CUDA documents.
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
	E(cudaErrorProfilerDisabled, "profiler disabled (no profiler here)"),
	E(cudaErrorProfilerNotInitialized, "profiler not initialized"),
	E(cudaErrorProfilerAlreadyStarted, "profiler already started"),
	E(cudaErrorProfilerAlreadyStopped, "profiler already stopped"),
	E(cudaErrorInvalidConfiguration, "invalid configuration argument (grid or block shape)"),
	E(cudaErrorInvalidPitchValue, "invalid pitch argument"),
	E(cudaErrorInvalidSymbol, "invalid device symbol (not a registered variable)"),
	E(cudaErrorInvalidHostPointer, "invalid host pointer"),
	E(cudaErrorInvalidDevicePointer, "invalid device pointer"),
	E(cudaErrorInvalidTexture, "invalid texture"),
	E(cudaErrorInvalidTextureBinding, "invalid texture binding"),
	E(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor"),
	E(cudaErrorInvalidMemcpyDirection, "invalid copy direction"),
	E(cudaErrorAddressOfConstant, "the address of a constant variable was taken"),
	E(cudaErrorTextureFetchFailed, "texture fetch failed"),
	E(cudaErrorTextureNotBound, "texture not bound"),
	E(cudaErrorSynchronizationError, "synchronization error"),
	E(cudaErrorInvalidFilterSetting, "invalid filter mode for this texture"),
	E(cudaErrorInvalidNormSetting, "invalid read mode for this texture"),
	E(cudaErrorMixedDeviceExecution, "device and host execution mixed"),
	E(cudaErrorNotYetImplemented, "feature not yet implemented"),
	E(cudaErrorMemoryValueTooLarge, "memory value too large"),
	E(cudaErrorStubLibrary, "a stub library was loaded instead of the real one"),
	E(cudaErrorInsufficientDriver, "driver version is insufficient"),
	E(cudaErrorCallRequiresNewerDriver, "the call needs a newer driver"),
	E(cudaErrorInvalidSurface, "invalid surface"),
	E(cudaErrorDuplicateVariableName, "two device variables share a name"),
	E(cudaErrorDuplicateTextureName, "two textures share a name"),
	E(cudaErrorDuplicateSurfaceName, "two surfaces share a name"),
	E(cudaErrorDevicesUnavailable, "every device is busy or unavailable"),
	E(cudaErrorIncompatibleDriverContext, "the current context does not fit this runtime"),
	E(cudaErrorMissingConfiguration, "kernel stub called without a launch configuration"),
	E(cudaErrorPriorLaunchFailure, "an earlier launch failed"),
	E(cudaErrorLaunchMaxDepthExceeded, "device-side launches nested too deep"),
	E(cudaErrorLaunchFileScopedTex, "file-scoped texture used in a device-side launch"),
	E(cudaErrorLaunchFileScopedSurf, "file-scoped surface used in a device-side launch"),
	E(cudaErrorSyncDepthExceeded, "device-side synchronization nested too deep"),
	E(cudaErrorLaunchPendingCountExceeded, "too many pending device-side launches"),
	E(cudaErrorInvalidDeviceFunction, "invalid device function (not a registered kernel)"),
	E(cudaErrorNoDevice, "no idxgen device or emulation available"),
	E(cudaErrorInvalidDevice, "invalid device ordinal"),
	E(cudaErrorDeviceNotLicensed, "device not licensed"),
	E(cudaErrorSoftwareValidityNotEstablished, "software validity not established"),
	E(cudaErrorStartupFailure, "startup failure"),
	E(cudaErrorInvalidKernelImage, "invalid kernel image"),
	E(cudaErrorDeviceUninitialized, "device context not initialized"),
	E(cudaErrorMapBufferObjectFailed, "mapping a buffer object failed"),
	E(cudaErrorUnmapBufferObjectFailed, "unmapping a buffer object failed"),
	E(cudaErrorArrayIsMapped, "array is mapped"),
	E(cudaErrorAlreadyMapped, "resource already mapped"),
	E(cudaErrorNoKernelImageForDevice, "no kernel image for this device"),
	E(cudaErrorAlreadyAcquired, "resource already acquired"),
	E(cudaErrorNotMapped, "resource not mapped"),
	E(cudaErrorNotMappedAsArray, "resource not mapped as an array"),
	E(cudaErrorNotMappedAsPointer, "resource not mapped as a pointer"),
	E(cudaErrorECCUncorrectable, "uncorrectable memory error"),
	E(cudaErrorUnsupportedLimit, "limit not supported by this device"),
	E(cudaErrorDeviceAlreadyInUse, "device already in use by another thread"),
	E(cudaErrorPeerAccessUnsupported, "peer access not supported between these devices"),
	E(cudaErrorInvalidPtx, "invalid PTX"),
	E(cudaErrorInvalidGraphicsContext, "invalid graphics context"),
	E(cudaErrorNvlinkUncorrectable, "uncorrectable NVLink error"),
	E(cudaErrorJitCompilerNotFound, "JIT compiler not found"),
	E(cudaErrorUnsupportedPtxVersion, "unsupported PTX version"),
	E(cudaErrorJitCompilationDisabled, "JIT compilation disabled"),
	E(cudaErrorUnsupportedExecAffinity, "execution affinity not supported"),
	E(cudaErrorUnsupportedDevSideSync, "device-side synchronization not supported"),
	E(cudaErrorContained, "an error was contained on the device"),
	E(cudaErrorInvalidSource, "invalid source"),
	E(cudaErrorFileNotFound, "file not found"),
	E(cudaErrorSharedObjectSymbolNotFound, "shared object symbol not found"),
	E(cudaErrorSharedObjectInitFailed, "shared object initialization failed"),
	E(cudaErrorOperatingSystem, "an operating system call failed"),
	E(cudaErrorInvalidResourceHandle, "invalid resource handle (stream, event, graph or pool)"),
	E(cudaErrorIllegalState, "operation not allowed in this state"),
	E(cudaErrorLossyQuery, "the query cannot be answered exactly"),
	E(cudaErrorSymbolNotFound, "named symbol not found"),
	E(cudaErrorNotReady, "device not ready"),
	E(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
	E(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
	E(cudaErrorLaunchTimeout, "the launch timed out"),
	E(cudaErrorLaunchIncompatibleTexturing, "launch uses incompatible texturing"),
	E(cudaErrorPeerAccessAlreadyEnabled, "peer access already enabled"),
	E(cudaErrorPeerAccessNotEnabled, "peer access not enabled"),
	E(cudaErrorSetOnActiveProcess, "cannot set this once the device is active"),
	E(cudaErrorContextIsDestroyed, "context is destroyed"),
	E(cudaErrorAssert, "device-side assert triggered"),
	E(cudaErrorTooManyPeers, "too many peers"),
	E(cudaErrorHostMemoryAlreadyRegistered, "host memory already registered"),
	E(cudaErrorHostMemoryNotRegistered, "host memory not registered"),
	E(cudaErrorHardwareStackError, "hardware stack error"),
	E(cudaErrorIllegalInstruction, "illegal instruction"),
	E(cudaErrorMisalignedAddress, "misaligned address"),
	E(cudaErrorInvalidAddressSpace, "operation on the wrong address space"),
	E(cudaErrorInvalidPc, "invalid program counter"),
	E(cudaErrorLaunchFailure, "unspecified launch failure (the kernel trapped)"),
	E(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch (more than can be resident at once)"),
	E(cudaErrorTensorMemoryLeak, "tensor memory not freed"),
	E(cudaErrorNotPermitted, "operation not permitted"),
	E(cudaErrorNotSupported, "operation not supported"),
	E(cudaErrorSystemNotReady, "system not ready"),
	E(cudaErrorSystemDriverMismatch, "driver and kernel module versions differ"),
	E(cudaErrorCompatNotSupportedOnDevice, "forward compatibility not supported on this device"),
	E(cudaErrorMpsConnectionFailed, "MPS connection failed"),
	E(cudaErrorMpsRpcFailure, "MPS remote call failed"),
	E(cudaErrorMpsServerNotReady, "MPS server not ready"),
	E(cudaErrorMpsMaxClientsReached, "MPS client limit reached"),
	E(cudaErrorMpsMaxConnectionsReached, "MPS connection limit reached"),
	E(cudaErrorMpsClientTerminated, "MPS client terminated"),
	E(cudaErrorCdpNotSupported, "dynamic parallelism not supported"),
	E(cudaErrorCdpVersionMismatch, "dynamic parallelism version mismatch"),
	E(cudaErrorStreamCaptureUnsupported, "operation not allowed while the stream is capturing"),
	E(cudaErrorStreamCaptureInvalidated, "the stream capture was invalidated by an earlier error"),
	E(cudaErrorStreamCaptureMerge, "the operation would merge two separate captures"),
	E(cudaErrorStreamCaptureUnmatched, "the capture was not begun in this stream"),
	E(cudaErrorStreamCaptureUnjoined, "the capture forked into a stream that was not joined back"),
	E(cudaErrorStreamCaptureIsolation, "the operation would cross the capture's boundary"),
	E(cudaErrorStreamCaptureImplicit, "implicit dependency on the legacy stream during capture"),
	E(cudaErrorCapturedEvent, "operation not allowed on an event recorded in a capture"),
	E(cudaErrorStreamCaptureWrongThread, "the capture was begun in another thread"),
	E(cudaErrorTimeout, "wait timed out"),
	E(cudaErrorGraphExecUpdateFailure, "the graph update was not performed"),
	E(cudaErrorExternalDevice, "an external device reported an error"),
	E(cudaErrorInvalidClusterSize, "invalid cluster size"),
	E(cudaErrorFunctionNotLoaded, "function not loaded"),
	E(cudaErrorInvalidResourceType, "invalid resource type"),
	E(cudaErrorInvalidResourceConfiguration, "invalid resource configuration"),
	E(cudaErrorUnknown, "unknown error"),
	E(cudaErrorApiFailureBase, "base of unhandled driver errors (deprecated, never returned)"),
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

	return d ? d->name : "unrecognized error code";
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
