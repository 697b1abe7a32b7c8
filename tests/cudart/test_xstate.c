// SPDX-License-Identifier: MIT
/*
 * test_xstate.c - no launch or copy entry point of the CUDA runtime leaves
 * wide vector state in use (issue 40, item 0; tests/common/xstate.h says
 * why and how it is read; tests/lib/test_xstate.c does the same for
 * libidxgen and its runtime).
 *
 * Host code only, with the kernel in the form idxgen-cc emits (the launch
 * ABI of include/cuda/cuda_runtime_api.h): the kernel reads XINUSE as each
 * block starts, on whichever thread runs it, so state left by the launch
 * path (the unpack of the thread indices, on the default stream or a
 * stream's thread) is caught there; the caller reads it after each call.
 */
#include <cuda_runtime.h>
#include <idxgen_rt.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "xstate.h"

static _Atomic uint32_t kernel_saw;

/* __global__ void probe(int *p, int n) { i = global x; if (i < n) p[i] = i; } */
static void probe__block(struct idxgen_rt_block *blk)
{
	int *p = *(int *const *)blk->args[0];
	int n = *(const int *)blk->args[1];
	int base = (int)(blk->block_idx[0] * blk->block_dim[0]);

	atomic_fetch_or(&kernel_saw, xstate_in_use());
	IDXGEN_RT_FOR_THREADS(blk, t)
	{
		int i = base + (int)IDXGEN_RT_TID_X(blk, t);

		if (i < n)
			p[i] = i;
	}
}

static const size_t probe__sizes[] = { sizeof(int *), sizeof(int) };
static const struct idxgen_rt_kernel probe__kernel = {
	IDXGEN_RT_ABI_VERSION, 0, "probe", probe__block, 0, 0, NULL, 2, probe__sizes,
};
static void probe(int *p, int n);
__attribute__((constructor)) static void probe__register(void)
{
	__idxgenRegisterFunction((const void *)probe, &probe__kernel);
}
static void probe(int *p, int n)
{
	void *args[] = { &p, &n };

	__idxgenLaunchStub((const void *)probe, &probe__kernel, args);
}

#define N 5000

static int *host, *dev;

static void check(const char *what, cudaError_t err)
{
	uint32_t left = xstate_in_use();

	tap_ok(err == cudaSuccess && !left, "%s: %s, XINUSE after 0x%x", what, cudaGetErrorName(err),
	       left);
}

/* <<<grid, block, 0, stream>>>, then the kernel's view and the result. */
static void launch(unsigned int grid, unsigned int block, cudaStream_t st, const char *what)
{
	cudaError_t err;

	memset(host, 0xff, N * sizeof(int));
	atomic_store(&kernel_saw, 0);
	xstate_init();
	err = __idxgenPushCallConfiguration(IDXGEN_DIM3(grid), IDXGEN_DIM3(block), 0, st)
		      ? cudaErrorInvalidConfiguration
		      : cudaSuccess;
	if (err == cudaSuccess) {
		probe(dev, N);
		err = cudaGetLastError();
	}
	check(what, err);
	xstate_init();
	check("cudaStreamSynchronize", cudaStreamSynchronize(st));
	xstate_init();
	check("cudaMemcpy device to host", cudaMemcpy(host, dev, N * sizeof(int), cudaMemcpyDeviceToHost));
	tap_ok(!atomic_load(&kernel_saw), "%s: XINUSE as the blocks started 0x%x", what,
	       atomic_load(&kernel_saw));
	for (unsigned int i = 0; i < N && i < grid * block; i++)
		if (host[i] != (int)i) {
			tap_ok(0, "%s: p[%u] = %d", what, i, host[i]);
			return;
		}
}

/*
 * One scenario: each call leaves its state for the next (the device
 * buffer, the stream), and each is checked for the wide state it leaves.
 */
TAP_TEST(entry_points)
{
	cudaStream_t st = NULL;

	xstate_init();	/* threads the runtime starts begin with their creator's state */
	check("cudaSetDevice", cudaSetDevice(0));
	host = (int *)calloc(N, sizeof(int));
	xstate_init();
	check("cudaMalloc", cudaMalloc((void **)&dev, N * sizeof(int)));
	xstate_init();
	check("cudaMemcpy host to device", cudaMemcpy(dev, host, N * sizeof(int), cudaMemcpyHostToDevice));
	xstate_init();
	check("cudaMemset", cudaMemset(dev, 0, N * sizeof(int)));
	xstate_init();
	check("cudaStreamCreate", cudaStreamCreate(&st));
	launch(1, 256, NULL, "probe<<<1, 256>>> (default stream)");
	launch(20, 250, NULL, "probe<<<20, 250>>> (default stream)");
	launch(1, 33, st, "probe<<<1, 33, 0, stream>>>");
	launch(5, 1000, st, "probe<<<5, 1000, 0, stream>>>");
	xstate_init();
	check("cudaMemcpyAsync", cudaMemcpyAsync(dev, host, N * sizeof(int), cudaMemcpyHostToDevice, st));
	xstate_init();
	check("cudaMemsetAsync", cudaMemsetAsync(dev, 0, N * sizeof(int), st));
	xstate_init();
	check("cudaDeviceSynchronize", cudaDeviceSynchronize());
	xstate_init();
	check("cudaStreamDestroy", cudaStreamDestroy(st));
	xstate_init();
	check("cudaFree", cudaFree(dev));
	free(host);
}

int main(int argc, char **argv)
{
	const char *why;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	why = xstate_unsupported();
	if (why) {
		tap_skip(why, "XINUSE readable");
		return tap_done();
	}
	if (xstate_reexec(argv))
		printf("# could not restart with GLIBC_TUNABLES=%s\n", XSTATE_TUNABLES);
	return tap_main(argc, argv);
}
