// Cooperative-groups tiles: cg::tiled_partition<32>, <16> and <4> of the
// block with shfl_down / shfl_xor / shfl reductions and broadcasts,
// thread_rank, size, meta_group_rank, meta_group_size, ballot, any, all,
// sync; cg::reduce with cg::plus, cg::less and cg::greater
// (<cooperative_groups/reduce.h>); and the dynamic cg::tiled_partition(block,
// 8) with sync and thread_rank.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

template <unsigned N> __device__ int tile_sum(cg::thread_block_tile<N> t, int v)
{
	for (unsigned off = t.size() / 2; off > 0; off /= 2)
		v += t.shfl_down(v, off);
	return t.shfl(v, 0); // lane 0 holds the sum: broadcast it
}

#define OUT 12

__global__ void tiles(const int *in, int *out)
{
	cg::thread_block block = cg::this_thread_block();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	int *o = out + (size_t)i * OUT;

	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
	cg::thread_block_tile<4> quad = cg::tiled_partition<4>(block);
	o[0] = tile_sum(warp, v);
	o[1] = tile_sum(half, v);
	o[2] = tile_sum(quad, v);
	int x = v;
	for (unsigned m = 1; m < quad.size(); m <<= 1)
		x = max(x, quad.shfl_xor(x, m));
	o[3] = x;
	o[4] = (int)(half.meta_group_rank() * 100 + half.thread_rank()) + (int)half.meta_group_size() * 10000;
	o[5] = (int)warp.ballot(v % 2 == 1);
	o[6] = half.any(v > 95) * 2 + quad.all(v < 50);
	o[7] = cg::reduce(warp, v, cg::plus<int>());
	o[8] = cg::reduce(half, v, cg::less<int>());
	o[9] = cg::reduce(quad, v, cg::greater<int>());
	cg::thread_group eight = cg::tiled_partition(block, 8);
	__shared__ int scratch[256];
	scratch[threadIdx.x] = v;
	eight.sync();
	int first = threadIdx.x - eight.thread_rank();
	int s8 = 0;
	for (unsigned k = 0; k < eight.size(); k++)
		s8 += scratch[first + k];
	o[10] = s8;
	warp.sync();
	o[11] = quad.thread_rank() + 10 * (int)quad.size();
}

int main()
{
	const int threads = 128, blocks = 2, n = threads * blocks;
	int h[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 53) % 100;
	int *d, *dout;
	int *out = new int[n * OUT];
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dout, n * OUT * sizeof(int));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	tiles<<<blocks, threads>>>(d, dout);
	cudaMemcpy(out, dout, n * OUT * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++) {
		int t = i % threads;
		int want[OUT];
		int w32 = i - t % 32, w16 = i - t % 16, w4 = i - t % 4, w8 = i - t % 8;
		int s32 = 0, s16 = 0, s4 = 0, m4 = -1, mn16 = 1000, mx4 = -1, s8 = 0, any16 = 0, all4 = 1;
		unsigned bal = 0;
		for (int k = 0; k < 32; k++) {
			s32 += h[w32 + k];
			bal |= (unsigned)(h[w32 + k] % 2 == 1) << k;
		}
		for (int k = 0; k < 16; k++) {
			s16 += h[w16 + k];
			mn16 = h[w16 + k] < mn16 ? h[w16 + k] : mn16;
			any16 |= h[w16 + k] > 95;
		}
		for (int k = 0; k < 4; k++) {
			s4 += h[w4 + k];
			m4 = h[w4 + k] > m4 ? h[w4 + k] : m4;
			all4 &= h[w4 + k] < 50;
		}
		mx4 = m4;
		for (int k = 0; k < 8; k++)
			s8 += h[w8 + k];
		want[0] = s32; want[1] = s16; want[2] = s4; want[3] = m4;
		want[4] = (t / 16) * 100 + t % 16 + (threads / 16) * 10000;
		want[5] = (int)bal;
		want[6] = any16 * 2 + all4;
		want[7] = s32; want[8] = mn16; want[9] = mx4; want[10] = s8;
		want[11] = t % 4 + 40;
		for (int f = 0; f < OUT; f++)
			if (out[i * OUT + f] != want[f]) {
				printf("thread %d field %d: %d, want %d\n", i, f, out[i * OUT + f], want[f]);
				ok = false;
			}
	}
	cudaFree(d);
	cudaFree(dout);
	delete[] out;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
