// Warp-level operations (issue 23): one kernel per operation; each thread
// writes its result at its linear id.  tests/cc/warp/test_warp.c runs them on
// 1-D/2-D/3-D blocks whose size is not a multiple of 32, under every schedule
// order and 1 and 2 workers, against a plain C model of each operation.

#define LINEAR_ID (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)
#define BLOCK_ID (blockIdx.x + blockIdx.y * gridDim.x)
#define THREADS (blockDim.x * blockDim.y * blockDim.z)

__global__ void shfl_all(const int *in, int *out, int src, int width)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int v = in[g];
	int a = __shfl_sync(0xffffffffu, v, src, width);
	int b = __shfl_up_sync(0xffffffffu, v, 3, width);
	int c = __shfl_down_sync(0xffffffffu, v, 5, width);
	int d = __shfl_xor_sync(0xffffffffu, v, 6, width);
	out[4 * g + 0] = a;
	out[4 * g + 1] = b;
	out[4 * g + 2] = c;
	out[4 * g + 3] = d;
}

__global__ void votes(const int *in, unsigned *out)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int p = in[g] % 3 == 0;
	// Under uniform control flow every lane calls, so the mask names them
	// all (a caller outside its mask is undefined in CUDA): full masks.
	out[6 * g + 0] = __ballot_sync(0xffffffffu, p);
	out[6 * g + 1] = __any_sync(0xffffffffu, p);
	out[6 * g + 2] = __all_sync(0xffffffffu, p || lin % 32 > 1);
	out[6 * g + 3] = __ballot_sync(0xffffffffu, !p) & 0x0f0f0f0fu;
	out[6 * g + 4] = __activemask();
	out[6 * g + 5] = __all_sync(0xffffffffu, in[g] >= 0);
}

__global__ void match_reduce(const int *in, unsigned *out)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int key = in[g] % 4;
	int pred = 0;
	out[6 * g + 0] = __match_any_sync(0xffffffffu, key);
	out[6 * g + 1] = __match_all_sync(0xffffffffu, key / 8, &pred);
	out[6 * g + 2] = pred;
	out[6 * g + 3] = __reduce_add_sync(0xffffffffu, (unsigned)in[g]);
	out[6 * g + 4] = (unsigned)__reduce_min_sync(0xffffffffu, in[g] - 50);
	out[6 * g + 5] = (unsigned)__reduce_max_sync(0xffffffffu, in[g] - 50);
}

// Tree reduction by __shfl_down_sync in a uniform loop, then lane 0 of each warp.
__global__ void warp_sum(const int *in, int *out)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int v = in[g];
	for (int off = warpSize / 2; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	__syncwarp();
	if (lin % warpSize == 0)
		out[g] = v;
}

// A thread that returned is not a lane of later warp operations: the lanes
// that stay compute their mask first, from the data (CUDA: a returned lane
// must not be in it).  A return after a warp operation that another one can
// follow is diagnosed (tests/cc/bad/warp_return_between.cu).
__global__ void early_return(const int *in, unsigned *out, int n)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int base = lin - lin % 32;
	unsigned m = 0;
	for (int l = 0; l < 32; l++)
		if (base + l < (int)(THREADS) && in[g - lin + base + l] % 5 != 1)
			m |= 1u << l;
	if (in[g] % 5 == 1)
		return;
	unsigned b = __ballot_sync(m, 1);
	int s = __shfl_down_sync(m, in[g], 1);
	if (g < n)
		out[2 * g] = b;
	out[2 * g + 1] = (unsigned)s;
}

// A __device__ function with warp operations, inlined at its calls (a
// butterfly: every lane of a full warp ends with the warp's sum).
__device__ int warp_allsum(int v)
{
	for (int m = 16; m > 0; m /= 2)
		v += __shfl_xor_sync(0xffffffffu, v, m);
	return v;
}

__global__ void inlined(const int *in, int *out)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int s = warp_allsum(in[g]);
	out[g] = s;
	s = warp_allsum(s % 7);
	out[g] += s * 1000;
}

