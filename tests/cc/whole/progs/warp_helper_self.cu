// Warp helpers that return their one parameter (`v = warp_sum(v);`,
// `int s = warp_sum(x);`), which idxgen-cc inlines onto the caller's
// variable itself (lib/cc/warp_inline_self.c, issue 40), so that the
// shuffle tree's lane-0 form (only the lanes lane 0's value depends on)
// applies where only lane 0 reads the result: also in a predicated body
// (`if (wid == 0) v = warp_sum(v);`) and where lanes returned.  Every value
// is checked against a host model of the warp's shuffles (a source lane
// out of range or absent gives the caller's own value, lib/cc/README.md
// "Warps"), floats bit for bit (the model adds in the tree's order).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define BLOCKS 6
#define MAXT 256

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

// a helper that does not return its parameter: inlined the general way
__device__ int warp_sum_plus(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v + 1;
}

// the public block sum: lane 0's sums through shared memory, warp 0's tree predicated
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

// a declaration takes the result; the argument an expression
__global__ void decl_form(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x, x = in[g];
	int s = warp_sum(x * 3 - 1);

	if ((threadIdx.x & 31) == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = s;
}

// floats: the same adds in the same order, bit for bit
__global__ void float_form(const float *in, float *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	float v = in[g];

	v = warp_sumf(v);
	if (threadIdx.x % 32 == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = v;
}

// lane 0 of the warps the predicate leaves out reads its own, old value
__global__ void pred_old(const int *in, int *out)
{
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	if (wid == 1)
		v = warp_sum(v);
	if (lane == 0)
		out[blockIdx.x * 8 + wid] = v;
}

// lanes that returned are absent: their sources give the caller's own value
__global__ void returned(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	if (v % 7 == 3)
		return;
	v = warp_sum(v);
	if (threadIdx.x % 32 == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = v;
}

// every lane reads the result after the helper: the tree in full
__global__ void all_read(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	v = warp_sum(v);
	out[g] = v;
}

// not the in-place form: the result plus one
__global__ void plus_form(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	v = warp_sum_plus(v);
	if (threadIdx.x % 32 == 0)
		out[blockIdx.x * 8 + threadIdx.x / 32] = v;
}

// ---- the host's model: one warp's shuffle-down tree over its present lanes ----
template <typename T> static void h_tree(T *v, const bool *present, int n)
{
	for (int off = 16; off > 0; off >>= 1) {
		T o[32];
		for (int l = 0; l < n; l++) {
			bool src = l + off < n && present[l + off];
			o[l] = v[l] + (src ? v[l + off] : v[l]);
		}
		for (int l = 0; l < n; l++)
			if (present[l])
				v[l] = o[l];
	}
}

static int check(const char *name, const void *got, const void *want, int n, size_t size)
{
	int wrong = 0;

	for (int i = 0; i < n; i++)
		if (memcmp((const char *)got + i * size, (const char *)want + i * size, size) && wrong++ < 3)
			printf("%s: element %d differs\n", name, i);
	printf("%s: %d of %d wrong\n", name, wrong, n);
	return wrong != 0;
}

int main()
{
	static int in[BLOCKS * MAXT], out[BLOCKS * MAXT], want[BLOCKS * MAXT];
	static float fin[BLOCKS * MAXT], fout[BLOCKS * MAXT], fwant[BLOCKS * MAXT];
	const int sizes[] = {256, 100, 64, 32};
	int *d_in, *d_out, bad = 0, passed = 0;
	float *d_fin, *d_fout;
	bool all[32];

	for (int l = 0; l < 32; l++)
		all[l] = true;
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
	for (int si = 0; si < 4; si++) {
		const int t = sizes[si], n = BLOCKS * t, nw = (t + 31) / 32;
		char name[64];
		int r;

		// block_sum
		cudaMemset(d_out, 0, sizeof(out));
		block_sum<<<BLOCKS, t>>>(d_in, d_out);
		cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
		for (int b = 0; b < BLOCKS; b++) {
			int v[MAXT], sums[32] = {0}, w2[32];
			for (int i = 0; i < t; i++)
				v[i] = in[b * t + i];
			for (int w = 0; w < nw; w++) {
				h_tree(v + 32 * w, all, t - 32 * w < 32 ? t - 32 * w : 32);
				sums[w] = v[32 * w];
			}
			for (int l = 0; l < 32; l++)
				w2[l] = l < t / 32 ? sums[l] : 0;
			h_tree(w2, all, t < 32 ? t : 32);
			want[b] = w2[0];
		}
		snprintf(name, sizeof(name), "block_sum %d", t);
		r = check(name, out, want, BLOCKS, sizeof(int));
		bad += r, passed += !r;

		// decl_form, plus_form, returned, all_read (blocks of whole warps only where lane 0 is read)
		for (int k = 0; k < 4; k++) {
			cudaMemset(d_out, 0xff, sizeof(out));
			if (k == 0)
				decl_form<<<BLOCKS, t>>>(d_in, d_out);
			else if (k == 1)
				plus_form<<<BLOCKS, t>>>(d_in, d_out);
			else if (k == 2)
				returned<<<BLOCKS, t>>>(d_in, d_out);
			else
				all_read<<<BLOCKS, t>>>(d_in, d_out);
			cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
			memset(want, 0xff, sizeof(want));
			for (int b = 0; b < BLOCKS; b++)
				for (int w = 0; w < nw; w++) {
					int base = b * t + 32 * w, m = t - 32 * w < 32 ? t - 32 * w : 32, v[32];
					bool present[32];
					for (int l = 0; l < m; l++) {
						v[l] = k == 0 ? in[base + l] * 3 - 1 : in[base + l];
						present[l] = k != 2 || in[base + l] % 7 != 3;
					}
					h_tree(v, present, m);
					if (k == 3) {
						for (int l = 0; l < m; l++)
							want[base + l] = v[l];
					} else if (present[0]) {
						want[b * 8 + w] = v[0] + (k == 1);
					}
				}
			const char *kn[] = {"decl_form", "plus_form", "returned", "all_read"};
			snprintf(name, sizeof(name), "%s %d", kn[k], t);
			r = check(name, out, want, k == 3 ? n : BLOCKS * 8, sizeof(int));
			bad += r, passed += !r;
		}

		// pred_old: lane 0 of warp 1 the sum, of the other warps its own value
		cudaMemset(d_out, 0xff, sizeof(out));
		pred_old<<<BLOCKS, t>>>(d_in, d_out);
		cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
		memset(want, 0xff, sizeof(want));
		for (int b = 0; b < BLOCKS; b++)
			for (int w = 0; w < nw; w++) {
				int base = b * t + 32 * w, m = t - 32 * w < 32 ? t - 32 * w : 32, v[32];
				for (int l = 0; l < m; l++)
					v[l] = in[base + l];
				if (w == 1)
					h_tree(v, all, m);
				want[b * 8 + w] = v[0];
			}
		snprintf(name, sizeof(name), "pred_old %d", t);
		r = check(name, out, want, BLOCKS * 8, sizeof(int));
		bad += r, passed += !r;

		// float_form
		cudaMemset(d_fout, 0, sizeof(fout));
		float_form<<<BLOCKS, t>>>(d_fin, d_fout);
		cudaMemcpy(fout, d_fout, sizeof(fout), cudaMemcpyDeviceToHost);
		memset(fwant, 0, sizeof(fwant));
		for (int b = 0; b < BLOCKS; b++)
			for (int w = 0; w < nw; w++) {
				int base = b * t + 32 * w, m = t - 32 * w < 32 ? t - 32 * w : 32;
				float v[32];
				for (int l = 0; l < m; l++)
					v[l] = fin[base + l];
				h_tree(v, all, m);
				fwant[b * 8 + w] = v[0];
			}
		snprintf(name, sizeof(name), "float_form %d", t);
		r = check(name, fout, fwant, BLOCKS * 8, sizeof(float));
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
