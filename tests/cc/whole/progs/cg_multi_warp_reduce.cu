// cg::reduce over tiles of several warps (CUDA 12's multi-warp tiles, as
// cuda-samples' reduction multi_warp_cg_reduce uses them: a kernel template
// of the tile size, a block of 512 threads with block_tile_memory, the
// block's dynamic shared memory through a helper as the sample's
// SharedMemory<T>, tiled_partition<256> and <64>), with plus, greater and
// less; and libcu++'s cuda::std::identity (every C++ mode), as Thrust code
// passes it.  Results against host loops.  Also compiled by nvcc -arch=sm_80 -c.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda/std/functional>

namespace cg = cooperative_groups;

const int BLOCK = 512, BLOCKS = 3;

__device__ int *dynamicShared()
{
	extern __shared__ int dyn[];
	return dyn;
}

template <unsigned int TILE> __global__ void tileReduce(const int *in, int *sum, int *maxv, int *minv)
{
	__shared__ cg::block_tile_memory<BLOCK> scratch;
	int *seen = dynamicShared();
	cg::thread_block block = cg::this_thread_block(scratch);
	cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	seen[threadIdx.x] = v;
	int s = cg::reduce(tile, seen[threadIdx.x], cg::plus<int>());
	int hi = cg::reduce(tile, v, cg::greater<int>());
	int lo = cg::reduce(tile, v, cg::less<int>());
	int t = blockIdx.x * (BLOCK / TILE) + tile.meta_group_rank();
	if (tile.thread_rank() == TILE - 1) {	// every thread has the result: the last one writes
		sum[t] = s;
		maxv[t] = hi;
		minv[t] = lo;
	}
}

static int failures;

template <unsigned int TILE> static void check(const int *in, int *sum, int *maxv, int *minv)
{
	tileReduce<TILE><<<BLOCKS, BLOCK, BLOCK * sizeof(int)>>>(in, sum, maxv, minv);
	cudaError_t err = cudaDeviceSynchronize();
	if (err != cudaSuccess) {
		printf("FAILED: tile %u: %s\n", TILE, cudaGetErrorName(err));
		failures++;
		return;
	}
	for (int t = 0; t < BLOCKS * BLOCK / (int)TILE; t++) {
		int s = 0, hi = in[t * TILE], lo = in[t * TILE];
		for (unsigned int i = 0; i < TILE; i++) {
			int v = in[t * TILE + i];
			s += v;
			hi = v > hi ? v : hi;
			lo = v < lo ? v : lo;
		}
		if (sum[t] != s || maxv[t] != hi || minv[t] != lo) {
			printf("FAILED: tile %u #%d: %d %d %d, expected %d %d %d\n", TILE, t, sum[t], maxv[t], minv[t], s, hi, lo);
			failures++;
		}
	}
}

int main()
{
	int *in, *sum, *maxv, *minv;
	cudaMallocManaged(&in, BLOCKS * BLOCK * sizeof(int));
	cudaMallocManaged(&sum, BLOCKS * BLOCK * sizeof(int));
	cudaMallocManaged(&maxv, BLOCKS * BLOCK * sizeof(int));
	cudaMallocManaged(&minv, BLOCKS * BLOCK * sizeof(int));
	for (int i = 0; i < BLOCKS * BLOCK; i++)
		in[i] = (i * 7919) % 1013 - 500;
	check<512>(in, sum, maxv, minv);
	check<256>(in, sum, maxv, minv);
	check<64>(in, sum, maxv, minv);
	check<32>(in, sum, maxv, minv);

	cuda::std::identity id;
	int x = 42;
	if (id(x) != 42 || &id(x) != &x) {
		printf("FAILED: cuda::std::identity\n");
		failures++;
	}
	printf("%d failures\n", failures);
	printf(failures ? "FAILED\n" : "PASS\n");
	return failures != 0;
}
