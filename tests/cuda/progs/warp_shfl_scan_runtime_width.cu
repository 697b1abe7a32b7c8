// A prefix sum in the style of the shuffle-scan sample: the warp scan's
// segment width is a kernel argument (a run-time value, not a constant:
// 32, and 8 for scans of independent 8-element rows), each warp's total goes
// to dynamic shared memory, the first warp scans those totals with
// __shfl_up_sync over only the lanes that hold one (mask
// (1 << (blockDim.x / warpSize)) - 1 and width blockDim.x / warpSize), and a
// second kernel adds each block's offset (uniform add).  Checked against a
// host prefix sum; exact integers.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void shfl_scan_test(int *data, int width, int *partial_sums = NULL)
{
	extern __shared__ int sums[];
	int id = ((blockIdx.x * blockDim.x) + threadIdx.x);
	int lane_id = id % warpSize;
	int warp_id = threadIdx.x / warpSize;
	int value = data[id];

	// a Kogge-Stone scan over segments of `width` lanes
	for (int i = 1; i <= width; i *= 2) {
		unsigned int mask = 0xffffffff;
		int n = __shfl_up_sync(mask, value, i, width);

		if ((lane_id % width) >= i)
			value += n;
	}

	// the last lane of each warp holds the warp's total
	if (threadIdx.x % warpSize == warpSize - 1)
		sums[warp_id] = value;
	__syncthreads();

	// the first warp scans the warp totals, only the lanes that hold one
	if (warp_id == 0 && lane_id < (blockDim.x / warpSize)) {
		int warp_sum = sums[lane_id];
		int mask = (1 << (blockDim.x / warpSize)) - 1;

		for (int i = 1; i <= (blockDim.x / warpSize); i *= 2) {
			int n = __shfl_up_sync(mask, warp_sum, i, (blockDim.x / warpSize));

			if (lane_id >= i)
				warp_sum += n;
		}
		sums[lane_id] = warp_sum;
	}
	__syncthreads();

	int blockSum = 0;
	if (warp_id > 0)
		blockSum = sums[warp_id - 1];
	if (width == warpSize)
		value += blockSum;
	data[id] = value;

	if (partial_sums != NULL && threadIdx.x == blockDim.x - 1)
		partial_sums[blockIdx.x] = value;
}

__global__ void uniform_add(int *data, int *partial_sums, int len)
{
	__shared__ int buf;
	int id = ((blockIdx.x * blockDim.x) + threadIdx.x);

	if (id > len)
		return;
	if (threadIdx.x == 0)
		buf = partial_sums[blockIdx.x];
	__syncthreads();
	data[id] += buf;
}

static int check(const int *got, const int *in, int n, int seg, const char *what)
{
	long long run = 0;
	int bad = 0;

	for (int i = 0; i < n; i++) {
		if (i % seg == 0)
			run = 0;
		run += in[i];
		if (got[i] != (int)run && bad++ < 5)
			printf("%s: element %d is %d, want %lld\n", what, i, got[i], run);
	}
	return bad;
}

int main(void)
{
	const int blockSize = 256, n_elements = 64 * blockSize;
	const int gridSize = n_elements / blockSize, nWarps = blockSize / 32;
	const size_t sz = n_elements * sizeof(int), shm = nWarps * sizeof(int);
	int *h_in = (int *)malloc(sz), *h_out = (int *)malloc(sz), *h_part = (int *)malloc(gridSize * sizeof(int));
	int *d_data, *d_partial, *d_part2, errors = 0;

	for (int i = 0; i < n_elements; i++)
		h_in[i] = rand() % 10;
	cudaMalloc(&d_data, sz);
	cudaMalloc(&d_partial, gridSize * sizeof(int));
	cudaMalloc(&d_part2, sizeof(int));

	// rows of 8: each segment scanned on its own (the block offsets do not apply)
	cudaMemcpy(d_data, h_in, sz, cudaMemcpyHostToDevice);
	shfl_scan_test<<<gridSize, blockSize, shm>>>(d_data, 8);
	cudaMemcpy(h_out, d_data, sz, cudaMemcpyDeviceToHost);
	errors += check(h_out, h_in, n_elements, 8, "width 8");

	// the whole array: blocks, then the block totals (one block of 64), then the uniform add
	cudaMemcpy(d_data, h_in, sz, cudaMemcpyHostToDevice);
	shfl_scan_test<<<gridSize, blockSize, shm>>>(d_data, 32, d_partial);
	shfl_scan_test<<<1, gridSize, (gridSize / 32) * sizeof(int)>>>(d_partial, 32, d_part2);
	cudaMemcpy(h_part, d_partial, gridSize * sizeof(int), cudaMemcpyDeviceToHost);
	uniform_add<<<gridSize - 1, blockSize>>>(d_data + blockSize, d_partial, n_elements);
	cudaMemcpy(h_out, d_data, sz, cudaMemcpyDeviceToHost);
	errors += check(h_out, h_in, n_elements, n_elements, "whole array");

	cudaFree(d_data);
	cudaFree(d_partial);
	cudaFree(d_part2);
	free(h_in);
	free(h_out);
	free(h_part);
	printf("%d errors\n", errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
