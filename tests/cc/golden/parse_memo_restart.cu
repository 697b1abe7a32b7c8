// Parses kept across a restart (lib/cc/parse_memo.c).  warp.c does not
// lower a grid-wide barrier, so the default model translates the program
// twice: a first round that parses it (warp_inline.c, then warp.c, which
// takes that parse back) and gives up quietly, then a round from the file
// as written with the kernel left to the fibers, whose first parse reads
// the very text the first round parsed.  The unit kept at the end of the
// first round goes on to the second (whole.c: parse_memo_detach, then
// parse_memo_adopt, under the same index).  Before: 2 parses made, 1 kept;
// after: 1 made, 2 kept, and the C++ byte for byte the same (each parse of
// a program this size is about 0.3-0.8 s of CPU).
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void two_phases(int *d, int *sum, int n)
{
	cg::grid_group grid = cg::this_grid();
	unsigned i = grid.thread_rank();

	if (i < n)
		d[i] = (int)i;
	grid.sync();	/* every d[] written before any is read */
	if (i < n)
		sum[i] = d[i] + d[n - 1 - i];
}

int main()
{
	const int n = 256;
	int *d, *sum, h[n];
	int len = n;
	void *args[] = { &d, &sum, &len };

	cudaMalloc(&d, n * sizeof(int));
	cudaMalloc(&sum, n * sizeof(int));
	cudaLaunchCooperativeKernel((void *)two_phases, dim3(2), dim3(128), args, 0, 0);
	cudaMemcpy(h, sum, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	cudaFree(sum);
	for (int i = 0; i < n; i++)
		if (h[i] != n - 1) {
			printf("FAIL: %d: %d, want %d\n", i, h[i], n - 1);
			return 1;
		}
	printf("PASS\n");
	return 0;
}

// MODEL: kernel two_phases: fibers
// STATS: parses: 1 made, 2 kept from the pass before
