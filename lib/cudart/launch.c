// SPDX-License-Identifier: MIT
/*
 * launch.c - kernels: the registry of the launch ABI (host stub address ->
 * struct idxgen_rt_kernel), <<<>>> configurations, cudaLaunchKernel, the
 * checks CUDA makes before a launch, function attributes and occupancy.
 *
 * A launch is checked in the caller (every configuration error is
 * returned by the launch itself, non-sticky, as CUDA does), then run on
 * its stream: on the default stream at once through idxgen_rt_launch_ex,
 * on a created stream by the stream's executor, with a copy of the
 * argument values (k->arg_sizes).  A kernel that traps (__trap, a failed
 * assert, a detected fault: idxgen_rt_trap) poisons the context with
 * cudaErrorLaunchFailure, or cudaErrorAssert when the kernel's trap message
 * starts with "assert" (the convention for what assert() becomes).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

/* The runtime's default shared-memory limit per block (idxgen_rt.h). */
#define CUDART_MAX_SHARED	(1u << 20)
#define CUDART_MAX_GRID_X	0x7fffffffu
#define CUDART_MAX_GRID_YZ	65535u

int cudart_ptr_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const void *const *)a, y = (uintptr_t)*(const void *const *)b;

	return x < y ? -1 : x > y;
}

static struct cudart_func *find_func(struct cudart_ctx *c, const void *host)
{
	struct cudart_func key = { .host = host };
	void *node = host ? tfind(&key, &c->funcs, cudart_ptr_cmp) : NULL;

	return node ? *(struct cudart_func **)node : NULL;
}

struct cudart_func *cudart_func_find(struct cudart_ctx *c, const void *host)
{
	return find_func(c, host);
}

void cudart_func_pin(struct cudart_ctx *c, const void *host)
{
	struct cudart_func *f = find_func(c, host);

	if (f)
		f->pinned = true;
}

/* The nodes of a registry with keys in [lo, hi), gathered by twalk_r. */
struct cudart_span_nodes {
	uintptr_t lo, hi;
	void **v;
	size_t n, cap;
};

static void gather_span(const void *node, VISIT which, void *arg)
{
	struct cudart_span_nodes *s = arg;
	void *item = *(void *const *)node;
	uintptr_t at = (uintptr_t)*(const void *const *)item;	/* each entry starts with its address */
	void **more;

	if ((which != postorder && which != leaf) || at < s->lo || at >= s->hi)
		return;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		more = realloc(s->v, s->cap * sizeof(*more));
		if (!more)
			return;	/* kept registered: a stale entry, never a crash (the code stays mapped) */
		s->v = more;
	}
	s->v[s->n++] = item;
}

size_t cudart_span_take(void **root, uintptr_t lo, uintptr_t hi, void ***items)
{
	struct cudart_span_nodes s = { .lo = lo, .hi = hi };

	twalk_r(*root, gather_span, &s);
	for (size_t i = 0; i < s.n; i++)
		tdelete(s.v[i], root, cudart_ptr_cmp);
	*items = s.v;
	return s.n;
}

bool cudart_funcs_forget(struct cudart_ctx *c, uintptr_t lo, uintptr_t hi)
{
	void **items;
	size_t n = cudart_span_take(&c->funcs, lo, hi, &items);
	bool pinned = false;

	for (size_t i = 0; i < n; i++) {
		struct cudart_func *f = items[i];

		pinned |= f->pinned;
		idxgen_rt_tune_reset(f->k);	/* its descriptor's address may be another kernel's later */
		free(f->legacy);
		free(f);
	}
	free(items);
	return pinned;
}

/* Registration runs from constructors: no error to return; a kernel that
 * could not be registered is reported by its first launch by address
 * (cudaErrorInvalidDeviceFunction).  Its stub launches it regardless. */
void __idxgenRegisterFunction(const void *host_fn, const struct idxgen_rt_kernel *k)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f, **node;

	if (!host_fn || !k)
		return;
	f = calloc(1, sizeof(*f));
	if (!f)
		return;
	*f = (struct cudart_func){ .host = host_fn, .k = k, .max_dyn_shared = -1, .carveout = -1 };
	pthread_mutex_lock(&c->lock);
	node = tsearch(f, &c->funcs, cudart_ptr_cmp);
	if (node && *node != f) {
		(*node)->k = k;		/* registered again: the newest descriptor */
		free(f);
	} else if (!node) {
		free(f);
	}
	pthread_mutex_unlock(&c->lock);
}

