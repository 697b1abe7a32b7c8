// A tile of 64 threads under --exec-model=fission: its barrier, in uniform
// control flow, is the block's (every thread of the block reaches it), its
// ranks and sizes index expressions.  Sums per tile against the host's.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void tile_sums(const int *in, int *out)
{
	__shared__ int buf[256];
	cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());

	buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
	tile.sync();
	if (tile.thread_rank() == 0) {
		int s = 0;
		for (unsigned int k = 0; k < tile.num_threads(); k++)
			s += buf[threadIdx.x + k];
		out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = s;
	}
}

int main()
{
	const int n = 512;
	int *in, *out, bad = 0;

	cudaMallocManaged(&in, n * sizeof(int));
	cudaMallocManaged(&out, n / 64 * sizeof(int));
	for (int i = 0; i < n; i++)
		in[i] = (i * 37) % 19 - 9;
	tile_sums<<<n / 256, 256>>>(in, out);
	if (cudaDeviceSynchronize() != cudaSuccess)
		bad = 1;
	for (int t = 0; t < n / 64; t++) {
		int s = 0;
		for (int k = 0; k < 64; k++)
			s += in[t * 64 + k];
		if (out[t] != s) {
			printf("tile %d: %d, want %d\n", t, out[t], s);
			bad++;
		}
	}
	cudaFree(in);
	cudaFree(out);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
