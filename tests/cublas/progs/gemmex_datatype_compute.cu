// SPDX-License-Identifier: MIT
// cublasGemmEx with the compute type given as a cudaDataType, as tensor-core
// GEMM examples written for CUDA 10 call it (half A and B, float C,
// CUDA_R_32F as the compute type, CUBLAS_GEMM_DEFAULT_TENSOR_OP); CUDA 11's
// cublas_api.h keeps C++ overloads of that form (a cudaDataType is no
// cublasComputeType_t in C++: it did not compile before).  Also the strided
// batched form on floats, the pedantic math mode, and a compute type with no
// precision of its own (CUDA_R_8I: CUBLAS_STATUS_NOT_SUPPORTED).  Each
// product against a double product of the same values on the host; the
// sums are in float (K terms: K * 2^-24 * sum|a b|, allowed twice).
// Prints PASSED or FAILED.
// Build: idxgen-cc -o gemmex_datatype_compute gemmex_datatype_compute.cu -lcublas
//        nvcc -arch=sm_90 -o gemmex_datatype_compute gemmex_datatype_compute.cu -lcublas
#include <cstdio>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cublas_v2.h>

static int failures;

static void expect(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	failures += !ok;
}

/* Worst |got - want| / bound over an m x n column-major product of A (m x k) and B (k x n). */
static double worst(const std::vector<float> &a, const std::vector<float> &b, const float *got, int m, int n,
		    int k)
{
	double w = 0;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double want = 0, mag = 0;

			for (int l = 0; l < k; l++) {
				want += (double)a[i + l * m] * b[l + j * k];
				mag += fabs((double)a[i + l * m] * b[l + j * k]);
			}
			double bound = 2.0 * k * ldexp(1.0, -24) * mag + 1e-30;
			w = fmax(w, fabs(got[i + j * m] - want) / bound);
		}
	return w;
}

int main()
{
	const int m = 48, n = 40, k = 64, batch = 3;
	std::vector<float> a(m * k), b(k * n), c(m * n * batch);
	std::vector<__half> ah(m * k), bh(k * n);
	cublasHandle_t h;
	__half *dA, *dB;
	float *fA, *fB, *dC, one = 1.0f, zero = 0.0f;

	for (int i = 0; i < m * k; i++) {
		ah[i] = __float2half((float)((i * 37 % 101) - 50) / 64.0f);
		a[i] = __half2float(ah[i]);
	}
	for (int i = 0; i < k * n; i++) {
		bh[i] = __float2half((float)((i * 53 % 89) - 44) / 32.0f);
		b[i] = __half2float(bh[i]);
	}
	cudaMalloc(&dA, m * k * sizeof(__half));
	cudaMalloc(&dB, k * n * sizeof(__half));
	cudaMalloc(&fA, m * k * sizeof(float));
	cudaMalloc(&fB, k * n * sizeof(float));
	cudaMalloc(&dC, m * n * batch * sizeof(float));
	cudaMemcpy(dA, ah.data(), m * k * sizeof(__half), cudaMemcpyHostToDevice);
	cudaMemcpy(dB, bh.data(), k * n * sizeof(__half), cudaMemcpyHostToDevice);
	cudaMemcpy(fA, a.data(), m * k * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(fB, b.data(), k * n * sizeof(float), cudaMemcpyHostToDevice);
	cublasCreate(&h);
	cublasSetMathMode(h, CUBLAS_TENSOR_OP_MATH);

	cublasStatus_t st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, dA, CUDA_R_16F, m, dB,
					 CUDA_R_16F, k, &zero, dC, CUDA_R_32F, m, CUDA_R_32F,
					 CUBLAS_GEMM_DEFAULT_TENSOR_OP);
	cudaMemcpy(c.data(), dC, m * n * sizeof(float), cudaMemcpyDeviceToHost);
	double w = worst(a, b, c.data(), m, n, k);
	printf("half x half -> float, compute CUDA_R_32F: status %d, worst %.3f of the bound\n", (int)st, w);
	expect(st == CUBLAS_STATUS_SUCCESS && w <= 1.0, "cublasGemmEx(..., CUDA_R_32F, TENSOR_OP)");

	cudaMemset(dC, 0, m * n * batch * sizeof(float));
	st = cublasGemmStridedBatchedEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, fA, CUDA_R_32F, m, 0, fB,
					CUDA_R_32F, k, 0, &zero, dC, CUDA_R_32F, m, (long long)m * n, batch,
					CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
	cudaMemcpy(c.data(), dC, m * n * batch * sizeof(float), cudaMemcpyDeviceToHost);
	w = 0;
	for (int i = 0; i < batch; i++)
		w = fmax(w, worst(a, b, c.data() + i * m * n, m, n, k));
	printf("strided batched floats, compute CUDA_R_32F: status %d, worst %.3f of the bound\n", (int)st, w);
	expect(st == CUBLAS_STATUS_SUCCESS && w <= 1.0, "cublasGemmStridedBatchedEx(..., CUDA_R_32F)");

	cublasSetMathMode(h, CUBLAS_PEDANTIC_MATH);
	cudaMemset(dC, 0, m * n * sizeof(float));
	st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, fA, CUDA_R_32F, m, fB, CUDA_R_32F, k, &zero,
			  dC, CUDA_R_32F, m, CUDA_R_32F, CUBLAS_GEMM_DEFAULT);
	cudaMemcpy(c.data(), dC, m * n * sizeof(float), cudaMemcpyDeviceToHost);
	w = worst(a, b, c.data(), m, n, k);
	expect(st == CUBLAS_STATUS_SUCCESS && w <= 1.0, "pedantic math mode: compute CUDA_R_32F");

	st = cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, fA, CUDA_R_32F, m, fB, CUDA_R_32F, k, &zero,
			  dC, CUDA_R_32F, m, CUDA_R_8I, CUBLAS_GEMM_DEFAULT);
	expect(st == CUBLAS_STATUS_NOT_SUPPORTED, "compute CUDA_R_8I: CUBLAS_STATUS_NOT_SUPPORTED");

	cublasDestroy(h);
	cudaFree(dA);
	cudaFree(dB);
	cudaFree(fA);
	cudaFree(fB);
	cudaFree(dC);
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
