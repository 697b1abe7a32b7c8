// A reduction's load fused with its tree's first level (issue 40;
// lib/cc/tree_fuse.c): where the thread loop in front of the tree's barrier
// stores only A[threadIdx.x] of the tree's array and reads no __shared__
// memory, a 1-D block of a common size runs the first level (s = blockDim.x
// / 2) as one loop over t < s: thread t + s's load, thread t's load, thread
// t's level statement.  Any other block runs the load, the barrier and the
// tree apart.  The shapes after the first are left alone.
#define N 256

__global__ void fused(const float *in, float *out, int n)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < (unsigned)n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void fused__block(
// CHECK: /* line 18's reduction tree, the load in front fused into its first level (tree_fuse.c), for the common 1-D sizes with the size a constant */
// CHECK-NEXT: if (__bdx == 256 && __bdy == 1 && __bdz == 1) {
// CHECK: {	/* the load fused with the tree's first level (tree_fuse.c) */
// CHECK: {	/* the first level, s = blockDim.x / 2: each working thread t with its own load and that of t + s */
// CHECK-NEXT: unsigned k = blockDim.x / 2;
// CHECK: if (1 && __idxgen_cond_0) {	/* every condition decided for the block: the flags constant */
// CHECK-NEXT: const int __idxgen_cond_0 __attribute__((unused)) = 1;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __idxgen_ft = 0; __idxgen_ft < __idxgen_lv_hi; __idxgen_ft++) {
// CHECK-NEXT: {	const uint32_t __tx = __idxgen_ft + __idxgen_lv_hi;	/* thread t + s's load */
// CHECK: s[tid] = (__idxgen_cond_0 || (i < (unsigned)n)) ? in[i] : 0.0f;
// CHECK: {	const uint32_t __tx = __idxgen_ft;	/* thread t's load */
// CHECK: s[tid] = (__idxgen_cond_0 || (i < (unsigned)n)) ? in[i] : 0.0f;
// CHECK: {	const uint32_t __tx = __idxgen_ft;	/* thread t's first level */
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: unsigned int tid = threadIdx.x; /* recomputed */
// CHECK-NEXT: s[tid] += s[tid + k];
// CHECK: } else {
// CHECK: int __idxgen_lv1 = 1;	/* the loop as written, its first level done above */
// CHECK-NEXT: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK-NEXT: if (__idxgen_lv1) {
// CHECK-NEXT: __idxgen_lv1 = 0;
// CHECK-NEXT: continue;
// CHECK: for (uint32_t __tx = 0; __tx < __idxgen_lv_hi; __tx++) {
// CHECK: } else if (__bdx == 128 && __bdy == 1 && __bdz == 1) {
// CHECK-NOT: __bdx == 512
// CHECK: } else {
// CHECK: /* thread loop 0:
// CHECK: /* __syncthreads() */
// CHECK-NEXT: /* line 18's reduction tree: in a 1-D block each level one loop over the threads that work (tree_level.c), for the common sizes with the size a constant */
// PLAN-LABEL: kernel fused:
// PLAN: reduction tree: each level one loop over the threads that work, threadIdx.x < k (line 19's guard; k halves)
// PLAN-NEXT: load fused with the tree's first level: lines 13-16's store to the tree's array and line 19's first level run as one loop over threadIdx.x < blockDim.x / 2, each with its own load and that of threadIdx.x + blockDim.x / 2, for 1-D blocks of a common size

// the load writes another thread's slot: left alone
__global__ void next_slot(const float *in, float *out)
{
	__shared__ float s[N + 1];
	unsigned tid = threadIdx.x;

	s[tid + 1] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void next_slot__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: out[blockIdx.x] =
// PLAN-LABEL: kernel next_slot:
// PLAN-NOT: load fused
// PLAN: reduction tree: each level one loop

// the tree runs over another array than the one the loop in front stores
__global__ void other_array(const float *in, float *out)
{
	__shared__ float a[N];
	__shared__ float b[N];
	unsigned tid = threadIdx.x;

	b[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	a[tid] = 2.0f * in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			b[tid] += b[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = b[0] + a[1];
}
// CHECK-LABEL: static void other_array__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: out[blockIdx.x] =
// PLAN-LABEL: kernel other_array:
// PLAN-NOT: load fused
// PLAN: reduction tree: each level one loop

// a tree for any block size (odd ones too): its first s is not blockDim.x / 2
__global__ void odd_sizes(const float *in, float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = (blockDim.x + 1) / 2; k > 0; k >>= 1) {
		if (tid < k && tid + k < blockDim.x)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void odd_sizes__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: out[blockIdx.x] =
// PLAN-LABEL: kernel odd_sizes:
// PLAN-NOT: load fused
// PLAN: thread loop 2:

// a second write between the load and the tree: in the load's loop, and after its barrier
__global__ void second_write(const float *in, float *out, float scale)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	s[tid] *= scale;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void second_write__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: out[blockIdx.x] =
// PLAN-LABEL: kernel second_write:
// PLAN-NOT: load fused
// PLAN: reduction tree: each level one loop

__global__ void write_after_barrier(const float *in, float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	if (tid == 0)
		s[0] = 0.0f;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void write_after_barrier__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: out[blockIdx.x] =
// PLAN-LABEL: kernel write_after_barrier:
// PLAN-NOT: load fused
// PLAN: reduction tree: each level one loop

// the load reads __shared__ memory; the load names a variable spelled as the tree's
__global__ void reads_shared(const float *in, float *out)
{
	__shared__ float s[N];
	__shared__ float t[N];
	unsigned tid = threadIdx.x;

	t[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	s[tid] = t[N - 1 - tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void reads_shared__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: out[blockIdx.x] =
// PLAN-LABEL: kernel reads_shared:
// PLAN-NOT: load fused
// PLAN: reduction tree: each level one loop

__global__ void shadowed(const float *in, float *out, unsigned k)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid] * (float)k;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void shadowed__block(
// CHECK-NOT: (tree_fuse.c)
// CHECK: IDXGEN_RT_FOR_THREADS
// PLAN-LABEL: kernel shadowed:
// PLAN-NOT: load fused
// PLAN: reduction tree: each level one loop
