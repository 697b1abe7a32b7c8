// A kernel a warp helper was inlined into and that then runs as fibers
// (issue 38, thirtieth session; lib/cc/warp_inline.c, warp_decline.c): the
// kernel gets its call back and is declined alone, the file's other
// kernels keep loop fission.  Before, its inlined text sent the file back
// without warp.c -- every kernel of it with a warp operation ran as fibers
// ("uses '__ballot_sync', which loop fission does not lower in this file").
// The kernels of tests/cc/whole/progs/warp_decline_inlined.cu, which runs
// them against host references.
#define FULL 0xffffffffu

__device__ int warp_sum(int x)
{
	int v = x;

	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(FULL, v, o);
	return v;
}

// inlined, then warp.c cannot lower the kernel: a shuffle down in a loop
// header (each lane its own trip count)
__global__ void sum_then_shuffle_loop(const int *in, int *out)
{
	int v = in[threadIdx.x] & 7, n = 0;

	v = warp_sum(v);
	while (__shfl_down_sync(FULL, v, 1) > n && n < 8)
		n++;
	out[threadIdx.x] = v * 16 + n;
}

// inlined, then loop fission cannot run it: the helper under an else
__global__ void sum_under_else(const int *in, int *out)
{
	int v = in[threadIdx.x];

	if (v > 0) {
		v = 1;
	} else {
		v = warp_sum(v);
	}
	out[threadIdx.x] = v;
}

// the helper inlined where loop fission runs it
__global__ void plain_sum(const int *in, int *out)
{
	int v = in[threadIdx.x];

	v = warp_sum(v);
	out[threadIdx.x] = v;
}

__global__ void plain_vote(const int *in, int *out)
{
	out[threadIdx.x] = __ballot_sync(FULL, in[threadIdx.x] > 0);
}
// MODEL: kernel sum_then_shuffle_loop: fibers (calls 'warp_sum', which suspends the thread
// MODEL: kernel sum_under_else: fibers (calls 'warp_sum', which suspends the thread
// MODEL: kernel plain_sum: fission{{$}}
// MODEL: kernel plain_vote: fission{{$}}
