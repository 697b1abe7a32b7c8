// The x loop of a computed-index thread loop with an access not contiguous
// in threadIdx.x and no guard bounds runs by whole warps -- loops of exactly
// 32 threads, a trip count the compiler knows -- then the last partial warp
// (issue 40: transpose at POCL's speed).  A contiguous loop, and one whose
// guard became its bounds, keep one x loop.
#define TDIM 32

__global__ void transpose(const unsigned int *in, unsigned int *out, int rows, int cols)
{
	__shared__ unsigned int tile[TDIM][TDIM + 1];
	int x = blockIdx.x * TDIM + threadIdx.x;
	int y = blockIdx.y * TDIM + threadIdx.y;

	if (x < cols && y < rows)
		tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
	__syncthreads();
	x = blockIdx.y * TDIM + threadIdx.x;
	y = blockIdx.x * TDIM + threadIdx.y;
	if (x < rows && y < cols)
		out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK-LABEL: static void transpose__block(
// the tile's row write: contiguous, vectorisation forced, one x loop
// CHECK: /* thread loop 0: {{.*}}warp_strips.cu lines 11-15 */
// CHECK-NEXT: if (__linear) {
// CHECK-NEXT: for (uint32_t __tz = 0; __tz < __bdz; __tz++)
// CHECK-NEXT: for (uint32_t __ty = 0; __ty < __bdy; __ty++)
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = 0; __tx < __bdx; __tx++) {
// CHECK: } else {
// CHECK: IDXGEN_RT_FOR_THREADS(__b, __t) {
// the tile's column read (stride 33): whole warps, then the last partial warp
// CHECK: /* thread loop 1: {{.*}}warp_strips.cu lines 17-20 */
// CHECK-NEXT: if (__linear) {
// CHECK-NEXT: for (uint32_t __tz = 0; __tz < __bdz; __tz++)
// CHECK-NEXT: for (uint32_t __ty = 0; __ty < __bdy; __ty++)
// CHECK-NEXT: {
// CHECK-NEXT: uint32_t __txw = 0;
// CHECK-NEXT: for (; __txw + 32u <= __bdx; __txw += 32u) /* whole warps */
// CHECK-NEXT: /* the compiler's choice: line 20's access is not contiguous in threadIdx.x */
// CHECK-NEXT: for (uint32_t __tx = __txw; __tx < __txw + 32u; __tx++) {
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK: out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
// CHECK-NEXT: }
// CHECK-NEXT: /* the last partial warp */
// CHECK-NEXT: /* the compiler's choice: line 20's access is not contiguous in threadIdx.x */
// CHECK-NEXT: for (uint32_t __tx = __txw; __tx < __bdx; __tx++) {
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK: out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CHECK-LABEL: transpose__arg_sizes

__global__ void vecadd(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}
// CHECK-LABEL: static void vecadd__block(
// CHECK-NOT: __txw
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK-NOT: __txw
// CHECK-LABEL: vecadd__arg_sizes
// PLAN-LABEL: kernel vecadd:
// PLAN: bounds: the guard of line
