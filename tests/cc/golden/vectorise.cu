// Vectorise where it pays (issue 40): a thread loop is forced to vectorise
// (IDXGEN_CC_INDEPENDENT) only when every access is contiguous in
// threadIdx.x or the same for all threads; a loop with a scattered access
// (a stride, a loaded index, a transposed tile, a field of a per-thread
// struct, a pointer handed to a function) is left to the compiler's own
// analysis and cost model (no pragma).
struct pt {
	float x, y;
};

__device__ float twice(const float *p)
{
	return 2 * p[0];
}

__global__ void contiguous(const float *a, float *c, int n, int w)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int row = blockIdx.y * blockDim.y + threadIdx.y;

	if (i < n)
		c[row * w + i] = a[i] + a[i - 1] + a[0];
	for (int j = threadIdx.x; j < n; j += blockDim.x)
		c[j] += 1.0f;
}
// CHECK-LABEL: static void contiguous__block(
// CHECK: IDXGEN_CC_INDEPENDENT /* contiguous or uniform accesses: vectorised, no order */
// CHECK-NEXT: for (uint32_t __tx = 0; __tx < __bdx; __tx++) {
// CHECK: IDXGEN_CC_INDEPENDENT /* contiguous or uniform accesses: vectorised, no order */
// CHECK-NEXT: IDXGEN_RT_FOR_THREADS(__b, __t) {
// PLAN-LABEL: kernel contiguous:
// PLAN: thread loop 0: lines {{.*}}; vectorisation: forced (every access contiguous in threadIdx.x or the same for all threads)

__global__ void strided(const float *a, float *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	c[i] = a[2 * i];
}
// CHECK-LABEL: static void strided__block(
// CHECK-NOT: IDXGEN_CC_INDEPENDENT
// CHECK: /* the compiler's choice: line 38's access is not contiguous in threadIdx.x */
// CHECK-NEXT: for (uint32_t __tx = __txw; __tx < __txw + 32u; __tx++) {
// CHECK-NOT: IDXGEN_CC_INDEPENDENT
// CHECK: /* the compiler's choice: line 38's access is not contiguous in threadIdx.x */
// CHECK-NEXT: for (uint32_t __tx = __txw; __tx < __bdx; __tx++) {
// CHECK-LABEL: strided__arg_sizes
// PLAN-LABEL: kernel strided:
// PLAN: thread loop 0: lines {{.*}}; vectorisation: the compiler's choice (line 38: an access not contiguous in threadIdx.x)

__global__ void gather(const float *a, const int *idx, float *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	c[i] = a[idx[i]];
}
// CHECK-LABEL: static void gather__block(
// CHECK: /* the compiler's choice: line 55's access is not contiguous in threadIdx.x */
// PLAN-LABEL: kernel gather:
// PLAN: vectorisation: the compiler's choice (line 55: an access

__global__ void tile(float *out)
{
	__shared__ float t[32][33];
	t[threadIdx.y][threadIdx.x] = out[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// CHECK-LABEL: static void tile__block(
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK: /* the compiler's choice: line 67's access is not contiguous in threadIdx.x */
// PLAN-LABEL: kernel tile:
// PLAN: thread loop 0: lines {{.*}}; vectorisation: forced
// PLAN: thread loop 1: lines {{.*}}; vectorisation: the compiler's choice (line 67:

__global__ void aos(struct pt *p, const float *a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	p[i].x = a[i];
}
// CHECK-LABEL: static void aos__block(
// CHECK: /* the compiler's choice: line 80's access is not contiguous in threadIdx.x */
// PLAN-LABEL: kernel aos:
// PLAN: vectorisation: the compiler's choice (line 80:

__global__ void call(const float *a, float *c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	c[i] = twice(a + i);
}
// CHECK-LABEL: static void call__block(
// CHECK: /* the compiler's choice: line 91's access is not contiguous in threadIdx.x */
// PLAN-LABEL: kernel call:
// PLAN: vectorisation: the compiler's choice (line 91:

// Warp by warp (issue 40): an access contiguous only within a warp's 32
// threads -- a lane index `tid % 32` (`& 31`, `% warpSize`), beside a warp
// index `tid / 32` (`>> 5`) that is the same in it -- runs the x loop in
// chunks from multiples of 32, each forced (the reload of a block sum's warp
// sums).  Not: a lane index of a global index (B + tid, B unknown), % 16.
__global__ void warp_sums(const float *ws, float *out)
{
	unsigned tid = threadIdx.x;
	float v = tid % 32 < blockDim.x / 32 ? ws[tid & 31] : 0.0f;

	out[blockIdx.x * blockDim.x + tid] = v + ws[32 + (tid >> 5)];
}
__global__ void not_warp(const float *ws, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = ws[i % 32] + ws[threadIdx.x % 16];
}
// CHECK-LABEL: static void warp_sums__block(
// CHECK: for (uint32_t __tx0 = 0; __tx0 < __bdx; __tx0 += 32u) { /* warp by warp */
// CHECK-NEXT: const uint32_t __tx1 = __bdx - __tx0 > 32u ? __tx0 + 32u : __bdx;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT /* contiguous or uniform accesses in each warp: vectorised, no order */
// CHECK-NEXT: for (uint32_t __tx = __tx0; __tx < __tx1; __tx++) {
// CHECK: out[blockIdx.x * blockDim.x + tid] = v + ws[32 + (tid >> 5)];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: /* the compiler's choice: accesses contiguous only warp by warp */
// CHECK-NEXT: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CHECK-LABEL: static void not_warp__block(
// CHECK-NOT: warp by warp
// CHECK: /* the compiler's choice: line 115's access is not contiguous in threadIdx.x */
// CHECK-LABEL: not_warp__arg_sizes
// PLAN-LABEL: kernel warp_sums:
// PLAN: thread loop 0: lines {{.*}}; vectorisation: forced warp by warp (every access contiguous in each warp's threadIdx.x, such as a lane index tid % 32, or the same for its threads)
// PLAN-LABEL: kernel not_warp:
// PLAN: thread loop 0: lines {{.*}}; vectorisation: the compiler's choice (line 115: an access not contiguous in threadIdx.x)
