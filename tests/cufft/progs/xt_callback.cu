// SPDX-License-Identifier: MIT
// cuFFT callbacks as the CUDA samples write them (simpleCUFFT_callback's
// habits): __device__ callbacks, __device__ pointers to them read with
// cudaMemcpyFromSymbol, cufftXtSetCallback with callerInfo in device memory.
// A load callback windows the signal (Hann window from callerInfo), a store
// callback keeps the spectrum's squared magnitude in a real array
// (callerInfo) and writes the complex point scaled by 1/N; on cufftXtMalloc'd
// descriptors (cufftXtMemcpy, cufftXtExecDescriptorC2C), batched and in
// place.  Compared with a direct O(n^2) DFT of the windowed signal in
// double.  Prints PASSED or FAILED.
// Build: idxgen-cc -o xt_callback xt_callback.cu -lcufft
//        nvcc -arch=sm_90 -o xt_callback xt_callback.cu -lcufft_static -lculibos
//        (nvcc: callbacks need the static cuFFT)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cufftXt.h>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                  \
	do {                                                                                   \
		cudaError_t e_ = (call);                                                       \
		if (e_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(e_), __FILE__, \
				__LINE__);                                                     \
			exit(EXIT_FAILURE);                                                    \
		}                                                                              \
	} while (0)
#define checkCufft(call)                                                                       \
	do {                                                                                   \
		cufftResult r_ = (call);                                                       \
		if (r_ != CUFFT_SUCCESS) {                                                     \
			fprintf(stderr, "cuFFT error %d at %s:%d\n", (int)r_, __FILE__, __LINE__); \
			exit(EXIT_FAILURE);                                                    \
		}                                                                              \
	} while (0)

static const int FFT_SIZE = 64;
static const int BATCH = 3;

struct PowerInfo {
	float *power;	// |X[k]|^2 per output point
	float scale;	// applied to the stored point
};

// load: the point times the window's weight (callerInfo: the window, one per point of a row)
static __device__ cufftComplex loadWindowed(void *dataIn, size_t offset, void *callerInfo, void *sharedPtr)
{
	const float *window = (const float *)callerInfo;
	cufftComplex v = ((cufftComplex *)dataIn)[offset];
	float w = window[offset % FFT_SIZE];

	v.x *= w;
	v.y *= w;
	return v;
}

// store: the squared magnitude aside, the point scaled
static __device__ void storePower(void *dataOut, size_t offset, cufftComplex element, void *callerInfo,
				 void *sharedPtr)
{
	PowerInfo *info = (PowerInfo *)callerInfo;

	info->power[offset] = element.x * element.x + element.y * element.y;
	element.x *= info->scale;
	element.y *= info->scale;
	((cufftComplex *)dataOut)[offset] = element;
}

__device__ cufftCallbackLoadC d_loadWindowedPtr = loadWindowed;
__device__ cufftCallbackStoreC d_storePowerPtr = storePower;

int main()
{
	const int total = FFT_SIZE * BATCH;
	std::vector<cufftComplex> h_signal(total), h_result(total);
	std::vector<float> h_window(FFT_SIZE), h_power(total);

	srand(2024);
	for (int i = 0; i < total; i++) {
		h_signal[i].x = rand() / (float)RAND_MAX - 0.5f;
		h_signal[i].y = rand() / (float)RAND_MAX - 0.5f;
	}
	for (int i = 0; i < FFT_SIZE; i++)
		h_window[i] = 0.5f - 0.5f * cosf(2.0f * (float)M_PI * i / (FFT_SIZE - 1));

	float *d_window, *d_power;
	PowerInfo *d_info;
	checkCudaErrors(cudaMalloc((void **)&d_window, sizeof(float) * FFT_SIZE));
	checkCudaErrors(cudaMalloc((void **)&d_power, sizeof(float) * total));
	checkCudaErrors(cudaMalloc((void **)&d_info, sizeof(PowerInfo)));
	checkCudaErrors(cudaMemcpy(d_window, h_window.data(), sizeof(float) * FFT_SIZE, cudaMemcpyHostToDevice));
	PowerInfo h_info = {d_power, 1.0f / FFT_SIZE};
	checkCudaErrors(cudaMemcpy(d_info, &h_info, sizeof(PowerInfo), cudaMemcpyHostToDevice));

	cufftHandle plan;
	checkCufft(cufftCreate(&plan));
	int dev = 0;
	checkCufft(cufftXtSetGPUs(plan, 1, &dev));
	size_t workSize = 0;
	checkCufft(cufftMakePlan1d(plan, FFT_SIZE, CUFFT_C2C, BATCH, &workSize));

	// the host copies of the device pointers to the callbacks
	cufftCallbackLoadC h_loadPtr;
	cufftCallbackStoreC h_storePtr;
	checkCudaErrors(cudaMemcpyFromSymbol(&h_loadPtr, d_loadWindowedPtr, sizeof(h_loadPtr)));
	checkCudaErrors(cudaMemcpyFromSymbol(&h_storePtr, d_storePowerPtr, sizeof(h_storePtr)));
	checkCufft(cufftXtSetCallback(plan, (void **)&h_loadPtr, CUFFT_CB_LD_COMPLEX, (void **)&d_window));
	checkCufft(cufftXtSetCallback(plan, (void **)&h_storePtr, CUFFT_CB_ST_COMPLEX, (void **)&d_info));

	cudaLibXtDesc *d_data;
	checkCufft(cufftXtMalloc(plan, &d_data, CUFFT_XT_FORMAT_INPLACE));
	checkCufft(cufftXtMemcpy(plan, d_data, h_signal.data(), CUFFT_COPY_HOST_TO_DEVICE));
	checkCufft(cufftXtExecDescriptorC2C(plan, d_data, d_data, CUFFT_FORWARD));
	checkCufft(cufftXtMemcpy(plan, h_result.data(), d_data, CUFFT_COPY_DEVICE_TO_HOST));
	checkCudaErrors(cudaMemcpy(h_power.data(), d_power, sizeof(float) * total, cudaMemcpyDeviceToHost));

	// the direct DFT of the windowed signal, in double
	double worst = 0, worst_power = 0;
	for (int b = 0; b < BATCH; b++)
		for (int k = 0; k < FFT_SIZE; k++) {
			double re = 0, im = 0;
			for (int j = 0; j < FFT_SIZE; j++) {
				const cufftComplex &s = h_signal[b * FFT_SIZE + j];
				double w = h_window[j], ph = -2.0 * M_PI * (double)((long)j * k % FFT_SIZE) / FFT_SIZE;
				re += w * (s.x * cos(ph) - s.y * sin(ph));
				im += w * (s.x * sin(ph) + s.y * cos(ph));
			}
			const cufftComplex &g = h_result[b * FFT_SIZE + k];
			worst = fmax(worst, fabs(g.x - re / FFT_SIZE) + fabs(g.y - im / FFT_SIZE));
			worst_power = fmax(worst_power, fabs(h_power[b * FFT_SIZE + k] - (re * re + im * im)));
		}
	bool ok = worst < 1e-5 && worst_power < 1e-3;
	printf("max error of X[k]/N %.3g, of |X[k]|^2 %.3g\n", worst, worst_power);

	checkCufft(cufftXtFree(d_data));
	checkCufft(cufftDestroy(plan));
	checkCudaErrors(cudaFree(d_window));
	checkCudaErrors(cudaFree(d_power));
	checkCudaErrors(cudaFree(d_info));
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
