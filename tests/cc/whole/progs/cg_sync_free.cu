// cg::sync(group), the free function, on a tile and on the block, as sample
// code writes its reductions: each warp-sized tile halves its shared-memory
// slice with cg::sync(tile32) between steps, then the block's first thread
// adds the tiles' sums after cg::sync(cta).
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define THREADS 256

__global__ void tile_sums(const double *in, double *out)
{
	__shared__ double tmp[THREADS];
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
	unsigned me = cta.thread_rank();
	double acc = in[blockIdx.x * THREADS + me];

	tmp[me] = acc;
	cg::sync(tile32);
	for (int i = tile32.size() / 2; i > 0; i >>= 1) {
		if (tile32.thread_rank() < i) {
			acc += tmp[me + i];
			tmp[me] = acc;
		}
		cg::sync(tile32);
	}
	cg::sync(cta);
	if (me == 0) {
		double s = 0.0;
		for (unsigned t = 0; t < THREADS; t += 32)
			s += tmp[t];
		out[blockIdx.x] = s;
	}
}

int main()
{
	const int blocks = 8, n = blocks * THREADS;
	static double h[n], r[blocks];
	double *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h[i] = (double)((i * 37) % 101) * 0.5;
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(r));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	tile_sums<<<blocks, THREADS>>>(d_in, d_out);
	cudaMemcpy(r, d_out, sizeof(r), cudaMemcpyDeviceToHost);
	bool ok = cudaGetLastError() == cudaSuccess;
	for (int b = 0; b < blocks; b++) {
		double s = 0.0;	/* halves of 0.5-multiples below 2^53: every order gives the same sum */
		for (int t = 0; t < THREADS; t++)
			s += h[b * THREADS + t];
		ok &= r[b] == s;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
