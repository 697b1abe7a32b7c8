// SPDX-License-Identifier: MIT
/*
 * test_fiber_stack.c - a kernel whose recursion is deeper than a fiber's
 * stack (issue 38, "the switch and the stacks"; lib/rt/fiber.c,
 * lib/cudart/README.md "Errors").
 *
 * A kernel that runs as fibers (its threads meet at a barrier; here in the
 * form idxgen-cc emits for such a kernel, hand-written) in which thread
 * (5,0,0) of block (1,0,0) recurses about 200 KiB deep.  With the default
 * 64 KiB stack the launch fails: cudaDeviceSynchronize returns
 * cudaErrorLaunchFailure, and the one line the runtime prints on stderr
 * names the kernel, the block, the thread and how to raise the stack
 * (IDXGEN_FIBER_STACK, cudaLimitStackSize).  After cudaDeviceReset and
 * cudaDeviceSetLimit(cudaLimitStackSize, 1 MiB), as a CUDA program with
 * deep recursion raises its stack, the same launch runs and every thread's
 * result equals a host loop's.  Built as C and (host and kernels) by nvcc
 * -arch=sm_90 -c.
 */
#ifndef __cplusplus
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernels.h"
#include "tap.h"

#define BLOCKS 2
#define THREADS 32
#define DEEP 400	/* frames of a 512-byte array: about 200 KiB */
#define SHALLOW 3

/* ---- recurse: each thread sums k & 63 for k = depth .. 1, one frame per k ---- */
#ifdef __CUDACC__
__device__ int deep(int d)
{
	volatile char pad[512];

	pad[0] = (char)(d & 63);
	return d ? deep(d - 1) + pad[0] : 0;
}

__global__ void recurse(int *out, int depth)
{
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] =
	    deep(blockIdx.x == 1 && threadIdx.x == 5 ? depth : SHALLOW);
}
#else
#include <idxgen_rt_fiber.h>

static int deep(int d)
{
	volatile char pad[512];

	pad[0] = (char)(d & 63);
	return d ? deep(d - 1) + pad[0] : 0;
}

static void recurse__entry(struct idxgen_rt_block *blk)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	int *out = ARG(blk, int *, 0);
	int depth = ARG(blk, int, 1);

	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	out[blk->block_idx[0] * blk->block_dim[0] + t->x] =
	    deep(blk->block_idx[0] == 1 && t->x == 5 ? depth : SHALLOW);
}

static void recurse__block(struct idxgen_rt_block *blk)
{
	__idxgen_fiber_run(blk, recurse__entry);
}
void recurse(int *out, int depth);
KERNEL_DESC(recurse, 0, 2, sizeof(int *), sizeof(int))
void recurse(int *out, int depth)
{
	void *args[] = {&out, &depth};

	__idxgenLaunchStub((const void *)recurse, &recurse__kernel, args);
}
#endif

/* What deep(d) returns, as a loop. */
static int host_sum(int d)
{
	int s = 0;

	for (int k = 1; k <= d; k++)
		s += k & 63;
	return s;
}

/* Launch recurse and synchronise, what the runtime prints on stderr into err[]; the sync's result. */
static cudaError_t run(int *d, char *err, size_t n)
{
	FILE *f = tmpfile();
	int saved = dup(2);
	cudaError_t e;
	size_t got = 0;

	fflush(stderr);
	if (f && saved >= 0)
		dup2(fileno(f), 2);
	LAUNCH(recurse, BLOCKS, THREADS, 0, 0, d, DEEP);
	e = cudaDeviceSynchronize();
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (f) {
		rewind(f);
		got = fread(err, 1, n - 1, f);
		fclose(f);
	}
	err[got] = 0;
	for (char *c = err; *c; c++)	/* one TAP diagnostic line */
		if (*c == '\n')
			*c = ' ';
	return e;
}

