// __device__ helpers that call helpers: a warp-shuffle reduction called by a
// helper that shuffles again, and one that calls a block reduction with
// __syncthreads() (the shape of public blockReduceSum / warpReduceSum code,
// the other way round).  The inliner takes the outer helper first and the
// inner one, which the outer's text carried into the kernel, the next round.
// Before: the first round blanked every inlinable helper, so the kernel
// named an undeclared 'lane_sum' and ran as fibers (forced fission: error);
// and the second round numbered its names from 0 again, so the inner call's
// '__idxgen_r0' shadowed the outer's and the outer result was never set
// (lane_then_block: fission, every thread read an uninitialised result).
#define BLOCK 128

__device__ int lane_sum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_xor_sync(0xffffffffu, v, o);
	return v;
}

__device__ int twice_sum(int v)
{
	int s = lane_sum(v);
	int t = __shfl_sync(0xffffffffu, s, 0);
	return s + t;
}

__global__ void warp_twice(int *o)
{
	int v = o[threadIdx.x];
	int r = twice_sum(v);
	o[threadIdx.x] = r;
}
// MODEL: kernel warp_twice: fission
// CXX: /* __global__ warp_twice: called once per block
// (lane_sum returns its parameter: inlined onto s itself, warp_inline_self.c)
// CXX: __idxgen_a0_0_[__t] = (v_[__t]);
// CXX: s_[__t] = (v);
// CXX: s_[__t] = __idxgen_w{{[0-9]+}}b[32 + {{.*}}];
// CXX: __idxgen_r0_[__t] = (s_[__t] + t);
// CXX: int r = __idxgen_r0_[__t];

__device__ int block_sum(int v)
{
	__shared__ int part[BLOCK];

	part[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = BLOCK / 2; s > 0; s /= 2) {
		if (threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	int r = part[0];
	__syncthreads();
	return r;
}

__device__ int lane_then_block(int v)
{
	int n = __shfl_xor_sync(0xffffffffu, v, 1);
	int t = block_sum(v + n);
	return t;
}

__global__ void pair_block_sum(int *o)
{
	int v = o[blockIdx.x * BLOCK + threadIdx.x];
	int r = lane_then_block(v);
	o[blockIdx.x * BLOCK + threadIdx.x] = r;
}
// MODEL: kernel pair_block_sum: fission
// CXX: /* __global__ pair_block_sum: called once per block
// (round 2 numbers on from round 1's 0 and 1; twice_sum's lane_sum, inlined in
// place, takes no number)
// CXX: __idxgen_a2_0_[__t] = (v_1_[__t] + n_[__t]);
// CXX: int t = __idxgen_r2_[__t];
// CXX-NEXT: __idxgen_r1_[__t] = (t);
// CXX: int r = __idxgen_r1_[__t];
