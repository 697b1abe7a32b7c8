// fuzz: grid 3 1 1 block 6 1 1 os 1 us 1 n 1 schedule zigzag
// found by tests/cc/fuzz (seeds 1-6 of the generator with split declarations: 10 of 120 kernels), minimised by hand
// known-failure: issue 21's 'int m, e;': u controls a loop with a barrier and is declared together with the per-thread w; the declaration stays in the thread loop: 'u' undeclared in the C
__global__ void split_decl(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in, int n)
{
	__shared__ unsigned int s[6];
	unsigned int u, w;

	u = blockIdx.x + 1u;
	w = threadIdx.x;
	for (unsigned int i = 0; i < u; i++) {
		s[threadIdx.x] = w;
		__syncthreads();
		w += s[(threadIdx.x + 1u) % blockDim.x];
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = w;
}
