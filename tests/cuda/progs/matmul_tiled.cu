// Tiled matrix multiplication C = A * B with 16x16 shared-memory tiles on a
// 2-D grid, for sizes that are not multiples of the tile (zero padding at
// the edges), a naive kernel for comparison, and the CPU triple loop as the
// reference. Inputs come from srand/rand as in the classic samples.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmul_naive(const float *A, const float *B, float *C, int M, int N, int K)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
	if (row < M && col < N) {
		float acc = 0.0f;
		for (int k = 0; k < K; k++)
			acc += A[row * K + k] * B[k * N + col];
		C[row * N + col] = acc;
	}
}

__global__ void matmul_tiled(const float *A, const float *B, float *C, int M, int N, int K)
{
	__shared__ float As[TILE][TILE];
	__shared__ float Bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float acc = 0.0f;
	for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
		int ak = t * TILE + tx, bk = t * TILE + ty;
		As[ty][tx] = row < M && ak < K ? A[row * K + ak] : 0.0f;
		Bs[ty][tx] = col < N && bk < K ? B[bk * N + col] : 0.0f;
		__syncthreads();
#pragma unroll
		for (int k = 0; k < TILE; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	if (row < M && col < N)
		C[row * N + col] = acc;
}

int main()
{
	const int M = 100, N = 75, K = 130;
	float *A = (float *)malloc(M * K * sizeof(float));
	float *B = (float *)malloc(K * N * sizeof(float));
	float *C = (float *)malloc(M * N * sizeof(float));
	float *C2 = (float *)malloc(M * N * sizeof(float));
	srand(12345);
	for (int i = 0; i < M * K; i++)
		A[i] = (float)(rand() % 17 - 8) / 8.0f;
	for (int i = 0; i < K * N; i++)
		B[i] = (float)(rand() % 13 - 6) / 4.0f;
	float *dA, *dB, *dC;
	cudaMalloc(&dA, M * K * sizeof(float));
	cudaMalloc(&dB, K * N * sizeof(float));
	cudaMalloc(&dC, M * N * sizeof(float));
	cudaMemcpy(dA, A, M * K * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dB, B, K * N * sizeof(float), cudaMemcpyHostToDevice);
	dim3 block(TILE, TILE);
	dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
	matmul_tiled<<<grid, block>>>(dA, dB, dC, M, N, K);
	cudaMemcpy(C, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost);
	matmul_naive<<<grid, block>>>(dA, dB, dC, M, N, K);
	cudaMemcpy(C2, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost);
	bool ok = true;
	// Inputs are multiples of 1/32 with small numerators: every partial
	// sum is exact in float, so the results must match exactly.
	for (int r = 0; r < M && ok; r++)
		for (int c = 0; c < N; c++) {
			float acc = 0.0f;
			for (int k = 0; k < K; k++)
				acc += A[r * K + k] * B[k * N + c];
			if (C[r * N + c] != acc || C2[r * N + c] != acc) {
				printf("C[%d][%d] = %f / %f, want %f\n", r, c, C[r * N + c], C2[r * N + c], acc);
				ok = false;
				break;
			}
		}
	cudaFree(dA); cudaFree(dB); cudaFree(dC);
	free(A); free(B); free(C); free(C2);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
