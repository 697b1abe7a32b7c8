// The kernels of cg_header, in a header the program's .cu includes (as
// samples keep one kernel per .cuh): cooperative groups -- the block's
// group, cg::sync(cta) and cta.sync(), a 32-thread tile reducing with
// shfl_down -- and a plain warp shuffle.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define ROW 128

// out[b*ROW + t] = the row reversed, plus the row's sum (one per thread)
__global__ void reverse_plus_sum(const int *in, int *out)
{
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
	__shared__ int row[ROW];
	__shared__ int part[ROW / 32];
	unsigned t = cta.thread_rank();
	int v = in[blockIdx.x * ROW + t];

	row[t] = v;
	cg::sync(cta);
	for (int s = 16; s > 0; s /= 2)
		v += tile.shfl_down(v, s);
	if (tile.thread_rank() == 0)
		part[tile.meta_group_rank()] = v;
	cta.sync();
	int sum = 0;
	for (int w = 0; w < ROW / 32; w++)
		sum += part[w];
	out[blockIdx.x * ROW + t] = row[ROW - 1 - t] + sum;
}

// out[i] = in[i] + in[i ^ 1] within each warp
__global__ void add_neighbour(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	out[i] = v + __shfl_xor_sync(0xffffffffu, v, 1);
}
