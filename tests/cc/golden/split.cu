// A variable used in several thread loops but assigned before being read in
// every later one is not live across the barrier: a fresh local in each loop.
// A cheap per-thread constant is recomputed in each loop instead.
__global__ void split(int *d)
{
	__shared__ int s[64];
	int tid = threadIdx.x;
	int g = blockIdx.x * blockDim.x + tid;
	int t = d[g];

	s[tid] = t;
	__syncthreads();
	t = s[63 - tid] * 2;
	d[g] = t;
}
// CHECK-LABEL: static void split__block(
// nothing promoted
// CHECK-NOT: IDXGEN_RT_PRIV
// CHECK: /* thread loop 0: {{.*}}split.cu lines 7-11 */
// CHECK: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: int tid = threadIdx.x;
// CHECK-NEXT: int g = blockIdx.x * blockDim.x + tid;
// CHECK-NEXT: int t = d[g];
// CHECK-NEXT: s[tid] = t;
// CHECK: /* __syncthreads() */
// CHECK-NEXT: /* thread loop 1: {{.*}}split.cu lines 13-14 */
// CHECK: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: int tid = threadIdx.x; /* recomputed */
// CHECK-NEXT: int g = blockIdx.x * blockDim.x + tid; /* recomputed */
// CHECK-NEXT: int t __attribute__((unused)); /* assigned before use: not live across the barrier */
// CHECK-NEXT: t = s[63 - tid] * 2;
// CHECK-NEXT: d[g] = t;
// CHECK: .priv_bytes = 0,

// The plan says why (--dump=plan):
// PLAN: kernel split: {{.*}}split.cu line 4: 2 thread loop(s), 1 barrier(s), private area 0 bytes a thread
// PLAN-NEXT: statements:
// PLAN-NEXT: __shared__ declaration: line 6
// PLAN-NEXT: thread loop 0: lines 7-11
// PLAN-NEXT: barrier: line 12
// PLAN-NEXT: thread loop 1: lines 13-14
// PLAN-NEXT: variables:
// PLAN-NEXT: d (line 4): per block: a kernel parameter
// PLAN-NEXT: s (line 6): per block: __shared__
// PLAN-NEXT: tid (line 7, different in each thread): recomputed in each thread loop that uses it (0, 1): a cheap per-thread constant
// PLAN-NEXT: g (line 8, different in each thread): recomputed in each thread loop that uses it (0, 1)
// PLAN-NEXT: t (line 9, different in each thread): split: a fresh local in each thread loop that uses it (0, 1); not live across a barrier
