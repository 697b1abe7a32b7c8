// Warp benchmarks (issue 23, make bench): the same block reduction and the
// same histogram written three ways -- warp-level operations, shared memory
// with __syncthreads(), and (in bench_warp.c) plain C -- and a stream
// compaction with warp-aggregated atomics against one atomic per element
// and plain C, so that the ratios say what the warp lowering of idxgen-cc
// costs.  Real CUDA: nvcc -arch=sm_90.

// Block sum, warp shuffles: a __shfl_down_sync tree per warp, lane 0 of each
// warp stores its sum, then every warp reduces the warp sums the same way
// (uniform control flow) and thread 0 writes the block's sum.
__global__ void sum_shfl(const int *in, int *out)
{
	__shared__ int warp_sums[32];
	unsigned tid = threadIdx.x;
	int v = in[blockIdx.x * blockDim.x + tid];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (tid % 32 == 0)
		warp_sums[tid / 32] = v;
	__syncthreads();
	v = tid % 32 < blockDim.x / 32 ? warp_sums[tid % 32] : 0;
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (tid == 0)
		out[blockIdx.x] = v;
}

// Block sum, shared memory: the classic tree with a barrier per level.
__global__ void sum_shared(const int *in, int *out)
{
	__shared__ int s[1024];
	unsigned tid = threadIdx.x;
	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

// Histogram, warp-aggregated atomics: the lanes of a warp with the same bin
// elect the lowest one, which adds their count with one atomic.
__global__ void hist_warp(const int *in, int *hist, int nbins)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int bin = in[i] % nbins;
	unsigned peers = __match_any_sync(0xffffffffu, bin);
	unsigned lane = threadIdx.x % 32;
	if ((peers & ((1u << lane) - 1u)) == 0)
		atomicAdd(&hist[bin], __popc(peers));
}

// Histogram, shared memory: per-block bins with shared atomics, then one
// global atomic per bin and block.
__global__ void hist_shared(const int *in, int *hist, int nbins)
{
	__shared__ int s[256];
	unsigned tid = threadIdx.x;
	for (unsigned b = tid; b < (unsigned)nbins; b += blockDim.x)
		s[b] = 0;
	__syncthreads();
	atomicAdd(&s[in[blockIdx.x * blockDim.x + tid] % nbins], 1);
	__syncthreads();
	for (unsigned b = tid; b < (unsigned)nbins; b += blockDim.x)
		if (s[b])
			atomicAdd(&hist[b], s[b]);
}

// Stream compaction, warp-aggregated: the lanes that keep their element vote
// with __ballot_sync, the lowest adds the warp's count with one atomicAdd,
// __shfl_sync broadcasts the base and each lane stores at base + its rank.
__global__ void filter_warp(const int *in, int *out, int *count, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int keep = in[i] < limit;
	unsigned mask = __ballot_sync(0xffffffffu, keep);
	int leader = __ffs(mask) - 1;
	int base = 0;
	if (lane == leader)
		base = atomicAdd(count, __popc(mask));
	base = __shfl_sync(0xffffffffu, base, leader);
	if (keep)
		out[base + __popc(mask & ((1u << lane) - 1u))] = in[i];
}

// Stream compaction, one atomicAdd per kept element.
__global__ void filter_atomic(const int *in, int *out, int *count, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (in[i] < limit)
		out[atomicAdd(count, 1)] = in[i];
}

// Block sum as most public code writes it: a warp-sum helper, lane 0's sums
// through shared memory, the first warp's tree under `if (wid == 0)` (the
// lowering runs it predicated: lanes of the other warps absent).
__inline__ __device__ int warp_sum(int v)
{
	for (int off = warpSize / 2; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	return v;
}

__global__ void sum_shfl_helper(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / warpSize ? sums[lane] : 0;
	if (wid == 0) {
		v = warp_sum(v);
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
