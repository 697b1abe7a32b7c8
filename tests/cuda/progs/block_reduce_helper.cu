// Block-level helpers with __syncthreads() and no warp operation, as public
// code writes its reductions and scans (issue 38): a shared-memory tree sum
// returning the block's total, a void Hillis-Steele scan over a __shared__
// array, both called as statements of their own by a row normalisation and
// a blocked prefix sum (inlined, loop fission), and the same sum called
// inside an expression (not inlined: that kernel runs as fibers).
// Checked against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define THREADS 256

__device__ float blockReduceSum(float val, float *smem)
{
	smem[threadIdx.x] = val;
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			smem[threadIdx.x] += smem[threadIdx.x + s];
		__syncthreads();
	}
	float total = smem[0];
	__syncthreads();
	return total;
}

__device__ void blockInclusiveScan(int *data)
{
	for (unsigned int off = 1; off < blockDim.x; off <<= 1) {
		int add = threadIdx.x >= off ? data[threadIdx.x - off] : 0;
		__syncthreads();
		data[threadIdx.x] += add;
		__syncthreads();
	}
}

__device__ float blockMax(float val, float *smem)
{
	smem[threadIdx.x] = val;
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			smem[threadIdx.x] = fmaxf(smem[threadIdx.x], smem[threadIdx.x + s]);
		__syncthreads();
	}
	float m = smem[0];
	__syncthreads();
	return m;
}

// one block a row: (x - mean) / sqrt(var + eps)
__global__ void normalizeRows(const float *in, float *out, int cols)
{
	__shared__ float smem[THREADS];
	const float *row = in + (size_t)blockIdx.x * cols;
	float sum = 0.0f, sq = 0.0f;

	for (int c = threadIdx.x; c < cols; c += blockDim.x)
		sum += row[c];
	float mean = blockReduceSum(sum, smem);
	mean /= cols;
	for (int c = threadIdx.x; c < cols; c += blockDim.x)
		sq += (row[c] - mean) * (row[c] - mean);
	float var;
	var = blockReduceSum(sq, smem);
	float inv = rsqrtf(var / cols + 1e-5f);
	for (int c = threadIdx.x; c < cols; c += blockDim.x)
		out[(size_t)blockIdx.x * cols + c] = (row[c] - mean) * inv;
}

// each block scans its THREADS elements; the block's total goes to sums
__global__ void blockedPrefixSum(const int *in, int *out, int *sums, int n)
{
	__shared__ int data[THREADS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	data[threadIdx.x] = i < n ? in[i] : 0;
	__syncthreads();
	blockInclusiveScan(data);
	if (i < n)
		out[i] = data[threadIdx.x];
	if (threadIdx.x == blockDim.x - 1)
		sums[blockIdx.x] = data[threadIdx.x];
}

// the helper inside an expression: not inlined, this kernel runs as fibers
__global__ void rowRange(const float *in, float *range, int cols)
{
	__shared__ float smem[THREADS];
	float hi = -INFINITY, lo = INFINITY;

	for (int c = threadIdx.x; c < cols; c += blockDim.x) {
		hi = fmaxf(hi, in[(size_t)blockIdx.x * cols + c]);
		lo = fminf(lo, in[(size_t)blockIdx.x * cols + c]);
	}
	float r = blockMax(hi, smem) + blockMax(-lo, smem);
	if (threadIdx.x == 0)
		range[blockIdx.x] = r;
}

int main()
{
	const int rows = 40, cols = 1000, n = 10000, nb = (n + THREADS - 1) / THREADS;
	float *hx = (float *)malloc(rows * cols * sizeof(float)), *hy = (float *)malloc(rows * cols * sizeof(float));
	float *hr = (float *)malloc(rows * sizeof(float));
	int *hi = (int *)malloc(n * sizeof(int)), *ho = (int *)malloc(n * sizeof(int)), *hs = (int *)malloc(nb * sizeof(int));
	float *dx, *dy, *dr;
	int *di, *dout, *ds;
	bool ok = true;

	srand(3838);
	for (int i = 0; i < rows * cols; i++)
		hx[i] = (float)(rand() % 1000) / 50.0f + (float)(i / cols);
	for (int i = 0; i < n; i++)
		hi[i] = rand() % 100 - 50;
	cudaMalloc(&dx, rows * cols * sizeof(float));
	cudaMalloc(&dy, rows * cols * sizeof(float));
	cudaMalloc(&dr, rows * sizeof(float));
	cudaMalloc(&di, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMalloc(&ds, nb * sizeof(int));
	cudaMemcpy(dx, hx, rows * cols * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice);
	normalizeRows<<<rows, THREADS>>>(dx, dy, cols);
	blockedPrefixSum<<<nb, THREADS>>>(di, dout, ds, n);
	rowRange<<<rows, THREADS>>>(dx, dr, cols);
	cudaMemcpy(hy, dy, rows * cols * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(ho, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, ds, nb * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(hr, dr, rows * sizeof(float), cudaMemcpyDeviceToHost);

	for (int r = 0; r < rows && ok; r++) {
		double mean = 0, var = 0, hi_ = -1e30, lo_ = 1e30;

		for (int c = 0; c < cols; c++) {
			mean += hx[r * cols + c];
			hi_ = fmax(hi_, hx[r * cols + c]);
			lo_ = fmin(lo_, hx[r * cols + c]);
		}
		mean /= cols;
		for (int c = 0; c < cols; c++)
			var += (hx[r * cols + c] - mean) * (hx[r * cols + c] - mean);
		for (int c = 0; c < cols && ok; c++) {
			double want = (hx[r * cols + c] - mean) / sqrt(var / cols + 1e-5);

			if (fabs(hy[r * cols + c] - want) > 1e-3 * (1.0 + fabs(want))) {
				printf("normalizeRows: row %d col %d: %f, want %f\n", r, c, hy[r * cols + c], want);
				ok = false;
			}
		}
		if (ok && fabs(hr[r] - (hi_ - lo_)) > 1e-4 * (1.0 + fabs(hi_ - lo_))) {
			printf("rowRange: row %d: %f, want %f\n", r, hr[r], hi_ - lo_);
			ok = false;
		}
	}
	for (int b = 0; b < nb && ok; b++) {
		int run = 0;

		for (int t = 0; t < THREADS && b * THREADS + t < n && ok; t++) {
			run += hi[b * THREADS + t];
			if (ho[b * THREADS + t] != run) {
				printf("blockedPrefixSum: element %d: %d, want %d\n", b * THREADS + t, ho[b * THREADS + t], run);
				ok = false;
			}
		}
		if (ok && hs[b] != run) {
			printf("blockedPrefixSum: block %d total %d, want %d\n", b, hs[b], run);
			ok = false;
		}
	}
	cudaFree(dx); cudaFree(dy); cudaFree(dr); cudaFree(di); cudaFree(dout); cudaFree(ds);
	free(hx); free(hy); free(hr); free(hi); free(ho); free(hs);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
