// A 256-bin byte histogram: per-block sub-histograms in shared memory with
// shared atomicAdd, merged into the global histogram with global atomicAdd;
// a grid-stride loop reading uchar4; and a second 64-bin version with one
// private histogram per warp (blockDim.x / warpSize copies).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BINS 256

__global__ void hist256(const uchar4 *data, int n4, unsigned *hist)
{
	__shared__ unsigned local[BINS];
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
		uchar4 v = data[i];
		atomicAdd(&local[v.x], 1u);
		atomicAdd(&local[v.y], 1u);
		atomicAdd(&local[v.z], 1u);
		atomicAdd(&local[v.w], 1u);
	}
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		if (local[b])
			atomicAdd(&hist[b], local[b]);
}

__global__ void hist64_per_warp(const unsigned char *data, int n, unsigned *hist)
{
	extern __shared__ unsigned warp_hist[]; // [warps][64]
	int warps = blockDim.x / warpSize, w = threadIdx.x / warpSize;
	for (int b = threadIdx.x; b < warps * 64; b += blockDim.x)
		warp_hist[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&warp_hist[w * 64 + (data[i] >> 2)], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < 64; b += blockDim.x) {
		unsigned s = 0;
		for (int k = 0; k < warps; k++)
			s += warp_hist[k * 64 + b];
		atomicAdd(&hist[b], s);
	}
}

int main()
{
	const int n = 1 << 20;
	unsigned char *h = (unsigned char *)malloc(n);
	srand(99);
	for (int i = 0; i < n; i++)
		h[i] = (unsigned char)((rand() % 256) * (rand() % 2 ? 1 : 0) + (i % 3));
	unsigned want[BINS] = {0}, want64[64] = {0};
	for (int i = 0; i < n; i++) {
		want[h[i]]++;
		want64[h[i] >> 2]++;
	}
	unsigned char *d;
	unsigned *dh, *dh64;
	cudaMalloc(&d, n);
	cudaMalloc(&dh, BINS * sizeof(unsigned));
	cudaMalloc(&dh64, 64 * sizeof(unsigned));
	cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
	cudaMemset(dh, 0, BINS * sizeof(unsigned));
	cudaMemset(dh64, 0, 64 * sizeof(unsigned));
	hist256<<<48, 192>>>((const uchar4 *)d, n / 4, dh);
	hist64_per_warp<<<32, 256, (256 / 32) * 64 * sizeof(unsigned)>>>(d, n, dh64);
	unsigned got[BINS], got64[64];
	cudaMemcpy(got, dh, sizeof(got), cudaMemcpyDeviceToHost);
	cudaMemcpy(got64, dh64, sizeof(got64), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int b = 0; b < BINS; b++)
		ok &= got[b] == want[b];
	for (int b = 0; b < 64; b++)
		ok &= got64[b] == want64[b];
	cudaFree(d); cudaFree(dh); cudaFree(dh64);
	free(h);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