/*
 * The alignments of the kernel's parameters (idxgen-cc records them beside
 * their sizes): with them cudaFuncGetParamInfo can place each parameter in
 * CUDA's parameter buffer.  From a constructor, after the registration.
 */
void __idxgenRegisterParamAligns(const void *host_fn, const size_t *aligns)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;

	pthread_mutex_lock(&c->lock);
	f = find_func(c, host_fn);
	if (f)
		f->arg_aligns = aligns;
	pthread_mutex_unlock(&c->lock);
}

unsigned int __idxgenPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
	struct cudart_config cfg = { grid, block, shmem, stream, false };

	if (cudart_push_config(&cfg))
		return 0;
	cudart_set_error(cudaErrorNotSupported);	/* <<<>>> nested too deep */
	return 1;
}

/* <<<>>> in device code (idxgen-cc): the stub runs the grid as device_launch.c says */
unsigned int __idxgenPushDeviceCallConfiguration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
	struct cudart_config cfg = { grid, block, shmem, stream, true };

	if (cudart_push_config(&cfg))
		return 0;
	cudart_set_error(cudaErrorNotSupported);
	return 1;
}

cudaError_t __idxgenPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem,
					 cudaStream_t *stream)
{
	struct cudart_config cfg;

	if (!cudart_pop_config(&cfg))
		return cudart_set_error(cudaErrorMissingConfiguration);
	*grid = cfg.grid;
	*block = cfg.block;
	*shmem = cfg.shmem;
	*stream = cfg.stream;
	return cudaSuccess;
}

cudaError_t cudart_run_kernel(struct cudart_ctx *c, const struct idxgen_rt_kernel *k,
			      struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, size_t shmem,
			      void **args, bool coop)
{
	struct idxgen_rt_launch_opts o = { .dyn_shared = shmem };
	struct idxgen_rt_launch_info info;
	struct idxgen_rt *rt;
	cudaError_t err;
	int r;

	pthread_mutex_lock(&c->lock);
	err = cudart_get_rt(&rt);
	o.schedule = c->sched;
	/* cudaLimitStackSize: the least stack of a thread that runs as a fiber */
	if (!err)
		idxgen_rt_set_fiber_stack(rt, c->limits[cudaLimitStackSize]);
	pthread_mutex_unlock(&c->lock);
	if (err)
		return err;
	r = coop ? idxgen_rt_launch_coop(rt, k, grid, block, args, &o, &info)
		 : idxgen_rt_launch_ex(rt, k, grid, block, args, &o, &info);
	switch (r) {
	case 0:
		return cudaSuccess;
	case -ENOSPC:	/* checked before; the runtime's count may differ if it was recreated */
		return cudaErrorCooperativeLaunchTooLarge;
	case -EINVAL:
	case -E2BIG:
	case -ENOMEM:
		return cudart_from_errno(r);
	case -EFAULT:
		err = cudart_trap_error(info.error);
		/* as a GPU's runtime shows a device-side failure: once, on stderr */
		fprintf(stderr, "idxgen cudart: kernel %s: %s\n", k->name ? k->name : "?",
			info.error);
		break;
	default:
		err = cudaErrorLaunchFailure;
		fprintf(stderr, "idxgen cudart: kernel %s: device path: %s\n",
			k->name ? k->name : "?", idxgen_strerror(r));
		break;
	}
	cudart_set_sticky(err);
	return err;
}

cudaError_t cudart_kernel_op(struct cudart_ctx *c, const struct cudart_op *op)
{
	return cudart_run_kernel(c, op->u.kern.k, op->u.kern.grid, op->u.kern.block, op->u.kern.shmem,
				 op->u.kern.args, op->u.kern.coop);
}

static struct idxgen_rt_dim3 rt_dim(dim3 d)
{
	return IDXGEN_RT_DIM3(d.x, d.y, d.z);
}

