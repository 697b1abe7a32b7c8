// Warp-synchronous code in the style of older public reductions and scans:
// the last warp of a block reduction unrolled over volatile shared memory
// with no __syncwarp (the lanes of a warp were taken to run in lock step),
// a templated block size choosing the steps, and a warp-level inclusive
// scan written the same way (each lane adds the value k lanes below it).
// Each volatile store is where the lanes meet (every lane reads before any
// lane writes), so the results are those of lanes in lock step.  Checked
// against host references.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <unsigned BS> __device__ void unrolled_last_warp(volatile int *sm, unsigned t)
{
	if (BS >= 64)
		sm[t] += sm[t + 32];
	if (BS >= 32)
		sm[t] += sm[t + 16];
	if (BS >= 16)
		sm[t] += sm[t + 8];
	if (BS >= 8)
		sm[t] += sm[t + 4];
	if (BS >= 4)
		sm[t] += sm[t + 2];
	if (BS >= 2)
		sm[t] += sm[t + 1];
}

template <unsigned BS> __global__ void block_sums(const int *in, int *out, unsigned n)
{
	__shared__ int sm[BS];
	unsigned t = threadIdx.x, i = blockIdx.x * (BS * 2) + t, stride = BS * 2 * gridDim.x;
	int acc = 0;

	while (i < n) {
		acc += in[i];
		if (i + BS < n)
			acc += in[i + BS];
		i += stride;
	}
	sm[t] = acc;
	__syncthreads();
	if (BS >= 256) {
		if (t < 128)
			sm[t] += sm[t + 128];
		__syncthreads();
	}
	if (BS >= 128) {
		if (t < 64)
			sm[t] += sm[t + 64];
		__syncthreads();
	}
	if (t < 32)
		unrolled_last_warp<BS>(sm, t);
	if (t == 0)
		out[blockIdx.x] = sm[0];
}

// inclusive scan of each warp's 32 values, lanes in lock step
__global__ void warp_scans(const int *in, int *out)
{
	volatile __shared__ int buf[128];
	unsigned t = threadIdx.x, lane = t % 32, g = blockIdx.x * blockDim.x + t;

	buf[t] = in[g];
	if (lane >= 1)
		buf[t] = buf[t] + buf[t - 1];
	if (lane >= 2)
		buf[t] = buf[t] + buf[t - 2];
	if (lane >= 4)
		buf[t] = buf[t] + buf[t - 4];
	if (lane >= 8)
		buf[t] = buf[t] + buf[t - 8];
	if (lane >= 16)
		buf[t] = buf[t] + buf[t - 16];
	out[g] = buf[t];
}

int main()
{
	const unsigned n = 50021, blocks = 24;
	int *h = (int *)malloc(n * sizeof(int)), hb[blocks];
	long long want = 0;
	for (unsigned i = 0; i < n; i++) {
		h[i] = (int)(i * 2654435761u % 17u) - 8;
		want += h[i];
	}
	int *din, *dout;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);

	int bad = 0;
	block_sums<256><<<blocks, 256>>>(din, dout, n);
	cudaMemcpy(hb, dout, sizeof(hb), cudaMemcpyDeviceToHost);
	long long got = 0;
	for (unsigned b = 0; b < blocks; b++)
		got += hb[b];
	printf("block_sums<256>: %lld (want %lld)\n", got, want);
	bad += got != want;
	block_sums<64><<<blocks, 64>>>(din, dout, n);
	cudaMemcpy(hb, dout, sizeof(hb), cudaMemcpyDeviceToHost);
	got = 0;
	for (unsigned b = 0; b < blocks; b++)
		got += hb[b];
	printf("block_sums<64>: %lld (want %lld)\n", got, want);
	bad += got != want;

	enum { SB = 4, ST = 128 };
	static int hs[SB * ST];
	warp_scans<<<SB, ST>>>(din, dout);
	cudaMemcpy(hs, dout, sizeof(hs), cudaMemcpyDeviceToHost);
	int bads = 0;
	for (int w = 0; w < SB * ST / 32; w++) {
		int run = 0;
		for (int l = 0; l < 32; l++) {
			run += h[w * 32 + l];
			bads += hs[w * 32 + l] != run;
		}
	}
	printf("warp_scans: %d of %d wrong\n", bads, SB * ST);
	int ok = !bad && !bads && cudaGetLastError() == cudaSuccess;
	printf("%s\n", ok ? "PASS" : "FAIL");
	free(h);
	return ok ? 0 : 1;
}
