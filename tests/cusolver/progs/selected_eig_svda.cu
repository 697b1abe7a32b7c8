// SPDX-License-Identifier: MIT
// Selected eigenpairs and a batched truncated SVD, written the way NVIDIA's
// CUDA Library Samples call cuSOLVER (inputs copied with cudaMemcpyAsync on
// the handle's stream, the call made at once, the results copied back and
// the stream synchronized), each on a matrix whose answer is known:
//   - Xsyevdx (double, range I, eigenvalues 2..3 of 4) of the 1-D Laplacian
//     tridiag(-1, 2, -1) of order 4: lambda_k = 2 - 2 cos(k pi / 5), and
//     A v = lambda v for each returned vector;
//   - Dsygvdx (range V, (0, 1.5]) of A = diag(2, 4, 6) with B = diag(4, 2, 3):
//     A x = lambda B x has lambda = 0.5, 2, 2 -> only 0.5 in (0, 1.5];
//   - SgesvdaStridedBatched (rank 2) of two 4 x 3 matrices whose columns are
//     e_i scaled by known values: S = the two largest, and h_R_nrmF the
//     left-out one.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o selected_eig_svda selected_eig_svda.cu -lcusolver
//        nvcc -arch=sm_90 -o selected_eig_svda selected_eig_svda.cu -lcusolver
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#define CUDA_CHECK(call)                                                                           \
	do {                                                                                       \
		cudaError_t e_ = (call);                                                           \
		if (e_ != cudaSuccess) {                                                           \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__);    \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)
