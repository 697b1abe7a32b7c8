// fuzz: grid 2 1 1 block 8 1 1 os 1 us 1 n 16 schedule zigzag
// calls that are not pure stay each thread's own (lib/cc/pure_call.c): next() writes through a
// pointer, peek() reads memory that next() wrote; both take uniform arguments, but each thread must
// run them itself (uout[] counts each thread's calls), and their values, live across the barrier, stay per thread.
__device__ unsigned int next(unsigned int *c)
{
	return *c += 1u;
}

__device__ unsigned int peek(const unsigned int *p, unsigned int i)
{
	return p[i];
}

__global__ void impure_call_per_thread(unsigned int *out, unsigned int *uout, unsigned int *atom,
				       const unsigned int *in, int n)
{
	__shared__ unsigned int s[8];
	unsigned int w = next(&uout[blockIdx.x * blockDim.x + threadIdx.x]);
	unsigned int t = peek(uout, blockIdx.x * blockDim.x + threadIdx.x) + threadIdx.x;
	unsigned int k = peek(in, blockIdx.x);

	s[threadIdx.x] = w + t;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + 3u) % blockDim.x] + w * 7u + t * 5u + k;
}
