// fuzz: grid 3 1 1 block 8 1 1 os 1 us 1 n 1 schedule zigzag
// found by tests/cc/fuzz (seed 2, kernels 7 and 9: translated C does not compile), minimised by hand
// was rejected ("'u' is used by code that runs once per block ... but is initialized inside a thread loop"; before issue 21's pass split: 'u' undeclared in the C): u, uniform, initialised by a __device__ call, is read by the if around the barrier.  twice() only computes (lib/cc/pure_call.c), so the call runs once per block
__device__ unsigned int twice(unsigned int a)
{
	return 2u * a;
}

__global__ void uniform_call_cond(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in,
				  int n)
{
	__shared__ unsigned int s[8];
	unsigned int u = twice(blockIdx.x);

	if (u > 0u) {
		s[threadIdx.x] = u + threadIdx.x;
		__syncthreads();
		out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 1u) % blockDim.x];
	}
}
