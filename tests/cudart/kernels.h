/* SPDX-License-Identifier: MIT */
/*
 * kernels.h - the kernels of the lib/cudart tests, each twice: as CUDA
 * source (compiled by nvcc: `make check` proves the tests are real CUDA)
 * and in the form idxgen-cc emits under the launch ABI of
 * include/cuda/cuda_runtime_api.h (block function, descriptor, host stub,
 * registration constructor), hand-written.  LAUNCH(k, grid, block, shmem,
 * stream, args...) is k<<<grid, block, shmem, stream>>>(args...) and its
 * translation.
 */
#ifndef CUDART_TEST_KERNELS_H
#define CUDART_TEST_KERNELS_H

#include <cuda_runtime.h>
#include <stdio.h>

#include "tap.h"

/* An API call's result against the expected CUDA error code. */
#define TAP_ERR(call, want)                                                                        \
	do {                                                                                       \
		cudaError_t e_ = (call);                                                           \
		tap_ok(e_ == (want), "%s -> %s", #call, cudaGetErrorName(e_));                     \
	} while (0)

#ifdef __CUDACC__
#include <assert.h>
#define LAUNCH(k, g, b, sh, st, ...) k<<<g, b, sh, st>>>(__VA_ARGS__)
#else
#include <idxgen_rt.h>
#define LAUNCH(k, g, b, sh, st, ...)							\
	(__idxgenPushCallConfiguration(IDXGEN_DIM3(g), IDXGEN_DIM3(b), sh, st) ? (void)0	\
									      : k(__VA_ARGS__))
/* argument i of type T, in the uniform prologue */
#define ARG(blk, T, i) (*(T const *)(blk)->args[i])
/* the descriptor, the stub's registration (3 of the ABI) */
#define KERNEL_DESC(name, shared, nargs, ...)						\
	static const size_t name##__sizes[] = { __VA_ARGS__ };				\
	static const struct idxgen_rt_kernel name##__kernel = {				\
		IDXGEN_RT_ABI_VERSION, 0, #name, name##__block, shared, 0, NULL, nargs,	\
		name##__sizes };							\
	__attribute__((constructor)) static void name##__register(void)		\
	{										\
		__idxgenRegisterFunction((const void *)name, &name##__kernel);		\
	}
#endif

/* ---- saxpy: y = a x + y ---- */
#ifdef __CUDACC__
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}
#else
static void saxpy__block(struct idxgen_rt_block *blk)
{
	int n = ARG(blk, int, 0);
	float a = ARG(blk, float, 1);
	const float *x = ARG(blk, const float *, 2);
	float *y = ARG(blk, float *, 3);
	int base = (int)(blk->block_idx[0] * blk->block_dim[0]);

	IDXGEN_RT_FOR_THREADS(blk, t) {
		int i = base + (int)IDXGEN_RT_TID_X(blk, t);

		if (i < n)
			y[i] = a * x[i] + y[i];
	}
}
void saxpy(int n, float a, const float *x, float *y);
KERNEL_DESC(saxpy, 0, 4, sizeof(int), sizeof(float), sizeof(const float *), sizeof(float *))
void saxpy(int n, float a, const float *x, float *y)
{
	void *args[] = { &n, &a, &x, &y };

	__idxgenLaunchStub((const void *)saxpy, &saxpy__kernel, args);
}
#endif

/* ---- add_one: p[i] += 1 ---- */
#ifdef __CUDACC__
__global__ void add_one(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] += 1;
}
#else
static void add_one__block(struct idxgen_rt_block *blk)
{
	int *p = ARG(blk, int *, 0);
	int n = ARG(blk, int, 1);
	int base = (int)(blk->block_idx[0] * blk->block_dim[0]);

	IDXGEN_RT_FOR_THREADS(blk, t) {
		int i = base + (int)IDXGEN_RT_TID_X(blk, t);

		if (i < n)
			p[i] += 1;
	}
}
void add_one(int *p, int n);
KERNEL_DESC(add_one, 0, 2, sizeof(int *), sizeof(int))
void add_one(int *p, int n)
{
	void *args[] = { &p, &n };

	__idxgenLaunchStub((const void *)add_one, &add_one__kernel, args);
}
#endif

