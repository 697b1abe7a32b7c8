// SPDX-License-Identifier: MIT
// The 64-bit calls of cuSOLVER that NVIDIA's CUDA Library Samples add next
// to the solvers: a non-symmetric eigenproblem, a triangular inverse, a
// symmetric indefinite solve and the polar-decomposition SVD, each on a
// matrix whose answer is known:
//   - Xgeev (double, W complex, right vectors) of the companion matrix of
//     (x - 1)(x - 2)(x - 3)(x^2 + 1): eigenvalues 1, 2, 3, i, -i, and
//     A v = w v for each returned vector;
//   - Xtrtri (float, upper) of I + s J (a kernel makes it): the inverse has
//     (-s)^(j-i) above the diagonal;
//   - Dsytrf + Xsytrs of tridiag(1, 0, 1) (indefinite, 2x2 pivots) with
//     b = A * ones: x = ones;
//   - Xgesvdp (double, economy) of a 6 x 4 matrix with rows of diag(4, 3,
//     2, 1) in another order: S = 4, 3, 2, 1 and U S V^T = A.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o x64_eig_inverse x64_eig_inverse.cu -lcusolver
//        nvcc -arch=sm_90 -o x64_eig_inverse x64_eig_inverse.cu -lcusolver
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuComplex.h>
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

// I + s J: 1 on the diagonal, s on the superdiagonal, column-major
__global__ void unit_bidiagonal(int n, float s, float *T)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
	if (i < n)
		T[i + (size_t)j * n] = i == j ? 1.0f : (j == i + 1 ? s : 0.0f);
}

// tridiag(1, 0, 1) and b = A * ones
__global__ void tridiag_101(int n, double *A, double *b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
	if (i < n) {
		A[i + (size_t)j * n] = (i == j + 1 || j == i + 1) ? 1.0 : 0.0;
		if (j == 0)
			b[i] = (i > 0) + (i < n - 1);
	}
}

static int failures = 0;
static void check(bool ok, const char *what)
{
	if (!ok) {
		printf("wrong: %s\n", what);
		failures++;
	}
}

static void *dev_buffer(size_t bytes)
{
	void *p = nullptr;
	CUDA_CHECK(cudaMalloc(&p, bytes ? bytes : 1));
	return p;
}

static void geev(cusolverDnHandle_t h, cusolverDnParams_t params)
{
	const int64_t n = 5;
	// x^5 - 6x^4 + 12x^3 - 12x^2 + 11x - 6 = (x-1)(x-2)(x-3)(x^2+1); companion matrix, column-major
	const double c[5] = { -6, 11, -12, 12, -6 };
	std::vector<double> A(n * n, 0.0);
	for (int i = 1; i < n; i++)
		A[i + (i - 1) * n] = 1.0;
	for (int i = 0; i < n; i++)
		A[i + (n - 1) * n] = -c[i];
	double *dA, *dVR;
	cuDoubleComplex *dW;
	int *dInfo;
	CUDA_CHECK(cudaMalloc(&dA, sizeof(double) * n * n));
	CUDA_CHECK(cudaMalloc(&dVR, sizeof(double) * n * n));
	CUDA_CHECK(cudaMalloc(&dW, sizeof(cuDoubleComplex) * n));
	CUDA_CHECK(cudaMalloc(&dInfo, sizeof(int)));
	CUDA_CHECK(cudaMemcpy(dA, A.data(), sizeof(double) * n * n, cudaMemcpyHostToDevice));
	size_t dbytes = 0, hbytes = 0;
	CUSOLVER_CHECK(cusolverDnXgeev_bufferSize(h, params, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_MODE_VECTOR, n,
						  CUDA_R_64F, dA, n, CUDA_C_64F, dW, CUDA_R_64F, nullptr, 1, CUDA_R_64F,
						  dVR, n, CUDA_R_64F, &dbytes, &hbytes));
	void *dwork = dev_buffer(dbytes), *hwork = malloc(hbytes ? hbytes : 1);
	CUSOLVER_CHECK(cusolverDnXgeev(h, params, CUSOLVER_EIG_MODE_NOVECTOR, CUSOLVER_EIG_MODE_VECTOR, n, CUDA_R_64F,
				       dA, n, CUDA_C_64F, dW, CUDA_R_64F, nullptr, 1, CUDA_R_64F, dVR, n, CUDA_R_64F,
				       dwork, dbytes, hwork, hbytes, dInfo));
	int info = -1;
	std::vector<cuDoubleComplex> W(n);
	std::vector<double> VR(n * n);
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(W.data(), dW, sizeof(cuDoubleComplex) * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(VR.data(), dVR, sizeof(double) * n * n, cudaMemcpyDeviceToHost));
	check(info == 0, "Xgeev info");
	const std::complex<double> roots[5] = { 1.0, 2.0, 3.0, { 0.0, 1.0 }, { 0.0, -1.0 } };
	for (int r = 0; r < 5; r++) {
		int hits = 0;
		for (int j = 0; j < n; j++)
			hits += std::abs(std::complex<double>(W[j].x, W[j].y) - roots[r]) < 1e-9;
		check(hits == 1, "Xgeev: each root once");
	}
	// A v = w v; a complex pair's vector is column j + i column j+1 (its conjugate for the second)
	for (int j = 0; j < n; j++) {
		std::complex<double> w(W[j].x, W[j].y);
		double err = 0;
		for (int i = 0; i < n; i++) {
			std::complex<double> av = 0, vi;
			for (int k = 0; k < n; k++) {
				std::complex<double> vk = W[j].y == 0 ? VR[k + j * n]
						       : W[j].y > 0 ? std::complex<double>(VR[k + j * n], VR[k + (j + 1) * n])
								    : std::complex<double>(VR[k + (j - 1) * n], -VR[k + j * n]);
				av += A[i + k * n] * vk;
				if (k == i)
					vi = vk;
			}
			err = fmax(err, std::abs(av - w * vi));
		}
		check(err < 1e-9, "Xgeev: A v = w v");
	}
	CUDA_CHECK(cudaFree(dA));
	CUDA_CHECK(cudaFree(dVR));
	CUDA_CHECK(cudaFree(dW));
	CUDA_CHECK(cudaFree(dInfo));
	CUDA_CHECK(cudaFree(dwork));
	free(hwork);
}

