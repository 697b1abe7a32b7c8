// SPDX-License-Identifier: MIT
// A circular convolution on cuFFT's extended API as the CUDA samples'
// multi-GPU FFT programs write it (simpleCUFFT_MGPU's steps): cufftCreate,
// cufftXtSetGPUs with the GPUs there are (up to two), cufftMakePlan1d,
// cufftXtMalloc'd in-place descriptors for signal and filter,
// cufftXtMemcpy host to device, cufftXtExecDescriptorC2C forward, a kernel
// multiplying the spectra on each GPU's part (descriptor->data[i]),
// inverse, back to the host, compared with a direct O(n^2) convolution.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o xt_convolve xt_convolve.cu -lcufft
//        nvcc -arch=sm_90 -o xt_convolve xt_convolve.cu -lcufft
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cufftXt.h>
#include <cuda_runtime.h>

#define checkCufft(call)                                                                       \
	do {                                                                                   \
		cufftResult r_ = (call);                                                       \
		if (r_ != CUFFT_SUCCESS) {                                                     \
			fprintf(stderr, "cuFFT error %d at %s:%d\n", (int)r_, __FILE__, __LINE__); \
			exit(EXIT_FAILURE);                                                    \
		}                                                                              \
	} while (0)

static const int SIGNAL_SIZE = 1024;

// a[i] = a[i] * b[i] * scale, a grid-stride loop over one GPU's part
__global__ void ComplexPointwiseMulAndScale(cufftComplex *a, const cufftComplex *b, int size, float scale)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < size; i += blockDim.x * gridDim.x) {
		cufftComplex c;

		c.x = (a[i].x * b[i].x - a[i].y * b[i].y) * scale;
		c.y = (a[i].x * b[i].y + a[i].y * b[i].x) * scale;
		a[i] = c;
	}
}

int main()
{
	int count = 0;

	if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
		fprintf(stderr, "no CUDA device\n");
		return EXIT_FAILURE;
	}
	int nGPUs = count > 2 ? 2 : count;
	std::vector<int> whichGPUs(nGPUs);
	for (int i = 0; i < nGPUs; i++)
		whichGPUs[i] = i;

	std::vector<cufftComplex> signal(SIGNAL_SIZE), filter(SIGNAL_SIZE), result(SIGNAL_SIZE);
	srand(39);
	for (int i = 0; i < SIGNAL_SIZE; i++) {
		signal[i].x = rand() / (float)RAND_MAX;
		signal[i].y = 0;
		filter[i].x = i < 9 ? 1.0f / (i + 1) : 0.0f;	// a short kernel, zero padded
		filter[i].y = 0;
	}

	cufftHandle plan;
	size_t worksize[2];
	checkCufft(cufftCreate(&plan));
	checkCufft(cufftXtSetGPUs(plan, nGPUs, whichGPUs.data()));
	checkCufft(cufftMakePlan1d(plan, SIGNAL_SIZE, CUFFT_C2C, 1, worksize));

	cudaLibXtDesc *d_signal, *d_filter;
	checkCufft(cufftXtMalloc(plan, &d_signal, CUFFT_XT_FORMAT_INPLACE));
	checkCufft(cufftXtMalloc(plan, &d_filter, CUFFT_XT_FORMAT_INPLACE));
	checkCufft(cufftXtMemcpy(plan, d_signal, signal.data(), CUFFT_COPY_HOST_TO_DEVICE));
	checkCufft(cufftXtMemcpy(plan, d_filter, filter.data(), CUFFT_COPY_HOST_TO_DEVICE));
	checkCufft(cufftXtExecDescriptorC2C(plan, d_signal, d_signal, CUFFT_FORWARD));
	checkCufft(cufftXtExecDescriptorC2C(plan, d_filter, d_filter, CUFFT_FORWARD));

	for (int i = 0; i < d_signal->descriptor->nGPUs; i++) {
		int part = (int)(d_signal->descriptor->size[i] / sizeof(cufftComplex));

		cudaSetDevice(d_signal->descriptor->GPUs[i]);
		ComplexPointwiseMulAndScale<<<32, 256>>>((cufftComplex *)d_signal->descriptor->data[i],
							 (const cufftComplex *)d_filter->descriptor->data[i], part,
							 1.0f / SIGNAL_SIZE);
	}
	for (int i = 0; i < d_signal->descriptor->nGPUs; i++) {
		cudaSetDevice(d_signal->descriptor->GPUs[i]);
		cudaDeviceSynchronize();
	}
	checkCufft(cufftXtExecDescriptorC2C(plan, d_signal, d_signal, CUFFT_INVERSE));
	checkCufft(cufftXtMemcpy(plan, result.data(), d_signal, CUFFT_COPY_DEVICE_TO_HOST));

	double worst = 0;
	for (int i = 0; i < SIGNAL_SIZE; i++) {
		double re = 0, im = 0;

		for (int j = 0; j < SIGNAL_SIZE; j++) {
			int k = (i - j + SIGNAL_SIZE) % SIGNAL_SIZE;

			re += signal[j].x * filter[k].x - signal[j].y * filter[k].y;
			im += signal[j].x * filter[k].y + signal[j].y * filter[k].x;
		}
		worst = fmax(worst, fabs(re - result[i].x) + fabs(im - result[i].y));
	}
	printf("convolution of %d points on %d GPU(s): max error %.3g\n", SIGNAL_SIZE, nGPUs, worst);

	checkCufft(cufftXtFree(d_signal));
	checkCufft(cufftXtFree(d_filter));
	checkCufft(cufftDestroy(plan));
	bool ok = worst < 1e-4;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