TAP_TEST(overflow_names_kernel_thread_and_remedy)
{
	char err[1024];
	int *d = NULL;
	cudaError_t e;

	unsetenv("IDXGEN_FIBER_STACK"); /* the default stack, whatever the caller's environment */
	TAP_ERR(cudaMalloc((void **)&d, BLOCKS * THREADS * sizeof(int)), cudaSuccess);
	e = run(d, err, sizeof(err));
	tap_ok(e == cudaErrorLaunchFailure, "a recursion past the 64 KiB fiber stack: %s",
	       cudaGetErrorName(e));
	tap_diag("stderr: %s", err);
	tap_ok(strstr(err, "kernel recurse") && strstr(err, "block (1,0,0)") &&
		   strstr(err, "thread (5,0,0) overflowed its fiber stack of 64 KiB"),
	       "the message names the kernel, its block and its thread");
	tap_ok(strstr(err, "IDXGEN_FIBER_STACK=128k") && strstr(err, "cudaLimitStackSize"),
	       "the message says how to raise the stack (IDXGEN_FIBER_STACK, cudaLimitStackSize)");
	TAP_ERR(cudaGetLastError(), cudaErrorLaunchFailure);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
}

TAP_TEST(stack_limit_raises_fiber_stack)
{
	int *d = NULL, h[BLOCKS * THREADS], bad = 0;
	size_t v = 0;
	char err[1024];
	cudaError_t e;

	unsetenv("IDXGEN_FIBER_STACK");
	TAP_ERR(cudaDeviceSetLimit(cudaLimitStackSize, 1 << 20), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == 1 << 20, "cudaLimitStackSize reads back %zu", v);
	TAP_ERR(cudaMalloc((void **)&d, sizeof(h)), cudaSuccess);
	e = run(d, err, sizeof(err));
	tap_ok(e == cudaSuccess, "the same recursion with cudaLimitStackSize 1 MiB: %s%s%s",
	       cudaGetErrorName(e), *err ? ", stderr: " : "", err);
	memset(h, 0, sizeof(h));
	TAP_ERR(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost), cudaSuccess);
	for (int i = 0; i < BLOCKS * THREADS; i++)
		bad += h[i] != host_sum(i == THREADS + 5 ? DEEP : SHALLOW);
	tap_ok(!bad, "every thread's sum equals the host loop's (%d wrong; thread (5,0,0) of block "
		     "(1,0,0): %d, want %d)",
	       bad, h[THREADS + 5], host_sum(DEEP));
	TAP_ERR(cudaFree(d), cudaSuccess);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
}

/*
 * What cudaLimitStackSize reads is the stack a fiber kernel's thread gets
 * (CUDA: the driver may clamp or round the value set, and
 * cudaDeviceGetLimit says exactly what it became).  The rule, written
 * here from include/idxgen_rt.h: the larger of the least set and
 * IDXGEN_FIBER_STACK (default 64 KiB, the stack the overflow above names),
 * at most 1 GiB, rounded up to pages.  Before, an unset limit read 8 MiB
 * and the value set read back unrounded.
 */
static size_t pages_up(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

TAP_TEST(stack_limit_reads_fiber_stack)
{
	size_t v = 0;

	unsetenv("IDXGEN_FIBER_STACK");
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == 64 << 10, "unset, cudaLimitStackSize reads the default fiber stack: %zu, want %d", v,
	       64 << 10);
	setenv("IDXGEN_FIBER_STACK", "256k", 1);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == 256 << 10, "with IDXGEN_FIBER_STACK=256k it reads %zu, want %d", v, 256 << 10);
	unsetenv("IDXGEN_FIBER_STACK");
	TAP_ERR(cudaDeviceSetLimit(cudaLimitStackSize, 100000), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == pages_up(100000), "set to 100000, it reads %zu (rounded up to pages: %zu)", v,
	       pages_up(100000));
	TAP_ERR(cudaDeviceSetLimit(cudaLimitStackSize, 1024), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == 64 << 10, "set to 1024 (a GPU's default), it reads %zu: no fiber gets less than %d",
	       v, 64 << 10);
	TAP_ERR(cudaDeviceSetLimit(cudaLimitStackSize, (size_t)3 << 30), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == (size_t)1 << 30, "set to 3 GiB, it reads %zu: clamped to 1 GiB", v);
	TAP_ERR(cudaDeviceSetLimit(cudaLimitStackSize, 1 << 20), cudaSuccess);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
	TAP_ERR(cudaDeviceGetLimit(&v, cudaLimitStackSize), cudaSuccess);
	tap_ok(v == 64 << 10, "cudaDeviceReset sets the limit back: it reads %zu, want %d", v, 64 << 10);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
