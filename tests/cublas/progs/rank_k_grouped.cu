// SPDX-License-Identifier: MIT
// cuBLAS's extension calls in the style of NVIDIA's CUDALibrarySamples
// (cuBLAS/Extensions: CUDA_CHECK/CUBLAS_CHECK macros, a non-blocking stream
// bound to the handle, async copies, data_type traits):
//   - cublasCherkEx and cublasCsyrk3mEx on an 8-bit complex A (CUDA_C_8I,
//     made by a kernel on the stream) into a CUDA_C_32F C;
//   - cublasGemmGroupedBatchedEx (float, two groups of different shapes,
//     two and one products) and cublasDgemmGroupedBatched (one group).
// Every result against a loop on the host in double; the update of one
// triangle leaves the other as it was.  Prints PASSED or FAILED.
// Build: idxgen-cc -o rank_k_grouped rank_k_grouped.cu -lcublas
//        nvcc -arch=sm_90 -o rank_k_grouped rank_k_grouped.cu -lcublas
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(err)                                                                            \
	do {                                                                                       \
		cudaError_t err_ = (err);                                                          \
		if (err_ != cudaSuccess) {                                                         \
			printf("CUDA error %d at %s:%d\n", err_, __FILE__, __LINE__);              \
			exit(EXIT_FAILURE);                                                        \
		}                                                                                  \
	} while (0)

#define CUBLAS_CHECK(err)                                                                          \
	do {                                                                                       \
		cublasStatus_t err_ = (err);                                                       \
		if (err_ != CUBLAS_STATUS_SUCCESS) {                                               \
			printf("cublas error %d at %s:%d\n", err_, __FILE__, __LINE__);            \
			exit(EXIT_FAILURE);                                                        \
		}                                                                                  \
	} while (0)

typedef std::complex<double> zd;
static int failures;

static void expect(bool ok, const char *what, double err)
{
	printf("%s: %s (err %.2g)\n", ok ? "ok" : "FAILED", what, err);
	failures += !ok;
}

// A(i, j) = ((3i + 5j) mod 17 - 8) + ((7i + 2j) mod 13 - 6) i, column-major with lda
__global__ void fill_c8(char2 *a, int rows, int cols, int lda)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;

	if (i < rows && j < cols)
		a[i + j * lda] = make_char2((signed char)((3 * i + 5 * j) % 17 - 8),
					    (signed char)((7 * i + 2 * j) % 13 - 6));
}

static zd c8_value(int i, int j)
{
	return zd((3 * i + 5 * j) % 17 - 8, (7 * i + 2 * j) % 13 - 6);
}

// herk (conjugate) or syrk of A (n x k, op N) on the lower triangle, against the loop; upper
// untouched
static double rank_k_error(const std::vector<cuComplex> &c, const std::vector<cuComplex> &c0, int n,
			   int k, int ldc, zd alpha, zd beta, bool herm)
{
	double err = 0;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			zd got(c[i + j * ldc].x, c[i + j * ldc].y),
			    was(c0[i + j * ldc].x, c0[i + j * ldc].y);

			if (i < j) {
				err = fmax(err, std::abs(got - was) > 0 ? 1 : 0);
				continue;
			}
			zd sum = 0;
			for (int l = 0; l < k; l++)
				sum += c8_value(i, l) *
				       (herm ? std::conj(c8_value(j, l)) : c8_value(j, l));
			zd want = alpha * sum + beta * was;
			if (herm && i == j)
				want = want.real();
			err = fmax(err, std::abs(got - want) / (1 + std::abs(want)));
		}
	return err;
}

