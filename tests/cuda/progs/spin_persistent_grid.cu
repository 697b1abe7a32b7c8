// Persistent-threads grids sized from the device's attributes, whose blocks
// wait for each other, as HeCBench's gc (ECL-GC) sizes its grid
// (multiProcessorCount * maxThreadsPerMultiProcessor / block size) and lets
// threads wait for colours other blocks' threads write.  CUDA programs rely
// on every block of such a grid being resident at once; a runtime that runs
// one block per worker to its end never starts the block that the others
// wait for.
//  - relay: block b waits for block b + 1's flag, the last block starts the
//    relay (the blocks that start first wait for those that start last);
//  - ticket barrier: a hand-written grid barrier (atomicAdd ticket, then
//    spin on the count), the grid sized by
//    cudaOccupancyMaxActiveBlocksPerMultiprocessor; after it every block
//    sums what all blocks wrote before it.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x)                                                                              \
	do {                                                                                  \
		cudaError_t e_ = (x);                                                         \
		if (e_ != cudaSuccess) {                                                      \
			printf("%s:%d: %s\nFAIL\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			return 1;                                                             \
		}                                                                             \
	} while (0)

__global__ void relay(volatile int *flag, int *out)
{
	const int b = blockIdx.x;

	if (threadIdx.x == 0) {
		if (b + 1 < (int)gridDim.x) {
			while (flag[b + 1] == 0)
				;
			flag[b] = flag[b + 1] + 1;
		} else {
			flag[b] = 1;
		}
	}
	__syncthreads();
	out[b * blockDim.x + threadIdx.x] = flag[b];
}

__global__ void ticket_sum(const int *in, int *partial, unsigned int *arrived, long long *sums, int n)
{
	__shared__ int acc[512];
	const int t = threadIdx.x, b = blockIdx.x;
	int s = 0;

	for (int i = b * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		s += in[i];
	acc[t] = s;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (t < w)
			acc[t] += acc[t + w];
		__syncthreads();
	}
	if (t == 0) {
		partial[b] = acc[0];
		__threadfence();
		atomicAdd(arrived, 1u);
		while (atomicAdd(arrived, 0u) < gridDim.x)
			;
		long long total = 0;
		for (int j = 0; j < (int)gridDim.x; j++)
			total += ((volatile int *)partial)[j];
		sums[b] = total;
	}
}

int main()
{
	int sms = 0, threads_per_sm = 0, blocks_per_sm_max = 0, per_sm = 0;

	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	CHECK(cudaDeviceGetAttribute(&threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, 0));
	CHECK(cudaDeviceGetAttribute(&blocks_per_sm_max, cudaDevAttrMaxBlocksPerMultiprocessor, 0));
	int ok = 1;

	// relay: ECL-GC's own sizing
	const int bs = 256, blocks = sms * threads_per_sm / bs;
	int *flag, *out;
	CHECK(cudaMalloc(&flag, blocks * sizeof(int)));
	CHECK(cudaMalloc(&out, blocks * bs * sizeof(int)));
	CHECK(cudaMemset(flag, 0, blocks * sizeof(int)));
	relay<<<blocks, bs>>>(flag, out);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	int *h_out = new int[blocks * bs];
	CHECK(cudaMemcpy(h_out, out, blocks * bs * sizeof(int), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < bs; t++)
			bad += h_out[b * bs + t] != blocks - b;
	printf("relay: %d blocks of %d threads (%d multiprocessors x %d threads), %d wrong\n", blocks, bs, sms,
	       threads_per_sm, bad);
	ok = ok && bad == 0 && blocks >= 2 * sms;

	// ticket barrier: the grid the occupancy API allows
	const int tb = 512, n = 100000;
	CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, ticket_sum, tb, 0));
	const int grid = sms * per_sm;
	printf("occupancy: %d blocks of %d per multiprocessor (at most %d blocks, %d threads)\n", per_sm, tb,
	       blocks_per_sm_max, threads_per_sm);
	ok = ok && per_sm >= 1 && per_sm <= blocks_per_sm_max && per_sm * tb <= threads_per_sm;
	int *h_in = new int[n], *in, *partial;
	unsigned int *arrived;
	long long *sums, ref = 0;
	for (int i = 0; i < n; i++) {
		h_in[i] = (i * 31) % 97 - 48;
		ref += h_in[i];
	}
	CHECK(cudaMalloc(&in, n * sizeof(int)));
	CHECK(cudaMalloc(&partial, grid * sizeof(int)));
	CHECK(cudaMalloc(&arrived, sizeof(unsigned int)));
	CHECK(cudaMalloc(&sums, grid * sizeof(long long)));
	CHECK(cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(arrived, 0, sizeof(unsigned int)));
	ticket_sum<<<grid, tb>>>(in, partial, arrived, sums, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	long long *h_sums = new long long[grid];
	CHECK(cudaMemcpy(h_sums, sums, grid * sizeof(long long), cudaMemcpyDeviceToHost));
	bad = 0;
	for (int b = 0; b < grid; b++)
		bad += h_sums[b] != ref;
	printf("ticket barrier: %d blocks, sum %lld (expected %lld), %d blocks wrong\n", grid, h_sums[0], ref, bad);
	ok = ok && bad == 0;

	cudaFree(flag);
	cudaFree(out);
	cudaFree(in);
	cudaFree(partial);
	cudaFree(arrived);
	cudaFree(sums);
	delete[] h_out;
	delete[] h_in;
	delete[] h_sums;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
