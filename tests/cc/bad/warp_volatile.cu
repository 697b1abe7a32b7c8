// expect: 7:2: error: a store through volatile memory (warp-synchronous code, whose lanes must run in lock step) is not supported in the C output, which runs a warp's lanes one after another: build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// The unrolled last warp of the classic shared-memory reduction, written for
// lanes in lock step: run one lane at a time, lane 0 would read s[16] before
// lane 16 added s[48] into it.
__device__ void last_warp(volatile float *s, unsigned t)
{
	s[t] += s[t + 32];
	s[t] += s[t + 16];
	s[t] += s[t + 8];
	s[t] += s[t + 4];
	s[t] += s[t + 2];
	s[t] += s[t + 1];
}

__global__ void block_sum(const float *in, float *out, int n)
{
	__shared__ float s[128];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * 128 + t;
	s[t] = i < n ? in[i] : 0.0f;
	__syncthreads();
	if (t < 64)
		s[t] += s[t + 64];
	__syncthreads();
	if (t < 32)
		last_warp(s, t);
	if (t == 0)
		out[blockIdx.x] = s[0];
}