/* CUDA's checks of a launch, against the device's limits. */
static cudaError_t check_launch(const struct idxgen_info *info, const struct idxgen_rt_kernel *k,
				dim3 grid, dim3 block, size_t shmem, void **args)
{
	uint64_t threads = (uint64_t)block.x * block.y * block.z;

	if (!grid.x || !grid.y || !grid.z || !threads)
		return cudaErrorInvalidConfiguration;
	if (block.x > info->max_dim[0] || block.y > info->max_dim[1] ||
	    block.z > info->max_dim[2] || threads > info->max_threads)
		return cudaErrorInvalidConfiguration;
	if (grid.x > CUDART_MAX_GRID_X || grid.y > CUDART_MAX_GRID_YZ ||
	    grid.z > CUDART_MAX_GRID_YZ)
		return cudaErrorInvalidConfiguration;
	if (shmem > CUDART_MAX_SHARED || k->shared_bytes > CUDART_MAX_SHARED - shmem)
		return cudaErrorInvalidValue;
	if (k->nargs && !args)
		return cudaErrorInvalidValue;
	return cudaSuccess;
}

/*
 * The argument values, copied for a queued launch: pointers, then values,
 * each at a multiple of 16 bytes.  The pointers' part is counted rounded up
 * as it is laid out: counted unrounded, an odd number of arguments whose
 * last has no 8 bytes of rounding to spare (BabelStream's for_each_kernel:
 * two size_t and a 48-byte closure) was copied 8 bytes past the block.
 */
void **cudart_copy_args(const struct idxgen_rt_kernel *k, void **args)
{
	size_t total = (k->nargs * sizeof(void *) + 15) / 16 * 16, off = total;
	void **copy;

	for (unsigned int i = 0; i < k->nargs; i++)
		total += (k->arg_sizes[i] + 15) / 16 * 16;
	copy = malloc(total ? total : 1);
	if (!copy)
		return NULL;
	for (unsigned int i = 0; i < k->nargs; i++) {
		copy[i] = (char *)copy + off;
		memcpy(copy[i], args[i], k->arg_sizes[i]);
		off += (k->arg_sizes[i] + 15) / 16 * 16;
	}
	return copy;
}

cudaError_t cudart_check_launch(struct cudart_ctx *c, const struct idxgen_rt_kernel *k, dim3 grid,
				dim3 block, size_t shmem, void **args)
{
	return check_launch(&c->info, k, grid, block, shmem, args);
}

cudaError_t cudart_check_config(const struct idxgen_rt_kernel *k, const struct cudart_config *cfg, void **args)
{
	return check_launch(&cudart_ctx()->info, k, cfg->grid, cfg->block, cfg->shmem, args);
}

const struct idxgen_rt_kernel *cudart_kernel_of(const void *func)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;
	const struct idxgen_rt_kernel *k;

	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	k = f ? f->k : NULL;
	pthread_mutex_unlock(&c->lock);
	return k;
}

/*
 * Resident blocks per "multiprocessor" (one per runtime participant): what
 * the runtime keeps resident in a cooperative launch and in a launch of a
 * kernel that waits for other blocks (idxgen_rt_resident_blocks: its
 * threads per multiprocessor over the block's, at most 32), no more than
 * the multiprocessor's shared memory holds (CUDA's rule; the runtime gives
 * each resident block memory of its own), 0 when the block does not fit.
 * The cooperative launch's limit is this times the count.
 */
static int blocks_per_sm(const struct idxgen_rt_kernel *k, const struct idxgen_info *info, uint64_t block_size,
			 size_t dyn_shmem)
{
	uint32_t n;
	size_t shared;

	if (block_size > info->max_threads || dyn_shmem > CUDART_MAX_SHARED ||
	    k->shared_bytes > CUDART_MAX_SHARED - dyn_shmem)
		return 0;
	n = idxgen_rt_resident_blocks(info->max_threads, block_size);
	shared = k->shared_bytes + dyn_shmem;
	if (shared && CUDART_MAX_SHARED / shared < n)
		n = (uint32_t)(CUDART_MAX_SHARED / shared);
	return (int)n;
}

/*
 * What a launch returns once it is queued or has run: a kernel that trapped
 * made the context's error sticky (cudart_run_kernel), and that error is
 * the next synchronizing call's, not the launch's: on a GPU the launch
 * returns before the kernel runs (simpleAssert_nvrtc checks cuLaunchKernel,
 * then expects the assert from cuCtxSynchronize).  cudaGetLastError sees it
 * at once, as it sees any sticky error.  The launch's own errors (its
 * configuration, memory for its arguments) are never sticky and stay its.
 */
