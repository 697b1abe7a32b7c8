// SPDX-License-Identifier: MIT
// A cuBLAS SGEMM as CUDA samples and tutorials write it: checkCuda /
// checkCublas macros, data made by a kernel on the device, C = A * B through
// cublasSgemm (column-major, so the row-major product is B^T A^T), copied
// back and compared with a CPU loop; then a dot product and an axpy on a
// stream with device-side scalars.  Prints PASSED or FAILED.
// Build: idxgen-cc -o sgemm_check sgemm_check.cu -lcublas
//        nvcc -arch=sm_90 -o sgemm_check sgemm_check.cu -lcublas
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define checkCuda(call)                                                              \
	do {                                                                         \
		cudaError_t e_ = (call);                                             \
		if (e_ != cudaSuccess) {                                             \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), \
				__FILE__, __LINE__);                                 \
			exit(1);                                                     \
		}                                                                    \
	} while (0)
#define checkCublas(call)                                                            \
	do {                                                                         \
		cublasStatus_t s_ = (call);                                          \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                   \
			fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_, __FILE__, \
				__LINE__);                                           \
			exit(1);                                                     \
		}                                                                    \
	} while (0)

__global__ void init(float *m, int rows, int cols, float seed)
{
	int r = blockIdx.y * blockDim.y + threadIdx.y;
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	if (r < rows && c < cols)
		m[r * cols + c] = sinf(seed * (r + 1) + 0.37f * c);
}

int main()
{
	const int M = 123, K = 77, N = 95;	// row-major A (M x K), B (K x N), C (M x N)
	float *dA, *dB, *dC;
	checkCuda(cudaMalloc(&dA, M * K * sizeof(float)));
	checkCuda(cudaMalloc(&dB, K * N * sizeof(float)));
	checkCuda(cudaMalloc(&dC, M * N * sizeof(float)));
	dim3 block(16, 16);
	init<<<dim3((K + 15) / 16, (M + 15) / 16), block>>>(dA, M, K, 0.5f);
	init<<<dim3((N + 15) / 16, (K + 15) / 16), block>>>(dB, K, N, 0.25f);
	checkCuda(cudaGetLastError());

	cublasHandle_t handle;
	checkCublas(cublasCreate(&handle));
	const float alpha = 1.0f, beta = 0.0f;
	// row-major C = A B is column-major C^T = B^T A^T
	checkCublas(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, dB, N, dA, K, &beta, dC, N));

	std::vector<float> A(M * K), B(K * N), C(M * N);
	checkCuda(cudaMemcpy(A.data(), dA, A.size() * sizeof(float), cudaMemcpyDeviceToHost));
	checkCuda(cudaMemcpy(B.data(), dB, B.size() * sizeof(float), cudaMemcpyDeviceToHost));
	checkCuda(cudaMemcpy(C.data(), dC, C.size() * sizeof(float), cudaMemcpyDeviceToHost));
	double maxerr = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			double s = 0;
			for (int k = 0; k < K; k++)
				s += (double)A[i * K + k] * B[k * N + j];
			maxerr = fmax(maxerr, fabs(s - C[i * N + j]));
		}
	printf("sgemm %dx%dx%d: max error %.3g\n", M, N, K, maxerr);

	// dot and axpy on a stream, scalars on the device
	cudaStream_t stream;
	checkCuda(cudaStreamCreate(&stream));
	checkCublas(cublasSetStream(handle, stream));
	checkCublas(cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_DEVICE));
	float *dScal, *dDot;
	checkCuda(cudaMalloc(&dScal, sizeof(float)));
	checkCuda(cudaMalloc(&dDot, sizeof(float)));
	const float two = 2.0f;
	checkCuda(cudaMemcpyAsync(dScal, &two, sizeof(float), cudaMemcpyHostToDevice, stream));
	checkCublas(cublasSaxpy(handle, K, dScal, dA, 1, dB, 1));	// B[0..K) += 2 A[0..K)
	checkCublas(cublasSdot(handle, K, dA, 1, dB, 1, dDot));
	float dot = 0;
	checkCuda(cudaMemcpyAsync(&dot, dDot, sizeof(float), cudaMemcpyDeviceToHost, stream));
	checkCuda(cudaStreamSynchronize(stream));
	double want = 0;
	for (int k = 0; k < K; k++)
		want += (double)A[k] * (B[k] + 2.0 * A[k]);
	printf("axpy+dot on a stream: %.6g (want %.6g)\n", dot, want);

	bool ok = maxerr < 1e-3 && fabs(dot - want) < 1e-3 * (1 + fabs(want));
	checkCublas(cublasDestroy(handle));
	checkCuda(cudaStreamDestroy(stream));
	cudaFree(dA);
	cudaFree(dB);
	cudaFree(dC);
	cudaFree(dScal);
	cudaFree(dDot);
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
