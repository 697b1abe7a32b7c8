// fuzz: grid 1 1 1 block 6 3 1 os 8 us 1 n 154 schedule strided:2,3
// found by tests/cc/fuzz (seed 4149, kernel 17, the twenty-eighth session): the C path's block function traps at
// launch, "line N counts on threadIdx.x telling the lanes of a warp apart; a 6x3x1 block does not (lock step)",
// by design (lib/cc/kernel.c, lockstep_shape_line(): the guard threadIdx.x == 7 picks one lane of a warp only in
// rows of a warp; whole programs hand such blocks to the kernel's fiber body).  fuzz.py counted that refusal as a
// wrong result; it is now a rejection at launch.  The store reads s0[tid + 18] of 36 elements: every lane that stores
// s0[tid] read s0[tid + 18] first, so tid < 18 and the stores are all below 18, the loads at 18 and above, in any turn
// and any block shape (lockstep_rows.c's bounds proof, mirrored for a load above the store in the twenty-ninth
// session; an expected failure before).
/* kernel 17 of seed 4149 */


__global__ void k4149_17(unsigned int *out, unsigned int *uout, unsigned int *atom, const unsigned int *in, int n)
{
	const unsigned int nt = blockDim.x * blockDim.y * blockDim.z;
	const unsigned int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	unsigned int gid = bid * nt + tid;
	__shared__ unsigned int s0[36];
	__shared__ unsigned int sacc[4];
	unsigned int v0 = (((threadIdx.x + 0u >= (unsigned int)n && threadIdx.y + 0u >= 0u) ? (~in[(gid) % (unsigned int)n]) : threadIdx.y) / (threadIdx.y | 1u));
	unsigned int v1 = gid;
	s0[tid + 18u * 0u] = (~((v0 ^ in[(in[(v1) % (unsigned int)n]) % (unsigned int)n]) << (v0 & 15u)));
	s0[tid + 18u * 1u] = ((v1 * gid) ^ (tid * v1));
	if (tid == 0) {
		sacc[0] = 0u;
		sacc[1] = 4294967295u;
		sacc[2] = 0u;
		sacc[3] = 0u;
	}
	__syncthreads();
	if (threadIdx.x == 7u) {
		for (int j15 = (int)(threadIdx.x + 3u); n - 20 >= j15; j15 += (int)(blockDim.x)) {
			s0[tid + 18u * 0u] = (((s0[tid + 18u * 1u] & threadIdx.z) != 7u) ? ((unsigned int)j15 ^ threadIdx.z) : nt);
		}
	}
}
