// Conditions decided per block (issue 40): a condition in a thread loop that
// compares a thread index with uniform values (the guard's form) gets a flag,
// computed once per block, that says it holds (or, for `if (C) return;`,
// fails) for every thread the loop runs; in the computed-index loop the
// condition reads (__idxgen_cond_J || (C)), so the compiler unswitches on
// the flag and the blocks where it is set run without masked loads and
// stores.  The stream form sets every flag to 0: C decides as written.
__global__ void load_pad(const int *in, int *out, int n)
{
	__shared__ int s[256];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < (unsigned)n ? in[i] : 0;
	__syncthreads();
	out[i] = s[255 - tid];
}
// CHECK-LABEL: static void load_pad__block(
// CHECK: if (__linear) {
// CHECK-NEXT: int __idxgen_cond_0 __attribute__((unused)) = 1; /* line 13's condition, the same for every thread */
// CHECK-NEXT: {
// CHECK-NEXT: const int64_t __idxgen_b = (int64_t)(blockIdx.x * blockDim.x);
// CHECK-NEXT: const int64_t __idxgen_u = (int64_t)(unsigned int)((unsigned)n);
// CHECK-NEXT: if (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bdx - 1 <= INT64_C(4294967295)) {
// CHECK-NEXT: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 0;
// CHECK-NEXT: if (__idxgen_v < (int64_t)__bdx)
// CHECK-NEXT: __idxgen_cond_0 = 0;
// CHECK-NEXT: } else {
// CHECK-NEXT: __idxgen_cond_0 = 0;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: for (uint32_t __tz = 0; __tz < __bdz; __tz++)
// CHECK: s[tid] = (__idxgen_cond_0 || (i < (unsigned)n)) ? in[i] : 0;
// CHECK: } else {
// CHECK-NEXT: const int __idxgen_cond_0 __attribute__((unused)) = 0;
// CHECK: s[tid] = (__idxgen_cond_0 || (i < (unsigned)n)) ? in[i] : 0;

// a lower bound and an upper bound on two axes; a return guard is negated
__global__ void window(float *p, int w, int h, int lo)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < lo || y >= h)
		return;
	p[y * w + x] = x >= lo + 1 && x < w ? 1.0f : 0.0f;
}
// CHECK-LABEL: static void window__block(
// CHECK: int __idxgen_cond_0 __attribute__((unused)) = 1; /* line 43's condition, the same for every thread */
// CHECK: if (__idxgen_v > (int64_t)__idxgen_lo_x)
// CHECK-NEXT: __idxgen_cond_0 = 0;
// CHECK: if (__idxgen_v < (int64_t)__idxgen_hi_y)
// CHECK-NEXT: __idxgen_cond_0 = 0;
// CHECK: int __idxgen_cond_1 __attribute__((unused)) = 1; /* line 45's condition, the same for every thread */
// CHECK: const int64_t __idxgen_u = (int64_t)(int)(lo + 1);
// CHECK-NEXT: if (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bdx - 1 <= INT64_C(2147483647)) {
// CHECK-NEXT: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 0;
// CHECK-NEXT: if (__idxgen_v > (int64_t)__idxgen_lo_x)
// CHECK-NEXT: __idxgen_cond_1 = 0;
// CHECK: if (__idxgen_v < (int64_t)__idxgen_hi_x)
// CHECK-NEXT: __idxgen_cond_1 = 0;
// CHECK: if ((!__idxgen_cond_0 && (x < lo || y >= h)))
// CHECK: p[y * w + x] = (__idxgen_cond_1 || (x >= lo + 1 && x < w)) ? 1.0f : 0.0f;

// not of the form: one thread (==), a value from memory, a macro's condition
#define FIRST (threadIdx.x < 1)
__global__ void others(int *d, const unsigned *lim)
{
	if (threadIdx.x == 0)
		d[0] = 1;
	if (threadIdx.x < lim[0])
		d[threadIdx.x] += 2;
	if (FIRST)
		d[1] = 3;
}
// CHECK-LABEL: static void others__block(
// CHECK-NOT: __idxgen_cond
// CHECK: if (threadIdx.x == 0)
// CHECK: if (threadIdx.x < lim[0])
// CHECK: if (FIRST)
// CHECK-LABEL: const struct idxgen_rt_kernel idxgen_cc_kernel_others

// the leading part of a condition: in `i < n && x[i] > t` the rest is
// evaluated only where `i < n` holds, so that part gets the flag and, in
// the loop's last statement, gives the bounds; in a return guard the
// leading part of ||.  `x[i] > t && i < n` does not: its leading part
// reads memory
__global__ void leading(const int *x, unsigned *cnt, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && x[i] > t)
		atomicAdd(cnt, 1u);
}
// CHECK-LABEL: static void leading__block(
// CHECK: /* the guard of line 91 as the loops' bounds: threads outside do nothing */
// CHECK: int __idxgen_cond_0 __attribute__((unused)) = 1; /* line 91's condition, the same for every thread */
// CHECK: if ((__idxgen_cond_0 || (i < n)) && x[i] > t)
// CHECK: } else {
// CHECK: if ((__idxgen_cond_0 || (i < n)) && x[i] > t)
__global__ void leading_ret(const int *x, int *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n || x[i] < 0)
		return;
	y[i] = x[i];
}
// CHECK-LABEL: static void leading_ret__block(
// CHECK: /* the guard of line 104 as the loops' bounds: threads outside do nothing */
// CHECK: if ((!__idxgen_cond_0 && (i >= n)) || x[i] < 0)
__global__ void trailing(const int *x, int *y, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (x[i] > t && i < n)
		y[i] = 1;
}
// CHECK-LABEL: static void trailing__block(
// CHECK-NOT: __idxgen_cond
// CHECK-NOT: __idxgen_lo_x
// CHECK: if (x[i] > t && i < n)
// CHECK-LABEL: const struct idxgen_rt_kernel idxgen_cc_kernel_trailing
// PLAN-LABEL: kernel leading:
// PLAN: bounds: the guard of line 91 limits threadIdx.x (threads outside it do nothing)
// PLAN-LABEL: kernel leading_ret:
// PLAN: bounds: the guard of line 104 limits threadIdx.x
// PLAN-LABEL: kernel trailing:
// PLAN-NOT: bounds:
