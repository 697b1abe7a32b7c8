// 2-D and 3-D grids and blocks with dim3: an image kernel on a 2-D grid of
// 16x8 blocks over a size that is not a multiple of the block, and a volume
// kernel on a 3-D grid of 8x4x2 blocks writing each cell's coordinates; also
// gridDim/blockDim in all three dimensions and a grid-stride loop in y.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void image(const unsigned char *in, int *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < h; y += gridDim.y * blockDim.y) {
		if (x < w) {
			int up = y > 0 ? in[(y - 1) * w + x] : 0;
			out[y * w + x] = in[y * w + x] * 4 - up;
		}
	}
}

__global__ void volume(int *cells, int nx, int ny, int nz)
{
	unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
	unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
	if (x < nx && y < ny && z < nz) {
		int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
		int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
		cells[((size_t)z * ny + y) * nx + x] = bid * 1000 + tid;
	}
}

int main()
{
	const int w = 70, h = 45;
	unsigned char *hin = new unsigned char[w * h];
	int *hout = new int[w * h];
	for (int i = 0; i < w * h; i++)
		hin[i] = (unsigned char)(i * 13);
	unsigned char *din;
	int *dout;
	cudaMalloc(&din, w * h);
	cudaMalloc(&dout, w * h * sizeof(int));
	cudaMemcpy(din, hin, w * h, cudaMemcpyHostToDevice);
	dim3 b2(16, 8);
	dim3 g2((w + b2.x - 1) / b2.x, 3); // fewer rows of blocks than needed: the loop covers h
	image<<<g2, b2>>>(din, dout, w, h);
	cudaMemcpy(hout, dout, w * h * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			int want = hin[y * w + x] * 4 - (y > 0 ? hin[(y - 1) * w + x] : 0);
			ok &= hout[y * w + x] == want;
		}

	const int nx = 19, ny = 10, nz = 5;
	int *dcells, *hcells = new int[nx * ny * nz];
	cudaMalloc(&dcells, nx * ny * nz * sizeof(int));
	dim3 b3(8, 4, 2);
	dim3 g3((nx + 7) / 8, (ny + 3) / 4, (nz + 1) / 2);
	volume<<<g3, b3>>>(dcells, nx, ny, nz);
	cudaMemcpy(hcells, dcells, nx * ny * nz * sizeof(int), cudaMemcpyDeviceToHost);
	for (int z = 0; z < nz; z++)
		for (int y = 0; y < ny; y++)
			for (int x = 0; x < nx; x++) {
				int tid = x % 8 + 8 * (y % 4 + 4 * (z % 2));
				int bid = x / 8 + g3.x * (y / 4 + g3.y * (z / 2));
				if (hcells[(z * ny + y) * nx + x] != bid * 1000 + tid) {
					printf("cell %d %d %d: %d\n", x, y, z, hcells[(z * ny + y) * nx + x]);
					ok = false;
				}
			}
	cudaFree(din); cudaFree(dout); cudaFree(dcells);
	delete[] hin; delete[] hout; delete[] hcells;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
