/*
 * C host code calling cuBLAS, compiled and linked by gcc against the CUDA
 * folder (-I include, -L lib64 -lcublas -lcudart), as programs with a CUDA
 * library and no kernel of their own are built.
 */
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>

#define N 64

int main(void)
{
	float x[N], y[N];
	float *dx = NULL, *dy = NULL, a = 3.0f;
	cublasHandle_t h;
	int i, bad = 0;

	for (i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
	if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cudaMalloc((void **)&dx, sizeof(x)) != cudaSuccess ||
	    cudaMalloc((void **)&dy, sizeof(y)) != cudaSuccess) {
		printf("FAIL\n");
		return 1;
	}
	cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, y, sizeof(y), cudaMemcpyHostToDevice);
	if (cublasSaxpy(h, N, &a, dx, 1, dy, 1) != CUBLAS_STATUS_SUCCESS)
		bad++;
	cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost);
	for (i = 0; i < N; i++)
		if (fabsf(y[i] - (3.0f * (float)i + 1.0f)) > 1e-5f)
			bad++;
	cublasDestroy(h);
	cudaFree(dx);
	cudaFree(dy);
	printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
	return bad != 0;
}
