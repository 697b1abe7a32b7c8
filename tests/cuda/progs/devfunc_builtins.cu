// threadIdx, blockIdx, blockDim, gridDim, warpSize and __shared__ used inside
// __device__ functions (not only in the kernel): a helper that computes the
// global index, a helper that owns a __shared__ buffer and does a block sum
// with __syncthreads, and a helper called from two kernels.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 128

__device__ int global_index()
{
	return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ int global_stride()
{
	return gridDim.x * blockDim.x;
}

__device__ int block_sum(int v)
{
	__shared__ int buf[BLOCK];
	buf[threadIdx.x] = v;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			buf[threadIdx.x] += buf[threadIdx.x + s];
		__syncthreads();
	}
	int r = buf[0];
	__syncthreads();
	return r;
}

__device__ int lane_id()
{
	return threadIdx.x % warpSize;
}

__global__ void sums(const int *in, int *block_out, int *lanes, int n)
{
	int acc = 0;
	for (int i = global_index(); i < n; i += global_stride())
		acc += in[i];
	int total = block_sum(acc);
	if (threadIdx.x == 0)
		block_out[blockIdx.x] = total;
	lanes[global_index()] = lane_id();
}

__global__ void squares(int *out, int n)
{
	int i = global_index();
	int v = i < n ? i * i : 0;
	int total = block_sum(v);
	if (i < n)
		out[i] = total;
}

int main()
{
	const int n = 5000, blocks = 6;
	int *h = new int[n];
	for (int i = 0; i < n; i++)
		h[i] = (i % 13) - 6;
	int *d_in, *d_blocks, *d_lanes, *d_sq;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_blocks, blocks * sizeof(int));
	cudaMalloc(&d_lanes, blocks * BLOCK * sizeof(int));
	cudaMalloc(&d_sq, 300 * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	sums<<<blocks, BLOCK>>>(d_in, d_blocks, d_lanes, n);
	squares<<<3, BLOCK>>>(d_sq, 300);

	int hb[blocks], hl[blocks * BLOCK], hs[300];
	cudaMemcpy(hb, d_blocks, sizeof(hb), cudaMemcpyDeviceToHost);
	cudaMemcpy(hl, d_lanes, sizeof(hl), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, d_sq, sizeof(hs), cudaMemcpyDeviceToHost);

	bool ok = true;
	for (int b = 0; b < blocks; b++) {
		int want = 0;
		for (int t = 0; t < BLOCK; t++)
			for (int i = b * BLOCK + t; i < n; i += blocks * BLOCK)
				want += h[i];
		if (hb[b] != want) {
			printf("block %d: %d, want %d\n", b, hb[b], want);
			ok = false;
		}
	}
	for (int i = 0; i < blocks * BLOCK; i++)
		ok &= hl[i] == (i % BLOCK) % 32;
	for (int i = 0; i < 300; i++) {
		int b = i / BLOCK, want = 0;
		for (int j = b * BLOCK; j < (b + 1) * BLOCK && j < 300; j++)
			want += j * j;
		ok &= hs[i] == want;
	}
	cudaFree(d_in);
	cudaFree(d_blocks);
	cudaFree(d_lanes);
	cudaFree(d_sq);
	delete[] h;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
