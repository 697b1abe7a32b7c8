// __device__ warp helpers called at statement level, in the style of public
// code: the shuffle-down warpReduceSum of NVIDIA's reduction samples (`v =
// warpReduceSum(v);`), a width-16 butterfly, a void helper that reduces and
// stores, a block-sum helper with a barrier that calls warpReduceSum itself
// (nested) on the kernel's __shared__ array, and a helper under a branch
// each warp takes as a whole (`if (threadIdx.y < 2)`, 2-D blocks of rows of
// 32 and of 16), a template helper for int and float, lanes that return
// before a helper.  As fibers each helper runs as lane loops of its own for
// the warp's lanes (lib/cc/lane_plan.c helper_stmt), and a fiber per thread
// where the lane form would not be exact (16x4 blocks under the branch).
// Built as lane loops, as a fiber per thread and in auto mode by
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

#define FULL_MASK 0xffffffff

__inline__ __device__ int warpReduceSum(int val)
{
	for (int offset = warpSize / 2; offset > 0; offset /= 2)
		val += __shfl_down_sync(FULL_MASK, val, offset);
	return val;
}

// the sum of each group of 16 lanes, in every lane of it
__device__ int halfSum(int v)
{
	for (int o = 8; o > 0; o /= 2)
		v += __shfl_xor_sync(FULL_MASK, v, o, 16);
	return v;
}

// the warp's largest value, stored by its first lane
__device__ void storeWarpMax(int *out, int v)
{
	v = __reduce_max_sync(FULL_MASK, v);
	if ((threadIdx.x & 31) == 0)
		out[threadIdx.x / 32] = v;
}

// a warp's sum in every lane, for any arithmetic type
template <typename T> __device__ T warpAllSum(T v)
{
	T s = v;
	for (int mask = 16; mask > 0; mask >>= 1)
		s += __shfl_xor_sync(FULL_MASK, s, mask);
	return s;
}

