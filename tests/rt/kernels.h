/* SPDX-License-Identifier: MIT */
/*
 * kernels.h - test kernels hand-written in the form the translator emits
 * (include/idxgen_rt.h, part 1), with the CUDA source they stand for, and
 * plain C references.  Shared by the runtime suite (tests/rt/test_rt*.c)
 * and the benchmark.
 */
#ifndef IDXGEN_TESTS_RT_KERNELS_H
#define IDXGEN_TESTS_RT_KERNELS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "idxgen_rt.h"

#define KARG(blk, i, T) (*(T const *)(blk)->args[(i)])

/* __global__ void vadd(const float *a, const float *b, float *c, unsigned n)
 * { unsigned i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i]; } */
static void vadd_block(struct idxgen_rt_block *blk)
{
	const float *a = KARG(blk, 0, float *), *b = KARG(blk, 1, float *);
	float *c = KARG(blk, 2, float *);
	uint32_t n = KARG(blk, 3, uint32_t);
	uint32_t base = blk->block_idx[0] * blk->block_dim[0];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t i = base + IDXGEN_RT_TID_X(blk, t);

		if (i < n)
			c[i] = a[i] + b[i];
	}
}

static const size_t vadd_args[] = { sizeof(float *), sizeof(float *), sizeof(float *), sizeof(uint32_t) };
static const struct idxgen_rt_kernel vadd_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "vadd",
	.block = vadd_block, .nargs = 4, .arg_sizes = vadd_args,
};

static inline void vadd_ref(const float *a, const float *b, float *c, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}

/* __global__ void reduce(const int *in, int *out, unsigned n)
 * {	extern __shared__ int s[];
 *	unsigned tx = threadIdx.x, i = blockIdx.x * blockDim.x + tx;
 *	s[tx] = i < n ? in[i] : 0;
 *	__syncthreads();
 *	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
 *		if (tx < k) s[tx] += s[tx + k];
 *		__syncthreads();
 *	}
 *	if (tx == 0) out[blockIdx.x] = s[0];
 * }	(blockDim.x a power of two; dynamic shared: blockDim.x ints) */
static void reduce_block(struct idxgen_rt_block *blk)
{
	const int32_t *in = KARG(blk, 0, int32_t *);
	int32_t *out = KARG(blk, 1, int32_t *);
	uint32_t n = KARG(blk, 2, uint32_t);
	uint32_t bdx = blk->block_dim[0], base = blk->block_idx[0] * bdx;
	int32_t *s = (int32_t *)blk->dyn_shared;

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t), i = base + tx;

		s[tx] = i < n ? in[i] : 0;
	}
	for (uint32_t k = bdx / 2; k > 0; k >>= 1) {
		IDXGEN_RT_FOR_THREADS(blk, t) {
			uint32_t tx = IDXGEN_RT_TID_X(blk, t);

			if (tx < k)
				s[tx] += s[tx + k];
		}
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		if (IDXGEN_RT_TID_X(blk, t) == 0)
			out[blk->block_idx[0]] = s[0];
	}
}

static const size_t reduce_args[] = { sizeof(int32_t *), sizeof(int32_t *), sizeof(uint32_t) };
static const struct idxgen_rt_kernel reduce_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "reduce",
	.block = reduce_block, .nargs = 3, .arg_sizes = reduce_args,
};

/* __global__ void matmul(const float *A, const float *B, float *C, unsigned n)
 * {	__shared__ float As[T][T], Bs[T][T];	// T = 16, blockDim (T, T), n % T == 0
 *	unsigned tx = threadIdx.x, ty = threadIdx.y;
 *	unsigned row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
 *	float acc = 0;				// lives across barriers
 *	for (unsigned m = 0; m < n / T; m++) {
 *		As[ty][tx] = A[row * n + m * T + tx];
 *		Bs[ty][tx] = B[(m * T + ty) * n + col];
 *		__syncthreads();
 *		for (unsigned k = 0; k < T; k++) acc += As[ty][k] * Bs[k][tx];
 *		__syncthreads();
 *	}
 *	C[row * n + col] = acc;
 * } */
