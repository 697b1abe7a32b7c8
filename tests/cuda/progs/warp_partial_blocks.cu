// Warp functions in blocks whose size is not a multiple of 32 and in 2-D and
// 3-D blocks. CUDA's rule: lane = linear thread id % 32 and warp = linear id
// / 32, where linear id = x + y * dim.x + z * dim.x * dim.y; the last warp
// may be partial. Each warp computes the mask of the lanes it really has,
// reduces with __shfl_down_sync over that mask (guarding reads beyond the
// last lane), and every thread records its lane, warp, the warp's sum and a
// __ballot_sync over the same mask.
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned linear_tid()
{
	return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}

__device__ unsigned warp_mask()
{
	unsigned threads = blockDim.x * blockDim.y * blockDim.z;
	unsigned first = linear_tid() / 32 * 32;
	unsigned lanes = threads - first < 32 ? threads - first : 32;
	return lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
}

__global__ void warp_info(const int *in, int *out)
{
	unsigned tid = linear_tid();
	unsigned threads = blockDim.x * blockDim.y * blockDim.z;
	unsigned bid = blockIdx.x + blockIdx.y * gridDim.x;
	unsigned g = bid * threads + tid;
	unsigned lane = tid % 32, mask = warp_mask();
	unsigned nlanes = __popc(mask);
	int v = in[g];
	for (unsigned off = 16; off > 0; off >>= 1) {
		int other = __shfl_down_sync(mask, v, off);
		if (lane + off < nlanes)
			v += other;
	}
	int sum = __shfl_sync(mask, v, 0);
	unsigned odd = __ballot_sync(mask, in[g] & 1);
	out[4 * g + 0] = lane;
	out[4 * g + 1] = tid / 32;
	out[4 * g + 2] = sum;
	out[4 * g + 3] = (int)odd;
}

static bool run(dim3 grid, dim3 block)
{
	int threads = block.x * block.y * block.z, blocks = grid.x * grid.y, n = threads * blocks;
	int *h = new int[n], *o = new int[4 * n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 17) % 23;
	int *d, *dout;
	cudaMalloc(&d, n * sizeof(int));
	cudaMalloc(&dout, 4 * n * sizeof(int));
	cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
	warp_info<<<grid, block>>>(d, dout);
	cudaMemcpy(o, dout, 4 * n * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < threads; t++) {
			int g = b * threads + t, first = t / 32 * 32;
			int last = first + 32 < threads ? first + 32 : threads;
			int sum = 0;
			unsigned odd = 0;
			for (int k = first; k < last; k++) {
				sum += h[b * threads + k];
				odd |= (unsigned)(h[b * threads + k] & 1) << (k - first);
			}
			if (o[4 * g] != t % 32 || o[4 * g + 1] != t / 32 || o[4 * g + 2] != sum || (unsigned)o[4 * g + 3] != odd) {
				printf("block (%u,%u,%u) thread %d: lane %d warp %d sum %d ballot %08x, want %d %d %d %08x\n",
				       block.x, block.y, block.z, t, o[4 * g], o[4 * g + 1], o[4 * g + 2], o[4 * g + 3],
				       t % 32, t / 32, sum, odd);
				ok = false;
				break;
			}
		}
	cudaFree(d);
	cudaFree(dout);
	delete[] h;
	delete[] o;
	return ok;
}

int main()
{
	bool ok = true;
	ok &= run(dim3(3), dim3(100));      // 3 full warps + 4 lanes
	ok &= run(dim3(2), dim3(33));       // 1 full warp + 1 lane
	ok &= run(dim3(4), dim3(20));       // one partial warp only
	ok &= run(dim3(2, 2), dim3(10, 7)); // 2-D: 70 threads, warps cut across rows
	ok &= run(dim3(2), dim3(5, 4, 3));  // 3-D: 60 threads
	ok &= run(dim3(1), dim3(8, 8, 4));  // 3-D: 256 threads, full warps
	ok &= run(dim3(1), dim3(31, 33));   // 2-D: 1023 threads
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
