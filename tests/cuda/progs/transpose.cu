// Matrix transpose through a shared-memory tile padded by one column (no
// bank conflicts), 32x8 threads per 32x32 tile, each thread moving four
// elements, for a non-square matrix whose sides are not tile multiples;
// plus a naive transpose of a double matrix.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled(const int *in, int *out, int w, int h)
{
	__shared__ int tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < w && y + j < h)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < h && y + j < w)
			out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_naive(const double *in, double *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < w && y < h)
		out[x * h + y] = in[y * w + x];
}

int main()
{
	const int w = 100, h = 70;
	int *a = new int[w * h], *b = new int[w * h];
	double *da_h = new double[w * h], *db_h = new double[w * h];
	for (int i = 0; i < w * h; i++) {
		a[i] = i * 3 + 1;
		da_h[i] = i * 0.5;
	}
	int *da, *db;
	double *dd, *de;
	cudaMalloc(&da, w * h * sizeof(int));
	cudaMalloc(&db, w * h * sizeof(int));
	cudaMalloc(&dd, w * h * sizeof(double));
	cudaMalloc(&de, w * h * sizeof(double));
	cudaMemcpy(da, a, w * h * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dd, da_h, w * h * sizeof(double), cudaMemcpyHostToDevice);
	dim3 block(TILE, ROWS), grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
	transpose_tiled<<<grid, block>>>(da, db, w, h);
	dim3 b2(16, 16), g2((w + 15) / 16, (h + 15) / 16);
	transpose_naive<<<g2, b2>>>(dd, de, w, h);
	cudaMemcpy(b, db, w * h * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(db_h, de, w * h * sizeof(double), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			ok &= b[x * h + y] == a[y * w + x] && db_h[x * h + y] == da_h[y * w + x];
	cudaFree(da); cudaFree(db); cudaFree(dd); cudaFree(de);
	delete[] a; delete[] b; delete[] da_h; delete[] db_h;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
