// An inclusive scan in two passes, written to be included by other chapters'
// programs as "../scan/block_scan.cu" (Learn CUDA Programming's
// 03_scan/scan_v2.cu shape): its kernels, and a quoted include of its own
// that resolves beside this file, not beside the including program.
#include "block_scan.h"

// Hillis-Steele scan of one block's elements; the block's total to block_sums.
__global__ void block_scan(int *out, int *block_sums, const int *in, int n)
{
	__shared__ int buf[SCAN_BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	buf[threadIdx.x] = i < n ? in[i] : 0;
	__syncthreads();
	for (int stride = 1; stride < SCAN_BLOCK; stride *= 2) {
		int v = threadIdx.x >= stride ? buf[threadIdx.x - stride] : 0;

		__syncthreads();
		buf[threadIdx.x] += v;
		__syncthreads();
	}
	if (i < n)
		out[i] = buf[threadIdx.x];
	if (threadIdx.x == SCAN_BLOCK - 1)
		block_sums[blockIdx.x] = buf[threadIdx.x];
}

// Each block after the first adds the totals of the blocks before it.
__global__ void add_block_sums(int *out, const int *block_sums, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int add = 0;

	for (int b = 0; b < (int)blockIdx.x; b++)
		add += block_sums[b];
	if (i < n)
		out[i] += add;
}
