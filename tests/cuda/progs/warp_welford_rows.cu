// Mean and variance of rows with Welford's online algorithm, as layer-norm
// kernels compute them: each lane folds a strided part of its row into
// (count, mean, m2), the lanes of a row merge those triples with a
// __shfl_down_sync tree (the three values shuffled one after another, a
// count of zero handled) over a group of `width` lanes -- a template
// argument: 32, or 8 for short rows, four rows a warp -- and the group's
// first lane broadcasts the result with __shfl_sync(mask, v, 0, width);
// every lane then normalises its elements.  Against a two-pass host
// computation in double (tolerance 1e-4).
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct Welford {
	float count, mean, m2;
};

__device__ __forceinline__ Welford welford_merge(Welford a, Welford b)
{
	float count = a.count + b.count;

	if (count == 0.0f)
		return a;
	float delta = b.mean - a.mean, nb = b.count / count;
	Welford r;

	r.count = count;
	r.mean = a.mean + delta * nb;
	r.m2 = a.m2 + b.m2 + delta * delta * a.count * nb;
	return r;
}

template <int WIDTH> __device__ __forceinline__ Welford welford_warp_reduce(Welford w, unsigned int mask)
{
#pragma unroll
	for (int offset = WIDTH / 2; offset > 0; offset >>= 1) {
		Welford o;

		o.count = __shfl_down_sync(mask, w.count, offset, WIDTH);
		o.mean = __shfl_down_sync(mask, w.mean, offset, WIDTH);
		o.m2 = __shfl_down_sync(mask, w.m2, offset, WIDTH);
		w = welford_merge(w, o);
	}
	w.count = __shfl_sync(mask, w.count, 0, WIDTH);
	w.mean = __shfl_sync(mask, w.mean, 0, WIDTH);
	w.m2 = __shfl_sync(mask, w.m2, 0, WIDTH);
	return w;
}

template <int WIDTH>
__global__ void row_normalise(const float *x, float *y, float *stats, int rows, int cols, float eps)
{
	int group = (blockIdx.x * blockDim.x + threadIdx.x) / WIDTH;
	int lane = threadIdx.x % WIDTH;
	// a warp's rows are consecutive groups; a group past the last row still shuffles (with zeros)
	bool live = group < rows;
	Welford w = { 0.0f, 0.0f, 0.0f };

	if (live)
		for (int c = lane; c < cols; c += WIDTH) {
			float v = x[(size_t)group * cols + c], delta;

			w.count += 1.0f;
			delta = v - w.mean;
			w.mean += delta / w.count;
			w.m2 += delta * (v - w.mean);
		}
	w = welford_warp_reduce<WIDTH>(w, 0xffffffffu);
	if (!live)
		return;
	float var = w.m2 / w.count, rstd = rsqrtf(var + eps);

	for (int c = lane; c < cols; c += WIDTH)
		y[(size_t)group * cols + c] = (x[(size_t)group * cols + c] - w.mean) * rstd;
	if (lane == 0) {
		stats[2 * group] = w.mean;
		stats[2 * group + 1] = var;
	}
}

template <int WIDTH> static int run(int rows, int cols)
{
	size_t n = (size_t)rows * cols;
	float *h_x = (float *)malloc(n * sizeof(float)), *h_y = (float *)malloc(n * sizeof(float));
	float *h_s = (float *)malloc(2 * rows * sizeof(float)), *d_x, *d_y, *d_s;
	const float eps = 1e-5f;
	int bad = 0;

	for (size_t i = 0; i < n; i++)
		h_x[i] = (float)((int)(i * 40503u % 1000) - 300) / 64.0f + (float)(i / cols);
	cudaMalloc(&d_x, n * sizeof(float));
	cudaMalloc(&d_y, n * sizeof(float));
	cudaMalloc(&d_s, 2 * rows * sizeof(float));
	cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice);
	int threads = 128, blocks = (rows * WIDTH + threads - 1) / threads;
	row_normalise<WIDTH><<<blocks, threads>>>(d_x, d_y, d_s, rows, cols, eps);
	cudaMemcpy(h_y, d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_s, d_s, 2 * rows * sizeof(float), cudaMemcpyDeviceToHost);
	for (int r = 0; r < rows; r++) {
		double mean = 0, var = 0;

		for (int c = 0; c < cols; c++)
			mean += h_x[(size_t)r * cols + c];
		mean /= cols;
		for (int c = 0; c < cols; c++)
			var += (h_x[(size_t)r * cols + c] - mean) * (h_x[(size_t)r * cols + c] - mean);
		var /= cols;
		if ((fabs(h_s[2 * r] - mean) > 1e-4 * (1 + fabs(mean)) || fabs(h_s[2 * r + 1] - var) > 1e-4 * (1 + var)) &&
		    bad++ < 5)
			printf("width %d, row %d: mean %g var %g, want %g %g\n", WIDTH, r, h_s[2 * r], h_s[2 * r + 1], mean,
			       var);
		for (int c = 0; c < cols; c++) {
			double want = (h_x[(size_t)r * cols + c] - mean) / sqrt(var + eps);

			if (fabs(h_y[(size_t)r * cols + c] - want) > 1e-3 && bad++ < 5)
				printf("width %d, row %d, column %d: %g, want %g\n", WIDTH, r, c, h_y[(size_t)r * cols + c],
				       want);
		}
	}
	cudaFree(d_x);
	cudaFree(d_y);
	cudaFree(d_s);
	free(h_x);
	free(h_y);
	free(h_s);
	return bad;
}

int main(void)
{
	int errors = 0;

	errors += run<32>(37, 300);
	errors += run<32>(10, 7);	/* fewer elements than lanes: counts of zero merged */
	errors += run<8>(45, 20);	/* four rows a warp, the last warp partly past the rows */
	printf("%d errors\n", errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
