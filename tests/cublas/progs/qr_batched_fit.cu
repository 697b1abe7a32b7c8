// SPDX-License-Identifier: MIT
// Batched polynomial fitting by QR, as curve-fitting and signal codes write
// it with cuBLAS: a kernel fills 64 tall Vandermonde matrices (20 samples x
// 4 coefficients on [-1, 1]) and the samples of 64 different known
// cubics; cublasDgeqrfBatched factors them through device pointer arrays;
// the host applies Q^T to each right-hand side with the Householder vectors
// and tau, then back-substitutes with R.  The fitted coefficients must be
// the cubics' own.  Prints PASSED or FAILED.
// Build: idxgen-cc -o qr_batched_fit qr_batched_fit.cu -lcublas
//        nvcc -arch=sm_90 -o qr_batched_fit qr_batched_fit.cu -lcublas
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define checkCuda(call)                                                                      \
	do {                                                                                 \
		cudaError_t e_ = (call);                                                     \
		if (e_ != cudaSuccess) {                                                     \
			fprintf(stderr, "CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			exit(1);                                                             \
		}                                                                            \
	} while (0)
#define checkCublas(call)                                                                    \
	do {                                                                                 \
		cublasStatus_t s_ = (call);                                                  \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                           \
			fprintf(stderr, "cuBLAS error %d at line %d\n", (int)s_, __LINE__);     \
			exit(1);                                                             \
		}                                                                            \
	} while (0)

const int M = 20, N = 4, BATCH = 64;

__host__ __device__ double coef(int b, int j) { return (j + 1) * 0.5 - 0.1 * b + (j == 3 ? 0.01 * b : 0.0); }

// A_b(i, j) = t_i^j, t_i evenly on [-1, 1]; y_b(i) = sum_j coef(b, j) t_i^j
__global__ void vandermonde(double *A, double *y)
{
	int b = blockIdx.x, i = threadIdx.x;
	if (i >= M)
		return;
	double t = -1.0 + 2.0 * i / (M - 1), p = 1, s = 0;
	for (int j = 0; j < N; j++) {
		A[(size_t)b * M * N + i + (size_t)j * M] = p;
		s += coef(b, j) * p;
		p *= t;
	}
	y[(size_t)b * M + i] = s;
}

int main()
{
	double *dA, *dY, *dTau, **dAarray, **dTauArray;
	checkCuda(cudaMalloc(&dA, sizeof(double) * M * N * BATCH));
	checkCuda(cudaMalloc(&dY, sizeof(double) * M * BATCH));
	checkCuda(cudaMalloc(&dTau, sizeof(double) * N * BATCH));
	checkCuda(cudaMalloc(&dAarray, sizeof(double *) * BATCH));
	checkCuda(cudaMalloc(&dTauArray, sizeof(double *) * BATCH));
	vandermonde<<<BATCH, 32>>>(dA, dY);
	checkCuda(cudaGetLastError());
	std::vector<double *> hA(BATCH), hT(BATCH);
	for (int b = 0; b < BATCH; b++)
		hA[b] = dA + (size_t)b * M * N, hT[b] = dTau + (size_t)b * N;
	checkCuda(cudaMemcpy(dAarray, hA.data(), sizeof(double *) * BATCH, cudaMemcpyHostToDevice));
	checkCuda(cudaMemcpy(dTauArray, hT.data(), sizeof(double *) * BATCH, cudaMemcpyHostToDevice));

	cublasHandle_t handle;
	checkCublas(cublasCreate(&handle));
	int info = -1;
	checkCublas(cublasDgeqrfBatched(handle, M, N, dAarray, M, dTauArray, &info, BATCH));
	checkCuda(cudaDeviceSynchronize());

	std::vector<double> A(M * N * BATCH), y(M * BATCH), tau(N * BATCH);
	checkCuda(cudaMemcpy(A.data(), dA, sizeof(double) * A.size(), cudaMemcpyDeviceToHost));
	checkCuda(cudaMemcpy(y.data(), dY, sizeof(double) * y.size(), cudaMemcpyDeviceToHost));
	checkCuda(cudaMemcpy(tau.data(), dTau, sizeof(double) * tau.size(), cudaMemcpyDeviceToHost));
	double maxerr = 0;
	for (int b = 0; b < BATCH; b++) {
		const double *F = &A[(size_t)b * M * N], *t = &tau[(size_t)b * N];
		double *r = &y[(size_t)b * M], x[N];
		for (int j = 0; j < N; j++) { // r = H_j r, H_j = I - tau_j v v^T, v = (0.., 1, F(j+1:M, j))
			double d = r[j];
			for (int i = j + 1; i < M; i++)
				d += F[i + j * M] * r[i];
			d *= t[j];
			r[j] -= d;
			for (int i = j + 1; i < M; i++)
				r[i] -= d * F[i + j * M];
		}
		for (int j = N - 1; j >= 0; j--) { // R x = (Q^T y)(0:N)
			double s = r[j];
			for (int k = j + 1; k < N; k++)
				s -= F[j + k * M] * x[k];
			x[j] = s / F[j + j * M];
		}
		for (int j = 0; j < N; j++)
			maxerr = fmax(maxerr, fabs(x[j] - coef(b, j)));
	}
	printf("geqrfBatched: info %d, %d fits of %d x %d, max coefficient error %.3e\n", info, BATCH, M, N, maxerr);
	bool ok = info == 0 && maxerr < 1e-12;
	checkCublas(cublasDestroy(handle));
	checkCuda(cudaFree(dA));
	checkCuda(cudaFree(dY));
	checkCuda(cudaFree(dTau));
	checkCuda(cudaFree(dAarray));
	checkCuda(cudaFree(dTauArray));
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
