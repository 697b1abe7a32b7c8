// The two-level shuffle block sum (each warp's tree, lane 0's sums through
// __shared__ memory, warp 0's tree of them, thread 0's use), which
// idxgen-cc runs in a 1-D block as one computation per block
// (lib/cc/warp_block_sum.c, issue 40), and as the statements are written
// in any other block.  Every block's sum is checked against a host model
// of the warp's shuffles (a source lane out of range gives the caller's own
// value; the reload takes lanes below blockDim.x / 32, so a partial last
// warp's sum is left out, as the program says), floats bit for bit (the
// model adds in the trees' order): 1-D blocks of 1024, 256, 100, 64, 33, 32
// and 1 threads, and 2-D blocks (rows load the same elements, so their
// stores to the same slots agree).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define BLOCKS 5
#define MAXT 1024

__device__ int warp_sum(int v)
{
	for (int off = warpSize / 2; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

__device__ float warp_sumf(float v)
{
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

// the public form: helpers, lane and warp locals, warp 0's tree predicated
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / warpSize ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

// lane 0's form written out, the second tree in every warp
__global__ void lane0_form(const int *in, int *out)
{
	__shared__ int warp_sums[32];
	unsigned tid = threadIdx.x;
	int v = in[blockIdx.x * blockDim.x + tid];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (tid % 32 == 0)
		warp_sums[tid / 32] = v;
	__syncthreads();
	v = tid % 32 < blockDim.x / 32 ? warp_sums[tid % 32] : 0;
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (tid == 0)
		out[blockIdx.x] = v;
}

// floats: the same adds in the same order; a nonzero value past the warps
__global__ void float_sum(const float *in, float *out)
{
	__shared__ float part[32];
	int lane = threadIdx.x & 31;
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sumf(v);
	if (!lane)
		part[threadIdx.x >> 5] = v;
	__syncthreads();
	v = (threadIdx.x < (blockDim.x >> 5)) ? part[threadIdx.x] : 0.25f;
	if (threadIdx.x < 32) {
		v = warp_sumf(v);
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

// ---- the host's model: one warp's shuffle-down tree over its n lanes ----
template <typename T> static void h_tree(T *v, int n)
{
	for (int off = 16; off > 0; off >>= 1) {
		T o[32];
		for (int l = 0; l < n; l++)
			o[l] = v[l] + (l + off < n ? v[l + off] : v[l]);
		for (int l = 0; l < n; l++)
			v[l] = o[l];
	}
}

// The block's sum as the program computes it: row r of a 2-D block loads
// the elements of x = 0 .. bx - 1 (the index ignores threadIdx.y), so
// every warp's sum is one of row 0's (bx a multiple of 32 there).
template <typename T> static T h_block(const T *in, int bx, int nthreads, T zero)
{
	T v[MAXT], sums[32], w2[32];
	int nw = (nthreads + 31) / 32;

	for (int i = 0; i < nthreads; i++)
		v[i] = in[i % bx];
	for (int w = 0; w < nw; w++) {
		h_tree(v + 32 * w, nthreads - 32 * w < 32 ? nthreads - 32 * w : 32);
		sums[(32 * w) % bx / 32] = v[32 * w];
	}
	for (int l = 0; l < 32; l++)
		w2[l] = l < bx / 32 ? sums[l] : zero;
	h_tree(w2, nthreads < 32 ? nthreads : 32);
	return w2[0];
}

static int check(const char *name, const void *got, const void *want, int n, size_t size)
{
	int wrong = 0;

	for (int i = 0; i < n; i++)
		if (memcmp((const char *)got + i * size, (const char *)want + i * size, size) && wrong++ < 3)
			printf("%s: block %d differs\n", name, i);
	printf("%s: %d of %d wrong\n", name, wrong, n);
	return wrong != 0;
}

int main()
{
	static int in[BLOCKS * MAXT], out[BLOCKS], want[BLOCKS];
	static float fin[BLOCKS * MAXT], fout[BLOCKS], fwant[BLOCKS];
	const int shapes[][2] = {{1024, 1}, {256, 1}, {100, 1}, {64, 1}, {33, 1}, {32, 1}, {1, 1}, {64, 2}, {32, 3}};
	int *d_in, *d_out, bad = 0, passed = 0;
	float *d_fin, *d_fout;

	for (int i = 0; i < BLOCKS * MAXT; i++) {
		in[i] = (i * 37 + 11) % 101 - 50;
		fin[i] = (float)((i * 7919) % 2001 - 1000) * (float)(1 << (i % 20)) / 4096.0f;
	}
	cudaMalloc(&d_in, sizeof(in));
	cudaMalloc(&d_out, sizeof(out));
	cudaMalloc(&d_fin, sizeof(fin));
	cudaMalloc(&d_fout, sizeof(fout));
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
	cudaMemcpy(d_fin, fin, sizeof(fin), cudaMemcpyHostToDevice);
	for (const auto &sh : shapes) {
		const int bx = sh[0], by = sh[1], t = bx * by;
		dim3 block(bx, by);
		char name[64];
		int r;

		for (int k = 0; k < 2; k++) {
			cudaMemset(d_out, 0, sizeof(out));
			if (k == 0)
				block_sum<<<BLOCKS, block>>>(d_in, d_out);
			else
				lane0_form<<<BLOCKS, block>>>(d_in, d_out);
			cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
			for (int b = 0; b < BLOCKS; b++)
				want[b] = h_block(in + b * bx, bx, t, 0);
			snprintf(name, sizeof(name), "%s %dx%d", k ? "lane0_form" : "block_sum", bx, by);
			r = check(name, out, want, BLOCKS, sizeof(int));
			bad += r, passed += !r;
		}
		cudaMemset(d_fout, 0, sizeof(fout));
		float_sum<<<BLOCKS, block>>>(d_fin, d_fout);
		cudaMemcpy(fout, d_fout, sizeof(fout), cudaMemcpyDeviceToHost);
		for (int b = 0; b < BLOCKS; b++)
			fwant[b] = h_block(fin + b * bx, bx, t, 0.25f);
		snprintf(name, sizeof(name), "float_sum %dx%d", bx, by);
		r = check(name, fout, fwant, BLOCKS, sizeof(float));
		bad += r, passed += !r;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_fin);
	cudaFree(d_fout);
	printf("%d passed, %d failed\n", passed, bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