/* ---- block_sum: out[block] = sum of the block's in[], through dynamic shared memory ---- */
#ifdef __CUDACC__
__global__ void block_sum(const int *in, int *out)
{
	extern __shared__ int s[];
	int tx = threadIdx.x;

	s[tx] = in[blockIdx.x * blockDim.x + tx];
	__syncthreads();
	if (tx == 0) {
		int sum = 0;

		for (unsigned int j = 0; j < blockDim.x; j++)
			sum += s[j];
		out[blockIdx.x] = sum;
	}
}
#else
static void block_sum__block(struct idxgen_rt_block *blk)
{
	const int *in = ARG(blk, const int *, 0);
	int *out = ARG(blk, int *, 1);
	int *s = (int *)blk->dyn_shared;
	uint32_t bdx = blk->block_dim[0], base = blk->block_idx[0] * bdx;

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t);

		s[tx] = in[base + tx];
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		if (IDXGEN_RT_TID_X(blk, t) == 0) {
			int sum = 0;

			for (uint32_t j = 0; j < bdx; j++)
				sum += s[j];
			out[blk->block_idx[0]] = sum;
		}
	}
}
void block_sum(const int *in, int *out);
KERNEL_DESC(block_sum, 0, 2, sizeof(const int *), sizeof(int *))
void block_sum(const int *in, int *out)
{
	void *args[] = { &in, &out };

	__idxgenLaunchStub((const void *)block_sum, &block_sum__kernel, args);
}
#endif

/* ---- scale_coef: y[i] *= coef[i % 4], coef a __constant__ array ---- */
#ifdef __CUDACC__
__constant__ float coef[4];
__global__ void scale_coef(float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] *= coef[i % 4];
}
#else
float coef[4];
__attribute__((constructor)) static void coef__register(void)
{
	__idxgenRegisterVar((const void *)coef, sizeof(coef), "coef");
}
static void scale_coef__block(struct idxgen_rt_block *blk)
{
	float *y = ARG(blk, float *, 0);
	int n = ARG(blk, int, 1);
	int base = (int)(blk->block_idx[0] * blk->block_dim[0]);

	IDXGEN_RT_FOR_THREADS(blk, t) {
		int i = base + (int)IDXGEN_RT_TID_X(blk, t);

		if (i < n)
			y[i] *= coef[i % 4];
	}
}
void scale_coef(float *y, int n);
KERNEL_DESC(scale_coef, 16, 2, sizeof(float *), sizeof(int))
void scale_coef(float *y, int n)
{
	void *args[] = { &y, &n };

	__idxgenLaunchStub((const void *)scale_coef, &scale_coef__kernel, args);
}
#endif

/* ---- faulty: thread 5 of block 1 traps (mode 0) or fails an assert (mode 1) ---- */
#ifdef __CUDACC__
__global__ void faulty(int mode, int *out)
{
	if (blockIdx.x == 1 && threadIdx.x == 5) {
		if (mode == 0)
			__trap();
		assert(mode != 1);
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}
#else
static void faulty__block(struct idxgen_rt_block *blk)
{
	int mode = ARG(blk, int, 0);
	int *out = ARG(blk, int *, 1);
	uint32_t base = blk->block_idx[0] * blk->block_dim[0];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t);

		if (blk->block_idx[0] == 1 && tx == 5) {
			if (mode == 0)
				idxgen_rt_trap(blk, "__trap() in faulty");
			if (mode == 1)
				idxgen_rt_trap(blk, "assertion `mode != 1' failed in faulty");
		}
		out[base + tx] = 1;
	}
}
void faulty(int mode, int *out);
KERNEL_DESC(faulty, 0, 2, sizeof(int), sizeof(int *))
void faulty(int mode, int *out)
{
	void *args[] = { &mode, &out };

	__idxgenLaunchStub((const void *)faulty, &faulty__kernel, args);
}
#endif

