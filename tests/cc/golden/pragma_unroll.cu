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
