// SPDX-License-Identifier: MIT
/*
 * state.c - the process's CUDA context and the per-thread last error.
 *
 * The CUDA runtime API has an implicit context: no call takes a handle,
 * kernels register themselves from constructors, the last error is per
 * host thread.  So, unlike the rest of the project's libraries, this one
 * has mutable file-scope state: the context below (every field under its
 * lock) and the thread-local last error.  Nothing else in lib/cudart is.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cudart.h"

static struct cudart_ctx ctx = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.cond = PTHREAD_COND_INITIALIZER,
};

static _Thread_local cudaError_t last_error;

/* Launch configurations pushed by <<<>>> and not yet popped by a stub
 * (a stack: a kernel argument may itself launch a kernel). */
#define CUDART_CONFIG_DEPTH 16
static _Thread_local struct cudart_config config_stack[CUDART_CONFIG_DEPTH];
static _Thread_local unsigned int config_depth;

struct cudart_ctx *cudart_ctx(void)
{
	return &ctx;
}

cudaError_t cudart_set_error(cudaError_t err)
{
	if (err != cudaSuccess)
		last_error = err;
	return err;
}

cudaError_t cudart_sticky(void)
{
	return (cudaError_t)__atomic_load_n(&ctx.sticky, __ATOMIC_ACQUIRE);
}

cudaError_t cudart_last_error(bool clear)
{
	cudaError_t err = cudart_sticky();

	if (err)
		return err;
	err = last_error;
	if (clear)
		last_error = cudaSuccess;
	return err;
}

bool cudart_push_config(const struct cudart_config *cfg)
{
	if (config_depth == CUDART_CONFIG_DEPTH)
		return false;
	config_stack[config_depth++] = *cfg;
	return true;
}

bool cudart_pop_config(struct cudart_config *cfg)
{
	if (!config_depth)
		return false;
	*cfg = config_stack[--config_depth];
	return true;
}

void cudart_set_sticky(cudaError_t err)
{
	int zero = 0;

	__atomic_compare_exchange_n(&ctx.sticky, &zero, (int)err, 0, __ATOMIC_ACQ_REL,
				    __ATOMIC_ACQUIRE);
}

uint64_t cudart_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

cudaError_t cudart_from_errno(int err)
{
	switch (err) {
	case 0:
		return cudaSuccess;
	case -EINVAL:
		return cudaErrorInvalidValue;
	case -E2BIG:
		return cudaErrorInvalidConfiguration;
	case -ENOMEM:
		return cudaErrorMemoryAllocation;
	case -ENODEV:
	case -ENOENT:
		return cudaErrorNoDevice;
	default:
		return cudaErrorUnknown;
	}
}

/*
 * $IDXGEN_SCHEDULE: the thread order of every launch of the program
 * (sequential, zigzag, hilbert, or auto: the runtime measures and picks
 * per kernel and shape, include/idxgen_rt.h).  Orders with parameters
 * (strided, tiled) need a program that asks for them through idxgen_rt.
 */
static struct idxgen_rt_schedule schedule_from_env(void)
{
	const char *s = getenv("IDXGEN_SCHEDULE");
	struct idxgen_rt_schedule sc = { .order = IDXGEN_SCHED_SEQUENTIAL };

	if (!s)
		return sc;
	if (!strcmp(s, "auto"))
		sc.order = IDXGEN_RT_SCHED_AUTO;
	else if (!strcmp(s, "zigzag"))
		sc.order = IDXGEN_SCHED_ZIGZAG;
	else if (!strcmp(s, "hilbert"))
		sc.order = IDXGEN_SCHED_HILBERT;
	return sc;
}

/*
 * Block limits: the device's, capped at CUDA's (1024 threads, 1024 x 1024
 * x 64): programs size shared arrays and reductions by them and expect a
 * 2048-thread block to fail with cudaErrorInvalidConfiguration.
 */
static void clamp_limits(struct idxgen_info *info)
{
	static const uint32_t cuda_dim[3] = { 1024, 1024, 64 };

	if (info->max_threads > 1024)
		info->max_threads = 1024;
	for (int i = 0; i < 3; i++)
		if (info->max_dim[i] > cuda_dim[i])
			info->max_dim[i] = cuda_dim[i];
}

cudaError_t cudart_get_rt(struct idxgen_rt **rtp)
{
	struct idxgen_rt_options o = { 0 };
	int err;

	if (!ctx.rt) {
		err = idxgen_rt_create(&o, &ctx.rt);
		if (err) {
			ctx.rt = NULL;
			return err == -ENOMEM ? cudaErrorMemoryAllocation : cudaErrorNoDevice;
		}
		err = idxgen_get_info(idxgen_rt_device(ctx.rt), &ctx.info);
		if (err) {
			idxgen_rt_destroy(ctx.rt);
			ctx.rt = NULL;
			return cudaErrorNoDevice;
		}
		clamp_limits(&ctx.info);
		ctx.sched = schedule_from_env();
	}
	*rtp = ctx.rt;
	return cudaSuccess;
}
