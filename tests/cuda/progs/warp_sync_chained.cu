// Warp-synchronous code in the older style that keeps the running value in
// a register and stores it through a volatile local pointer in one chained
// assignment ("vs[t] = sum = sum + vs[t + 16];"), with no __syncwarp: the
// lanes of a warp were taken to run in lock step.  A templated block
// reduction whose last warp is unrolled that way, and a block-wide
// inclusive scan built from per-warp scans written the same way
// ("vs[i] = x = x + vs[i - 1];" over a buffer padded with zeros below each
// warp), the warp totals scanned by the first warp, then added back.
// Checked against host references.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <unsigned BS> __global__ void chained_sums(const unsigned *in, unsigned *out, unsigned n)
{
	__shared__ unsigned sm[BS];
	unsigned t = threadIdx.x, i = blockIdx.x * BS + t;
	unsigned sum = i < n ? in[i] : 0u;

	sm[t] = sum;
	__syncthreads();
	for (unsigned h = BS / 2; h > 32; h /= 2) {
		if (t < h)
			sm[t] = sum = sum + sm[t + h];
		__syncthreads();
	}
	if (t < 32) {
		volatile unsigned *vs = sm;

		if (BS >= 64)
			vs[t] = sum = sum + vs[t + 32];
		vs[t] = sum = sum + vs[t + 16];
		vs[t] = sum = sum + vs[t + 8];
		vs[t] = sum = sum + vs[t + 4];
		vs[t] = sum = sum + vs[t + 2];
		vs[t] = sum = sum + vs[t + 1];
	}
	if (t == 0)
		out[blockIdx.x] = sum;
}

// inclusive scan of one warp's values in buf[base + 16 .. + 47], zeros in buf[base .. + 15]
__device__ unsigned warp_scan_padded(volatile unsigned *buf, unsigned base, unsigned lane, unsigned x)
{
	unsigned i = base + 16 + lane;

	buf[base + lane % 16] = 0;
	buf[i] = x;
	buf[i] = x = x + buf[i - 1];
	buf[i] = x = x + buf[i - 2];
	buf[i] = x = x + buf[i - 4];
	buf[i] = x = x + buf[i - 8];
	buf[i] = x = x + buf[i - 16];
	return x;
}

__global__ void block_scan(const unsigned *in, unsigned *out)
{
	__shared__ unsigned buf[4 * 48];
	__shared__ unsigned totals[48];
	unsigned t = threadIdx.x, lane = t % 32, w = t / 32, g = blockIdx.x * blockDim.x + t;
	unsigned x = warp_scan_padded(buf, w * 48, lane, in[g]);

	if (lane == 31)
		totals[16 + w] = x;
	__syncthreads();
	if (w == 0) {
		unsigned tot = lane < blockDim.x / 32 ? totals[16 + lane] : 0u;

		warp_scan_padded(totals, 0, lane, tot);
	}
	__syncthreads();
	out[g] = x + (w ? totals[16 + w - 1] : 0u);
}

int main()
{
	const unsigned n = 1000, bs = 128, nb = (n + bs - 1) / bs, sn = nb * bs;
	unsigned *h_in = (unsigned *)malloc(sn * sizeof(unsigned)), *h_out = (unsigned *)malloc(sn * sizeof(unsigned));
	unsigned h_sums[nb], s = 11, bad = 0;
	unsigned *d_in, *d_sums, *d_out;

	for (unsigned i = 0; i < sn; i++) {
		s = s * 1103515245u + 12345u;
		h_in[i] = s >> 20;
	}
	cudaMalloc(&d_in, sn * sizeof(unsigned));
	cudaMalloc(&d_out, sn * sizeof(unsigned));
	cudaMalloc(&d_sums, nb * sizeof(unsigned));
	cudaMemcpy(d_in, h_in, sn * sizeof(unsigned), cudaMemcpyHostToDevice);
	chained_sums<bs><<<nb, bs>>>(d_in, d_sums, n);
	block_scan<<<4, bs>>>(d_in, d_out);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(h_sums, d_sums, sizeof(h_sums), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_out, d_out, sn * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (unsigned b = 0; b < nb; b++) {
		unsigned want = 0;

		for (unsigned i = b * bs; i < (b + 1) * bs && i < n; i++)
			want += h_in[i];
		if (h_sums[b] != want) {
			printf("block %u: sum %u, want %u\n", b, h_sums[b], want);
			bad++;
		}
	}
	for (unsigned b = 0; b < 4; b++) {
		unsigned run = 0;

		for (unsigned i = b * bs; i < (b + 1) * bs; i++) {
			run += h_in[i];
			if (h_out[i] != run) {
				if (bad < 8)
					printf("scan %u: %u, want %u\n", i, h_out[i], run);
				bad++;
			}
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_sums);
	free(h_in);
	free(h_out);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
