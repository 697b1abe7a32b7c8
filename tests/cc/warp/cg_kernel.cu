// Cooperative groups in a kernel (issue 23), a whole program with its own
// PASS/FAIL check: the thread block's ranks and indices, tiles of 32/16/4/1
// lanes (thread_rank, size, meta_group_rank/size, shuffles, ballot, any,
// all, sync) and cg::reduce with plus/less/greater, on a 2-D block of 7x9
// threads (63: two warps, the second partial).  The host computes every
// value with plain C.  Also built by nvcc -arch=sm_90.
// exec-models: fission fibers
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define OUT 14

__global__ void cgk(const int *in, int *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
	cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);
	unsigned r = block.thread_rank();
	dim3 gi = block.group_index();
	int base = (int)((gi.y * gridDim.x + gi.x) * block.size());
	int v = in[base + (int)r];
	int *o = out + (size_t)(base + (int)r) * OUT;

	o[0] = (int)r;
	o[1] = (int)(half.meta_group_rank() * 100 + half.thread_rank()) + (int)half.meta_group_size() * 10000;
	o[2] = half.shfl(v, 3);
	o[3] = quad.shfl_down(v, 1);
	o[4] = quad.shfl_up(v, 2);
	o[5] = half.shfl_xor(v, 5);
	o[6] = (int)warp.ballot(v % 2 == 1);
	o[7] = (int)quad.ballot(v > 50);
	o[8] = half.any(v > 95) * 2 + quad.all(v < 50);
	o[9] = cg::reduce(warp, v, cg::plus<int>());
	o[10] = cg::reduce(half, v, cg::less<int>());
	o[11] = cg::reduce(quad, v, cg::greater<int>());
	block.sync();
	warp.sync();
	o[12] = (int)(quad.thread_rank() + 10 * quad.size() + 100 * warp.size());
	o[13] = (int)(block.thread_index().x + block.thread_index().y * block.dim_threads().x);
}

// The tile of lane rank r among n threads: [first, first + count).
static void tile_of(int r, int n, int N, int *first, int *count)
{
	*first = r - r % N;
	*count = n - *first < N ? n - *first : N;
}

int main()
{
	const int bx = 7, by = 9, gx = 2, gy = 1, per = bx * by, n = per * gx * gy;
	int h[n], *out = new int[n * OUT];
	for (int i = 0; i < n; i++)
		h[i] = (i * 37 + 11) % 100;
	int *d, *dout;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dout, sizeof(int) * n * OUT);
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	cgk<<<dim3(gx, gy), dim3(bx, by)>>>(d, dout);
	cudaMemcpy(out, dout, sizeof(int) * n * OUT, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int b = i / per * per, r = i % per, v = h[i], *o = out + (size_t)i * OUT, f, c;
		int want[OUT];
		want[0] = r;
		want[1] = r / 16 * 100 + r % 16 + (per + 15) / 16 * 10000;
		tile_of(r, per, 16, &f, &c);
		want[2] = 3 < c ? h[b + f + 3] : v;
		tile_of(r, per, 4, &f, &c);
		want[3] = r % 4 + 1 < c ? h[i + 1] : v;
		want[4] = r % 4 >= 2 ? h[i - 2] : v;
		tile_of(r, per, 16, &f, &c);
		want[5] = ((r % 16) ^ 5) < c ? h[b + f + ((r % 16) ^ 5)] : v;
		unsigned bw = 0, bq = 0;
		int any16 = 0, all4 = 1, sum = 0, mn = 1 << 30, mx = -1;
		tile_of(r, per, 32, &f, &c);
		for (int l = 0; l < c; l++) {
			bw |= (unsigned)(h[b + f + l] % 2 == 1) << l;
			sum += h[b + f + l];
		}
		tile_of(r, per, 16, &f, &c);
		for (int l = 0; l < c; l++) {
			any16 |= h[b + f + l] > 95;
			mn = h[b + f + l] < mn ? h[b + f + l] : mn;
		}
		tile_of(r, per, 4, &f, &c);
		for (int l = 0; l < c; l++) {
			bq |= (unsigned)(h[b + f + l] > 50) << l;
			all4 &= h[b + f + l] < 50;
			mx = h[b + f + l] > mx ? h[b + f + l] : mx;
		}
		want[6] = (int)bw;
		want[7] = (int)bq;
		want[8] = any16 * 2 + all4;
		want[9] = sum;
		want[10] = mn;
		want[11] = mx;
		want[12] = r % 4 + 40 + 3200;
		want[13] = r;
		for (int k = 0; k < OUT; k++)
			if (o[k] != want[k] && bad++ < 5)
				printf("thread %d word %d: %d, want %d\n", i, k, o[k], want[k]);
	}
	cudaFree(d);
	cudaFree(dout);
	delete[] out;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
