// SPDX-License-Identifier: MIT
// Batched matrix-vector products, the complex GEMM of 8-bit inputs and the
// logger, in the style of NVIDIA's CUDALibrarySamples (CUDA_CHECK and
// CUBLAS_CHECK macros, a non-blocking stream bound to the handle, async
// copies):
//   - cublasSgemvStridedBatched on 4 products whose matrices a kernel makes;
//   - cublasHSHgemvBatched on __half data behind a device array of pointers
//     (small integers: every result exact in half);
//   - cublasCgemmEx with A and B CUDA_C_8I (char2, made by a kernel) into a
//     CUDA_C_32F C;
//   - cublasLoggerConfigure with a callback that counts the calls logged.
// Every result against a loop on the host in double.  Prints PASSED or FAILED.
// Build: idxgen-cc -o gemv_batched_ex gemv_batched_ex.cu -lcublas
//        nvcc -arch=sm_90 -o gemv_batched_ex gemv_batched_ex.cu -lcublas
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cublas_v2.h>
#include <cuda_fp16.h>
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

static int failures;
static int logged;

static void expect(bool ok, const char *what, double err)
{
	printf("%s: %s (err %.2g)\n", ok ? "ok" : "FAILED", what, err);
	failures += !ok;
}

static void count_line(const char *msg)
{
	logged += std::strstr(msg, "cublas") != nullptr;
}

// product b's A(i, j) = sin(i + 2j + 3b), column-major with lda, at stride between products
__global__ void fill_batch(float *a, int m, int n, int lda, long long stride)
{
	int i = threadIdx.x, j = blockIdx.x, b = blockIdx.y;

	if (i < m && j < n)
		a[b * stride + i + j * lda] = sinf((float)(i + 2 * j + 3 * b));
}