#define CUSOLVER_CHECK(call)                                                                       \
	do {                                                                                       \
		cusolverStatus_t s_ = (call);                                                      \
		if (s_ != CUSOLVER_STATUS_SUCCESS) {                                               \
			printf("cuSOLVER error %d at line %d\n", (int)s_, __LINE__);               \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

static bool near(double a, double b, double tol)
{
	return std::fabs(a - b) <= tol * (1 + std::fabs(b));
}

static bool laplacian_pairs(cusolverDnHandle_t h, cudaStream_t s)
{
	const int64_t n = 4, il = 2, iu = 3;
	std::vector<double> A(n * n, 0.0), V(n * n), W(n);
	for (int i = 0; i < n; i++) {
		A[i + i * n] = 2;
		if (i + 1 < n)
			A[i + 1 + i * n] = A[i + (i + 1) * n] = -1;
	}
	double *d_A, *d_W, vl = 0, vu = 0;
	int *d_info, info = -1;
	int64_t meig = 0;
	size_t dev = 0, host = 0;
	void *d_work, *h_work;
	cusolverDnParams_t params;
	CUSOLVER_CHECK(cusolverDnCreateParams(&params));
	CUDA_CHECK(cudaMalloc(&d_A, sizeof(double) * A.size()));
	CUDA_CHECK(cudaMalloc(&d_W, sizeof(double) * W.size()));
	CUDA_CHECK(cudaMalloc(&d_info, sizeof(int)));
	CUDA_CHECK(
	    cudaMemcpyAsync(d_A, A.data(), sizeof(double) * A.size(), cudaMemcpyHostToDevice, s));
	CUSOLVER_CHECK(cusolverDnXsyevdx_bufferSize(
	    h, params, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I, CUBLAS_FILL_MODE_LOWER, n,
	    CUDA_R_64F, d_A, n, &vl, &vu, il, iu, &meig, CUDA_R_64F, d_W, CUDA_R_64F, &dev, &host));
	CUDA_CHECK(cudaMalloc(&d_work, dev ? dev : 1));
	h_work = malloc(host ? host : 1);
	CUSOLVER_CHECK(cusolverDnXsyevdx(h, params, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I,
					 CUBLAS_FILL_MODE_LOWER, n, CUDA_R_64F, d_A, n, &vl, &vu,
					 il, iu, &meig, CUDA_R_64F, d_W, CUDA_R_64F, d_work, dev,
					 h_work, host, d_info));
	CUDA_CHECK(
	    cudaMemcpyAsync(V.data(), d_A, sizeof(double) * V.size(), cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(
	    cudaMemcpyAsync(W.data(), d_W, sizeof(double) * W.size(), cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(cudaMemcpyAsync(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(cudaStreamSynchronize(s));
	bool ok = info == 0 && meig == 2;
	for (int k = 0; ok && k < meig; k++) {
		double lambda = 2 - 2 * std::cos((il + k) * M_PI / 5);
		ok = near(W[k], lambda, 1e-12);
		for (int i = 0; ok && i < n; i++) {
			double av = 0;
			for (int j = 0; j < n; j++)
				av += A[i + j * n] * V[j + k * n];
			ok = near(av, lambda * V[i + k * n], 1e-10);
		}
		printf("Xsyevdx: lambda_%d = %.6f (2 - 2 cos(%d pi / 5) = %.6f)\n", (int)(il + k),
		       W[k], (int)(il + k), lambda);
	}
	CUDA_CHECK(cudaFree(d_A));
	CUDA_CHECK(cudaFree(d_W));
	CUDA_CHECK(cudaFree(d_info));
	CUDA_CHECK(cudaFree(d_work));
	free(h_work);
	CUSOLVER_CHECK(cusolverDnDestroyParams(params));
	return ok;
}

static bool generalized_window(cusolverDnHandle_t h, cudaStream_t s)
{
	const int n = 3;
	std::vector<double> A = {2, 0, 0, 0, 4, 0, 0, 0, 6}, B = {4, 0, 0, 0, 2, 0, 0, 0, 3}, W(n),
			    X(n * n);
	double *d_A, *d_B, *d_W, *d_work;
	int *d_info, info = -1, meig = 0, lwork = 0;
	CUDA_CHECK(cudaMalloc(&d_A, sizeof(double) * A.size()));
	CUDA_CHECK(cudaMalloc(&d_B, sizeof(double) * B.size()));
	CUDA_CHECK(cudaMalloc(&d_W, sizeof(double) * n));
	CUDA_CHECK(cudaMalloc(&d_info, sizeof(int)));
	CUDA_CHECK(
	    cudaMemcpyAsync(d_A, A.data(), sizeof(double) * A.size(), cudaMemcpyHostToDevice, s));
	CUDA_CHECK(
	    cudaMemcpyAsync(d_B, B.data(), sizeof(double) * B.size(), cudaMemcpyHostToDevice, s));
	CUSOLVER_CHECK(cusolverDnDsygvdx_bufferSize(
	    h, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_V,
	    CUBLAS_FILL_MODE_UPPER, n, d_A, n, d_B, n, 0.0, 1.5, 0, 0, &meig, d_W, &lwork));
	CUDA_CHECK(cudaMalloc(&d_work, sizeof(double) * lwork));
	CUSOLVER_CHECK(cusolverDnDsygvdx(h, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
					 CUSOLVER_EIG_RANGE_V, CUBLAS_FILL_MODE_UPPER, n, d_A, n,
					 d_B, n, 0.0, 1.5, 0, 0, &meig, d_W, d_work, lwork,
					 d_info));
	CUDA_CHECK(cudaMemcpyAsync(W.data(), d_W, sizeof(double) * n, cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(
	    cudaMemcpyAsync(X.data(), d_A, sizeof(double) * X.size(), cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(cudaMemcpyAsync(&info, d_info, sizeof(int), cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(cudaStreamSynchronize(s));
	// the eigenvector of 0.5 is e_0 scaled so that x^T B x = 1: |x_0| = 1/2
	bool ok = info == 0 && meig == 1 && near(W[0], 0.5, 1e-12) &&
		  near(std::fabs(X[0]), 0.5, 1e-12) && std::fabs(X[1]) < 1e-12 &&
		  std::fabs(X[2]) < 1e-12;
	printf("Dsygvdx: %d eigenvalue(s) in (0, 1.5]: %.6f, x = (%.6f, %.6f, %.6f)\n", meig, W[0],
	       X[0], X[1], X[2]);
	CUDA_CHECK(cudaFree(d_A));
	CUDA_CHECK(cudaFree(d_B));
	CUDA_CHECK(cudaFree(d_W));
	CUDA_CHECK(cudaFree(d_info));
	CUDA_CHECK(cudaFree(d_work));
	return ok;
}

static bool batched_rank2(cusolverDnHandle_t h, cudaStream_t s)
{
	const int m = 4, n = 3, rank = 2, batch = 2, lda = m, ldu = m, ldv = n;
	const long long sA = lda * n, sS = n, sU = ldu * n, sV = ldv * n;
	const float sigma[batch][n] = {{1, 5, 3}, {2, 0.5f, 7}};
	std::vector<float> A(sA * batch, 0.0f), S(sS * batch);
	for (int b = 0; b < batch; b++)
		for (int j = 0; j < n; j++)
			A[b * sA + (j + 1) % m + j * lda] = sigma[b][j]; // column j: sigma e_(j+1)
	float *d_A, *d_S, *d_U, *d_V, *d_work;
	int *d_info, lwork = 0;
	std::vector<int> info(batch, -1);
	double RnrmF[batch];
	CUDA_CHECK(cudaMalloc(&d_A, sizeof(float) * A.size()));
	CUDA_CHECK(cudaMalloc(&d_S, sizeof(float) * S.size()));
	CUDA_CHECK(cudaMalloc(&d_U, sizeof(float) * sU * batch));
	CUDA_CHECK(cudaMalloc(&d_V, sizeof(float) * sV * batch));
	CUDA_CHECK(cudaMalloc(&d_info, sizeof(int) * batch));
	CUDA_CHECK(
	    cudaMemcpyAsync(d_A, A.data(), sizeof(float) * A.size(), cudaMemcpyHostToDevice, s));
	CUSOLVER_CHECK(cusolverDnSgesvdaStridedBatched_bufferSize(
	    h, CUSOLVER_EIG_MODE_VECTOR, rank, m, n, d_A, lda, sA, d_S, sS, d_U, ldu, sU, d_V, ldv,
	    sV, &lwork, batch));
	CUDA_CHECK(cudaMalloc(&d_work, sizeof(float) * lwork));
	CUSOLVER_CHECK(cusolverDnSgesvdaStridedBatched(h, CUSOLVER_EIG_MODE_VECTOR, rank, m, n, d_A,
						       lda, sA, d_S, sS, d_U, ldu, sU, d_V, ldv, sV,
						       d_work, lwork, d_info, RnrmF, batch));
	CUDA_CHECK(
	    cudaMemcpyAsync(S.data(), d_S, sizeof(float) * S.size(), cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(
	    cudaMemcpyAsync(info.data(), d_info, sizeof(int) * batch, cudaMemcpyDeviceToHost, s));
	CUDA_CHECK(cudaStreamSynchronize(s));
	const float want[batch][3] = {{5, 3, 1}, {7, 2, 0.5f}};
	bool ok = true;
	for (int b = 0; b < batch; b++) {
		ok = ok && info[b] == 0 && near(S[b * sS], want[b][0], 1e-5) &&
		     near(S[b * sS + 1], want[b][1], 1e-5) && near(RnrmF[b], want[b][2], 1e-5);
		printf("gesvdaStridedBatched: matrix %d: S = %.4f %.4f, |A - U S V^T|_F = %.4f "
		       "(left out %.4f)\n",
		       b, S[b * sS], S[b * sS + 1], RnrmF[b], want[b][2]);
	}
	CUDA_CHECK(cudaFree(d_A));
	CUDA_CHECK(cudaFree(d_S));
	CUDA_CHECK(cudaFree(d_U));
	CUDA_CHECK(cudaFree(d_V));
	CUDA_CHECK(cudaFree(d_info));
	CUDA_CHECK(cudaFree(d_work));
	return ok;
}

int main()
{
	cusolverDnHandle_t h;
	cudaStream_t s;
	CUSOLVER_CHECK(cusolverDnCreate(&h));
	CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CUSOLVER_CHECK(cusolverDnSetStream(h, s));
	bool ok = laplacian_pairs(h, s);
	ok = generalized_window(h, s) && ok;
	ok = batched_rank2(h, s) && ok;
	CUSOLVER_CHECK(cusolverDnDestroy(h));
	CUDA_CHECK(cudaStreamDestroy(s));
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
