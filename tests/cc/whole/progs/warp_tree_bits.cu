// The shuffle-tree loop run once per block (issue 40; lib/cc/warp_tree.c):
// `for (o = 16; o > 0; o /= 2) v += __shfl_down_sync(FULL, v, o);` and the
// xor butterfly become one loop per level over the block's warps, run by the
// block's leader.  Every lane must keep the value the loop gives it, bit for
// bit: float and double sums (whose result depends on the order of the adds)
// of every thread, not only lane 0's, checked against a host model of the
// shuffles level by level -- a lane reads its source if that lane is present
// (below the block's size, not returned) and in its width segment, else its
// own value -- on full warps, a partial last warp, 2-D blocks, width 16,
// threads that returned before the tree and lanes outside a predicate.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void down_float(const float *in, float *out)
{
	int lin = threadIdx.x + threadIdx.y * blockDim.x;
	int g = blockIdx.x * blockDim.x * blockDim.y + lin;
	float v = in[g];
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(FULL, v, o);
	out[g] = v;
}

__global__ void xor_double(const double *in, double *out)
{
	int lin = threadIdx.x + threadIdx.y * blockDim.x;
	int g = blockIdx.x * blockDim.x * blockDim.y + lin;
	double v = in[g];
	for (int m = warpSize / 2; m >= 1; m >>= 1)
		v = v + __shfl_xor_sync(FULL, v, m);
	out[g] = v;
}

__global__ void down_width16(const int *in, int *out)
{
	int lin = threadIdx.x + threadIdx.y * blockDim.x;
	int g = blockIdx.x * blockDim.x * blockDim.y + lin;
	int v = in[g];
	for (int o = 8; o != 0; o = o >> 1)
		v += __shfl_down_sync(FULL, v, o, 16);
	out[g] = v;
}

// a segment of BS lanes per row, its start known per instantiation (HeCBench
// simpleSpmv's `for (int i = BS >> 1; i > 0; i >>= 1) temp += __shfl_down_sync(..., temp, i, BS);`)
template <int BS>
__global__ void segment_sum(const float *in, float *out)
{
	int g = blockIdx.x * blockDim.x * blockDim.y + threadIdx.x + threadIdx.y * blockDim.x;
	float v = in[g] * 0.75f;
#pragma unroll
	for (int i = BS >> 1; i > 0; i >>= 1)
		v += __shfl_down_sync(FULL, v, i, BS);
	out[g] = v;
}

// the usual warp sum: only threadIdx.x % 32 == 0 reads the tree's value, so
// the translator computes only the lanes lane 0 depends on where that is
// lane 0 (rows of whole warps, or one row) -- every lane elsewhere
__global__ void lane0_float(const float *in, float *out)
{
	unsigned tid = threadIdx.x;
	int g = blockIdx.x * blockDim.x * blockDim.y + threadIdx.x + threadIdx.y * blockDim.x;
	float v = in[g] * 0.5f;
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(FULL, v, o);
	if (tid % 32 == 0)
		out[g] = v;
}

// under a condition of the thread (a predicate: lanes where it fails are
// absent), simpleSpmv's `if (m < num_rows) { ... tree ... }` shape
__global__ void down_predicated(const float *in, float *out)
{
	int lin = threadIdx.x + threadIdx.y * blockDim.x;
	int g = blockIdx.x * blockDim.x * blockDim.y + lin;
	float v = in[g] * 0.25f;
	if ((int)in[g] % 5 != 0) {
		for (int o = 16; o > 0; o >>= 1)
			v += __shfl_down_sync(FULL, v, o);
		out[g] = v;
	}
}

// threads whose input is a multiple of 7 return first: absent lanes
__global__ void down_returned(const float *in, float *out)
{
	int lin = threadIdx.x + threadIdx.y * blockDim.x;
	int g = blockIdx.x * blockDim.x * blockDim.y + lin;
	if ((int)in[g] % 7 == 0)
		return;
	float v = in[g] * 0.1f;
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(FULL, v, o);
	out[g] = v;
}

// the host model: one block of n threads, values by linear id
template <typename T>
static void model(T *v, unsigned n, const bool *present, unsigned first, unsigned width, bool xr)
{
	T *nv = (T *)malloc(n * sizeof(T));
	for (unsigned o = first; o > 0; o /= 2) {
		for (unsigned l = 0; l < n; l++) {
			unsigned own = l % 32, src = l;
			if (xr) {
				unsigned t = own ^ o;
				if (t / width <= own / width)
					src = l - own + t;
			} else if (own % width + o < width) {
				src = l + o;
			}
			if (src >= n || !present[src])
				src = l;
			nv[l] = present[l] ? v[l] + v[src] : v[l];
		}
		memcpy(v, nv, n * sizeof(T));
	}
	free(nv);
}

struct shape {
	unsigned bx, by, blocks;
};