/* ---- store: *out = v (argument values are copied at launch) ---- */
#ifdef __CUDACC__
__global__ void store(int v, int *out)
{
	*out = v;
}
#else
static void store__block(struct idxgen_rt_block *blk)
{
	int v = ARG(blk, int, 0);
	int *out = ARG(blk, int *, 1);

	IDXGEN_RT_FOR_THREADS(blk, t)
		*out = v;
}
void store(int v, int *out);
KERNEL_DESC(store, 0, 2, sizeof(int), sizeof(int *))
void store(int v, int *out)
{
	void *args[] = { &v, &out };

	__idxgenLaunchStub((const void *)store, &store__kernel, args);
}
#endif

/* ---- order_probe: out[k] = the linear threadIdx of the k-th thread to run ---- */
#ifdef __CUDACC__
__global__ void order_probe(int *ticket, int *out)
{
	out[atomicAdd(ticket, 1)] = (int)(threadIdx.y * blockDim.x + threadIdx.x);
}
#else
static void order_probe__block(struct idxgen_rt_block *blk)
{
	int *ticket = ARG(blk, int *, 0);
	int *out = ARG(blk, int *, 1);

	IDXGEN_RT_FOR_THREADS(blk, t)
		out[atomicAdd(ticket, 1)] = (int)(IDXGEN_RT_TID_Y(blk, t) * blk->block_dim[0] +
						  IDXGEN_RT_TID_X(blk, t));
}
void order_probe(int *ticket, int *out);
KERNEL_DESC(order_probe, 0, 2, sizeof(int *), sizeof(int *))
void order_probe(int *ticket, int *out)
{
	void *args[] = { &ticket, &out };

	__idxgenLaunchStub((const void *)order_probe, &order_probe__kernel, args);
}
#endif

/* ---- cond_set: a conditional node's value from memory (one thread) ---- */
#ifdef __CUDACC__
__global__ void cond_set(cudaGraphConditionalHandle h, const int *v)
{
	cudaGraphSetConditional(h, (unsigned int)*v);
}
#else
static void cond_set__block(struct idxgen_rt_block *blk)
{
	cudaGraphConditionalHandle h = ARG(blk, cudaGraphConditionalHandle, 0);
	const int *v = ARG(blk, const int *, 1);

	IDXGEN_RT_FOR_THREADS(blk, t)
		cudaGraphSetConditional(h, (unsigned int)*v);
}
void cond_set(cudaGraphConditionalHandle h, const int *v);
KERNEL_DESC(cond_set, 0, 2, sizeof(cudaGraphConditionalHandle), sizeof(const int *))
void cond_set(cudaGraphConditionalHandle h, const int *v)
{
	void *args[] = { &h, &v };

	__idxgenLaunchStub((const void *)cond_set, &cond_set__kernel, args);
}
#endif

/* ---- cond_countdown: --*left, and loop again while it is positive (one thread) ---- */
#ifdef __CUDACC__
__global__ void cond_countdown(cudaGraphConditionalHandle h, int *left)
{
	cudaGraphSetConditional(h, --*left > 0 ? 1u : 0u);
}
#else
static void cond_countdown__block(struct idxgen_rt_block *blk)
{
	cudaGraphConditionalHandle h = ARG(blk, cudaGraphConditionalHandle, 0);
	int *left = ARG(blk, int *, 1);

	IDXGEN_RT_FOR_THREADS(blk, t)
		cudaGraphSetConditional(h, --*left > 0 ? 1u : 0u);
}
void cond_countdown(cudaGraphConditionalHandle h, int *left);
KERNEL_DESC(cond_countdown, 0, 2, sizeof(cudaGraphConditionalHandle), sizeof(int *))
void cond_countdown(cudaGraphConditionalHandle h, int *left)
{
	void *args[] = { &h, &left };

	__idxgenLaunchStub((const void *)cond_countdown, &cond_countdown__kernel, args);
}
#endif

#endif
