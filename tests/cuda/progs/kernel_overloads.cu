// Kernels overloaded by their parameter types, launched from a host
// function template that names the kernel once for every element type (as
// benchmark programs time one operation over __half and __nv_bfloat16):
// C++ overload resolution picks the kernel at each launch.  The __half2 and
// __nv_bfloat162 overloads count with packed atomicAdd; an int overload has
// two more parameters and reduces its block through a __device__ helper
// with __syncthreads() inside (that overload runs as fibers, the others as
// loop fission).  Every count is a small integer, exact in each type; the
// host computes the same counts.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define SLOTS 64

__global__ void count_pairs(__half *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	__half2 *pairs = reinterpret_cast<__half2 *>(out);
	atomicAdd(&pairs[i % SLOTS], __halves2half2(__float2half(1.0f), __float2half(2.0f)));
}

__global__ void count_pairs(__nv_bfloat16 *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	__nv_bfloat162 *pairs = reinterpret_cast<__nv_bfloat162 *>(out);
	atomicAdd(&pairs[i % SLOTS], __halves2bfloat162(__float2bfloat16(3.0f), __float2bfloat16(1.0f)));
}

__device__ int block_sum(int v)
{
	__shared__ int part[128];
	part[threadIdx.x] = v;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s /= 2) {
		if ((int)threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	int r = part[0];
	__syncthreads();
	return r;
}

__global__ void count_pairs(int *out, int n, int weight, int *block_totals)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int mine = i < n ? weight : 0;
	if (i < n)
		atomicAdd(&out[2 * (i % SLOTS)], weight);
	int total = block_sum(mine);
	if (threadIdx.x == 0)
		block_totals[blockIdx.x] = total;
}

template <typename T> int run(int n, float lo_step, float hi_step)
{
	T *d, h[2 * SLOTS];
	int bad = 0;
	cudaMalloc(&d, sizeof(h));
	cudaMemset(d, 0, sizeof(h));
	count_pairs<<<(n + 127) / 128, 128>>>(d, n);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int s = 0; s < SLOTS; s++) {
		int hits = n / SLOTS + (s < n % SLOTS);
		bad += (float)h[2 * s] != hits * lo_step;
		bad += (float)h[2 * s + 1] != hits * hi_step;
	}
	cudaFree(d);
	return bad;
}

int main()
{
	const int n = 1000, nb = (n + 127) / 128;
	int bad = run<__half>(n, 1.0f, 2.0f);
	bad += run<__nv_bfloat16>(n, 3.0f, 1.0f);

	int *d, *dt, h[2 * SLOTS], tot[nb];
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dt, sizeof(tot));
	cudaMemset(d, 0, sizeof(h));
	count_pairs<<<nb, 128>>>(d, n, 5, dt);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(tot, dt, sizeof(tot), cudaMemcpyDeviceToHost);
	for (int s = 0; s < SLOTS; s++)
		bad += h[2 * s] != 5 * (n / SLOTS + (s < n % SLOTS));
	for (int b = 0; b < nb; b++) {
		int in_block = n - b * 128 < 128 ? n - b * 128 : 128;
		bad += tot[b] != 5 * in_block;
	}
	bad += cudaGetLastError() != cudaSuccess;
	cudaFree(d);
	cudaFree(dt);
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
