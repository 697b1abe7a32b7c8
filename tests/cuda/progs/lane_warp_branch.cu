// Warp operations under conditions the same across each warp but not the
// block, in the style of public code: the two-level block reduction (each
// warp's sum by shuffles, the warps' sums in shared memory, the first warp
// sums those under `if (wid == 0)`), `if (threadIdx.x < 32)` tails with
// __reduce_add_sync, even and odd warps taking different branches, 2-D
// blocks branching on threadIdx.y (rows of 16: half a warp takes the
// branch), a pass loop with barriers around such a branch.  As fibers these
// run one fiber per warp where blockDim.x % 32 == 0 (the warp takes or
// skips the branch as a whole) and a fiber per thread in blocks of other
// shapes (48 threads; 16x4), chosen at launch (lib/cc/lane_plan.c,
// lane_warp_cond.c).  Built as lane loops and as a fiber per thread by
// lib/cc/Makefile check-fibers, each under every schedule order and 1/2
// workers; every result is checked against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(x)                                                                          \
	do {                                                                              \
		cudaError_t e_ = (x);                                                     \
		if (e_ != cudaSuccess) {                                                  \
			printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			exit(1);                                                          \
		}                                                                         \
	} while (0)

#define FULL_MASK 0xffffffffu

// sum of each block: shuffles in every warp, then the first warp sums the warps' sums
__global__ void block_sum(const int *in, int *out, int n)
{
	__shared__ int partial[32];
	int tid = threadIdx.x;
	int lane = tid % 32;
	int wid = tid / 32;
	int i = blockIdx.x * blockDim.x + tid;
	int v = i < n ? in[i] : 0;

	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(FULL_MASK, v, offset);
	if (lane == 0)
		partial[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < (int)(blockDim.x / 32) ? partial[lane] : 0;
		for (int offset = 16; offset > 0; offset /= 2)
			v += __shfl_down_sync(FULL_MASK, v, offset);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

// the first warp folds the block's shared array and reduces it (rows of 32 or 48 threads)
__global__ void first_warp_tail(const int *in, int *out)
{
	__shared__ int s[64];
	unsigned t = threadIdx.x;

	s[t] = in[blockIdx.x * blockDim.x + t];
	if (t + blockDim.x < 64)
		s[t + blockDim.x] = 0;
	__syncthreads();
	if (threadIdx.x < 32) {
		int v = s[t] + s[t + 32];
		v = __reduce_add_sync(FULL_MASK, v);
		if (t == 0)
			out[blockIdx.x] = v;
	}
}

// even warps keep their maximum, odd warps their minimum; a lane's own value stays in x
__global__ void even_odd(const int *in, int *out)
{
	const int warp = threadIdx.x >> 5;
	unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
	int x = in[gid];
	int r = x;

	if (warp % 2 == 0) {
		r = __reduce_max_sync(FULL_MASK, r);
	} else {
		r = __reduce_min_sync(FULL_MASK, r);
		r = -r;
	}
	if (gid / 32 % 3 == 1) {
		unsigned big = __ballot_sync(FULL_MASK, x > 0);
		r += __popc(big);
	}
	out[gid] = r * 2 + (x & 1);
}

// a 2-D block: the rows with y < 2 sum each warp's values, the others copy theirs
__global__ void rows(const int *in, int *out)
{
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	int v = in[i];

	if (threadIdx.y < 2) {
		v = __reduce_add_sync(FULL_MASK, v);
	}
	out[i] = v;
}

// the first row of each block sums its values with the mask the host gives: the whole warp
// in rows of 32, lanes 0-15 in rows of 16 (where the warp's other half, row 1, skips the branch)
__global__ void first_row(const int *in, int *out, unsigned mask)
{
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	int v = in[i];

	if (threadIdx.y == 0) {
		v = __reduce_add_sync(mask, v);
	}
	out[i] = v;
}

// passes with barriers around a branch the first two warps take
__global__ void passes(const int *in, int *out)
{
	__shared__ int s[128];
	__shared__ int sums[4];
	int t = threadIdx.x;

	for (int pass = 0; pass < 2; pass++) {
		s[t] = in[(blockIdx.x * 2 + pass) * 128 + t];
		__syncthreads();
		if (t < 64) {
			int v = s[t] + s[t + 64];

			v = __reduce_add_sync(FULL_MASK, v);
			if ((t & 31) == 0)
				sums[pass * 2 + t / 32] = v;
		}
		__syncthreads();
	}
	if (t < 4)
		out[blockIdx.x * 4 + t] = sums[t];
}

static int failures;

static void expect(const char *what, bool ok)
{
	if (!ok && failures++ < 10)
		printf("%s: wrong result\n", what);
}

int main()
{
	const int n = 4096;
	int *h = (int *)malloc(sizeof(int) * n), *g = (int *)malloc(sizeof(int) * n);
	int *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101 - 50;
	CHECK(cudaMalloc(&d_in, sizeof(int) * n));
	CHECK(cudaMalloc(&d_out, sizeof(int) * n));
	CHECK(cudaMemcpy(d_in, h, sizeof(int) * n, cudaMemcpyHostToDevice));

	// 256 threads (lane loops) and 96 (lane loops, 3 warps); n not a multiple of either
	for (int bs = 256; bs >= 96; bs -= 160) {
		int m = 3000, nb = (m + bs - 1) / bs;

		block_sum<<<nb, bs>>>(d_in, d_out, m);
		CHECK(cudaMemcpy(g, d_out, sizeof(int) * nb, cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++) {
			int want = 0;

			for (int i = b * bs; i < (b + 1) * bs && i < m; i++)
				want += h[i];
			expect("block_sum", g[b] == want);
		}
	}

	// 32 threads (lane loops) and 48 (not whole warps: a fiber per thread)
	for (int bs = 32; bs <= 48; bs += 16) {
		int nb = 20;

		first_warp_tail<<<nb, bs>>>(d_in, d_out);
		CHECK(cudaMemcpy(g, d_out, sizeof(int) * nb, cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++) {
			int want = 0;

			for (int t = 0; t < bs; t++)
				want += h[b * bs + t];
			expect("first_warp_tail", g[b] == want);
		}
	}

	even_odd<<<n / 128, 128>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost));
	for (int w = 0; w < n / 32; w++) {
		int hi = -1000, lo = 1000, pos = 0;

		for (int l = 0; l < 32; l++) {
			int x = h[w * 32 + l];

			hi = x > hi ? x : hi;
			lo = x < lo ? x : lo;
			pos += x > 0;
		}
		for (int l = 0; l < 32; l++) {
			int x = h[w * 32 + l], r = (w % 4) % 2 == 0 ? hi : -lo;

			if (w % 3 == 1)
				r += pos;
			expect("even_odd", g[w * 32 + l] == r * 2 + (x & 1));
		}
	}

	// 32x4 (lane loops) and 16x4 (rows of half a warp: a fiber per thread)
	for (int bx = 32; bx >= 16; bx -= 16) {
		int nb = 8;

		rows<<<nb, dim3(bx, 4)>>>(d_in, d_out);
		CHECK(cudaMemcpy(g, d_out, sizeof(int) * nb * bx * 4, cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++)
			for (int w = 0; w < bx * 4 / 32; w++) {
				int base = b * bx * 4 + w * 32, sum = 0;

				for (int l = 0; l < 32; l++)
					sum += h[base + l];
				for (int l = 0; l < 32; l++) {
					int y = (w * 32 + l) / bx;

					expect("rows", g[base + l] == (y < 2 ? sum : h[base + l]));
				}
			}
	}

	for (int bx = 32; bx >= 16; bx -= 16) {
		int nb = 8, ny = 4;

		first_row<<<nb, dim3(bx, ny)>>>(d_in, d_out, bx == 32 ? FULL_MASK : 0xffffu);
		CHECK(cudaMemcpy(g, d_out, sizeof(int) * nb * bx * ny, cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++) {
			int base = b * bx * ny, sum = 0;

			for (int x = 0; x < bx; x++)
				sum += h[base + x];
			for (int j = 0; j < bx * ny; j++)
				expect("first_row", g[base + j] == (j < bx ? sum : h[base + j]));
		}
	}

	passes<<<8, 128>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * 32, cudaMemcpyDeviceToHost));
	for (int b = 0; b < 8; b++)
		for (int k = 0; k < 4; k++) {
			int base = (b * 2 + k / 2) * 128 + (k % 2) * 32, want = 0;

			for (int l = 0; l < 32; l++)
				want += h[base + l] + h[base + l + 64];
			expect("passes", g[b * 4 + k] == want);
		}

	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	free(h);
	free(g);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
