// Guards that fix a thread index modulo a constant (issue 40; lib/cc/guard.c):
// `if (lane == 0) sums[warp] = v;`, `if (i % 3 == r && i < n)` -- the thread
// loop steps over one residue instead of testing every thread.  A whole
// program with its own check: which elements each kernel wrote (a sentinel
// everywhere else) and the block sums' float bits, against a host model, on
// full, partial and 2-D blocks; residues past the divisor, negative ones
// and negative bases (C's % of a negative index: the step is not taken,
// the guard decides alone).  Also built by nvcc -arch=sm_90.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define SENTINEL -7

// the two-level shuffle block sum (CUDA samples' and HeCBench's form)
__global__ void block_sum(const float *in, float *out, float *warp_out)
{
	__shared__ float warp_sums[32];
	unsigned tid = threadIdx.x;
	float v = in[blockIdx.x * blockDim.x + tid];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (tid % 32 == 0) {
		warp_sums[tid / 32] = v;
		warp_out[blockIdx.x * 32 + tid / 32] = v;
	}
	__syncthreads();
	v = tid % 32 < (blockDim.x + 31) / 32 ? warp_sums[tid % 32] : 0.0f;
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (tid == 0)
		out[blockIdx.x] = v;
}

// a residue that is a parameter, a global index, a bound beside it
__global__ void residue(const int *in, int *out, int m3, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i % 3 == m3 && i < n)
		out[i] = in[i] + 1;
}

// the lane by a mask, on a 2-D block: threadIdx.x's residue (not the linear lane)
__global__ void mask_lane(const int *in, int *out, int r)
{
	int lane = threadIdx.x & 7;
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	int v = in[i] * 2;

	if (lane == r)
		out[i] = v;
}

// unsigned: a residue of -1 converts to 4294967295, which no thread has
__global__ void unsigned_lane(const int *in, int *out, int r)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i % 32u == (unsigned)r)
		out[i] = in[i] - 1;
}

// a base that can be negative: -5 % 4 is -1 in C, so the step is not taken
// there (the guard decides alone); w is the residue wanted, -1 or 1
__global__ void signed_base(const int *in, int *out, int off, int w)
{
	int j = threadIdx.x + off;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (j % 4 == w && i < 100)
		out[i] = in[i] + 3;
}

// a lane index and a warp index, contiguous only warp by warp (the x loop
// then runs in chunks from multiples of 32), between a lower and an upper
// bound that cut chunks, on blocks of 200 threads (a partial last chunk)
__global__ void lane_lut(const int *lut, int *out, unsigned lo, unsigned n)
{
	unsigned tid = threadIdx.x;

	if (tid >= lo && tid < n)
		out[blockIdx.x * blockDim.x + tid] = lut[tid % 32] * 100 + lut[32 + (tid >> 5)];
}

static int bad;

static void expect(const char *what, int i, int got, int want)
{
	if (got != want && bad++ < 10)
		printf("%s: element %d is %d, want %d\n", what, i, got, want);
}

