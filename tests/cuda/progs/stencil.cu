// A 2-D five-point Jacobi stencil with a shared-memory tile and a one-cell
// halo (halo cells loaded by the edge threads), iterated with ping-pong
// buffers, Dirichlet boundary; compared with the CPU after 10 sweeps.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define BX 16
#define BY 8

__global__ void jacobi(const float *in, float *out, int nx, int ny)
{
	__shared__ float t[BY + 2][BX + 2];
	int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
	int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
	bool inside = x < nx && y < ny;
	if (inside) {
		t[ly][lx] = in[y * nx + x];
		if (threadIdx.x == 0 && x > 0)
			t[ly][0] = in[y * nx + x - 1];
		if ((threadIdx.x == BX - 1 || x == nx - 1) && x < nx - 1)
			t[ly][lx + 1] = in[y * nx + x + 1];
		if (threadIdx.y == 0 && y > 0)
			t[0][lx] = in[(y - 1) * nx + x];
		if ((threadIdx.y == BY - 1 || y == ny - 1) && y < ny - 1)
			t[ly + 1][lx] = in[(y + 1) * nx + x];
	}
	__syncthreads();
	if (!inside)
		return;
	if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
		out[y * nx + x] = t[ly][lx];
	else
		out[y * nx + x] = 0.25f * (t[ly][lx - 1] + t[ly][lx + 1] + t[ly - 1][lx] + t[ly + 1][lx]);
}

int main()
{
	const int nx = 61, ny = 37, iters = 10;
	float *h = new float[nx * ny], *r0 = new float[nx * ny], *r1 = new float[nx * ny];
	for (int y = 0; y < ny; y++)
		for (int x = 0; x < nx; x++)
			h[y * nx + x] = (x == 0 || y == 0) ? 100.0f : (float)((x * y) % 7);
	float *da, *db;
	cudaMalloc(&da, nx * ny * sizeof(float));
	cudaMalloc(&db, nx * ny * sizeof(float));
	cudaMemcpy(da, h, nx * ny * sizeof(float), cudaMemcpyHostToDevice);
	dim3 block(BX, BY), grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
	for (int it = 0; it < iters; it++) {
		jacobi<<<grid, block>>>(da, db, nx, ny);
		float *t = da; da = db; db = t;
	}
	float *got = new float[nx * ny];
	cudaMemcpy(got, da, nx * ny * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < nx * ny; i++)
		r0[i] = h[i];
	for (int it = 0; it < iters; it++) {
		for (int y = 0; y < ny; y++)
			for (int x = 0; x < nx; x++) {
				int i = y * nx + x;
				if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
					r1[i] = r0[i];
				else
					r1[i] = 0.25f * (r0[i - 1] + r0[i + 1] + r0[i - nx] + r0[i + nx]);
			}
		float *t = r0; r0 = r1; r1 = t;
	}
	bool ok = true;
	for (int i = 0; i < nx * ny; i++)
		if (fabsf(got[i] - r0[i]) > 1e-4f * (1.0f + fabsf(r0[i]))) {
			printf("cell %d: %f, want %f\n", i, got[i], r0[i]);
			ok = false;
			break;
		}
	cudaFree(da); cudaFree(db);
	delete[] h; delete[] r0; delete[] r1; delete[] got;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
