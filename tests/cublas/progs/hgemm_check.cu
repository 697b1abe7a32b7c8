// SPDX-License-Identifier: MIT
// Half-precision GEMM through cuBLAS as mixed-precision tutorials write it:
// matrices filled on the device with __float2half, cublasHgemm with __half
// alpha and beta (C = alpha A B + beta C, column-major), then three products
// at once with cublasHgemmStridedBatched, each compared with a double
// product of the same half values.  Tolerance: the products are summed in
// float (K terms: about K * 2^-24 * sum|a b|) and C is rounded to half once
// (2^-11 of |C|); both allowed twice.  Prints PASSED or FAILED.
// Build: idxgen-cc -o hgemm_check hgemm_check.cu -lcublas
//        nvcc -arch=sm_90 -o hgemm_check hgemm_check.cu -lcublas
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cublas_v2.h>

#define checkCuda(call)                                                                      \
	do {                                                                                 \
		cudaError_t e_ = (call);                                                     \
		if (e_ != cudaSuccess) {                                                     \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), \
				__FILE__, __LINE__);                                         \
			exit(1);                                                             \
		}                                                                            \
	} while (0)
#define checkCublas(call)                                                                    \
	do {                                                                                 \
		cublasStatus_t s_ = (call);                                                  \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                           \
			fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_, __FILE__, __LINE__); \
			exit(1);                                                             \
		}                                                                            \
	} while (0)

__global__ void fill(half *m, int n, float seed)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		m[i] = __float2half(sinf(seed * (i + 1)) * 0.9f);
}

// worst error over the bound of column-major C (m x n) = alpha A (m x k) B (k x n) + beta C0
static double worst(const std::vector<half> &A, const std::vector<half> &B, const std::vector<half> &C0,
		    const std::vector<half> &C, int m, int n, int k, float alpha, float beta)
{
	double w = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0, mag = 0;
			for (int l = 0; l < k; l++) {
				double p = (double)__half2float(A[i + l * m]) * __half2float(B[l + j * k]);
				s += p;
				mag += fabs(p);
			}
			double c0 = __half2float(C0[i + j * m]);
			double ref = alpha * s + beta * c0;
			double tol = 2.0 * (k + 2) * ldexp(1.0, -24) * (fabs(alpha) * mag + fabs(beta * c0)) +
				     2.0 * ldexp(1.0, -11) * fabs(ref) + ldexp(1.0, -24);
			w = fmax(w, fabs(__half2float(C[i + j * m]) - ref) / tol);
		}
	return w;
}

int main()
{
	const int M = 37, N = 29, K = 53, BATCH = 3;
	half *dA, *dB, *dC;
	checkCuda(cudaMalloc(&dA, BATCH * M * K * sizeof(half)));
	checkCuda(cudaMalloc(&dB, BATCH * K * N * sizeof(half)));
	checkCuda(cudaMalloc(&dC, BATCH * M * N * sizeof(half)));
	fill<<<(BATCH * M * K + 255) / 256, 256>>>(dA, BATCH * M * K, 0.37f);
	fill<<<(BATCH * K * N + 255) / 256, 256>>>(dB, BATCH * K * N, 0.71f);
	fill<<<(BATCH * M * N + 255) / 256, 256>>>(dC, BATCH * M * N, 1.13f);
	checkCuda(cudaGetLastError());
	std::vector<half> A(BATCH * M * K), B(BATCH * K * N), C0(BATCH * M * N), C(BATCH * M * N);
	checkCuda(cudaMemcpy(A.data(), dA, A.size() * sizeof(half), cudaMemcpyDeviceToHost));
	checkCuda(cudaMemcpy(B.data(), dB, B.size() * sizeof(half), cudaMemcpyDeviceToHost));
	checkCuda(cudaMemcpy(C0.data(), dC, C0.size() * sizeof(half), cudaMemcpyDeviceToHost));

	cublasHandle_t handle;
	checkCublas(cublasCreate(&handle));
	const float alpha_f = 1.25f, beta_f = -0.5f;
	const half alpha = __float2half(alpha_f), beta = __float2half(beta_f);
	checkCublas(cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &alpha, dA, M, dB, K, &beta, dC, M));
	checkCuda(cudaMemcpy(C.data(), dC, M * N * sizeof(half), cudaMemcpyDeviceToHost));
	std::vector<half> A0(A.begin(), A.begin() + M * K), B0(B.begin(), B.begin() + K * N),
		C00(C0.begin(), C0.begin() + M * N), C1(C.begin(), C.begin() + M * N);
	double w1 = worst(A0, B0, C00, C1, M, N, K, alpha_f, beta_f);
	printf("Hgemm %dx%dx%d: worst error %.3f of the bound\n", M, N, K, w1);

	// the batch: restore C, then C_i = A_i B_i (beta 0)
	checkCuda(cudaMemcpy(dC, C0.data(), C0.size() * sizeof(half), cudaMemcpyHostToDevice));
	const half one = __float2half(1.0f), zero = __float2half(0.0f);
	checkCublas(cublasHgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &one, dA, M,
					      (long long)M * K, dB, K, (long long)K * N, &zero, dC, M,
					      (long long)M * N, BATCH));
	checkCuda(cudaMemcpy(C.data(), dC, C.size() * sizeof(half), cudaMemcpyDeviceToHost));
	double w2 = 0;
	for (int b = 0; b < BATCH; b++) {
		std::vector<half> Ab(A.begin() + b * M * K, A.begin() + (b + 1) * M * K),
			Bb(B.begin() + b * K * N, B.begin() + (b + 1) * K * N),
			Cb0(C0.begin() + b * M * N, C0.begin() + (b + 1) * M * N),
			Cb(C.begin() + b * M * N, C.begin() + (b + 1) * M * N);
		w2 = fmax(w2, worst(Ab, Bb, Cb0, Cb, M, N, K, 1.0f, 0.0f));
	}
	printf("HgemmStridedBatched x%d: worst error %.3f of the bound\n", BATCH, w2);

	checkCublas(cublasDestroy(handle));
	cudaFree(dA);
	cudaFree(dB);
	cudaFree(dC);
	bool ok = w1 <= 1.0 && w2 <= 1.0;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
