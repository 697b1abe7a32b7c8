// A __device__ function with __syncthreads() and no warp operation (a
// block-reduction helper, the most common form of a reduction in public
// code; issue 38) is inlined into the kernels that call it, as helpers with
// warp operations are (warp_inline.c), so that loop fission splits the
// kernel at its barriers; the kernel went to fibers ("calls 'block_sum',
// which suspends the thread") and the C path refused it ("__syncthreads()
// in a __device__ function is not supported").  Only when every use of the
// helper is a call that is a statement of its own in a kernel's block.
__device__ float block_sum(float x, float *s)
{
	s[threadIdx.x] = x;
	__syncthreads();
	for (unsigned h = blockDim.x / 2; h > 0; h /= 2) {
		if (threadIdx.x < h)
			s[threadIdx.x] += s[threadIdx.x + h];
		__syncthreads();
	}
	float r = s[0];
	__syncthreads();
	return r;
}

// __shared__ memory of its own: inlined where each kernel calls it once
__device__ void stage(float *dst, const float *src)
{
	__shared__ float unused_scratch[4];
	(void)unused_scratch;
	dst[threadIdx.x] = src[blockIdx.x * blockDim.x + threadIdx.x];
	__syncthreads();
}

__global__ void norms(const float *in, float *out)
{
	__shared__ float s[256];
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];
	float tot = block_sum(v, s);
	float sq = 0.0f;
	sq += block_sum(v * v, s);
	if (threadIdx.x == 0)
		out[blockIdx.x] = sq - tot * tot / blockDim.x;
}
// the definitions are blanked, their lines kept
// CHECK: /* inlined into its callers (warp operations or barriers) */
// CHECK: /* inlined into its callers (warp operations or barriers) */
// CHECK-LABEL: static void norms__block(
// CHECK: __idxgen_a0_0_[__t] = (v_[__t]);
// PLAN-LABEL: kernel norms:
// PLAN-SAME: 6 barrier(s)
// PLAN: block containing barriers: lines {{[0-9-]+}}, once per block (its conditions are uniform)
// PLAN: block containing barriers: lines {{[0-9-]+}}, once per block (its conditions are uniform)
// PLAN: __idxgen_r0 (line {{[0-9]+}}, different in each thread): promoted
// PLAN: __idxgen_a0_0 (line {{[0-9]+}}, different in each thread): promoted
// PLAN: tot (line {{[0-9]+}}, different in each thread): promoted
// MODEL: kernel norms: fission

__global__ void reverse(const float *in, float *out)
{
	__shared__ float t[256];
	stage(t, in);
	out[blockIdx.x * blockDim.x + threadIdx.x] = t[blockDim.x - 1 - threadIdx.x];
}
// PLAN-LABEL: kernel reverse:
// PLAN-SAME: 1 barrier(s)
// PLAN: block containing barriers: lines {{[0-9-]+}}, once per block (its conditions are uniform)
// MODEL: kernel reverse: fission
