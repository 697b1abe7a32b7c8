// Warp operations spelled by function-like macros, in the style of public
// code (HeCBench shuffle: `#define __shfl(v, d) __shfl_sync(0xffffffff, v,
// d)`, then `int out_v = __shfl(value, 0);` and `value += __shfl_xor(value,
// mask);`): broadcasts from lane 0 in 1-D and 2-D blocks, an xor butterfly,
// a two-level block sum whose shuffle steps are a macro, a ballot through a
// macro, a row of a 2-D block under `if (threadIdx.y == 0)`.  As fibers
// these run one fiber per warp with the macro's call kept in the text
// (lib/cc/lane_macro.c), and a fiber per thread where the lane form would
// not be exact (16x4 blocks under the row branch).  Built as lane loops, as
// a fiber per thread, in auto mode and forced to loop fission (the macros'
// invocations written out, lib/cc/macro_warp_expand.c; refused before: "a
// warp-level function inside a macro expansion is not supported") by
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
#define __shfl(v, d) __shfl_sync(0xffffffff, v, d)
#define __shfl_xor(v, d) __shfl_xor_sync(0xffffffff, v, d)
#define WARP_DOWN(v, o) __shfl_down_sync(FULL_MASK, v, o)
#define BALLOT(p) __ballot_sync(FULL_MASK, (p))
#define SHFL_XOR_ROW(m, v, d) __shfl_xor_sync(m, v, d, 16)

// every lane gets lane 0's value (linear ids: 2-D blocks too)
__global__ void bcast(const int arg, int *out)
{
	int tid = threadIdx.y * blockDim.x + threadIdx.x;
	int value = ((tid & 0x1f) == 0) ? arg + tid : 0;
	int out_v = __shfl(value, 0);
	size_t oi = (size_t)blockDim.x * blockDim.y * blockIdx.x + tid;
	out[oi] = out_v;
}

// each warp's sum by an xor butterfly, in every lane
__global__ void butterfly(const int *in, int *out)
{
	size_t i = (size_t)blockDim.x * blockDim.y * blockIdx.x + threadIdx.y * blockDim.x + threadIdx.x;
	int value = in[i];
	for (int mask = 1; mask < 32; mask *= 2)
		value += __shfl_xor(value, mask);
	out[i] = value;
}

// the block's sum: each warp's by shuffles, then the first warp sums the warps' sums
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int partial[32];
	int lane = threadIdx.x % 32;
	int wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	for (int offset = 16; offset > 0; offset /= 2)
		v += WARP_DOWN(v, offset);
	if (lane == 0)
		partial[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < (int)(blockDim.x / 32) ? partial[lane] : 0;
		for (int offset = 16; offset > 0; offset /= 2)
			v += WARP_DOWN(v, offset);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

// how many of each warp's values are positive
__global__ void positives(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned b = BALLOT(in[i] > 0);
	if ((threadIdx.x & 31) == 0)
		out[i / 32] = __popc(b);
}

// the first row of each block swaps pairs' sums (rows of 16: half a warp)
__global__ void first_row(const int *in, int *out, unsigned mask)
{
	unsigned gid = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
	int v = in[gid];

	if (threadIdx.y == 0) {
		v += SHFL_XOR_ROW(mask, v, 1);
	}
	out[gid] = v;
}

static int failures;

static void expect(const char *what, const int *got, const int *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: [%d] = %d, want %d\n", what, i, got[i], want[i]);
			failures++;
			return;
		}
}

int main()
{
	const int n = 1024;
	int *in = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
	int *want = (int *)malloc(n * sizeof(int));
	int *d_in, *d_out;
	char what[80];

	for (int i = 0; i < n; i++)
		in[i] = (i * 37) % 19 - 9;
	CHECK(cudaMalloc(&d_in, n * sizeof(int)));
	CHECK(cudaMalloc(&d_out, n * sizeof(int)));
	CHECK(cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice));

	// broadcasts: 32, 48, 96, 256 threads and 16x4
	const dim3 shapes[] = {dim3(32), dim3(48), dim3(96), dim3(256), dim3(16, 4)};
	for (const dim3 &b : shapes) {
		int bs = b.x * b.y, nb = 3, tot = bs * nb;
		bcast<<<nb, b>>>(7, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, tot * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < tot; i++)
			want[i] = 7 + ((i % bs) & ~31);
		snprintf(what, sizeof(what), "bcast %ux%u", b.x, b.y);
		expect(what, got, want, tot);
	}

	// butterflies: whole warps (32, 96, 256, 32x2)
	const dim3 whole[] = {dim3(32), dim3(96), dim3(256), dim3(32, 2)};
	for (const dim3 &b : whole) {
		int bs = b.x * b.y, nb = n / bs / 2, tot = bs * nb;
		butterfly<<<nb, b>>>(d_in, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, tot * sizeof(int), cudaMemcpyDeviceToHost));
		for (int w = 0; w < tot / 32; w++) {
			int s = 0;
			for (int l = 0; l < 32; l++)
				s += in[w * 32 + l];
			for (int l = 0; l < 32; l++)
				want[w * 32 + l] = s;
		}
		snprintf(what, sizeof(what), "butterfly %ux%u", b.x, b.y);
		expect(what, got, want, tot);
	}

	// block sums: 96 and 256 threads
	const int sums[] = {96, 256};
	for (int bs : sums) {
		int nb = n / bs;
		block_sum<<<nb, bs>>>(d_in, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, nb * sizeof(int), cudaMemcpyDeviceToHost));
		for (int k = 0; k < nb; k++) {
			want[k] = 0;
			for (int t = 0; t < bs; t++)
				want[k] += in[k * bs + t];
		}
		snprintf(what, sizeof(what), "block_sum %d", bs);
		expect(what, got, want, nb);
	}

	// ballots: 96 and 256 threads
	for (int bs : sums) {
		int nb = n / bs, nw = nb * bs / 32;
		positives<<<nb, bs>>>(d_in, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, nw * sizeof(int), cudaMemcpyDeviceToHost));
		for (int w = 0; w < nw; w++) {
			want[w] = 0;
			for (int l = 0; l < 32; l++)
				want[w] += in[w * 32 + l] > 0;
		}
		snprintf(what, sizeof(what), "positives %d", bs);
		expect(what, got, want, nw);
	}

	// the first row: 32x4 (a whole warp) and 16x4 (half a warp, mask 0xffff)
	const int widths[] = {32, 16};
	for (int bx : widths) {
		int bs = bx * 4, nb = 4, tot = bs * nb;
		first_row<<<nb, dim3(bx, 4)>>>(d_in, d_out, bx == 32 ? FULL_MASK : 0xffffu);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, tot * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < tot; i++)
			want[i] = (i % bs) < bx ? in[i] + in[i ^ 1] : in[i];
		snprintf(what, sizeof(what), "first_row %dx4", bx);
		expect(what, got, want, tot);
	}

	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	free(in);
	free(got);
	free(want);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
