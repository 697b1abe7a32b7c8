// Segment sums with cooperative groups where the block is not a multiple
// of 32 threads (a block of 48 and one of 80, as image kernels sized by a
// row width write them): each warp-sized tile reduces its values with
// cg::reduce (plus and greater) and its rank 0 adds the tile's sum to the
// block's total with atomicAdd; the last tile of each block is partial (16
// lanes).  Also a tile of 8 with cg::less.  Run forced to both models: as
// fibers the butterfly of the partial tile read a missing lane's own value
// and counted it twice (session 12).  Host reference in plain C.
// exec-models: fission fibers
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                     \
	do {                                                                            \
		cudaError_t e_ = (call);                                                \
		if (e_ != cudaSuccess) {                                                \
			printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			return 1;                                                       \
		}                                                                       \
	} while (0)

__global__ void segment_stats(const int *in, int n, int *block_sum, int *tile_max, int *oct_min)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	cg::thread_block_tile<8> oct = cg::tiled_partition<8>(block);
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int v = gid < n ? in[gid] : 0;

	int s = cg::reduce(warp, v, cg::plus<int>());
	int m = cg::reduce(warp, v, cg::greater<int>());
	int lo = cg::reduce(oct, v, cg::less<int>());
	if (warp.thread_rank() == 0) {
		atomicAdd(&block_sum[blockIdx.x], s);
		tile_max[blockIdx.x * 4 + warp.meta_group_rank()] = m;
	}
	if (oct.thread_rank() == 0)
		oct_min[blockIdx.x * 16 + oct.meta_group_rank()] = lo;
}

static int run(int threads, int blocks)
{
	const int n = threads * blocks - 5;	/* the last 5 threads read no element: value 0 */
	int *h = new int[n], *bs = new int[blocks], *tm = new int[blocks * 4], *om = new int[blocks * 16];
	int *d_in, *d_bs, *d_tm, *d_om, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (i * 7919 + 13) % 1000 + 1;
	CHECK(cudaMalloc(&d_in, n * sizeof(int)));
	CHECK(cudaMalloc(&d_bs, blocks * sizeof(int)));
	CHECK(cudaMalloc(&d_tm, blocks * 4 * sizeof(int)));
	CHECK(cudaMalloc(&d_om, blocks * 16 * sizeof(int)));
	CHECK(cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(d_bs, 0, blocks * sizeof(int)));
	segment_stats<<<blocks, threads>>>(d_in, n, d_bs, d_tm, d_om);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(bs, d_bs, blocks * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(tm, d_tm, blocks * 4 * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(om, d_om, blocks * 16 * sizeof(int), cudaMemcpyDeviceToHost));
	for (int b = 0; b < blocks; b++) {
		int sum = 0;
		for (int t = 0; t < threads; t++) {
			int g = b * threads + t;
			sum += g < n ? h[g] : 0;
		}
		if (bs[b] != sum && bad++ < 5)
			printf("%d threads, block %d: sum %d, want %d\n", threads, b, bs[b], sum);
		for (int w = 0; w * 32 < threads; w++) {
			int mx = 0;
			for (int t = w * 32; t < threads && t < w * 32 + 32; t++) {
				int g = b * threads + t, v = g < n ? h[g] : 0;
				mx = v > mx ? v : mx;
			}
			if (tm[b * 4 + w] != mx && bad++ < 5)
				printf("%d threads, block %d tile %d: max %d, want %d\n", threads, b, w, tm[b * 4 + w], mx);
		}
		for (int o = 0; o * 8 < threads; o++) {
			int mn = 1 << 30;
			for (int t = o * 8; t < threads && t < o * 8 + 8; t++) {
				int g = b * threads + t, v = g < n ? h[g] : 0;
				mn = v < mn ? v : mn;
			}
			if (om[b * 16 + o] != mn && bad++ < 5)
				printf("%d threads, block %d tile of 8 %d: min %d, want %d\n", threads, b, o, om[b * 16 + o], mn);
		}
	}
	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_bs));
	CHECK(cudaFree(d_tm));
	CHECK(cudaFree(d_om));
	delete[] h;
	delete[] bs;
	delete[] tm;
	delete[] om;
	return bad;
}

int main()
{
	int bad = run(48, 7) + run(80, 5) + run(64, 3);

	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