#define MM_T 16
static void matmul_block(struct idxgen_rt_block *blk)
{
	const float *A = KARG(blk, 0, float *), *B = KARG(blk, 1, float *);
	float *C = KARG(blk, 2, float *);
	uint32_t n = KARG(blk, 3, uint32_t);
	float(*As)[MM_T] = (float(*)[MM_T])IDXGEN_RT_SHARED(blk, float, 0);
	float(*Bs)[MM_T] = (float(*)[MM_T])IDXGEN_RT_SHARED(blk, float, sizeof(float) * MM_T * MM_T);
	float *acc = IDXGEN_RT_PRIV(blk, float, 0);
	uint32_t r0 = blk->block_idx[1] * MM_T, c0 = blk->block_idx[0] * MM_T;

	IDXGEN_RT_FOR_THREADS(blk, t)
		acc[t] = 0;
	for (uint32_t m = 0; m < n / MM_T; m++) {
		IDXGEN_RT_FOR_THREADS(blk, t) {
			uint32_t tx = IDXGEN_RT_TID_X(blk, t), ty = IDXGEN_RT_TID_Y(blk, t);

			As[ty][tx] = A[(r0 + ty) * n + m * MM_T + tx];
			Bs[ty][tx] = B[(m * MM_T + ty) * n + c0 + tx];
		}
		IDXGEN_RT_FOR_THREADS(blk, t) {
			uint32_t tx = IDXGEN_RT_TID_X(blk, t), ty = IDXGEN_RT_TID_Y(blk, t);
			float a = acc[t];

			for (uint32_t k = 0; k < MM_T; k++)
				a += As[ty][k] * Bs[k][tx];
			acc[t] = a;
		}
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t), ty = IDXGEN_RT_TID_Y(blk, t);

		C[(r0 + ty) * n + c0 + tx] = acc[t];
	}
}

static const size_t matmul_args[] = { sizeof(float *), sizeof(float *), sizeof(float *), sizeof(uint32_t) };
static const struct idxgen_rt_kernel matmul_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "matmul",
	.block = matmul_block, .shared_bytes = 2 * sizeof(float) * MM_T * MM_T,
	.priv_bytes = sizeof(float), .nargs = 4, .arg_sizes = matmul_args,
};

/*
 * The same kernel as an optimising translator may emit it: in the
 * multiply region the uniform k loop moves outside the thread loop (legal:
 * threads of one region are independent between barriers), so the threads'
 * accumulations are independent chains instead of one 16-long chain per
 * thread.  Same sums in the same order: bit-identical results.
 */
static void matmul_il_block(struct idxgen_rt_block *blk)
{
	const float *A = KARG(blk, 0, float *), *B = KARG(blk, 1, float *);
	float *C = KARG(blk, 2, float *);
	uint32_t n = KARG(blk, 3, uint32_t);
	float(*As)[MM_T] = (float(*)[MM_T])IDXGEN_RT_SHARED(blk, float, 0);
	float(*Bs)[MM_T] = (float(*)[MM_T])IDXGEN_RT_SHARED(blk, float, sizeof(float) * MM_T * MM_T);
	float *acc = IDXGEN_RT_PRIV(blk, float, 0);
	uint32_t r0 = blk->block_idx[1] * MM_T, c0 = blk->block_idx[0] * MM_T;

	IDXGEN_RT_FOR_THREADS(blk, t)
		acc[t] = 0;
	for (uint32_t m = 0; m < n / MM_T; m++) {
		IDXGEN_RT_FOR_THREADS(blk, t) {
			uint32_t tx = IDXGEN_RT_TID_X(blk, t), ty = IDXGEN_RT_TID_Y(blk, t);

			As[ty][tx] = A[(r0 + ty) * n + m * MM_T + tx];
			Bs[ty][tx] = B[(m * MM_T + ty) * n + c0 + tx];
		}
		for (uint32_t k = 0; k < MM_T; k++)
			IDXGEN_RT_FOR_THREADS(blk, t)
				acc[t] += As[IDXGEN_RT_TID_Y(blk, t)][k] * Bs[k][IDXGEN_RT_TID_X(blk, t)];
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t), ty = IDXGEN_RT_TID_Y(blk, t);

		C[(r0 + ty) * n + c0 + tx] = acc[t];
	}
}

static const struct idxgen_rt_kernel matmul_il_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "matmul-il",
	.block = matmul_il_block, .shared_bytes = 2 * sizeof(float) * MM_T * MM_T,
	.priv_bytes = sizeof(float), .nargs = 4, .arg_sizes = matmul_args,
};

/* The same sum order as the kernel: over tiles, then k within the tile. */
static inline void matmul_ref(const float *A, const float *B, float *C, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = 0; j < n; j++) {
			float acc = 0;

			for (uint32_t k = 0; k < n; k++)
				acc += A[i * n + k] * B[k * n + j];
			C[i * n + j] = acc;
		}
}

