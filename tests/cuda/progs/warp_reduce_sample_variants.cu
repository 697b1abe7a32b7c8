// The later kernels of the classic reduction sample, written our way: a
// dynamic shared array behind a SharedMemory<T> conversion operator, a
// shared-memory tree down to 64 then the last warp by tile32.shfl_down
// under `if (cta.thread_rank() < 32)` (reduce4 style); a warp shuffle sum
// with a mask computed from the block size (blocks of 16 threads: half a
// warp) whose int form is an explicit specialisation that uses
// __reduce_add_sync where __CUDA_ARCH__ >= 800, the second stage's mask a
// __ballot_sync of the lanes that hold a warp's sum (reduce7 style);
// cg::reduce through a helper that takes the group by reference, called
// only by the first tile of the block (cg_reduce style); and cg::reduce
// over tiles of half a block (several warps, block_tile_memory).  Unlike
// the sample, no lane keeps a value read from a lane outside the mask or
// past the block (CUDA leaves those undefined).  int and
// float (small integers: exact), blocks of 16 to 1024 threads, an array
// length that is not a power of two.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <stdio.h>
#include <stdlib.h>

namespace cg = cooperative_groups;

template <class T> struct SharedMemory {
	__device__ inline operator T *()
	{
		extern __shared__ int __smem[];
		return (T *)__smem;
	}
};

// The lanes of mask are the low ones: offsets stay inside it (a lane never
// reads one outside the mask for the sum that lane 0 keeps).
template <class T> __device__ __forceinline__ T warpReduceSum(unsigned int mask, T mySum)
{
	for (int offset = __popc(mask) / 2; offset > 0; offset /= 2)
		mySum += __shfl_down_sync(mask, mySum, offset);
	return mySum;
}

#if __CUDA_ARCH__ >= 800
template <> __device__ __forceinline__ int warpReduceSum<int>(unsigned int mask, int mySum)
{
	return __reduce_add_sync(mask, mySum);
}
#endif

template <class T, unsigned int blockSize>
__global__ void reduce_tree_tile(const T *g_idata, T *g_odata, unsigned int n)
{
	cg::thread_block cta = cg::this_thread_block();
	T *sdata = SharedMemory<T>();
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
	T mySum = (i < n) ? g_idata[i] : 0;

	if (i + blockSize < n)
		mySum += g_idata[i + blockSize];
	sdata[tid] = mySum;
	cg::sync(cta);
	for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
		if (tid < s)
			sdata[tid] = mySum = mySum + sdata[tid + s];
		cg::sync(cta);
	}

	cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
	if (cta.thread_rank() < 32) {
		if (blockSize >= 64)
			mySum += sdata[tid + 32];
		for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
			mySum += tile32.shfl_down(mySum, offset);
	}
	if (cta.thread_rank() == 0)
		g_odata[blockIdx.x] = mySum;
}

template <class T, unsigned int blockSize>
__global__ void reduce_shfl_masks(const T *__restrict__ g_idata, T *__restrict__ g_odata, unsigned int n)
{
	T *sdata = SharedMemory<T>();
	unsigned int tid = threadIdx.x;
	unsigned int gridSize = blockSize * gridDim.x;
	unsigned int maskLength = (blockSize & 31);
	maskLength = (maskLength > 0) ? (32 - maskLength) : maskLength;
	const unsigned int mask = (0xffffffff) >> maskLength;
	T mySum = 0;

	for (unsigned int i = blockIdx.x * blockSize + threadIdx.x; i < n; i += gridSize)
		mySum += g_idata[i];
	mySum = warpReduceSum<T>(mask, mySum);
	if ((tid % warpSize) == 0)
		sdata[tid / warpSize] = mySum;
	__syncthreads();

	const unsigned int shmem_extent = (blockSize / warpSize) > 0 ? (blockSize / warpSize) : 1;
	const unsigned int ballot_result = __ballot_sync(mask, tid < shmem_extent);
	if (tid < shmem_extent) {
		mySum = sdata[tid];
		mySum = warpReduceSum<T>(ballot_result, mySum);
	}
	if (tid == 0)
		g_odata[blockIdx.x] = mySum;
}

template <typename T, typename Group> __device__ T cg_reduce_n(T in, Group &threads)
{
	return cg::reduce(threads, in, cg::plus<T>());
}

