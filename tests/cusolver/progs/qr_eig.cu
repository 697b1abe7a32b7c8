// SPDX-License-Identifier: MIT
// Least squares and eigenvalues with cuSOLVER in the style of the library's
// samples: an overdetermined system built by a kernel (rows t_i, columns
// 1, t, t^2; b = 1 + 2 t - 3 t^2 exactly), solved with geqrf, ormqr
// (Q^T b) and a back substitution kernel on R; then syevd of the n x n
// second-difference matrix, whose eigenvalues are 2 - 2 cos(k pi / (n + 1)),
// and gesvd of the same matrix (singular values = those eigenvalues, in
// descending order).  Prints PASSED or FAILED.
// Build: idxgen-cc -o qr_eig qr_eig.cu -lcusolver
//        nvcc -arch=sm_90 -o qr_eig qr_eig.cu -lcusolver
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#define CHECK(call)                                                                        \
	do {                                                                               \
		int e_ = (int)(call);                                                      \
		if (e_ != 0) {                                                             \
			printf("error %d from %s at line %d\n", e_, #call, __LINE__);      \
			exit(1);                                                           \
		}                                                                          \
	} while (0)

__global__ void vandermonde(double *A, double *b, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < m) {
		double t = -1.0 + 2.0 * i / (m - 1);
		A[i] = 1.0;
		A[i + m] = t;
		A[i + 2 * m] = t * t;
		b[i] = 1.0 + 2.0 * t - 3.0 * t * t;
	}
}

// x = R^-1 (Q^T b)[0:n], one thread: n is tiny
__global__ void back_substitute(const double *R, int ldr, const double *qtb, double *x, int n)
{
	for (int i = n - 1; i >= 0; i--) {
		double s = qtb[i];
		for (int j = i + 1; j < n; j++)
			s -= R[i + j * ldr] * x[j];
		x[i] = s / R[i + i * ldr];
	}
}

__global__ void second_difference(float *A, int n)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	int col = blockIdx.y * blockDim.y + threadIdx.y;
	if (row < n && col < n)
		A[row + col * n] = row == col ? 2.f : (abs(row - col) == 1 ? -1.f : 0.f);
}

int main()
{
	cusolverDnHandle_t h;
	CHECK(cusolverDnCreate(&h));
	bool ok = true;
	int info = -1, *d_info;
	CHECK(cudaMalloc(&d_info, sizeof(int)));

	// --- least squares by QR ---
	const int m = 37, n = 3;
	double *d_A, *d_b, *d_tau, *d_work, *d_x;
	CHECK(cudaMalloc(&d_A, sizeof(double) * m * n));
	CHECK(cudaMalloc(&d_b, sizeof(double) * m));
	CHECK(cudaMalloc(&d_tau, sizeof(double) * n));
	CHECK(cudaMalloc(&d_x, sizeof(double) * n));
	vandermonde<<<1, 64>>>(d_A, d_b, m);
	int lw_geqrf = 0, lw_ormqr = 0;
	CHECK(cusolverDnDgeqrf_bufferSize(h, m, n, d_A, m, &lw_geqrf));
	CHECK(cusolverDnDormqr_bufferSize(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, d_A, m, d_tau, d_b, m,
					  &lw_ormqr));
	int lwork = std::max(lw_geqrf, lw_ormqr);
	CHECK(cudaMalloc(&d_work, sizeof(double) * lwork));
	CHECK(cusolverDnDgeqrf(h, m, n, d_A, m, d_tau, d_work, lwork, d_info));
	CHECK(cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost));
	ok = ok && info == 0;
	CHECK(cusolverDnDormqr(h, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, m, 1, n, d_A, m, d_tau, d_b, m, d_work,
			       lwork, d_info));
	back_substitute<<<1, 1>>>(d_A, m, d_b, d_x, n);
	double x[3];
	CHECK(cudaMemcpy(x, d_x, sizeof(x), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost));
	printf("least squares: x = %.12f %.12f %.12f (expected 1 2 -3)\n", x[0], x[1], x[2]);
	ok = ok && info == 0 && fabs(x[0] - 1) < 1e-10 && fabs(x[1] - 2) < 1e-10 && fabs(x[2] + 3) < 1e-10;

	// --- eigenvalues and singular values of the second difference ---
	const int k = 40;
	const double pi = 3.14159265358979323846;
	float *d_M, *d_W, *d_S, *d_U, *d_VT, *d_fwork;
	CHECK(cudaMalloc(&d_M, sizeof(float) * k * k));
	CHECK(cudaMalloc(&d_W, sizeof(float) * k));
	CHECK(cudaMalloc(&d_S, sizeof(float) * k));
	CHECK(cudaMalloc(&d_U, sizeof(float) * k * k));
	CHECK(cudaMalloc(&d_VT, sizeof(float) * k * k));
	dim3 block(8, 8), grid((k + 7) / 8, (k + 7) / 8);
	second_difference<<<grid, block>>>(d_M, k);
	int lw_evd = 0, lw_svd = 0;
	CHECK(cusolverDnSsyevd_bufferSize(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, k, d_M, k, d_W,
					  &lw_evd));
	CHECK(cusolverDnSgesvd_bufferSize(h, k, k, &lw_svd));
	lwork = std::max(lw_evd, lw_svd);
	CHECK(cudaMalloc(&d_fwork, sizeof(float) * lwork));
	CHECK(cusolverDnSsyevd(h, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, k, d_M, k, d_W, d_fwork,
			       lwork, d_info));
	std::vector<float> W(k), S(k);
	CHECK(cudaMemcpy(W.data(), d_W, sizeof(float) * k, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost));
	double werr = 0;
	for (int i = 0; i < k; i++)
		werr = fmax(werr, fabs(W[i] - (2 - 2 * cos((i + 1) * pi / (k + 1)))));
	printf("syevd: devInfo %d, max eigenvalue error %.3e\n", info, werr);
	ok = ok && info == 0 && werr < 1e-5;

	second_difference<<<grid, block>>>(d_M, k);
	CHECK(cusolverDnSgesvd(h, 'A', 'A', k, k, d_M, k, d_S, d_U, k, d_VT, k, d_fwork, lwork, nullptr,
			       d_info));
	CHECK(cudaMemcpy(S.data(), d_S, sizeof(float) * k, cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost));
	double serr = 0;
	for (int i = 0; i < k; i++)
		serr = fmax(serr, fabs(S[i] - (2 - 2 * cos((k - i) * pi / (k + 1)))));
	printf("gesvd: devInfo %d, max singular value error %.3e\n", info, serr);
	ok = ok && info == 0 && serr < 1e-5;

	cudaFree(d_A), cudaFree(d_b), cudaFree(d_tau), cudaFree(d_work), cudaFree(d_x);
	cudaFree(d_M), cudaFree(d_W), cudaFree(d_S), cudaFree(d_U), cudaFree(d_VT), cudaFree(d_fwork);
	cudaFree(d_info);
	CHECK(cusolverDnDestroy(h));
	printf(ok ? "PASSED\n" : "FAILED\n");
	return ok ? 0 : 1;
}
