// Regression (issue 21): a declaration of several variables where one is
// one copy per block (m: the control variable of a loop containing a
// barrier) and the other per thread (e).  m's declaration used to stay
// inside the thread loop ("'m' undeclared" from the C compiler).  Also: a
// variable with an initializer in a thread loop (v) used after a barrier,
// and read by a uniform-looking loop.
__global__ void split_decl(float *d, int n)
{
	__shared__ float s[64];
	int m, e;

	e = threadIdx.x;
	for (m = 0; m < n; m++) {
		s[e] = d[e] + m;
		__syncthreads();
		d[e] = s[63 - e];
		__syncthreads();
	}
}
// CHECK-LABEL: static void split_decl__block(
// e is per thread, live across the barriers; m is declared once per block,
// in front of the first thread loop
// CHECK: int *const e_ = IDXGEN_RT_PRIV(__b, int, 0); /* per-thread 'e' */
// CHECK: int m;
// CHECK-NEXT: /* thread loop 0: {{.*}}split_decl.cu lines 10-12 */
// CHECK-NOT: int m
// CHECK: e_[__t] = threadIdx.x;
// CHECK: for (m = 0; m < n; m++) {

__global__ void init_in_loop(int *d)
{
	__shared__ int s[64];
	int f[4];
	int v = d[0];

	for (int j = 0; j < 4; j++)
		f[j] = v;
	s[threadIdx.x] = v + f[threadIdx.x % 4];
	__syncthreads();
	d[threadIdx.x] = s[63 - threadIdx.x] + v;
}
// CHECK-LABEL: static void init_in_loop__block(
// v's initializer reads memory in the thread loop: v is per thread, live
// across the barrier
// CHECK: int *const v_ = IDXGEN_RT_PRIV(__b, int, 0); /* per-thread 'v' */
// CHECK: v_[__t] = d[0];
// CHECK: d[threadIdx.x] = s[(int32_t)(63 - threadIdx.x)] + v_[__t];

// PLAN-LABEL: kernel split_decl:
// PLAN: m (line 10, the same in every thread): per block (uniform)
// PLAN-NEXT: e (line 10, different in each thread): promoted: per-thread array 'e_' at offset 0