// Warp operations under conditions that depend on the thread (predicated):
// the first warp sums the block's per-warp totals (the last stage of a
// block reduction), and the odd-valued lanes of each warp vote and
// broadcast among themselves (their ballot is the mask, their first lane
// the source).
__global__ void predicated(const int *in, unsigned *out)
{
	__shared__ int tot[32];
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	if (lin < 32)
		tot[lin] = 0;
	__syncthreads();
	atomicAdd(&tot[lin / 32], in[g]);
	__syncthreads();
	unsigned m = __ballot_sync(0xffffffffu, in[g] & 1);
	if (lin < 32) {
		int nw = (THREADS + 31) / 32;
		int t = lin < nw ? tot[lin] : 0;
		t += __shfl_xor_sync(0xffffffffu, t, 16);
		t += __shfl_xor_sync(0xffffffffu, t, 8);
		t += __shfl_xor_sync(0xffffffffu, t, 4);
		t += __shfl_xor_sync(0xffffffffu, t, 2);
		t += __shfl_xor_sync(0xffffffffu, t, 1);
		out[2 * g] = (unsigned)t;
	}
	if (in[g] & 1) {
		int first = 0;
		while (!((m >> first) & 1u))
			first++;
		unsigned b = __ballot_sync(m, in[g] % 3 == 0);
		int s = __shfl_sync(m, in[g], first);
		out[2 * g + 1] = b ^ ((unsigned)s << 8);
	}
}

// Predicates in other forms: a lone statement (lanes 0..15 of each warp
// shift among themselves), a loop around the operation in the body (a
// Kogge-Stone scan of the even-numbered warps), a predicate inside a
// predicate (lanes 8..15 of those warps then swap halves).
__global__ void predicated2(const int *in, unsigned *out)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int lane = lin % 32;
	int v = in[g], a = v;
	if (lane < 16)
		a += __shfl_down_sync(0xffffu, v, 1, 16);
	out[2 * g] = (unsigned)a;
	if ((lin / 32) % 2 == 0) {
		int s = in[g];
		for (int off = 1; off < 32; off *= 2) {
			int up = __shfl_up_sync(0xffffffffu, s, off);
			if (lane >= off)
				s += up;
		}
		if (lane >= 8 && lane < 16) {
			int x = __shfl_xor_sync(0x0000ff00u, s, 4);
			s = s * 1000 + x;
		}
		out[2 * g + 1] = (unsigned)s;
	}
}

// A helper that returns its parameter, inlined onto the caller's variable
// (lib/cc/warp_inline_self.c, issue 40): where only the lanes with
// threadIdx.x % 32 == 0 read the result, the tree's lane-0 form (at run
// time only where those are the warps' lanes 0: 1-D blocks, rows of whole
// warps), also under a predicate (warp 1 alone) and into a declaration.
__device__ int lane_sum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__global__ void helper_self(const int *in, int *out)
{
	int lin = LINEAR_ID;
	int g = BLOCK_ID * THREADS + lin;
	int v = in[g];
	v = lane_sum(v);
	if (threadIdx.x % 32 == 0)
		out[2 * g] = v;
	v = in[g] * 3;
	if (lin / 32 == 1)
		v = lane_sum(v);
	if (threadIdx.x % 32 == 0)
		out[2 * g + 1] = v;
	int s = lane_sum(in[g] + 1);
	if ((threadIdx.x & 31) == 0)
		out[2 * g + 1] += s * 1000;
}

// The two-level block sum (lib/cc/warp_block_sum.c, issue 40): each warp's
// tree, lane 0's sum into sums[], warp 0's tree of the sums, thread 0's
// store; in a 1-D block one computation per block.  Its lane and warp are
// threadIdx.x's, as public code writes them: in a block of several rows
// CUDA's stores to sums[] race (ref_warp.cc compares 1-D shapes only).
__global__ void block_sum2(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[BLOCK_ID * THREADS + LINEAR_ID] - 40;
	v = lane_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = lane_sum(v);
	if (threadIdx.x == 0)
		out[BLOCK_ID] = v;
}

// block_sum2 with v a contiguous load (lib/cc/warp_block_load.c, issue 40):
// in a 1-D block the block sum reads each thread's value where the load
// reads it, no publication; whole warps, a partial last warp, 128 threads
// (one of the block sizes written with the size a constant).
__global__ void block_sum2_load(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	v = lane_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = lane_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