/* __global__ void stencil(const float *in, float *out, unsigned nx, unsigned ny, unsigned nz)
 * {	unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = ..., z = ...;
 *	if (x >= nx || y >= ny || z >= nz) return;
 *	size_t i = ((size_t)z * ny + y) * nx + x;
 *	if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1)
 *		out[i] = in[i];
 *	else
 *		out[i] = 0.4f * in[i] + 0.1f * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]
 *			 + in[i - nx * ny] + in[i + nx * ny]);
 * }	(blockDim (8, 4, 4) in the tests: blockDim.z > 1) */
static inline float stencil_point(const float *in, size_t i, uint32_t x, uint32_t y, uint32_t z,
				  uint32_t nx, uint32_t ny, uint32_t nz)
{
	size_t p = (size_t)nx * ny;

	if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1)
		return in[i];
	return 0.4f * in[i] + 0.1f * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - p] + in[i + p]);
}

static void stencil_block(struct idxgen_rt_block *blk)
{
	const float *in = KARG(blk, 0, float *);
	float *out = KARG(blk, 1, float *);
	uint32_t nx = KARG(blk, 2, uint32_t), ny = KARG(blk, 3, uint32_t), nz = KARG(blk, 4, uint32_t);
	uint32_t bx = blk->block_idx[0] * blk->block_dim[0], by = blk->block_idx[1] * blk->block_dim[1];
	uint32_t bz = blk->block_idx[2] * blk->block_dim[2];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t x = bx + IDXGEN_RT_TID_X(blk, t), y = by + IDXGEN_RT_TID_Y(blk, t);
		uint32_t z = bz + IDXGEN_RT_TID_Z(blk, t);
		size_t i;

		if (x >= nx || y >= ny || z >= nz)
			continue;
		i = ((size_t)z * ny + y) * nx + x;
		out[i] = stencil_point(in, i, x, y, z, nx, ny, nz);
	}
}

static const size_t stencil_args[] = { sizeof(float *), sizeof(float *), sizeof(uint32_t),
				       sizeof(uint32_t), sizeof(uint32_t) };
static const struct idxgen_rt_kernel stencil_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "stencil",
	.block = stencil_block, .nargs = 5, .arg_sizes = stencil_args,
};

/*
 * The same stencil as an optimising translator may emit it (no runtime
 * support needed): the thread loop walks the stream warp by warp; a warp
 * whose stream is one x-run (lane l is (x0 + l, y, z): checked lane by
 * lane, so any schedule order stays correct) runs as a plain loop over its
 * lanes, which the compiler can vectorise; any other warp takes the
 * general per-thread path.  When the runtime says the stream is whole
 * x-fastest warps (blk->stream_order, ABI 2) and a warp never spans two
 * rows (block_dim[0] a multiple of the warp), every warp is an x-run: no
 * lane check.
 */
static void stencil_wr_block(struct idxgen_rt_block *blk)
{
	const float *in = KARG(blk, 0, float *);
	float *out = KARG(blk, 1, float *);
	uint32_t nx = KARG(blk, 2, uint32_t), ny = KARG(blk, 3, uint32_t), nz = KARG(blk, 4, uint32_t);
	uint32_t bx = blk->block_idx[0] * blk->block_dim[0], by = blk->block_idx[1] * blk->block_dim[1];
	uint32_t bz = blk->block_idx[2] * blk->block_dim[2], W = blk->warp_size;
	const uint16_t *tx = blk->tid_x, *ty = blk->tid_y, *tz = blk->tid_z;
	const bool x_runs = blk->stream_order != IDXGEN_RT_STREAM_GENERAL && blk->block_dim[0] % W == 0;

	for (uint32_t w0 = 0; w0 < blk->nthreads; w0 += W) {
		uint32_t n = blk->nthreads - w0 < W ? blk->nthreads - w0 : W, e = w0 + n - 1, run = 1;

		for (uint32_t l = 1; l < n && !x_runs; l++)
			run &= (tx[w0 + l] == tx[w0] + l) & (ty[w0 + l] == ty[w0]) & (tz[w0 + l] == tz[w0]);
		if (run) {
			uint32_t y = by + ty[w0], z = bz + tz[w0], x0 = bx + tx[w0];
			size_t row;

			if (y >= ny || z >= nz)
				continue;
			row = ((size_t)z * ny + y) * nx;
			for (uint32_t l = 0; l < n && x0 + l < nx; l++)
				out[row + x0 + l] = stencil_point(in, row + x0 + l, x0 + l, y, z, nx, ny, nz);
			continue;
		}
		for (uint32_t t = w0; t <= e; t++) {
			uint32_t x = bx + tx[t], y = by + ty[t], z = bz + tz[t];
			size_t i;

			if (x >= nx || y >= ny || z >= nz)
				continue;
			i = ((size_t)z * ny + y) * nx + x;
			out[i] = stencil_point(in, i, x, y, z, nx, ny, nz);
		}
	}
}

