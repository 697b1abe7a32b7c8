// Shuffle trees run once per block (issue 40; lib/cc/warp_tree.c,
// idxgen_cc_block_tree_add): an xor butterfly whose offsets are not powers
// of two (from 3: offsets 3, 1; from 24: 24, 12, 6, 3, 1), where lane l
// reads lane l ^ o -- the lowering read lane l - o or l + o, right only
// for a single-bit o (and below the block's slots for lanes under o) --
// and the block sum most public code writes (a warp-sum helper, lane 0's
// sums through shared memory, the first warp's tree under `if (wid == 0)`),
// whose trees run per warp in local arrays where every lane is present.
// Every lane's value is checked bit for bit against a host model of the
// shuffles level by level (a lane reads its source when that lane is in the
// block and in its width segment or an earlier one, else its own value).
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void xor_from3(const float *in, float *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	float v = in[g];
	for (int o = 3; o > 0; o /= 2)
		v += __shfl_xor_sync(FULL, v, o);
	out[g] = v;
}

__global__ void xor_from24(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];
	for (int o = 24; o > 0; o >>= 1)
		v += __shfl_xor_sync(FULL, v, o);
	out[g] = v;
}

__inline__ __device__ float warp_sum(float v)
{
	for (int off = warpSize / 2; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

__global__ void block_sum(const float *in, float *out, int n)
{
	__shared__ float sums[32];
	int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float val = i < n ? in[i] : 0.0f;
	val = warp_sum(val);
	if (lane == 0)
		sums[wid] = val;
	__syncthreads();
	val = threadIdx.x < blockDim.x / warpSize ? sums[lane] : 0.0f;
	if (wid == 0) {
		val = warp_sum(val);
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = val;
}

// One level of the host model over a block of nt threads.
template <class T> static void level(T *v, int nt, int o, bool x)
{
	T *next = new T[nt];
	for (int l = 0; l < nt; l++) {
		int lane = l % 32, s = x ? lane ^ o : lane + o;
		bool ok = s < 32 && (x || lane + o < 32) && l - lane + s < nt;
		next[l] = v[l] + (ok ? v[l - lane + s] : v[l]);
	}
	memcpy(v, next, nt * sizeof(T));
	delete[] next;
}

template <class T> static int check(const char *what, const T *got, const T *in, int blocks, int nt, int first,
				    bool x)
{
	int bad = 0;
	T *v = new T[nt];
	for (int b = 0; b < blocks; b++) {
		memcpy(v, in + b * nt, nt * sizeof(T));
		for (int o = first; o > 0; o /= 2)
			level(v, nt, o, x);
		for (int l = 0; l < nt; l++)
			bad += memcmp(&v[l], &got[b * nt + l], sizeof(T)) != 0;
	}
	delete[] v;
	printf("%s: %d of %d lanes differ\n", what, bad, blocks * nt);
	return bad;
}

// The block sum's model: each warp's lane 0 after the down tree, then warp 0's tree over those sums.
static float model_block(const float *in, int n, int b, int nt)
{
	float w[32], s[32];
	int nw = nt / 32;
	for (int k = 0; k < 32; k++)
		s[k] = 0.0f;
	for (int k = 0; k < nw; k++) {
		for (int l = 0; l < 32; l++) {
			int i = b * nt + k * 32 + l;
			w[l] = i < n ? in[i] : 0.0f;
		}
		for (int o = 16; o > 0; o /= 2)
			level(w, 32, o, false);
		s[k] = w[0];
	}
	for (int o = 16; o > 0; o /= 2)
		level(s, 32, o, false);
	return s[0];
}

int main()
{
	const int blocks = 6, nt = 96, n = blocks * nt, bnt = 256, bblocks = 40, bn = bblocks * bnt - 77;
	float *fin, *fout, *bin, *bout;
	int *iin, *iout, bad = 0;

	cudaMallocManaged(&fin, n * sizeof(float));
	cudaMallocManaged(&fout, n * sizeof(float));
	cudaMallocManaged(&iin, n * sizeof(int));
	cudaMallocManaged(&iout, n * sizeof(int));
	cudaMallocManaged(&bin, bblocks * bnt * sizeof(float));
	cudaMallocManaged(&bout, bblocks * sizeof(float));
	srand(11);
	for (int i = 0; i < n; i++) {
		fin[i] = (float)(rand() % 2001 - 1000) * (float)(1 << rand() % 20) / 1024.0f;
		iin[i] = rand() % 20001 - 10000;
	}
	for (int i = 0; i < bblocks * bnt; i++)
		bin[i] = (float)(rand() % 2001 - 1000) * (float)(1 << rand() % 20) / 1024.0f;
	xor_from3<<<blocks, nt>>>(fin, fout);
	xor_from24<<<blocks, nt>>>(iin, iout);
	block_sum<<<bblocks, bnt>>>(bin, bout, bn);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: a launch failed\n");
		return 1;
	}
	bad += check("xor from 3, float", fout, fin, blocks, nt, 3, true);
	bad += check("xor from 24, int", iout, iin, blocks, nt, 24, true);
	int bbad = 0;
	for (int b = 0; b < bblocks; b++) {
		float want = model_block(bin, bn, b, bnt);
		bbad += memcmp(&want, &bout[b], sizeof(float)) != 0;
	}
	printf("block sum, 256 threads: %d of %d blocks differ\n", bbad, bblocks);
	bad += bbad;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
