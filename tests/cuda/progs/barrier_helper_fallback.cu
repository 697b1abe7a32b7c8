// A block-reduction helper (__shared__ tree with __syncthreads(), in the
// style of public reduction samples) called by two kernels: one sums rows,
// the other halves a row until its sum drops below a limit (a loop left by
// `break` around the helper's barriers, which only fibers run); a third
// kernel sums each warp with __shfl_down_sync.  Checked against host sums;
// values are small integers, so every float sum is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 64
#define ROWS 37

__device__ float blockReduceSum(float v)
{
	__shared__ float part[BLOCK];

	part[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	float r = part[0];
	__syncthreads();
	return r;
}

__global__ void rowSums(const float *in, float *out)
{
	float total = blockReduceSum(in[blockIdx.x * BLOCK + threadIdx.x]);

	if (threadIdx.x == 0)
		out[blockIdx.x] = total;
}

__global__ void halveUntil(float *data, float limit, int *steps)
{
	int i = blockIdx.x * BLOCK + threadIdx.x;
	float v = data[i];
	int it;

	for (it = 0; it < 16; it++) {
		float total = blockReduceSum(v);
		if (total < limit)
			break;
		v *= 0.5f;
	}
	data[i] = v;
	if (threadIdx.x == 0)
		steps[blockIdx.x] = it;
}

__global__ void warpTotals(const float *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = in[i];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if (threadIdx.x % 32 == 0)
		out[i / 32] = v;
}

int main()
{
	const int n = ROWS * BLOCK, nw = n / 32;
	const float limit = 500.0f;
	float *h = (float *)malloc(n * sizeof(float)), *halved = (float *)malloc(n * sizeof(float));
	float *sums = (float *)malloc(ROWS * sizeof(float)), *warps = (float *)malloc(nw * sizeof(float));
	int *steps = (int *)malloc(ROWS * sizeof(int));
	float *d_in, *d_data, *d_sums, *d_warps;
	int *d_steps, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (float)((i * 37 + 11) % 29 + (i / BLOCK) % 7 * 8);
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_data, n * sizeof(float));
	cudaMalloc(&d_sums, ROWS * sizeof(float));
	cudaMalloc(&d_warps, nw * sizeof(float));
	cudaMalloc(&d_steps, ROWS * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_data, h, n * sizeof(float), cudaMemcpyHostToDevice);
	rowSums<<<ROWS, BLOCK>>>(d_in, d_sums);
	halveUntil<<<ROWS, BLOCK>>>(d_data, limit, d_steps);
	warpTotals<<<ROWS, BLOCK>>>(d_in, d_warps);
	cudaMemcpy(sums, d_sums, ROWS * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(halved, d_data, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(steps, d_steps, ROWS * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(warps, d_warps, nw * sizeof(float), cudaMemcpyDeviceToHost);
	bad += cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < ROWS; b++) {
		float want = 0, scale = 1;
		int it = 0;

		for (int t = 0; t < BLOCK; t++)
			want += h[b * BLOCK + t];
		bad += sums[b] != want;
		while (it < 16 && want * scale >= limit) {
			scale *= 0.5f;
			it++;
		}
		bad += steps[b] != it;
		for (int t = 0; t < BLOCK; t++)
			bad += halved[b * BLOCK + t] != h[b * BLOCK + t] * scale;
	}
	for (int w = 0; w < nw; w++) {
		float want = 0;

		for (int l = 0; l < 32; l++)
			want += h[w * 32 + l];
		bad += warps[w] != want;
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(d_in);
	cudaFree(d_data);
	cudaFree(d_sums);
	cudaFree(d_warps);
	cudaFree(d_steps);
	free(h);
	free(halved);
	free(sums);
	free(warps);
	free(steps);
	return bad != 0;
}
