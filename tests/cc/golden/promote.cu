// Promotion: variables live across a barrier become per-thread arrays in the
// runtime's private area, indexed by the stream position __t, laid out by
// decreasing alignment (double; int and float[3] in declaration order; char).
__global__ void promote(double *d, int n)
{
	__shared__ int s[64];
	char c = (char)d[threadIdx.x + 64];
	int v = d[threadIdx.x] > 0.0 ? n : -n;
	double x = d[threadIdx.x];
	float a[3];

	a[0] = 1.0f;
	a[1] = (float)v;
	a[2] = 2.0f;
	s[threadIdx.x] = v;
	__syncthreads();
	d[threadIdx.x] = x + s[63 - threadIdx.x] + v + a[1] + c;
}
// CHECK-LABEL: static void promote__block(
// CHECK: int n = *(int *)__b->args[1];
// CHECK-NEXT: double *const x_ = IDXGEN_RT_PRIV(__b, double, 0); /* per-thread 'x' */
// CHECK-NEXT: int *const v_ = IDXGEN_RT_PRIV(__b, int, 8); /* per-thread 'v' */
// CHECK-NEXT: float (*const a_)[3] = IDXGEN_RT_PRIV(__b, void, 12); /* per-thread 'a' */
// CHECK-NEXT: char *const c_ = IDXGEN_RT_PRIV(__b, char, 24); /* per-thread 'c' */
// CHECK: /* thread loop 0: {{.*}}promote.cu lines 7-15 */
// CHECK: for (uint32_t __tx = 0; __tx < __bdx; __tx++) {
// the linear index: promoted variables are indexed by it
// CHECK-NEXT: const uint32_t __t = (__tz * __bdy + __ty) * __bdx + __tx;
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// a declaration becomes an assignment to the thread's element
// CHECK-NEXT: c_[__t] = (char)d[threadIdx.x + 64];
// CHECK-NEXT: v_[__t] = d[threadIdx.x] > 0.0 ? n : -n;
// CHECK-NEXT: x_[__t] = d[threadIdx.x];
// the array's declaration is gone (it lives in the private area)
// CHECK-NEXT: a_[__t][0] = 1.0f;
// CHECK-NEXT: a_[__t][1] = (float)v_[__t];
// CHECK-NEXT: a_[__t][2] = 2.0f;
// CHECK-NEXT: s[threadIdx.x] = v_[__t];
// CHECK: /* __syncthreads() */
// CHECK: d[threadIdx.x] = x_[__t] + s[(int32_t)(63 - threadIdx.x)] + v_[__t] + a_[__t][1] + c_[__t];
// CHECK: .priv_bytes = 25,

// PLAN: kernel promote: {{.*}} 2 thread loop(s), 1 barrier(s), private area 25 bytes a thread
// PLAN: variables:
// PLAN: c (line 7, different in each thread): promoted: per-thread array 'c_' at offset 24 of the private area (size 1): live across a barrier
// PLAN-NEXT: v (line 8, different in each thread): promoted: per-thread array 'v_' at offset 8 of the private area (size 4): live across a barrier
// PLAN-NEXT: x (line 9, different in each thread): promoted: per-thread array 'x_' at offset 0 of the private area (size 8): live across a barrier
// PLAN-NEXT: a (line 10, different in each thread): promoted: per-thread array 'a_' at offset 12 of the private area (size 12): an array used in several thread loops