// the block's sum in thread 0: warps' sums through the kernel's shared array
__device__ int blockSum(int *partial, int v)
{
	int lane = threadIdx.x % 32;
	int wid = threadIdx.x / 32;

	v = warpReduceSum(v);
	if (lane == 0)
		partial[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? partial[lane] : 0;
	if (wid == 0) {
		v = warpReduceSum(v);
	}
	return v;
}

__global__ void block_sum(const int *in, int *out)
{
	__shared__ int partial[32];
	int lane = threadIdx.x % 32;
	int wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warpReduceSum(v);
	if (lane == 0)
		partial[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < (int)(blockDim.x / 32) ? partial[lane] : 0;
		v = warpReduceSum(v);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

__global__ void block_sum_helper(const int *in, int *out)
{
	__shared__ int partial[32];
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = blockSum(partial, v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

__global__ void halves(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
	int s = halfSum(in[i]);
	out[i] = s;
}

__global__ void maxes(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	storeWarpMax(out + blockIdx.x * (blockDim.x / 32), v);
}

// rows 0 and 1 of each block sum their groups of 16
__global__ void two_rows(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
	int v = in[i];

	if (threadIdx.y < 2) {
		v = halfSum(v);
	}
	out[i] = v;
}

// lanes past n leave before the helper; the others sum their groups of 16
__global__ void tail_halves(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int s = halfSum(in[i]);
	out[i] = s;
}

__global__ void int_sums(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	v = warpAllSum(v);
	out[i] = v;
}

__global__ void float_sums(const float *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = warpAllSum(in[i]);
	out[i] = v;
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

static int half_sum(const int *in, int i)
{
	int s = 0;
	for (int j = i & ~15; j < (i & ~15) + 16; j++)
		s += in[j];
	return s;
}

int main()
{
	const int n = 1536;
	int *in = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
	int *want = (int *)malloc(n * sizeof(int));
	int *d_in, *d_out;
	char what[80];

	for (int i = 0; i < n; i++)
		in[i] = (i * 29) % 23 - 11;
	CHECK(cudaMalloc(&d_in, n * sizeof(int)));
	CHECK(cudaMalloc(&d_out, n * sizeof(int)));
	CHECK(cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice));

	// block sums: 64, 96 and 256 threads, the reduction in the kernel and in a helper
	const int sums[] = {64, 96, 256};
	for (int helper = 0; helper < 2; helper++)
		for (int bs : sums) {
			int nb = n / bs;
			if (helper)
				block_sum_helper<<<nb, bs>>>(d_in, d_out);
			else
				block_sum<<<nb, bs>>>(d_in, d_out);
			CHECK(cudaGetLastError());
			CHECK(cudaMemcpy(got, d_out, nb * sizeof(int), cudaMemcpyDeviceToHost));
			for (int k = 0; k < nb; k++) {
				want[k] = 0;
				for (int t = 0; t < bs; t++)
					want[k] += in[k * bs + t];
			}
			snprintf(what, sizeof(what), "%s %d", helper ? "block_sum_helper" : "block_sum", bs);
			expect(what, got, want, nb);
		}

	// halves: 32, 48, 96, 256 threads and 16x4
	const dim3 shapes[] = {dim3(32), dim3(48), dim3(96), dim3(256), dim3(16, 4)};
	for (const dim3 &b : shapes) {
		int bs = b.x * b.y, nb = n / bs / 2, tot = bs * nb;
		halves<<<nb, b>>>(d_in, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, tot * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < tot; i++)
			want[i] = half_sum(in, i);
		snprintf(what, sizeof(what), "halves %ux%u", b.x, b.y);
		expect(what, got, want, tot);
	}

	// warp maxima: 96 and 256 threads
	const int whole[] = {96, 256};
	for (int bs : whole) {
		int nb = n / bs, nw = n / 32;
		maxes<<<nb, bs>>>(d_in, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, nw * sizeof(int), cudaMemcpyDeviceToHost));
		for (int w = 0; w < nw; w++) {
			want[w] = in[w * 32];
			for (int l = 1; l < 32; l++)
				want[w] = in[w * 32 + l] > want[w] ? in[w * 32 + l] : want[w];
		}
		snprintf(what, sizeof(what), "maxes %d", bs);
		expect(what, got, want, nw);
	}

	// the first two rows: 32x4 (whole warps) and 16x4 (two rows a warp)
	const int widths[] = {32, 16};
	for (int bx : widths) {
		int bs = bx * 4, nb = 6, tot = bs * nb;
		two_rows<<<nb, dim3(bx, 4)>>>(d_in, d_out);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, tot * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < tot; i++)
			want[i] = (i % bs) < 2 * bx ? half_sum(in, i) : in[i];
		snprintf(what, sizeof(what), "two_rows %dx4", bx);
		expect(what, got, want, tot);
	}

	// lanes that left: the last 16 of a 96-thread block's second warp
	{
		int tot = 192, cut = 176;
		CHECK(cudaMemset(d_out, 0, n * sizeof(int)));
		tail_halves<<<2, 96>>>(d_in, d_out, cut);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(got, d_out, tot * sizeof(int), cudaMemcpyDeviceToHost));
		for (int i = 0; i < tot; i++)
			want[i] = i < cut ? half_sum(in, i) : 0;
		expect("tail_halves", got, want, tot);
	}

	// a template helper for int and float: 64 and 256 threads
	{
		float *fin = (float *)malloc(n * sizeof(float)), *fgot = (float *)malloc(n * sizeof(float));
		float *d_fin, *d_fout;
		for (int i = 0; i < n; i++)
			fin[i] = (float)in[i] * 0.5f;
		CHECK(cudaMalloc(&d_fin, n * sizeof(float)));
		CHECK(cudaMalloc(&d_fout, n * sizeof(float)));
		CHECK(cudaMemcpy(d_fin, fin, n * sizeof(float), cudaMemcpyHostToDevice));
		const int sizes[] = {64, 256};
		for (int bs : sizes) {
			int_sums<<<n / bs, bs>>>(d_in, d_out);
			float_sums<<<n / bs, bs>>>(d_fin, d_fout);
			CHECK(cudaGetLastError());
			CHECK(cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
			CHECK(cudaMemcpy(fgot, d_fout, n * sizeof(float), cudaMemcpyDeviceToHost));
			for (int w = 0; w < n / 32; w++) {
				int s = 0;
				for (int l = 0; l < 32; l++)
					s += in[w * 32 + l];
				for (int l = 0; l < 32; l++) {
					want[w * 32 + l] = s;
					// halves of integers: every partial sum is exact in float
					if (fgot[w * 32 + l] != (float)s * 0.5f && !failures) {
						printf("float_sums %d: [%d] = %g, want %g\n", bs, w * 32 + l,
						       fgot[w * 32 + l], (float)s * 0.5f);
						failures++;
					}
				}
			}
			snprintf(what, sizeof(what), "int_sums %d", bs);
			expect(what, got, want, n);
		}
		CHECK(cudaFree(d_fin));
		CHECK(cudaFree(d_fout));
		free(fin);
		free(fgot);
	}

	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	free(in);
	free(got);
	free(want);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
