// expect: 17:9: error: a loop whose header calls a warp-level function may hold no __syncthreads(), return, break, continue or goto under loop fission
// exec-model: fission
// A vote loop with a block barrier in its body, forced to loop fission
// (issue 38, thirtieth session; lib/cc/warp_loop.c).  Loop fission runs
// such a loop for the whole block while any warp goes on, each warp's lanes
// absent once it left; a barrier there would be one every warp reaches as
// often as the slowest warp turns, where CUDA's reach it as often as their
// own.  Refused; by default the kernel runs as fibers.
#define FULL 0xffffffffu

__global__ void vote_with_barrier(const int *in, int *out)
{
	__shared__ int tile[128];
	int v = in[threadIdx.x] & 15, n = 0;

	tile[threadIdx.x] = v;
	while (__any_sync(FULL, v > 0)) {
		__syncthreads();
		v -= tile[(threadIdx.x + 1) % blockDim.x] > 0 ? 1 : v;
		n++;
	}
	out[threadIdx.x] = n;
}

int main(void)
{
	return 0;
}
