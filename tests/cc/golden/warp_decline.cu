// Per kernel, not per file (issue 38, twenty-ninth session;
// lib/cc/warp_decline.c): under the default model warp.c declines the
// kernels it cannot lower -- a shuffle-reduce helper called in an `if`
// condition, or reached through another helper -- and lowers the others for
// loop fission (a vote in a `while` condition was declined too until the
// thirtieth session; lib/cc/warp_loop.c lowers it now).  Before, the first
// of them sent every kernel of the file to fibers ("uses '__shfl_xor_sync',
// which loop fission does not lower in this file").  The kernels of
// tests/cc/whole/progs/warp_decline_mixed.cu, which runs them against host
// references.
#define FULL 0xffffffffu
#define T 96 // threads: three warps

__device__ int warp_reduce(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return __shfl_sync(FULL, v, 0);
}

// a helper of a helper: warp.c inlines into kernels only
__device__ int warp_reduce_scaled(int v, int k)
{
	int r = warp_reduce(v);
	return r * k;
}

// the warp's total in an if condition: not inlined, the kernel declined (fibers)
__global__ void reduce_in_if(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i];

	if (warp_reduce(v) > 0)
		v *= 2;
	out[i] = v;
}

// the same helper as a statement of its own: inlined and lowered (loop fission)
__global__ void reduce_stmt(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x;
	int s = warp_reduce(in[i]);

	out[i] = s - in[i];
}

// through another helper: declined (fibers)
__global__ void reduce_via_helper(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x;

	out[i] = warp_reduce_scaled(in[i], 3);
}

// a vote in a while condition: the warp's lanes go round together (loop fission)
__global__ void vote_in_while(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i] & 255, rounds = 0;

	while (__any_sync(FULL, v != 0)) {
		v >>= 1;
		rounds++;
	}
	out[i] = rounds;
}

// a butterfly and a ballot: lowered (loop fission)
__global__ void xor_and_ballot(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i];

	v += __shfl_xor_sync(FULL, v, 1);
	v += __shfl_xor_sync(FULL, v, 2);
	unsigned int b = __ballot_sync(FULL, v > 0);
	out[i] = v * 64 + __popc(b);
}

// MODEL: kernel reduce_in_if: fibers (calls 'warp_reduce', which suspends the thread (a barrier, warp-level function or cooperative group in it))
// MODEL: kernel reduce_stmt: fission{{$}}
// MODEL: kernel reduce_via_helper: fibers (calls 'warp_reduce_scaled', which suspends the thread (a barrier, warp-level function or cooperative group in it))
// MODEL: kernel vote_in_while: fission{{$}}
// MODEL: kernel xor_and_ballot: fission{{$}}
// the declined kernels as written, the others lowered; the helper kept for the fibers
// CXX: __device__ int warp_reduce(int v)
// CXX: v += __shfl_down_sync(FULL, v, off);
// CXX-LABEL: namespace __idxgen_fiber_reduce_in_if {
// CXX: if (warp_reduce(v) > 0)
// CXX-LABEL: static void reduce_stmt__block(struct idxgen_rt_block *__b)
// CXX-NOT: warp_reduce(
// CXX: idxgen_cc_block_tree_add(
// CXX-LABEL: namespace __idxgen_fiber_reduce_via_helper {
// CXX: out[i] = warp_reduce_scaled(in[i], 3);
// CXX-LABEL: static void vote_in_while__block(struct idxgen_rt_block *__b)
// CXX: while (idxgen_cc_block_any_present(
// CXX-LABEL: static void xor_and_ballot__block(struct idxgen_rt_block *__b)
// CXX-NOT: __shfl_xor_sync
// CXX: idxgen_cc_shfl_xor_src(
