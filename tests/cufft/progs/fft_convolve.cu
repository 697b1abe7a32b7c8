// SPDX-License-Identifier: MIT
// Circular convolution through cuFFT as the CUDA samples' simpleCUFFT does
// it: both signals to the frequency domain (a batched R2C plan), a kernel
// multiplies the spectra and scales by 1/N (cuFFT does not normalise), an
// inverse C2R plan brings the product back; compared with a direct O(N^2)
// convolution on the host.  Then a 2-D C2C round trip on a stream.
// Build: idxgen-cc -o fft_convolve fft_convolve.cu -lcufft
//        nvcc -arch=sm_90 -o fft_convolve fft_convolve.cu -lcufft
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cufft.h>

#define CHECK_CUDA(x)                                                                       \
	do {                                                                                \
		cudaError_t e_ = (x);                                                       \
		if (e_ != cudaSuccess) {                                                    \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			return 1;                                                           \
		}                                                                           \
	} while (0)
#define CHECK_CUFFT(x)                                                                      \
	do {                                                                                \
		cufftResult r_ = (x);                                                       \
		if (r_ != CUFFT_SUCCESS) {                                                  \
			printf("cuFFT error %d at line %d\n", (int)r_, __LINE__);          \
			return 1;                                                           \
		}                                                                           \
	} while (0)

__global__ void mulScale(cufftComplex *a, const cufftComplex *b, int n, float scale)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		cufftComplex x = a[i], y = b[i];
		a[i].x = (x.x * y.x - x.y * y.y) * scale;
		a[i].y = (x.x * y.y + x.y * y.x) * scale;
	}
}

__global__ void scale2(cufftDoubleComplex *a, int n, double s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		a[i].x *= s;
		a[i].y *= s;
	}
}

int main()
{
	const int N = 1000, H = N / 2 + 1;
	std::vector<float> sig(N), filt(N), out(N);
	for (int i = 0; i < N; i++) {
		sig[i] = sinf(0.05f * i) + 0.3f * cosf(0.31f * i);
		filt[i] = i < 16 ? 1.0f / 16 : 0.0f;	// a moving average
	}
	float *dReal;	// both signals, one after the other: a batch of 2
	cufftComplex *dSpec;
	CHECK_CUDA(cudaMalloc(&dReal, 2 * N * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&dSpec, 2 * H * sizeof(cufftComplex)));
	CHECK_CUDA(cudaMemcpy(dReal, sig.data(), N * sizeof(float), cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemcpy(dReal + N, filt.data(), N * sizeof(float), cudaMemcpyHostToDevice));

	cufftHandle fwd, inv;
	CHECK_CUFFT(cufftPlan1d(&fwd, N, CUFFT_R2C, 2));
	CHECK_CUFFT(cufftPlan1d(&inv, N, CUFFT_C2R, 1));
	CHECK_CUFFT(cufftExecR2C(fwd, dReal, dSpec));
	mulScale<<<(H + 127) / 128, 128>>>(dSpec, dSpec + H, H, 1.0f / N);
	CHECK_CUDA(cudaGetLastError());
	CHECK_CUFFT(cufftExecC2R(inv, dSpec, dReal));
	CHECK_CUDA(cudaMemcpy(out.data(), dReal, N * sizeof(float), cudaMemcpyDeviceToHost));

	double maxerr = 0;
	for (int i = 0; i < N; i++) {
		double s = 0;
		for (int j = 0; j < N; j++)
			s += (double)sig[j] * filt[(i - j + N) % N];
		maxerr = fmax(maxerr, fabs(s - out[i]));
	}
	printf("convolution of %d points: max error %.3g\n", N, maxerr);

	// 2-D Z2Z forward and inverse on a stream: back to the input times nx*ny
	const int NX = 24, NY = 20;
	std::vector<cufftDoubleComplex> img(NX * NY), back(NX * NY);
	for (int i = 0; i < NX * NY; i++) {
		img[i].x = (i * 37 % 11) - 5.0;
		img[i].y = (i * 13 % 7) - 3.0;
	}
	cufftDoubleComplex *dImg;
	cudaStream_t stream;
	CHECK_CUDA(cudaStreamCreate(&stream));
	CHECK_CUDA(cudaMalloc(&dImg, NX * NY * sizeof(cufftDoubleComplex)));
	cufftHandle p2;
	CHECK_CUFFT(cufftPlan2d(&p2, NX, NY, CUFFT_Z2Z));
	CHECK_CUFFT(cufftSetStream(p2, stream));
	CHECK_CUDA(cudaMemcpyAsync(dImg, img.data(), NX * NY * sizeof(cufftDoubleComplex), cudaMemcpyHostToDevice,
				   stream));
	CHECK_CUFFT(cufftExecZ2Z(p2, dImg, dImg, CUFFT_FORWARD));
	CHECK_CUFFT(cufftExecZ2Z(p2, dImg, dImg, CUFFT_INVERSE));
	scale2<<<(NX * NY + 63) / 64, 64, 0, stream>>>(dImg, NX * NY, 1.0 / (NX * NY));
	CHECK_CUDA(cudaMemcpyAsync(back.data(), dImg, NX * NY * sizeof(cufftDoubleComplex), cudaMemcpyDeviceToHost,
				   stream));
	CHECK_CUDA(cudaStreamSynchronize(stream));
	double err2 = 0;
	for (int i = 0; i < NX * NY; i++)
		err2 = fmax(err2, fabs(back[i].x - img[i].x) + fabs(back[i].y - img[i].y));
	printf("2-D round trip %dx%d: max error %.3g\n", NX, NY, err2);

	cufftDestroy(fwd);
	cufftDestroy(inv);
	cufftDestroy(p2);
	cudaStreamDestroy(stream);
	cudaFree(dReal);
	cudaFree(dSpec);
	cudaFree(dImg);
	bool ok = maxerr < 1e-4 && err2 < 1e-10;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
