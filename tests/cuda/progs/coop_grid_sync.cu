// Cooperative launch with grid-wide barriers, in the style of public code
// (reductions and iterative stencils that keep one kernel resident instead
// of launching once per phase): the grid is sized from the occupancy API,
// launched with cudaLaunchCooperativeKernel, and synchronised with
// cooperative_groups::this_grid().sync().  Results against host references;
// a grid one block larger than can be resident must be refused.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                                \
	do {                                                                                       \
		cudaError_t e_ = (call);                                                           \
		if (e_ != cudaSuccess) {                                                           \
			printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));         \
			printf("FAIL\n");                                                          \
			return 1;                                                                  \
		}                                                                                  \
	} while (0)

#define THREADS 128

// Sum of in[0..n): grid-stride partial sums, a block tree in shared memory,
// one partial per block, a grid barrier, then block 0 adds the partials.
__global__ void grid_sum(const int *in, int n, long long *partial, long long *out)
{
	cg::grid_group grid = cg::this_grid();
	cg::thread_block block = cg::this_thread_block();
	__shared__ long long s[THREADS];
	long long v = 0;

	for (int i = grid.thread_rank(); i < n; i += grid.size())
		v += in[i];
	s[threadIdx.x] = v;
	block.sync();
	for (int off = blockDim.x / 2; off > 0; off /= 2) {
		if (threadIdx.x < off)
			s[threadIdx.x] += s[threadIdx.x + off];
		block.sync();
	}
	if (threadIdx.x == 0)
		partial[blockIdx.x] = s[0];
	grid.sync();
	if (grid.block_rank() == 0 && threadIdx.x == 0) {
		long long t = 0;
		for (unsigned int b = 0; b < grid.num_blocks(); b++)
			t += partial[b];
		*out = t;
	}
}

// A 1-D three-point stencil iterated `steps` times in one launch: each step
// reads the other buffer, and the whole grid waits before the next one.
__device__ void stencil_step(const float *src, float *dst, int n, cg::grid_group &grid)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		float l = i > 0 ? src[i - 1] : 0.0f, r = i + 1 < n ? src[i + 1] : 0.0f;
		dst[i] = 0.25f * l + 0.5f * src[i] + 0.25f * r;
	}
	grid.sync();
}

__global__ void jacobi(float *a, float *b, int n, int steps)
{
	cg::grid_group grid = cg::this_grid();

	for (int s = 0; s < steps; s++) {
		if (s % 2 == 0)
			stencil_step(a, b, n, grid);
		else
			stencil_step(b, a, n, grid);
	}
}

int main()
{
	const int n = 5000, steps = 7;
	int dev = 0, coop = 0, sms = 0, per_sm = 0;

	CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
	if (!coop) {
		printf("cooperative launch not supported\nFAIL\n");
		return 1;
	}
	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_sum, THREADS, 0));
	int blocks = sms * per_sm;
	if (blocks < 1) {
		printf("no resident block\nFAIL\n");
		return 1;
	}

	int *h_in = (int *)malloc(n * sizeof(int));
	long long ref = 0;
	for (int i = 0; i < n; i++) {
		h_in[i] = (i * 37) % 101 - 50;
		ref += h_in[i];
	}
	int *d_in;
	long long *d_partial, *d_out, h_out = 0;
	CHECK(cudaMalloc(&d_in, n * sizeof(int)));
	CHECK(cudaMalloc(&d_partial, (blocks + 1) * sizeof(long long)));
	CHECK(cudaMalloc(&d_out, sizeof(long long)));
	CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
	int nn = n;
	void *args[] = { &d_in, &nn, &d_partial, &d_out };
	CHECK(cudaLaunchCooperativeKernel((void *)grid_sum, dim3(blocks), dim3(THREADS), args, 0, 0));
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(&h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
	int ok = h_out == ref;
	printf("grid_sum: %lld (expected %lld) over %d blocks\n", h_out, ref, blocks);

	// one block more than can be resident: refused, nothing runs, not sticky
	cudaError_t e = cudaLaunchCooperativeKernel((void *)grid_sum, dim3(blocks + 1), dim3(THREADS), args, 0, 0);
	printf("too large: %s\n", cudaGetErrorName(e));
	ok = ok && e == cudaErrorCooperativeLaunchTooLarge;
	ok = ok && cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge && cudaGetLastError() == cudaSuccess;

	float *h_a = (float *)malloc(n * sizeof(float)), *h_b = (float *)malloc(n * sizeof(float));
	float *r_a = (float *)malloc(n * sizeof(float)), *r_b = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		h_a[i] = r_a[i] = (float)((i * 13) % 29);
	for (int s = 0; s < steps; s++) {
		const float *src = s % 2 == 0 ? r_a : r_b;
		float *dst = s % 2 == 0 ? r_b : r_a;
		for (int i = 0; i < n; i++) {
			float l = i > 0 ? src[i - 1] : 0.0f, r = i + 1 < n ? src[i + 1] : 0.0f;
			dst[i] = 0.25f * l + 0.5f * src[i] + 0.25f * r;
		}
	}
	float *d_a, *d_b;
	CHECK(cudaMalloc(&d_a, n * sizeof(float)));
	CHECK(cudaMalloc(&d_b, n * sizeof(float)));
	CHECK(cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice));
	int st = steps;
	void *jargs[] = { &d_a, &d_b, &nn, &st };
	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, jacobi, THREADS, 0));
	CHECK(cudaLaunchCooperativeKernel((void *)jacobi, dim3(sms * per_sm), dim3(THREADS), jargs, 0, 0));
	CHECK(cudaDeviceSynchronize());
	const float *res_d = steps % 2 ? d_b : d_a;
	const float *res_r = steps % 2 ? r_b : r_a;
	CHECK(cudaMemcpy(h_b, res_d, n * sizeof(float), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += fabsf(h_b[i] - res_r[i]) > 1e-4f * (1.0f + fabsf(res_r[i]));	// fused multiply-adds may differ
	printf("jacobi: %d of %d values differ\n", bad, n);
	ok = ok && bad == 0;

	// the same through cudaLaunchKernelEx and the cooperative attribute
	cudaLaunchAttribute attr[1];
	attr[0].id = cudaLaunchAttributeCooperative;
	attr[0].val.cooperative = 1;
	cudaLaunchConfig_t cfg = {};
	cfg.gridDim = dim3(sms * per_sm);
	cfg.blockDim = dim3(THREADS);
	cfg.attrs = attr;
	cfg.numAttrs = 1;
	CHECK(cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaLaunchKernelEx(&cfg, jacobi, d_a, d_b, n, steps));
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(h_b, res_d, n * sizeof(float), cudaMemcpyDeviceToHost));
	bad = 0;
	for (int i = 0; i < n; i++)
		bad += fabsf(h_b[i] - res_r[i]) > 1e-4f * (1.0f + fabsf(res_r[i]));
	cfg.gridDim = dim3(sms * per_sm + 1);
	e = cudaLaunchKernelEx(&cfg, jacobi, d_a, d_b, n, steps);
	printf("cudaLaunchKernelEx: %d of %d values differ; too large: %s\n", bad, n, cudaGetErrorName(e));
	ok = ok && bad == 0 && e == cudaErrorCooperativeLaunchTooLarge;
	cudaGetLastError();

	cudaFree(d_in);
	cudaFree(d_partial);
	cudaFree(d_out);
	cudaFree(d_a);
	cudaFree(d_b);
	free(h_in);
	free(h_a);
	free(h_b);
	free(r_a);
	free(r_b);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
