// Warp-level functions written as statements in control flow the same for
// every thread of the block, in the style of public code (shuffle
// reductions, segmented scans, butterfly maxima, vote counts, __reduce_*_sync,
// match buckets, __syncwarp between shared-memory stores and loads): as
// fibers such kernels run one fiber per warp, the operation computed for
// the warp's 32 lanes between two lane loops (lib/cc/lane_plan.c).  Built
// three ways by lib/cc/Makefile check-fibers (loop fission, a fiber per
// thread, lane loops), each under every schedule order and 1/2 workers;
// every result is checked against a host reference.  Full warps only
// (a full mask over a partial warp is undefined in CUDA); 2-D blocks: a
// warp's lanes cross rows.
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
#define WARPS 8

// a block's sum: shuffle-down within each warp, then the warps' sums through shared memory
__global__ void shfl_block_sum(const int *in, int *out)
{
	__shared__ int warp_sums[WARPS];
	int tid = threadIdx.x;
	int v = in[blockIdx.x * blockDim.x + tid];

	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(FULL_MASK, v, offset);
	if (tid % 32 == 0)
		warp_sums[tid / 32] = v;
	__syncthreads();
	if (tid == 0) {
		int s = 0;

		for (int w = 0; w < WARPS; w++)
			s += warp_sums[w];
		out[blockIdx.x] = s;
	}
}

// an inclusive scan of each segment of SEG lanes (Hillis-Steele by shuffle-up), a 2-D block of 32x4
template <int SEG>
__global__ void segment_scan(const int *in, int *out)
{
	int lane = threadIdx.x % SEG;
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x;
	int x = in[i];

#pragma unroll
	for (int d = 1; d < SEG; d <<= 1) {
		int y = __shfl_up_sync(FULL_MASK, x, d, SEG);
		if (lane >= d)
			x += y;
	}
	out[i] = x;
}

// the maximum of each group of 8 lanes (butterfly within a width), then broadcast from lane 0 of 16
__global__ void segment_max(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	int first;

	for (int k = 4; k >= 1; k >>= 1) {
		int other = __shfl_xor_sync(FULL_MASK, v, k, 8);
		v = other > v ? other : v;
	}
	first = __shfl_sync(FULL_MASK, v, 0, 16);
	out[i] = v * 1000 + first;
}

// votes and warp reductions of one warp's values
__global__ void votes(const int *in, unsigned *out)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	int x = in[i];
	unsigned positive = __ballot_sync(FULL_MASK, x > 0);
	int big = __any_sync(FULL_MASK, x > 45);
	int small = __all_sync(FULL_MASK, x < 50);
	unsigned sum = __reduce_add_sync(FULL_MASK, (unsigned)(x + 50));
	int lowest;
	unsigned same;

	lowest = __reduce_min_sync(FULL_MASK, x);
	same = __match_any_sync(FULL_MASK, x % 4);
	out[i * 6 + 0] = positive;
	out[i * 6 + 1] = (unsigned)big;
	out[i * 6 + 2] = (unsigned)small;
	out[i * 6 + 3] = sum;
	out[i * 6 + 4] = (unsigned)lowest;
	out[i * 6 + 5] = same;
}

// each lane stores, the warp meets, each reads its neighbour's store
__global__ void neighbour_swap(const int *in, int *out)
{
	__shared__ int s[WARPS * 32];
	int t = threadIdx.x;

	s[t] = in[blockIdx.x * blockDim.x + t] * 3;
	__syncwarp();
	out[blockIdx.x * blockDim.x + t] = s[t ^ 1];
}

static int failures;

static void expect(const char *what, bool ok)
{
	if (!ok && failures++ < 10)
		printf("%s: wrong result\n", what);
}

int main()
{
	const int nb = 6, n = nb * 256;
	int *h = (int *)malloc(sizeof(int) * n), *g = (int *)malloc(sizeof(int) * n);
	unsigned *gu = (unsigned *)malloc(sizeof(unsigned) * n * 6);
	int *d_in, *d_out;
	unsigned *du_out;

	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101 - 50;
	CHECK(cudaMalloc(&d_in, sizeof(int) * n));
	CHECK(cudaMalloc(&d_out, sizeof(int) * n));
	CHECK(cudaMalloc(&du_out, sizeof(unsigned) * n * 6));
	CHECK(cudaMemcpy(d_in, h, sizeof(int) * n, cudaMemcpyHostToDevice));

	shfl_block_sum<<<nb, 256>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * nb, cudaMemcpyDeviceToHost));
	for (int b = 0; b < nb; b++) {
		int want = 0;

		for (int t = 0; t < 256; t++)
			want += h[b * 256 + t];
		expect("shfl_block_sum", g[b] == want);
	}

	segment_scan<32><<<nb * 2, dim3(32, 4)>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost));
	for (int w = 0; w < n / 32; w++)
		for (int l = 0, acc = 0; l < 32; l++) {
			acc += h[w * 32 + l];
			expect("segment_scan<32>", g[w * 32 + l] == acc);
		}
	segment_scan<8><<<nb * 2, dim3(32, 4)>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost));
	for (int s = 0; s < n / 8; s++)
		for (int l = 0, acc = 0; l < 8; l++) {
			acc += h[s * 8 + l];
			expect("segment_scan<8>", g[s * 8 + l] == acc);
		}

	segment_max<<<nb, 256>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		int m = h[i & ~7], first = h[i & ~15];

		for (int j = 0; j < 8; j++)
			m = h[(i & ~7) + j] > m ? h[(i & ~7) + j] : m;
		for (int j = 0; j < 8; j++)
			first = h[(i & ~15) + j] > first ? h[(i & ~15) + j] : first;
		expect("segment_max", g[i] == m * 1000 + first);
	}

	votes<<<nb, 256>>>(d_in, du_out);
	CHECK(cudaMemcpy(gu, du_out, sizeof(unsigned) * n * 6, cudaMemcpyDeviceToHost));
	for (int w = 0; w < n / 32; w++) {
		unsigned pos = 0, sum = 0;
		int big = 0, small = 1, lowest = h[w * 32];

		for (int l = 0; l < 32; l++) {
			int x = h[w * 32 + l];

			pos |= (unsigned)(x > 0) << l;
			big |= x > 45;
			small &= x < 50;
			sum += (unsigned)(x + 50);
			lowest = x < lowest ? x : lowest;
		}
		for (int l = 0; l < 32; l++) {
			const unsigned *o = &gu[(w * 32 + l) * 6];
			unsigned same = 0;

			for (int j = 0; j < 32; j++)
				same |= (unsigned)(h[w * 32 + j] % 4 == h[w * 32 + l] % 4) << j;
			expect("votes ballot", o[0] == pos);
			expect("votes any", o[1] == (unsigned)big);
			expect("votes all", o[2] == (unsigned)small);
			expect("votes reduce_add", o[3] == sum);
			expect("votes reduce_min", o[4] == (unsigned)lowest);
			expect("votes match_any", o[5] == same);
		}
	}

	neighbour_swap<<<nb, 256>>>(d_in, d_out);
	CHECK(cudaMemcpy(g, d_out, sizeof(int) * n, cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		expect("neighbour_swap", g[i] == h[i ^ 1] * 3);

	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	CHECK(cudaFree(du_out));
	free(h);
	free(g);
	free(gu);
	printf("%d wrong\n", failures);
	printf(failures ? "FAIL\n" : "PASS\n");
	return failures != 0;
}