static void trtri(cusolverDnHandle_t h)
{
	const int64_t n = 33;
	const float s = 0.5f;
	float *dT;
	int *dInfo;
	CUDA_CHECK(cudaMalloc(&dT, sizeof(float) * n * n));
	CUDA_CHECK(cudaMalloc(&dInfo, sizeof(int)));
	unit_bidiagonal<<<dim3((n + 31) / 32, n), 32>>>(n, s, dT);
	CUDA_CHECK(cudaGetLastError());
	size_t dbytes = 0, hbytes = 0;
	CUSOLVER_CHECK(cusolverDnXtrtri_bufferSize(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_DIAG_NON_UNIT, n, CUDA_R_32F, dT, n,
						   &dbytes, &hbytes));
	void *dwork = dev_buffer(dbytes), *hwork = malloc(hbytes ? hbytes : 1);
	CUSOLVER_CHECK(cusolverDnXtrtri(h, CUBLAS_FILL_MODE_UPPER, CUBLAS_DIAG_NON_UNIT, n, CUDA_R_32F, dT, n, dwork,
					dbytes, hwork, hbytes, dInfo));
	std::vector<float> T(n * n);
	int info = -1;
	CUDA_CHECK(cudaMemcpy(T.data(), dT, sizeof(float) * n * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	check(info == 0, "Xtrtri info");
	double err = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i <= j; i++)
			err = fmax(err, fabs(T[i + j * n] - pow(-s, j - i)));
	check(err < 1e-6, "Xtrtri: (I + sJ)^-1 = sum (-s)^k J^k");
	CUDA_CHECK(cudaFree(dT));
	CUDA_CHECK(cudaFree(dInfo));
	CUDA_CHECK(cudaFree(dwork));
	free(hwork);
}

static void sytrs(cusolverDnHandle_t h)
{
	const int n = 40;
	double *dA, *dB, *dwork;
	int *dPiv, *dInfo;
	int64_t *dPiv64;
	CUDA_CHECK(cudaMalloc(&dA, sizeof(double) * n * n));
	CUDA_CHECK(cudaMalloc(&dB, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&dPiv, sizeof(int) * n));
	CUDA_CHECK(cudaMalloc(&dPiv64, sizeof(int64_t) * n));
	CUDA_CHECK(cudaMalloc(&dInfo, sizeof(int)));
	tridiag_101<<<dim3((n + 31) / 32, n), 32>>>(n, dA, dB);
	CUDA_CHECK(cudaGetLastError());
	int lwork = 0;
	CUSOLVER_CHECK(cusolverDnDsytrf_bufferSize(h, n, dA, n, &lwork));
	CUDA_CHECK(cudaMalloc(&dwork, sizeof(double) * (lwork > 0 ? lwork : 1)));
	CUSOLVER_CHECK(cusolverDnDsytrf(h, CUBLAS_FILL_MODE_LOWER, n, dA, n, dPiv, dwork, lwork, dInfo));
	std::vector<int> piv(n);
	std::vector<int64_t> piv64(n);
	int info = -1, twos = 0;
	CUDA_CHECK(cudaMemcpy(piv.data(), dPiv, sizeof(int) * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	check(info == 0, "Dsytrf info");
	for (int i = 0; i < n; i++)
		piv64[i] = piv[i], twos += piv[i] < 0;
	check(twos > 0, "Dsytrf: 2x2 pivots on a zero diagonal");
	CUDA_CHECK(cudaMemcpy(dPiv64, piv64.data(), sizeof(int64_t) * n, cudaMemcpyHostToDevice));
	size_t dbytes = 0, hbytes = 0;
	CUSOLVER_CHECK(cusolverDnXsytrs_bufferSize(h, CUBLAS_FILL_MODE_LOWER, n, 1, CUDA_R_64F, dA, n, dPiv64,
						   CUDA_R_64F, dB, n, &dbytes, &hbytes));
	void *dws = dev_buffer(dbytes), *hws = malloc(hbytes ? hbytes : 1);
	CUSOLVER_CHECK(cusolverDnXsytrs(h, CUBLAS_FILL_MODE_LOWER, n, 1, CUDA_R_64F, dA, n, dPiv64, CUDA_R_64F, dB, n,
					dws, dbytes, hws, hbytes, dInfo));
	std::vector<double> x(n);
	CUDA_CHECK(cudaMemcpy(x.data(), dB, sizeof(double) * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	double err = 0;
	for (int i = 0; i < n; i++)
		err = fmax(err, fabs(x[i] - 1.0));
	check(info == 0 && err < 1e-10, "Xsytrs: x = ones");
	CUDA_CHECK(cudaFree(dA));
	CUDA_CHECK(cudaFree(dB));
	CUDA_CHECK(cudaFree(dPiv));
	CUDA_CHECK(cudaFree(dPiv64));
	CUDA_CHECK(cudaFree(dInfo));
	CUDA_CHECK(cudaFree(dwork));
	CUDA_CHECK(cudaFree(dws));
	free(hws);
}

static void gesvdp(cusolverDnHandle_t h, cusolverDnParams_t params)
{
	const int64_t m = 6, n = 4;
	const int rows[4] = { 4, 1, 5, 2 }; // diag(4, 3, 2, 1) placed at these rows
	std::vector<double> A(m * n, 0.0);
	for (int j = 0; j < n; j++)
		A[rows[j] + j * m] = 4.0 - j;
	double *dA, *dS, *dU, *dV;
	int *dInfo;
	CUDA_CHECK(cudaMalloc(&dA, sizeof(double) * m * n));
	CUDA_CHECK(cudaMalloc(&dS, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&dU, sizeof(double) * m * n));
	CUDA_CHECK(cudaMalloc(&dV, sizeof(double) * n * n));
	CUDA_CHECK(cudaMalloc(&dInfo, sizeof(int)));
	CUDA_CHECK(cudaMemcpy(dA, A.data(), sizeof(double) * m * n, cudaMemcpyHostToDevice));
	size_t dbytes = 0, hbytes = 0;
	CUSOLVER_CHECK(cusolverDnXgesvdp_bufferSize(h, params, CUSOLVER_EIG_MODE_VECTOR, 1, m, n, CUDA_R_64F, dA, m,
						    CUDA_R_64F, dS, CUDA_R_64F, dU, m, CUDA_R_64F, dV, n, CUDA_R_64F,
						    &dbytes, &hbytes));
	void *dwork = dev_buffer(dbytes), *hwork = malloc(hbytes ? hbytes : 1);
	double h_err_sigma = -1;
	CUSOLVER_CHECK(cusolverDnXgesvdp(h, params, CUSOLVER_EIG_MODE_VECTOR, 1, m, n, CUDA_R_64F, dA, m, CUDA_R_64F,
					 dS, CUDA_R_64F, dU, m, CUDA_R_64F, dV, n, CUDA_R_64F, dwork, dbytes, hwork,
					 hbytes, dInfo, &h_err_sigma));
	std::vector<double> S(n), U(m * n), V(n * n);
	int info = -1;
	CUDA_CHECK(cudaMemcpy(S.data(), dS, sizeof(double) * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(U.data(), dU, sizeof(double) * m * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(V.data(), dV, sizeof(double) * n * n, cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaMemcpy(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost));
	printf("gesvdp: h_err_sigma = %E\n", h_err_sigma);
	double err = 0;
	for (int k = 0; k < n; k++)
		err = fmax(err, fabs(S[k] - (4.0 - k)));
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			double s = 0;
			for (int k = 0; k < n; k++)
				s += U[i + k * m] * S[k] * V[j + k * n];
			err = fmax(err, fabs(s - A[i + j * m]));
		}
	check(info == 0 && err < 1e-12, "Xgesvdp: S = 4, 3, 2, 1 and U S V^T = A");
	CUDA_CHECK(cudaFree(dA));
	CUDA_CHECK(cudaFree(dS));
	CUDA_CHECK(cudaFree(dU));
	CUDA_CHECK(cudaFree(dV));
	CUDA_CHECK(cudaFree(dInfo));
	CUDA_CHECK(cudaFree(dwork));
	free(hwork);
}

int main()
{
	cusolverDnHandle_t h;
	cusolverDnParams_t params;
	cudaStream_t stream;
	CUSOLVER_CHECK(cusolverDnCreate(&h));
	CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
	CUSOLVER_CHECK(cusolverDnSetStream(h, stream));
	CUSOLVER_CHECK(cusolverDnCreateParams(&params));
	geev(h, params);
	trtri(h);
	sytrs(h);
	gesvdp(h, params);
	CUSOLVER_CHECK(cusolverDnDestroyParams(params));
	CUSOLVER_CHECK(cusolverDnDestroy(h));
	CUDA_CHECK(cudaStreamDestroy(stream));
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
