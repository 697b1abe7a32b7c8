// Grid-stride loops whose rounds have their index computed run, in a 1-D
// block, each round as the x loop alone counted by the int index (issue
// 40; lib/cc/emit.c's stride_x_base) and, where the body writes only the
// thread's locals, two whole rounds at a time (stride_pair.c); 2-D blocks
// and indices that could leave an int as before.  Every way must give each
// thread its own iterations in its own order: per-thread float sums and
// maxima compared bit for bit with the same loops on the host, a body with
// declarations and an inner loop of its own, a histogram in shared memory,
// a `<=` bound, partial last rounds, odd and even counts of whole rounds,
// grids whose stride is not a multiple of the block, blocks of 1 to 256
// threads, and 2-D blocks whose rows share an index.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

// each thread's sum of x[i] * w[i] over its grid-stride iterations, in order
__global__ void thread_sums(const float *x, const float *w, float *sums, int n)
{
	int tid = threadIdx.x + blockIdx.x * blockDim.x;
	float acc = 0.0f;

	while (tid < n) {
		acc += x[tid] * w[tid];
		tid += blockDim.x * gridDim.x;
	}
	sums[threadIdx.x + blockIdx.x * blockDim.x] = acc;
}

// a body with declarations of its own and an inner loop that writes only the thread's locals:
// each thread's largest value of a polynomial and how many passed a threshold
__global__ void thread_poly(const float *x, float *best, int *count, int n)
{
	float m = -1.0e30f;
	int c = 0;

	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
		float v = x[i], p = 0.0f;

		for (int k = 0; k < 3; k++)
			p = p * v + (float)(k + 1);
		if (p > m)
			m = p;
		c += p > 2.5f;
	}
	best[blockIdx.x * blockDim.x + threadIdx.x] = m;
	count[blockIdx.x * blockDim.x + threadIdx.x] = c;
}

// a byte histogram privatised per block, then added to the global one
__global__ void byte_hist(const unsigned char *in, int n, unsigned int *hist)
{
	__shared__ unsigned int bins[64];

	for (int b = threadIdx.x; b < 64; b += blockDim.x)
		bins[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&bins[in[i] % 64], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < 64; b += blockDim.x)
		atomicAdd(&hist[b], bins[b]);
}

// `last >= i`; out[row * (last + 1) + i] so that each (y, z) row writes its own slice
__global__ void mark_rows(int *out, int last)
{
	int row = threadIdx.z * blockDim.y + threadIdx.y;

	for (int i = blockIdx.x * blockDim.x + threadIdx.x; last >= i; i += blockDim.x * gridDim.x)
		out[row * (last + 1) + i] += 7 * i + row;
}

static int check_sums(int n, int blocks, int threads)
{
	int total = blocks * threads, bad = 0;
	float *x, *w, *sums;

	cudaMallocManaged(&x, (n + 1) * sizeof(float));
	cudaMallocManaged(&w, (n + 1) * sizeof(float));
	cudaMallocManaged(&sums, total * sizeof(float));
	for (int k = 0; k < n; k++) {
		x[k] = 1.0f / (float)(k % 13 + 1);
		w[k] = 0.1f * (float)(k % 7) - 0.25f;
	}
	thread_sums<<<blocks, threads>>>(x, w, sums, n);
	cudaDeviceSynchronize();
	for (int t = 0; t < total; t++) {
		float want = 0.0f;

		for (int i = t; i < n; i += total)
			want += x[i] * w[i];
		if (memcmp(&want, &sums[t], sizeof(float)) != 0)
			bad++;
	}
	cudaFree(x);
	cudaFree(w);
	cudaFree(sums);
	if (bad)
		printf("thread_sums n=%d grid=%d block=%d: %d wrong\n", n, blocks, threads, bad);
	return bad != 0;
}