template <class T> __global__ void reduce_cg(const T *g_idata, T *g_odata, unsigned int n)
{
	T *sdata = SharedMemory<T>();
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
	unsigned int ctaSize = cta.size();
	unsigned int threadRank = cta.thread_rank();
	T threadVal = 0;

	for (unsigned int i = blockIdx.x * ctaSize + threadRank; i < n; i += gridDim.x * ctaSize)
		threadVal += g_idata[i];
	sdata[threadRank] = threadVal;

	unsigned int ctaIndex = ctaSize >> 1;
	while (ctaIndex >= 32) {
		cta.sync();
		if (threadRank < ctaIndex) {
			threadVal += sdata[threadRank + ctaIndex];
			sdata[threadRank] = threadVal;
		}
		ctaIndex >>= 1;
	}
	cta.sync();
	if (tile.meta_group_rank() == 0)
		threadVal = cg_reduce_n(threadVal, tile);
	if (threadRank == 0)
		g_odata[blockIdx.x] = threadVal;
}

template <class T, unsigned int BlockSize, unsigned int GroupSize>
__global__ void reduce_multi_warp(const T *g_idata, T *g_odata, unsigned int n)
{
	T *sdata = SharedMemory<T>();
	__shared__ cg::block_tile_memory<BlockSize> scratch;
	cg::thread_block cta = cg::this_thread_block(scratch);
	auto group = cg::tiled_partition<GroupSize>(cta);
	T threadVal = 0;

	for (unsigned int i = blockIdx.x * BlockSize + threadIdx.x; i < n; i += BlockSize * gridDim.x)
		threadVal += g_idata[i];
	threadVal = cg_reduce_n(threadVal, group);
	if (group.thread_rank() == 0)
		sdata[group.meta_group_rank()] = threadVal;
	cg::sync(cta);
	if (threadIdx.x == 0) {
		threadVal = 0;
		for (unsigned int i = 0; i < group.meta_group_size(); i++)
			threadVal += sdata[i];
		g_odata[blockIdx.x] = threadVal;
	}
}

template <class T, unsigned int BS>
static int run_all(const T *d_in, T *d_out, T *h_out, unsigned int n, double want, const char *type)
{
	int errors = 0;
	const unsigned int blocks = 24;
	const size_t smem = (BS <= 32 ? 2 * BS : BS) * sizeof(T);

	for (int which = 0; which < 4; which++) {
		unsigned int grid = blocks;

		if (BS < 32 && which != 1)	/* a tile of 32 in a block of 16: lanes that do not exist */
			continue;
		if (which == 0) {
			grid = (n + 2 * BS - 1) / (2 * BS);	/* two elements a thread, no grid-stride loop */
			reduce_tree_tile<T, BS><<<grid, BS, smem>>>(d_in, d_out, n);
		} else if (which == 1) {
			reduce_shfl_masks<T, BS><<<grid, BS, smem>>>(d_in, d_out, n);
		} else if (which == 2) {
			reduce_cg<T><<<grid, BS, smem>>>(d_in, d_out, n);
		} else {
			if (BS < 64)
				continue;
			reduce_multi_warp<T, BS, (BS >= 64 ? BS / 2 : 32)><<<grid, BS, 2 * sizeof(T)>>>(d_in, d_out, n);
		}
		cudaMemcpy(h_out, d_out, grid * sizeof(T), cudaMemcpyDeviceToHost);
		double got = 0;
		for (unsigned int b = 0; b < grid; b++)
			got += (double)h_out[b];
		if (got != want) {
			printf("%s, block %u, kernel %d: %.1f, want %.1f\n", type, BS, which, got, want);
			errors++;
		}
	}
	return errors;
}

template <class T> static int run_type(unsigned int n, const char *type)
{
	T *h_in = (T *)malloc(n * sizeof(T)), *h_out = (T *)malloc(4096 * sizeof(T)), *d_in, *d_out;
	double want = 0;
	int errors = 0;

	for (unsigned int i = 0; i < n; i++) {
		h_in[i] = (T)(rand() % 16);
		want += (double)h_in[i];
	}
	cudaMalloc(&d_in, n * sizeof(T));
	cudaMalloc(&d_out, 4096 * sizeof(T));
	cudaMemcpy(d_in, h_in, n * sizeof(T), cudaMemcpyHostToDevice);
	errors += run_all<T, 16>(d_in, d_out, h_out, n, want, type);
	errors += run_all<T, 32>(d_in, d_out, h_out, n, want, type);
	errors += run_all<T, 64>(d_in, d_out, h_out, n, want, type);
	errors += run_all<T, 256>(d_in, d_out, h_out, n, want, type);
	errors += run_all<T, 1024>(d_in, d_out, h_out, n, want, type);
	cudaFree(d_in);
	cudaFree(d_out);
	free(h_in);
	free(h_out);
	return errors;
}

int main(void)
{
	int errors = 0;

	srand(7);
	errors += run_type<int>(100003, "int");
	errors += run_type<float>(77777, "float");
	printf("%d errors\n", errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