static cudaError_t launched(cudaError_t err)
{
	return err && err == cudart_sticky() ? cudaSuccess : err;
}

static cudaError_t launch(const void *func, const struct idxgen_rt_kernel *k, dim3 grid, dim3 block,
			  void **args, size_t shmem, cudaStream_t stream, bool coop)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_op op = { .kind = CUDART_OP_KERNEL, .u.kern.run = cudart_kernel_op };
	struct idxgen_rt *rt;
	bool captured = false;
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	err = cudart_get_rt(&rt);
	if (!err)
		err = check_launch(&c->info, k, grid, block, shmem, args);
	if (!err && coop &&
	    (uint64_t)grid.x * grid.y * grid.z >
		    (uint64_t)blocks_per_sm(k, &c->info, (uint64_t)block.x * block.y * block.z, shmem) *
			    idxgen_rt_num_threads(rt))
		err = cudaErrorCooperativeLaunchTooLarge;
	if (!err && coop && !cudart_stream_is_default(stream) && !cudart_stream_check(c, stream))
		captured = stream->cap != NULL;	/* a cooperative kernel node, run so when launched */
	pthread_mutex_unlock(&c->lock);
	if (err)
		return err;
	op.u.kern.coop = coop;
	if (coop && !captured) {
		/* in stream order, run at once: its blocks take threads of their own */
		err = cudaStreamSynchronize(stream);
		if (!err)
			err =
			    cudart_run_kernel(c, k, rt_dim(grid), rt_dim(block), shmem, args, true);
		return launched(err);
	}
	op.u.kern.k = k;
	op.u.kern.func = func;
	op.u.kern.grid = rt_dim(grid);
	op.u.kern.block = rt_dim(block);
	op.u.kern.shmem = shmem;
	op.u.kern.args = args;
	if (!cudart_stream_is_default(stream) && k->nargs) {
		if (!k->arg_sizes) {
			/* values of unknown size cannot be kept: run it now, in order */
			err = cudaStreamSynchronize(stream);
			if (!err)
				err = cudart_run_kernel(c, k, op.u.kern.grid, op.u.kern.block,
							shmem, args, false);
			return launched(err);
		}
		op.u.kern.args = cudart_copy_args(k, args);
		if (!op.u.kern.args)
			return cudaErrorMemoryAllocation;
		op.owned = op.u.kern.args;
	}
	return launched(cudart_submit(stream, &op));
}

cudaError_t cudart_launch(const void *func, const struct idxgen_rt_kernel *k, dim3 grid, dim3 block,
			  void **args, size_t shmem, cudaStream_t stream, bool coop)
{
	return launch(func, k, grid, block, args, shmem, stream, coop);
}

static cudaError_t launch_by_address(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
				     cudaStream_t stream, bool coop)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;
	const struct idxgen_rt_kernel *k;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	k = f ? f->k : NULL;
	pthread_mutex_unlock(&c->lock);
	if (!k)
		return cudart_set_error(cudaErrorInvalidDeviceFunction);
	return cudart_set_error(launch(func, k, grid, block, args, shmem, stream, coop));
}

