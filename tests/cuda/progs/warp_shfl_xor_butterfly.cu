// Butterfly all-reduce with __shfl_xor_sync: every lane ends with the warp's
// sum, minimum and maximum; a segmented version with width 8 (four
// independent groups per warp); and a float version. Each lane writes its
// result so the host checks that all lanes agree.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void butterfly(const int *in, int *sum, int *mn, int *mx, int *seg8, float *fsum)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i], s = v, lo = v, hi = v;
#pragma unroll
	for (int m = 16; m >= 1; m >>= 1) {
		s += __shfl_xor_sync(0xffffffff, s, m);
		lo = min(lo, __shfl_xor_sync(0xffffffff, lo, m));
		hi = max(hi, __shfl_xor_sync(0xffffffff, hi, m, 32));
	}
	sum[i] = s;
	mn[i] = lo;
	mx[i] = hi;
	int g = v;
	for (int m = 4; m >= 1; m >>= 1)
		g += __shfl_xor_sync(0xffffffff, g, m, 8);
	seg8[i] = g;
	float f = (float)v * 0.5f;
	for (int m = 1; m < 32; m <<= 1)
		f += __shfl_xor_sync(0xffffffff, f, m);
	fsum[i] = f;
}

int main()
{
	const int n = 32 * 20;
	int h[n], s[n], lo[n], hi[n], g[n];
	float f[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101 - 50;
	int *d, *ds, *dlo, *dhi, *dg;
	float *df;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&ds, sizeof(h));
	cudaMalloc(&dlo, sizeof(h));
	cudaMalloc(&dhi, sizeof(h));
	cudaMalloc(&dg, sizeof(h));
	cudaMalloc(&df, sizeof(f));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	butterfly<<<5, 128>>>(d, ds, dlo, dhi, dg, df);
	cudaMemcpy(s, ds, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(lo, dlo, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, dhi, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(g, dg, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(f, df, sizeof(f), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int w = 0; w < n / 32; w++) {
		int ws = 0, wl = 1000, wh = -1000;
		for (int l = 0; l < 32; l++) {
			int v = h[w * 32 + l];
			ws += v;
			wl = v < wl ? v : wl;
			wh = v > wh ? v : wh;
		}
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			int gs = 0;
			for (int k = l / 8 * 8; k < l / 8 * 8 + 8; k++)
				gs += h[w * 32 + k];
			if (s[i] != ws || lo[i] != wl || hi[i] != wh || g[i] != gs || f[i] != ws * 0.5f) {
				printf("lane %d of warp %d: %d %d %d %d %f\n", l, w, s[i], lo[i], hi[i], g[i], f[i]);
				ok = false;
			}
		}
	}
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
