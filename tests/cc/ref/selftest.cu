/* Kernels whose results the reference executor's self-test knows in closed
 * form (selftest.cc).  Real CUDA: nvcc -arch=sm_90 -c compiles this file. */

__device__ unsigned int linear_tid(void)
{
	return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* Indices: every thread of a 3-D grid of 3-D blocks writes its global
 * number once; a global atomicAdd sums them. */
__global__ void indices(unsigned int *out, unsigned int *sum)
{
	unsigned int nt = blockDim.x * blockDim.y * blockDim.z;
	unsigned int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
	unsigned int g = b * nt + linear_tid();

	out[g] = g + 1;
	atomicAdd(sum, g);
}

/* Barrier: each thread publishes gen * 1000 + tid, then reads both
 * neighbours.  Without a real barrier a thread reads a neighbour's slot
 * before that neighbour wrote it (the previous launch's generation): in
 * forward order the right neighbour, in reverse order the left one. */
__global__ void neighbours(int *out, int gen)
{
	__shared__ int s[256];
	unsigned int n = blockDim.x, t = threadIdx.x;

	s[t] = gen * 1000 + (int)t;
	__syncthreads();
	out[blockIdx.x * n + t] = s[(t + 1) % n] + s[(t + n - 1) % n];
}

/* Tree reduction with the barrier in a uniform loop. */
__global__ void tree_sum(const int *in, int *out)
{
	__shared__ int s[256];
	unsigned int t = threadIdx.x;

	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (unsigned int h = blockDim.x / 2; h > 0; h >>= 1) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

/* Barrier reductions over the threads still running after an early return. */
__global__ void counts(int *out, int live)
{
	unsigned int t = linear_tid();

	if (t >= (unsigned int)live)
		return;
	int c = __syncthreads_count(t % 2 == 0);
	int a = __syncthreads_and(t < 1000);
	int o = __syncthreads_or(t == 3);
	int z = __syncthreads_and(t != 1);
	out[t] = c * 1000 + a * 100 + o * 10 + z;
}

/* Threads waiting at two different barriers: the executor must say so. */
__global__ void divergent(int *out)
{
	if (threadIdx.x < 3)
		__syncthreads();
	else
		__syncthreads();
	out[threadIdx.x] = 1;
}
