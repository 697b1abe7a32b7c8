// Regression (issue 21): "#pragma unroll" was "UnexposedStmt is outside the
// subset".  It is accepted and left out of the C (GCC's -Wall warns about
// pragmas it does not know; the compilers unroll on their own at -O2).
__global__ void unroll(float *d)
{
	float acc = 0.0f;

#pragma unroll
	for (int i = 0; i < 4; i++)
		acc += d[threadIdx.x * 4 + i];
	if (threadIdx.x < 32) {
#pragma unroll 2
		for (int i = 0; i < 4; i++)
			acc += 1.0f;
	}
	d[threadIdx.x] = acc;
}
// CHECK-LABEL: static void unroll__block(
// CHECK-NOT: #pragma
// CHECK: for (int i = 0; i < 4; i++)
// CHECK-NEXT: acc += d[threadIdx.x * 4 + i];
// CHECK: if ((__idxgen_cond_0 || (threadIdx.x < 32))) {
// CHECK-NOT: #pragma
// CHECK: acc += 1.0f;

// a pragma in front of a loop that contains barriers
__global__ void unroll_barrier(float *d)
{
	__shared__ float s[64];

#pragma unroll
	for (int k = 0; k < 2; k++) {
		s[threadIdx.x] = d[threadIdx.x] + k;
		__syncthreads();
		d[threadIdx.x] = s[63 - threadIdx.x];
		__syncthreads();
	}
}
// CHECK-LABEL: static void unroll_barrier__block(
// CHECK-NOT: #pragma
// CHECK: for (int k = 0; k < 2; k++) {
// CHECK-NEXT: /* thread loop 0: {{.*}}pragma_unroll.cu lines 33-33 */
// CHECK-NOT: #pragma
// CHECK: /* __syncthreads() */

// Regression (issue 40): a pragma in front of a loop with barriers, then a
// read of what the loop stored (the reduction tree as public code writes
// it): the lock-step scan (lockstep.c) took the pragma's statement for one
// opaque statement, missed the barrier inside, and sent the kernel to
// fibers (the C output: rejected).
__global__ void unroll_tree(const float *in, float *out)
{
	__shared__ float s[256];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
#pragma unroll
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CHECK-LABEL: static void unroll_tree__block(
// CHECK-NOT: #pragma
// CHECK: for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
// CHECK: s[tid] += s[tid + k];
// CHECK: /* __syncthreads() */
// CHECK: out[blockIdx.x] = s[0];
// PLAN-LABEL: kernel unroll_tree:
// PLAN: for containing barriers: lines {{[0-9]+}}-{{[0-9]+}}, once per block
