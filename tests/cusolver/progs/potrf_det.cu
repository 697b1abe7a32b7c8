// SPDX-License-Identifier: MIT
// A determinant and a linear solve with cuSOLVER as tutorials write them:
// a CUSOLVER_CHECK macro, the matrix made by a kernel on the device (the
// n x n second-difference matrix tridiag(-1, 2, -1), whose determinant is
// n + 1), a Cholesky factorisation (potrf with its bufferSize and devInfo)
// whose diagonal a kernel multiplies out, then an LU solve (getrf/getrs) of
// A x = A * ones in double, x compared with ones.  Prints PASSED or FAILED.
// Build: idxgen-cc -o potrf_det potrf_det.cu -lcusolver
//        nvcc -arch=sm_90 -o potrf_det potrf_det.cu -lcusolver
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

template <typename T>
__global__ void second_difference(T *A, int n)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	int col = blockIdx.y * blockDim.y + threadIdx.y;
	if (row < n && col < n)
		A[row + col * n] = row == col ? T(2) : (abs(row - col) == 1 ? T(-1) : T(0));
}

// log of |det| from the Cholesky factor's diagonal: one block sums the logs
__global__ void log_diag(const float *L, int n, float *out)
{
	__shared__ float part[256];
	float s = 0.f;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		s += logf(L[i * (n + 1)]);
	part[threadIdx.x] = s;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			part[threadIdx.x] += part[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		*out = 2.f * part[0];
}

// b = A * ones: the row sums
__global__ void row_sums(const double *A, int n, double *b)
{
	int row = blockIdx.x * blockDim.x + threadIdx.x;
	if (row < n) {
		double s = 0;
		for (int c = 0; c < n; c++)
			s += A[row + c * n];
		b[row] = s;
	}
}

int main()
{
	const int n = 300;
	cusolverDnHandle_t handle;
	cudaStream_t stream;
	CUSOLVER_CHECK(cusolverDnCreate(&handle));
	CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
	CUSOLVER_CHECK(cusolverDnSetStream(handle, stream));
	dim3 block(16, 16), grid((n + 15) / 16, (n + 15) / 16);
	int *d_info, info = -1;
	CUDA_CHECK(cudaMalloc(&d_info, sizeof(int)));

	// float Cholesky: det = prod(diag L)^2 = n + 1
	float *d_A, *d_work, *d_logdet, logdet = 0.f;
	int lwork = 0;
	CUDA_CHECK(cudaMalloc(&d_A, sizeof(float) * n * n));
	CUDA_CHECK(cudaMalloc(&d_logdet, sizeof(float)));
	second_difference<<<grid, block, 0, stream>>>(d_A, n);
	CUSOLVER_CHECK(cusolverDnSpotrf_bufferSize(handle, CUBLAS_FILL_MODE_LOWER, n, d_A, n, &lwork));
	CUDA_CHECK(cudaMalloc(&d_work, sizeof(float) * lwork));
	CUSOLVER_CHECK(cusolverDnSpotrf(handle, CUBLAS_FILL_MODE_LOWER, n, d_A, n, d_work, lwork, d_info));
	log_diag<<<1, 256, 0, stream>>>(d_A, n, d_logdet);
	CUDA_CHECK(cudaMemcpyAsync(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(&logdet, d_logdet, sizeof(float), cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double det = exp((double)logdet);
	bool ok = info == 0 && fabs(det - (n + 1)) < 1e-3 * (n + 1);
	printf("potrf: devInfo %d, determinant %.4f (expected %d)\n", info, det, n + 1);

	// double LU solve: A x = A * ones
	double *d_Ad, *d_b, *d_dwork;
	int *d_ipiv, dlwork = 0;
	CUDA_CHECK(cudaMalloc(&d_Ad, sizeof(double) * n * n));
	CUDA_CHECK(cudaMalloc(&d_b, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&d_ipiv, sizeof(int) * n));
	second_difference<<<grid, block, 0, stream>>>(d_Ad, n);
	row_sums<<<(n + 127) / 128, 128, 0, stream>>>(d_Ad, n, d_b);
	CUSOLVER_CHECK(cusolverDnDgetrf_bufferSize(handle, n, n, d_Ad, n, &dlwork));
	CUDA_CHECK(cudaMalloc(&d_dwork, sizeof(double) * dlwork));
	CUSOLVER_CHECK(cusolverDnDgetrf(handle, n, n, d_Ad, n, d_dwork, d_ipiv, d_info));
	CUSOLVER_CHECK(cusolverDnDgetrs(handle, CUBLAS_OP_N, n, 1, d_Ad, n, d_ipiv, d_b, n, d_info));
	std::vector<double> x(n);
	CUDA_CHECK(cudaMemcpyAsync(x.data(), d_b, sizeof(double) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double err = 0;
	for (int i = 0; i < n; i++)
		err = fmax(err, fabs(x[i] - 1.0));
	printf("getrs: devInfo %d, max |x - 1| = %.3e\n", info, err);
	ok = ok && info == 0 && err < 1e-9;

	cudaFree(d_A), cudaFree(d_work), cudaFree(d_logdet), cudaFree(d_Ad), cudaFree(d_b);
	cudaFree(d_dwork), cudaFree(d_ipiv), cudaFree(d_info);
	CUSOLVER_CHECK(cusolverDnDestroy(handle));
	CUDA_CHECK(cudaStreamDestroy(stream));
	printf(ok ? "PASSED\n" : "FAILED\n");
	return ok ? 0 : 1;
}
