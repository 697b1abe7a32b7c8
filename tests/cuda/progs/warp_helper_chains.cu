// Reduction helpers that call helpers, as transformer kernels write them
// (FasterTransformer- and PyTorch-style softmax and top-1): blockReduceMax
// and blockReduceSum call warpReduceMax / warpReduceSum twice each, around
// a __syncthreads() and a __shared__ array of per-warp partials; warpArgMax
// calls warpReduceMax, then finds the lane that holds the maximum with
// __ballot_sync and broadcasts its column with __shfl_sync.
// Kernel softmaxRows: one block per row (256 threads, 8 warps);
// kernel argmaxRows: one warp per row.  Host references: softmax in
// double, compared within 1e-5; argmax exact (the values of a row are
// distinct).  Before, the inliner blanked warpReduceSum with blockReduceSum
// and the kernels ran as fibers (forced fission: "use of undeclared
// identifier").
// exec-models: fission fibers
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define FINAL_MASK 0xffffffffu
#define ROWS 24
#define COLS 700
#define THREADS 256

__inline__ __device__ float warpReduceSum(float val)
{
	for (int mask = 16; mask > 0; mask >>= 1)
		val += __shfl_xor_sync(FINAL_MASK, val, mask, 32);
	return val;
}

__inline__ __device__ float warpReduceMax(float val)
{
	for (int mask = 16; mask > 0; mask >>= 1)
		val = fmaxf(val, __shfl_xor_sync(FINAL_MASK, val, mask, 32));
	return val;
}

__inline__ __device__ float blockReduceSum(float val)
{
	__shared__ float shared[32];
	int lane = threadIdx.x & 0x1f;
	int wid = threadIdx.x >> 5;

	val = warpReduceSum(val);
	if (lane == 0)
		shared[wid] = val;
	__syncthreads();
	val = (threadIdx.x < (blockDim.x >> 5)) ? shared[lane] : 0.0f;
	val = warpReduceSum(val);
	return val;
}

__inline__ __device__ float blockReduceMax(float val)
{
	__shared__ float shared[32];
	int lane = threadIdx.x & 0x1f;
	int wid = threadIdx.x >> 5;

	val = warpReduceMax(val);
	if (lane == 0)
		shared[wid] = val;
	__syncthreads();
	val = (threadIdx.x < (blockDim.x >> 5)) ? shared[lane] : -1e20f;
	val = warpReduceMax(val);
	return val;
}

__inline__ __device__ int warpArgMax(float val, int col)
{
	float best = warpReduceMax(val);
	unsigned int holders = __ballot_sync(FINAL_MASK, val == best);
	int src = __ffs(holders) - 1;
	int at = __shfl_sync(FINAL_MASK, col, src);
	return at;
}

__global__ void softmaxRows(const float *in, float *out, int cols)
{
	__shared__ float s_max, s_sum;
	const float *row = in + blockIdx.x * cols;
	float local_max = -1e20f;

	for (int i = threadIdx.x; i < cols; i += blockDim.x)
		local_max = fmaxf(local_max, row[i]);
	float max_val = blockReduceMax(local_max);
	if (threadIdx.x == 0)
		s_max = max_val;
	__syncthreads();

	float local_sum = 0.0f;
	for (int i = threadIdx.x; i < cols; i += blockDim.x)
		local_sum += expf(row[i] - s_max);
	float sum_val = blockReduceSum(local_sum);
	if (threadIdx.x == 0)
		s_sum = sum_val;
	__syncthreads();

	for (int i = threadIdx.x; i < cols; i += blockDim.x)
		out[blockIdx.x * cols + i] = expf(row[i] - s_max) / s_sum;
}

__global__ void argmaxRows(const float *in, int *best, int rows, int cols)
{
	int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x & 31;
	int r = warp < rows ? warp : rows - 1;	/* the whole warp stays: full masks */
	float v = -1e20f;
	int c = -1;

	for (int i = lane; i < cols; i += 32)
		if (in[r * cols + i] > v) {
			v = in[r * cols + i];
			c = i;
		}
	int at = warpArgMax(v, c);
	if (lane == 0 && warp < rows)
		best[warp] = at;
}

int main()
{
	const int n = ROWS * COLS;
	float *h = (float *)malloc(n * sizeof(float)), *soft = (float *)malloc(n * sizeof(float));
	int best[ROWS], bad = 0;
	float *d_in, *d_out;
	int *d_best;

	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++)	/* 1009 is prime: the values of a row differ */
			h[r * COLS + c] = (float)((r * 131 + c * 197) % 1009) / 128.0f;
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMalloc(&d_best, ROWS * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	softmaxRows<<<ROWS, THREADS>>>(d_in, d_out, COLS);
	argmaxRows<<<(ROWS * 32 + 127) / 128, 128>>>(d_in, d_best, ROWS, COLS);
	cudaMemcpy(soft, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(best, d_best, sizeof(best), cudaMemcpyDeviceToHost);
	bad += cudaGetLastError() != cudaSuccess;
	for (int r = 0; r < ROWS; r++) {
		double mx = -1e20, sum = 0;
		int arg = 0;

		for (int c = 0; c < COLS; c++)
			if (h[r * COLS + c] > mx) {
				mx = h[r * COLS + c];
				arg = c;
			}
		for (int c = 0; c < COLS; c++)
			sum += exp(h[r * COLS + c] - mx);
		for (int c = 0; c < COLS; c++) {
			double want = exp(h[r * COLS + c] - mx) / sum;

			if (fabs(soft[r * COLS + c] - want) > 1e-5 * want + 1e-9 && bad++ < 5)
				printf("softmax row %d col %d: %g, want %g\n", r, c, soft[r * COLS + c], want);
		}
		if (best[r] != arg && bad++ < 5)
			printf("argmax row %d: %d, want %d\n", r, best[r], arg);
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_best);
	free(h);
	free(soft);
	return bad != 0;
}
