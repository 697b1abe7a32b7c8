// SPDX-License-Identifier: MIT
// cublasXt as the CUDA samples use it (simpleCUBLASXT's steps): count the
// devices, select up to two of them, set a block size, then an SGEMM on
// host arrays compared with a plain triple loop by relative error norm; a
// DSYRK on host arrays whose lower triangle is compared with a loop and
// whose upper triangle must be left as it was.  Prints PASSED or FAILED.
// Build: idxgen-cc -o xt_gemm xt_gemm.cu -lcublas
//        nvcc -arch=sm_90 -o xt_gemm xt_gemm.cu -lcublas
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublasXt.h>
#include <cuda_runtime.h>

#define checkXt(call)                                                                          \
	do {                                                                                   \
		cublasStatus_t s_ = (call);                                                    \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                             \
			fprintf(stderr, "cublasXt error %d at %s:%d\n", (int)s_, __FILE__, __LINE__); \
			exit(EXIT_FAILURE);                                                    \
		}                                                                              \
	} while (0)

static const int N = 192;

// column-major C = alpha A B + beta C, n x n
static void simple_sgemm(int n, float alpha, const float *A, const float *B, float beta, float *C)
{
	for (int i = 0; i < n; ++i)
		for (int j = 0; j < n; ++j) {
			float prod = 0;

			for (int k = 0; k < n; ++k)
				prod += A[k * n + i] * B[j * n + k];
			C[j * n + i] = alpha * prod + beta * C[j * n + i];
		}
}

int main()
{
	int count = 0;

	if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
		fprintf(stderr, "no CUDA device\n");
		return EXIT_FAILURE;
	}
	int used = count > 2 ? 2 : count;
	std::vector<int> devices(used);
	for (int i = 0; i < used; i++)
		devices[i] = i;
	printf("Using %d GPUs\n", used);

	cublasXtHandle_t handle;
	checkXt(cublasXtCreate(&handle));
	checkXt(cublasXtDeviceSelect(handle, used, devices.data()));
	checkXt(cublasXtSetBlockDim(handle, 64));

	const int n2 = N * N;
	std::vector<float> A(n2), B(n2), C(n2), C_ref(n2);
	srand(2024);
	for (int i = 0; i < n2; i++) {
		A[i] = rand() / (float)RAND_MAX;
		B[i] = rand() / (float)RAND_MAX;
		C[i] = rand() / (float)RAND_MAX;
		C_ref[i] = C[i];
	}
	float alpha = 1.0f, beta = 0.5f;
	simple_sgemm(N, alpha, A.data(), B.data(), beta, C_ref.data());
	checkXt(cublasXtSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &alpha, A.data(), N, B.data(), N, &beta,
			      C.data(), N));
	double error_norm = 0, ref_norm = 0;
	for (int i = 0; i < n2; i++) {
		double d = C_ref[i] - C[i];

		error_norm += d * d;
		ref_norm += (double)C_ref[i] * C_ref[i];
	}
	double rel = sqrt(error_norm) / sqrt(ref_norm);
	printf("sgemm %dx%d: relative error %.3g\n", N, N, rel);

	// DSYRK: lower triangle of C = A^T A (A k x n), the upper left alone
	const int n = 37, k = 23;
	std::vector<double> Ad(k * n), Cd(n * n, -7.0);
	for (int i = 0; i < k * n; i++)
		Ad[i] = sin(0.1 * i);
	double one = 1.0, zero = 0.0, worst = 0;
	bool upper_kept = true;
	checkXt(cublasXtDsyrk(handle, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, n, k, &one, Ad.data(), k, &zero,
			      Cd.data(), n));
	for (int j = 0; j < n; j++)
		for (int i = 0; i < n; i++) {
			if (i < j) {
				upper_kept = upper_kept && Cd[i + j * n] == -7.0;
				continue;
			}
			double s = 0;

			for (int l = 0; l < k; l++)
				s += Ad[l + i * k] * Ad[l + j * k];
			worst = fmax(worst, fabs(s - Cd[i + j * n]));
		}
	printf("dsyrk %dx%d: max error %.3g, upper triangle %s\n", n, k, worst, upper_kept ? "kept" : "written");

	checkXt(cublasXtDestroy(handle));
	bool ok = rel < 1e-6 && worst < 1e-12 && upper_kept;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