/*
 * cudaLaunchKernelEx: the attributes (cuda_runtime_api.h says which mean
 * something here).  The programmatic and completion events are recorded
 * when the kernel has finished: a programmatic event may trigger earlier on
 * a GPU, never later, so waiting for it here waits at least as long.
 */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args)
{
	cudaEvent_t events[2] = { NULL, NULL };	/* programmatic, completion */
	bool coop = false;
	cudaError_t err;

	if (!config || (config->numAttrs && !config->attrs))
		return cudart_set_error(cudaErrorInvalidValue);
	for (unsigned int i = 0; i < config->numAttrs; i++) {
		const cudaLaunchAttribute *a = &config->attrs[i];

		switch (a->id) {
		case cudaLaunchAttributeCooperative:
			coop = a->val.cooperative != 0;
			break;
		case cudaLaunchAttributeClusterDimension:
			if (a->val.clusterDim.x * a->val.clusterDim.y * a->val.clusterDim.z > 1)
				return cudart_set_error(cudaErrorNotSupported);
			break;
		case cudaLaunchAttributeProgrammaticEvent:
			events[0] = a->val.programmaticEvent.event;
			if (!events[0])
				return cudart_set_error(cudaErrorInvalidValue);
			break;
		case cudaLaunchAttributeLaunchCompletionEvent:
			events[1] = a->val.launchCompletionEvent.event;
			if (!events[1])
				return cudart_set_error(cudaErrorInvalidValue);
			break;
		case cudaLaunchAttributeIgnore:
		case cudaLaunchAttributeAccessPolicyWindow:
		case cudaLaunchAttributeSynchronizationPolicy:
		case cudaLaunchAttributePriority:
		case cudaLaunchAttributeProgrammaticStreamSerialization:
		case cudaLaunchAttributeClusterSchedulingPolicyPreference:
		case cudaLaunchAttributeMemSyncDomainMap:
		case cudaLaunchAttributeMemSyncDomain:
		case cudaLaunchAttributePreferredClusterDimension:	/* a preference: one block */
		case cudaLaunchAttributePreferredSharedMemoryCarveout:
		case cudaLaunchAttributeNvlinkUtilCentricScheduling:
			break;	/* hints: one memory, one cache, no clusters or links */
		default:	/* device-updatable nodes (graph nodes only), unknown IDs */
			return cudart_set_error(cudaErrorNotSupported);
		}
	}
	err = launch_by_address(func, config->gridDim, config->blockDim, args, config->dynamicSmemBytes,
				config->stream, coop);
	for (int i = 0; !err && i < 2; i++)
		if (events[i])
			err = cudaEventRecord(events[i], config->stream);
	return cudart_set_error(err);
}

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
			     cudaStream_t stream)
{
	return launch_by_address(func, grid, block, args, shmem, stream, false);
}

/*
 * Every block resident at once (this_grid().sync() may wait for all): a
 * grid larger than the occupancy API's blocks per multiprocessor times the
 * multiprocessor count fails with cudaErrorCooperativeLaunchTooLarge.
 */
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shmem,
					cudaStream_t stream)
{
	return launch_by_address(func, grid, block, args, shmem, stream, true);
}

cudaError_t __idxgenLaunchStub(const void *host_fn, const struct idxgen_rt_kernel *k, void **args)
{
	struct cudart_config cfg;

	if (!cudart_pop_config(&cfg))
		return cudart_set_error(cudaErrorMissingConfiguration);
	CUDART_STICKY_RETURN();
	if (!k)
		return cudart_set_error(cudaErrorInvalidDeviceFunction);
	if (cfg.device)
		return cudart_set_error(cudart_device_launch(k, &cfg, args));
	return cudart_set_error(launch(host_fn, k, cfg.grid, cfg.block, args, cfg.shmem, cfg.stream,
					false));
}

/* The function and the device's information (lock taken and released). */
static cudaError_t func_info(const void *func, struct cudart_func *out, struct idxgen_info *info,
			     unsigned int *workers)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;
	struct idxgen_rt *rt;
	cudaError_t err;

	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	err = f ? cudart_get_rt(&rt) : cudaErrorInvalidDeviceFunction;
	if (!err) {
		*out = *f;
		*info = c->info;
		if (workers)
			*workers = idxgen_rt_num_threads(rt);
	}
	pthread_mutex_unlock(&c->lock);
	return err;
}

/* The kernel's name as the translator registered it (its source spelling). */
cudaError_t cudaFuncGetName(const char **name, const void *func)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;

	if (!name || !func)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	if (f)
		*name = f->k->name ? f->k->name : "";
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(f ? cudaSuccess : cudaErrorInvalidDeviceFunction);
}

/*
 * A parameter's offset and size in CUDA's parameter buffer: each parameter
 * at the next multiple of its alignment after the one before it.  The
 * translator records the alignments; a kernel registered without them (a
 * descriptor written by hand, the translate-only C path) answers
 * cudaErrorNotSupported rather than a guessed offset.  An index past the
 * last parameter is cudaErrorInvalidValue.
 */
cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;
	unsigned int nargs = 0;
	size_t off = 0, size = 0;
	bool known = false;

	CUDART_STICKY_RETURN();
	if (!func || !paramOffset || !paramSize)
		return cudart_set_error(cudaErrorInvalidValue);
	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	if (f) {
		nargs = f->k->nargs;
		known = f->arg_aligns && f->k->arg_sizes;
		for (size_t i = 0; known && i < nargs && i <= paramIndex; i++) {
			size_t a = f->arg_aligns[i] ? f->arg_aligns[i] : 1;

			off = (off + a - 1) / a * a;
			size = f->k->arg_sizes[i];
			if (i < paramIndex)
				off += size;
		}
	}
	pthread_mutex_unlock(&c->lock);
	if (!f)
		return cudart_set_error(cudaErrorInvalidDeviceFunction);
	if (paramIndex >= nargs)
		return cudart_set_error(cudaErrorInvalidValue);
	if (!known)
		return cudart_set_error(cudaErrorNotSupported);
	*paramOffset = off;
	*paramSize = size;
	return cudart_set_error(cudaSuccess);
}

cudaError_t cudart_param_count(const void *func, unsigned int *n)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;

	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	if (f)
		*n = f->k->nargs;
	pthread_mutex_unlock(&c->lock);
	return f ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func)
{
	struct cudart_func f;
	struct idxgen_info info;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!attr)
		return cudart_set_error(cudaErrorInvalidValue);
	err = func_info(func, &f, &info, NULL);
	if (err)
		return cudart_set_error(err);
	memset(attr, 0, sizeof(*attr));
	attr->sharedSizeBytes = f.k->shared_bytes;
	attr->localSizeBytes = f.k->priv_bytes;
	attr->maxThreadsPerBlock = (int)info.max_threads;
	attr->maxDynamicSharedSizeBytes =
		f.max_dyn_shared >= 0 ? f.max_dyn_shared
				      : (int)(CUDART_MAX_SHARED - f.k->shared_bytes);
	attr->preferredShmemCarveout = f.carveout;
	attr->requiredClusterWidth = f.cluster[0];
	attr->requiredClusterHeight = f.cluster[1];
	attr->requiredClusterDepth = f.cluster[2];
	attr->nonPortableClusterSizeAllowed = f.nonportable_cluster;
	attr->clusterSchedulingPolicyPreference = f.cluster_policy;
	return cudaSuccess;
}

/*
 * One attribute of f.  Clusters: a launch here is a cluster of one block
 * (cudaDevAttrClusterLaunch is 0), so a required cluster of 1 (or 0: none)
 * is what every launch is and larger ones are not supported; permitting
 * non-portable sizes and the scheduling preference are hints CUDA accepts.
 */
static cudaError_t set_func_attribute(struct cudart_func *f, enum cudaFuncAttribute attr, int value)
{
	switch (attr) {
	case cudaFuncAttributeMaxDynamicSharedMemorySize:
		if (value < 0 || (size_t)value > CUDART_MAX_SHARED - f->k->shared_bytes)
			return cudaErrorInvalidValue;
		f->max_dyn_shared = value;
		return cudaSuccess;
	case cudaFuncAttributePreferredSharedMemoryCarveout:
		if (value < -1 || value > 100)
			return cudaErrorInvalidValue;
		f->carveout = value;
		return cudaSuccess;
	case cudaFuncAttributeRequiredClusterWidth:
	case cudaFuncAttributeRequiredClusterHeight:
	case cudaFuncAttributeRequiredClusterDepth:
		if (value < 0)
			return cudaErrorInvalidValue;
		if (value > 1)
			return cudaErrorNotSupported;
		f->cluster[attr - cudaFuncAttributeRequiredClusterWidth] = value;
		return cudaSuccess;
	case cudaFuncAttributeNonPortableClusterSizeAllowed:
		if (value != 0 && value != 1)
			return cudaErrorInvalidValue;
		f->nonportable_cluster = value;
		return cudaSuccess;
	case cudaFuncAttributeClusterSchedulingPolicyPreference:
		if (value < cudaClusterSchedulingPolicyDefault ||
		    value > cudaClusterSchedulingPolicyLoadBalancing)
			return cudaErrorInvalidValue;
		f->cluster_policy = value;
		return cudaSuccess;
	default:	/* the read-only ones (cudaFuncAttributeClusterDimMustBeSet) and unknown */
		return cudaErrorInvalidValue;
	}
}

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_func *f;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	pthread_mutex_lock(&c->lock);
	f = find_func(c, func);
	err = f ? set_func_attribute(f, attr, value) : cudaErrorInvalidDeviceFunction;
	pthread_mutex_unlock(&c->lock);
	return cudart_set_error(err);
}