int main()
{
	const shape shapes[] = { { 256, 1, 3 }, { 96, 1, 2 }, { 37, 1, 3 }, { 7, 5, 2 }, { 16, 16, 2 }, { 64, 3, 2 } };
	const unsigned maxn = 256 * 3;
	float *fin, *fout;
	double *din, *dout;
	int *iin, *iout;
	int bad = 0, checks = 0;

	cudaMallocManaged(&fin, maxn * sizeof(float));
	cudaMallocManaged(&fout, maxn * sizeof(float));
	cudaMallocManaged(&din, maxn * sizeof(double));
	cudaMallocManaged(&dout, maxn * sizeof(double));
	cudaMallocManaged(&iin, maxn * sizeof(int));
	cudaMallocManaged(&iout, maxn * sizeof(int));
	for (unsigned i = 0; i < maxn; i++) {
		fin[i] = (float)((i * 37u + 11u) % 100u) + 1.0f / (float)(i + 3);
		din[i] = 1.0 / (double)(i + 1) + (double)(i % 13);
		iin[i] = (int)((i * 2654435761u) >> 20) % 1000;
	}
	for (const shape &s : shapes) {
		unsigned n = s.bx * s.by;
		dim3 b(s.bx, s.by);
		bool *all = (bool *)malloc(n), *some = (bool *)malloc(n);

		for (unsigned l = 0; l < n; l++)
			all[l] = true;
		memset(fout, 0, maxn * sizeof(float));
		down_float<<<s.blocks, b>>>(fin, fout);
		xor_double<<<s.blocks, b>>>(din, dout);
		down_width16<<<s.blocks, b>>>(iin, iout);
		cudaDeviceSynchronize();
		for (unsigned blk = 0; blk < s.blocks; blk++) {
			float fv[256];
			double dv[256];
			int iv[256];

			memcpy(fv, fin + blk * n, n * sizeof(float));
			memcpy(dv, din + blk * n, n * sizeof(double));
			memcpy(iv, iin + blk * n, n * sizeof(int));
			model(fv, n, all, 16, 32, false);
			model(dv, n, all, 16, 32, true);
			model(iv, n, all, 8, 16, false);
			for (unsigned l = 0; l < n; l++) {
				bad += memcmp(&fv[l], &fout[blk * n + l], sizeof(float)) != 0;
				bad += memcmp(&dv[l], &dout[blk * n + l], sizeof(double)) != 0;
				bad += iv[l] != iout[blk * n + l];
				checks += 3;
			}
		}
		memset(fout, 0, maxn * sizeof(float));
		lane0_float<<<s.blocks, b>>>(fin, fout);
		cudaDeviceSynchronize();
		for (unsigned blk = 0; blk < s.blocks; blk++) {
			float fv[256];

			for (unsigned l = 0; l < n; l++)
				fv[l] = fin[blk * n + l] * 0.5f;
			model(fv, n, all, 16, 32, false);
			for (unsigned l = 0; l < n; l++) {
				float want = l % s.bx % 32 == 0 ? fv[l] : 0.0f;
				bad += memcmp(&want, &fout[blk * n + l], sizeof(float)) != 0;
				checks++;
			}
		}
		for (unsigned bs = 8; bs <= 32; bs *= 4) {
			memset(fout, 0, maxn * sizeof(float));
			if (bs == 8)
				segment_sum<8><<<s.blocks, b>>>(fin, fout);
			else
				segment_sum<32><<<s.blocks, b>>>(fin, fout);
			cudaDeviceSynchronize();
			for (unsigned blk = 0; blk < s.blocks; blk++) {
				float fv[256];

				for (unsigned l = 0; l < n; l++)
					fv[l] = fin[blk * n + l] * 0.75f;
				model(fv, n, all, bs / 2, bs, false);
				for (unsigned l = 0; l < n; l++) {
					bad += memcmp(&fv[l], &fout[blk * n + l], sizeof(float)) != 0;
					checks++;
				}
			}
		}
		memset(fout, 0, maxn * sizeof(float));
		down_predicated<<<s.blocks, b>>>(fin, fout);
		cudaDeviceSynchronize();
		for (unsigned blk = 0; blk < s.blocks; blk++) {
			float fv[256];

			for (unsigned l = 0; l < n; l++) {
				some[l] = (int)fin[blk * n + l] % 5 != 0;
				fv[l] = fin[blk * n + l] * 0.25f;
			}
			model(fv, n, some, 16, 32, false);
			for (unsigned l = 0; l < n; l++) {
				float want = some[l] ? fv[l] : 0.0f;
				bad += memcmp(&want, &fout[blk * n + l], sizeof(float)) != 0;
				checks++;
			}
		}
		memset(fout, 0, maxn * sizeof(float));
		down_returned<<<s.blocks, b>>>(fin, fout);
		cudaDeviceSynchronize();
		for (unsigned blk = 0; blk < s.blocks; blk++) {
			float fv[256];

			for (unsigned l = 0; l < n; l++) {
				some[l] = (int)fin[blk * n + l] % 7 != 0;
				fv[l] = fin[blk * n + l] * 0.1f;
			}
			model(fv, n, some, 16, 32, false);
			for (unsigned l = 0; l < n; l++) {
				float want = some[l] ? fv[l] : 0.0f;
				bad += memcmp(&want, &fout[blk * n + l], sizeof(float)) != 0;
				checks++;
			}
		}
		free(all);
		free(some);
	}
	printf("%d checks, %d wrong\n", checks, bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
