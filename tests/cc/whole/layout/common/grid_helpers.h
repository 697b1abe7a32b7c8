// A shared header one folder up, as CUDA by Example's common/book.h: an
// error macro, a __device__ helper and a kernel that every chapter's program
// includes as "../common/NAME" (src/grid_main.cu).
#ifndef GRID_HELPERS_H
#define GRID_HELPERS_H
#include <stdio.h>

static void check_call(cudaError_t err, const char *file, int line)
{
	if (err != cudaSuccess) {
		printf("%s in %s at line %d\n", cudaGetErrorString(err), file, line);
		exit(EXIT_FAILURE);
	}
}
#define CHECK_CALL(err) (check_call(err, __FILE__, __LINE__))

__device__ unsigned char level(float v, int shift)
{
	int l = (int)(v * 255.0f) + shift;
	return (unsigned char)(l < 0 ? 0 : l > 255 ? 255 : l);
}

// one pixel per thread of a 2D grid, four channels
__global__ void to_levels(unsigned char *rgba, const float *v)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;
	int offset = x + y * blockDim.x * gridDim.x;

	rgba[offset * 4 + 0] = level(v[offset], 10);
	rgba[offset * 4 + 1] = level(v[offset], 0);
	rgba[offset * 4 + 2] = level(v[offset], -10);
	rgba[offset * 4 + 3] = 255;
}
#endif
