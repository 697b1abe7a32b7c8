/* C = A * B (n x n, n a multiple of TILE), tiled through shared memory. */
#include "tile.h"

__global__ void matmul(const int *A, const int *B, int *C, int n)
{
	__shared__ int As[TILE][TILE];
	__shared__ int Bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	int acc = 0;

	for (int t = 0; t < n / TILE; t++) {
		As[ty][tx] = A[row * n + t * TILE + tx];
		Bs[ty][tx] = B[(t * TILE + ty) * n + col];
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	C[row * n + col] = acc;
}