/* launch k with its out[] all SENTINEL, bring out[] back into h */
static void run_int(void (*k)(const int *, int *, int, int), const int *din, int *dout, int *h, int n, int a, int c)
{
	for (int i = 0; i < n; i++)
		h[i] = SENTINEL;
	cudaMemcpy(dout, h, n * sizeof(int), cudaMemcpyHostToDevice);
	k(din, dout, a, c);
	cudaMemcpy(h, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
}

static void mask_lane3(const int *in, int *out, int r, int)
{
	mask_lane<<<3, dim3(12, 5)>>>(in, out, r);
}

static void unsigned_lane2(const int *in, int *out, int r, int)
{
	unsigned_lane<<<2, 80>>>(in, out, r);
}

static void lane_lut_launch(const int *in, int *out, int lo, int n)
{
	lane_lut<<<3, 200>>>(in, out, (unsigned)lo, (unsigned)n);
}

static void residue_launch(const int *in, int *out, int m3, int n)
{
	residue<<<3, 100>>>(in, out, m3, n);
}

static void signed_launch(const int *in, int *out, int off, int w)
{
	signed_base<<<2, 64>>>(in, out, off, w);
}

int main()
{
	const int n = 1024;
	int *hin = new int[n], *h = new int[n], *din, *dout;
	float *fin = new float[n], *fout = new float[64], *wout = new float[64 * 32], *dfin, *dfout, *dwout;

	for (int i = 0; i < n; i++) {
		hin[i] = (i * 37 + 11) % 100;
		fin[i] = 1.0f / (float)(i % 97 + 1) + (float)(i % 13) * 1e-3f;
	}
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMalloc(&dfin, n * sizeof(float));
	cudaMalloc(&dfout, 64 * sizeof(float));
	cudaMalloc(&dwout, 64 * 32 * sizeof(float));
	cudaMemcpy(din, hin, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dfin, fin, n * sizeof(float), cudaMemcpyHostToDevice);

	// block sums: 256, 96 and 80 threads (a partial warp: its absent lanes give the lane its own value)
	const int sizes[] = { 256, 96, 80 };
	for (int s = 0; s < 3; s++) {
		int bs = sizes[s], nb = n / 256;
		cudaMemset(dwout, 0, 64 * 32 * sizeof(float));
		block_sum<<<nb, bs>>>(dfin, dfout, dwout);
		cudaMemcpy(fout, dfout, nb * sizeof(float), cudaMemcpyDeviceToHost);
		cudaMemcpy(wout, dwout, nb * 32 * sizeof(float), cudaMemcpyDeviceToHost);
		for (int b = 0; b < nb; b++) {
			float lv[32], ws[32];
			int nw = (bs + 31) / 32;
			for (int w = 0; w < nw; w++) {	// lane 0's value of the tree, as the shuffles give it
				for (int l = 0; l < 32; l++)
					lv[l] = w * 32 + l < bs ? fin[b * bs + w * 32 + l] : 0.0f;
				for (int o = 16; o > 0; o /= 2)
					for (int l = 0; l < 32; l++)
						if (w * 32 + l < bs)
							lv[l] += l + o < 32 && w * 32 + l + o < bs ? lv[l + o] : lv[l];
				ws[w] = lv[0];
				float got = wout[b * 32 + w];
				if (memcmp(&got, &ws[w], sizeof(float)) && bad++ < 10)
					printf("block %d of %d warp %d: %a, want %a\n", b, bs, w, got, ws[w]);
			}
			for (int l = 0; l < 32; l++)
				lv[l] = l < nw ? ws[l] : 0.0f;
			for (int o = 16; o > 0; o /= 2)
				for (int l = 0; l < 32 && l < bs; l++)
					lv[l] += l + o < 32 && l + o < bs ? lv[l + o] : lv[l];
			if (memcmp(&fout[b], &lv[0], sizeof(float)) && bad++ < 10)
				printf("block %d of %d: sum %a, want %a\n", b, bs, fout[b], lv[0]);
		}
	}

	// residues 0..2, a negative one and one past the divisor; n cuts the last block
	for (int m3 = -1; m3 <= 3; m3++) {
		run_int(residue_launch, din, dout, h, n, m3, 250);
		for (int i = 0; i < 300; i++)
			expect("residue", i, h[i], i % 3 == m3 && i < 250 ? hin[i] + 1 : SENTINEL);
	}
	for (int r = -1; r <= 8; r += 3) {
		run_int(mask_lane3, din, dout, h, n, r, 0);
		for (int i = 0; i < 3 * 60; i++)
			expect("mask_lane", i, h[i], (i % 12 & 7) == r ? hin[i] * 2 : SENTINEL);
	}
	for (int r = -1; r <= 31; r += 16) {
		run_int(unsigned_lane2, din, dout, h, n, r, 0);
		for (int i = 0; i < 160; i++)
			expect("unsigned_lane", i, h[i], (unsigned)i % 32u == (unsigned)r ? hin[i] - 1 : SENTINEL);
	}
	for (int off = -5; off <= 3; off += 4)
		for (int w = -1; w <= 1; w += 2) {
			run_int(signed_launch, din, dout, h, n, off, w);
			for (int i = 0; i < 128; i++)
				expect("signed_base", i, h[i], (i % 64 + off) % 4 == w && i < 100 ? hin[i] + 3 : SENTINEL);
		}
	for (int lo = 0; lo <= 37; lo += 37)
		for (int top = 190; top <= 200; top += 10) {
			run_int(lane_lut_launch, din, dout, h, n, lo, top);
			for (int i = 0; i < 600; i++) {
				int t = i % 200;
				expect("lane_lut", i, h[i], t >= lo && t < top ? hin[t % 32] * 100 + hin[32 + t / 32] : SENTINEL);
			}
		}
	cudaFree(din);
	cudaFree(dout);
	cudaFree(dfin);
	cudaFree(dfout);
	cudaFree(dwout);
	delete[] hin;
	delete[] h;
	delete[] fin;
	delete[] fout;
	delete[] wout;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
