// Threads that do nothing cost nothing (issue 40): a guard at the top of
// the kernel's only thread loop that compares thread indices with uniform
// values bounds the computed-index loops; the guard stays in the body, so
// the bounds only skip threads that fail it.
__global__ void vadd(const int *a, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + 1;
}
// CHECK-LABEL: static void vadd__block(
// CHECK: if (__linear) {
// CHECK-NEXT: /* the guard of line 9 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_b = (int64_t)(blockIdx.x * blockDim.x);
// CHECK-NEXT: const int64_t __idxgen_u = (int64_t)(int)(n);
// CHECK-NEXT: if (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bdx - 1 <= INT64_C(2147483647)) {
// CHECK-NEXT: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 0;
// CHECK-NEXT: if (__idxgen_v < (int64_t)__idxgen_hi_x)
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK: if ((__idxgen_cond_0 || (i < n)))
// CHECK: } else {
// CHECK-NEXT: const int __idxgen_cond_0 __attribute__((unused)) = 0;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// PLAN-LABEL: kernel vadd:
// PLAN: thread loop 0: lines 7-10 (every thread of the block); bounds: the guard of line 9 limits threadIdx.x (threads outside it do nothing)

__global__ void image(float *p, unsigned w, unsigned h)
{
	unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned y = threadIdx.y + blockIdx.y * blockDim.y;

	if (x >= w || y >= h)
		return;
	p[y * w + x] = 0;
}
// CHECK-LABEL: static void image__block(
// CHECK: /* the guard of line 33 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_u = (int64_t)(unsigned int)(w);
// CHECK: INT64_C(4294967295)
// CHECK: if (__idxgen_v < (int64_t)__idxgen_hi_x)
// CHECK: const int64_t __idxgen_u = (int64_t)(unsigned int)(h);
// CHECK: if (__idxgen_v < (int64_t)__idxgen_hi_y)
// CHECK: for (uint32_t __ty = __idxgen_lo_y; __ty < __idxgen_hi_y; __ty++)
// PLAN-LABEL: kernel image:
// PLAN: bounds: the guard of line 33 limits threadIdx.x, .y (threads outside it do nothing)

// LU-style: the lower bounds of a shrinking range
__global__ void lu(float *a, int n, int k)
{
	int i = blockIdx.y * blockDim.y + threadIdx.y;
	int j = blockIdx.x * blockDim.x + threadIdx.x;

	if (i > k && j > k && i < n && j < n)
		a[i * n + j] -= a[i * n + k] * a[k * n + j];
}
// CHECK-LABEL: static void lu__block(
// CHECK: /* the guard of line 54 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 1;
// CHECK-NEXT: if (__idxgen_v > (int64_t)__idxgen_lo_y)
// CHECK: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 1;
// CHECK-NEXT: if (__idxgen_v > (int64_t)__idxgen_lo_x)
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// PLAN-LABEL: kernel lu:
// PLAN: bounds: the guard of line 54 limits threadIdx.x, .y

// not bounded: the guard reads memory, a statement with effects comes first,
// a return guard in a kernel of two thread loops (the __done flags), the
// comparison is not with threadIdx + uniform; bounded: an if guard as the
// last statement of any thread loop (two_loops' second)
__global__ void unbounded(int *a, int *cnt, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < a[0])
		a[i + 1] = 0;
}
__global__ void effect_first(int *a, int *cnt, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int old = atomicAdd(cnt, 1);

	if (i < n)
		a[i] = old;
}
__global__ void two_loops(int *a, int n)
{
	__shared__ int s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = i;
	__syncthreads();
	if (i < n)
		a[i] = s[255 - threadIdx.x];
}
__global__ void ret_two_loops(int *a, int n)
{
	__shared__ int s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	s[threadIdx.x] = i;
	__syncthreads();
	a[i] = s[255 - threadIdx.x];
}
__global__ void scaled(int *a, int n)
{
	int i = 2 * threadIdx.x;

	if (i < n)
		a[i] = 1;
}
// CHECK-LABEL: static void unbounded__block(
// CHECK-NOT: __idxgen_lo_x
// CHECK-LABEL: static void effect_first__block(
// CHECK-NOT: __idxgen_lo_x
// CHECK-LABEL: static void two_loops__block(
// CHECK: /* thread loop 0:
// CHECK-NOT: __idxgen_lo_x
// CHECK: /* thread loop 1:
// CHECK-NEXT: if (__linear) {
// CHECK-NEXT: /* the guard of line 93 as the loops' bounds: threads outside do nothing */
// CHECK-LABEL: static void ret_two_loops__block(
// CHECK-NOT: __idxgen_lo_x
// CHECK-LABEL: static void scaled__block(
// CHECK-NOT: __idxgen_lo_x
// CHECK-LABEL: idxgen_cc_kernel_scaled =
// PLAN-LABEL: kernel unbounded:
// PLAN-NOT: bounds:
// PLAN-LABEL: kernel effect_first:
// PLAN-NOT: bounds:
// PLAN-LABEL: kernel two_loops:
// PLAN: thread loop 0: lines {{[0-9-]+}} (every thread of the block); vectorisation
// PLAN: thread loop 1: lines {{[0-9-]+}} (every thread of the block); bounds: the guard of line 93 limits threadIdx.x
// PLAN-LABEL: kernel ret_two_loops:
// PLAN-NOT: bounds:
// PLAN-LABEL: kernel scaled:
// PLAN-NOT: bounds:

