// SPDX-License-Identifier: MIT
/*
 * device.c - the one device: count, selection, properties and attributes,
 * synchronisation, reset, versions, memory information.
 *
 * The "device" is the SPMD runtime on this machine: the CPU runs the
 * blocks (one worker thread per online CPU), the idxgen accelerator (or
 * its emulation) generates the thread indices.  The properties say so
 * honestly: multiprocessors = workers, one resident block per worker,
 * memory and caches of the CPU (sysconf, sysfs, /proc/cpuinfo), the clock
 * rate of the counter clock64() reads (idxgen_rt_clock_khz),
 * warp size and block limits of the idxgen device (idxgen_get_info),
 * integrated and unified (one address space).  lib/cudart/README.md lists
 * every field.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cudart.h"
#include "cuda_profiler_api.h"

/* The feature level our headers follow (programs compare major/minor). */
#define CUDART_CC_MAJOR 9
#define CUDART_CC_MINOR 0
#define CUDART_MAX_SHARED (1u << 20)

/* The value of "key<spaces/tabs>: value" in /proc/cpuinfo, or "". */
static void cpuinfo(const char *key, char *out, size_t n)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	size_t kl = strlen(key);

	out[0] = 0;
	while (f && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (strncmp(line, key, kl) || !colon ||
		    strspn(line + kl, " \t") != (size_t)(colon - line) - kl)
			continue;
		colon += 1 + strspn(colon + 1, " \t");
		colon[strcspn(colon, "\n")] = 0;
		snprintf(out, n, "%s", colon);
		break;
	}
	if (f)
		fclose(f);
}

static long read_long(const char *path)
{
	FILE *f = fopen(path, "r");
	long v = -1;

	if (f) {
		if (fscanf(f, "%ld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

/* Bytes of the level-2 cache: glibc's answer, else sysfs's. */
static int l2_bytes(void)
{
	long v = sysconf(_SC_LEVEL2_CACHE_SIZE);
	char path[96];

	if (v > 0)
		return (int)v;
	for (int i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
		if (read_long(path) == 2) {
			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
			v = read_long(path);	/* "1024K": the number, in KiB */
			return v > 0 ? (int)(v * 1024) : 0;
		}
	}
	return 0;
}

static size_t phys_bytes(int name)
{
	long pages = sysconf(name), psz = sysconf(_SC_PAGESIZE);

	return pages > 0 && psz > 0 ? (size_t)pages * (size_t)psz : 0;
}

/* The runtime (created if needed), its device information and workers. */
static cudaError_t device_info(struct idxgen_info *info, unsigned int *workers)
{
	struct cudart_ctx *c = cudart_ctx();
	struct idxgen_rt *rt;
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_get_rt(&rt);
	if (!err) {
		*info = c->info;
		*workers = idxgen_rt_num_threads(rt);
	}
	pthread_mutex_unlock(&c->lock);
	return err;
}

cudaError_t cudaGetDeviceCount(int *count)
{
	struct idxgen_info info;
	unsigned int workers;
	cudaError_t err;

	if (!count)
		return cudart_set_error(cudaErrorInvalidValue);
	err = device_info(&info, &workers);
	*count = err ? 0 : 1;
	return cudart_set_error(err);
}

cudaError_t cudaGetDevice(int *device)
{
	if (!device)
		return cudart_set_error(cudaErrorInvalidValue);
	*device = 0;
	return cudaSuccess;
}

cudaError_t cudaSetDevice(int device)
{
	return device == 0 ? cudaSuccess : cudart_set_error(cudaErrorInvalidDevice);
}

cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
	if (!device || !prop)
		return cudart_set_error(cudaErrorInvalidValue);
	*device = 0;
	return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned int flags)
{
	if (flags & ~(0x1fu | cudaDeviceSyncMemops))
		return cudart_set_error(cudaErrorInvalidValue);
	cudart_ctx()->device_flags = flags;
	return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int *flags)
{
	if (!flags)
		return cudart_set_error(cudaErrorInvalidValue);
	*flags = cudart_ctx()->device_flags;
	return cudaSuccess;
}

/*
 * The texture and surface sizes: textures here take any size memory holds
 * (lib/cudart/README.md), so these are the limits CUDA's compute
 * capability 9.0 reports, which programs size themselves by.  One table
 * answers both cudaDeviceGetAttribute and the cudaDeviceProp field.
 */
#define LIMIT(attr, field, value) { attr, offsetof(struct cudaDeviceProp, field), value }
static const struct {
	enum cudaDeviceAttr attr;
	size_t field;		/* offset of its int in cudaDeviceProp */
	int value;
} texture_limits[] = {
	LIMIT(cudaDevAttrMaxTexture1DWidth, maxTexture1D, 131072),
	LIMIT(cudaDevAttrMaxTexture2DWidth, maxTexture2D[0], 131072),
	LIMIT(cudaDevAttrMaxTexture2DHeight, maxTexture2D[1], 65536),
	LIMIT(cudaDevAttrMaxTexture3DWidth, maxTexture3D[0], 16384),
	LIMIT(cudaDevAttrMaxTexture3DHeight, maxTexture3D[1], 16384),
	LIMIT(cudaDevAttrMaxTexture3DDepth, maxTexture3D[2], 16384),
	LIMIT(cudaDevAttrMaxTexture2DLayeredWidth, maxTexture2DLayered[0], 32768),
	LIMIT(cudaDevAttrMaxTexture2DLayeredHeight, maxTexture2DLayered[1], 32768),
	LIMIT(cudaDevAttrMaxTexture2DLayeredLayers, maxTexture2DLayered[2], 2048),
	LIMIT(cudaDevAttrMaxTexture1DLayeredWidth, maxTexture1DLayered[0], 32768),
	LIMIT(cudaDevAttrMaxTexture1DLayeredLayers, maxTexture1DLayered[1], 2048),
	LIMIT(cudaDevAttrMaxTexture2DGatherWidth, maxTexture2DGather[0], 32768),
	LIMIT(cudaDevAttrMaxTexture2DGatherHeight, maxTexture2DGather[1], 32768),
	LIMIT(cudaDevAttrMaxTexture3DWidthAlt, maxTexture3DAlt[0], 8192),
	LIMIT(cudaDevAttrMaxTexture3DHeightAlt, maxTexture3DAlt[1], 8192),
	LIMIT(cudaDevAttrMaxTexture3DDepthAlt, maxTexture3DAlt[2], 32768),
	LIMIT(cudaDevAttrMaxTextureCubemapWidth, maxTextureCubemap, 32768),
	LIMIT(cudaDevAttrMaxTextureCubemapLayeredWidth, maxTextureCubemapLayered[0], 32768),
	LIMIT(cudaDevAttrMaxTextureCubemapLayeredLayers, maxTextureCubemapLayered[1], 2046),
	LIMIT(cudaDevAttrMaxSurface1DWidth, maxSurface1D, 32768),
	LIMIT(cudaDevAttrMaxSurface2DWidth, maxSurface2D[0], 131072),
	LIMIT(cudaDevAttrMaxSurface2DHeight, maxSurface2D[1], 65536),
	LIMIT(cudaDevAttrMaxSurface3DWidth, maxSurface3D[0], 16384),
	LIMIT(cudaDevAttrMaxSurface3DHeight, maxSurface3D[1], 16384),
	LIMIT(cudaDevAttrMaxSurface3DDepth, maxSurface3D[2], 16384),
	LIMIT(cudaDevAttrMaxSurface1DLayeredWidth, maxSurface1DLayered[0], 32768),
	LIMIT(cudaDevAttrMaxSurface1DLayeredLayers, maxSurface1DLayered[1], 2048),
	LIMIT(cudaDevAttrMaxSurface2DLayeredWidth, maxSurface2DLayered[0], 32768),
	LIMIT(cudaDevAttrMaxSurface2DLayeredHeight, maxSurface2DLayered[1], 32768),
	LIMIT(cudaDevAttrMaxSurface2DLayeredLayers, maxSurface2DLayered[2], 2048),
	LIMIT(cudaDevAttrMaxSurfaceCubemapWidth, maxSurfaceCubemap, 32768),
	LIMIT(cudaDevAttrMaxSurfaceCubemapLayeredWidth, maxSurfaceCubemapLayered[0], 32768),
	LIMIT(cudaDevAttrMaxSurfaceCubemapLayeredLayers, maxSurfaceCubemapLayered[1], 2046),
	LIMIT(cudaDevAttrMaxTexture1DLinearWidth, maxTexture1DLinear, 268435456),
	LIMIT(cudaDevAttrMaxTexture2DLinearWidth, maxTexture2DLinear[0], 131072),
	LIMIT(cudaDevAttrMaxTexture2DLinearHeight, maxTexture2DLinear[1], 65000),
	LIMIT(cudaDevAttrMaxTexture2DLinearPitch, maxTexture2DLinear[2], 2097120),
	LIMIT(cudaDevAttrMaxTexture2DMipmappedWidth, maxTexture2DMipmap[0], 32768),
	LIMIT(cudaDevAttrMaxTexture2DMipmappedHeight, maxTexture2DMipmap[1], 32768),
	LIMIT(cudaDevAttrMaxTexture1DMipmappedWidth, maxTexture1DMipmap, 32768),
};
#undef LIMIT

static void fill_texture_limits(struct cudaDeviceProp *p)
{
	for (size_t i = 0; i < sizeof(texture_limits) / sizeof(texture_limits[0]); i++)
		memcpy((char *)p + texture_limits[i].field, &texture_limits[i].value, sizeof(int));
}

static void fill_props(struct cudaDeviceProp *p, const struct idxgen_info *info,
		       unsigned int workers)
{
	char model[160];
	unsigned int dom = 0, bus = 0, dev = 0, fn = 0;

	memset(p, 0, sizeof(*p));
	cpuinfo("model name", model, sizeof(model));
	snprintf(p->name, sizeof(p->name), "idxgen SPMD: %s, indices from %s%s%s",
		 model[0] ? model : "CPU", info->driver, info->pci_addr[0] ? " " : "",
		 info->pci_addr);
	p->totalGlobalMem = phys_bytes(_SC_PHYS_PAGES);
	p->sharedMemPerBlock = CUDART_MAX_SHARED;
	p->sharedMemPerBlockOptin = CUDART_MAX_SHARED;
	p->sharedMemPerMultiprocessor = CUDART_MAX_SHARED;
	p->regsPerBlock = 65536;	/* no register file: a limit nothing reaches */
	p->regsPerMultiprocessor = 65536;
	p->warpSize = (int)info->lanes;
	p->memPitch = 0x7fffffff;
	p->maxThreadsPerBlock = (int)info->max_threads;
	for (int i = 0; i < 3; i++)
		p->maxThreadsDim[i] = (int)info->max_dim[i];
	p->maxGridSize[0] = 0x7fffffff;
	p->maxGridSize[1] = p->maxGridSize[2] = 65535;
	p->clockRate = idxgen_rt_clock_khz();	/* clock64()'s rate, not the CPU's speed */
	p->totalConstMem = 65536; /* not a limit here; CUDA's size, for sizes derived from it */
	p->major = CUDART_CC_MAJOR;
	p->minor = CUDART_CC_MINOR;
	p->textureAlignment = 256;
	p->texturePitchAlignment = 256;
	p->deviceOverlap = 1;
	p->multiProcessorCount = (int)workers;
	p->integrated = 1;
	p->canMapHostMemory = 1;
	p->concurrentKernels = 1;
	p->cooperativeLaunch = 1;	/* idxgen_rt_launch_coop: every block resident */
	if (sscanf(info->pci_addr, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) == 4) {
		p->pciDomainID = (int)dom;
		p->pciBusID = (int)bus;
		p->pciDeviceID = (int)dev;
	}
	p->asyncEngineCount = 1;
	p->unifiedAddressing = 1;
	p->l2CacheSize = l2_bytes();
	p->maxThreadsPerMultiProcessor = (int)info->max_threads;
	/* what a cooperative launch or a waiting kernel's launch keeps resident (idxgen_rt.h) */
	p->maxBlocksPerMultiProcessor = (int)IDXGEN_RT_MAX_RESIDENT_BLOCKS;
	p->globalL1CacheSupported = 1;
	p->localL1CacheSupported = 1;
	p->managedMemory = 1;
	p->pageableMemoryAccess = 1;
	p->pageableMemoryAccessUsesHostPageTables = 1;
	p->concurrentManagedAccess = 1;
	p->directManagedMemAccessFromHost = 1;
	p->canUseHostPointerForRegisteredMem = 1;
	p->hostRegisterSupported = 1;
	p->unifiedFunctionPointers = 1;
	p->hostNativeAtomicSupported = 1;	/* one memory, the CPU's atomics */
	p->memoryPoolsSupported = 1;	/* mempool.c */
	p->streamPrioritiesSupported = 1;	/* cudaStreamCreateWithPriority */
	p->surfaceAlignment = p->textureAlignment;
	fill_texture_limits(p);
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
	struct idxgen_info info;
	unsigned int workers;
	cudaError_t err;

	if (!prop)
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	err = device_info(&info, &workers);
	if (!err)
		fill_props(prop, &info, workers);
	return cudart_set_error(err);
}


/* The attributes cudaDeviceGetAttribute's switch leaves: limits above, flags of p, else 0. */
static int other_attribute(enum cudaDeviceAttr attr, const struct cudaDeviceProp *p)
{
	for (size_t i = 0; i < sizeof(texture_limits) / sizeof(texture_limits[0]); i++)
		if (texture_limits[i].attr == attr)
			return texture_limits[i].value;
	switch (attr) {
	case cudaDevAttrSurfaceAlignment: return (int)p->surfaceAlignment;
	case cudaDevAttrTexturePitchAlignment: return (int)p->texturePitchAlignment;
	case cudaDevAttrTccDriver: return p->tccDriver;
	case cudaDevAttrStreamPrioritiesSupported: return p->streamPrioritiesSupported;
	case cudaDevAttrGlobalL1CacheSupported: return p->globalL1CacheSupported;
	case cudaDevAttrLocalL1CacheSupported: return p->localL1CacheSupported;
	case cudaDevAttrHostNativeAtomicSupported: return p->hostNativeAtomicSupported;
	case cudaDevAttrSingleToDoublePrecisionPerfRatio: return 2;	/* SIMD lanes of a CPU */
	case cudaDevAttrPageableMemoryAccess: return p->pageableMemoryAccess;
	case cudaDevAttrCanUseHostPointerForRegisteredMem: return p->canUseHostPointerForRegisteredMem;
	case cudaDevAttrHostRegisterSupported: return p->hostRegisterSupported;
	case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
		return p->pageableMemoryAccessUsesHostPageTables;
	case cudaDevAttrDirectManagedMemAccessFromHost: return p->directManagedMemAccessFromHost;
	case cudaDevAttrMemoryPoolsSupported: return p->memoryPoolsSupported;
	default: return 0;	/* a feature this device has not (clusters, IPC, RDMA, ...) */
	}
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr, int device)
{
	struct cudaDeviceProp p;
	cudaError_t err;
	int v;

	if (!value)
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudaGetDeviceProperties(&p, device);
	if (err)
		return err;
	switch (attr) {
	case cudaDevAttrMaxThreadsPerBlock: v = p.maxThreadsPerBlock; break;
	case cudaDevAttrMaxBlockDimX: v = p.maxThreadsDim[0]; break;
	case cudaDevAttrMaxBlockDimY: v = p.maxThreadsDim[1]; break;
	case cudaDevAttrMaxBlockDimZ: v = p.maxThreadsDim[2]; break;
	case cudaDevAttrMaxGridDimX: v = p.maxGridSize[0]; break;
	case cudaDevAttrMaxGridDimY: v = p.maxGridSize[1]; break;
	case cudaDevAttrMaxGridDimZ: v = p.maxGridSize[2]; break;
	case cudaDevAttrMaxSharedMemoryPerBlock: v = (int)p.sharedMemPerBlock; break;
	case cudaDevAttrTotalConstantMemory: v = (int)p.totalConstMem; break;
	case cudaDevAttrWarpSize: v = p.warpSize; break;
	case cudaDevAttrMaxPitch: v = (int)p.memPitch; break;
	case cudaDevAttrMaxRegistersPerBlock: v = p.regsPerBlock; break;
	case cudaDevAttrClockRate: v = p.clockRate; break;
	case cudaDevAttrTextureAlignment: v = (int)p.textureAlignment; break;
	case cudaDevAttrGpuOverlap: v = p.deviceOverlap; break;
	case cudaDevAttrMultiProcessorCount: v = p.multiProcessorCount; break;
	case cudaDevAttrKernelExecTimeout: v = p.kernelExecTimeoutEnabled; break;
	case cudaDevAttrIntegrated: v = p.integrated; break;
	case cudaDevAttrCanMapHostMemory: v = p.canMapHostMemory; break;
	case cudaDevAttrComputeMode: v = p.computeMode; break;
	case cudaDevAttrConcurrentKernels: v = p.concurrentKernels; break;
	case cudaDevAttrEccEnabled: v = p.ECCEnabled; break;
	case cudaDevAttrPciBusId: v = p.pciBusID; break;
	case cudaDevAttrPciDeviceId: v = p.pciDeviceID; break;
	case cudaDevAttrMemoryClockRate: v = p.memoryClockRate; break;
	case cudaDevAttrGlobalMemoryBusWidth: v = p.memoryBusWidth; break;
	case cudaDevAttrL2CacheSize: v = p.l2CacheSize; break;
	case cudaDevAttrMaxThreadsPerMultiProcessor: v = p.maxThreadsPerMultiProcessor; break;
	case cudaDevAttrAsyncEngineCount: v = p.asyncEngineCount; break;
	case cudaDevAttrUnifiedAddressing: v = p.unifiedAddressing; break;
	case cudaDevAttrPciDomainId: v = p.pciDomainID; break;
	case cudaDevAttrComputeCapabilityMajor: v = p.major; break;
	case cudaDevAttrComputeCapabilityMinor: v = p.minor; break;
	case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
		v = (int)p.sharedMemPerMultiprocessor;
		break;
	case cudaDevAttrMaxRegistersPerMultiprocessor: v = p.regsPerMultiprocessor; break;
	case cudaDevAttrManagedMemory: v = p.managedMemory; break;
	case cudaDevAttrConcurrentManagedAccess: v = p.concurrentManagedAccess; break;
	case cudaDevAttrMaxSharedMemoryPerBlockOptin: v = (int)p.sharedMemPerBlockOptin; break;
	case cudaDevAttrMaxBlocksPerMultiprocessor: v = p.maxBlocksPerMultiProcessor; break;
	case cudaDevAttrCooperativeLaunch: v = p.cooperativeLaunch; break;
	case cudaDevAttrCooperativeMultiDeviceLaunch: v = p.cooperativeMultiDeviceLaunch; break;
	default:
		if (attr <= 0 || attr >= cudaDevAttrMax)
			return cudart_set_error(cudaErrorInvalidValue);
		v = other_attribute(attr, &p);
	}
	*value = v;
	return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize(void)
{
	struct cudart_ctx *c = cudart_ctx();
	cudaError_t err;

	/*
	 * In device code (CUDA 12 removed it there; older code calls it after
	 * a child launch) it waits for the caller's child grids, and those ran
	 * to completion at their launch (device_launch.c).  Waiting for the
	 * device would wait for the calling grid, which never ends.
	 */
	if (idxgen_rt_in_block()) {
		CUDART_STICKY_RETURN();
		return cudaSuccess;
	}
	pthread_mutex_lock(&c->lock);
	err = cudart_capture_implicit(c);
	if (!err) {
		cudart_wait_all(c);
		err = cudart_sync_result(c);
	}
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

cudaError_t cudaThreadSynchronize(void)
{
	return cudaDeviceSynchronize();
}

/*
 * Ends the context: waits for the work, ends captures (freeing the graphs
 * they made), destroys the streams, events, texture and surface objects, arrays,
 * frees every allocation, releases the runtime (re-created on next use)
 * and clears a sticky error, the caller's last error and the limits set.  Kernel and variable registrations stay.
 */
cudaError_t cudaDeviceReset(void)
{
	struct cudart_ctx *c = cudart_ctx();
	struct idxgen_rt *rt, *dev_rt;

	pthread_mutex_lock(&c->lock);
	cudart_wait_all(c);
	cudart_capture_reset(c);	/* before the streams and events it reaches go */
	cudart_streams_stop(c);
	cudart_events_free(c);
	cudart_texobjs_free(c);
	cudart_arrays_free(c);
	cudart_free_all(c);
	rt = c->rt;
	c->rt = NULL;
	dev_rt = c->dev_rt;
	c->dev_rt = NULL;
	c->async_error = cudaSuccess;
	__atomic_store_n(&c->sticky, 0, __ATOMIC_RELEASE);
	c->cache_config = cudaFuncCachePreferNone;
	c->device_flags = 0;
	memset(c->limits, 0, sizeof(c->limits));	/* the context's limits go with it, as on CUDA */
	pthread_mutex_unlock(&c->lock);
	if (rt)
		idxgen_rt_destroy(rt);
	if (dev_rt)
		idxgen_rt_destroy(dev_rt);
	cudart_last_error(true);	/* the caller's error went with the context */
	return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config)
{
	if ((unsigned int)config > cudaFuncCachePreferEqual)
		return cudart_set_error(cudaErrorInvalidValue);
	cudart_ctx()->cache_config = config;
	return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config)
{
	if (!config)
		return cudart_set_error(cudaErrorInvalidValue);
	*config = cudart_ctx()->cache_config;
	return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config)
{
	if ((unsigned int)config > cudaSharedMemBankSizeEightByte)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
	if ((unsigned int)limit > cudaLimitPersistingL2CacheSize)
		return cudart_set_error(cudaErrorInvalidValue);
	cudart_ctx()->limits[limit] = value;
	return cudaSuccess;
}

/*
 * Unset limits read as what the CPU gives: a printf buffer that grows, the
 * process heap; CUDA's defaults for the device-runtime and L2 limits, which
 * have no effect here.  No L2 can be set aside
 * (cudaDevAttrMaxPersistingL2CacheSize is 0): that limit reads 0.  The
 * stack reads what a thread that runs as a fiber gets with the value set
 * (idxgen_rt_fiber_stack_size: at least IDXGEN_FIBER_STACK or 64 KiB, at
 * most 1 GiB, in pages), as CUDA's reads what the driver made of the
 * request; a loop-fission kernel's thread runs on its worker's stack,
 * larger.
 */
cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
	static const size_t defaults[7] = { 0, 1u << 20, 8u << 20, 2, 2048, 32, 0 };

	if (!value || (unsigned int)limit > cudaLimitPersistingL2CacheSize)
		return cudart_set_error(cudaErrorInvalidValue);
	*value = cudart_ctx()->limits[limit] ? cudart_ctx()->limits[limit] : defaults[limit];
	if (limit == cudaLimitStackSize)
		*value = idxgen_rt_fiber_stack_size(*value);
	if (limit == cudaLimitPersistingL2CacheSize)
		*value = 0;
	return cudaSuccess;
}

/*
 * The driver's version is the newest CUDA whose API it serves, as with
 * NVIDIA's (a 13.0 driver under a 12.0 runtime answers 13000): every call
 * of CUDA 13.0's runtime headers is here (tests/cudart/parity.py), so
 * programs that check it before using newer features (graph conditional
 * nodes from 12.3, if/else and switch from 12.8, batched copies) use them.
 * The runtime's version stays CUDART_VERSION, the signatures C code sees.
 */
#define IDXGEN_CUDA_DRIVER_VERSION 13000

cudaError_t cudaDriverGetVersion(int *version)
{
	if (!version)
		return cudart_set_error(cudaErrorInvalidValue);
	*version = IDXGEN_CUDA_DRIVER_VERSION;
	return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version)
{
	if (!version)
		return cudart_set_error(cudaErrorInvalidValue);
	*version = CUDART_VERSION;
	return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
	CUDART_STICKY_RETURN();
	if (!free_bytes || !total_bytes)
		return cudart_set_error(cudaErrorInvalidValue);
	*free_bytes = phys_bytes(_SC_AVPHYS_PAGES);
	*total_bytes = phys_bytes(_SC_PHYS_PAGES);
	return cudaSuccess;
}

/* One device: no peer. */
cudaError_t cudaDeviceCanAccessPeer(int *can, int device, int peer)
{
	if (!can)
		return cudart_set_error(cudaErrorInvalidValue);
	if (device != 0 || peer != 0)
		return cudart_set_error(cudaErrorInvalidDevice);
	*can = 0;
	return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peer, unsigned int flags)
{
	(void)peer;
	if (flags)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorInvalidDevice);	/* not even itself, as CUDA */
}

cudaError_t cudaDeviceDisablePeerAccess(int peerDevice)
{
	(void)peerDevice;
	return cudart_set_error(cudaErrorInvalidDevice);	/* one device: no peer (as Enable) */
}

/* One device: there is no pair of devices to describe (CUDA: a device with itself is invalid). */
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr, int srcDevice,
				      int dstDevice)
{
	(void)srcDevice, (void)dstDevice;
	if (!value || (unsigned int)attr < cudaDevP2PAttrPerformanceRank ||
	    (unsigned int)attr > cudaDevP2PAttrOnlyPartialNativeAtomicSupported)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(cudaErrorInvalidDevice);
}

/* No persisting L2 lines to reset (cudaLimitPersistingL2CacheSize has no effect). */
cudaError_t cudaCtxResetPersistingL2Cache(void)
{
	return cudaSuccess;
}

/* CUDA 11's (removed in 12): accepted for either output format, as cuProfilerInitialize */
cudaError_t cudaProfilerInitialize(const char *configFile, const char *outputFile, cudaOutputMode_t outputMode)
{
	(void)configFile;
	(void)outputFile;
	CUDART_STICKY_RETURN();
	if (outputMode != cudaKeyValuePair && outputMode != cudaCSV)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudaSuccess;
}

cudaError_t cudaProfilerStart(void)
{
	return cudaSuccess;
}

cudaError_t cudaProfilerStop(void)
{
	return cudaSuccess;
}
