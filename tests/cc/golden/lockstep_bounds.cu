// One statement that stores s[tid + c1] and reads s[tid + c2] of one
// __shared__ array of N elements, tid the block's linear thread index
// (lib/cc/lockstep_rows.c, "bounds"): where the two sets of elements are
// apart for every lane that can run it, no lane order and no block shape
// matters, and no proof needs threadIdx.x to tell the lanes of a warp apart.
// Below the store (c1 > c2, N - c1 <= c1 - c2): every lane that stores has
// tid < N - c1.  Above it (c2 > c1, N - c2 <= c2 - c1, the twenty-ninth
// session): every lane that stores read s[tid + c2] first, so tid < N - c2,
// unless some lanes skip the read (a ?: branch, the right of && or ||).
// The guard `threadIdx.x == 7u` lets one lane of a warp in only where rows
// are at least a warp long; without the bounds proof a loop's second turn
// would count on it, and the C path would trap at launch on 2-D blocks
// narrower than a warp (tests/cc/fuzz/regress/narrow_rows_launch.cu).

// above: stores [0, 18), loads [18, 36)
__global__ void rows_above(const unsigned int *in, unsigned int *out, int n)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[36];
	s[tid % 36u] = in[tid];
	__syncthreads();
	if (threadIdx.x == 7u) {
		for (int j = 0; j < n; j++)
			s[tid] = ((s[tid + 18u] & 3u) != 1u) ? s[tid + 18u] + (unsigned int)j : 5u;
	}
	__syncthreads();
	out[tid] = s[tid % 36u];
}

// below: stores [18, 36), loads [0, 18) (proved before)
__global__ void rows_below(const unsigned int *in, unsigned int *out, int n)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[36];
	s[tid % 36u] = in[tid];
	__syncthreads();
	if (threadIdx.x == 7u) {
		for (int j = 0; j < n; j++)
			s[tid + 18u] = s[tid] * 3u + (unsigned int)j;
	}
	__syncthreads();
	out[tid] = s[tid % 36u];
}

// above, but a lane whose s[tid] is odd skips the read: it may store at any
// tid < 36, into what another lane reads; the launch check stays
__global__ void rows_above_skipped(const unsigned int *in, unsigned int *out, int n)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[36];
	s[tid % 36u] = in[tid];
	__syncthreads();
	if (threadIdx.x == 7u) {
		for (int j = 0; j < n; j++)
			s[tid] = (s[tid] & 1u) ? 0u : s[tid + 18u] + (unsigned int)j;
	}
	__syncthreads();
	out[tid] = s[tid % 36u];
}

// above by 17 of 36: a lane with tid = 18 stores s[18], which lane 1 reads;
// the launch check stays
__global__ void rows_above_near(const unsigned int *in, unsigned int *out, int n)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[36];
	s[tid % 36u] = in[tid];
	__syncthreads();
	if (threadIdx.x == 7u) {
		for (int j = 0; j < n; j++)
			s[tid] = s[tid + 17u] + (unsigned int)j;
	}
	__syncthreads();
	out[tid] = s[tid % 36u];
}

// PLAN: kernel rows_above: {{.*}}lockstep_bounds.cu line 16: 3 thread loop(s), 2 barrier(s)
// PLAN: kernel rows_below: {{.*}}lockstep_bounds.cu line 31: 3 thread loop(s), 2 barrier(s)
// CHECK-LABEL: static void rows_above__block(
// CHECK-NOT: idxgen_rt_trap
// CHECK: s[tid] = ((s[tid + 18u] & 3u) != 1u) ? s[tid + 18u] + (unsigned int)j : 5u;
// CHECK-NOT: idxgen_rt_trap
// CHECK-LABEL: idxgen_cc_kernel_rows_above =
// CHECK-LABEL: static void rows_below__block(
// CHECK-NOT: idxgen_rt_trap
// CHECK: s[tid + 18u] = s[tid] * 3u + (unsigned int)j;
// CHECK-NOT: idxgen_rt_trap
// CHECK-LABEL: idxgen_cc_kernel_rows_below =
// CHECK-LABEL: static void rows_above_skipped__block(
// CHECK: idxgen_rt_trap(__b, "line 55 counts on threadIdx.x telling the lanes of a warp apart; a %ux%ux%u block does not (lock step)", __bdx, __bdy, __bdz);
// CHECK-LABEL: static void rows_above_near__block(
// CHECK: idxgen_rt_trap(__b, "line 71 counts on threadIdx.x telling the lanes of a warp apart; a %ux%ux%u block does not (lock step)", __bdx, __bdy, __bdz);
// CXX-LABEL: static void rows_above__block(struct idxgen_rt_block *__b)
// CXX-NOT: block_dim[0] < 32
// CXX-LABEL: const struct idxgen_rt_kernel rows_above__kernel =
// CXX-LABEL: static void rows_below__block(struct idxgen_rt_block *__b)
// CXX-NOT: block_dim[0] < 32
// CXX-LABEL: const struct idxgen_rt_kernel rows_below__kernel =
// CXX-LABEL: static void rows_above_skipped__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: if (__b->block_dim[0] < 32 && __b->block_dim[1] * __b->block_dim[2] > 1) {
// MODEL: kernel rows_above: fission{{$}}
// MODEL: kernel rows_below: fission{{$}}
// MODEL: kernel rows_above_skipped: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 55 counts on threadIdx.x telling the lanes of a warp apart)
// MODEL: kernel rows_above_near: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 71 counts on threadIdx.x telling the lanes of a warp apart)
