// No per-thread index arithmetic the block's shape makes constant (issue
// 40, item 2): a thread loop bounded by a guard on a 32-bit global index
// B + threadIdx.x counts x by that index in an int (lib/cc/emit.c's
// global_x_loop), so the kernel's own `blockIdx.x * blockDim.x +
// threadIdx.x` folds to the counter and the compiler steps pointers instead
// of widening a wrapping 32-bit index for every vector.  Where B + [lo, hi)
// does not fit an int, the loop as before.  Left alone: a 64-bit index, an
// index of threadIdx.x alone, a guard with a step, bounds on y or z too.
__global__ void vadd(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}
// CHECK-LABEL: static void vadd__block(
// CHECK: /* the guard of line 13 as the loops' bounds: threads outside do nothing */
// CHECK: const uint32_t __idxgen_gb __attribute__((unused)) = (uint32_t)(blockIdx.x * blockDim.x);
// CHECK: if (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1 && __idxgen_cond_0
// CHECK-NEXT: && __idxgen_lo_x <= __idxgen_hi_x && (int64_t)__idxgen_gb + __idxgen_hi_x <= INT32_MAX) { /* a 1-D block, its conditions decided: the x loop alone */
// CHECK-NEXT: const uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;
// CHECK-NEXT: const int __idxgen_cond_0 __attribute__((unused)) = 1;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x); __idxgen_gi < (int32_t)(__idxgen_gb + __idxgen_hi_x); __idxgen_gi++) {
// CHECK-NEXT: const uint32_t __tx = (uint32_t)__idxgen_gi - __idxgen_gb;
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK: if ((__idxgen_cond_0 || (i < n)))
// CHECK-NEXT: c[i] = a[i] + b[i];
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: for (uint32_t __tz = __idxgen_lo_z; __tz < __idxgen_hi_z; __tz++)
// CHECK-NEXT: for (uint32_t __ty = __idxgen_lo_y; __ty < __idxgen_hi_y; __ty++)
// CHECK-NEXT: if (__idxgen_lo_x <= __idxgen_hi_x && (int64_t)__idxgen_gb + __idxgen_hi_x <= INT32_MAX) {
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x); __idxgen_gi < (int32_t)(__idxgen_gb + __idxgen_hi_x); __idxgen_gi++) {
// CHECK-NEXT: const uint32_t __tx = (uint32_t)__idxgen_gi - __idxgen_gb;
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK: c[i] = a[i] + b[i];
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK: c[i] = a[i] + b[i];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// PLAN-LABEL: kernel vadd:
// PLAN: limits threadIdx.x (threads outside it do nothing); a plain x loop counted by the global index blockIdx.x * blockDim.x + threadIdx.x in an int where it fits; in a 1-D block whose conditions the bounds decide, that x loop alone (no y/z loops)

// the early return (a negated condition: its flag set means no thread of
// the box returns) and a second condition: the 1-D loop needs both flags
__global__ void clampd(float *p, const float *q, int n, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	p[i] = i < m ? q[i] : 0.0f;
}
// CHECK-LABEL: static void clampd__block(
// CHECK: if (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1 && __idxgen_cond_0 && __idxgen_cond_1
// CHECK-NEXT: && __idxgen_lo_x <= __idxgen_hi_x
// CHECK-NEXT: const uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;
// CHECK-NEXT: const int __idxgen_cond_0 __attribute__((unused)) = 1;
// CHECK-NEXT: const int __idxgen_cond_1 __attribute__((unused)) = 1;
// CHECK: if ((!__idxgen_cond_0 && (i >= n))) {
// CHECK-NEXT: } else {
// CHECK-NEXT: p[i] = (__idxgen_cond_1 || (i < m)) ? q[i] : 0.0f;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: for (uint32_t __tz = __idxgen_lo_z; __tz < __idxgen_hi_z; __tz++)
// PLAN-LABEL: kernel clampd:
// PLAN: in an int where it fits; in a 1-D block whose conditions the bounds decide, that x loop alone (no y/z loops)

// unsigned, the base written the other way round and a lower bound too
__global__ void scale(float *p, unsigned lo, unsigned n)
{
	unsigned x = threadIdx.x + blockDim.x * blockIdx.x;

	if (x >= lo && x < n)
		p[x] *= 2.0f;
}
// CHECK-LABEL: static void scale__block(
// CHECK: const uint32_t __idxgen_gb __attribute__((unused)) = (uint32_t)(blockDim.x * blockIdx.x);
// CHECK: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x);
// CHECK: } else {
// CHECK-NEXT: for (uint32_t __tz = __idxgen_lo_z; __tz < __idxgen_hi_z; __tz++)
// CHECK: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x);
// CHECK: } else {
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// PLAN-LABEL: kernel scale:
// PLAN: a plain x loop counted by the global index blockDim.x * blockIdx.x + threadIdx.x in an int where it fits

// left alone: a 64-bit index (no bounds either; not widened per thread)
__global__ void wide(int *c, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = 1;
}
// CHECK-LABEL: static void wide__block(
// CHECK-NOT: __idxgen_hi_y == 1
// CHECK-NOT: __idxgen_gi
// CHECK: for (uint32_t __tx = 0; __tx < __bdx; __tx++) {
// CHECK-NOT: __idxgen_gi
// CHECK: } else {
// PLAN-LABEL: kernel wide:
// PLAN-NOT: global index
// PLAN: kernel head:

// left alone: threadIdx.x alone (no base to fold)
__global__ void head(int *c, int n)
{
	int t = threadIdx.x;

	if (t < n)
		c[t] = t;
}
// CHECK-LABEL: static void head__block(
// CHECK-NOT: __idxgen_gi
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK-NOT: __idxgen_gi
// CHECK: } else {
// PLAN-NOT: global index
// PLAN: (threads outside it do nothing)

// left alone: the guard's step (one residue of threadIdx.x)
__global__ void lanes(int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i % 32 == 0 && i < n)
		c[i / 32] = i;
}
// CHECK-LABEL: static void lanes__block(
// CHECK-NOT: __idxgen_gi
// CHECK: __idxgen_st_x) {
// CHECK-NOT: __idxgen_gi
// CHECK: } else {
// PLAN-LABEL: kernel lanes:
// PLAN-NOT: global index

// left alone: bounds on y too (2-D kernels ran more instructions counted so)
__global__ void plane(int *p, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < w && y < h)
		p[y * w + x] = 1;
}
// CHECK-LABEL: static void plane__block(
// CHECK-NOT: __idxgen_hi_y == 1
// CHECK-NOT: __idxgen_gi
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK-NOT: __idxgen_gi
// CHECK: } else {
// PLAN-LABEL: kernel plane:
// PLAN-NOT: global index
// PLAN: limits threadIdx.x, .y (threads outside it do nothing)
