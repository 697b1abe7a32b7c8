// SPDX-License-Identifier: MIT
/*
 * cc_check.cu - a CUDA program for the packaged idxgen-cc
 * (tests/pkg/check-packages.sh): a kernel launched through the runtime API
 * fills x and y, cuBLAS computes y = a*x + y and the dot product x.y, and
 * the result is compared with the closed form, so a wrong header, runtime
 * or library shows as a wrong number, not only as a failed build.
 * Prints "pkg-cc: ok N" and exits 0 when every value matches.
 */
#include <cstdio>
#include <cuda_runtime.h>
#include <cublas_v2.h>

__global__ void fill(float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
}

int main(void)
{
	const int n = 1000;
	const float a = 2.0f;
	float *x, *y, h[n], dot = 0;
	cublasHandle_t handle;
	int bad = 0;

	if (cudaMalloc(&x, n * sizeof(float)) != cudaSuccess || cudaMalloc(&y, n * sizeof(float)) != cudaSuccess)
		return 1;
	fill<<<(n + 127) / 128, 128>>>(x, y, n);
	if (cudaDeviceSynchronize() != cudaSuccess || cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS)
		return 1;
	if (cublasSaxpy(handle, n, &a, x, 1, y, 1) != CUBLAS_STATUS_SUCCESS ||
	    cublasSdot(handle, n, x, 1, x, 1, &dot) != CUBLAS_STATUS_SUCCESS)
		return 1;
	cudaMemcpy(h, y, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		bad += h[i] != 2.0f * i + 1.0f;
	/* x.x = sum of i^2 for i < n = (n-1) n (2n-1) / 6, summed in float: to 1e-5 */
	double want = (double)(n - 1) * n * (2 * n - 1) / 6;
	bad += dot < want * (1 - 1e-5) || dot > want * (1 + 1e-5);
	cublasDestroy(handle);
	cudaFree(x);
	cudaFree(y);
	printf("pkg-cc: %s %d (dot %.0f)\n", bad ? "FAILED" : "ok", n, dot);
	return bad != 0;
}