// The block reduction tree: each level's `if (tid < s)` bounds its thread
// loop to [0, s) -- the tree's own order of operations, so float + too.
__global__ void tree(const float *in, float *out)
{
	__shared__ float sdata[256];
	unsigned int tid = threadIdx.x;

	sdata[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}
// CHECK-LABEL: static void tree__block(
// CHECK: for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK: /* the guard of line 151 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_u = (int64_t)(unsigned int)(s);
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK: sdata[tid] += sdata[tid + s];
// CHECK: /* the guard of line 155 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 0;
// CHECK-NEXT: if (__idxgen_v > (int64_t)__idxgen_lo_x)
// CHECK: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 1;
// CHECK-NEXT: if (__idxgen_v < (int64_t)__idxgen_hi_x)
// PLAN-LABEL: kernel tree:
// PLAN: thread loop 0: lines {{[0-9]+-[0-9]+}} (every thread of the block); vectorisation: forced
// PLAN: thread loop 1: lines 151-152 (every thread of the block); bounds: the guard of line 151 limits threadIdx.x (threads outside it do nothing); vectorisation: forced
// PLAN: thread loop 2: lines 155-156 (every thread of the block); bounds: the guard of line 155 limits threadIdx.x

// A tree the bounds cannot take: the level's guard starts with a value
// read from memory (a leading `tid < s &&` would bound the loop); the loop
// stays over every thread, the guard inside.
__global__ void tree_mem(int *d, const int *lim)
{
	__shared__ int sdata[256];
	unsigned int tid = threadIdx.x;

	sdata[tid] = d[tid];
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < (unsigned int)lim[0] && tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	d[tid] = sdata[tid];
}
// CHECK-LABEL: static void tree_mem__block(
// CHECK-NOT: __idxgen_lo_x
// CHECK-LABEL: idxgen_cc_kernel_tree_mem =
// PLAN-LABEL: kernel tree_mem:
// PLAN-NOT: bounds:
// PLAN: variables:

// Macros: an operand that is a whole macro invocation is copied as written;
// a comparison a macro wrote is left alone (its operands' text is the macro's).
#define GN 100
#define GLIM(n) ((n) - 1)
#define GCOND (i < n - 1)
__global__ void macro_operands(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < GN && i <= GLIM(n))
		a[i] = 1;
}
__global__ void macro_cond(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if GCOND
		a[i] = 1;
}
// CHECK-LABEL: static void macro_operands__block(
// CHECK: const int64_t __idxgen_u = (int64_t)(int)(GN);
// CHECK: const int64_t __idxgen_u = (int64_t)(int)(GLIM(n));
// CHECK-LABEL: static void macro_cond__block(
// CHECK-NOT: __idxgen_lo_x
// CHECK-LABEL: idxgen_cc_kernel_macro_cond =

// A residue (issue 40): `lane == 0` fixes threadIdx.x modulo 32, so the x
// loop steps by 32 from the first thread of the residue (8 iterations for
// 256 threads, not 256 tests); what runs before the guard may read memory
// and set locals no later loop reads.  Not taken: a divisor that is not a
// constant, a residue of threadIdx.y, a divisor's mask that is not 2^k - 1.
__global__ void lane_store(const int *in, int *out, unsigned n)
{
	unsigned lane = threadIdx.x & 31;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	if (lane == 0 && threadIdx.x < n)
		out[blockIdx.x * 8 + threadIdx.x / 32] = v;
}
__global__ void residue_param(int *a, int r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i % 3 == r)
		a[i] = 1;
}
__global__ void no_residue(int *a, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i % m == 0)
		a[i] = 1;
	__syncthreads();
	if (threadIdx.y % 32 == 0)
		a[i] = 2;
	__syncthreads();
	if ((threadIdx.x & 5) == 0)
		a[i] = 3;
}
// CHECK-LABEL: static void lane_store__block(
// CHECK: uint32_t __idxgen_st_x = 1, __idxgen_r_x = 0;
// CHECK: const int64_t __idxgen_u = (int64_t)(unsigned int)(0);
// CHECK: if (__idxgen_u < 0 || __idxgen_u >= 32) {
// CHECK-NEXT: __idxgen_hi_x = 0;
// CHECK-NEXT: } else {
// CHECK-NEXT: __idxgen_st_x = 32;
// CHECK-NEXT: __idxgen_r_x = (uint32_t)((__idxgen_v % 32 + 32) % 32);
// CHECK: const int64_t __idxgen_u = (int64_t)(unsigned int)(n);
// CHECK: __idxgen_lo_x += (__idxgen_r_x + __idxgen_st_x - __idxgen_lo_x % __idxgen_st_x) % __idxgen_st_x;
// CHECK: /* the compiler's choice: the guard's step (one residue of threadIdx.x) */
// CHECK-NEXT: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx += __idxgen_st_x) {
// CHECK: } else {
// CHECK-NOT: __idxgen_st_x
// CHECK: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CHECK-LABEL: static void residue_param__block(
// CHECK: const int64_t __idxgen_b = (int64_t)(blockIdx.x * blockDim.x);
// CHECK-NEXT: const int64_t __idxgen_u = (int64_t)(int)(r);
// CHECK: __idxgen_st_x = 3;
// CHECK: __tx += __idxgen_st_x) {
// CHECK-LABEL: static void no_residue__block(
// CHECK-NOT: __idxgen_st_x
// CHECK-LABEL: idxgen_cc_kernel_no_residue =
// PLAN-LABEL: kernel lane_store:
// PLAN: thread loop 0: lines {{[0-9-]+}} (every thread of the block); bounds: the guard of line 234 limits threadIdx.x (threads outside it do nothing), threadIdx.x in steps of 32 (one residue modulo 32); vectorisation: the compiler's choice (the guard's step of 32)
// PLAN-LABEL: kernel residue_param:
// PLAN: bounds: the guard of line 241 limits threadIdx.x (threads outside it do nothing), threadIdx.x in steps of 3 (one residue modulo 3)
// PLAN-LABEL: kernel no_residue:
// PLAN-NOT: steps of
// PLAN: variables:
