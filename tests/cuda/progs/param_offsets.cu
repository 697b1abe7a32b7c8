// Kernel parameters moved once per block, as public code writes it (issue 38):
// a group normalisation whose kernel advances its input and output pointers
// to the block's group ("x += blockIdx.x * group_size;", HeCBench groupnorm),
// and a 2-D tile stencil that moves its pointers to the block's tile with a
// macro ("src = &AT(src, ...);", as stencil3d) and walks rows in a loop with
// barriers.  Loop fission runs both (the parameter is the block's own copy);
// make check also runs them as fibers (check-fibers).  Checked against a
// host reference.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define BLOCK 128
#define TILE 16
#define AT(p, r, c) p[(r) * pitch + (c)]

__global__ void group_norm(const float *x, float *y, int group_size, float eps)
{
	__shared__ float part[BLOCK];
	__shared__ float stats[2];

	x += blockIdx.x * group_size;
	y += blockIdx.x * group_size;
	float s = 0.0f;
	for (int i = threadIdx.x; i < group_size; i += blockDim.x)
		s += x[i];
	part[threadIdx.x] = s;
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h /= 2) {
		if (threadIdx.x < h)
			part[threadIdx.x] += part[threadIdx.x + h];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		stats[0] = part[0] / group_size;
	__syncthreads();
	float mean = stats[0], q = 0.0f;
	for (int i = threadIdx.x; i < group_size; i += blockDim.x)
		q += (x[i] - mean) * (x[i] - mean);
	part[threadIdx.x] = q;
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h /= 2) {
		if (threadIdx.x < h)
			part[threadIdx.x] += part[threadIdx.x + h];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		stats[1] = rsqrtf(part[0] / group_size + eps);
	__syncthreads();
	for (int i = threadIdx.x; i < group_size; i += blockDim.x)
		y[i] = (x[i] - mean) * stats[1];
}

// each block: a TILE-wide column strip of rows [blockIdx.y * rows, +rows),
// a row's three-point average with its left and right neighbour
__global__ void strip_rows(const float *src, float *dst, int pitch, int rows)
{
	__shared__ float line[TILE + 2];
	const int c = threadIdx.x + 1;

	src = &AT(src, blockIdx.y * rows, blockIdx.x * TILE);
	dst = &AT(dst, blockIdx.y * rows, blockIdx.x * TILE);
	for (int r = 0; r < rows; r++) {
		line[c] = AT(src, 0, threadIdx.x);
		if (threadIdx.x == 0)
			line[0] = blockIdx.x > 0 ? AT(src, 0, -1) : 0.0f;
		if (threadIdx.x == TILE - 1)
			line[TILE + 1] = (blockIdx.x + 1) * TILE < pitch ? AT(src, 0, TILE) : 0.0f;
		__syncthreads();
		AT(dst, 0, threadIdx.x) = (line[c - 1] + line[c] + line[c + 1]) / 3.0f;
		src += pitch;
		dst += pitch;
		__syncthreads();
	}
}

static bool check(const char *what, const float *got, const float *want, int n)
{
	for (int i = 0; i < n; i++)
		if (fabsf(got[i] - want[i]) > 1e-4f * (1.0f + fabsf(want[i]))) {
			printf("%s: element %d is %f, want %f\n", what, i, got[i], want[i]);
			return false;
		}
	return true;
}

int main()
{
	const int groups = 37, group_size = 1000, n = groups * group_size;
	const int pitch = 8 * TILE, nrows = 6 * 5, rows = 5, m = pitch * nrows;
	float *h = (float *)malloc(n * sizeof(float)), *got = (float *)malloc(n * sizeof(float));
	float *want = (float *)malloc(n * sizeof(float)), *dx, *dy;
	bool ok = true;

	srand(38);
	for (int i = 0; i < n; i++)
		h[i] = (float)(rand() % 2000) / 100.0f - 10.0f + (float)(i / group_size);
	cudaMalloc(&dx, n * sizeof(float));
	cudaMalloc(&dy, n * sizeof(float));
	cudaMemcpy(dx, h, n * sizeof(float), cudaMemcpyHostToDevice);
	group_norm<<<groups, BLOCK>>>(dx, dy, group_size, 1e-5f);
	cudaMemcpy(got, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int g = 0; g < groups; g++) {
		const float *x = h + g * group_size;
		double mean = 0, var = 0;

		for (int i = 0; i < group_size; i++)
			mean += x[i];
		mean /= group_size;
		for (int i = 0; i < group_size; i++)
			var += (x[i] - mean) * (x[i] - mean);
		var /= group_size;
		for (int i = 0; i < group_size; i++)
			want[g * group_size + i] = (float)((x[i] - mean) / sqrt(var + 1e-5));
	}
	ok = check("group_norm", got, want, n) && ok;

	cudaMemset(dy, 0, m * sizeof(float));
	strip_rows<<<dim3(pitch / TILE, nrows / rows), TILE>>>(dx, dy, pitch, rows);
	cudaMemcpy(got, dy, m * sizeof(float), cudaMemcpyDeviceToHost);
	for (int r = 0; r < nrows; r++)
		for (int c = 0; c < pitch; c++) {
			float l = c > 0 ? h[r * pitch + c - 1] : 0.0f;
			float rt = c + 1 < pitch ? h[r * pitch + c + 1] : 0.0f;

			want[r * pitch + c] = (l + h[r * pitch + c] + rt) / 3.0f;
		}
	ok = check("strip_rows", got, want, m) && ok;

	cudaFree(dx);
	cudaFree(dy);
	free(h);
	free(got);
	free(want);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
