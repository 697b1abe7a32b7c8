// Conditions through a local thread index (issue 40): `int tid =
// threadIdx.x; int i = blockIdx.x * blockDim.x + tid;` is B + threadIdx.x
// like the direct form, so `if (i < n)` bounds the thread loop and gets the
// per-block flag.  Every type on the way lowers the limit the block must
// stay under: a narrow local (unsigned char) gives 255.
__global__ void vadd_tid(const float *a, const float *b, float *c, int n)
{
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;

	if (i < n)
		c[i] = a[i] + b[i];
}
// CHECK-LABEL: static void vadd_tid__block(
// CHECK: if (__linear) {
// CHECK-NEXT: /* the guard of line 11 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_b = (int64_t)(blockIdx.x * blockDim.x);
// CHECK-NEXT: const int64_t __idxgen_u = (int64_t)(int)(n);
// CHECK-NEXT: if (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bdx - 1 <= INT64_C(2147483647)) {
// CHECK-NEXT: const int64_t __idxgen_v = __idxgen_u - __idxgen_b + 0;
// CHECK-NEXT: if (__idxgen_v < (int64_t)__idxgen_hi_x)
// CHECK: int __idxgen_cond_0 __attribute__((unused)) = 1; /* line 11's condition, the same for every thread */
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK: if ((__idxgen_cond_0 || (i < n)))
// CHECK: } else {
// CHECK-NEXT: const int __idxgen_cond_0 __attribute__((unused)) = 0;
// PLAN-LABEL: kernel vadd_tid:
// PLAN: bounds: the guard of line 11 limits threadIdx.x (threads outside it do nothing)

// the reduction's load: tid + base on the other side, a ?: condition
__global__ void load_tid(const float *in, float *out, unsigned n)
{
	__shared__ float s[256];
	unsigned int tid = threadIdx.x;
	unsigned int i = tid + blockIdx.x * (blockDim.x * 2);

	s[tid] = i < n ? in[i] : 0.0f;
	__syncthreads();
	out[i] = s[255 - tid];
}
// CHECK-LABEL: static void load_tid__block(
// CHECK: int __idxgen_cond_0 __attribute__((unused)) = 1; /* line 37's condition, the same for every thread */
// CHECK-NEXT: {
// CHECK-NEXT: const int64_t __idxgen_b = (int64_t)(blockIdx.x * (blockDim.x * 2));
// CHECK-NEXT: const int64_t __idxgen_u = (int64_t)(unsigned int)(n);
// CHECK-NEXT: if (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bdx - 1 <= INT64_C(4294967295)) {
// CHECK: s[tid] = (__idxgen_cond_0 || (i < n)) ? in[i] : 0.0f;

// a narrow local: its maximum is the limit
__global__ void narrow(int *p, int n)
{
	unsigned char t = threadIdx.x;
	int i = blockIdx.x * 200 + t;

	if (i < n)
		p[i] = t;
}
// CHECK-LABEL: static void narrow__block(
// CHECK: /* the guard of line 55 as the loops' bounds: threads outside do nothing */
// CHECK: const int64_t __idxgen_b = (int64_t)(blockIdx.x * 200);
// CHECK: if (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bdx - 1 <= INT64_C(255)) {

// not of the form: the local is threadIdx.x plus something, the local is
// assigned again, the local's value comes from memory
__global__ void shifted(int *p, int n)
{
	int tid = threadIdx.x + 1;
	int i = blockIdx.x * blockDim.x + tid;

	if (i < n)
		p[i] = 1;
}
__global__ void reassigned(int *p, int n, int d)
{
	int tid = threadIdx.x;
	int i;

	tid += d;
	i = blockIdx.x * blockDim.x + tid;
	if (i < n)
		p[i] = 1;
}
__global__ void from_memory(int *p, const int *map, int n)
{
	int tid = map[threadIdx.x];
	int i = blockIdx.x * blockDim.x + tid;

	if (i < n)
		p[i] = 1;
}
// CHECK-LABEL: static void shifted__block(
// CHECK-NOT: __idxgen_cond
// CHECK-NOT: the guard of line
// CHECK: if (i < n)
// CHECK-LABEL: static void reassigned__block(
// CHECK-NOT: __idxgen_cond
// CHECK-NOT: the guard of line
// CHECK: if (i < n)
// CHECK-LABEL: static void from_memory__block(
// CHECK-NOT: __idxgen_cond
// CHECK-NOT: the guard of line
// CHECK: if (i < n)
// CHECK-LABEL: const struct idxgen_rt_kernel idxgen_cc_kernel_from_memory
