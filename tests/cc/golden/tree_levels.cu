// The block reduction tree recognised (issue 40; lib/cc/tree_level.c): in
// a 1-D block each level is one loop over exactly the threads that work,
// [0, s) for `tid < s`, 0, 2s, 4s, ... for `tid % (2 * s) == 0`, the guard
// gone and the level's statement alone in the loop, one form for every
// stream order; any other block runs the loop as written.  Trees whose
// level could touch another thread's slots, or whose shape is not proven,
// are left as they were.
#define N 256

__global__ void halving(const float *in, float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void halving__block(
// CHECK: /* line 17's reduction tree: in a 1-D block each level one loop over the threads that work (tree_level.c), for the common sizes with the size a constant */
// CHECK-NEXT: if (__bdx == 256 && __bdy == 1 && __bdz == 1) {
// CHECK-NEXT: const uint32_t __bdx __attribute__((unused)) = 256, __bdy __attribute__((unused)) = 1, __bdz __attribute__((unused)) = 1;
// CHECK-NEXT: const dim3 blockDim __attribute__((unused)) = { 256, 1, 1 };
// CHECK-NEXT: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK-NEXT: /* thread loop 1:
// CHECK-NEXT: {	/* a level of the tree: only the threads that work, each once (tree_level.c) */
// CHECK-NEXT: const int64_t __idxgen_lv_u = (int64_t)(unsigned int)(k);
// CHECK-NEXT: const uint32_t __idxgen_lv_hi = __idxgen_lv_u <= 0 ? 0u : __idxgen_lv_u < (int64_t)__bdx ? (uint32_t)__idxgen_lv_u : __bdx;
// CHECK-NEXT: const uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = 0; __tx < __idxgen_lv_hi; __tx++) {
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: unsigned int tid = threadIdx.x; /* recomputed */
// CHECK-NEXT: s[tid] += s[tid + k];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: /* __syncthreads(): the next level starts after this one */
// CHECK-NEXT: }
// CHECK-NEXT: } else if (__bdx == 128 && __bdy == 1 && __bdz == 1) {
// CHECK-NOT: __bdx == 512
// CHECK: } else if (__bdy == 1 && __bdz == 1) {
// CHECK-NEXT: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK: s[tid] += s[tid + k];
// CHECK: } else {
// CHECK-NEXT: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK: if (__linear) {
// CHECK: if ((__idxgen_cond_0 || (tid < k)))
// CHECK-NEXT: s[tid] += s[tid + k];
// CHECK: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CHECK: out[blockIdx.x] = s[0];
// PLAN-LABEL: kernel halving:
// PLAN: for containing barriers: lines 17-21, once per block (its conditions are uniform)
// PLAN-NEXT: reduction tree: each level one loop over the threads that work, threadIdx.x < k (line 18's guard; k halves), for 1-D blocks; written again for 1-D blocks of 256, 128 threads, the size a constant

// the interleaved form: every 2k-th thread; a constant start; an argmax over two arrays
__global__ void interleaved(const double *in, double *out)
{
	__shared__ double s[1024];
	int tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (int k = 1; k < (int)blockDim.x; k <<= 1) {
		if (tid % (2 * k) == 0)
			s[tid] = s[tid] + s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void interleaved__block(
// CHECK: if (__bdx == 256 && __bdy == 1 && __bdz == 1) {
// CHECK: const int64_t __idxgen_lv_u = (int64_t)(int)(2 * k);
// CHECK-NEXT: const uint32_t __idxgen_lv_hi = __idxgen_lv_u <= 0 ? 0u : __bdx;
// CHECK-NEXT: const uint32_t __idxgen_lv_st = __idxgen_lv_u <= 0 ? 1u : __idxgen_lv_u < (int64_t)__bdx ? (uint32_t)__idxgen_lv_u : __bdx;
// CHECK-NEXT: const uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;
// CHECK-NEXT: /* the compiler's choice: the guard's step (one residue of threadIdx.x) */
// CHECK-NEXT: for (uint32_t __tx = 0; __tx < __idxgen_lv_hi; __tx += __idxgen_lv_st) {
// CHECK: s[tid] = s[tid] + s[tid + k];
// CHECK: } else if (__bdx == 1024 && __bdy == 1 && __bdz == 1) {
// CHECK: } else if (__bdy == 1 && __bdz == 1) {
// CHECK: } else {
// CHECK: if (tid % (2 * k) == 0)
// PLAN-LABEL: kernel interleaved:
// PLAN: reduction tree: each level one loop over the threads that work, threadIdx.x a multiple of 2 * k (line 70's guard; k doubles), for 1-D blocks; written again for 1-D blocks of 256, 128, 512, 1024 threads, the size a constant

__global__ void argmax(const float *in, int *out)
{
	__shared__ float v[64];
	__shared__ int ix[64];
	int tid = threadIdx.x;

	v[tid] = in[blockIdx.x * blockDim.x + tid];
	ix[tid] = tid;
	__syncthreads();
	for (int k = 32; k > 0; k >>= 1) {
		if (tid < k) {
			if (v[tid + k] > v[tid]) {
				v[tid] = v[tid + k];
				ix[tid] = ix[tid + k];
			}
		}
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = ix[0];
}
// CHECK-LABEL: static void argmax__block(
// CHECK-NOT: __bdx == 256
// CHECK: if (__bdy == 1 && __bdz == 1) {
// CHECK-NEXT: for (int k = 32; k > 0; k >>= 1) {
// CHECK: for (uint32_t __tx = 0; __tx < __idxgen_lv_hi; __tx++) {
// CHECK: if (v[tid + k] > v[tid]) {
// CHECK: } else {
// PLAN-LABEL: kernel argmax:
// PLAN: reduction tree: each level one loop over the threads that work, threadIdx.x < k (line 103's guard; k halves), for 1-D blocks{{$}}

// Left as they were: a level that writes the partner's slot, one that reads
// global memory, a guard with more than `tid < k`, a partner not at tid + k,
// a value carried across levels in a per-thread variable, a second
// statement, and a kernel whose threads may have returned.
__global__ void writes_partner(float *out)
{
	__shared__ float s[N];
	__shared__ float t[2 * N];
	unsigned tid = threadIdx.x;

	s[tid] = (float)tid;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			t[tid + k] = s[tid] + s[tid + k];
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + tid] = t[tid];
}
// CHECK-LABEL: static void writes_partner__block(
// CHECK-NOT: tree_level.c
// CHECK: reduction tree: written for the common 1-D block sizes with the size a constant (tree.c)
// CHECK: idxgen_cc_kernel_writes_partner = {
// PLAN-LABEL: kernel writes_partner:
// PLAN-NOT: each level
// PLAN: reduction tree: written again for 1-D blocks of 256, 128, 512 and 1024 threads

__global__ void reads_global(const float *w, float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = (float)tid;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += w[tid] * s[tid + k];
		__syncthreads();
	}
	out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void reads_global__block(
// CHECK-NOT: tree_level.c
// CHECK: idxgen_cc_kernel_reads_global = {
// PLAN-LABEL: kernel reads_global:
// PLAN-NOT: each level
// PLAN: variables:

__global__ void guard_and(float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = (float)tid;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k && k > 1)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void guard_and__block(
// CHECK-NOT: tree_level.c
// CHECK: idxgen_cc_kernel_guard_and = {
// PLAN-LABEL: kernel guard_and:
// PLAN-NOT: each level
// PLAN: variables:

__global__ void other_partner(float *out)
{
	__shared__ float s[N];
	__shared__ float q[2 * N];
	unsigned tid = threadIdx.x;

	s[tid] = (float)tid;
	q[tid] = q[tid + N] = 1.0f;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += q[tid + 2 * k];
		__syncthreads();
	}
	out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void other_partner__block(
// CHECK-NOT: tree_level.c
// CHECK: idxgen_cc_kernel_other_partner = {
// PLAN-LABEL: kernel other_partner:
// PLAN-NOT: each level
// PLAN: variables:

__global__ void carried(const float *in, float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;
	float sum = in[blockIdx.x * blockDim.x + tid];

	s[tid] = sum;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] = sum = sum + s[tid + k];
		__syncthreads();
	}
	out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void carried__block(
// CHECK-NOT: tree_level.c
// CHECK: idxgen_cc_kernel_carried = {
// PLAN-LABEL: kernel carried:
// PLAN-NOT: each level
// PLAN: variables:

__global__ void two_statements(float *out, float *count)
{
	__shared__ float s[1024];
	__shared__ float c[1024];
	unsigned tid = threadIdx.x;

	s[tid] = (float)tid;
	c[tid] = 1.0f;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		c[tid] += 1.0f;
		__syncthreads();
	}
	out[blockIdx.x] = s[0];
	count[blockIdx.x] = c[0];
}
// CHECK-LABEL: static void two_statements__block(
// CHECK-NOT: tree_level.c
// CHECK: idxgen_cc_kernel_two_statements = {
// PLAN-LABEL: kernel two_statements:
// PLAN-NOT: each level
// PLAN: variables:

__global__ void returned(const float *in, float *out, int n)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	if (n < 0)
		return;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void returned__block(
// CHECK-NOT: tree_level.c
// CHECK: idxgen_cc_kernel_returned = {
// PLAN-LABEL: kernel returned:
// PLAN-NOT: each level
// PLAN: variables:
