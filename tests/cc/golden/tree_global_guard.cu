// Interleaved tree reductions whose `if` tests the global index where the
// sum is indexed by the thread's (issue 38, thirty-first session;
// lib/cc/lockstep_guard.c).  idx = blockIdx.x * blockDim.x + threadIdx.x
// differs from threadIdx.x by one value for the block, so `idx % (2 * k) ==
// 0` keeps the lanes that store s[t] apart from those whose s[t + k] they
// read, as `t % (2 * k) == 0` does: the statement runs in a thread loop of
// loop fission (with the fiber body for blocks whose rows are shorter than
// a warp, as for the threadIdx.x tree).  Before, the kernels ran as fibers
// ("line N reads __shared__ memory a statement before it stored to ...":
// read, meet, write).  Not proved, fibers still: an index that is not the
// global one (idx + 1).  tests/cc/whole/progs/tree_global_guard.cu runs
// them against host sums.
__global__ void tree_by_global(const float *in, float *out, int n)
{
	__shared__ float s[256];
	unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = idx < (unsigned int)n ? in[idx] : 0.0f;
	__syncthreads();
	for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
		if ((idx % (stride * 2)) == 0)
			s[threadIdx.x] += s[threadIdx.x + stride];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = s[0];
}
// MODEL-LABEL: kernel tree_by_global: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 22 counts on threadIdx.x telling the lanes of a warp apart)
// CXX-LABEL: static void tree_by_global__block(struct idxgen_rt_block *__b)
// CXX: /* thread loop 1: {{.*}}tree_global_guard.cu lines 21-22 */
// CXX: if ((idx % (stride * 2)) == 0)
// CXX-NEXT: s[threadIdx.x] += s[(int32_t)(threadIdx.x + stride)];

// a bound in the guard, the thread index in a local, the global one in an int
__global__ void tree_bounded(const int *in, int *out, int n)
{
	__shared__ int s[256];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int k = 1; k < (int)blockDim.x; k *= 2) {
		if (i < n && i % (2 * k) == 0)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// MODEL-LABEL: kernel tree_bounded: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 45 counts on threadIdx.x telling the lanes of a warp apart)
// CXX-LABEL: static void tree_bounded__block(struct idxgen_rt_block *__b)
// CXX: /* thread loop 1: {{.*}}tree_global_guard.cu lines 44-45 */
// CXX: if ((__idxgen_cond_0 || (i < n)) && i % (2 * k) == 0)
// CXX-NEXT: s[tid] += s[tid + k];

// the guard's index is one past the global one: lanes t and t + k may both store
__global__ void tree_shifted(const int *in, int *out)
{
	__shared__ int s[256];
	unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x + 1;

	s[threadIdx.x] = in[idx];
	__syncthreads();
	for (unsigned int k = 1; k < blockDim.x; k *= 2) {
		if (idx % (2 * k) == 0)
			s[threadIdx.x] += s[threadIdx.x + k];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = s[0];
}
// MODEL: kernel tree_shifted: fibers (line 67 reads __shared__ memory a statement before it stored to with no barrier between: the lanes of a warp meet there, as in lock step)
