// Atomics on __shared__ memory as plain updates (issue 40, lib/cc/block_atomic.c):
// a byte histogram in the style of public teaching code (256 bins
// privatised per block, a grid-stride loop of shared atomicAdds, one global
// atomicAdd per bin), with float, max, 16-bit CAS and atomicInc on shared
// memory beside it; every result checked against the host.  A block's
// threads run on one CPU thread, so the read, the operation and the write
// of a shared atomic cannot be interleaved with another thread's.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void histo(const unsigned char *buf, long size, unsigned int *hist, float *quarters)
{
	__shared__ unsigned int temp[256];
	__shared__ float f[4];
	__shared__ int top;
	__shared__ unsigned short flag;

	temp[threadIdx.x] = 0;
	if (threadIdx.x < 4)
		f[threadIdx.x] = 0;
	if (threadIdx.x == 0) {
		top = 0;
		flag = 0;
	}
	__syncthreads();
	int i = threadIdx.x + blockIdx.x * blockDim.x;
	int stride = blockDim.x * gridDim.x;
	while (i < size) {
		atomicAdd(&temp[buf[i]], 1);
		atomicAdd(f + (buf[i] & 3), 0.25f);
		i += stride;
	}
	atomicMax(&top, (int)threadIdx.x);
	atomicCAS(&flag, (unsigned short)0, (unsigned short)(threadIdx.x + 1));
	atomicInc(&temp[255], 1000000u);
	__syncthreads();
	atomicAdd(&hist[threadIdx.x], temp[threadIdx.x]);
	if (threadIdx.x == 0) {
		atomicAdd(&hist[256], (unsigned)top);
		atomicAdd(&hist[257], flag != 0);
		for (int k = 0; k < 4; k++)
			atomicAdd(&quarters[k], f[k]);
	}
}

int main()
{
	const long size = 100003;
	const int grid = 6, block = 256;
	static unsigned char buf[size];
	unsigned int hist[258] = { 0 }, want[258] = { 0 }, *dhist;
	float q[4] = { 0 }, wantq[4] = { 0 }, *dq;
	unsigned char *dbuf;
	int bad = 0;

	for (long i = 0; i < size; i++) {
		buf[i] = (unsigned char)(i * 37 + (i >> 7));
		want[buf[i]]++;
		wantq[buf[i] & 3] += 0.25f;	/* quarters: exact in any order */
	}
	want[255] += block * grid;	/* atomicInc below its limit: + 1 per thread */
	want[256] = grid * (block - 1);
	want[257] = grid;
	cudaMalloc(&dbuf, size);
	cudaMalloc(&dhist, sizeof(hist));
	cudaMalloc(&dq, sizeof(q));
	cudaMemcpy(dbuf, buf, size, cudaMemcpyHostToDevice);
	cudaMemset(dhist, 0, sizeof(hist));
	cudaMemset(dq, 0, sizeof(q));
	histo<<<grid, block>>>(dbuf, size, dhist, dq);
	cudaMemcpy(hist, dhist, sizeof(hist), cudaMemcpyDeviceToHost);
	cudaMemcpy(q, dq, sizeof(q), cudaMemcpyDeviceToHost);
	for (int k = 0; k < 258; k++)
		bad += hist[k] != want[k];
	for (int k = 0; k < 4; k++)
		bad += q[k] != wantq[k];
	cudaFree(dbuf);
	cudaFree(dhist);
	cudaFree(dq);
	if (bad)
		printf("%d values wrong\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