static void rank_k(cublasHandle_t h, cudaStream_t stream)
{
	const int n = 6, k = 9, lda = 8, ldc = 7;
	char2 *d_A = nullptr;
	cuComplex *d_C = nullptr;
	std::vector<cuComplex> C0(ldc * n), C(ldc * n);
	const float alpha = 0.5f, beta = -2.0f;
	const cuComplex calpha = {0.25f, -1.0f}, cbeta = {1.5f, 0.5f};

	for (int i = 0; i < ldc * n; i++)
		C0[i] = make_cuComplex((float)(i % 5), (float)(i % 3) - 1);
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_A), sizeof(char2) * lda * k));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_C), sizeof(cuComplex) * ldc * n));
	fill_c8<<<dim3(1, k), 32, 0, stream>>>(d_A, n, k, lda);
	CUDA_CHECK(cudaGetLastError());

	CUDA_CHECK(cudaMemcpyAsync(d_C, C0.data(), sizeof(cuComplex) * C0.size(),
				   cudaMemcpyHostToDevice, stream));
	CUBLAS_CHECK(cublasCherkEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &alpha, d_A,
				   CUDA_C_8I, lda, &beta, d_C, CUDA_C_32F, ldc));
	CUDA_CHECK(cudaMemcpyAsync(C.data(), d_C, sizeof(cuComplex) * C.size(),
				   cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double e = rank_k_error(C, C0, n, k, ldc, alpha, beta, true);
	expect(e <= 1e-6, "cublasCherkEx, A CUDA_C_8I from a kernel, lower triangle", e);

	CUDA_CHECK(cudaMemcpyAsync(d_C, C0.data(), sizeof(cuComplex) * C0.size(),
				   cudaMemcpyHostToDevice, stream));
	CUBLAS_CHECK(cublasCsyrk3mEx(h, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, n, k, &calpha, d_A,
				     CUDA_C_8I, lda, &cbeta, d_C, CUDA_C_32F, ldc));
	CUDA_CHECK(cudaMemcpyAsync(C.data(), d_C, sizeof(cuComplex) * C.size(),
				   cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	e = rank_k_error(C, C0, n, k, ldc, zd(calpha.x, calpha.y), zd(cbeta.x, cbeta.y), false);
	expect(e <= 1e-6, "cublasCsyrk3mEx, A CUDA_C_8I, lower triangle", e);

	CUDA_CHECK(cudaFree(d_A));
	CUDA_CHECK(cudaFree(d_C));
}

template <typename T>
static double gemm_error(const T *a, const T *b, const T *c, const T *c0, int m, int n, int k,
			 double alpha, double beta)
{
	double err = 0;

	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double want = 0;
			for (int l = 0; l < k; l++)
				want += (double)a[i + l * m] * b[l + j * k];
			want = alpha * want + beta * c0[i + j * m];
			err = fmax(err, fabs(c[i + j * m] - want) / (1 + fabs(want)));
		}
	return err;
}

using data_type = float;

static void grouped(cublasHandle_t h, cudaStream_t stream)
{
	const int group_count = 2;
	const int m_array[group_count] = {3, 5}, n_array[group_count] = {4, 2},
		  k_array[group_count] = {2, 6};
	const int group_size[group_count] = {2, 1};
	const cublasOperation_t transa_array[group_count] = {CUBLAS_OP_N, CUBLAS_OP_N};
	const cublasOperation_t transb_array[group_count] = {CUBLAS_OP_N, CUBLAS_OP_N};
	const data_type alpha_array[group_count] = {1.0f, -0.5f},
			beta_array[group_count] = {0.0f, 2.0f};
	const int gemm_count = 3, group_of[gemm_count] = {0, 0, 1};
	std::vector<std::vector<data_type>> A(gemm_count), B(gemm_count), C(gemm_count),
	    C0(gemm_count);
	std::vector<data_type *> d_A(gemm_count), d_B(gemm_count), d_C(gemm_count);
	data_type **d_A_array = nullptr, **d_B_array = nullptr, **d_C_array = nullptr;

	for (int p = 0; p < gemm_count; p++) {
		int g = group_of[p], m = m_array[g], n = n_array[g], k = k_array[g];
		A[p].resize(m * k), B[p].resize(k * n), C0[p].resize(m * n), C[p].resize(m * n);
		for (int i = 0; i < m * k; i++)
			A[p][i] = (data_type)((i * 7 + p) % 11) - 5;
		for (int i = 0; i < k * n; i++)
			B[p][i] = (data_type)((i * 5 + 3 * p) % 9) - 4;
		for (int i = 0; i < m * n; i++)
			C0[p][i] = (data_type)(i % 4);
		CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_A[p]),
				      sizeof(data_type) * A[p].size()));
		CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_B[p]),
				      sizeof(data_type) * B[p].size()));
		CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_C[p]),
				      sizeof(data_type) * C[p].size()));
		CUDA_CHECK(cudaMemcpyAsync(d_A[p], A[p].data(), sizeof(data_type) * A[p].size(),
					   cudaMemcpyHostToDevice, stream));
		CUDA_CHECK(cudaMemcpyAsync(d_B[p], B[p].data(), sizeof(data_type) * B[p].size(),
					   cudaMemcpyHostToDevice, stream));
		CUDA_CHECK(cudaMemcpyAsync(d_C[p], C0[p].data(), sizeof(data_type) * C0[p].size(),
					   cudaMemcpyHostToDevice, stream));
	}
	CUDA_CHECK(
	    cudaMalloc(reinterpret_cast<void **>(&d_A_array), sizeof(data_type *) * gemm_count));
	CUDA_CHECK(
	    cudaMalloc(reinterpret_cast<void **>(&d_B_array), sizeof(data_type *) * gemm_count));
	CUDA_CHECK(
	    cudaMalloc(reinterpret_cast<void **>(&d_C_array), sizeof(data_type *) * gemm_count));
	CUDA_CHECK(cudaMemcpyAsync(d_A_array, d_A.data(), sizeof(data_type *) * gemm_count,
				   cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_B_array, d_B.data(), sizeof(data_type *) * gemm_count,
				   cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_C_array, d_C.data(), sizeof(data_type *) * gemm_count,
				   cudaMemcpyHostToDevice, stream));

	// m_array doubles as lda (op N: lda = m), k_array as ldb, m_array as ldc
	CUBLAS_CHECK(cublasGemmGroupedBatchedEx(
	    h, transa_array, transb_array, m_array, n_array, k_array, alpha_array,
	    (void **)d_A_array, CUDA_R_32F, m_array, (void **)d_B_array, CUDA_R_32F, k_array,
	    beta_array, (void **)d_C_array, CUDA_R_32F, m_array, group_count, group_size,
	    CUBLAS_COMPUTE_32F));
	for (int p = 0; p < gemm_count; p++)
		CUDA_CHECK(cudaMemcpyAsync(C[p].data(), d_C[p], sizeof(data_type) * C[p].size(),
					   cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double e = 0;
	for (int p = 0; p < gemm_count; p++) {
		int g = group_of[p];
		e = fmax(e,
			 gemm_error(A[p].data(), B[p].data(), C[p].data(), C0[p].data(), m_array[g],
				    n_array[g], k_array[g], alpha_array[g], beta_array[g]));
	}
	expect(e <= 1e-6, "cublasGemmGroupedBatchedEx, float, groups of 2 and 1 products", e);

	// one group in double: C = 3 A B - C on the first product's shape
	const int m = m_array[0], n = n_array[0], k = k_array[0], one = 1;
	const double dalpha = 3.0, dbeta = -1.0;
	std::vector<double> dA(A[0].begin(), A[0].end()), dB(B[0].begin(), B[0].end());
	std::vector<double> dC0(C0[0].begin(), C0[0].end()), dC(m * n);
	double *pA, *pB, *pC, **ppA, **ppB, **ppC;
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&pA), sizeof(double) * dA.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&pB), sizeof(double) * dB.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&pC), sizeof(double) * dC.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&ppA), sizeof(double *)));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&ppB), sizeof(double *)));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&ppC), sizeof(double *)));
	CUDA_CHECK(cudaMemcpyAsync(pA, dA.data(), sizeof(double) * dA.size(),
				   cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(pB, dB.data(), sizeof(double) * dB.size(),
				   cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(pC, dC0.data(), sizeof(double) * dC0.size(),
				   cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(ppA, &pA, sizeof(double *), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(ppB, &pB, sizeof(double *), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(ppC, &pC, sizeof(double *), cudaMemcpyHostToDevice, stream));
	CUBLAS_CHECK(cublasDgemmGroupedBatched(h, transa_array, transb_array, &m, &n, &k, &dalpha,
					       ppA, &m, ppB, &k, &dbeta, ppC, &m, 1, &one));
	CUDA_CHECK(cudaMemcpyAsync(dC.data(), pC, sizeof(double) * dC.size(),
				   cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	e = gemm_error(dA.data(), dB.data(), dC.data(), dC0.data(), m, n, k, dalpha, dbeta);
	expect(e <= 1e-14, "cublasDgemmGroupedBatched, one group", e);

	for (int p = 0; p < gemm_count; p++) {
		CUDA_CHECK(cudaFree(d_A[p]));
		CUDA_CHECK(cudaFree(d_B[p]));
		CUDA_CHECK(cudaFree(d_C[p]));
	}
	CUDA_CHECK(cudaFree(d_A_array));
	CUDA_CHECK(cudaFree(d_B_array));
	CUDA_CHECK(cudaFree(d_C_array));
	CUDA_CHECK(cudaFree(pA));
	CUDA_CHECK(cudaFree(pB));
	CUDA_CHECK(cudaFree(pC));
	CUDA_CHECK(cudaFree(ppA));
	CUDA_CHECK(cudaFree(ppB));
	CUDA_CHECK(cudaFree(ppC));
}

int main()
{
	cublasHandle_t cublasH = NULL;
	cudaStream_t stream = NULL;

	/* step 1: create cublas handle, bind a stream */
	CUBLAS_CHECK(cublasCreate(&cublasH));
	CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
	CUBLAS_CHECK(cublasSetStream(cublasH, stream));

	rank_k(cublasH, stream);
	grouped(cublasH, stream);

	CUBLAS_CHECK(cublasDestroy(cublasH));
	CUDA_CHECK(cudaStreamDestroy(stream));
	CUDA_CHECK(cudaDeviceReset());
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
