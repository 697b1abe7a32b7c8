// fuzz: grid 3 1 1 block 8 1 1 os 1 us 1 n 16 schedule zigzag
// the form of public tiled kernels: a tile count from a helper ("int tiles = div_up(n, blockDim.x)")
// controls a loop with barriers.  div_up() and clamp_to() only compute (lib/cc/pure_call.c), so the
// declaration runs once per block; before, "'tiles' controls a loop containing __syncthreads() but is
// initialized inside a thread loop".  first_of() reads memory: its value stays each thread's own.
__device__ int clamp_to(int v, int lo, int hi)
{
	if (v < lo)
		return lo;
	return v > hi ? hi : v;
}

__device__ int div_up(int a, int b)
{
	int q = 0;

	while (q * b < a)
		q++;
	return clamp_to(q, 0, 64);
}

__device__ unsigned int first_of(const unsigned int *p, int i)
{
	return p[i];
}

__global__ void pure_call_tiles(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in,
				int n)
{
	__shared__ unsigned int tile[8];
	unsigned int acc = first_of(in, (int)threadIdx.x);
	int tiles = div_up(n + (int)blockIdx.x, (int)blockDim.x);

	for (int t = 0; t < tiles; t++) {
		int i = t * (int)blockDim.x + (int)threadIdx.x;

		tile[threadIdx.x] = i < n ? in[i] : 0u;
		__syncthreads();
		acc += tile[(threadIdx.x + 1u) % blockDim.x];
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc + (unsigned int)tiles;
}
