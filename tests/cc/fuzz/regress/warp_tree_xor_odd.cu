// fuzz: grid 1 1 1 block 128 1 1 os 8 us 3 n 62 schedule hilbert
// found by tests/cc/fuzz (seed 13, kernel 17; the generator draws first offsets 3 and 24 since the twenty-sixth
// session): the xor tree from 24 (offsets 24, 12, 6, 3, 1) loaded lane l - o for l & o, below the slots for l < o
// (SIGSEGV), another lane for l >= o; fixed: a level of more than one bit loads l ^ o.  The tree's value stored.
/* kernel 17 of seed 13 */


__global__ void k13_17(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in, int n)
{
	const unsigned int nt = blockDim.x * blockDim.y * blockDim.z;
	const unsigned int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	unsigned int gid = bid * nt + tid;
	__shared__ unsigned int s0[384];
	__shared__ unsigned int sacc[4];
	unsigned int v0 = threadIdx.z;
	unsigned int v1 = v0;
	unsigned int v2 = ((v1 - tid) << ((v0 % ((v1 >> (threadIdx.y & 15u)) | 1u)) & 15u));
	if (((bid << (blockIdx.y & 15u)) > blockIdx.x))
		return;
	s0[tid + 128u * 0u] = (blockDim.x + threadIdx.y);
	s0[tid + 128u * 1u] = (gid | threadIdx.y);
	s0[tid + 128u * 2u] = (blockIdx.y >> (v1 & 15u));
	if (tid == 0) {
		sacc[0] = 0u;
		sacc[1] = 0u;
		sacc[2] = 0u;
		sacc[3] = 0u;
	}
	__syncthreads();
	unsigned int w1 = (threadIdx.x ^ ((v1 != (v1 % (blockIdx.z | 1u))) ? (threadIdx.x * (unsigned int)n) : threadIdx.x));
	for (int o2 = 24; o2 > 0; o2 /= 2)
		w1 += __shfl_xor_sync(0xffffffffu, w1, o2, 16);
	out[gid] = w1;
}
