// expect: 12:10: error: cooperative groups: 'reduce' of a tile of 128 threads (several warps) runs only as fibers (not with --exec-model=fission)
// exec-model: fission
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void tile_sum(int *out)
{
	cg::thread_block_tile<128> tile = cg::tiled_partition<128>(cg::this_thread_block());

	int s = cg::reduce(tile, (int)threadIdx.x, cg::plus<int>());
	out[threadIdx.x] = s;
}

int main()
{
	return 0;
}
