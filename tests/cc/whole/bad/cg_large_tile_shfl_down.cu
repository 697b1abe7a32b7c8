// expect: 13:21: error: cooperative groups: 'shfl_down' of a tile of 64 threads: a tile of more than 32 threads has no such collective (as on CUDA: tiles of 64 to 1024 threads have shfl, any, all, cg::reduce and the scans)
// A warp collective that CUDA's tiles of several warps lack (shfl_down): a clear
// error where the kernel runs as fibers, not a C++ compile that fails.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void tile_shfl(int *out)
{
	cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());

	tile.sync();
	out[threadIdx.x] = tile.shfl_down((int)threadIdx.x, 1);
}

int main()
{
	return 0;
}
