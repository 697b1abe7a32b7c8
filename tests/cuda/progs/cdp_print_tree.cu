// nvcc-flags: -rdc=true
// Dynamic parallelism in the style of the vendor's simple-print sample: every
// thread of every block launches the same kernel again (gridDim x blockDim
// children per block) until a depth limit; each block takes a unique id from
// a __device__ counter into a __shared__ variable, prints where it came from
// (through a __device__ helper with a barrier) and records (depth, parent id,
// launching thread).  The host rebuilds the tree from the records: the block
// count, every parent one level up, gridDim blocks per launching thread.  A
// parent's __shared__ id must survive its earlier threads' child grids (the
// second thread passes it too).  Output order between grids is not checked.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkErrors(val) check_result((val), #val, __FILE__, __LINE__)

static void check_result(cudaError_t r, const char *what, const char *file, int line)
{
	if (r != cudaSuccess) {
		fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (int)r, cudaGetErrorName(r), what);
		printf("FAIL\n");
		exit(EXIT_FAILURE);
	}
}

#define MAX_BLOCKS 4096

struct block_rec {
	int depth, parent, thread;
};

__device__ int g_uids = 0;
__device__ int g_launch_errors = 0;
__device__ block_rec g_recs[MAX_BLOCKS];

__device__ void print_info(int depth, int thread, int uid, int parent_uid)
{
	if (threadIdx.x == 0) {
		if (depth == 0)
			printf("BLOCK %d launched by the host\n", uid);
		else
			printf("%*sBLOCK %d launched by thread %d of block %d\n", 3 * depth, "", uid, thread,
			       parent_uid);
	}
	__syncthreads();
}

__global__ void tree_kernel(int max_depth, int depth, int thread, int parent_uid)
{
	__shared__ int s_uid;

	if (threadIdx.x == 0) {
		s_uid = atomicAdd(&g_uids, 1);
		if (s_uid < MAX_BLOCKS) {
			g_recs[s_uid].depth = depth;
			g_recs[s_uid].parent = parent_uid;
			g_recs[s_uid].thread = thread;
		}
	}
	__syncthreads();
	print_info(depth, thread, s_uid, parent_uid);
	if (++depth >= max_depth)
		return;
	tree_kernel<<<gridDim.x, blockDim.x>>>(max_depth, depth, threadIdx.x, s_uid);
	if (cudaGetLastError() != cudaSuccess)
		atomicAdd(&g_launch_errors, 1);
}

int main(int argc, char **argv)
{
	const int max_depth = argc > 1 ? atoi(argv[1]) : 3, grid = 2, block = 2;
	int expect = 0, level = grid, nblocks = 0, errors = 0, bad = 0;
	static block_rec recs[MAX_BLOCKS];

	for (int d = 0; d < max_depth; d++, level *= grid * block)
		expect += level;
	printf("launching %d blocks of %d threads, depth %d: %d blocks in all\n", grid, block, max_depth, expect);
	tree_kernel<<<grid, block>>>(max_depth, 0, 0, -1);
	checkErrors(cudaGetLastError());
	checkErrors(cudaDeviceSynchronize());
	checkErrors(cudaMemcpyFromSymbol(&nblocks, g_uids, sizeof(int)));
	checkErrors(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof(int)));
	checkErrors(cudaMemcpyFromSymbol(recs, g_recs, sizeof(recs)));
	if (nblocks != expect || errors) {
		printf("%d blocks ran (expected %d), %d launches failed\nFAIL\n", nblocks, expect, errors);
		return 1;
	}
	/* each (parent, launching thread) has exactly `grid` children, one level down */
	static int children[MAX_BLOCKS][2];
	for (int i = 0; i < nblocks; i++) {
		const block_rec &r = recs[i];

		if (r.depth == 0) {
			bad += r.parent != -1;
			continue;
		}
		if (r.parent < 0 || r.parent >= nblocks || recs[r.parent].depth != r.depth - 1 || r.thread < 0 ||
		    r.thread >= block) {
			bad++;
			continue;
		}
		children[r.parent][r.thread]++;
	}
	for (int i = 0; i < nblocks; i++)
		for (int t = 0; t < block; t++)
			bad += children[i][t] != (recs[i].depth + 1 < max_depth ? grid : 0);
	printf("%d blocks, %d inconsistent records\n%s\n", nblocks, bad, bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
