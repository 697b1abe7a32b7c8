// Block-level helpers that return nothing, results through pointers, in the
// style of public stream-compaction and statistics code: a tree reduction
// that thread 0 writes out through a pointer into __shared__ memory (called
// in a loop over chunks), and a min/max reduction whose results come back
// through pointers to the caller's locals.  Both are inlined for loop
// fission (lib/cc/README.md); the program also runs with
// --exec-model=fission and =fibers (tests/cc/whole.sh).  Checked against
// the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128
#define ROWS 23

__device__ void reduce(int *l_count, int local_cnt, int *l_data)
{
	const int tid = threadIdx.x;
	const int localSize = blockDim.x;

	l_data[tid] = local_cnt;
	__syncthreads();
	for (int s = localSize >> 1; s > 0; s >>= 1) {
		if (tid < s)
			l_data[tid] += l_data[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		*l_count = l_data[0];
}

__device__ void blockMinMax(float v, float *lo, float *hi)
{
	__shared__ float smin[BLOCK], smax[BLOCK];

	smin[threadIdx.x] = v;
	smax[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s) {
			smin[threadIdx.x] = fminf(smin[threadIdx.x], smin[threadIdx.x + s]);
			smax[threadIdx.x] = fmaxf(smax[threadIdx.x], smax[threadIdx.x + s]);
		}
		__syncthreads();
	}
	*lo = smin[0];
	*hi = smax[0];
	__syncthreads();
}

// counts, per row, the values above a threshold, in chunks of a block
__global__ void countAbove(const int *in, int n, int threshold, int *counts)
{
	__shared__ int l_data[BLOCK];
	__shared__ int l_count[1];
	int total = 0;

	for (int base = 0; base < n; base += BLOCK) {
		int i = base + threadIdx.x;
		int local_cnt = i < n && in[blockIdx.x * n + i] > threshold;
		reduce(&l_count[0], local_cnt, &l_data[0]);
		__syncthreads();
		total += l_count[0];
	}
	if (threadIdx.x == 0)
		counts[blockIdx.x] = total;
}

// rescales each row to [0, 1]
__global__ void normalizeRows(float *x)
{
	float lo, hi;
	int i = blockIdx.x * BLOCK + threadIdx.x;

	blockMinMax(x[i], &lo, &hi);
	x[i] = hi > lo ? (x[i] - lo) / (hi - lo) : 0.0f;
}

int main()
{
	const int cn = 300, threshold = 40;
	int *hc = (int *)malloc(ROWS * cn * sizeof(int)), *counts = (int *)malloc(ROWS * sizeof(int));
	float *x = (float *)malloc(ROWS * BLOCK * sizeof(float)), *xr = (float *)malloc(ROWS * BLOCK * sizeof(float));
	int *d_c, *d_counts, bad = 0;
	float *d_x;

	for (int i = 0; i < ROWS * cn; i++)
		hc[i] = (i * 31 + 7) % 97;
	for (int i = 0; i < ROWS * BLOCK; i++)
		x[i] = (float)((i * 37) % 61) - (i / BLOCK == 5 ? 0.0f : 30.0f) * (i % 2);
	for (int i = 5 * BLOCK; i < 6 * BLOCK; i++)
		x[i] = 4.0f;	/* a constant row: every value 0 */
	cudaMalloc(&d_c, ROWS * cn * sizeof(int));
	cudaMalloc(&d_counts, ROWS * sizeof(int));
	cudaMalloc(&d_x, ROWS * BLOCK * sizeof(float));
	cudaMemcpy(d_c, hc, ROWS * cn * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_x, x, ROWS * BLOCK * sizeof(float), cudaMemcpyHostToDevice);
	countAbove<<<ROWS, BLOCK>>>(d_c, cn, threshold, d_counts);
	normalizeRows<<<ROWS, BLOCK>>>(d_x);
	cudaMemcpy(counts, d_counts, ROWS * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(xr, d_x, ROWS * BLOCK * sizeof(float), cudaMemcpyDeviceToHost);
	bad += cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < ROWS; b++) {
		int want = 0;
		float lo = x[b * BLOCK], hi = lo;

		for (int i = 0; i < cn; i++)
			want += hc[b * cn + i] > threshold;
		bad += counts[b] != want;
		for (int i = 0; i < BLOCK; i++) {
			lo = x[b * BLOCK + i] < lo ? x[b * BLOCK + i] : lo;
			hi = x[b * BLOCK + i] > hi ? x[b * BLOCK + i] : hi;
		}
		for (int i = 0; i < BLOCK; i++) {
			float v = x[b * BLOCK + i], w = hi > lo ? (v - lo) / (hi - lo) : 0.0f;
			bad += xr[b * BLOCK + i] != w;
		}
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(d_c);
	cudaFree(d_counts);
	cudaFree(d_x);
	free(hc);
	free(counts);
	free(x);
	free(xr);
	return bad != 0;
}
