// SPDX-License-Identifier: MIT
// Mixed-precision solves and a Cholesky inverse with cuSOLVER, the way
// application code uses them: a kernel fills a diagonally dominant n x n
// matrix (4 on the diagonal, 1/(1 + |i - j|) off it) and the right-hand
// side A * ones; cusolverDnDSgesv (single-precision LU, refined to double)
// must give x = ones to double accuracy with a positive iteration count;
// cusolverDnIRSXgesv through the IRS objects (double from half) likewise;
// then potrf + potri of the same symmetric matrix, and A * A^-1 compared
// with I by a kernel.  Prints PASSED or FAILED.
// Build: idxgen-cc -o mixed_precision mixed_precision.cu -lcusolver
//        nvcc -arch=sm_90 -o mixed_precision mixed_precision.cu -lcusolver
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#define CUDA_CHECK(call)                                                                   \
	do {                                                                               \
		cudaError_t e_ = (call);                                                   \
		if (e_ != cudaSuccess) {                                                   \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			exit(1);                                                           \
		}                                                                          \
	} while (0)
#define CUSOLVER_CHECK(call)                                                               \
	do {                                                                               \
		cusolverStatus_t s_ = (call);                                              \
		if (s_ != CUSOLVER_STATUS_SUCCESS) {                                       \
			printf("cuSOLVER error %d at line %d\n", (int)s_, __LINE__);       \
			exit(1);                                                           \
		}                                                                          \
	} while (0)

__global__ void fill_system(double *A, double *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double sum = 0;
	for (int j = 0; j < n; j++) {
		double v = i == j ? 4.0 : 1.0 / (1 + abs(i - j));
		A[i + j * n] = v;
		sum += v;
	}
	b[i] = sum; // A * ones
}

// err[i] = max_j |(A * Ainv)(i, j) - I(i, j)|, Ainv symmetric with only its lower triangle set
__global__ void identity_error(const double *A, const double *Ainv, double *err, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double worst = 0;
	for (int j = 0; j < n; j++) {
		double s = 0;
		for (int k = 0; k < n; k++)
			s += A[i + k * n] * (k >= j ? Ainv[k + j * n] : Ainv[j + k * n]);
		worst = fmax(worst, fabs(s - (i == j)));
	}
	err[i] = worst;
}

static double max_error_from_ones(const double *dx, int n)
{
	std::vector<double> x(n);
	CUDA_CHECK(cudaMemcpy(x.data(), dx, n * sizeof(double), cudaMemcpyDeviceToHost));
	double e = 0;
	for (int i = 0; i < n; i++)
		e = fmax(e, fabs(x[i] - 1));
	return e;
}

