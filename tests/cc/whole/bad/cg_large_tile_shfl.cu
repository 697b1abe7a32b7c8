// expect: 13:21: error: cooperative groups: 'shfl' of a tile of 64 threads: a tile of more than 32 threads has no warp collectives (as on CUDA)
// A warp collective of a tile of several warps (CUDA's have none): a clear
// error where the kernel runs as fibers, not a C++ compile that fails.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void tile_shfl(int *out)
{
	cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());

	tile.sync();
	out[threadIdx.x] = tile.shfl((int)threadIdx.x, 0);
}

int main()
{
	return 0;
}
