// expect: 12:21: error: cooperative groups: 'ballot' of a tile of 128 threads: a tile of more than 32 threads has no such collective (as on CUDA: tiles of 64 to 1024 threads have shfl, any, all, cg::reduce and the scans)
// exec-model: fission
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void tile_ballot(unsigned int *out)
{
	cg::thread_block_tile<128> tile = cg::tiled_partition<128>(cg::this_thread_block());

	tile.sync();
	out[threadIdx.x] = tile.ballot(threadIdx.x & 1);
}

int main()
{
	return 0;
}
