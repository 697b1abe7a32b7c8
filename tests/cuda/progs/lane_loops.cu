// Kernels whose barriers all sit in control flow the same for every thread
// of the block, in the style of public code (shared-memory trees, tiles,
// rotations through shared memory): as fibers they run one fiber per warp
// whose lanes run as loops between barriers (lib/cc/lane_plan.c).  Built
// three ways by lib/cc/Makefile check-fibers (loop fission, a fiber per
// thread, lane loops), each under every schedule order and 1/2 workers;
// every result is checked against a host reference.  Blocks of 80 (a
// partial last warp), 2-D and 3-D blocks: a warp's lanes cross rows; threads
// that return before a barrier.
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

// a block's sum by a shared-memory tree (blockDim.x a power of two)
template <int BLOCK>
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int s[BLOCK];
	const unsigned tid = threadIdx.x;
	unsigned gid = blockIdx.x * BLOCK + tid;

	s[tid] = in[gid];
	__syncthreads();
#pragma unroll
	for (unsigned stride = BLOCK / 2; stride > 0; stride >>= 1) {
		if (tid < stride)
			s[tid] += s[tid + stride];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

// values rotated through shared memory, rounds times, in a 3-D block of 80 threads
__global__ void rotate3d(const int *in, int *out, int rounds)
{
	__shared__ int ring[128];
	int n = blockDim.x * blockDim.y * blockDim.z;
	int me = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	int v;
	const int *src = in + blockIdx.x * n;

	v = src[me];
	int r = 0;
	do {
		ring[me] = v;
		__syncthreads();
		v = ring[(me + 1) % n] + 1;
		__syncthreads();
		r++;
	} while (false);
	for (int k = 1; k < rounds; k++) {
		ring[me] = v;
		__syncthreads();
		v = ring[(me + 1) % n] + 1;
		__syncthreads();
	}
	out[blockIdx.x * n + me] = v + r;
}

// a 2-D tile (16 x 12 threads) flipped through shared memory, one way or the other by a parameter
__global__ void flip2d(const float *in, float *out, int vertical)
{
	__shared__ float tile[12][16];
	int x = threadIdx.x, y = threadIdx.y;
	float acc;
	const float *blk = in + blockIdx.x * 192;

	tile[y][x] = blk[y * 16 + x];
	if (vertical) {
		__syncthreads();
		acc = tile[11 - y][x];
	} else {
		__syncthreads();
		acc = tile[y][15 - x];
	}
	__syncthreads();
	tile[y][x] = acc * 2.0f;
	__syncthreads();
	out[blockIdx.x * 192 + y * 16 + x] = tile[y][x];
}

// a block's sum of the elements below n: the threads past the end leave after clearing their slot (as hotspot's do)
__global__ void tail_sum(const int *in, int *out, int n)
{
	__shared__ int s[128];
	int gid = blockIdx.x * 128 + threadIdx.x;

	s[threadIdx.x] = 0;
	__syncthreads();
	if (gid >= n)
		return;
	s[threadIdx.x] = in[gid];
	__syncthreads();
	if (threadIdx.x == 0) {
		int t = 0;

		for (int i = 0; i < 128; i++)
			t += s[i];
		out[blockIdx.x] = t;
	}
}

static int failures;

static void expect(const char *what, bool ok)
{
	if (!ok) {
		printf("%s: wrong result\n", what);
		failures++;
	}
}

int main()
{
	const int nb = 6, n3 = 80, rounds = 5;
	int *h = (int *)malloc(sizeof(int) * 256 * nb), *g = (int *)malloc(sizeof(int) * 256 * nb);
	float *hf = (float *)malloc(sizeof(float) * 192 * nb), *gf = (float *)malloc(sizeof(float) * 192 * nb);
	int *d_in, *d_out;
	float *df_in, *df_out;

	for (int i = 0; i < 256 * nb; i++)
		h[i] = (i * 37) % 101 - 50;
	for (int i = 0; i < 192 * nb; i++)
		hf[i] = (float)(i % 29) * 0.5f;
	CHECK(cudaMalloc(&d_in, sizeof(int) * 256 * nb));
	CHECK(cudaMalloc(&d_out, sizeof(int) * 256 * nb));
	CHECK(cudaMalloc(&df_in, sizeof(float) * 192 * nb));
	CHECK(cudaMalloc(&df_out, sizeof(float) * 192 * nb));
	CHECK(cudaMemcpy(d_in, h, sizeof(int) * 256 * nb, cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(df_in, hf, sizeof(float) * 192 * nb, cudaMemcpyHostToDevice));

	block_sum<256><<<nb, 256>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * nb, cudaMemcpyDeviceToHost));
	for (int b = 0; b < nb; b++) {
		int want = 0;

		for (int t = 0; t < 256; t++)
			want += h[b * 256 + t];
		expect("block_sum", g[b] == want);
	}

	rotate3d<<<nb, dim3(4, 4, 5)>>>(d_in, d_out, rounds);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * n3 * nb, cudaMemcpyDeviceToHost));
	for (int b = 0; b < nb; b++)
		for (int t = 0; t < n3; t++)
			expect("rotate3d", g[b * n3 + t] == h[b * n3 + (t + rounds) % n3] + rounds + 1);

	for (int vertical = 0; vertical < 2; vertical++) {
		flip2d<<<nb, dim3(16, 12)>>>(df_in, df_out, vertical);
		CHECK(cudaMemcpy(gf, df_out, sizeof(float) * 192 * nb, cudaMemcpyDeviceToHost));
		for (int b = 0; b < nb; b++)
			for (int y = 0; y < 12; y++)
				for (int x = 0; x < 16; x++) {
					float want = 2.0f * hf[b * 192 + (vertical ? (11 - y) * 16 + x : y * 16 + 15 - x)];

					expect(vertical ? "flip2d vertical" : "flip2d horizontal", gf[b * 192 + y * 16 + x] == want);
				}
	}
	{
		const int n = 5 * 128 - 37;

		tail_sum<<<5, 128>>>(d_in, d_out, n);
		CHECK(cudaMemcpy(g, d_out, sizeof(int) * 5, cudaMemcpyDeviceToHost));
		for (int b = 0; b < 5; b++) {
			int want = 0;

			for (int i = b * 128; i < (b + 1) * 128 && i < n; i++)
				want += h[i];
			expect("tail_sum", g[b] == want);
		}
	}
	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	CHECK(cudaFree(df_in));
	CHECK(cudaFree(df_out));
	free(h);
	free(g);
	free(hf);
	free(gf);
	printf("%d wrong\n", failures);
	printf(failures ? "FAIL\n" : "PASS\n");
	return failures != 0;
}
