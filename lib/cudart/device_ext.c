// SPDX-License-Identifier: MIT
/*
 * device_ext.c - the device's outer calls: error logs (cudaLogs*),
 * asynchronous notifications, atomic capabilities, GPUDirect RDMA flushes,
 * the 1-D linear texture width (README.md, "The API's outer parts").
 */
#include <stdio.h>
#include <stdlib.h>

#include "cudart.h"

/*
 * Error logs.  CUDA's driver keeps a log of the errors it explains in
 * words; this runtime explains its errors by their codes only, so the log
 * is empty: the iterator is 0, a dump writes nothing, and a registered
 * callback is kept (until unregistered) and never called.
 */
struct CUlogsCallbackEntry_st {
	struct CUlogsCallbackEntry_st *next;
	cudaLogsCallback_t fn;
	void *data;
};

cudaError_t cudaLogsCurrent(cudaLogIterator *iterator_out, unsigned int flags)
{
	if (!iterator_out || flags)
		return cudart_set_error(cudaErrorInvalidValue);
	*iterator_out = 0;
	return cudaSuccess;
}

cudaError_t cudaLogsDumpToFile(cudaLogIterator *iterator, const char *pathToFile, unsigned int flags)
{
	FILE *f;

	if (!pathToFile || flags)
		return cudart_set_error(cudaErrorInvalidValue);
	f = fopen(pathToFile, "w");
	if (!f || fclose(f))
		return cudart_set_error(cudaErrorInvalidValue);
	if (iterator)
		*iterator = 0;
	return cudaSuccess;
}

cudaError_t cudaLogsDumpToMemory(cudaLogIterator *iterator, char *buffer, size_t *size, unsigned int flags)
{
	if (!buffer || !size || !*size || flags)
		return cudart_set_error(cudaErrorInvalidValue);
	buffer[0] = '\0';
	*size = 0;
	if (iterator)
		*iterator = 0;
	return cudaSuccess;
}

cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t callbackFunc, void *userData,
				     cudaLogsCallbackHandle *callback_out)
{
	struct cudart_ctx *c = cudart_ctx();
	struct CUlogsCallbackEntry_st *e;

	if (!callbackFunc || !callback_out)
		return cudart_set_error(cudaErrorInvalidValue);
	e = malloc(sizeof(*e));
	if (!e)
		return cudart_set_error(cudaErrorMemoryAllocation);
	e->fn = callbackFunc, e->data = userData;
	pthread_mutex_lock(&c->lock);
	e->next = c->log_callbacks;
	c->log_callbacks = e;
	pthread_mutex_unlock(&c->lock);
	*callback_out = e;
	return cudaSuccess;
}

cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle callback)
{
	struct cudart_ctx *c = cudart_ctx();
	struct CUlogsCallbackEntry_st **p;
	bool found;

	if (!callback)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	for (p = &c->log_callbacks; *p && *p != callback; p = &(*p)->next)
		;
	found = *p != NULL;
	if (found)
		*p = callback->next;
	pthread_mutex_unlock(&c->lock);
	if (!found)	/* a handle we did not give (or gave back already) */
		return cudart_set_error(cudaErrorInvalidValue);
	free(callback);
	return cudaSuccess;
}

/*
 * Notifications of a device's memory budget (cudaAsyncNotificationTypeOverBudget):
 * the device's memory is the process's, with no budget of its own to exceed.
 */
cudaError_t cudaDeviceRegisterAsyncNotification(int device, cudaAsyncCallback callbackFunc, void *userData,
						cudaAsyncCallbackHandle_t *callback)
{
	(void)userData;
	CUDART_STICKY_RETURN();
	if (!callbackFunc || !callback)
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	return cudart_set_error(cudaErrorNotSupported);
}

cudaError_t cudaDeviceUnregisterAsyncNotification(int device, cudaAsyncCallbackHandle_t callback)
{
	CUDART_STICKY_RETURN();
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	return cudart_set_error(callback ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
}

/*
 * Atomics between the host and the device: both are the CPU, on the same
 * memory, so each operation is what device code's atomics do (the
 * atomic*() functions of idxgen_cuda_device.h): integer operations on
 * signed and unsigned 32- and 64-bit words (increment and decrement:
 * unsigned 32-bit, as atomicInc/atomicDec), floating-point add, min and max
 * on float and double; every one also as a reduction (result unused).
 */
static unsigned int host_caps(enum cudaAtomicOperation op)
{
	const unsigned int ints = cudaAtomicCapabilitySigned | cudaAtomicCapabilityUnsigned |
				  cudaAtomicCapabilityReduction | cudaAtomicCapabilityScalar32 |
				  cudaAtomicCapabilityScalar64;

	switch (op) {
	case cudaAtomicOperationIntegerIncrement:
	case cudaAtomicOperationIntegerDecrement:
		return cudaAtomicCapabilityUnsigned | cudaAtomicCapabilityReduction | cudaAtomicCapabilityScalar32;
	case cudaAtomicOperationFloatAdd:
	case cudaAtomicOperationFloatMin:
	case cudaAtomicOperationFloatMax:
		return cudaAtomicCapabilityReduction | cudaAtomicCapabilityScalar32 | cudaAtomicCapabilityScalar64;
	default:
		return ints;
	}
}

static bool ops_ok(const unsigned int *caps, const enum cudaAtomicOperation *ops, unsigned int count)
{
	if (!count || !caps || !ops)
		return false;
	for (unsigned int i = 0; i < count; i++)
		if ((unsigned int)ops[i] > cudaAtomicOperationFloatMax)
			return false;
	return true;
}

cudaError_t cudaDeviceGetHostAtomicCapabilities(unsigned int *capabilities, const enum cudaAtomicOperation *operations,
						unsigned int count, int device)
{
	CUDART_STICKY_RETURN();
	if (!ops_ok(capabilities, operations, count))
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	for (unsigned int i = 0; i < count; i++)
		capabilities[i] = host_caps(operations[i]);
	return cudaSuccess;
}

/* Between two devices: there is one, and CUDA answers a device with itself as no peer. */
cudaError_t cudaDeviceGetP2PAtomicCapabilities(unsigned int *capabilities, const enum cudaAtomicOperation *operations,
					       unsigned int count, int srcDevice, int dstDevice)
{
	(void)srcDevice, (void)dstDevice;
	CUDART_STICKY_RETURN();
	if (!ops_ok(capabilities, operations, count))
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorInvalidDevice);
}

/* No third-party device writes into this one's memory over PCIe: nothing to flush. */
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget target,
					       enum cudaFlushGPUDirectRDMAWritesScope scope)
{
	CUDART_STICKY_RETURN();
	if (target != cudaFlushGPUDirectRDMAWritesTargetCurrentDevice ||
	    (scope != cudaFlushGPUDirectRDMAWritesToOwner && scope != cudaFlushGPUDirectRDMAWritesToAllDevices))
		return cudart_set_error(cudaErrorInvalidValue);
	return cudaSuccess;
}

/* The widest 1-D texture over linear memory: the device's limit, in elements of any format. */
cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, const struct cudaChannelFormatDesc *fmtDesc,
						 int device)
{
	int v;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!maxWidthInElements || !fmtDesc || fmtDesc->x + fmtDesc->y + fmtDesc->z + fmtDesc->w <= 0)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaDeviceGetAttribute(&v, cudaDevAttrMaxTexture1DLinearWidth, device);
	if (!err)
		*maxWidthInElements = (size_t)v;
	return err;
}
