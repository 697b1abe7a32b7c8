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
// A kernel with such a loop has a second block function, its statements
// with blockDim.x the constant 32 (lib/cc/width_body.c: the warps' loop
// unrolled, as POCL compiles each work-group size apart), compiled with
// the flow warnings only the constant lets the compiler see silenced;
// neither is inlined, and the descriptor's function picks one by the width.
// CHECK-LABEL: #pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
// CHECK: /* __global__ transpose, its blocks 32 threads wide (transpose__block_pick) */
// CHECK-NEXT: __attribute__((noinline)) static void transpose__block_w32(struct idxgen_rt_block *__b)
// CHECK: const uint32_t __bdx = 32u, __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];
// CHECK: for (; __txw + 32u <= __bdx; __txw += 32u) /* whole warps */
// CHECK: #pragma GCC diagnostic pop
// CHECK: /* __global__ transpose: called once per block; 2 thread loop(s), 1 barrier(s) */
// CHECK-NEXT: static void transpose__block(struct idxgen_rt_block *__b)
// CHECK-NEXT: {
// CHECK: const uint32_t __bdx = __b->block_dim[0], __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];
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
// CHECK: static void transpose__block_pick(struct idxgen_rt_block *__b)
// CHECK-NEXT: {
// CHECK-NEXT: void (*volatile const any)(struct idxgen_rt_block *) = transpose__block;
// CHECK-EMPTY:
// CHECK-NEXT: if (__b->block_dim[0] == 32u)
// CHECK-NEXT: transpose__block_w32(__b);
// CHECK-NEXT: else
// CHECK-NEXT: any(__b);
// CHECK-NEXT: }
// CHECK-LABEL: transpose__arg_sizes
// CHECK: .block = transpose__block_pick,

__global__ void vecadd(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}
// one block function: no loop by whole warps
// CHECK-NOT: __block_w32
// CHECK-LABEL: /* __global__ vecadd: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK-NEXT: static void vecadd__block(
// CHECK-NOT: __txw
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x);
// CHECK-NOT: __txw
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x);
// CHECK-NOT: __txw
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK-NOT: __txw
// CHECK-LABEL: vecadd__arg_sizes
// CHECK: .block = vecadd__block,
// PLAN-LABEL: kernel vecadd:
// PLAN: bounds: the guard of line
