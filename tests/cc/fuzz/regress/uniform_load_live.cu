// fuzz: grid 2 1 1 block 8 1 1 os 1 us 1 n 3 schedule zigzag
// found by tests/cc/fuzz (long run, seed 1001, kernel 73: translated C does not compile), minimised by hand
// known-failure: v, initialised from memory at a uniform index and never assigned again, is live across the barrier: idxgen-cc declares it inside the first thread loop only, and the second thread loop uses it undeclared ('v' undeclared in the C)
__global__ void uniform_load_live(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in,
				  int n)
{
	__shared__ unsigned int s[8];
	unsigned int v = in[n - 1] & 5u;

	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = v + s[(threadIdx.x + 1u) % blockDim.x];
}
