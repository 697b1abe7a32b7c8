// Layer normalisation of short rows by sub-warp groups, as fused
// normalisation kernels write it for small hidden sizes: a group of
// LANES lanes (a template argument: 8 and 16 here) per row, so one warp
// takes 32 / LANES rows; mean and variance by __shfl_xor_sync with the
// group as width, the group's first lane's values broadcast with
// __shfl_sync(mask, v, 0, LANES), gamma/beta from __ldg, float4 loads.
// The row count is not a multiple of the rows per block: the groups past
// the end still take part in the shuffles (their rows are skipped on
// store), so every lane of the warp calls each shuffle.  Host reference
// in double, tolerance 1e-4.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

#define HIDDEN 64

template <int LANES> __device__ __forceinline__ float group_sum(float v)
{
#pragma unroll
	for (int m = LANES / 2; m > 0; m >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, m, LANES);
	return v;
}

template <int LANES>
__global__ void layernorm_small(const float *x, const float *gamma, const float *beta, float *y, int rows, float eps,
				float *row_mean)
{
	constexpr int PER = HIDDEN / LANES;	/* floats per lane */
	int group = (blockIdx.x * blockDim.x + threadIdx.x) / LANES;
	int g = threadIdx.x % LANES;
	bool live = group < rows;
	const float *xr = x + (size_t)(live ? group : 0) * HIDDEN;
	float v[PER];

#pragma unroll
	for (int j = 0; j < PER; j += 4) {
		float4 q = *reinterpret_cast<const float4 *>(xr + g * PER + j);
		v[j] = q.x, v[j + 1] = q.y, v[j + 2] = q.z, v[j + 3] = q.w;
	}
	float s = 0.f;
#pragma unroll
	for (int j = 0; j < PER; j++)
		s += v[j];
	float mean = group_sum<LANES>(s) / HIDDEN;
	float d = 0.f;
#pragma unroll
	for (int j = 0; j < PER; j++)
		d += (v[j] - mean) * (v[j] - mean);
	float rstd = rsqrtf(group_sum<LANES>(d) / HIDDEN + eps);
	float first = __shfl_sync(0xffffffffu, v[0], 0, LANES);	/* the row's first element */
	if (!live)
		return;
#pragma unroll
	for (int j = 0; j < PER; j++) {
		int c = g * PER + j;
		y[(size_t)group * HIDDEN + c] = (v[j] - mean) * rstd * __ldg(&gamma[c]) + __ldg(&beta[c]);
	}
	if (g == 0)
		row_mean[group] = mean + 0.f * first;
	if (g == 1)
		row_mean[rows + group] = first;
}

template <int LANES> static int run(const float *h, const float *gm, const float *bt, int rows)
{
	float *d_x, *d_g, *d_b, *d_y, *d_m, *y = new float[rows * HIDDEN], *m = new float[2 * rows];
	int bad = 0, threads = 64;
	int groups_per_block = threads / LANES;

	cudaMalloc(&d_x, rows * HIDDEN * sizeof(float));
	cudaMalloc(&d_y, rows * HIDDEN * sizeof(float));
	cudaMalloc(&d_g, HIDDEN * sizeof(float));
	cudaMalloc(&d_b, HIDDEN * sizeof(float));
	cudaMalloc(&d_m, 2 * rows * sizeof(float));
	cudaMemcpy(d_x, h, rows * HIDDEN * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_g, gm, HIDDEN * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_b, bt, HIDDEN * sizeof(float), cudaMemcpyHostToDevice);
	layernorm_small<LANES><<<(rows + groups_per_block - 1) / groups_per_block, threads>>>(d_x, d_g, d_b, d_y, rows,
											     1e-5f, d_m);
	cudaMemcpy(y, d_y, rows * HIDDEN * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(m, d_m, 2 * rows * sizeof(float), cudaMemcpyDeviceToHost);
	for (int r = 0; r < rows; r++) {
		double mu = 0, var = 0;
		for (int c = 0; c < HIDDEN; c++)
			mu += h[r * HIDDEN + c];
		mu /= HIDDEN;
		for (int c = 0; c < HIDDEN; c++)
			var += (h[r * HIDDEN + c] - mu) * (h[r * HIDDEN + c] - mu);
		double rs = 1.0 / sqrt(var / HIDDEN + 1e-5);
		if ((fabs(m[r] - mu) > 1e-4 || m[rows + r] != h[r * HIDDEN]) && bad++ < 5)
			printf("LANES %d row %d: mean %g (want %g), first %g (want %g)\n", LANES, r, m[r], mu, m[rows + r],
			       h[r * HIDDEN]);
		for (int c = 0; c < HIDDEN; c++) {
			double want = (h[r * HIDDEN + c] - mu) * rs * gm[c] + bt[c];
			if (fabs(y[r * HIDDEN + c] - want) > 1e-4 && bad++ < 5)
				printf("LANES %d row %d col %d: %g, want %g\n", LANES, r, c, y[r * HIDDEN + c], want);
		}
	}
	cudaFree(d_x);
	cudaFree(d_y);
	cudaFree(d_g);
	cudaFree(d_b);
	cudaFree(d_m);
	delete[] y;
	delete[] m;
	return bad;
}

int main()
{
	const int rows = 37;
	float *h = new float[rows * HIDDEN], gm[HIDDEN], bt[HIDDEN];

	for (int i = 0; i < rows * HIDDEN; i++)
		h[i] = (float)((i * 97 + 13) % 101) / 17.0f - 3.0f;
	for (int c = 0; c < HIDDEN; c++)
		gm[c] = 0.5f + c / 64.0f, bt[c] = c % 3 - 1.0f;
	int bad = run<8>(h, gm, bt, rows) + run<16>(h, gm, bt, rows);
	delete[] h;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
