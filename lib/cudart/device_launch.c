// SPDX-License-Identifier: MIT
/*
 * device_launch.c - dynamic parallelism: a grid launched from device code
 * (`child<<<g, b, shm, s>>>(...)` in a __global__ or __device__ function,
 * which idxgen-cc writes as __idxgenPushDeviceCallConfiguration and a call
 * of the child's stub).
 *
 * The child grid runs to completion at the launch, before the launching
 * thread goes on.  CUDA permits that schedule: it guarantees that a child
 * grid completes before its parent grid is seen complete and that the
 * parent thread's writes before the launch are visible to the child, and it
 * never guarantees that a child runs concurrently with its parent (nor that
 * it does not).  lib/cc/README.md, "Dynamic parallelism", says what the
 * schedule does not make defined.
 *
 * The child runs on a thread of its own while the launching thread waits:
 * on the launching thread the program's per-thread objects are the parent
 * block's (threadIdx & co. of __device__ functions, __shared__ variables
 * that are thread_local, the fiber engine's current block) and the child's
 * blocks would overwrite them.  That thread runs every block of the child
 * through a runtime of one participant (ctx.dev_rt: no pool workers), so a
 * parent block that waits in a pool worker waits for no worker: no deadlock
 * however many parents wait, and the nesting depth is the launching
 * thread's plus one, exactly.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cudart.h"

/* CUDA's limit on the nesting of grids launched from device code. */
#define CUDART_MAX_DEVICE_DEPTH 24

/* How deep in device launches this thread runs: 0 for a grid the host launched. */
static _Thread_local unsigned int device_depth;

struct child_grid {
	const struct idxgen_rt_kernel *k;
	struct cudart_config cfg;
	void **args;
	unsigned int depth;
	cudaError_t err;
};

/* The runtime of one participant that runs child grids (lock held). */
static cudaError_t device_rt(struct cudart_ctx *c, struct idxgen_rt **rtp)
{
	struct idxgen_rt_options o = { .num_threads = 1 };

	if (!c->dev_rt && idxgen_rt_create(&o, &c->dev_rt))
		c->dev_rt = NULL;
	*rtp = c->dev_rt;
	return *rtp ? cudaSuccess : cudaErrorLaunchOutOfResources;
}

static void *run_child(void *arg)
{
	struct child_grid *g = arg;
	struct cudart_ctx *c = cudart_ctx();
	struct idxgen_rt_launch_opts o = { .dyn_shared = g->cfg.shmem };
	struct idxgen_rt_launch_info info;
	struct idxgen_rt *rt;
	int r;

	device_depth = g->depth;
	pthread_mutex_lock(&c->lock);
	g->err = device_rt(c, &rt);
	o.schedule = c->sched;
	pthread_mutex_unlock(&c->lock);
	if (g->err)
		return NULL;
	r = idxgen_rt_launch_ex(rt, g->k, IDXGEN_RT_DIM3(g->cfg.grid.x, g->cfg.grid.y, g->cfg.grid.z),
				IDXGEN_RT_DIM3(g->cfg.block.x, g->cfg.block.y, g->cfg.block.z), g->args, &o, &info);
	if (r == -EFAULT) {
		/* a trap in the child: the context's error, as for a grid the host launched */
		fprintf(stderr, "idxgen cudart: kernel %s: %s\n", g->k->name ? g->k->name : "?", info.error);
		cudart_set_sticky(cudart_trap_error(info.error));
	} else if (r) {
		g->err = cudart_from_errno(r);
	}
	return NULL;
}

/*
 * The launch's own errors are returned (and are the thread's last error,
 * which device code's cudaGetLastError reads): its configuration, a nesting
 * deeper than CUDA's 24, a tail launch.  A child that traps makes the
 * context's error sticky; the launch itself succeeded, as on a GPU.
 */
cudaError_t cudart_device_launch(const struct idxgen_rt_kernel *k, const struct cudart_config *cfg, void **args)
{
	struct child_grid g = { k, *cfg, args, device_depth + 1, cudaSuccess };
	pthread_t th;
	cudaError_t err = cudart_check_config(k, cfg, args);

	if (err)
		return err;
	if (g.depth > CUDART_MAX_DEVICE_DEPTH)
		return cudaErrorLaunchMaxDepthExceeded;
	if (cfg->stream == cudaStreamTailLaunch)
		return cudaErrorNotSupported;	/* it would have to wait for the whole parent grid */
	if (pthread_create(&th, NULL, run_child, &g))
		return cudaErrorLaunchOutOfResources;
	pthread_join(th, NULL);
	return g.err;
}
