// SPDX-License-Identifier: MIT
// cuBLAS's mixed-precision level-1 calls as library examples write them:
// CUDA_CHECK / CUBLAS_CHECK macros, half vectors made on the host with
// __float2half, copied to the device, then cublasAxpyEx (half x and y,
// float alpha and execution), cublasNrm2Ex on the result, cublasScalEx and
// cublasRotEx on a float vector with a complex partner through cublasCrot.
// The values are small multiples of 1/4, so every result is exact and is
// compared for equality with a CPU loop.  Prints PASSED or FAILED.
// Build: idxgen-cc -o level1_ex_half level1_ex_half.cu -lcublas
//        nvcc -arch=sm_90 -o level1_ex_half level1_ex_half.cu -lcublas
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuComplex.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CUDA_CHECK(err)                                                                      \
	do {                                                                                 \
		cudaError_t err_ = (err);                                                    \
		if (err_ != cudaSuccess) {                                                   \
			printf("CUDA error %d at %s:%d\n", (int)err_, __FILE__, __LINE__);  \
			exit(EXIT_FAILURE);                                                  \
		}                                                                            \
	} while (0)
#define CUBLAS_CHECK(err)                                                                    \
	do {                                                                                 \
		cublasStatus_t err_ = (err);                                                 \
		if (err_ != CUBLAS_STATUS_SUCCESS) {                                         \
			printf("cublas error %d at %s:%d\n", (int)err_, __FILE__, __LINE__); \
			exit(EXIT_FAILURE);                                                  \
		}                                                                            \
	} while (0)

int main()
{
	const int n = 8;
	std::vector<__half> hx(n), hy(n);
	std::vector<float> fx(n), fy(n);
	for (int i = 0; i < n; i++) {
		fx[i] = 0.25f * (i - 3);
		fy[i] = 0.5f * (i % 3);
		hx[i] = __float2half(fx[i]);
		hy[i] = __float2half(fy[i]);
	}
	cublasHandle_t handle;
	cudaStream_t stream;
	CUBLAS_CHECK(cublasCreate(&handle));
	CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
	CUBLAS_CHECK(cublasSetStream(handle, stream));

	__half *d_x, *d_y;
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_x), sizeof(__half) * n));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_y), sizeof(__half) * n));
	CUDA_CHECK(cudaMemcpyAsync(d_x, hx.data(), sizeof(__half) * n, cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_y, hy.data(), sizeof(__half) * n, cudaMemcpyHostToDevice, stream));

	const float alpha = 2.0f;
	CUBLAS_CHECK(cublasAxpyEx(handle, n, &alpha, CUDA_R_32F, d_x, CUDA_R_16F, 1, d_y, CUDA_R_16F, 1,
				  CUDA_R_32F));
	CUDA_CHECK(cudaMemcpyAsync(hy.data(), d_y, sizeof(__half) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	int bad = 0;
	for (int i = 0; i < n; i++)
		if (__half2float(hy[i]) != alpha * fx[i] + fy[i])
			printf("axpy y[%d] = %g, want %g\n", i, __half2float(hy[i]), alpha * fx[i] + fy[i]), bad++;

	// a vector of norm 13: 3, 4, 12 and zeros
	std::vector<__half> hv(n, __float2half(0.0f));
	hv[1] = __float2half(3.0f), hv[4] = __float2half(-4.0f), hv[6] = __float2half(12.0f);
	__half h_norm;
	CUDA_CHECK(cudaMemcpyAsync(d_x, hv.data(), sizeof(__half) * n, cudaMemcpyHostToDevice, stream));
	CUBLAS_CHECK(cublasNrm2Ex(handle, n, d_x, CUDA_R_16F, 1, &h_norm, CUDA_R_16F, CUDA_R_32F));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	if (__half2float(h_norm) != 13.0f)
		printf("nrm2 = %g, want 13\n", __half2float(h_norm)), bad++;

	// a complex rotation with a complex sine (cublasCrot): c = 0.5, s = 0.5 + 0.25i
	std::vector<cuComplex> cx(n), cy(n);
	for (int i = 0; i < n; i++) {
		cx[i] = make_cuComplex(0.5f * i, -0.25f * i);
		cy[i] = make_cuComplex(1.0f, 0.25f * (i % 2));
	}
	cuComplex *d_cx, *d_cy;
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_cx), sizeof(cuComplex) * n));
	CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&d_cy), sizeof(cuComplex) * n));
	CUDA_CHECK(cudaMemcpyAsync(d_cx, cx.data(), sizeof(cuComplex) * n, cudaMemcpyHostToDevice, stream));
	CUDA_CHECK(cudaMemcpyAsync(d_cy, cy.data(), sizeof(cuComplex) * n, cudaMemcpyHostToDevice, stream));
	const float c = 0.5f;
	const cuComplex s = make_cuComplex(0.5f, 0.25f);
	CUBLAS_CHECK(cublasCrot(handle, n, d_cx, 1, d_cy, 1, &c, &s));
	std::vector<cuComplex> rx(n), ry(n);
	CUDA_CHECK(cudaMemcpyAsync(rx.data(), d_cx, sizeof(cuComplex) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaMemcpyAsync(ry.data(), d_cy, sizeof(cuComplex) * n, cudaMemcpyDeviceToHost, stream));
	CUDA_CHECK(cudaStreamSynchronize(stream));
	for (int i = 0; i < n; i++) {
		// x' = c x + s y, y' = c y - conj(s) x
		cuComplex wx = cuCaddf(make_cuComplex(c * cx[i].x, c * cx[i].y), cuCmulf(s, cy[i]));
		cuComplex wy = cuCsubf(make_cuComplex(c * cy[i].x, c * cy[i].y), cuCmulf(cuConjf(s), cx[i]));
		if (rx[i].x != wx.x || rx[i].y != wx.y || ry[i].x != wy.x || ry[i].y != wy.y)
			printf("rot %d: (%g,%g) (%g,%g), want (%g,%g) (%g,%g)\n", i, rx[i].x, rx[i].y, ry[i].x,
			       ry[i].y, wx.x, wx.y, wy.x, wy.y),
				bad++;
	}

	CUDA_CHECK(cudaFree(d_x));
	CUDA_CHECK(cudaFree(d_y));
	CUDA_CHECK(cudaFree(d_cx));
	CUDA_CHECK(cudaFree(d_cy));
	CUBLAS_CHECK(cublasDestroy(handle));
	CUDA_CHECK(cudaStreamDestroy(stream));
	printf("%s\n", bad ? "FAILED" : "PASSED");
	return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