static const struct idxgen_rt_kernel stencil_wr_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "stencil-wr",
	.block = stencil_wr_block, .nargs = 5, .arg_sizes = stencil_args,
};

static inline void stencil_ref(const float *in, float *out, uint32_t nx, uint32_t ny, uint32_t nz)
{
	for (uint32_t z = 0; z < nz; z++)
		for (uint32_t y = 0; y < ny; y++)
			for (uint32_t x = 0; x < nx; x++) {
				size_t i = ((size_t)z * ny + y) * nx + x;

				out[i] = stencil_point(in, i, x, y, z, nx, ny, nz);
			}
}

/* __global__ void rev(int *d)	(the example of idxgen_rt.h; blockDim.x <= 256)
 * {	__shared__ int s[256];
 *	int i = blockIdx.x * blockDim.x + threadIdx.x, v = d[i];
 *	s[threadIdx.x] = v;
 *	__syncthreads();
 *	d[i] = s[blockDim.x - 1 - threadIdx.x] + v;	// v lives across the barrier
 * } */
static void rev_block(struct idxgen_rt_block *blk)
{
	int32_t *d = KARG(blk, 0, int32_t *);
	uint32_t bdx = blk->block_dim[0], base = blk->block_idx[0] * bdx;
	int32_t *s = IDXGEN_RT_SHARED(blk, int32_t, 0);
	int32_t *v = IDXGEN_RT_PRIV(blk, int32_t, 0);

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t);

		v[t] = d[base + tx];
		s[tx] = v[t];
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t);

		d[base + tx] = s[bdx - 1 - tx] + v[t];
	}
}

static const size_t rev_args[] = { sizeof(int32_t *) };
static const struct idxgen_rt_kernel rev_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "rev", .block = rev_block,
	.shared_bytes = 256 * sizeof(int32_t), .priv_bytes = sizeof(int32_t),
	.nargs = 1, .arg_sizes = rev_args,
};

/* __global__ void vote(const int *d, unsigned *counts, int *total, float *ftotal,
 *			unsigned long long *hist)
 * {	int i = blockIdx.x * blockDim.x + threadIdx.x;
 *	__shared__ int sh;			// shared-memory atomics
 *	if (threadIdx.x == 0) sh = 0;
 *	__syncthreads();
 *	unsigned c = __syncthreads_count(d[i] > 0);
 *	int all = __syncthreads_and(d[i] > -1000), any = __syncthreads_or(d[i] == 7);
 *	atomicAdd(&sh, d[i]);
 *	atomicAdd(total, d[i]); atomicAdd(ftotal, 0.5f);
 *	atomicAdd(&hist[d[i] & 7], 1ull);
 *	__syncthreads();
 *	if (threadIdx.x == 0) counts[blockIdx.x * 4 + 0..3] = c, all, any, sh;
 * } */
static void vote_block(struct idxgen_rt_block *blk)
{
	const int32_t *d = KARG(blk, 0, int32_t *);
	uint32_t *counts = KARG(blk, 1, uint32_t *);
	int32_t *total = KARG(blk, 2, int32_t *);
	float *ftotal = KARG(blk, 3, float *);
	uint64_t *hist = KARG(blk, 4, uint64_t *);
	uint32_t base = blk->block_idx[0] * blk->block_dim[0];
	int32_t *sh = IDXGEN_RT_SHARED(blk, int32_t, 0);
	uint32_t c = IDXGEN_RT_SYNC_COUNT_INIT;
	int all = IDXGEN_RT_SYNC_AND_INIT, any = IDXGEN_RT_SYNC_OR_INIT;

	IDXGEN_RT_FOR_THREADS(blk, t)
		if (IDXGEN_RT_TID_X(blk, t) == 0)
			*sh = 0;
	IDXGEN_RT_FOR_THREADS(blk, t)
		IDXGEN_RT_SYNC_COUNT(c, d[base + IDXGEN_RT_TID_X(blk, t)] > 0);
	IDXGEN_RT_FOR_THREADS(blk, t)
		IDXGEN_RT_SYNC_AND(all, d[base + IDXGEN_RT_TID_X(blk, t)] > -1000);
	IDXGEN_RT_FOR_THREADS(blk, t) {
		int32_t v = d[base + IDXGEN_RT_TID_X(blk, t)];

		IDXGEN_RT_SYNC_OR(any, v == 7);
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		int32_t v = d[base + IDXGEN_RT_TID_X(blk, t)];

		idxgen_rt_atomic_add_i32(sh, v);
		idxgen_rt_atomic_add_i32(total, v);
		idxgen_rt_atomic_add_f32(ftotal, 0.5f);
		idxgen_rt_atomic_add_u64(&hist[v & 7], 1);
	}
	IDXGEN_RT_FOR_THREADS(blk, t)
		if (IDXGEN_RT_TID_X(blk, t) == 0) {
			uint32_t *o = counts + 4 * blk->block_idx[0];

			o[0] = c, o[1] = (uint32_t)all, o[2] = (uint32_t)any, o[3] = (uint32_t)*sh;
		}
}