int main()
{
	const int n = 64;
	cusolverDnHandle_t handle;
	double *dA, *dB, *dX, *dF, *dErr;
	int *dInfo, *dIpiv, info = -1, iters = 0;
	bool ok = true;

	CUSOLVER_CHECK(cusolverDnCreate(&handle));
	CUDA_CHECK(cudaMalloc(&dA, n * n * sizeof(double)));
	CUDA_CHECK(cudaMalloc(&dF, n * n * sizeof(double)));
	CUDA_CHECK(cudaMalloc(&dB, n * sizeof(double)));
	CUDA_CHECK(cudaMalloc(&dX, n * sizeof(double)));
	CUDA_CHECK(cudaMalloc(&dErr, n * sizeof(double)));
	CUDA_CHECK(cudaMalloc(&dInfo, sizeof(int)));
	CUDA_CHECK(cudaMalloc(&dIpiv, n * sizeof(int)));
	fill_system<<<(n + 31) / 32, 32>>>(dA, dB, n);
	CUDA_CHECK(cudaGetLastError());

	// DSgesv: factor in single precision, refine to double
	size_t bytes = 0;
	void *dWork = nullptr;
	CUSOLVER_CHECK(cusolverDnDSgesv_bufferSize(handle, n, 1, dA, n, dIpiv, dB, n, dX, n, nullptr, &bytes));
	CUDA_CHECK(cudaMalloc(&dWork, bytes));
	CUSOLVER_CHECK(cusolverDnDSgesv(handle, n, 1, dA, n, dIpiv, dB, n, dX, n, dWork, bytes, &iters, dInfo));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	double e = max_error_from_ones(dX, n);
	printf("DSgesv: info %d, iterations %d, max |x - 1| = %.3g\n", info, iters, e);
	ok = ok && info == 0 && iters > 0 && e < 1e-13;
	CUDA_CHECK(cudaFree(dWork));

	// the same through the IRS objects, double from half
	cusolverDnIRSParams_t params;
	cusolverDnIRSInfos_t infos;
	CUSOLVER_CHECK(cusolverDnIRSParamsCreate(&params));
	CUSOLVER_CHECK(cusolverDnIRSInfosCreate(&infos));
	CUSOLVER_CHECK(cusolverDnIRSParamsSetSolverPrecisions(params, CUSOLVER_R_64F, CUSOLVER_R_16F));
	CUSOLVER_CHECK(cusolverDnIRSParamsSetRefinementSolver(params, CUSOLVER_IRS_REFINE_CLASSICAL));
	CUSOLVER_CHECK(cusolverDnIRSParamsSetMaxIters(params, 20));
	CUSOLVER_CHECK(cusolverDnIRSXgesv_bufferSize(handle, params, n, 1, &bytes));
	CUDA_CHECK(cudaMalloc(&dWork, bytes));
	CUDA_CHECK(cudaMemset(dX, 0, n * sizeof(double)));
	CUSOLVER_CHECK(cusolverDnIRSXgesv(handle, params, infos, n, 1, dA, n, dB, n, dX, n, dWork, bytes, &iters,
					  dInfo));
	int niters = 0, maxiters = 0;
	CUSOLVER_CHECK(cusolverDnIRSInfosGetNiters(infos, &niters));
	CUSOLVER_CHECK(cusolverDnIRSInfosGetMaxIters(infos, &maxiters));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	e = max_error_from_ones(dX, n);
	printf("IRSXgesv: info %d, niters %d (of %d), max |x - 1| = %.3g\n", info, niters, maxiters, e);
	ok = ok && info == 0 && niters == iters && niters > 0 && maxiters == 20 && e < 1e-13;
	CUSOLVER_CHECK(cusolverDnIRSInfosDestroy(infos));
	CUSOLVER_CHECK(cusolverDnIRSParamsDestroy(params));
	CUDA_CHECK(cudaFree(dWork));

	// potrf + potri: the inverse in the lower triangle
	int lwork = 0;
	double *dW;
	CUDA_CHECK(cudaMemcpy(dF, dA, n * n * sizeof(double), cudaMemcpyDeviceToDevice));
	CUSOLVER_CHECK(cusolverDnDpotrf_bufferSize(handle, CUBLAS_FILL_MODE_LOWER, n, dF, n, &lwork));
	int lw2 = 0;
	CUSOLVER_CHECK(cusolverDnDpotri_bufferSize(handle, CUBLAS_FILL_MODE_LOWER, n, dF, n, &lw2));
	lwork = lwork > lw2 ? lwork : lw2;
	CUDA_CHECK(cudaMalloc(&dW, lwork * sizeof(double)));
	CUSOLVER_CHECK(cusolverDnDpotrf(handle, CUBLAS_FILL_MODE_LOWER, n, dF, n, dW, lwork, dInfo));
	CUSOLVER_CHECK(cusolverDnDpotri(handle, CUBLAS_FILL_MODE_LOWER, n, dF, n, dW, lwork, dInfo));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	identity_error<<<(n + 31) / 32, 32>>>(dA, dF, dErr, n);
	CUDA_CHECK(cudaGetLastError());
	std::vector<double> err(n);
	CUDA_CHECK(cudaMemcpy(err.data(), dErr, n * sizeof(double), cudaMemcpyDeviceToHost));
	double worst = 0;
	for (int i = 0; i < n; i++)
		worst = fmax(worst, err[i]);
	printf("potrf + potri: info %d, max |A A^-1 - I| = %.3g\n", info, worst);
	ok = ok && info == 0 && worst < 1e-12;

	CUDA_CHECK(cudaFree(dW));
	CUDA_CHECK(cudaFree(dA));
	CUDA_CHECK(cudaFree(dF));
	CUDA_CHECK(cudaFree(dB));
	CUDA_CHECK(cudaFree(dX));
	CUDA_CHECK(cudaFree(dErr));
	CUDA_CHECK(cudaFree(dInfo));
	CUDA_CHECK(cudaFree(dIpiv));
	CUSOLVER_CHECK(cusolverDnDestroy(handle));
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
