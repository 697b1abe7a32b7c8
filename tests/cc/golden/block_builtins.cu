// The planner and the device functions that name the block (lib/cc/fiber_plan.c
// is_block_builtin): sm_20's bool barrier reductions, named barriers,
// __uni_sync and the cluster functions that read the block (index, grid,
// barrier) send a kernel to fibers, from the kernel or from a helper, also
// in a file whose other warp operations warp.c lowers for loop fission
// (there only __syncthreads* counted before: such a kernel went to loop
// fission, where a named barrier cannot wait).  A cluster function with a
// constant answer (clusters of one block) keeps loop fission.
#include <cuda_runtime.h>

__device__ bool all_positive(const int *v)
{
	return syncthreads_and(v[threadIdx.x] > 0);
}

__global__ void named(int *out)
{
	__shared__ int s[128];
	s[threadIdx.x] = threadIdx.x;
	if (threadIdx.x < 64)
		__barrier_sync_count(1, 64);
	out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}

__global__ void reduced(const int *in, int *out)
{
	out[threadIdx.x] = all_positive(in);
}

__global__ void cluster_index(int *out)
{
	out[blockIdx.x] = __clusterIdx().x + __clusterGridDimInClusters().x;
}

__global__ void cluster_size(int *out)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = __clusterSizeInBlocks() + __clusterRelativeBlockRank();
}

__global__ void uniform(const int *in, int *out)
{
	out[threadIdx.x] = __uni_sync(0xffffffffu, in[threadIdx.x] > 0);
}

__global__ void warp_sum(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, o);
	if (threadIdx.x % 32 == 0)
		out[blockIdx.x * blockDim.x / 32 + threadIdx.x / 32] = v;
}

// MODEL: kernel named: fibers (uses '__barrier_sync_count', which loop fission does not lower in this file)
// MODEL: kernel reduced: fibers (calls 'all_positive', which suspends the thread
// MODEL: kernel cluster_index: fibers (uses '__clusterIdx', which loop fission does not lower in this file)
// MODEL: kernel cluster_size: fission
// MODEL: kernel uniform: fibers (uses '__uni_sync', which loop fission does not lower in this file)
// MODEL: kernel warp_sum: fission
