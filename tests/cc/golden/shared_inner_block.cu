// A __shared__ declaration in an inner block is written where it stands; a
// once-per-block statement that uses it is not moved in front of the open
// thread loop, and so in front of the declaration (it was: the C did not
// compile, "'scratch' undeclared").  A helper written out in place (its
// pointer arguments copied, an unused one cast to void) looks like this;
// tests/cuda/progs/shared_inner_scope.cu runs it.
__global__ void inner_shared(const float *in, float *out)
{
	__shared__ float t[256];
	{
		float *dst = t;
		const float *src = in;
		__shared__ float scratch[4];
		(void)scratch;
		dst[threadIdx.x] = src[blockIdx.x * blockDim.x + threadIdx.x];
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = t[blockDim.x - 1 - threadIdx.x];
}
// CHECK-LABEL: static void inner_shared__block(
// CHECK: __shared__ float scratch[4];
// CHECK: (void)scratch;
// PLAN-LABEL: kernel inner_shared:
// PLAN: __shared__ declaration: line 13
// PLAN-NEXT: once per block: line 14 (a statement that does not depend on the thread){{$}}
// MODEL: kernel inner_shared: fission
