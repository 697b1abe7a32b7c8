// expect: 17:8: error: cooperative groups: 'shfl_down' in 'tile_sum' names its group through a template parameter: such calls run only as fibers (not with --exec-model=fission)
// exec-model: fission
// A __device__ template taking a tile by value (tile-size-generic
// reductions write it so): its calls are dependent, nothing lowers them for
// loop fission, and forced to fission the program built and aborted at run
// time ("a cooperative-groups call outside a fiber kernel").  Refused now;
// by default the kernel runs as fibers (tests/cuda/progs/cg_tiles.cu,
// tile_sum).
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

template <unsigned N> __device__ int tile_sum(cg::thread_block_tile<N> g, int v)
{
	for (int i = g.size() / 2; i > 0; i /= 2)
		v += g.shfl_down(v, i);
	return v;
}

__global__ void sums(const int *in, int *out)
{
	cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
	int s = tile_sum(t, in[threadIdx.x]);

	if (t.thread_rank() == 0)
		out[threadIdx.x / 16] = s;
}

int main()
{
	int *in, *out;

	cudaMalloc(&in, 64 * sizeof(int));
	cudaMalloc(&out, 4 * sizeof(int));
	cudaMemset(in, 0, 64 * sizeof(int));
	sums<<<1, 64>>>(in, out);
	cudaDeviceSynchronize();
	printf("PASS\n");
	return 0;
}
