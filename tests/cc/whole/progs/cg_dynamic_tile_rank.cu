// A thread_group made by the run-time form cg::tiled_partition(block, n)
// (the CUDA programming guide's example) in a kernel that loop fission could
// otherwise run: its thread_rank(), size() and sync() are the tile's.  They
// were taken for the block's (ranks 0 to 63 and size 64 for tiles of 16 in
// a block of 64: a wrong result); such a kernel now runs as fibers.  A
// per-tile sum through shared memory as well; exact integers.
#include <cooperative_groups.h>
#include <stdio.h>

namespace cg = cooperative_groups;

#define TPB 96

__global__ void tile_ranks(int *rank, int *size, int *sum, unsigned int width)
{
	__shared__ int vals[TPB];
	cg::thread_block block = cg::this_thread_block();
	cg::thread_group tile = cg::tiled_partition(block, width);
	unsigned int t = block.thread_rank();

	rank[t] = (int)tile.thread_rank();
	size[t] = (int)tile.size();
	vals[t] = (int)(t * t % 17);
	tile.sync();
	int s = 0;
	for (unsigned int i = t - tile.thread_rank(); i < t - tile.thread_rank() + tile.size(); i++)
		s += vals[i];
	sum[t] = s;
}

int main(void)
{
	int *d, h[3 * TPB], bad = 0;
	const unsigned int widths[] = { 4, 16, 32 };

	cudaMalloc(&d, sizeof(h));
	for (unsigned int w : widths) {
		tile_ranks<<<1, TPB>>>(d, d + TPB, d + 2 * TPB, w);
		cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
		for (unsigned int t = 0; t < TPB; t++) {
			int s = 0;

			for (unsigned int i = t - t % w; i < t - t % w + w; i++)
				s += (int)(i * i % 17);
			if ((h[t] != (int)(t % w) || h[TPB + t] != (int)w || h[2 * TPB + t] != s) && bad++ < 5)
				printf("width %u, thread %u: rank %d size %d sum %d, want %u %u %d\n", w, t, h[t],
				       h[TPB + t], h[2 * TPB + t], t % w, w, s);
		}
	}
	cudaFree(d);
	printf("%d wrong\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
