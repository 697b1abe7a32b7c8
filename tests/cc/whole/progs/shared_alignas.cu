// alignas after a memory-space qualifier, as cuda-samples'
// globalToShmemAsyncCopy declares its tiles: `__shared__
// alignas(alignof(float4)) float As[BS][BS];`, filled a float4 at a time
// through a reinterpret_cast (which needs that alignment), and a __device__
// table declared the same way.  A tiled matrix product, checked against the
// host (exact: small integers).
#include <cstdio>
#include <cuda_runtime.h>

#define BS 16

__device__ alignas(16) float scale_table[4] = { 1.0f, 2.0f, 3.0f, 4.0f };

__global__ void matmul_tiles(const float *A, const float *B, float *C, int n)
{
	__shared__ alignas(alignof(float4)) float As[BS][BS];
	__shared__ alignas(alignof(float4)) float Bs[BS][BS];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * BS + ty, col = blockIdx.x * BS + tx;
	float acc = 0.0f;

	for (int k0 = 0; k0 < n; k0 += BS) {
		// a quarter of the threads load a row segment as float4s
		if (tx < BS / 4) {
			const float4 *a = reinterpret_cast<const float4 *>(&A[row * n + k0]);
			const float4 *b = reinterpret_cast<const float4 *>(&B[(k0 + ty) * n + blockIdx.x * BS]);
			reinterpret_cast<float4 *>(As[ty])[tx] = a[tx];
			reinterpret_cast<float4 *>(Bs[ty])[tx] = b[tx];
		}
		__syncthreads();
		for (int k = 0; k < BS; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	C[row * n + col] = acc * scale_table[(row + col) % 4];
}

int main()
{
	const int n = 64;
	float *A, *B, *C;
	int bad = 0;

	cudaMallocManaged(&A, n * n * sizeof(float));
	cudaMallocManaged(&B, n * n * sizeof(float));
	cudaMallocManaged(&C, n * n * sizeof(float));
	for (int i = 0; i < n * n; i++) {
		A[i] = (float)(i % 5);
		B[i] = (float)(i % 3);
	}
	matmul_tiles<<<dim3(n / BS, n / BS), dim3(BS, BS)>>>(A, B, C, n);
	cudaDeviceSynchronize();
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			float want = 0.0f;

			for (int k = 0; k < n; k++)
				want += A[r * n + k] * B[k * n + c];
			want *= (float)((r + c) % 4 + 1);
			if (C[r * n + c] != want && bad++ < 4)
				printf("C[%d][%d] = %g, expected %g\n", r, c, C[r * n + c], want);
		}
	cudaFree(A);
	cudaFree(B);
	cudaFree(C);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
