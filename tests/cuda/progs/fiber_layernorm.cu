// Row normalisation in the style of public layer-norm and softmax kernels:
// a warp-shuffle reduce helper, a block-reduce helper with its own static
// __shared__ array and two __syncthreads() inside it (called twice per row:
// mean, then variance), the result broadcast through a __shared__ scalar
// written by thread 0; a __device__ helper that returns early for rows past
// the end (uniform per block) before its barriers; and a convergence loop
// left by "break" on a flag in shared memory, with barriers on both sides.
// Checked against a host reference; blocks of 128 threads (four warps).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define THREADS 128
#define ROWS 37
#define COLS 300

__inline__ __device__ float warp_sum(float v)
{
	for (int off = warpSize / 2; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, off);
	return v;
}

__inline__ __device__ float block_sum(float v)
{
	static __shared__ float part[32];
	int lane = threadIdx.x % warpSize;
	int wid = threadIdx.x / warpSize;

	v = warp_sum(v);
	if (lane == 0)
		part[wid] = v;
	__syncthreads();
	v = (threadIdx.x < blockDim.x / warpSize) ? part[lane] : 0.0f;
	if (wid == 0)
		v = warp_sum(v);
	__syncthreads(); // part is reused by the next call
	return v;
}

// one row per block; rows past the end leave at once (the whole block)
__device__ void norm_row(const float *x, float *y, int rows, int cols)
{
	__shared__ float s_mean, s_rstd;
	int row = blockIdx.x;

	if (row >= rows)
		return;
	const float *xr = x + (size_t)row * cols;
	float s = 0.0f;
	for (int i = threadIdx.x; i < cols; i += blockDim.x)
		s += xr[i];
	s = block_sum(s);
	if (threadIdx.x == 0)
		s_mean = s / cols;
	__syncthreads();
	float q = 0.0f;
	for (int i = threadIdx.x; i < cols; i += blockDim.x) {
		float d = xr[i] - s_mean;
		q += d * d;
	}
	q = block_sum(q);
	if (threadIdx.x == 0)
		s_rstd = rsqrtf(q / cols + 1e-5f);
	__syncthreads();
	for (int i = threadIdx.x; i < cols; i += blockDim.x)
		y[(size_t)row * cols + i] = (xr[i] - s_mean) * s_rstd;
}

__global__ void layer_norm(const float *x, float *y, int rows, int cols)
{
	norm_row(x, y, rows, cols);
}

// halve every value until the block's largest is below limit; count the rounds
__global__ void shrink(float *v, int *rounds, float limit)
{
	__shared__ int s_done;
	__shared__ float s_max[THREADS];
	float *mine = v + blockIdx.x * blockDim.x;
	int r = 0;

	while (true) {
		s_max[threadIdx.x] = mine[threadIdx.x];
		__syncthreads();
		if (threadIdx.x == 0) {
			float m = 0.0f;
			for (int i = 0; i < (int)blockDim.x; i++)
				m = fmaxf(m, s_max[i]);
			s_done = m < limit;
		}
		__syncthreads();
		if (s_done)
			break;
		mine[threadIdx.x] *= 0.5f;
		r++;
		__syncthreads(); // s_done is rewritten next round
	}
	if (threadIdx.x == 0)
		rounds[blockIdx.x] = r;
}

int main()
{
	static float hx[ROWS * COLS], hy[ROWS * COLS];
	int blocks = ROWS + 3; // three blocks with no row
	unsigned seed = 7;

	for (int i = 0; i < ROWS * COLS; i++) {
		seed = seed * 1103515245u + 12345u;
		hx[i] = (float)((seed >> 16) % 1000) / 100.0f + (float)(i / COLS);
	}
	float *dx, *dy;
	cudaMalloc(&dx, sizeof(hx));
	cudaMalloc(&dy, sizeof(hy));
	cudaMemcpy(dx, hx, sizeof(hx), cudaMemcpyHostToDevice);
	cudaMemset(dy, 0, sizeof(hy));
	layer_norm<<<blocks, THREADS>>>(dx, dy, ROWS, COLS);
	cudaMemcpy(hy, dy, sizeof(hy), cudaMemcpyDeviceToHost);

	int bad = 0;
	for (int r = 0; r < ROWS; r++) {
		double m = 0, q = 0;
		for (int c = 0; c < COLS; c++)
			m += hx[r * COLS + c];
		m /= COLS;
		for (int c = 0; c < COLS; c++)
			q += (hx[r * COLS + c] - m) * (hx[r * COLS + c] - m);
		double rstd = 1.0 / sqrt(q / COLS + 1e-5);
		for (int c = 0; c < COLS; c++) {
			double want = (hx[r * COLS + c] - m) * rstd;
			if (fabs(hy[r * COLS + c] - want) > 1e-3)
				bad++;
		}
	}
	printf("layer_norm: %d of %d values wrong\n", bad, ROWS * COLS);

	enum { SB = 5 };
	static float hv[SB * THREADS];
	int hr[SB], *dr;
	float *dv;
	for (int i = 0; i < SB * THREADS; i++)
		hv[i] = (float)((i * 37) % 100) * (float)(1 << (i / THREADS));
	cudaMalloc(&dv, sizeof(hv));
	cudaMalloc(&dr, sizeof(hr));
	cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice);
	shrink<<<SB, THREADS>>>(dv, dr, 1.0f);
	cudaMemcpy(hr, dr, sizeof(hr), cudaMemcpyDeviceToHost);
	int badr = 0;
	for (int b = 0; b < SB; b++) {
		float m = 0;
		for (int i = 0; i < THREADS; i++)
			m = fmaxf(m, hv[b * THREADS + i]);
		int want = 0;
		while (m >= 1.0f) {
			m *= 0.5f;
			want++;
		}
		badr += hr[b] != want;
	}
	printf("shrink: %d of %d round counts wrong\n", badr, SB);
	int ok = bad == 0 && badr == 0 && cudaGetLastError() == cudaSuccess;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
