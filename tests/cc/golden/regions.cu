// Regions: the body is split at each __syncthreads(); each run of
// barrier-free statements becomes a thread loop in two forms (computed
// indices when the stream is in x-fastest order, the stream otherwise).
__global__ void regions(int *d)
{
	__shared__ int s[64];
	s[threadIdx.x] = d[threadIdx.x];
	__syncthreads();
	s[threadIdx.x] += d[63 - threadIdx.x];
	__syncthreads();
	d[threadIdx.x] = s[threadIdx.x];
}
// CHECK: /* __global__ regions: called once per block; 3 thread loop(s), 2 barrier(s) */
// CHECK-NEXT: static void regions__block(struct idxgen_rt_block *__b)
// CHECK-NOT: blockIdx =
// CHECK: int * d = *(int * *)__b->args[0];
// CHECK: const int __linear = idxgen_cc_linear(__b);
// the static __shared__ array is a local of the block function, in front of the loops
// CHECK: __shared__ int s[64];
// CHECK-NEXT: /* thread loop 0: {{.*}}regions.cu lines 7-7 */
// CHECK-NEXT: if (__linear) {
// CHECK-NEXT: for (uint32_t __tz = 0; __tz < __bdz; __tz++)
// CHECK-NEXT: for (uint32_t __ty = 0; __ty < __bdy; __ty++)
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (uint32_t __tx = 0; __tx < __bdx; __tx++) {
// no promoted variable, no return: no linear index
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: s[threadIdx.x] = d[threadIdx.x];
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CHECK-NEXT: const dim3 threadIdx = { __sx[__t], __sy[__t], __sz[__t] };
// CHECK-NEXT: s[threadIdx.x] = d[threadIdx.x];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: /* __syncthreads() */
// CHECK-NEXT: /* thread loop 1: {{.*}}regions.cu lines 9-9 */
// CHECK: s[threadIdx.x] += d[63 - threadIdx.x];
// CHECK: /* __syncthreads() */
// CHECK-NEXT: /* thread loop 2: {{.*}}regions.cu lines 11-11 */
// CHECK: d[threadIdx.x] = s[threadIdx.x];
// loop 1's read down from 63 runs by whole warps: a second block function for
// blocks 32 threads wide, which the descriptor's picks (lib/cc/width_body.c)
// CHECK: static void regions__block_pick(struct idxgen_rt_block *__b)
// CHECK: static const size_t regions__arg_sizes[] = { sizeof(int *) };
// CHECK-NEXT: const struct idxgen_rt_kernel idxgen_cc_kernel_regions = {
// CHECK-NEXT: .abi_version = IDXGEN_RT_ABI_VERSION,
// CHECK-NEXT: .name = "regions",
// CHECK-NEXT: .block = regions__block_pick,
// CHECK-NEXT: .shared_bytes = 0, /* static __shared__ (256 bytes): locals of the block function */
// CHECK-NEXT: .priv_bytes = 0,
// CHECK-NEXT: .nargs = 1,
// CHECK-NEXT: .arg_sizes = regions__arg_sizes,
