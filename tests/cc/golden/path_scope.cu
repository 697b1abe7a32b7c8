// On fibers __activemask() and coalesced_threads() group the lanes parked
// at one call site.  A helper that reaches one of them has one such site
// for all its callers, so each call of the helper is marked with its own
// path (lib/cc/path_scope.c): the lanes of the "then" and "else" calls are
// two groups, as on a GPU.  Calls of functions that reach neither stay as
// written.
__device__ int agg_inc(int *counter)
{
	unsigned active = __activemask();
	int leader = __ffs(active) - 1;
	int base = 0;
	if ((int)(threadIdx.x % 32) == leader)
		base = atomicAdd(counter, __popc(active));
	return __shfl_sync(active, base, leader) + __popc(active & ((1u << (threadIdx.x % 32)) - 1));
}

__device__ int twice(int v)
{
	return 2 * v;
}

__global__ void split_k(const int *in, int *pos, int *neg, int *counts)
{
	int v = twice(in[blockIdx.x * blockDim.x + threadIdx.x]);
	if (v > 0)
		pos[agg_inc(&counts[0])] = v;
	else
		neg[agg_inc(&counts[1])] = v;
}
// MODEL: kernel split_k: fibers (calls 'agg_inc'
// CXX: int v = twice(in[blockIdx.x * blockDim.x + threadIdx.x]);
// CXX: pos[(__idxgen_cc_path({{[0-9]+}}u), agg_inc(&counts[0]))] = v;
// CXX: neg[(__idxgen_cc_path({{[0-9]+}}u), agg_inc(&counts[1]))] = v;