static int check_poly(int n, int blocks, int threads)
{
	int total = blocks * threads, bad = 0, *count;
	float *x, *best;

	cudaMallocManaged(&x, (n + 1) * sizeof(float));
	cudaMallocManaged(&best, total * sizeof(float));
	cudaMallocManaged(&count, total * sizeof(int));
	for (int k = 0; k < n; k++)
		x[k] = 0.01f * (float)((k * 37) % 101) - 0.3f;
	thread_poly<<<blocks, threads>>>(x, best, count, n);
	cudaDeviceSynchronize();
	for (int t = 0; t < total; t++) {
		float m = -1.0e30f;
		int c = 0;

		for (int i = t; i < n; i += total) {
			float p = 0.0f;

			for (int k = 0; k < 3; k++)
				p = p * x[i] + (float)(k + 1);
			if (p > m)
				m = p;
			c += p > 2.5f;
		}
		if (memcmp(&m, &best[t], sizeof(float)) != 0 || c != count[t])
			bad++;
	}
	cudaFree(x);
	cudaFree(best);
	cudaFree(count);
	if (bad)
		printf("thread_poly n=%d grid=%d block=%d: %d wrong\n", n, blocks, threads, bad);
	return bad != 0;
}

static int check_hist(int n, int blocks, int threads)
{
	unsigned char *in;
	unsigned int *hist, want[64] = { 0 };
	int bad = 0;

	cudaMallocManaged(&in, n + 1);
	cudaMallocManaged(&hist, sizeof(want));
	for (int k = 0; k < n; k++) {
		in[k] = (unsigned char)((k * 40503u) >> 7);
		want[in[k] % 64]++;
	}
	cudaMemset(hist, 0, sizeof(want));
	byte_hist<<<blocks, threads>>>(in, n, hist);
	cudaDeviceSynchronize();
	for (int b = 0; b < 64; b++)
		if (hist[b] != want[b])
			bad++;
	cudaFree(in);
	cudaFree(hist);
	if (bad)
		printf("byte_hist n=%d grid=%d block=%d: %d bins wrong\n", n, blocks, threads, bad);
	return bad != 0;
}

static int check_rows(int last, int blocks, dim3 threads)
{
	int nrows = threads.y * threads.z, len = nrows * (last + 1), *out, bad = 0;

	cudaMallocManaged(&out, len * sizeof(int));
	for (int k = 0; k < len; k++)
		out[k] = 1;
	mark_rows<<<blocks, threads>>>(out, last);
	cudaDeviceSynchronize();
	for (int k = 0; k < len; k++) {
		int row = k / (last + 1), i = k % (last + 1);

		if (out[k] != 1 + 7 * i + row)
			bad++;
	}
	cudaFree(out);
	if (bad)
		printf("mark_rows last=%d grid=%d block=%ux%ux%u: %d wrong\n", last, blocks, threads.x, threads.y,
		       threads.z, bad);
	return bad != 0;
}

int main(void)
{
	int fails = 0, checks = 0;
	const int ns[] = { 1, 77, 1000, 4099 };
	const int grids[] = { 1, 3, 8 };
	const int blocks[] = { 1, 33, 96, 256 };

	for (unsigned a = 0; a < sizeof(ns) / sizeof(ns[0]); a++)
		for (unsigned g = 0; g < sizeof(grids) / sizeof(grids[0]); g++)
			for (unsigned b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++) {
				fails += check_sums(ns[a], grids[g], blocks[b]), checks++;
				fails += check_poly(ns[a], grids[g], blocks[b]), checks++;
				fails += check_hist(ns[a], grids[g], blocks[b]), checks++;
				fails += check_rows(ns[a] - 1, grids[g], dim3(blocks[b])), checks++;
			}
	/* 2-D and 3-D blocks: the rows share an index, each writes its slice */
	fails += check_rows(999, 3, dim3(32, 4)), checks++;
	fails += check_rows(76, 2, dim3(16, 2, 3)), checks++;
	fails += check_sums(1000, 3, 64), checks++;
	/* many whole rounds, an odd number of them, then a partial one */
	fails += check_sums(256 * 2 * 21 + 17, 2, 256), checks++;
	fails += check_poly(128 * 3 * 20 + 5, 3, 128), checks++;
	printf("%d passed, %d failed\n", checks - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails != 0;
}
