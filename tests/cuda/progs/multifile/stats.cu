// Second CUDA file: a block reduction kernel (its own static helper of the
// same name as scale.cu's, to check that file-local names stay local) and
// its host wrapper.
#include <cuda_runtime.h>
#include "ops.h"

#define BLOCK 256

static __device__ float fma_like(float a, float b) { return a > b ? a : b; }

__global__ void sum_max(const float *x, int n, float *sums, float *maxes)
{
	__shared__ float s[BLOCK], m[BLOCK];
	int i = blockIdx.x * BLOCK + threadIdx.x;
	s[threadIdx.x] = i < n ? x[i] : 0.0f;
	m[threadIdx.x] = i < n ? x[i] : -1e30f;
	__syncthreads();
	for (int k = BLOCK / 2; k > 0; k >>= 1) {
		if (threadIdx.x < k) {
			s[threadIdx.x] += s[threadIdx.x + k];
			m[threadIdx.x] = fma_like(m[threadIdx.x], m[threadIdx.x + k]);
		}
		__syncthreads();
	}
	if (threadIdx.x == 0) {
		sums[blockIdx.x] = s[0];
		maxes[blockIdx.x] = m[0];
	}
}

int device_sum_max(const float *d_x, int n, float *sum, float *max)
{
	int blocks = (n + BLOCK - 1) / BLOCK;
	float *d_s, *d_m;
	if (cudaMalloc(&d_s, blocks * sizeof(float)) != cudaSuccess)
		return -1;
	if (cudaMalloc(&d_m, blocks * sizeof(float)) != cudaSuccess)
		return -1;
	sum_max<<<blocks, BLOCK>>>(d_x, n, d_s, d_m);
	float *hs = new float[blocks], *hm = new float[blocks];
	cudaMemcpy(hs, d_s, blocks * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(hm, d_m, blocks * sizeof(float), cudaMemcpyDeviceToHost);
	*sum = 0.0f;
	*max = -1e30f;
	for (int b = 0; b < blocks; b++) {
		*sum += hs[b];
		*max = hm[b] > *max ? hm[b] : *max;
	}
	delete[] hs;
	delete[] hm;
	cudaFree(d_s);
	cudaFree(d_m);
	return 0;
}
