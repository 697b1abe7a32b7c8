// Inclusive prefix sums with __shfl_up_sync: a warp scan (Kogge-Stone over
// shuffles, lanes below the offset keep their value), a block scan built
// from warp scans plus a scan of the warp totals, and a width-16 segmented
// scan; checked against the sequential sums.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int warp_inclusive_scan(int v, int width)
{
	int lane = threadIdx.x % width;
	for (int off = 1; off < width; off <<= 1) {
		int up = __shfl_up_sync(0xffffffff, v, off, width);
		if (lane >= off)
			v += up;
	}
	return v;
}

__global__ void block_scan(const int *in, int *out, int *seg16)
{
	__shared__ int totals[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	int v = in[i];
	seg16[i] = warp_inclusive_scan(v, 16);
	int x = warp_inclusive_scan(v, 32);
	if (lane == 31)
		totals[warp] = x;
	__syncthreads();
	if (warp == 0) {
		int nw = blockDim.x / 32;
		int t = lane < nw ? totals[lane] : 0;
		t = warp_inclusive_scan(t, 32);
		if (lane < nw)
			totals[lane] = t;
	}
	__syncthreads();
	if (warp > 0)
		x += totals[warp - 1];
	out[i] = x;
}

int main()
{
	const int block = 512, blocks = 3, n = block * blocks;
	int h[n], o[n], s16[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 11) % 7 - 2;
	int *d, *dout, *ds;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dout, sizeof(h));
	cudaMalloc(&ds, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	block_scan<<<blocks, block>>>(d, dout, ds);
	cudaMemcpy(o, dout, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(s16, ds, sizeof(h), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int b = 0; b < blocks; b++) {
		int acc = 0, seg = 0;
		for (int t = 0; t < block; t++) {
			int i = b * block + t;
			acc += h[i];
			seg = (t % 16 == 0 ? 0 : seg) + h[i];
			if (o[i] != acc || s16[i] != seg) {
				printf("block %d thread %d: %d %d, want %d %d\n", b, t, o[i], s16[i], acc, seg);
				ok = false;
				break;
			}
		}
	}
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
