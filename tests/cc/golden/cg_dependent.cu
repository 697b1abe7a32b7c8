// A kernel template whose cooperative-groups calls name the group through a
// template parameter (thread_block_tile<TILE>, as tile-size-generic
// reductions write it): the calls are dependent, warp.c cannot lower them
// whatever it did to the rest of the file, so the planner sends the kernel
// to fibers (lib/cc/fiber_plan.c); it went to loop fission before and
// aborted at run time ("a cooperative-groups call outside a fiber kernel").
// The non-template kernel beside it keeps loop fission.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

template <unsigned int TILE> __global__ void tile_sum(const int *in, int *out)
{
	cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(cg::this_thread_block());
	int s = cg::reduce(tile, in[blockIdx.x * blockDim.x + threadIdx.x], cg::plus<int>());
	if (tile.thread_rank() == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) / TILE] = s;
}

__global__ void warp_sum(const int *in, int *out)
{
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
	int s = cg::reduce(tile, in[blockIdx.x * blockDim.x + threadIdx.x], cg::plus<int>());
	if (tile.thread_rank() == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = s;
}

void launch(const int *in, int *out)
{
	tile_sum<32><<<2, 64>>>(in, out);
	warp_sum<<<2, 64>>>(in, out);
}

// MODEL: kernel tile_sum: fibers (uses cooperative groups (a call that depends on a template parameter)
// MODEL: kernel warp_sum: fission
