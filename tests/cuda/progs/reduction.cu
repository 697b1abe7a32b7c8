// Sum reduction the way the textbook versions evolve: interleaved addressing
// with __syncthreads, sequential addressing, first add during load, and a
// templated version with the last warp unrolled over volatile shared memory
// (with __syncwarp between the reads and the writes of each step), each
// followed by a second pass on the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void reduce_interleaved(const int *in, int *out, int n)
{
	extern __shared__ int s[];
	unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned k = 1; k < blockDim.x; k *= 2) {
		if (t % (2 * k) == 0)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void reduce_sequential(const int *in, int *out, int n)
{
	extern __shared__ int s[];
	unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
	int v = i < n ? in[i] : 0;
	if (i + blockDim.x < n)
		v += in[i + blockDim.x];
	s[t] = v;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

template <unsigned BLOCK> __device__ void last_warp(volatile int *s, unsigned t)
{
	// Read, __syncwarp, write, __syncwarp: the Volta-safe form of the
	// unrolled last warp (every lane reads before any lane writes).
#pragma unroll
	for (unsigned k = BLOCK >= 64 ? 32 : BLOCK / 2; k > 0; k >>= 1) {
		int v = s[t] + s[t + k];
		__syncwarp();
		s[t] = v;
		__syncwarp();
	}
}

template <unsigned BLOCK> __global__ void reduce_unrolled(const int *in, int *out, int n)
{
	__shared__ int s[BLOCK];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * BLOCK * 2 + t, grid = BLOCK * 2 * gridDim.x;
	int v = 0;
	while (i < n) {
		v += in[i];
		if (i + BLOCK < n)
			v += in[i + BLOCK];
		i += grid;
	}
	s[t] = v;
	__syncthreads();
	if (BLOCK >= 512) { if (t < 256) s[t] += s[t + 256]; __syncthreads(); }
	if (BLOCK >= 256) { if (t < 128) s[t] += s[t + 128]; __syncthreads(); }
	if (BLOCK >= 128) { if (t < 64) s[t] += s[t + 64]; __syncthreads(); }
	if (t < 32)
		last_warp<BLOCK>(s, t);
	if (t == 0)
		out[blockIdx.x] = s[0];
}

int main()
{
	const int n = (1 << 18) + 77;
	int *h = (int *)malloc(n * sizeof(int));
	srand(2024);
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = rand() % 201 - 100;
		want += h[i];
	}
	int *din, *dout;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, 4096 * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	int *part = (int *)malloc(4096 * sizeof(int));
	bool ok = true;
	for (int variant = 0; variant < 4; variant++) {
		int blocks = 0;
		switch (variant) {
		case 0: blocks = (n + 255) / 256; reduce_interleaved<<<blocks, 256, 256 * sizeof(int)>>>(din, dout, n); break;
		case 1: blocks = (n + 511) / 512; reduce_sequential<<<blocks, 256, 256 * sizeof(int)>>>(din, dout, n); break;
		case 2: blocks = 64; reduce_unrolled<256><<<blocks, 256>>>(din, dout, n); break;
		case 3: blocks = 30; reduce_unrolled<64><<<blocks, 64>>>(din, dout, n); break;
		}
		cudaMemcpy(part, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
		long long got = 0;
		for (int b = 0; b < blocks; b++)
			got += part[b];
		if (got != want) {
			printf("variant %d: %lld, want %lld\n", variant, got, want);
			ok = false;
		}
	}
	cudaFree(din);
	cudaFree(dout);
	free(h);
	free(part);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
