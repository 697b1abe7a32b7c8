// SPDX-License-Identifier: MIT
// cuSOLVER's 64-bit generic API as NVIDIA's CUDA Library Samples write it
// (cusolverDnParams_t, cudaDataType tags, int64_t pivots, a device and a
// host workspace from each _bufferSize): the n x n second-difference matrix
// tridiag(-1, 2, -1), whose eigenvalues are 2 - 2 cos(k pi / (n + 1)), made
// by a kernel; then
//   - Xgetrf + Xgetrs (double) of A x = A * ones, x compared with ones;
//   - Xpotrf + Xpotrs (float, lower) of the same system;
//   - Xsyevd (double, vectors) against the known eigenvalues, ascending;
//   - Xgesvd (double, no vectors): the singular values are the same
//     eigenvalues, descending.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o x64_solvers x64_solvers.cu -lcusolver
//        nvcc -arch=sm_90 -o x64_solvers x64_solvers.cu -lcusolver
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

template <typename T> __global__ void second_difference(int n, T *A)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
	if (i < n)
		A[i + (size_t)j * n] = i == j ? T(2) : (i == j + 1 || j == i + 1) ? T(-1) : T(0);
}

// b = A * ones: 1 in the first and last rows, 0 inside
template <typename T> __global__ void rhs(int n, T *b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		b[i] = (i == 0 || i == n - 1) ? T(1) : T(0);
}

struct Workspace {
	void *d = nullptr, *h = nullptr;
	size_t dsize = 0, hsize = 0;
	void get(size_t dbytes, size_t hbytes)
	{
		dsize = dbytes, hsize = hbytes;
		CUDA_CHECK(cudaMalloc(&d, dbytes ? dbytes : 1));
		h = malloc(hbytes ? hbytes : 1);
	}
	void put()
	{
		cudaFree(d);
		free(h);
	}
};

