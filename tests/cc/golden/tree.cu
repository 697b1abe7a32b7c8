// The block reduction tree written again per common 1-D block size with
// the size a constant (issue 40; lib/cc/tree.c): the same statements in a
// branch per size that redeclares the block's shape, the general code for
// every other shape; loops whose copies could mean something else, or
// that do not halve a size taken from blockDim, are left alone.  The
// barrier comes first in these loops: tree_level.c, which takes `if (tid <
// k) ...; __syncthreads();` (golden/tree_levels.cu), leaves them to tree.c.
#define N 256

__global__ void sum(const float *in, float *out)
{
	__shared__ float s[N];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		__syncthreads();
		if (tid < k)
			s[tid] += s[tid + k];
	}
	__syncthreads();
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void sum__block(
// CHECK: /* line 17's reduction tree: written for the common 1-D block sizes with the size a constant (tree.c) */
// CHECK-NEXT: if (__bdx == 256 && __bdy == 1 && __bdz == 1) {
// CHECK-NEXT: const uint32_t __bdx __attribute__((unused)) = 256, __bdy __attribute__((unused)) = 1, __bdz __attribute__((unused)) = 1;
// CHECK-NEXT: const dim3 blockDim __attribute__((unused)) = { 256, 1, 1 };
// CHECK-NEXT: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK: s[tid] += s[tid + k];
// CHECK: } else if (__bdx == 128 && __bdy == 1 && __bdz == 1) {
// CHECK: } else if (__bdx == 512 && __bdy == 1 && __bdz == 1) {
// CHECK: } else if (__bdx == 1024 && __bdy == 1 && __bdz == 1) {
// CHECK-NEXT: const uint32_t __bdx __attribute__((unused)) = 1024, __bdy __attribute__((unused)) = 1, __bdz __attribute__((unused)) = 1;
// CHECK-NEXT: const dim3 blockDim __attribute__((unused)) = { 1024, 1, 1 };
// CHECK-NEXT: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK-NOT: for (unsigned k
// CHECK: out[blockIdx.x] = s[0];
// PLAN-LABEL: kernel sum:
// PLAN: for containing barriers: lines 17-21, once per block (its conditions are uniform)
// PLAN-NEXT: reduction tree: written again for 1-D blocks of 256, 128, 512 and 1024 threads, the size a constant

__global__ void dot(const double *a, const double *b, double *part)
{
	__shared__ double cache[N];
	int ci = threadIdx.x;

	cache[ci] = a[blockIdx.x * blockDim.x + ci] * b[blockIdx.x * blockDim.x + ci];
	__syncthreads();
	int h = blockDim.x / 2;
	while (h != 0) {
		if (ci < h)
			cache[ci] += cache[ci + h];
		__syncthreads();
		h /= 2;
	}
	if (ci == 0)
		part[blockIdx.x] = cache[0];
}
// CHECK-LABEL: static void dot__block(
// CHECK: /* line 54's reduction tree: written for the common 1-D block sizes with the size a constant (tree.c) */
// CHECK-NEXT: if (__bdx == 256 && __bdy == 1 && __bdz == 1) {
// CHECK: while (h != 0) {
// CHECK: cache[ci] += cache[ci + h];
// CHECK: h /= 2;
// CHECK: while (h != 0) {
// CHECK: while (h != 0) {
// CHECK: while (h != 0) {
// CHECK: while (h != 0) {
// CHECK-NOT: while (h != 0) {
// CHECK: part[blockIdx.x] = cache[0];
// PLAN-LABEL: kernel dot:
// PLAN: while containing barriers: lines 54-59, once per block (its conditions are uniform)
// PLAN-NEXT: reduction tree: written again

// from a constant: nothing to gain
__global__ void fixed(int *out)
{
	__shared__ int s[N];
	unsigned tid = threadIdx.x;

	s[tid] = (int)tid;
	__syncthreads();
	for (unsigned k = N / 2; k > 0; k >>= 1) {
		__syncthreads();
		if (tid < k)
			s[tid] += s[tid + k];
	}
	__syncthreads();
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void fixed__block(
// CHECK-NOT: reduction tree
// CHECK-NOT: __bdx == 256
// CHECK: idxgen_cc_kernel_fixed = {
// PLAN-LABEL: kernel fixed:
// PLAN-NOT: reduction tree
// PLAN: variables:

// a return inside: its label would be declared once per copy
__global__ void early(int *out, int stop)
{
	__shared__ int s[N];
	unsigned tid = threadIdx.x;

	s[tid] = (int)tid;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		if (k == (unsigned)stop)
			return;
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void early__block(
// CHECK-NOT: reduction tree
// CHECK-NOT: __bdx == 256
// CHECK: idxgen_cc_kernel_early = {
// PLAN-LABEL: kernel early:
// PLAN-NOT: reduction tree
// PLAN: variables:

// not halving
__global__ void stepped(int *out)
{
	__shared__ int s[N];
	unsigned tid = threadIdx.x;

	s[tid] = (int)tid;
	__syncthreads();
	for (unsigned k = 1; k < blockDim.x; k *= 2) {
		__syncthreads();
		if (tid % (2 * k) == 0)
			s[tid] += s[tid + k];
	}
	__syncthreads();
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void stepped__block(
// CHECK-NOT: reduction tree
// CHECK-NOT: __bdx == 256
// CHECK: idxgen_cc_kernel_stepped = {
// PLAN-LABEL: kernel stepped:
// PLAN-NOT: reduction tree
// PLAN: variables:
