// Launching without <<<>>> and the function-attribute calls: cudaLaunchKernel
// with an argument array (kernel passed as (const void *) and directly),
// cudaFuncSetAttribute to opt in to 64 KiB of dynamic shared memory,
// cudaFuncGetAttributes, cudaOccupancyMaxPotentialBlockSize and
// cudaOccupancyMaxActiveBlocksPerMultiprocessor choosing the launch shape.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *x, int n, float a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= a;
}

#define PER_THREAD 64 // 256 threads x 64 ints = 64 KiB of dynamic shared memory

__global__ void big_shared(const int *in, int *out)
{
	extern __shared__ int s[];
	int t = threadIdx.x, base = blockIdx.x * blockDim.x * PER_THREAD;
	for (int k = 0; k < PER_THREAD; k++)
		s[k * blockDim.x + t] = in[base + k * blockDim.x + t];
	__syncthreads();
	int last = blockDim.x * PER_THREAD - 1, acc = 0;
	for (int k = 0; k < PER_THREAD; k++)
		acc += s[last - (k * blockDim.x + t)];
	out[blockIdx.x * blockDim.x + t] = acc;
}

int main()
{
	bool ok = true;
	const int n = 3000;
	float h[n];
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	float *d;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);

	int min_grid = 0, block = 0;
	ok &= cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, scale, 0, 512) == cudaSuccess;
	ok &= block > 0 && block <= 512 && block % 32 == 0 && min_grid > 0;
	int per_sm = 0;
	ok &= cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scale, block, 0) == cudaSuccess && per_sm > 0;
	cudaFuncAttributes attr;
	ok &= cudaFuncGetAttributes(&attr, scale) == cudaSuccess;
	ok &= attr.maxThreadsPerBlock > 0 && attr.maxThreadsPerBlock <= 1024;
	if (!ok)
		printf("occupancy: block %d grid %d per SM %d max threads %d\n", block, min_grid, per_sm,
		       attr.maxThreadsPerBlock);

	int count = n;
	float a = 2.0f;
	void *args[] = {&d, &count, &a};
	ok &= cudaLaunchKernel((const void *)scale, dim3((n + block - 1) / block), dim3(block), args, 0, 0) == cudaSuccess;
	a = 0.5f;
	ok &= cudaLaunchKernel(scale, dim3((n + 127) / 128), dim3(128), args) == cudaSuccess;
	a = 3.0f;
	ok &= cudaLaunchKernel(scale, dim3((n + 63) / 64), dim3(64), args, 0, 0) == cudaSuccess;
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		ok &= h[i] == (float)i * 3.0f;

	const int threads = 256, blocks = 3, smem = threads * PER_THREAD * sizeof(int);
	ok &= cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) == cudaSuccess;
	int total = threads * PER_THREAD * blocks;
	int *hin = new int[total], hout[threads * blocks];
	for (int i = 0; i < total; i++)
		hin[i] = i % 1000;
	int *din, *dout;
	cudaMalloc(&din, total * sizeof(int));
	cudaMalloc(&dout, sizeof(hout));
	cudaMemcpy(din, hin, total * sizeof(int), cudaMemcpyHostToDevice);
	big_shared<<<blocks, threads, smem>>>(din, dout);
	ok &= cudaGetLastError() == cudaSuccess;
	cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < threads; t++) {
			int acc = 0, last = threads * PER_THREAD - 1;
			for (int k = 0; k < PER_THREAD; k++)
				acc += hin[b * threads * PER_THREAD + last - (k * threads + t)];
			ok &= hout[b * threads + t] == acc;
		}
	cudaFree(d);
	cudaFree(din);
	cudaFree(dout);
	delete[] hin;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