int main()
{
	const int64_t n = 40;
	const int threads = 64;
	dim3 grid((unsigned)((n + threads - 1) / threads), (unsigned)n);
	cusolverDnHandle_t handle;
	cusolverDnParams_t params;
	cudaStream_t stream;
	CUSOLVER_CHECK(cusolverDnCreate(&handle));
	CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
	CUSOLVER_CHECK(cusolverDnSetStream(handle, stream));
	CUSOLVER_CHECK(cusolverDnCreateParams(&params));
	CUSOLVER_CHECK(cusolverDnSetAdvOptions(params, CUSOLVERDN_GETRF, CUSOLVER_ALG_0));

	double *dA, *db, *dW, *dS;
	float *fA, *fb;
	int64_t *dIpiv;
	int *dInfo;
	CUDA_CHECK(cudaMalloc(&dA, sizeof(double) * n * n));
	CUDA_CHECK(cudaMalloc(&db, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&dW, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&dS, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&fA, sizeof(float) * n * n));
	CUDA_CHECK(cudaMalloc(&fb, sizeof(float) * n));
	CUDA_CHECK(cudaMalloc(&dIpiv, sizeof(int64_t) * n));
	CUDA_CHECK(cudaMalloc(&dInfo, sizeof(int) * 4));
	std::vector<int> info(4, -1);
	bool ok = true;

	// LU, double
	Workspace w;
	size_t dbytes, hbytes;
	second_difference<<<grid, threads, 0, stream>>>((int)n, dA);
	rhs<<<grid.x, threads, 0, stream>>>((int)n, db);
	CUSOLVER_CHECK(cusolverDnXgetrf_bufferSize(handle, params, n, n, CUDA_R_64F, dA, n, CUDA_R_64F, &dbytes, &hbytes));
	w.get(dbytes, hbytes);
	CUSOLVER_CHECK(cusolverDnXgetrf(handle, params, n, n, CUDA_R_64F, dA, n, dIpiv, CUDA_R_64F, w.d, w.dsize, w.h,
					w.hsize, dInfo));
	CUSOLVER_CHECK(cusolverDnXgetrs(handle, params, CUBLAS_OP_N, n, 1, CUDA_R_64F, dA, n, dIpiv, CUDA_R_64F, db, n,
					dInfo + 1));
	w.put();
	std::vector<double> x(n);
	CUDA_CHECK(cudaMemcpyAsync(x.data(), db, sizeof(double) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(info.data(), dInfo, sizeof(int) * 2, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double errLU = 0;
	for (int64_t i = 0; i < n; i++)
		errLU = fmax(errLU, fabs(x[i] - 1));
	printf("Xgetrf/Xgetrs: info %d %d, max |x - 1| = %.3g\n", info[0], info[1], errLU);
	ok &= info[0] == 0 && info[1] == 0 && errLU < 1e-10;

	// Cholesky, float
	second_difference<<<grid, threads, 0, stream>>>((int)n, fA);
	rhs<<<grid.x, threads, 0, stream>>>((int)n, fb);
	CUSOLVER_CHECK(cusolverDnXpotrf_bufferSize(handle, params, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_32F, fA, n,
						   CUDA_R_32F, &dbytes, &hbytes));
	w.get(dbytes, hbytes);
	CUSOLVER_CHECK(cusolverDnXpotrf(handle, params, CUBLAS_FILL_MODE_LOWER, n, CUDA_R_32F, fA, n, CUDA_R_32F, w.d,
					w.dsize, w.h, w.hsize, dInfo));
	CUSOLVER_CHECK(cusolverDnXpotrs(handle, params, CUBLAS_FILL_MODE_LOWER, n, 1, CUDA_R_32F, fA, n, CUDA_R_32F, fb, n,
					dInfo + 1));
	w.put();
	std::vector<float> xf(n);
	CUDA_CHECK(cudaMemcpyAsync(xf.data(), fb, sizeof(float) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(info.data(), dInfo, sizeof(int) * 2, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double errChol = 0;
	for (int64_t i = 0; i < n; i++)
		errChol = fmax(errChol, fabs(xf[i] - 1.0));
	printf("Xpotrf/Xpotrs (float): info %d %d, max |x - 1| = %.3g\n", info[0], info[1], errChol);
	ok &= info[0] == 0 && info[1] == 0 && errChol < 1e-3;

	// eigenvalues with vectors, double
	second_difference<<<grid, threads, 0, stream>>>((int)n, dA);
	CUSOLVER_CHECK(cusolverDnXsyevd_bufferSize(handle, params, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n,
						   CUDA_R_64F, dA, n, CUDA_R_64F, dW, CUDA_R_64F, &dbytes, &hbytes));
	w.get(dbytes, hbytes);
	CUSOLVER_CHECK(cusolverDnXsyevd(handle, params, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, n, CUDA_R_64F,
					dA, n, CUDA_R_64F, dW, CUDA_R_64F, w.d, w.dsize, w.h, w.hsize, dInfo));
	w.put();
	// singular values without vectors, double
	second_difference<<<grid, threads, 0, stream>>>((int)n, dA);
	CUSOLVER_CHECK(cusolverDnXgesvd_bufferSize(handle, params, 'N', 'N', n, n, CUDA_R_64F, dA, n, CUDA_R_64F, dS,
						   CUDA_R_64F, nullptr, n, CUDA_R_64F, nullptr, n, CUDA_R_64F, &dbytes,
						   &hbytes));
	w.get(dbytes, hbytes);
	CUSOLVER_CHECK(cusolverDnXgesvd(handle, params, 'N', 'N', n, n, CUDA_R_64F, dA, n, CUDA_R_64F, dS, CUDA_R_64F,
					nullptr, n, CUDA_R_64F, nullptr, n, CUDA_R_64F, w.d, w.dsize, w.h, w.hsize,
					dInfo + 1));
	w.put();
	std::vector<double> ev(n), sv(n);
	CUDA_CHECK(cudaMemcpyAsync(ev.data(), dW, sizeof(double) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(sv.data(), dS, sizeof(double) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(info.data(), dInfo, sizeof(int) * 2, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	const double pi = 3.14159265358979323846;
	double errEig = 0, errSvd = 0;
	for (int64_t k = 0; k < n; k++) {
		double lambda = 2 - 2 * cos((k + 1) * pi / (n + 1));
		errEig = fmax(errEig, fabs(ev[k] - lambda));
		errSvd = fmax(errSvd, fabs(sv[n - 1 - k] - lambda));
	}
	printf("Xsyevd: info %d, max |w - exact| = %.3g; Xgesvd: info %d, max |s - exact| = %.3g\n", info[0], errEig,
	       info[1], errSvd);
	ok &= info[0] == 0 && info[1] == 0 && errEig < 1e-12 && errSvd < 1e-12;

	cudaFree(dA), cudaFree(db), cudaFree(dW), cudaFree(dS), cudaFree(fA), cudaFree(fb), cudaFree(dIpiv),
		cudaFree(dInfo);
	CUSOLVER_CHECK(cusolverDnDestroyParams(params));
	CUSOLVER_CHECK(cusolverDnDestroy(handle));
	CUDA_CHECK(cudaStreamDestroy(stream));
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
