// Row prefix sums in chunks, each warp keeping a running total of its own
// rows: the total is read from the warp's last element after the turn's
// last barrier, and the next turn stores that element again with no barrier
// between (code written for a warp in lock step: every lane reads before
// lane 31 stores).  Blocks of 32 x 4, so the schedule order zigzag runs the
// lanes of odd warps from 31 down.  Loop fission runs the loop once per
// block and finishes the turn's last thread loop for every thread before the
// next turn's first (no meeting needed: `inline_scan` stays with it); fibers
// need the lanes to meet before the store (`helper_scan`, a fiber kernel for
// its helper's barriers; lib/cc/lockstep.c).  Each result is checked against
// a host computation.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define W 32 // a warp's row
#define ROWS 4 // warps a block
#define CHUNKS 5

// Hillis-Steele scan of each warp's row of s, block-wide barriers
__device__ void row_scan(int *s, int t, int lane)
{
	for (int off = 1; off < W; off *= 2) {
		int v = lane >= off ? s[t - off] : 0;
		__syncthreads();
		s[t] += v;
		__syncthreads();
	}
}

__global__ void inline_scan(const int *in, int *out)
{
	__shared__ int s[W * ROWS];
	const int lane = threadIdx.x, t = threadIdx.y * W + lane;
	const int *row = in + (blockIdx.x * ROWS + threadIdx.y) * W * CHUNKS;
	int *dst = out + (blockIdx.x * ROWS + threadIdx.y) * W * CHUNKS;
	int total = 0;

	for (int c = 0; c < CHUNKS; c++) {
		s[t] = row[c * W + lane];
		__syncthreads();
		for (int off = 1; off < W; off *= 2) {
			int v = lane >= off ? s[t - off] : 0;
			__syncthreads();
			s[t] += v;
			__syncthreads();
		}
		dst[c * W + lane] = s[t] + total;
		__syncthreads();
		total += s[threadIdx.y * W + W - 1];
	}
}

__global__ void helper_scan(const int *in, int *out)
{
	__shared__ int s[W * ROWS];
	const int lane = threadIdx.x, t = threadIdx.y * W + lane;
	const int *row = in + (blockIdx.x * ROWS + threadIdx.y) * W * CHUNKS;
	int *dst = out + (blockIdx.x * ROWS + threadIdx.y) * W * CHUNKS;
	int total = 0;

	for (int c = 0; c < CHUNKS; c++) {
		s[t] = row[c * W + lane];
		__syncthreads();
		row_scan(s, t, lane);
		dst[c * W + lane] = s[t] + total;
		__syncthreads();
		total += s[threadIdx.y * W + W - 1];
	}
}

int main(void)
{
	const int blocks = 3, n = blocks * ROWS * W * CHUNKS;
	int *h_in = (int *)malloc(n * sizeof(int)), *want = (int *)malloc(n * sizeof(int));
	int *got = (int *)malloc(n * sizeof(int)), *in, *out;
	const char *names[] = { "inline_scan", "helper_scan" };
	int fails = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (i * 37 + 11) % 23 - 7;
	for (int r = 0; r < blocks * ROWS; r++) {
		int acc = 0;

		for (int i = 0; i < W * CHUNKS; i++) {
			acc += h_in[r * W * CHUNKS + i];
			want[r * W * CHUNKS + i] = acc;
		}
	}
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
	for (int k = 0; k < 2; k++) {
		int bad = 0;

		cudaMemset(out, 0, n * sizeof(int));
		if (k == 0)
			inline_scan<<<blocks, dim3(W, ROWS)>>>(in, out);
		else
			helper_scan<<<blocks, dim3(W, ROWS)>>>(in, out);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%s: launch failed\n", names[k]);
			fails++;
			continue;
		}
		cudaMemcpy(got, out, n * sizeof(int), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			bad += got[i] != want[i];
		printf("%s: %d of %d values wrong\n", names[k], bad, n);
		fails += bad != 0;
	}
	cudaFree(in);
	cudaFree(out);
	free(h_in);
	free(want);
	free(got);
	printf("%d passed, %d failed\n", 2 - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails ? 1 : 0;
}