static void strided(cublasHandle_t h, cudaStream_t stream)
{
	const int m = 6, n = 4, lda = 7, batch = 4;
	const long long sa = lda * n + 5, sx = n, sy = m + 2;
	const float alpha = 1.5f, beta = -0.5f;
	std::vector<float> x(sx * batch), y0(sy * batch), y(sy * batch);
	float *d_a, *d_x, *d_y;

	for (size_t i = 0; i < x.size(); i++)
		x[i] = 0.25f * (float)(i % 7) - 0.5f;
	for (size_t i = 0; i < y0.size(); i++)
		y0[i] = (float)(i % 5) - 2;
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_a), sizeof(float) * sa * batch));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_x), sizeof(float) * x.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_y), sizeof(float) * y0.size()));
	fill_batch<<<dim3(n, batch), 32, 0, stream>>>(d_a, m, n, lda, sa);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaMemcpyAsync(d_x, x.data(), sizeof(float) * x.size(), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_y, y0.data(), sizeof(float) * y0.size(), cudaMemcpyHostToDevice, stream));
	CUBLAS_CHECK(cublasSgemvStridedBatched(h, CUBLAS_OP_N, m, n, &alpha, d_a, lda, sa, d_x, 1, sx, &beta,
					       d_y, 1, sy, batch));
	CUDA_CHECK(cudaMemcpyAsync(y.data(), d_y, sizeof(float) * y.size(), cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double err = 0;
	for (int b = 0; b < batch; b++)
		for (int i = 0; i < sy; i++) {
			double want = y0[b * sy + i];

			if (i < m) {
				double s = 0;
				for (int j = 0; j < n; j++)
					s += std::sin((double)(i + 2 * j + 3 * b)) * x[b * sx + j];
				want = alpha * s + beta * want;
			}
			err = std::fmax(err, std::fabs(y[b * sy + i] - want) / (1 + std::fabs(want)));
		}
	expect(err <= 1e-5, "cublasSgemvStridedBatched, 4 products made by a kernel", err);
	CUDA_CHECK(cudaFree(d_a));
	CUDA_CHECK(cudaFree(d_x));
	CUDA_CHECK(cudaFree(d_y));
}

static void half_batched(cublasHandle_t h, cudaStream_t stream)
{
	const int m = 3, n = 5, batch = 2;
	const float alpha = 0.5f, beta = 2.0f;
	std::vector<__half> a(m * n * batch), x(n * batch), y(m * batch);
	std::vector<float> af(a.size()), xf(x.size()), yf(y.size());
	__half *d_a, *d_x, *d_y, **d_ap, **d_xp, **d_yp;

	for (size_t i = 0; i < a.size(); i++)
		af[i] = (float)((int)(i * 7 % 9) - 4), a[i] = __float2half(af[i]);
	for (size_t i = 0; i < x.size(); i++)
		xf[i] = (float)((int)(i % 3) - 1), x[i] = __float2half(xf[i]);
	for (size_t i = 0; i < y.size(); i++)
		yf[i] = (float)(i % 4), y[i] = __float2half(yf[i]);
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_a), sizeof(__half) * a.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_x), sizeof(__half) * x.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_y), sizeof(__half) * y.size()));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_ap), sizeof(__half *) * batch));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_xp), sizeof(__half *) * batch));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_yp), sizeof(__half *) * batch));
	__half *ap[batch] = {d_a, d_a + m * n}, *xp[batch] = {d_x, d_x + n}, *yp[batch] = {d_y, d_y + m};
	CUDA_CHECK(cudaMemcpyAsync(d_a, a.data(), sizeof(__half) * a.size(), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_x, x.data(), sizeof(__half) * x.size(), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_y, y.data(), sizeof(__half) * y.size(), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_ap, ap, sizeof(ap), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_xp, xp, sizeof(xp), cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_yp, yp, sizeof(yp), cudaMemcpyHostToDevice, stream));
	CUBLAS_CHECK(cublasHSHgemvBatched(h, CUBLAS_OP_N, m, n, &alpha, d_ap, m, d_xp, 1, &beta, d_yp, 1,
					  batch));
	CUDA_CHECK(cudaMemcpyAsync(y.data(), d_y, sizeof(__half) * y.size(), cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double err = 0;
	for (int b = 0; b < batch; b++)
		for (int i = 0; i < m; i++) {
			double s = 0;
			for (int j = 0; j < n; j++)
				s += af[b * m * n + i + j * m] * xf[b * n + j];
			double want = alpha * s + beta * yf[b * m + i];
			err = std::fmax(err, std::fabs(__half2float(y[b * m + i]) - want));
		}
	expect(err == 0, "cublasHSHgemvBatched, half data behind device pointer arrays, exact", err);
	CUDA_CHECK(cudaFree(d_a));
	CUDA_CHECK(cudaFree(d_x));
	CUDA_CHECK(cudaFree(d_y));
	CUDA_CHECK(cudaFree(d_ap));
	CUDA_CHECK(cudaFree(d_xp));
	CUDA_CHECK(cudaFree(d_yp));
}

// X(i, j) = ((3i + 5j + s) mod 17 - 8) + ((7i + 2j + s) mod 13 - 6) i
__global__ void fill_c8(char2 *a, int rows, int cols, int lda, int s)
{
	int i = threadIdx.x, j = blockIdx.x;

	if (i < rows && j < cols)
		a[i + j * lda] = make_char2((signed char)((3 * i + 5 * j + s) % 17 - 8),
					    (signed char)((7 * i + 2 * j + s) % 13 - 6));
}

static std::complex<double> c8_value(int i, int j, int s)
{
	return std::complex<double>((3 * i + 5 * j + s) % 17 - 8, (7 * i + 2 * j + s) % 13 - 6);
}

static void cgemm_ex(cublasHandle_t h, cudaStream_t stream)
{
	const int m = 5, n = 4, k = 6, lda = m, ldb = k, ldc = m;
	const cuComplex alpha = {0.5f, -0.25f}, beta = {0.0f, 0.0f};
	char2 *d_a, *d_b;
	cuComplex *d_c;
	std::vector<cuComplex> c(ldc * n);

	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_a), sizeof(char2) * lda * k));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_b), sizeof(char2) * ldb * n));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_c), sizeof(cuComplex) * ldc * n));
	fill_c8<<<k, 32, 0, stream>>>(d_a, m, k, lda, 0);
	fill_c8<<<n, 32, 0, stream>>>(d_b, k, n, ldb, 4);
	CUDA_CHECK(cudaGetLastError());
	CUBLAS_CHECK(cublasCgemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, d_a, CUDA_C_8I, lda, d_b,
				   CUDA_C_8I, ldb, &beta, d_c, CUDA_C_32F, ldc));
	CUDA_CHECK(cudaMemcpyAsync(c.data(), d_c, sizeof(cuComplex) * c.size(), cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	double err = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			std::complex<double> s = 0;
			for (int l = 0; l < k; l++)
				s += c8_value(i, l, 0) * c8_value(l, j, 4);
			std::complex<double> want = std::complex<double>(alpha.x, alpha.y) * s;
			std::complex<double> got(c[i + j * ldc].x, c[i + j * ldc].y);
			err = std::fmax(err, std::abs(got - want) / (1 + std::abs(want)));
		}
	expect(err <= 1e-6, "cublasCgemmEx, A and B CUDA_C_8I made by kernels", err);
	CUDA_CHECK(cudaFree(d_a));
	CUDA_CHECK(cudaFree(d_b));
	CUDA_CHECK(cudaFree(d_c));
}

int main()
{
	cublasHandle_t h = nullptr;
	cudaStream_t stream = nullptr;

	CUBLAS_CHECK(cublasSetLoggerCallback(count_line));
	CUBLAS_CHECK(cublasLoggerConfigure(1, 0, 0, nullptr));
	CUBLAS_CHECK(cublasCreate(&h));
	CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
	CUBLAS_CHECK(cublasSetStream(h, stream));
	strided(h, stream);
	half_batched(h, stream);
	cgemm_ex(h, stream);
	CUBLAS_CHECK(cublasLoggerConfigure(0, 0, 0, nullptr));
	// cublasCreate and the three calls at least (a library may log more lines per call)
	expect(logged >= 4, "the logger's callback received the calls", logged);
	CUBLAS_CHECK(cublasDestroy(h));
	CUDA_CHECK(cudaStreamDestroy(stream));
	CUDA_CHECK(cudaDeviceReset());
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