/* One cache: the preference has no effect. */
cudaError_t cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config)
{
	struct cudart_func f;
	struct idxgen_info info;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if ((unsigned int)config > cudaFuncCachePreferEqual)
		return cudart_set_error(cudaErrorInvalidValue);
	err = func_info(func, &f, &info, NULL);
	return cudart_set_error(err);
}

/* What the runtime keeps resident per "multiprocessor" (blocks_per_sm). */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, const void *func,
								   int block_size, size_t dyn_shmem,
								   unsigned int flags)
{
	struct cudart_func f;
	struct idxgen_info info;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!blocks || block_size <= 0 || flags > 1)
		return cudart_set_error(cudaErrorInvalidValue);
	err = func_info(func, &f, &info, NULL);
	if (err)
		return cudart_set_error(err);
	*blocks = blocks_per_sm(f.k, &info, (uint64_t)block_size, dyn_shmem);
	return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func,
							  int block_size, size_t dyn_shmem)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, func, block_size,
								      dyn_shmem, 0);
}

/* A launch configuration's cluster size in blocks (1 when none is set). */
static unsigned long long cluster_blocks(const cudaLaunchConfig_t *config)
{
	for (unsigned int i = 0; i < config->numAttrs; i++)
		if (config->attrs[i].id == cudaLaunchAttributeClusterDimension) {
			const cudaLaunchAttributeValue *v = &config->attrs[i].val;
			unsigned long long n = (unsigned long long)v->clusterDim.x * v->clusterDim.y *
					       v->clusterDim.z;

			return n ? n : 1;
		}
	return 1;
}

/*
 * Clusters: a cluster here is one block (cudaDevAttrClusterLaunch is 0), so
 * the active clusters of one block are the active blocks, and none of a
 * larger cluster fit (CUDA's answer for a configuration that cannot launch).
 */
cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
					   const cudaLaunchConfig_t *launchConfig)
{
	struct cudart_func f;
	struct idxgen_info info;
	unsigned int workers;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!numClusters || !launchConfig || (launchConfig->numAttrs && !launchConfig->attrs))
		return cudart_set_error(cudaErrorInvalidValue);
	err = func_info(func, &f, &info, &workers);
	if (err)
		return cudart_set_error(err);
	*numClusters = cluster_blocks(launchConfig) > 1
			       ? 0
			       : blocks_per_sm(f.k, &info,
					       (uint64_t)launchConfig->blockDim.x * launchConfig->blockDim.y *
						       launchConfig->blockDim.z,
					       launchConfig->dynamicSmemBytes) * (int)workers;
	return cudaSuccess;
}

cudaError_t cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
						 const cudaLaunchConfig_t *launchConfig)
{
	struct cudart_func f;
	struct idxgen_info info;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!clusterSize || !launchConfig)
		return cudart_set_error(cudaErrorInvalidValue);
	err = func_info(func, &f, &info, NULL);
	if (err)
		return cudart_set_error(err);
	*clusterSize = 1;
	return cudaSuccess;
}

/* The largest block (fewer blocks, less per-block overhead on a CPU),
 * a multiple of the warp size, and one block per worker. */
cudaError_t idxgenOccupancyMaxPotentialBlockSize(int *min_grid, int *block_size, const void *func,
						 size_t dyn_shmem, int block_size_limit)
{
	struct cudart_func f;
	struct idxgen_info info;
	unsigned int workers, bs;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!min_grid || !block_size || block_size_limit < 0)
		return cudart_set_error(cudaErrorInvalidValue);
	err = func_info(func, &f, &info, &workers);
	if (err)
		return cudart_set_error(err);
	if (dyn_shmem > CUDART_MAX_SHARED || f.k->shared_bytes > CUDART_MAX_SHARED - dyn_shmem)
		return cudart_set_error(cudaErrorInvalidValue);
	bs = info.max_threads;
	if (block_size_limit && (unsigned int)block_size_limit < bs)
		bs = (unsigned int)block_size_limit;
	if (bs > info.lanes)
		bs -= bs % info.lanes;
	*block_size = (int)bs;
	*min_grid = (int)workers;
	return cudaSuccess;
}
