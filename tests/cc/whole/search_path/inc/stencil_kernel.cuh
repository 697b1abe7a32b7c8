// The kernel, in a header of the include folder (the layout of cuda-samples'
// FDTD3d: src/ holds the .cu, inc/ the kernel, found through -I ../inc).
#ifndef STENCIL_KERNEL_CUH
#define STENCIL_KERNEL_CUH
#include "stencil_params.h"

__constant__ float weights[RADIUS + 1];

// Each block walks its x-y tile along z; a row of the tile in shared memory
// with RADIUS cells of halo on each side in x.
__global__ void stencil_x(float *out, const float *in, int dimx, int dimy, int dimz)
{
	__shared__ float tile[TILE_Y][TILE_X + 2 * RADIUS];
	int gx = blockIdx.x * TILE_X + threadIdx.x;
	int gy = blockIdx.y * TILE_Y + threadIdx.y;
	int tx = threadIdx.x + RADIUS, ty = threadIdx.y;

	for (int z = 0; z < dimz; z++) {
		int at = (z * dimy + gy) * dimx + gx;

		tile[ty][tx] = in[at];
		if (threadIdx.x < RADIUS) {
			tile[ty][threadIdx.x] = gx >= RADIUS ? in[at - RADIUS] : 0.0f;
			tile[ty][tx + TILE_X] = gx + TILE_X < dimx ? in[at + TILE_X] : 0.0f;
		}
		__syncthreads();
		float v = weights[0] * tile[ty][tx];
		for (int r = 1; r <= RADIUS; r++)
			v += weights[r] * (tile[ty][tx - r] + tile[ty][tx + r]);
		out[at] = v;
		__syncthreads();
	}
}

#endif
