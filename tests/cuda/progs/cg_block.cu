// Cooperative groups at block level: cg::this_thread_block() with sync(),
// thread_rank(), size() / num_threads(), group_index(), thread_index(),
// dim_threads(), and cg::sync(g), in a 2-D block (16x12) that reverses a
// tile through shared memory and sums it; thread_rank is the linear id
// x + y * dim.x.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int rank_sum(cg::thread_block block, int *buf, int v)
{
	unsigned r = block.thread_rank();
	buf[r] = v;
	block.sync();
	for (unsigned s = 1; s < block.size(); s <<= 1) {
		int add = (r % (2 * s) == 0 && r + s < block.size()) ? buf[r + s] : 0;
		block.sync();
		buf[r] += add;
		block.sync();
	}
	int total = buf[0];
	block.sync();
	return total;
}

__global__ void tile_kernel(const int *in, int *reversed, int *sums, int *ranks)
{
	__shared__ int buf[16 * 12];
	cg::thread_block block = cg::this_thread_block();
	unsigned r = block.thread_rank();
	dim3 gi = block.group_index(), ti = block.thread_index(), dt = block.dim_threads();
	int base = (gi.y * gridDim.x + gi.x) * block.num_threads();
	buf[r] = in[base + r];
	cg::sync(block);
	int v = buf[block.size() - 1 - r];
	block.sync();
	reversed[base + r] = v;
	ranks[base + r] = (int)(ti.x + ti.y * dt.x) - (int)r; // 0 when thread_rank is linear
	int total = rank_sum(block, buf, v);
	if (r == 0)
		sums[gi.y * gridDim.x + gi.x] = total;
}

int main()
{
	const int bx = 16, by = 12, gx = 3, gy = 2, per = bx * by, n = per * gx * gy;
	int h[n], rev[n], rk[n], sums[gx * gy];
	for (int i = 0; i < n; i++)
		h[i] = (i * 29) % 97;
	int *d, *drev, *dsum, *drk;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&drev, sizeof(h));
	cudaMalloc(&drk, sizeof(h));
	cudaMalloc(&dsum, sizeof(sums));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	tile_kernel<<<dim3(gx, gy), dim3(bx, by)>>>(d, drev, dsum, drk);
	cudaMemcpy(rev, drev, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(rk, drk, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(sums, dsum, sizeof(sums), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int b = 0; b < gx * gy; b++) {
		int s = 0;
		for (int t = 0; t < per; t++) {
			ok &= rev[b * per + t] == h[b * per + per - 1 - t] && rk[b * per + t] == 0;
			s += h[b * per + t];
		}
		ok &= sums[b] == s;
	}
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
