// __threadfence() with the "last block finishes the job" pattern: every
// block writes its partial sum, fences, and takes a ticket with atomicInc on
// a __device__ counter; the block that draws the last ticket adds all the
// partials in one pass; the ticket wraps to 0 (atomicInc's limit) for the
// next launch. Also __threadfence_block() and a volatile read.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 128

__device__ unsigned int g_ticket = 0;

__global__ void sum_all(const float *in, volatile float *partial, float *result, int n)
{
	__shared__ float buf[BLOCK];
	__shared__ bool is_last;
	int tid = threadIdx.x;
	float acc = 0.0f;
	for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
		acc += in[i];
	buf[tid] = acc;
	__syncthreads();
	for (int s = BLOCK / 2; s > 0; s >>= 1) {
		if (tid < s)
			buf[tid] += buf[tid + s];
		__syncthreads();
	}
	if (tid == 0) {
		partial[blockIdx.x] = buf[0];
		__threadfence();
		unsigned t = atomicInc(&g_ticket, gridDim.x - 1);
		is_last = (t == gridDim.x - 1);
	}
	__syncthreads();
	if (is_last) {
		float s = 0.0f;
		for (int b = tid; b < gridDim.x; b += BLOCK)
			s += partial[b];
		buf[tid] = s;
		__threadfence_block();
		__syncthreads();
		if (tid == 0) {
			float total = 0.0f;
			for (int k = 0; k < BLOCK; k++)
				total += buf[k];
			*result = total;
		}
	}
}

int main()
{
	const int n = 100000, blocks = 40;
	float *h = new float[n];
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 7) - 3.0f; // integer values: every order gives the same sum
	float *din, *dpart, *dres;
	cudaMalloc(&din, n * sizeof(float));
	cudaMalloc(&dpart, blocks * sizeof(float));
	cudaMalloc(&dres, sizeof(float));
	cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
	bool ok = true;
	for (int rep = 0; rep < 3; rep++) {
		cudaMemset(dres, 0, sizeof(float));
		sum_all<<<blocks, BLOCK>>>(din, dpart, dres, n - rep * 1000);
		float got = -1;
		cudaMemcpy(&got, dres, sizeof(float), cudaMemcpyDeviceToHost);
		double w = 0;
		for (int i = 0; i < n - rep * 1000; i++)
			w += h[i];
		if (got != (float)w) {
			printf("rep %d: %f, want %f\n", rep, got, w);
			ok = false;
		}
	}
	cudaFree(din); cudaFree(dpart); cudaFree(dres);
	delete[] h;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
