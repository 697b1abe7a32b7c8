// __shared__ arrays declared inside a scope, after thread code, as public
// code writes them: a double-buffered tile loop that declares its buffers
// in the loop body, and a scope that declares a scratch array after pointer
// copies of the kernel's arguments and names it once per block
// ((void)scratch;, as a helper written out in place may).  Loop
// fission must keep each once-per-block statement that uses such an array
// behind the array's declaration (it was moved in front of the open thread
// loop, above the declaration: the program did not compile, issue 38).
// Integer sums, compared exactly with a host reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128
#define TILES 6
#define BLOCKS 40

__global__ void tile_sums(const int *in, int *out, int tiles)
{
	for (int tile = 0; tile < tiles; tile++) {
		int v = in[(blockIdx.x * tiles + tile) * BLOCK + threadIdx.x];
		__shared__ int buf[2][BLOCK];
		int *cur = buf[tile & 1];
		cur[threadIdx.x] = v * (tile + 1);
		__syncthreads();
		for (int h = BLOCK / 2; h > 0; h /= 2) {
			if (threadIdx.x < h)
				cur[threadIdx.x] += cur[threadIdx.x + h];
			__syncthreads();
		}
		if (threadIdx.x == 0)
			out[blockIdx.x * tiles + tile] = cur[0];
	}
}

// each block reverses its BLOCK elements, less the first element of their
// warp, through a scope of its own, as a helper written out in place writes
// it: pointer copies of its arguments, a scratch array named once
// ((void)scratch; -- an unused-parameter cast) and written through a pointer
__global__ void reverse_blocks(const float *in, float *out)
{
	__shared__ float t[BLOCK];
	{
		float *dst = t;
		const float *src = in + blockIdx.x * blockDim.x;
		__shared__ float scratch[BLOCK / 32];
		(void)scratch;
		float *lead = scratch;
		dst[threadIdx.x] = src[threadIdx.x];
		if (threadIdx.x % 32 == 0)
			lead[threadIdx.x / 32] = src[threadIdx.x];
		__syncthreads();
		dst[threadIdx.x] -= lead[threadIdx.x / 32];
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = t[blockDim.x - 1 - threadIdx.x];
}

static int check(const char *what, const int *got, const int *want, int n)
{
	for (int i = 0; i < n; i++) {
		if (got[i] != want[i]) {
			printf("%s: [%d] = %d, expected %d\n", what, i, got[i], want[i]);
			return 1;
		}
	}
	return 0;
}

int main()
{
	const int n = BLOCKS * TILES * BLOCK, m = BLOCKS * BLOCK, nsums = BLOCKS * TILES;
	int *h_in = (int *)malloc(n * sizeof(int));
	int *h_sums = (int *)malloc(nsums * sizeof(int));
	int *ref_sums = (int *)calloc(nsums, sizeof(int));
	float *h_f = (float *)malloc(m * sizeof(float));
	float *h_rev = (float *)malloc(m * sizeof(float));

	srand(38);
	for (int i = 0; i < n; i++)
		h_in[i] = rand() % 1000 - 500;
	for (int i = 0; i < m; i++)
		h_f[i] = (float)(rand() % 4096) * 0.25f;
	for (int b = 0; b < BLOCKS; b++)
		for (int t = 0; t < TILES; t++)
			for (int x = 0; x < BLOCK; x++)
				ref_sums[b * TILES + t] += h_in[(b * TILES + t) * BLOCK + x] * (t + 1);

	int *d_in, *d_sums;
	float *d_f, *d_rev;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_sums, nsums * sizeof(int));
	cudaMalloc(&d_f, m * sizeof(float));
	cudaMalloc(&d_rev, m * sizeof(float));
	cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_f, h_f, m * sizeof(float), cudaMemcpyHostToDevice);
	tile_sums<<<BLOCKS, BLOCK>>>(d_in, d_sums, TILES);
	reverse_blocks<<<BLOCKS, BLOCK>>>(d_f, d_rev);
	cudaError_t err = cudaDeviceSynchronize();
	if (err != cudaSuccess) {
		printf("CUDA error: %s\nFAIL\n", cudaGetErrorString(err));
		return 1;
	}
	cudaMemcpy(h_sums, d_sums, nsums * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_rev, d_rev, m * sizeof(float), cudaMemcpyDeviceToHost);

	int bad = check("tile_sums", h_sums, ref_sums, nsums);
	for (int i = 0; i < m && !bad; i++) {
		const int b = i / BLOCK, y = BLOCK - 1 - i % BLOCK;
		const float want = h_f[b * BLOCK + y] - h_f[b * BLOCK + y / 32 * 32];
		if (h_rev[i] != want) {
			printf("reverse_blocks: [%d] = %g, expected %g\n", i, h_rev[i], want);
			bad = 1;
		}
	}
	cudaFree(d_in);
	cudaFree(d_sums);
	cudaFree(d_f);
	cudaFree(d_rev);
	free(h_in);
	free(h_sums);
	free(ref_sums);
	free(h_f);
	free(h_rev);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad;
}
