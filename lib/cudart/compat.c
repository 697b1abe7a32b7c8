// SPDX-License-Identifier: MIT
/*
 * Calls that CUDA removed (CUDA 12 dropped the cudaThread* names that the
 * classic suites still call) or that have a single answer on one CPU
 * device: each does what CUDA documents, in terms of the calls that do the
 * work (README.md, "Compatibility calls").
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cudart.h"

cudaError_t cudaThreadExit(void)
{
	return cudaDeviceReset();
}

cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value)
{
	return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit)
{
	return cudaDeviceGetLimit(value, limit);
}

cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config)
{
	return cudaDeviceSetCacheConfig(config);
}

cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config)
{
	return cudaDeviceGetCacheConfig(config);
}

/* The CPU has no shared-memory banks to configure: four-byte, as CUDA's default. */
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config)
{
	if (!config)
		return cudart_set_error(cudaErrorInvalidValue);
	*config = cudaSharedMemBankSizeFourByte;
	return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *func, enum cudaSharedMemConfig config)
{
	struct cudaFuncAttributes a;
	cudaError_t err = cudaFuncGetAttributes(&a, func);

	if (err)
		return err;
	if ((unsigned int)config > cudaSharedMemBankSizeEightByte)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudaSuccess;
}

static cudaError_t one_device(int device)
{
	int n = 0;
	cudaError_t err = cudaGetDeviceCount(&n);

	if (err)
		return err;
	return device < 0 || device >= n ? cudart_set_error(cudaErrorInvalidDevice) : cudaSuccess;
}

cudaError_t cudaInitDevice(int device, unsigned int device_flags, unsigned int flags)
{
	cudaError_t err = one_device(device);

	if (err)
		return err;
	if (flags)
		return cudart_set_error(cudaErrorInvalidValue);
	return device_flags ? cudaSetDeviceFlags(device_flags) : cudaSuccess;
}

/* A list that names no device we have is refused; ours is the one to use. */
cudaError_t cudaSetValidDevices(int *devices, int len)
{
	int i;

	if (len < 0 || (len > 0 && !devices))
		return cudart_set_error(cudaErrorInvalidValue);
	for (i = 0; i < len; i++)
		if (one_device(devices[i]))
			return cudart_set_error(cudaErrorInvalidDevice);
	return cudaSuccess;
}

/* "domain:bus:device.0" in hex, as CUDA writes it (13 characters). */
cudaError_t cudaDeviceGetPCIBusId(char *bus_id, int len, int device)
{
	struct cudaDeviceProp p;
	cudaError_t err = one_device(device);

	if (err)
		return err;
	if (!bus_id || len <= 0)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaGetDeviceProperties(&p, device);
	if (err)
		return err;
	snprintf(bus_id, (size_t)len, "%04x:%02x:%02x.0", (unsigned int)p.pciDomainID & 0xffffu,
		 (unsigned int)p.pciBusID & 0xffu, (unsigned int)p.pciDeviceID & 0xffu);
	return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *bus_id)
{
	char ours[32];
	cudaError_t err;

	if (!device || !bus_id)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaDeviceGetPCIBusId(ours, (int)sizeof(ours), 0);
	if (err)
		return err;
	/* the function number may be left out ("0000:01:00") */
	if (strcasecmp(bus_id, ours) && !(strlen(bus_id) == 10 && !strncasecmp(bus_id, ours, 10)))
		return cudart_set_error(cudaErrorInvalidDevice);
	*device = 0;
	return cudaSuccess;
}

/*
 * The dynamic shared memory each of `blocks` blocks of `block_size` threads
 * may ask for and still be resident on one multiprocessor together: the
 * multiprocessor's shared memory split between them, less the kernel's
 * static share; 0 bytes for a count beyond a multiprocessor's limit
 * (maxBlocksPerMultiProcessor, maxThreadsPerMultiProcessor), as CUDA answers.
 */
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, const void *func, int blocks, int block_size)
{
	struct cudaFuncAttributes a;
	struct cudaDeviceProp p;
	cudaError_t err;
	size_t share;

	if (!bytes || blocks <= 0 || block_size <= 0)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaFuncGetAttributes(&a, func);
	if (!err)
		err = cudaGetDeviceProperties(&p, 0);
	if (err)
		return err;
	if (blocks > p.maxBlocksPerMultiProcessor || block_size > a.maxThreadsPerBlock ||
	    (long long)blocks * block_size > p.maxThreadsPerMultiProcessor) {
		*bytes = 0;
		return cudaSuccess;
	}
	share = p.sharedMemPerMultiprocessor / (size_t)blocks;
	if (share > p.sharedMemPerBlockOptin)
		share = p.sharedMemPerBlockOptin;
	*bytes = share > a.sharedSizeBytes ? share - a.sharedSizeBytes : 0;
	return cudaSuccess;
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags)
{
	if (flags & ~(unsigned int)cudaEventRecordExternal)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudaEventRecord(event, stream);
}

/* One device: a peer copy is a copy, in stream order. */
cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src, int src_device, size_t count,
				cudaStream_t stream)
{
	if (one_device(dst_device) || one_device(src_device))
		return cudart_set_error(cudaErrorInvalidDevice);
	return cudaMemcpyAsync(dst, src, count, cudaMemcpyDefault, stream);
}

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)
{
	struct cudaChannelFormatDesc d;

	d.x = x, d.y = y, d.z = z, d.w = w, d.f = f;
	return d;
}

/* A device with doubles converts nothing (CUDA 12 removed both calls). */
cudaError_t cudaSetDoubleForDevice(double *d)
{
	CUDART_STICKY_RETURN();
	return cudart_set_error(d ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaSetDoubleForHost(double *d)
{
	CUDART_STICKY_RETURN();
	return cudart_set_error(d ? cudaSuccess : cudaErrorInvalidValue);
}

/*
 * One device: the list has one entry, a cooperative launch on its stream.
 * The pre- and post-launch synchronisations CUDA does across the devices'
 * streams by default are the one stream's own order here, so the flags
 * only need to be CUDA's.
 */
cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList, unsigned int numDevices,
						   unsigned int flags)
{
	const struct cudaLaunchParams *p = launchParamsList;

	CUDART_STICKY_RETURN();
	if (!p || !numDevices ||
	    (flags & ~(unsigned int)(cudaCooperativeLaunchMultiDeviceNoPreSync |
				     cudaCooperativeLaunchMultiDeviceNoPostSync)))
		return cudart_set_error(cudaErrorInvalidValue);
	if (numDevices > 1)
		return cudart_set_error(cudaErrorInvalidDevice);	/* more devices than there are */
	return cudaLaunchCooperativeKernel(p->func, p->gridDim, p->blockDim, p->args, p->sharedMem, p->stream);
}