static const struct idxgen_rt_kernel vote_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "vote", .block = vote_block,
	.shared_bytes = sizeof(int32_t), .nargs = 5,
};

/* Counts how often each (block, thread) runs: visits[((block linear) * nthreads) + thread linear]. */
static void visit_block(struct idxgen_rt_block *blk)
{
	uint32_t *visits = KARG(blk, 0, uint32_t *);
	const uint32_t *g = blk->grid_dim, *b = blk->block_dim;
	uint64_t bl = ((uint64_t)blk->block_idx[2] * g[1] + blk->block_idx[1]) * g[0] + blk->block_idx[0];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint64_t tl = ((uint64_t)IDXGEN_RT_TID_Z(blk, t) * b[1] + IDXGEN_RT_TID_Y(blk, t)) * b[0] +
			      IDXGEN_RT_TID_X(blk, t);

		idxgen_rt_atomic_add_u32(&visits[bl * blk->nthreads + tl], 1);
	}
}

static const struct idxgen_rt_kernel visit_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "visit", .block = visit_block, .nargs = 1,
};

/* Records, per thread of block 0, the position at which its thread loop ran it. */
static void order_block(struct idxgen_rt_block *blk)
{
	uint32_t *pos = KARG(blk, 0, uint32_t *);
	const uint32_t *b = blk->block_dim;

	if (blk->block_idx[0] || blk->block_idx[1] || blk->block_idx[2])
		return;
	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint64_t tl = ((uint64_t)IDXGEN_RT_TID_Z(blk, t) * b[1] + IDXGEN_RT_TID_Y(blk, t)) * b[0] +
			      IDXGEN_RT_TID_X(blk, t);

		pos[tl] = (uint32_t)t;
	}
}

static const struct idxgen_rt_kernel order_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "order", .block = order_block, .nargs = 1,
};

/* __global__ void hello(void) { printf("block %u thread %u\n", blockIdx.x, threadIdx.x); } */
static void hello_block(struct idxgen_rt_block *blk)
{
	IDXGEN_RT_FOR_THREADS(blk, t)
		idxgen_rt_printf(blk, "block %u thread %u\n", blk->block_idx[0], IDXGEN_RT_TID_X(blk, t));
}

static const struct idxgen_rt_kernel hello_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "hello", .block = hello_block,
};

/* __global__ void trapper(int *d, unsigned bad) { if (blockIdx.x == bad) __trap(); d[blockIdx.x] = 1; } */
static void trapper_block(struct idxgen_rt_block *blk)
{
	int32_t *d = KARG(blk, 0, int32_t *);
	uint32_t bad = KARG(blk, 1, uint32_t);

	IDXGEN_RT_FOR_THREADS(blk, t) {
		if (blk->block_idx[0] == bad && IDXGEN_RT_TID_X(blk, t) == 3)
			idxgen_rt_trap(blk, "thread %u hit __trap()", IDXGEN_RT_TID_X(blk, t));
		d[blk->block_idx[0]] = 1;
	}
}

static const struct idxgen_rt_kernel trapper_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "trapper", .block = trapper_block, .nargs = 2,
};

/* Each block writes 1 where its thread knows it runs a block (idxgen_rt_in_block), 2 where not. */
static void in_block_block(struct idxgen_rt_block *blk)
{
	int32_t *d = KARG(blk, 0, int32_t *);

	d[blk->block_idx[0]] = idxgen_rt_in_block() ? 1 : 2;
}

static const struct idxgen_rt_kernel in_block_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "in_block", .block = in_block_block, .nargs = 1,
};

/* Empty kernel (launch overhead). */
static void empty_block(struct idxgen_rt_block *blk)
{
	(void)blk;
}

static const struct idxgen_rt_kernel empty_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "empty",
	.block = empty_block,
};

#endif /* IDXGEN_TESTS_RT_KERNELS_H */
